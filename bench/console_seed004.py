#!/usr/bin/env python3
"""Seed 004 (write sharding, bench/hot_partition.py) with the web console open on its
partitions view: one screenshot of each phase near its end, so one hot partition (one
partition key) and the load spread over the partitions (10 keys) can be seen.

    bench/console_seed004.py [--bin build/monotable] [--bench build/monotable_bench]
                             [--duration 20] [--out bench/results]

Starts its own server (--in-memory --throughput enforce); writes
console-seed004-shards1.png and console-seed004-shards10.png into --out.
"""
import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "integration"))
from console_browser import Browser, missing_browser  # noqa: E402
from mtutil import ServerProcess, free_port, get_json, server_args  # noqa: E402


def wait_table(port, prefix, timeout=30):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        names = [t["TableName"] for t in get_json(port, "/monotable/tables")[1]["Tables"]]
        found = [n for n in names if n.startswith(prefix)]
        if found:
            return found[0]
        time.sleep(0.2)
    sys.exit(f"no table {prefix}* appeared")


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--bin", default=str(ROOT / "build" / "monotable"))
    p.add_argument("--bench", default=str(ROOT / "build" / "monotable_bench"))
    p.add_argument("--duration", type=float, default=20)
    p.add_argument("--out", default=str(ROOT / "bench" / "results"))
    args = p.parse_args()
    reason = missing_browser()
    if reason:
        sys.exit(f"cannot run: {reason}")
    os.environ["MONOTABLE_BIN"] = args.bin
    port = free_port()
    server = ServerProcess(server_args(port, in_memory=True, extra=["--throughput", "enforce"]),
                           port, "/tmp/console-seed004-logs")
    server.wait_ready()
    browser = Browser()
    try:
        load = subprocess.Popen(
            [sys.executable, str(ROOT / "bench" / "hot_partition.py"), "--bench", args.bench,
             "--port", str(port), "--duration", str(args.duration), "--shards", "1,10",
             "--workloads", "write", "--connections", "8", "--out", "/tmp/console-seed004"],
            stdout=subprocess.DEVNULL)
        for shards in (1, 10):
            name = wait_table(port, f"hot_write_{shards}_")
            browser.open(server, f"partitions?table={name}", "AKIDBENCH", "us-east-1")
            browser.wait_text("#partition-count", "partitions")
            browser.driver.execute_script(
                "const w = document.getElementById('partitions-window'); w.value = '60';"
                "w.dispatchEvent(new Event('change'));")
            time.sleep(max(1, args.duration - 3))
            summary = browser.find("#partitions-summary").text
            print(json.dumps({"shards": shards, "table": name, "summary": summary}))
            browser.driver.save_screenshot(str(Path(args.out) / f"console-seed004-shards{shards}.png"))
        load.wait()
    finally:
        browser.quit()
        server.stop()


if __name__ == "__main__":
    main()
