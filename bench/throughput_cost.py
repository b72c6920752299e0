#!/usr/bin/env python3
"""What --throughput enforce costs when nothing is throttled: GetItem and PutItem
throughput of the same binary under --throughput off and --throughput enforce, in one run,
rounds interleaved (off, enforce, off, enforce, ...) so that a busy machine affects both
alike; the median of the rounds per mode, and enforce / off.

    bench/throughput_cost.py --server build/monotable --bench build/monotable_bench

Each round starts a fresh in-memory server, creates a provisioned table large enough
that no request is throttled (40,000 RCU and WCU, the per-table quota: 54 partitions),
preloads --keys items with monotable_bench --setup, then runs --op get and --op put for
--duration s.
A round with any error (a throttled request included) fails the run.
"""
import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import time
import http.client

AUTH = ("AWS4-HMAC-SHA256 Credential=AKIDBENCH/20250101/us-east-1/dynamodb/aws4_request, "
        "SignedHeaders=host, Signature=0")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_ready(port, timeout=20):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
            conn.request("GET", "/")
            if conn.getresponse().status == 200:
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError("server did not start")


def create_table(port, name):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("POST", "/", json.dumps({
        "TableName": name,
        "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"},
                                 {"AttributeName": "SK", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"},
                      {"AttributeName": "SK", "KeyType": "RANGE"}],
        "ProvisionedThroughput": {"ReadCapacityUnits": 40000, "WriteCapacityUnits": 40000}}),
        {"Content-Type": "application/x-amz-json-1.0",
         "X-Amz-Target": "DynamoDB_20120810.CreateTable", "Authorization": AUTH})
    resp = conn.getresponse()
    body = resp.read()
    if resp.status != 200:
        raise RuntimeError(f"CreateTable: {resp.status} {body}")


def bench(args, port, op, setup=False):
    cmd = [args.bench, "--port", str(port), "--table", "cost", "--op", op,
           "--keys", str(args.keys), "--duration", str(args.duration), "--warmup", "2",
           "--connections", str(args.connections), "--threads", str(args.threads)]
    cmd += ["--setup"] if setup else ["--preloaded"]
    out = subprocess.run(cmd, capture_output=True, text=True)
    line = next((l for l in out.stdout.splitlines() if l.startswith("{")), None)
    if out.returncode != 0 or line is None:
        raise RuntimeError(f"{' '.join(cmd)}: rc {out.returncode}\n{out.stdout}\n{out.stderr}")
    result = json.loads(line)
    if result["errors"]:
        raise RuntimeError(f"{op}: {result['errors']} errors\n{out.stdout}")
    return result["rps"]


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--server", required=True)
    p.add_argument("--bench", required=True)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--duration", type=float, default=10)
    p.add_argument("--keys", type=int, default=100000)
    p.add_argument("--connections", type=int, default=16)
    p.add_argument("--threads", type=int, default=1)
    args = p.parse_args()
    results = {m: {"get": [], "put": []} for m in ("off", "enforce")}
    for r in range(args.rounds):
        for mode in ("off", "enforce"):
            port = free_port()
            server = subprocess.Popen([args.server, "--in-memory", "--port", str(port),
                                       "--throughput", mode, "--log-level", "warn"],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            try:
                wait_ready(port)
                create_table(port, "cost")
                get = bench(args, port, "get", setup=True)
                put = bench(args, port, "put")
            finally:
                server.terminate()
                server.wait(timeout=30)
            results[mode]["get"].append(get)
            results[mode]["put"].append(put)
            print(f"round {r + 1} {mode:7}: get {get:,.0f}/s  put {put:,.0f}/s", file=sys.stderr,
                  flush=True)
    print("| request | `off` (median) | `enforce` (median) | enforce / off | rounds off | rounds enforce |")
    print("|---|---:|---:|---:|---|---|")
    for op in ("get", "put"):
        off = statistics.median(results["off"][op])
        enf = statistics.median(results["enforce"][op])
        fmt = lambda xs: " / ".join(f"{x:,.0f}" for x in xs)
        print(f"| {'GetItem' if op == 'get' else 'PutItem'} | {off:,.0f} | {enf:,.0f} "
              f"| {enf / off:.1%} | {fmt(results['off'][op])} | {fmt(results['enforce'][op])} |")


if __name__ == "__main__":
    main()
