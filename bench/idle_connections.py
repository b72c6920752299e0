#!/usr/bin/env python3
"""The long form of tests/integration/test_connection_limits.py: N idle connections (by
default 10,000) and M clients that trickle their headers, against a monotable started
here; reports the server's RSS before, with all of them open, and after, and checks
that another client is served meanwhile and that every trickler is cut off.

    bench/idle_connections.py [--connections 10000] [--tricklers 100] [--bin build/monotable]

Raises this process's open-file soft limit to the hard one; with fewer descriptors
than asked for it runs as many connections as fit and says so. Exit 0 when every
check passes."""

import argparse
import json
import resource
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path


def rss_kib(pid):
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def list_tables(port):
    req = urllib.request.Request(
        f"http://127.0.0.1:{port}/", data=b"{}", method="POST",
        headers={"X-Amz-Target": "DynamoDB_20120810.ListTables",
                 "Content-Type": "application/x-amz-json-1.0",
                 "Authorization": "AWS4-HMAC-SHA256 Credential=AKID/20250101/us-east-1/"
                                  "dynamodb/aws4_request, SignedHeaders=host, Signature=x"})
    started = time.monotonic()
    with urllib.request.urlopen(req, timeout=10) as resp:
        assert "TableNames" in json.loads(resp.read())
    return (time.monotonic() - started) * 1000


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--connections", type=int, default=10000)
    ap.add_argument("--tricklers", type=int, default=100)
    ap.add_argument("--header-timeout", type=float, default=2.0)
    ap.add_argument("--bin", default=str(Path(__file__).resolve().parents[1] / "build/monotable"))
    args = ap.parse_args()

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    except (ValueError, OSError):
        pass
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    count = min(args.connections, soft - args.tricklers - 128)
    if count < args.connections:
        print(f"open-file limit {soft}: {count} idle connections instead of {args.connections}")

    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        server = subprocess.Popen(
            [args.bin, "--port", str(port), "--in-memory", "--max-connections",
             str(count + args.tricklers + 64), "--header-timeout-seconds",
             str(args.header_timeout)],
            stderr=open(Path(tmp) / "stderr", "wb"))
        try:
            for _ in range(200):
                try:
                    list_tables(port)
                    break
                except OSError:
                    time.sleep(0.05)
            before = rss_kib(server.pid)
            started = time.monotonic()
            idle = [socket.create_connection(("127.0.0.1", port)) for _ in range(count)]
            opened_s = time.monotonic() - started
            tricklers = [socket.create_connection(("127.0.0.1", port))
                         for _ in range(args.tricklers)]
            for s in tricklers:
                s.sendall(b"POST / HTTP/1.1\r\nHost: x\r\n")
            ms = list_tables(port)
            time.sleep(0.5)
            loaded = rss_kib(server.pid)
            cut = 0
            deadline = time.monotonic() + args.header_timeout * 2 + 10
            for s in tricklers:
                s.settimeout(max(0.1, deadline - time.monotonic()))
                try:
                    cut += s.recv(1) == b""
                except ConnectionResetError:
                    cut += 1
                except socket.timeout:
                    pass  # still open: not cut off
            for s in idle + tricklers:
                s.close()
            time.sleep(1)
            after = rss_kib(server.pid)
            ok = cut == args.tricklers and server.poll() is None
            print(json.dumps({
                "idle_connections": count, "opened_in_s": round(opened_s, 2),
                "tricklers": args.tricklers, "tricklers_cut_off": cut,
                "list_tables_ms_while_loaded": round(ms, 1),
                "rss_kib_before": before, "rss_kib_loaded": loaded, "rss_kib_after": after,
                "kib_per_connection": round((loaded - before) / (count + args.tricklers), 2),
                "ok": ok}, indent=2))
            return 0 if ok else 1
        finally:
            server.terminate()
            server.wait(timeout=30)


if __name__ == "__main__":
    sys.exit(main())
