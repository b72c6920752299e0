#!/usr/bin/env python3
"""RSS of the server with many small tables (what a test suite or a fuzzer creates):

  bench/memory_tables.py BUILD/monotable N

starts the binary --in-memory, creates N on-demand tables with one GSI and one item
each, prints the server's RSS at start, after the N tables and after deleting them.
"""

import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "integration"))
from mtutil import free_port, health_status, make_client  # noqa: E402


def rss_mb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS"):
                return int(line.split()[1]) // 1024
    return -1


def main():
    binary, count = sys.argv[1], int(sys.argv[2])
    port = free_port()
    server = subprocess.Popen([binary, "--port", str(port), "--in-memory", "--log-level", "warn"])
    while health_status(port) != 200:
        time.sleep(0.05)
    client = make_client(f"http://127.0.0.1:{port}")
    print("start", rss_mb(server.pid), "MB")
    for i in range(count):
        client.create_table(
            TableName=f"tab{i}", BillingMode="PAY_PER_REQUEST",
            AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"},
                                  {"AttributeName": "g", "AttributeType": "S"}],
            KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
            GlobalSecondaryIndexes=[{"IndexName": "gidx",
                                     "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}],
                                     "Projection": {"ProjectionType": "ALL"}}])
        client.put_item(TableName=f"tab{i}", Item={"pk": {"S": "a"}, "g": {"S": "b"}})
    print(f"after {count} tables with a GSI and one item", rss_mb(server.pid), "MB")
    for i in range(count):
        client.delete_table(TableName=f"tab{i}")
    time.sleep(2)
    print("after deleting them", rss_mb(server.pid), "MB")
    server.terminate()
    server.wait()


if __name__ == "__main__":
    main()
