"""Errors at the HTTP level, sent raw so that no client library gets in the way:
malformed or mistyped JSON (SerializationException), unknown and unimplemented
operations, missing authentication, the full __type of errors, the headers of success
and error responses, the accepted content types, and request bodies over 16 MB.

The sources of the messages ([dynalite] etc.) are described in errors_common.py.
"""

import json
import socket
import time
import zlib

import pytest

from mtutil import health_status, raw_post, unique_name

# ------------------------------------------------------------------------- raw HTTP

def test_malformed_json_is_serialization_exception(raw):
    # [dynalite] test/connection.js asserts the whole body, run against DynamoDB:
    # {__type: 'com.amazon.coral.service#SerializationException'}, with no message; a
    # curl against the service in amazon-archives/aws-sdk-unity#54 shows the same body.
    # JSON that is not an object (an array, a number, a string, null) is answered alike.
    for body in (b"{not json", b"", b"[1, 2", b"\xff\xfe", b"hi", b"[1, 2]", b"123",
                 b'"text"', b"null", b"{} trailing"):
        resp = raw("ListTables", body)
        assert resp.status == 400, (body, resp.status, resp.body)
        assert resp.json() == {"__type": "com.amazon.coral.service#SerializationException"}, \
            (body, resp.body)


def test_wrong_json_type_is_serialization_exception(raw):
    resp = raw("DescribeTable", {"TableName": 123})
    assert resp.status == 400
    assert resp.error_type() == "SerializationException"


def test_unknown_operation(raw):
    # [dynalite] test/connection.js: incorrect target / incorrect target operation /
    # no target -> {__type: 'com.amazon.coral.service#UnknownOperationException'}
    for target in ("DynamoDB_20120810.Frobnicate", "DynamoDB_20120810.ListTable",
                   "Whatever.ListTables"):
        resp = raw(target, {})
        assert resp.status == 400, (target, resp.status)
        assert resp.error_type() == "UnknownOperationException", (target, resp.body)
    resp = raw(None, {})
    assert resp.status == 400
    assert resp.error_type() == "UnknownOperationException"
    # The service's body carries a message (boto3 issue 1542 quotes it); a fuzzer found
    # ours had none.
    assert resp.json()["message"] == "Unknown operation exception"


def test_error_messages_echoing_non_ascii_input_are_utf8_json(raw):
    # A held-out wire fuzzer found `Invalid Base64 character: '\xC3'`: one byte of 'é'
    # echoed alone, so the body was not UTF-8 and botocore raised UnicodeDecodeError.
    name = unique_name()
    resp = raw("GetItem", {"TableName": name, "Key": {"pk": {"B": "ab\u00e9="}}})
    assert resp.status == 400, resp.body
    assert resp.error_type() == "SerializationException"
    assert resp.json()["message"] == "Invalid Base64 character: '\u00e9'"


def test_attribute_names_over_65535_bytes_are_refused(raw):
    # The fuzzer's 70,000-byte name was accepted. The service's limit and text.
    message = ("1 validation error detected: Attribute name is too large, must be less "
               "than 65536 bytes")
    for item in ({"pk": {"S": "a"}, "n" * 70000: {"S": "x"}},
                 {"pk": {"S": "a"}, "m": {"M": {"n" * 65536: {"S": "x"}}}}):
        resp = raw("PutItem", {"TableName": unique_name(), "Item": item})
        assert resp.status == 400, resp.body
        assert resp.json() == {"__type": "com.amazon.coral.validate#ValidationException",
                               "message": message}
    resp = raw("UpdateItem", {"TableName": unique_name(), "Key": {"pk": {"S": "a"}},
                              "UpdateExpression": "SET #n = :v",
                              "ExpressionAttributeNames": {"#n": "n" * 65536},
                              "ExpressionAttributeValues": {":v": {"S": "x"}}})
    assert resp.status == 400, resp.body
    # A name in ExpressionAttributeNames meets the service model's length constraint on
    # AttributeName first (protocol/model_constraints_table.cc), in its generated form.
    assert resp.json()["message"] == (
        "1 validation error detected: Value '" + "n" * 65536 + "' at "
        "'expressionAttributeNames.#n.member' failed to satisfy constraint: Member must have "
        "length less than or equal to 65535")


def test_missing_authentication_token(raw):
    # [dynalite] test/connection.js "no Authorization header":
    # {__type: 'com.amazon.coral.service#MissingAuthenticationTokenException',
    #  message: 'Request is missing Authentication Token'}
    resp = raw("ListTables", {}, auth=False)
    assert resp.status == 400
    body = resp.json()
    assert resp.error_type() == "MissingAuthenticationTokenException"
    assert (body.get("message") or body.get("Message")) == "Request is missing Authentication Token"


def test_resource_not_found_full_type(raw):
    name = unique_name("missing")
    resp = raw("DescribeTable", {"TableName": name})
    assert resp.status == 400
    body = resp.json()
    assert body["__type"] == "com.amazonaws.dynamodb.v20120810#ResourceNotFoundException"
    assert (body.get("message") or body.get("Message")) == \
        f"Requested resource not found: Table: {name} not found"
    assert resp.headers["content-type"].startswith("application/x-amz-json-1.0")
    assert resp.headers.get("x-amzn-requestid")


def test_validation_exception_raw(raw):
    resp = raw("DescribeTable", {"TableName": "ab"})
    assert resp.status == 400
    assert resp.error_type() == "ValidationException"


def test_success_response_headers(raw):
    resp = raw("ListTables", {"Limit": 5})
    assert resp.status == 200
    assert resp.headers["content-type"] == "application/x-amz-json-1.0"
    assert resp.headers.get("x-amzn-requestid")
    assert "x-amz-crc32" in resp.headers
    assert int(resp.headers["x-amz-crc32"]) == zlib.crc32(resp.body)
    assert int(resp.headers["content-length"]) == len(resp.body)
    assert isinstance(resp.json()["TableNames"], list)
    # Every response gets its own request id.
    assert raw("ListTables", {}).headers["x-amzn-requestid"] != resp.headers["x-amzn-requestid"]


def test_error_response_headers(raw):
    resp = raw("DescribeTable", {"TableName": unique_name("missing")})
    assert resp.status == 400
    assert resp.headers["content-type"] == "application/x-amz-json-1.0"
    assert int(resp.headers["x-amz-crc32"]) == zlib.crc32(resp.body)


def test_application_json_content_type_accepted(raw):
    resp = raw("ListTables", {}, headers={"Content-Type": "application/json"})
    assert resp.status == 200
    assert isinstance(resp.json()["TableNames"], list)


@pytest.mark.parametrize("op,body", [
    ("ExecuteTransaction", {"TransactStatements": [{"Statement": "SELECT * FROM abc"}]}),
    ("CreateGlobalTable", {"GlobalTableName": "abc", "ReplicationGroup": []}),
    ("ExecuteStatement", {"Statement": "SELECT * FROM abc"}),
])
def test_unimplemented_operation_answers_400(raw, server, op, body):
    resp = raw(op, body)
    assert resp.status == 400, (op, resp.status, resp.body)
    assert "__type" in resp.json()
    assert health_status(server.port) == 200


def _send_oversized(port, total):
    """Streams a `total`-byte body; returns (status or None, response head bytes)."""
    import select
    head = (f"POST / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            "Content-Type: application/x-amz-json-1.0\r\n"
            "X-Amz-Target: DynamoDB_20120810.PutItem\r\n"
            f"Authorization: AWS4-HMAC-SHA256 Credential=AKIDTEST/20250101/us-east-1/"
            "dynamodb/aws4_request, SignedHeaders=host, Signature=abc\r\n"
            f"Content-Length: {total}\r\nConnection: close\r\n\r\n").encode()
    prefix = b'{"TableName": "abc", "Item": {"a": {"S": "'
    suffix = b'"}}}'
    filler = total - len(prefix) - len(suffix)
    chunk = b"x" * 65536
    received = b""
    sock = socket.create_connection(("127.0.0.1", port), timeout=30)
    try:
        sock.sendall(head + prefix)
        sent = 0
        try:
            while sent < filler:
                readable, _, _ = select.select([sock], [], [], 0)
                if readable:
                    break  # the server answered early
                n = min(len(chunk), filler - sent)
                sock.sendall(chunk[:n])
                sent += n
            else:
                sock.sendall(suffix)
        except (BrokenPipeError, ConnectionResetError):
            pass
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                data = sock.recv(65536)
            except (ConnectionResetError, socket.timeout):
                break
            if not data:
                break
            received += data
            if b"\r\n\r\n" in received:
                break
    finally:
        sock.close()
    status = None
    if received.startswith(b"HTTP/1."):
        status = int(received.split(b" ", 2)[1])
    return status, received[:200]


def test_request_body_over_16_mb(server):
    status, head = _send_oversized(server.port, 16 * 1024 * 1024 + 1024)
    assert status in (413, 400), f"expected 413 or 400, got {status}: {head!r}"
    # The server is still healthy and serving.
    assert health_status(server.port, timeout=5) == 200
    resp = raw_post(server.port, "ListTables", {})
    assert resp.status == 200
    assert isinstance(json.loads(resp.body)["TableNames"], list)
