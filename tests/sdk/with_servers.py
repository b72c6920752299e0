#!/usr/bin/env python3
"""Runs one SDK's scenario (tests/sdk/README.md) against two real monotable servers.

  tests/sdk/with_servers.py COMMAND [ARG...]

Starts $MONOTABLE_BIN (or <repo>/build/monotable) twice on free loopback ports, in
memory: the default server, whose endpoint COMMAND gets as $MONOTABLE_ENDPOINT, and one
with `--throughput enforce` ($MONOTABLE_THROTTLED_ENDPOINT, step 8). Runs COMMAND with
those variables, fixed test credentials and no AWS configuration inherited from the
machine, stops both servers and exits with COMMAND's exit code (77 included: CTest's
skip). A server that does not start fails the run with its stderr. The servers' logs
go to a temporary directory, printed when COMMAND fails.
"""

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "integration"))
import pytest  # noqa: E402  (mtutil reports a missing binary as pytest.fail)
from mtutil import ACCESS_KEY, REGION, SECRET_KEY, server_args, start_on_free_port  # noqa: E402


def client_environment(default, throttled):
    """The environment of COMMAND: the machine's, less anything that could send an SDK
    elsewhere or give it other credentials."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("AWS_") and k.lower() not in ("http_proxy", "https_proxy")}
    env.update({
        "MONOTABLE_ENDPOINT": default.endpoint,
        "MONOTABLE_THROTTLED_ENDPOINT": throttled.endpoint,
        "AWS_ACCESS_KEY_ID": ACCESS_KEY,
        "AWS_SECRET_ACCESS_KEY": SECRET_KEY,
        "AWS_REGION": REGION,
        "AWS_DEFAULT_REGION": REGION,
        "AWS_EC2_METADATA_DISABLED": "true",
        "AWS_CONFIG_FILE": os.devnull,
        "AWS_SHARED_CREDENTIALS_FILE": os.devnull,
        "NO_PROXY": "127.0.0.1,localhost",
    })
    return env


def main(command):
    if not command:
        sys.exit(__doc__)
    logs = Path(tempfile.mkdtemp(prefix="monotable-sdk-"))
    servers = []
    try:
        for extra in ([], ["--throughput", "enforce"]):
            servers.append(start_on_free_port(
                lambda port, extra=extra: server_args(port, in_memory=True, extra=extra),
                logs))
        code = subprocess.run(command, env=client_environment(*servers)).returncode
    except (RuntimeError, pytest.fail.Exception) as e:
        print(f"with_servers.py: {e}", file=sys.stderr)
        code = 1
    finally:
        for srv in servers:
            srv.stop()
    if code not in (0, 77):
        for srv in servers:
            print(f"--- {' '.join(srv.args)} (stderr, last 4000 characters)\n"
                  f"{srv.stderr_text()[-4000:]}", file=sys.stderr)
    shutil.rmtree(logs, ignore_errors=True)
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
