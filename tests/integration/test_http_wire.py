"""The HTTP/1.x wire behaviour of the server, byte by byte over raw sockets: keep-alive
and close (HTTP/1.1, HTTP/1.0, `Connection: close`), pipelining, the health check
(GET / HEAD), OPTIONS and CORS headers, unknown methods, and the response headers
DynamoDB clients check (Content-Length, x-amz-crc32 over large bodies)."""

import json
import zlib

import pytest

from raw_http import Connection, dynamodb_request, plain_request

HEALTH_BODY = b"healthy: dynamodb.us-east-1.amazonaws.com "


@pytest.fixture
def conn(server):
    c = Connection(server.port)
    yield c
    c.close()


def check_dynamodb_headers(resp):
    assert resp.headers["content-type"] == "application/x-amz-json-1.0"
    assert resp.headers["server"] == "monotable"
    assert len(resp.headers["x-amzn-requestid"]) == 52
    assert int(resp.headers["x-amz-crc32"]) == zlib.crc32(resp.body)
    assert int(resp.headers["content-length"]) == len(resp.body)


def test_keep_alive_serves_many_requests_on_one_connection(conn):
    ids = set()
    for _ in range(3):
        conn.send(dynamodb_request("ListTables", {"Limit": 1}))
        resp = conn.read_response()
        assert resp.status_line == b"HTTP/1.1 200 OK"
        check_dynamodb_headers(resp)
        assert "connection" not in resp.headers  # HTTP/1.1 keeps the connection by default
        ids.add(resp.headers["x-amzn-requestid"])
    assert len(ids) == 3


def test_pipelined_requests_are_answered_in_order(conn):
    conn.send(plain_request("GET") + dynamodb_request("ListTables", {"Limit": 1}) +
              plain_request("GET"))
    first, second, third = (conn.read_response() for _ in range(3))
    assert first.body == HEALTH_BODY and third.body == HEALTH_BODY
    assert second.status == 200 and "TableNames" in json.loads(second.body)


def test_connection_close_is_honoured(conn):
    conn.send(dynamodb_request("ListTables", {"Limit": 1}, extra_headers=["Connection: close"]))
    resp = conn.read_response()
    assert resp.status == 200
    check_dynamodb_headers(resp)
    assert resp.headers["connection"] == "close"
    assert conn.closed_by_server()


def test_http_1_0_closes_unless_keep_alive_is_asked(server):
    c = Connection(server.port)
    try:
        c.send(dynamodb_request("ListTables", {"Limit": 1}, version="HTTP/1.0"))
        resp = c.read_response()
        assert resp.status_line == b"HTTP/1.0 200 OK"
        check_dynamodb_headers(resp)
        assert resp.headers.get("connection", "close") == "close"
        assert c.closed_by_server()
    finally:
        c.close()

    c = Connection(server.port)
    try:
        for _ in range(2):
            c.send(plain_request("GET", version="HTTP/1.0",
                                 extra_headers=["Connection: keep-alive"]))
            resp = c.read_response()
            assert resp.status_line == b"HTTP/1.0 200 OK"
            assert resp.headers["connection"] == "keep-alive"
            assert resp.body == HEALTH_BODY
    finally:
        c.close()


def test_health_check_get_and_head(conn):
    conn.send(plain_request("GET"))
    resp = conn.read_response()
    assert resp.status == 200
    assert resp.headers["content-type"] == "text/plain"
    assert resp.body == HEALTH_BODY
    # HEAD: the same headers, no body; the next response on the connection must not
    # be preceded by stray body bytes.
    conn.send(plain_request("HEAD"))
    head = conn.read_response(head_request=True)
    assert head.status == 200
    assert int(head.headers["content-length"]) == len(HEALTH_BODY)
    conn.send(plain_request("GET"))
    again = conn.read_response()
    assert again.status_line == b"HTTP/1.1 200 OK" and again.body == HEALTH_BODY


def test_unknown_method_is_an_unknown_operation(conn):
    conn.send(plain_request("PUT", extra_headers=["Content-Length: 0"]))
    resp = conn.read_response()
    assert resp.status == 400
    check_dynamodb_headers(resp)
    assert json.loads(resp.body)["__type"].endswith("#UnknownOperationException")
    conn.send(plain_request("GET"))  # the connection stays usable
    assert conn.read_response().body == HEALTH_BODY


def test_options_without_cors_configured(conn):
    conn.send(plain_request("OPTIONS", extra_headers=["Origin: http://app.example"]))
    resp = conn.read_response()
    assert resp.status == 200
    assert resp.headers["content-length"] == "0"
    assert not any(h.startswith("access-control-") for h in resp.headers)


def test_cors_headers_for_allowed_origins_only(server_factory):
    cors_server = server_factory(in_memory=True,
                                 extra=["--cors", "http://a.example,http://b.example"])
    c = Connection(cors_server.port)
    try:
        c.send(plain_request("OPTIONS", extra_headers=["Origin: http://b.example"]))
        pre = c.read_response()
        assert pre.status == 200
        assert pre.headers["access-control-allow-origin"] == "http://b.example"
        assert "POST" in pre.headers["access-control-allow-methods"]
        assert "X-Amz-Target" in pre.headers["access-control-allow-headers"]
        assert "x-amz-crc32" in pre.headers["access-control-expose-headers"]
        assert pre.headers["access-control-max-age"] == "172800"

        c.send(dynamodb_request("ListTables", {}, extra_headers=["Origin: http://a.example"]))
        post = c.read_response()
        check_dynamodb_headers(post)
        assert post.headers["access-control-allow-origin"] == "http://a.example"

        c.send(dynamodb_request("ListTables", {}, extra_headers=["Origin: http://evil.example"]))
        other = c.read_response()
        check_dynamodb_headers(other)
        assert not any(h.startswith("access-control-") for h in other.headers)
    finally:
        c.close()


def test_crc32_of_large_responses(ddb, conn, hash_table):
    # Bodies of many lengths cross every block boundary of a folding CRC implementation.
    sizes = [1, 15, 16, 63, 64, 65, 127, 128, 129, 255, 1000, 4095, 4096, 9000, 100_000]
    for size in sizes:
        ddb.put_item(TableName=hash_table, Item={"PK": {"S": f"k{size}"}, "v": {"S": "x" * size}})
    for size in sizes:
        conn.send(dynamodb_request("GetItem", {"TableName": hash_table,
                                               "Key": {"PK": {"S": f"k{size}"}}}))
        resp = conn.read_response()
        assert resp.status == 200
        check_dynamodb_headers(resp)
        assert json.loads(resp.body)["Item"]["v"]["S"] == "x" * size


def test_an_absolute_form_target_is_served_as_its_path(server, conn):
    # RFC 9112 §3.2.2: a server must accept the absolute-form a client sends through a
    # proxy; it is served as its path (server/http_request.h: OriginForm).
    host = f"http://127.0.0.1:{server.port}"
    conn.send(dynamodb_request("ListTables", {}).replace(b"POST / ", f"POST {host}/ ".encode(), 1))
    resp = conn.read_response()
    assert resp.status == 200, resp.body
    assert "TableNames" in json.loads(resp.body)
    conn.send(plain_request("GET").replace(b"GET / ", f"GET {host} ".encode(), 1))
    assert conn.read_response().body == HEALTH_BODY
    conn.send(plain_request("GET").replace(b"GET / ", f"GET {host}/metrics?x=1 ".encode(), 1))
    assert conn.read_response().status == 200


def test_an_unknown_path_is_404_without_echoing_the_path(conn):
    path = "/<script>alert(1)</script>"
    conn.send(plain_request("GET").replace(b"GET / ", f"GET {path} ".encode(), 1))
    resp = conn.read_response()
    assert resp.status == 404
    assert resp.body == b"not found\n"
    assert resp.headers["x-content-type-options"] == "nosniff"


def test_a_request_line_or_headers_past_16_kb_get_400(server):
    # DynamoDB answers a request whose header section passes 16 KB, a long URL included,
    # with 400 Bad Request, before reading it whole or checking its signature
    # (scylladb/scylladb#23438 and the URL test of scylladb/scylladb#23442, run against
    # DynamoDB). monotable's defaults: 16,384 bytes of headers, 8,192 of request line.
    for request in (dynamodb_request("ListTables", {}).replace(b"POST / ", b"POST /" + b"x" * 17000 + b" ", 1),
                    dynamodb_request("ListTables", {}, extra_headers=["X-Pad: " + "a" * 17000])):
        c = Connection(server.port)
        try:
            c.send(request)
            resp = c.read_response()
            assert resp.status == 400
            assert b"InvalidSignatureException" not in resp.body
        finally:
            c.close()
