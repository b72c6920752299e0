"""Fixtures for monotable's integration tests.

The tests drive the real server binary over HTTP with boto3, the AWS CLI and raw
http.client requests. The binary comes from $MONOTABLE_BIN, or <repo>/build/monotable.

Fixtures (helpers that are not fixtures live in mtutil.py):
  server          session-scoped server (persistent --db-path in a temp dir), shared by
                  most tests; every test uses its own uniquely named tables.
  ddb             boto3 DynamoDB client for `server` (access key AKIDTEST, us-east-1),
                  with client-side parameter validation off so the *server* validates.
  server_factory  starts dedicated servers (restart / persistence / flag tests) and
                  stops whatever it started at the end of the test.
  aws_cli         runs the AWS CLI against `server`: aws_cli('describe-table', ...)
                  -> (returncode, parsed JSON or stderr text).
  raw             raw HTTP POSTs to `server` (no boto3 in the way).
  table           a fresh PK/SK (S, S) provisioned table, hash_table a hash-only one.

mtutil: make_client() (boto3 client for any endpoint / access key / region),
unique_name() (a fresh valid table name), expect_error() (a boto3 call that must fail
with a given code, exact message and HTTP 400), raw_post(), ServerProcess.
"""

import json
import os
import shutil
import subprocess
import uuid

import pytest

from mtutil import (ACCESS_KEY, REGION, SECRET_KEY, ServerProcess, create_table,
                    delete_table_quietly, free_port, make_client, monotable_bin,
                    raw_post, server_args, start_on_free_port, unique_name)


# ---------------------------------------------------------------------------- fixtures

def start_with_fresh_port(make_args, log_dir, attempts=3, ca_file=None):
    """mtutil.start_on_free_port, failing the test with the server's stderr."""
    try:
        return start_on_free_port(make_args, log_dir, attempts, ca_file)
    except RuntimeError as e:
        pytest.fail(str(e), pytrace=False)


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    """The shared server for the whole session, with a persistent data directory."""
    base = tmp_path_factory.mktemp("shared-server")
    srv = start_with_fresh_port(lambda port: server_args(port, db_path=base / "db"),
                                base / "logs")
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def endpoint(server):
    return server.endpoint


@pytest.fixture(scope="session")
def ddb(server):
    return make_client(server.endpoint)


@pytest.fixture
def table(ddb):
    """A fresh PK/SK (both S) provisioned table; deleted after the test."""
    name = unique_name("items")
    create_table(ddb, name)
    yield name
    delete_table_quietly(ddb, name)


@pytest.fixture
def hash_table(ddb):
    """A fresh hash-only (PK S) on-demand table; deleted after the test."""
    name = unique_name("hash")
    create_table(ddb, name, range_type=None, billing="PAY_PER_REQUEST")
    yield name
    delete_table_quietly(ddb, name)


@pytest.fixture
def raw(server):
    """raw(target, body, auth=True, headers=None) against the shared server."""
    def call(target=None, body=b"{}", **kwargs):
        return raw_post(server.port, target, body, **kwargs)
    return call


@pytest.fixture
def server_factory(tmp_path):
    """start(...) -> ServerProcess (already answering GET /). Arguments:
    db_path / in_memory / shared_db / extra (more flags), or args=[...] for a full
    argument list after the binary (pass its port=... too). A failed start fails the
    test with the server's stderr. ca_file: the server serves HTTPS with a certificate
    this file trusts. Stops all at teardown."""
    started = []

    def start(db_path=None, in_memory=False, shared_db=False, extra=(), args=None,
              port=None, ca_file=None):
        if args is None and port is None:
            if db_path is None and not in_memory:
                db_path = tmp_path / f"db-{uuid.uuid4().hex[:8]}"
            srv = start_with_fresh_port(
                lambda p: server_args(p, db_path=db_path, in_memory=in_memory,
                                      shared_db=shared_db, extra=extra),
                tmp_path / "logs", ca_file=ca_file)
            started.append(srv)
            return srv
        port = port or free_port()
        if args is None:
            argv = server_args(port, db_path=db_path, in_memory=in_memory,
                               shared_db=shared_db, extra=extra)
        else:
            argv = [monotable_bin()] + list(args)
        srv = ServerProcess(argv, port, tmp_path / "logs", ca_file=ca_file)
        started.append(srv)
        try:
            srv.wait_ready()
        except RuntimeError as e:
            pytest.fail(str(e), pytrace=False)
        return srv

    yield start
    for srv in started:
        srv.stop()


@pytest.fixture(scope="session")
def aws_cli_env(tmp_path_factory):
    """Environment for the AWS CLI: fixed credentials, no config/credential files, no
    pager, nothing inherited that could redirect it elsewhere. $MONOTABLE_AWS_CLI (CTest
    sets it to the pinned CLI of the tests' virtual environment, tests/python) comes
    first on its PATH, so that every test runs that CLI, whatever else the machine has."""
    d = tmp_path_factory.mktemp("awscli")
    (d / "config").write_text("")
    (d / "credentials").write_text("")
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("AWS_") and k not in ("HTTP_PROXY", "HTTPS_PROXY",
                                                      "http_proxy", "https_proxy")}
    env.update({
        "AWS_ACCESS_KEY_ID": ACCESS_KEY,
        "AWS_SECRET_ACCESS_KEY": SECRET_KEY,
        "AWS_DEFAULT_REGION": REGION,
        "AWS_PAGER": "",
        "AWS_CONFIG_FILE": str(d / "config"),
        "AWS_SHARED_CREDENTIALS_FILE": str(d / "credentials"),
        "AWS_EC2_METADATA_DISABLED": "true",
        "NO_PROXY": "127.0.0.1,localhost",
    })
    pinned = os.environ.get("MONOTABLE_AWS_CLI")
    if pinned:
        env["PATH"] = os.path.dirname(pinned) + os.pathsep + env.get("PATH", "")
    return env


@pytest.fixture(scope="session")
def aws_cli(server, aws_cli_env):
    """aws_cli('create-table', '--table-name', 'x', ...) runs
    `aws --endpoint-url <server> dynamodb ... --output json`; returns (rc, result) where
    result is the parsed JSON output (None if empty) on success, stderr text on failure."""
    exe = shutil.which("aws", path=aws_cli_env.get("PATH"))
    if exe is None:
        pytest.fail("the AWS CLI (aws) is not on PATH", pytrace=False)

    def run(*args, timeout=60):
        cmd = [exe, "--endpoint-url", server.endpoint, "dynamodb", *args, "--output", "json"]
        proc = subprocess.run(cmd, env=aws_cli_env, capture_output=True, text=True,
                              timeout=timeout, stdin=subprocess.DEVNULL)
        if proc.returncode != 0:
            return proc.returncode, proc.stderr
        out = proc.stdout.strip()
        return proc.returncode, (json.loads(out) if out else None)

    return run
