#!/usr/bin/env python3
"""Seed 004 (write sharding) against a monotable server run with --throughput enforce.

For each sharding factor N (1 = one hot partition key, then 2, 5, 10, 20 suffixed keys),
a fresh provisioned table takes DURATION seconds of closed-loop load from monotable_bench
on N partition keys (USER#0 .. USER#N-1, drawn uniformly): PutItem of a ~200-byte item
(1 WCU) for the write workload, eventually consistent GetItem (0.5 RCU) for the read one.
Every second, the script polls the server's partitions view (GET
/monotable/tables/{name}/partitions): the differences of its totals give the accepted
capacity units, the throttled requests and the partitions hit in that second.

    bench/hot_partition.py --bench build/bench/monotable_bench --port 8000 [--duration 60]

Writes CSV (one row per workload, factor and second) and one SVG chart per workload
(accepted units per second over time, one line per sharding factor) into --out, and
prints a summary table (means over the seconds after the first --settle seconds).
Standard library only; the server must be started separately:
    build/monotable --in-memory --throughput enforce --port 8000
"""
import argparse
import csv
import http.client
import json
import os
import statistics
import subprocess
import sys
import time

AUTH = ("AWS4-HMAC-SHA256 Credential=AKIDBENCH/20250101/us-east-1/dynamodb/aws4_request, "
        "SignedHeaders=host, Signature=0")
NAMESPACE = "AKIDBENCH:us-east-1"
COLORS = ["#d62728", "#ff7f0e", "#2ca02c", "#1f77b4", "#9467bd", "#8c564b"]


def post(port, target, body):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("POST", "/", json.dumps(body), {
            "Content-Type": "application/x-amz-json-1.0",
            "X-Amz-Target": "DynamoDB_20120810." + target, "Authorization": AUTH})
        resp = conn.getresponse()
        data = json.loads(resp.read() or b"{}")
        if resp.status != 200:
            raise RuntimeError(f"{target}: HTTP {resp.status}: {data}")
        return data
    finally:
        conn.close()


def get(port, path):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        conn.request("GET", path)
        resp = conn.getresponse()
        data = json.loads(resp.read())
        if resp.status != 200:
            raise RuntimeError(f"GET {path}: HTTP {resp.status}: {data}")
        return data
    finally:
        conn.close()


def create_table(port, name, rcu, wcu):
    post(port, "CreateTable", {
        "TableName": name,
        "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"},
                                 {"AttributeName": "SK", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"},
                      {"AttributeName": "SK", "KeyType": "RANGE"}],
        "ProvisionedThroughput": {"ReadCapacityUnits": rcu, "WriteCapacityUnits": wcu}})


def poll(args, name, workload):
    """The resource's totals (every partition ever, split ones included) and each current
    partition's, by PartitionId."""
    view = get(args.port, f"/monotable/tables/{name}/partitions?seconds=1&namespace={NAMESPACE}")
    [table] = [r for r in view["Resources"] if r["IndexName"] is None]
    units = "ConsumedWriteUnits" if workload == "write" else "ConsumedReadUnits"
    throttled = "ThrottledWriteRequests" if workload == "write" else "ThrottledReadRequests"
    parts = {p["PartitionId"]: p[units] + p[throttled] for p in table["Partitions"]}
    return time.monotonic(), table[units], table[throttled], parts, table["PartitionCount"]


def run_phase(args, workload, shards):
    name = f"hot_{workload}_{shards}_{int(time.time())}"
    rcu, wcu = (int(v) for v in (args.write_capacity if workload == "write"
                                 else args.read_capacity).split(","))
    create_table(args.port, name, rcu, wcu)
    op = "put" if workload == "write" else "get"
    bench = subprocess.Popen(
        [args.bench, "--port", str(args.port), "--table", name, "--op", op,
         "--keys", str(shards), "--duration", str(args.duration), "--warmup", "0",
         "--connections", str(args.connections), "--threads", str(args.threads)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    # Per second: the differences of the server's totals between polls one second apart
    # (its per-partition rings would lose the seconds of a partition that split).
    rows = []
    previous = poll(args, name, workload)
    start = previous[0]
    next_poll = start + 1
    while bench.poll() is None:
        time.sleep(max(0, next_poll - time.monotonic()))
        next_poll += 1
        current = poll(args, name, workload)
        dt = current[0] - previous[0]
        hit = sum(1 for pid, v in current[3].items() if v > previous[3].get(pid, 0))
        if bench.poll() is None or dt > 0.5:
            rows.append({"workload": workload, "shards": shards,
                         "second": round(current[0] - start),
                         "accepted_units": round((current[1] - previous[1]) / dt, 1),
                         "throttled_requests": round((current[2] - previous[2]) / dt),
                         "partitions_hit": hit, "partitions": current[4]})
        previous = current
    out, _ = bench.communicate()
    summary = {}
    for line in out.splitlines():
        if line.startswith("{"):
            summary = json.loads(line)
    # The last sample may cover the bench's end: keep whole seconds of load only.
    rows = [r for r in rows if r["second"] < args.duration]
    info = {"workload": workload, "shards": shards, "table_partitions": previous[4],
            "table_capacity": wcu if workload == "write" else rcu,
            "bench_rps": summary.get("rps"), "bench_requests": summary.get("requests"),
            "bench_errors": summary.get("errors")}
    return rows, info


def nice_step(span, steps=5):
    """A round tick step (1, 2 or 5 times a power of ten) for `span` over about `steps`."""
    raw = span / steps
    power = 10 ** (len(str(int(raw))) - 1) if raw >= 1 else 1
    for m in (1, 2, 5, 10):
        if m * power >= raw:
            return m * power
    return 10 * power


def svg_chart(rows, workload, shards_list, ceiling, path, title, capacity=None):
    width, height, left, right, top, bottom = 760, 420, 70, 150, 40, 50
    series = {n: [r for r in rows if r["workload"] == workload and r["shards"] == n]
              for n in shards_list}
    max_x = max((r["second"] for r in rows if r["workload"] == workload), default=1) or 1
    x_step = nice_step(max_x)
    max_x = x_step * -(-max_x // x_step)
    max_y = max([r["accepted_units"] for r in rows if r["workload"] == workload] + [ceiling])
    step = nice_step(max_y * 1.05)
    max_y = step * -(-max_y * 1.05 // step)
    px = lambda x: left + (width - left - right) * x / max_x
    py = lambda y: top + (height - top - bottom) * (1 - y / max_y)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'font-family="sans-serif" font-size="12">',
           f'<rect width="{width}" height="{height}" fill="white"/>',
           f'<text x="{width / 2}" y="22" text-anchor="middle" font-size="15">{title}</text>']
    steps = int(round(max_y / step))
    for i in range(steps + 1):
        y = step * i
        out.append(f'<line x1="{left}" y1="{py(y):.1f}" x2="{width - right}" y2="{py(y):.1f}" '
                   f'stroke="#ddd"/>')
        out.append(f'<text x="{left - 6}" y="{py(y) + 4:.1f}" text-anchor="end">{y:,.0f}</text>')
    for i in range(int(round(max_x / x_step)) + 1):
        x = x_step * i
        out.append(f'<text x="{px(x):.1f}" y="{height - bottom + 18}" text-anchor="middle">'
                   f'{x:.0f}</text>')
    out.append(f'<text x="{(left + width - right) / 2}" y="{height - 10}" '
               f'text-anchor="middle">seconds</text>')
    unit = "WCU" if workload == "write" else "RCU"
    out.append(f'<text x="16" y="{(top + height - bottom) / 2}" text-anchor="middle" '
               f'transform="rotate(-90 16 {(top + height - bottom) / 2})">accepted {unit}/s</text>')
    out.append(f'<line x1="{left}" y1="{py(ceiling):.1f}" x2="{width - right}" '
               f'y2="{py(ceiling):.1f}" stroke="#000" stroke-dasharray="4 3"/>')
    out.append(f'<text x="{width - right + 4}" y="{py(ceiling) + 4:.1f}">one partition</text>')
    if capacity:
        out.append(f'<line x1="{left}" y1="{py(capacity):.1f}" x2="{width - right}" '
                   f'y2="{py(capacity):.1f}" stroke="#777" stroke-dasharray="8 4"/>')
        out.append(f'<text x="{width - right + 4}" y="{py(capacity) + 4:.1f}">table capacity</text>')
    for k, n in enumerate(shards_list):
        points = " ".join(f"{px(r['second']):.1f},{py(r['accepted_units']):.1f}"
                          for r in series[n])
        color = COLORS[k % len(COLORS)]
        out.append(f'<polyline fill="none" stroke="{color}" stroke-width="2" points="{points}"/>')
        ly = top + 50 + 18 * k
        out.append(f'<line x1="{width - right + 10}" y1="{ly + 20}" x2="{width - right + 34}" '
                   f'y2="{ly + 20}" stroke="{color}" stroke-width="2"/>')
        label = "1 key" if n == 1 else f"{n} keys"
        out.append(f'<text x="{width - right + 40}" y="{ly + 24}">{label}</text>')
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--bench", required=True, help="path of monotable_bench")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--duration", type=float, default=60)
    p.add_argument("--settle", type=int, default=10,
                   help="seconds left out of the summary's means (burst credit, splits)")
    p.add_argument("--shards", default="1,2,5,10,20")
    p.add_argument("--workloads", default="write,read")
    p.add_argument("--connections", type=int, default=32)
    p.add_argument("--threads", type=int, default=1)
    # Partitions: ceil(RCU/3000 + WCU/1000). Writes: 5 partitions, 4,000 WCU for the table;
    # reads: 3 partitions, 6,000 RCU (12,000 eventually consistent reads/s). Chosen so
    # that the table's capacity stays within what one small machine can drive.
    p.add_argument("--write-capacity", default="3000,4000", help="RCU,WCU of write tables")
    p.add_argument("--read-capacity", default="6000,1000", help="RCU,WCU of read tables")
    p.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "results"))
    p.add_argument("--replot", action="store_true",
                   help="only redraw the SVGs and the summary from --out's CSV and JSON")
    args = p.parse_args()
    shards_list = [int(s) for s in args.shards.split(",")]
    workloads = args.workloads.split(",")
    os.makedirs(args.out, exist_ok=True)
    rows, infos = [], []
    if args.replot:
        with open(os.path.join(args.out, "hot_partition.csv")) as f:
            for r in csv.DictReader(f):
                r = {k: (v if k == "workload" else float(v)) for k, v in r.items()}
                for k in ("shards", "second", "partitions_hit", "partitions"):
                    r[k] = int(r[k])
                if r["second"] < args.duration:
                    rows.append(r)
        with open(os.path.join(args.out, "hot_partition_summary.json")) as f:
            infos = json.load(f)["phases"]
    for workload in workloads:
        if args.replot:
            break
        for n in shards_list:
            print(f"=== {workload}, {n} key(s), {args.duration:.0f} s", file=sys.stderr, flush=True)
            r, info = run_phase(args, workload, n)
            rows += r
            infos.append(info)
    with open(os.path.join(args.out, "hot_partition.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=["workload", "shards", "second", "accepted_units",
                                          "throttled_requests", "partitions_hit", "partitions"])
        w.writeheader()
        w.writerows(rows)
    for workload in workloads:
        ceiling = 1000 if workload == "write" else 3000
        title = ("PutItem (1 WCU) on N partition keys, --throughput enforce" if workload == "write"
                 else "GetItem (0.5 RCU, eventually consistent) on N partition keys")
        capacity = next((i["table_capacity"] for i in infos if i["workload"] == workload), None)
        svg_chart(rows, workload, shards_list, ceiling,
                  os.path.join(args.out, f"hot_partition_{workload}.svg"), title, capacity)
    print("| workload | keys | partitions hit / table's | table capacity "
          "| accepted units/s (mean) | min | max | throttled requests/s | requests/s (client) |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    summary = []
    for info in infos:
        sel = [r for r in rows if r["workload"] == info["workload"]
               and r["shards"] == info["shards"] and r["second"] >= args.settle]
        if not sel:
            continue
        units = [r["accepted_units"] for r in sel]
        line = dict(info, mean_units=statistics.mean(units), min_units=min(units),
                    max_units=max(units),
                    throttled_per_s=statistics.mean(r["throttled_requests"] for r in sel),
                    partitions_hit=max(r["partitions_hit"] for r in sel))
        summary.append(line)
        print(f"| {info['workload']} | {info['shards']} "
              f"| {line['partitions_hit']} / {info['table_partitions']} "
              f"| {info['table_capacity']:,} | {line['mean_units']:,.0f} | {line['min_units']:,.0f} | {line['max_units']:,.0f} "
              f"| {line['throttled_per_s']:,.0f} | {info['bench_rps'] or 0:,.0f} |")
    if not args.replot:
        with open(os.path.join(args.out, "hot_partition_summary.json"), "w") as f:
            json.dump({"args": vars(args), "phases": summary}, f, indent=1)


if __name__ == "__main__":
    main()
