"""Helpers shared by monotable's integration tests (the fixtures are in conftest.py):
server processes, boto3 clients, raw HTTP requests and error assertions."""

import contextlib
import http.client
import json
import os
import signal
import socket
import ssl
import subprocess
import time
import uuid
from pathlib import Path

import boto3
import botocore.config
import pytest
from botocore.exceptions import ClientError

REPO_ROOT = Path(__file__).resolve().parents[2]
ACCESS_KEY = "AKIDTEST"
SECRET_KEY = "secret"
REGION = "us-east-1"
# Sanitizer builds (tests/tsan.sh) start and stop several times slower: they raise these.
START_TIMEOUT = float(os.environ.get("MONOTABLE_START_TIMEOUT", "10"))
STOP_TIMEOUT = float(os.environ.get("MONOTABLE_STOP_TIMEOUT", "10"))
# Good enough for a server that does not verify signatures (monotable's default).
FAKE_AUTH = ("AWS4-HMAC-SHA256 Credential=AKIDTEST/20250101/us-east-1/dynamodb/aws4_request, "
             "SignedHeaders=host, Signature=abc")


def monotable_bin():
    """Path of the server binary; fails the test with a clear message if it is absent."""
    path = Path(os.environ.get("MONOTABLE_BIN") or REPO_ROOT / "build" / "monotable")
    if not path.is_file() or not os.access(path, os.X_OK):
        pytest.fail(f"monotable binary not found or not executable: {path} "
                    "(build it, or set MONOTABLE_BIN)", pytrace=False)
    return str(path)


def free_port():
    """A loopback port that was free a moment ago (bind port 0, read it, release it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def unique_name(prefix="t"):
    """A valid, unique table name ([a-zA-Z0-9_.-], 3..255 characters)."""
    return f"{prefix}-{uuid.uuid4().hex[:16]}"


def health_status(port, timeout=0.5, ca_file=None):
    """HTTP status of GET / on the server, or None if it does not answer. With
    `ca_file`, over HTTPS, trusting that certificate."""
    if ca_file is None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    else:
        context = ssl.create_default_context(cafile=str(ca_file))
        conn = http.client.HTTPSConnection("127.0.0.1", port, timeout=timeout, context=context)
    try:
        conn.request("GET", "/")
        resp = conn.getresponse()
        resp.read()
        return resp.status
    except OSError:
        return None
    finally:
        conn.close()


class ServerProcess:
    """One monotable process; stdout/stderr go to files (no pipe can fill up)."""

    def __init__(self, args, port, log_dir, ca_file=None):
        self.args = list(args)
        self.port = port
        self.ca_file = ca_file  # serving HTTPS with a certificate this file trusts
        self.endpoint = f"{'https' if ca_file else 'http'}://127.0.0.1:{port}"
        log_dir = Path(log_dir)
        log_dir.mkdir(parents=True, exist_ok=True)
        tag = uuid.uuid4().hex[:8]
        self.stdout_path = log_dir / f"monotable-{port}-{tag}.out"
        self.stderr_path = log_dir / f"monotable-{port}-{tag}.err"
        self._out = open(self.stdout_path, "wb")
        self._err = open(self.stderr_path, "wb")
        self.proc = subprocess.Popen(self.args, stdin=subprocess.DEVNULL,
                                     stdout=self._out, stderr=self._err)
        self.returncode = None

    def stderr_text(self):
        if not self._err.closed:
            self._err.flush()
        return self.stderr_path.read_text(errors="replace")

    def stdout_text(self):
        if not self._out.closed:
            self._out.flush()
        return self.stdout_path.read_text(errors="replace")

    def wait_ready(self, timeout=START_TIMEOUT):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(
                    f"monotable exited with code {self.proc.returncode} during startup\n"
                    f"command: {self.args}\nstderr:\n{self.stderr_text()[-4000:]}")
            if health_status(self.port, ca_file=self.ca_file) == 200:
                return
            time.sleep(0.05)
        self.stop(signal.SIGKILL)
        raise RuntimeError(f"monotable did not answer GET / with 200 within {timeout}s\n"
                           f"command: {self.args}\nstderr:\n{self.stderr_text()[-4000:]}")

    def stop(self, sig=signal.SIGTERM, timeout=STOP_TIMEOUT):
        """Sends `sig`, waits up to `timeout` s, kills if needed. Returns the exit code
        (negative: killed by that signal; None if it had to be killed after the timeout)."""
        if self.proc.poll() is None:
            try:
                self.proc.send_signal(sig)
            except ProcessLookupError:
                pass
            try:
                self.proc.wait(timeout=timeout)
                self.returncode = self.proc.returncode
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
                self.returncode = None
        elif self.returncode is None:
            self.returncode = self.proc.returncode
        for f in (self._out, self._err):
            if not f.closed:
                f.close()
        return self.returncode


def start_on_free_port(make_args, log_dir, attempts=3, ca_file=None):
    """Starts a server on a free port, trying another port if startup fails (another
    process may grab the port between free_port() and the server's bind). make_args(port)
    gives the command line. Raises RuntimeError (with the server's stderr) when no
    attempt answers GET /."""
    error = None
    for _ in range(attempts):
        port = free_port()
        srv = ServerProcess(make_args(port), port, log_dir, ca_file=ca_file)
        try:
            srv.wait_ready()
            return srv
        except RuntimeError as e:
            exited = srv.proc.poll() is not None
            srv.stop()
            error = e
            if not exited:  # it hung rather than failed to bind: no point in retrying
                break
    raise error


def server_args(port, db_path=None, in_memory=False, shared_db=False, extra=()):
    args = [monotable_bin(), "--port", str(port)]
    if in_memory:
        args.append("--in-memory")
    if db_path is not None:
        args += ["--db-path", str(db_path)]
    if shared_db:
        args.append("--shared-db")
    args += list(extra)
    return args


def make_client(endpoint, access_key=ACCESS_KEY, region=REGION, secret_key=SECRET_KEY,
                service="dynamodb"):
    """boto3 low-level client of `service` (dynamodb or dynamodbstreams); no client-side
    validation and no retries, so every request reaches the server exactly once."""
    return boto3.client(
        service,
        endpoint_url=endpoint,
        region_name=region,
        aws_access_key_id=access_key,
        aws_secret_access_key=secret_key,
        config=botocore.config.Config(parameter_validation=False,
                                      retries={"max_attempts": 1},
                                      connect_timeout=5, read_timeout=60),
    )


def expect_error(fn, code, message=None, match=None, **kwargs):
    """Calls fn(**kwargs), which must fail with an HTTP 400 error whose code (the part of
    __type after '#') is `code`; `message` must equal the message exactly, `match` be a
    substring of it. Returns botocore's Error dict."""
    with pytest.raises(ClientError) as excinfo:
        fn(**kwargs)
    resp = excinfo.value.response
    err = resp["Error"]
    assert err.get("Code") == code, f"expected {code}, got {err}"
    if message is not None:
        assert err.get("Message") == message, f"message mismatch: {err.get('Message')!r}"
    if match is not None:
        assert match in (err.get("Message") or ""), f"{match!r} not in {err.get('Message')!r}"
    assert resp["ResponseMetadata"]["HTTPStatusCode"] == 400, resp["ResponseMetadata"]
    return err


CANCELED = "TransactionCanceledException"


def cancel_message(*codes):
    return ("Transaction cancelled, please refer cancellation reasons for specific "
            f"reasons [{', '.join(codes)}]")


def cancelled(fn, **kwargs):
    """Calls fn, which must fail with TransactionCanceledException; returns the reasons
    as boto3 exposes them, after checking the message lists their codes."""
    with pytest.raises(ClientError) as excinfo:
        fn(**kwargs)
    resp = excinfo.value.response
    assert resp["Error"]["Code"] == CANCELED, resp["Error"]
    assert resp["ResponseMetadata"]["HTTPStatusCode"] == 400
    reasons = resp["CancellationReasons"]
    assert resp["Error"]["Message"] == cancel_message(*[r["Code"] for r in reasons])
    return reasons


def create_table(client, name=None, hash_type="S", range_type="S", billing="PROVISIONED",
                 rcu=5, wcu=5, hash_name="PK", range_name="SK"):
    """Creates a table (range key optional: range_type=None) and returns the response."""
    name = name or unique_name()
    attrs = [{"AttributeName": hash_name, "AttributeType": hash_type}]
    keys = [{"AttributeName": hash_name, "KeyType": "HASH"}]
    if range_type:
        attrs.append({"AttributeName": range_name, "AttributeType": range_type})
        keys.append({"AttributeName": range_name, "KeyType": "RANGE"})
    kwargs = dict(TableName=name, AttributeDefinitions=attrs, KeySchema=keys)
    if billing == "PAY_PER_REQUEST":
        kwargs["BillingMode"] = "PAY_PER_REQUEST"
    else:
        kwargs["ProvisionedThroughput"] = {"ReadCapacityUnits": rcu, "WriteCapacityUnits": wcu}
    return client.create_table(**kwargs)


def key_schema(hash_name, range_name=None):
    keys = [{"AttributeName": hash_name, "KeyType": "HASH"}]
    if range_name:
        keys.append({"AttributeName": range_name, "KeyType": "RANGE"})
    return keys


def index_spec(name, hash_name, range_name=None, projection="ALL", non_key=None,
               throughput=None):
    """A GlobalSecondaryIndexes / LocalSecondaryIndexes element of CreateTable."""
    spec = {"IndexName": name, "KeySchema": key_schema(hash_name, range_name),
            "Projection": {"ProjectionType": projection}}
    if non_key:
        spec["Projection"]["NonKeyAttributes"] = list(non_key)
    if throughput:
        spec["ProvisionedThroughput"] = {"ReadCapacityUnits": throughput[0],
                                         "WriteCapacityUnits": throughput[1]}
    return spec


def create_indexed_table(client, name, attributes, hash_name="PK", range_name="SK", gsis=(),
                         lsis=(), throughput=None):
    """Creates a table with secondary indexes; `attributes` maps every key attribute (of
    the table and its indexes) to its type. On-demand unless `throughput` (r, w)."""
    kwargs = dict(TableName=name, KeySchema=key_schema(hash_name, range_name),
                  AttributeDefinitions=[{"AttributeName": a, "AttributeType": t}
                                        for a, t in attributes.items()])
    if gsis:
        kwargs["GlobalSecondaryIndexes"] = list(gsis)
    if lsis:
        kwargs["LocalSecondaryIndexes"] = list(lsis)
    if throughput:
        kwargs["ProvisionedThroughput"] = {"ReadCapacityUnits": throughput[0],
                                           "WriteCapacityUnits": throughput[1]}
    else:
        kwargs["BillingMode"] = "PAY_PER_REQUEST"
    return client.create_table(**kwargs)


def delete_table_quietly(client, name):
    try:
        client.delete_table(TableName=name)
    except Exception:  # cleanup only: the table may be gone or the server down
        pass


# ---------------------------------------------------------------------------- raw HTTP

class RawResponse:
    def __init__(self, status, headers, body):
        self.status = status
        self.headers = headers  # lower-cased names
        self.body = body

    def json(self):
        return json.loads(self.body.decode("utf-8"))

    def error_type(self):
        """The part of __type after '#'."""
        return self.json().get("__type", "").split("#")[-1]


def raw_post(port, target=None, body=b"{}", auth=True, headers=None, timeout=30):
    """POST / with the DynamoDB JSON 1.0 protocol headers. body: bytes, str or a dict
    (JSON-encoded). target: the operation name ('ListTables') or a full X-Amz-Target."""
    if isinstance(body, (dict, list)):
        body = json.dumps(body).encode()
    elif isinstance(body, str):
        body = body.encode()
    hdrs = {"Content-Type": "application/x-amz-json-1.0",
            "X-Amz-Date": "20250101T000000Z"}
    if target is not None:
        hdrs["X-Amz-Target"] = target if "." in target else f"DynamoDB_20120810.{target}"
    if auth:
        hdrs["Authorization"] = FAKE_AUTH
    hdrs.update(headers or {})
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("POST", "/", body=body, headers=hdrs)
        resp = conn.getresponse()
        data = resp.read()
        return RawResponse(resp.status, {k.lower(): v for k, v in resp.getheaders()}, data)
    finally:
        conn.close()


def http_get(port, path, method="GET", headers=None):
    """(status, headers, body text) of a GET (or HEAD) on the server's own HTTP paths:
    the health check, /metrics, /monotable/...."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request(method, path, headers=headers or {})
        resp = conn.getresponse()
        return resp.status, dict(resp.getheaders()), resp.read().decode()
    finally:
        conn.close()


def get_json(port, path):
    """(status, parsed body) of a GET on one of the server's JSON views."""
    status, _, body = http_get(port, path)
    return status, json.loads(body)

# --------------------------------------------------------------- attribute value builders
# Low-level AttributeValues and PK/SK keys, shared by the expression tests.

CCF = "ConditionalCheckFailedException"
CCF_MESSAGE = "The conditional request failed"
VALIDATION = "ValidationException"
INVALID = "One or more parameter values were invalid: "


def k(pk, sk="s"):
    return {"PK": {"S": pk}, "SK": {"S": sk}}


def S(v):
    return {"S": v}


def N(v):
    return {"N": v}


def B(v):
    return {"B": v}


def L(*items):
    return {"L": list(items)}


def M(**fields):
    return {"M": fields}


def statements(*texts):
    """PartiQL statements without parameters, as BatchExecuteStatement's Statements
    and ExecuteTransaction's TransactStatements list them."""
    return [{"Statement": t} for t in texts]


def put_holds(ddb, **put_kwargs):
    """Whether a PutItem's condition held: True when it succeeded, False when it failed
    with ConditionalCheckFailedException (whose message is checked); other errors raise."""
    try:
        ddb.put_item(**put_kwargs)
        return True
    except ClientError as e:
        err = e.response["Error"]
        if err.get("Code") == CCF:
            assert err.get("Message") == CCF_MESSAGE
            return False
        raise


# ------------------------------------------------------------------ Query / Scan helpers

def put_items(client, table, items):
    for item in items:
        client.put_item(TableName=table, Item=item)


def canon(value):
    """An item or AttributeValue with the members of SS/NS/BS sorted (DynamoDB does not
    keep a set's order), so stored and returned items compare with ==."""
    if isinstance(value, dict):
        out = {}
        for key, v in value.items():
            if key in ("SS", "NS", "BS") and isinstance(v, list):
                out[key] = sorted(v)
            else:
                out[key] = canon(v)
        return out
    if isinstance(value, list):
        return [canon(v) for v in value]
    return value


def follow_pages(call, max_pages=2000, **kwargs):
    """Calls call(**kwargs), then again with ExclusiveStartKey = the LastEvaluatedKey,
    until a response has none. Returns the responses (a repeated LastEvaluatedKey, which
    would loop forever, fails the test)."""
    responses, seen, start = [], set(), None
    for _ in range(max_pages):
        kw = dict(kwargs)
        if start is not None:
            kw["ExclusiveStartKey"] = start
        resp = call(**kw)
        responses.append(resp)
        start = resp.get("LastEvaluatedKey")
        if start is None:
            return responses
        marker = repr(sorted(start.items()))
        assert marker not in seen, f"LastEvaluatedKey repeated: {start}"
        seen.add(marker)
    raise AssertionError(f"no last page after {max_pages} pages")


def page_items(responses):
    """The Items of all responses, concatenated."""
    return [item for resp in responses for item in resp.get("Items", [])]


@contextlib.contextmanager
def loaded_table(ddb, prefix, items, **create_kwargs):
    """A fresh table (create_table's keyword arguments) holding `items`; deleted on exit."""
    name = unique_name(prefix)
    create_table(ddb, name, **create_kwargs)
    put_items(ddb, name, items)
    try:
        yield name
    finally:
        delete_table_quietly(ddb, name)


def poll(fn, timeout=20, interval=0.1):
    """fn()'s first truthy value, asked every `interval` s; fails after `timeout` s
    (bounded polls for what lags: eventually consistent reads, GSIs)."""
    deadline = time.monotonic() + timeout
    while True:
        value = fn()
        if value:
            return value
        assert time.monotonic() < deadline, f"still not seen after {timeout} s"
        time.sleep(interval)
