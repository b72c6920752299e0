"""A raw HTTP/1.1 client for the tests that look at the wire byte by byte or pipeline
requests (test_http_wire, test_long_requests): the bytes of a DynamoDB POST, and a
socket that reads responses exactly by Content-Length."""

import json
import socket

from mtutil import FAKE_AUTH


def dynamodb_request(target, body, version="HTTP/1.1", extra_headers=()):
    """The bytes of one DynamoDB JSON 1.0 POST."""
    payload = json.dumps(body).encode()
    lines = [f"POST / {version}", "Host: 127.0.0.1",
             "Content-Type: application/x-amz-json-1.0",
             f"X-Amz-Target: DynamoDB_20120810.{target}", f"Authorization: {FAKE_AUTH}",
             f"Content-Length: {len(payload)}", *extra_headers]
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + payload


def plain_request(method, version="HTTP/1.1", extra_headers=()):
    lines = [f"{method} / {version}", "Host: 127.0.0.1", *extra_headers]
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


class Response:
    def __init__(self, status_line, headers, body):
        self.status_line = status_line
        self.status = int(status_line.split(b" ")[1])
        self.headers = headers  # lower-case name -> str value
        self.body = body


class Connection:
    """A raw client socket that reads responses exactly by Content-Length, so stray
    bytes (a body after a HEAD answer) show up in the next response."""

    def __init__(self, port):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        self.pending = b""

    def send(self, data):
        self.sock.sendall(data)

    def _fill(self):
        chunk = self.sock.recv(65536)
        if not chunk:
            raise EOFError("server closed the connection")
        self.pending += chunk

    def read_response(self, head_request=False):
        while b"\r\n\r\n" not in self.pending:
            self._fill()
        head, self.pending = self.pending.split(b"\r\n\r\n", 1)
        status_line, *header_lines = head.split(b"\r\n")
        headers = {}
        for line in header_lines:
            name, value = line.split(b":", 1)
            assert name.lower().decode() not in headers, f"duplicate header {name!r}"
            headers[name.lower().decode()] = value.strip().decode()
        length = 0 if head_request else int(headers["content-length"])
        while len(self.pending) < length:
            self._fill()
        body, self.pending = self.pending[:length], self.pending[length:]
        return Response(status_line, headers, body)

    def closed_by_server(self):
        """True when the server closed its side (nothing more arrives)."""
        if self.pending:
            return False
        try:
            return self.sock.recv(1) == b""
        except ConnectionResetError:
            return True

    def close(self):
        self.sock.close()
