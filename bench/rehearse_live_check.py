#!/usr/bin/env python3
"""The live check of the capacity rehearsal (issue 41): the same workload run live
(a server with --throughput enforce, driven by monotable_bench) and rehearsed
(`monotable rehearse`) must agree within 5% on accepted units per second and on the
throttled share, per table and per partition.

    bench/rehearse_live_check.py [--bin build/monotable] [--bench build/monotable_bench]
                                 [--duration 120] [--out bench/results/rehearse_live]

Starts its own server (--in-memory --throughput enforce). For each scenario it creates
a provisioned table, runs monotable_bench's PutItem open loop at a fixed rate on N keys
(USER#0000000000.., uniform), reads the server's partitions view before and after, then
writes the equivalent workload (the idle seconds between CreateTable and the load
included, since they earn burst credit, and the rate the bench really sent) and
rehearses it. Prints one line per table and partition with both figures; exits 1 if any
differs by more than --tolerance (relative; a throttled share is compared in points).

A partition's live units are a sample: monotable_bench draws each request's key
uniformly, so a partition holding a share p of the keys receives a binomial count of the
n requests, whose relative standard deviation is sqrt((1 - p) / (n p)); the rehearsal
gives the expectation. A partition's units may therefore differ by the tolerance plus
four such deviations (2.5% for one key in ten over a 10-second run at 1,500/s; 0.7% over
120 s), so that the check fails on the model, not on the draw.
"""
import argparse
import csv
import json
import math
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "tests" / "integration"))
from hot_partition import NAMESPACE, create_table, get  # noqa: E402
from mtutil import ServerProcess, free_port, server_args  # noqa: E402

# (name, WCU, requests/s, keys): one partition over its provisioned rate; one hot key on
# a four-partition table (held at the partition's 1,000 WCU); ten keys spread over four.
SCENARIOS = [
    ("over_provisioned", 500, 800, 10),
    ("hot_key", 4000, 1500, 1),
    ("spread", 4000, 1500, 10),
]


def table_view(port, name):
    view = get(port, f"/monotable/tables/{name}/partitions?seconds=1&namespace={NAMESPACE}")
    [table] = [r for r in view["Resources"] if r["IndexName"] is None]
    return table


def live(args, port, scenario):
    name, wcu, rate, keys = scenario
    table = f"live_{name}_{int(time.time())}"
    created = time.monotonic()
    create_table(port, table, 5, wcu)
    bench = subprocess.run(
        [args.bench, "--port", str(port), "--table", table, "--op", "put", "--keys", str(keys),
         "--rate", str(rate), "--duration", str(args.duration), "--warmup", "0",
         "--connections", "32", "--threads", "2"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if bench.returncode not in (0, 1):  # 1: some requests failed, i.e. were throttled
        sys.exit(f"monotable_bench failed ({bench.returncode}): {bench.stderr}")
    started = created  # the bench's first request follows its start-up at once
    summary = [json.loads(line) for line in bench.stdout.splitlines() if line.startswith("{")][-1]
    view = table_view(port, table)
    requests = summary["requests"]
    idle = max(0.0, time.monotonic() - started - args.duration)
    return table, view, requests, idle


def rehearse(args, scenario, requests, idle, out_dir, units_per_put):
    name, wcu, _, keys = scenario
    rate = requests / args.duration
    phases = []
    if idle >= 1:
        phases.append({"name": "idle", "duration_seconds": int(idle),
                       "load": [{"table": name, "rate": 0}]})
    phases.append({"name": "load", "duration_seconds": int(args.duration),
                   "load": [{"table": name, "rate": rate, "read_fraction": 0,
                             "item_bytes": int(units_per_put * 1024),
                             "keys": {"distribution": "uniform", "prefix": "USER#",
                                      "digits": 10, "count": keys}}]})
    workload = {"name": f"live-check-{name}", "tables": [
        {"name": name, "billing_mode": "PROVISIONED", "read_capacity_units": 5,
         "write_capacity_units": wcu}], "phases": phases}
    path = out_dir / f"{name}.json"
    path.write_text(json.dumps(workload, indent=2) + "\n")
    subprocess.run([args.bin, "rehearse", str(path), "--out", str(out_dir / name),
                    "--interval", "60"], stdout=subprocess.DEVNULL, check=True)
    report = json.loads((out_dir / name / "report.json").read_text())
    skip = int(idle) if idle >= 1 else 0
    parts = {}
    for row in csv.DictReader(open(out_dir / name / "partitions.csv")):
        if int(row["second"]) < skip:
            continue
        p = parts.setdefault(row["hash_begin"][2:], [0.0, 0])
        p[0] += float(row["write_units"])
        p[1] += int(row["write_throttled"])
    totals = report["resources"][0]["totals"]
    return totals, parts, rate


def sampling_deviation(share, requests):
    """The relative standard deviation of a binomial count: share p of n draws."""
    if share <= 0 or share >= 1 or requests <= 0:
        return 0.0
    return math.sqrt((1 - share) / (requests * share))


def compare(label, live_units, live_share, sim_units, sim_share, tolerance, deviation=0.0):
    units_diff = abs(sim_units - live_units) / max(live_units, 1.0)
    share_diff = abs(sim_share - live_share)
    ok = units_diff <= tolerance + 4 * deviation and share_diff <= tolerance
    print(f"{label:40s} units/s live {live_units:9.1f} rehearsed {sim_units:9.1f} "
          f"({100 * units_diff:4.1f}%)  throttled live {100 * live_share:5.1f}% rehearsed "
          f"{100 * sim_share:5.1f}%  {'ok' if ok else 'DIFFERS'}")
    return ok


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--bin", default=str(ROOT / "build" / "monotable"))
    p.add_argument("--bench", default=str(ROOT / "build" / "monotable_bench"))
    p.add_argument("--duration", type=int, default=120)
    p.add_argument("--tolerance", type=float, default=0.05)
    p.add_argument("--out", default=str(ROOT / "bench" / "results" / "rehearse_live"))
    args = p.parse_args()
    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    os.environ["MONOTABLE_BIN"] = args.bin
    port = free_port()
    all_ok = True
    server = ServerProcess(server_args(port, in_memory=True, extra=["--throughput", "enforce"]),
                           port, str(out_dir / "logs"))
    server.wait_ready()
    try:
        for scenario in SCENARIOS:
            name = scenario[0]
            table, view, requests, idle = live(args, port, scenario)
            accepted = requests - view["ThrottledWriteRequests"]
            units_per_put = view["ConsumedWriteUnits"] / max(accepted, 1)
            totals, parts, rate = rehearse(args, scenario, requests, idle, out_dir, units_per_put)
            d = args.duration
            print(f"{name}: {requests} puts live ({rate:.1f}/s), {idle:.1f} s idle first")
            all_ok &= compare(f"{name} table", view["ConsumedWriteUnits"] / d,
                              view["ThrottledWriteRequests"] / max(requests, 1),
                              totals["consumed_units"][1] / d,
                              totals["throttled"][1] / max(totals["requests"][1], 1),
                              args.tolerance)
            for lp in view["Partitions"]:
                first = lp["HashRange"]["First"].lower()
                sim = parts.get(first, [0.0, 0])
                puts = lp["ConsumedWriteUnits"] / max(units_per_put, 1e-9) + lp["ThrottledWriteRequests"]
                sim_puts = sim[0] / max(units_per_put, 1e-9) + sim[1]
                sim_share = sim_puts / max(totals["requests"][1], 1)
                all_ok &= compare(f"{name} partition {first}", lp["ConsumedWriteUnits"] / d,
                                  lp["ThrottledWriteRequests"] / max(puts, 1), sim[0] / d,
                                  sim[1] / max(sim_puts, 1), args.tolerance,
                                  sampling_deviation(sim_share, requests))
    finally:
        server.stop()
    sys.exit(0 if all_ok else 1)


if __name__ == "__main__":
    main()
