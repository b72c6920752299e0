"""Logging: --log-level and --log-requests. The server logs to stderr; one info line per
DynamoDB request with operation, table, HTTP status, error type and latency."""

import re
import subprocess
import time

import pytest

from mtutil import create_table, expect_error, free_port, make_client, monotable_bin, unique_name

REQUEST_LINE = re.compile(r"request op=(\S+) table=(\S+) status=(\d+) error=(\S+) latency_us=(\d+)")


def request_lines(srv, wait_for, timeout=5.0):
    """The parsed request log lines, once `wait_for` of them have been written."""
    deadline = time.monotonic() + timeout
    while True:
        lines = REQUEST_LINE.findall(srv.stderr_text())
        if len(lines) >= wait_for or time.monotonic() > deadline:
            return lines
        time.sleep(0.05)


def test_request_log_lines(server_factory):
    srv = server_factory(in_memory=True, extra=["--log-level", "debug", "--log-requests"])
    c = make_client(srv.endpoint)
    table = unique_name("logged")
    create_table(c, table, range_type=None)
    c.put_item(TableName=table, Item={"PK": {"S": "k"}})
    missing = unique_name("missing")
    expect_error(c.get_item, "ResourceNotFoundException", Key={"PK": {"S": "k"}},
                 TableName=missing)

    lines = request_lines(srv, wait_for=3)
    assert ("CreateTable", table, "200", "-") in [line[:4] for line in lines], lines
    put = [line for line in lines if line[0] == "PutItem"]
    assert len(put) == 1, lines
    assert put[0][1:4] == (table, "200", "-"), put
    get = [line for line in lines if line[0] == "GetItem"]
    assert len(get) == 1, lines
    assert get[0][1:4] == (missing, "400", "ResourceNotFoundException"), get
    assert all(int(line[4]) >= 0 for line in lines)
    # Health checks (GET /) are not DynamoDB requests: no request line for them.
    assert len(lines) == 3, lines
    # Startup is logged at info, so it shows at debug too.
    assert "monotable listening on" in srv.stderr_text()


def test_requests_not_logged_by_default(server_factory):
    srv = server_factory(in_memory=True)
    c = make_client(srv.endpoint)
    c.list_tables()
    text = srv.stderr_text()
    assert "monotable listening on" in text, text
    assert not REQUEST_LINE.search(text), text


def test_log_level_off_is_silent(server_factory):
    srv = server_factory(in_memory=True, extra=["--log-level", "off", "--log-requests"])
    make_client(srv.endpoint).list_tables()
    assert srv.stderr_text() == ""


def test_bogus_log_level_fails_at_start():
    proc = subprocess.run([monotable_bin(), "--in-memory", "--port", str(free_port()),
                           "--log-level", "bogus"],
                          capture_output=True, text=True, timeout=10, stdin=subprocess.DEVNULL)
    assert proc.returncode == 2, (proc.returncode, proc.stderr)
    assert ("invalid value 'bogus' for --log-level "
            "(expected trace, debug, info, warn, error or off)") in proc.stderr, proc.stderr


@pytest.mark.parametrize("level", ["warn", "error"])
def test_levels_above_info_hide_startup(server_factory, level):
    srv = server_factory(in_memory=True, extra=["--log-level", level, "--log-requests"])
    make_client(srv.endpoint).list_tables()
    text = srv.stderr_text()
    assert "monotable listening on" not in text, text
    assert not REQUEST_LINE.search(text), text
