"""A pytest plugin that records the bytes every test sends over http.client (boto3
through urllib3, and the tests' raw requests), one file per connection, into
$MONOTABLE_CAPTURE_DIR. Used by fuzz/capture_seeds.py; not part of the test suite."""

import http.client
import itertools
import os
from pathlib import Path

_OUT = Path(os.environ["MONOTABLE_CAPTURE_DIR"])
_OUT.mkdir(parents=True, exist_ok=True)
_numbers = itertools.count()
_original_send = http.client.HTTPConnection.send


def _recording_send(self, data):
    path = getattr(self, "_monotable_capture", None)
    if path is None:
        path = _OUT / f"{os.getpid()}-{next(_numbers)}.http"
        self._monotable_capture = path
    chunk = data if isinstance(data, bytes) else (
        data.encode() if isinstance(data, str) else bytes(data))
    with open(path, "ab") as f:
        f.write(chunk)
    return _original_send(self, data)


http.client.HTTPConnection.send = _recording_send
