#!/usr/bin/env python3
"""Soak: N minutes of mixed load on one monotable process, sampling its RSS, open file
descriptors and threads, and each load stream's p99, into CSV files and a picture.

    nice bench/soak.py [--minutes 30] [--out DIR] [--build-dir build]

The load is 64 connections in all, from monotable_bench processes run back to back in
short rounds (--round seconds each), so every round reconnects (a leak of sockets would
show): PutItem with two GSIs (20 connections), a conditional UpdateItem (12), GetItem /
PutItem mixed (16), TransactWriteItems of 2 Puts (12), and full parallel Scans of a
10,000-item table in 4 segments (4). Every --sample seconds the script reads
/proc/<pid>/status and /proc/<pid>/fd of the server, and from its /metrics the bytes
of RocksDB's block cache (memtables' reservations included), memtables and table readers,
and jemalloc's own figures (GAUGES).

Output in --out (default bench/results/soak-<UTC time>): samples.csv (elapsed_s, rss_mb,
fds, threads, then GAUGES' columns), latency.csv (elapsed_s, op, rps, p99_us, errors,
conflicts: transactions cancelled only for TransactionConflict, DynamoDB's answer to
concurrent transactions on one item, counted apart from errors),
summary.json and soak.png (needs matplotlib: apt-get install python3-matplotlib;
without it the CSVs and the summary are still written). The summary judges the run
after --warmup-minutes: RSS within +-10% of its median, fds and threads flat, p99 of
the last third against the first third. Exit status 0 when every check holds, 1 otherwise. bench/SOAK.md has the
results.
"""

import argparse
import csv
import datetime
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KEYS = 20000
# (op, connections, extra flags): 64 connections in all.
STREAMS = [
    ("put", 20, []),
    ("update", 12, []),
    ("mixed", 16, []),
    ("transact2", 12, []),
]
SCAN_SEGMENTS = 4
SCAN_TABLE = ("soak_orders", 500, 20)  # name, keys, items per key: 10,000 items


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_ready(port, proc, timeout=30):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            sys.exit(f"monotable exited with {proc.returncode} during start-up")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1):
                return
        except OSError:
            time.sleep(0.1)
    sys.exit("monotable did not start")


def process_figures(pid):
    """(rss_mb, fds, threads) of a live process, from /proc."""
    rss_kb = threads = 0
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                rss_kb = int(line.split()[1])
            elif line.startswith("Threads:"):
                threads = int(line.split()[1])
    return rss_kb / 1024.0, len(os.listdir(f"/proc/{pid}/fd")), threads


# The /metrics gauges sampled beside RSS (MB; -1 when unread): RocksDB's accounted memory
# and jemalloc's own figures (server/allocator_stats.h), which tell the allocator's
# retention (resident - active) from live allocations (allocated) from the data.
GAUGES = {
    "cache_mb": "monotable_rocksdb_block_cache_usage_bytes",
    "memtable_mb": "monotable_rocksdb_memtable_bytes",
    "pinned_mb": "monotable_rocksdb_block_cache_pinned_bytes",
    "table_readers_mb": "monotable_rocksdb_table_readers_bytes",
    "allocated_mb": "monotable_allocator_allocated_bytes",
    "active_mb": "monotable_allocator_active_bytes",
    "resident_mb": "monotable_allocator_resident_bytes",
    "retained_mb": "monotable_allocator_retained_bytes",
    "dirty_mb": "monotable_allocator_dirty_bytes",
    "muzzy_mb": "monotable_allocator_muzzy_bytes",
}
SAMPLE_COLUMNS = ["elapsed_s", "rss_mb", "fds", "threads", *GAUGES]


def metrics_figures(port):
    """GAUGES' values in MB from the server's /metrics, in GAUGES' order; -1 if unread."""
    by_metric = {metric: -1.0 for metric in GAUGES.values()}
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as r:
            for line in r.read().decode().splitlines():
                name, _, value = line.partition(" ")
                if name in by_metric:
                    by_metric[name] = round(float(value) / (1 << 20), 1)
    except OSError:
        pass
    return tuple(by_metric.values())


class Soak:
    def __init__(self, args):
        self.args = args
        self.bench = str(Path(args.build_dir) / "monotable_bench")
        self.port = free_port()
        self.start = time.monotonic()
        self.stop = threading.Event()
        self.lock = threading.Lock()
        self.samples, self.latency = [], []

    def elapsed(self):
        return time.monotonic() - self.start

    def run_bench(self, *flags):
        cmd = [self.bench, "--port", str(self.port), *flags]
        out = subprocess.run(cmd, capture_output=True, text=True)
        lines = [l for l in out.stdout.splitlines() if l.startswith("{")]
        if out.returncode == 3 or not lines:
            raise RuntimeError(f"{' '.join(cmd)} failed ({out.returncode}): "
                               f"{out.stdout[-500:]} {out.stderr[-500:]}")
        return json.loads(lines[-1])

    def setup(self):
        self.run_bench("--setup", "--op", "put", "--table", "soak", "--gsis", "2", "--keys",
                       str(KEYS), "--connections", "16", "--duration", "1", "--warmup", "0")
        name, keys, per_key = SCAN_TABLE
        self.run_bench("--setup", "--op", "scan", "--table", name, "--keys", str(keys),
                       "--items-per-key", str(per_key), "--segments", str(SCAN_SEGMENTS))

    def scan_round(self, segments):
        """Full Scans back to back for one round: items/s and the worst page p99."""
        name, keys, per_key = SCAN_TABLE
        started, items, p99, errors, conflicts = time.monotonic(), 0, 0.0, 0, 0
        while time.monotonic() - started < self.args.round and not self.stop.is_set():
            r = self.run_bench("--op", "scan", "--table", name, "--keys", str(keys),
                               "--items-per-key", str(per_key), "--segments", str(segments),
                               "--preloaded")
            items, p99 = items + r["items"], max(p99, r["p99_page_us"])
            errors, conflicts = errors + r["errors"], conflicts + r.get("conflicts", 0)
        return ("scan", items / max(time.monotonic() - started, 1e-9), p99, errors, conflicts)

    def load_stream(self, op, connections, extra):
        while not self.stop.is_set():
            if op == "scan":
                row = self.scan_round(connections)
            else:
                r = self.run_bench("--op", op, "--table", "soak", "--keys", str(KEYS),
                                   "--connections", str(connections), "--preloaded",
                                   "--duration", str(self.args.round), "--warmup", "0", *extra)
                row = (op, r["rps"], r["p99_us"], r["errors"], r.get("conflicts", 0))
            with self.lock:
                self.latency.append((round(self.elapsed(), 1), *row))

    def sampler(self, pid):
        while not self.stop.wait(self.args.sample):
            rss, fds, threads = process_figures(pid)
            gauges = metrics_figures(self.port)
            with self.lock:
                self.samples.append((round(self.elapsed(), 1), round(rss, 1), fds, threads,
                                     *gauges))

    def run(self):
        data = tempfile.mkdtemp(prefix="mt-soak-")
        log = open(Path(self.args.out) / "server.log", "wb")
        cache = [] if self.args.cache_mb is None else ["--cache-mb", str(self.args.cache_mb)]
        env = dict(os.environ)
        if self.args.malloc_conf is not None:
            env["MALLOC_CONF"] = self.args.malloc_conf  # over the binary's own malloc_conf
        server = subprocess.Popen([str(Path(self.args.build_dir) / "monotable"), "--port",
                                   str(self.port), "--db-path", f"{data}/db", *cache],
                                  stdout=log, stderr=log, env=env)
        try:
            wait_ready(self.port, server)
            self.setup()
            self.start = time.monotonic()
            workers = [threading.Thread(target=self.load_stream, args=s, daemon=True)
                       for s in STREAMS + [("scan", SCAN_SEGMENTS, [])]]
            workers.append(threading.Thread(target=self.sampler, args=(server.pid,),
                                            daemon=True))
            for w in workers:
                w.start()
            self.stop.wait(self.args.minutes * 60)
            self.stop.set()
            for w in workers:
                w.join()
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=60)
            subprocess.run(["rm", "-rf", data])


def write_csvs(soak, out):
    with open(out / "samples.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(SAMPLE_COLUMNS)
        w.writerows(soak.samples)
    with open(out / "latency.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["elapsed_s", "op", "rps", "p99_us", "errors", "conflicts"])
        w.writerows(soak.latency)


def read_csvs(soak, out):
    with open(out / "samples.csv") as f:
        # Older runs lack some gauge columns: -1 (unread).
        rows = list(csv.reader(f))
        gauges = len(GAUGES)
        soak.samples = [(float(r[0]), float(r[1]), int(r[2]), int(r[3]),
                         *(float(x) for x in (r[4:] + ["-1"] * gauges)[:gauges]))
                        for r in rows[1:]]
    with open(out / "latency.csv") as f:
        # Older runs lack the conflicts column: 0.
        soak.latency = [(float(r[0]), r[1], float(r[2]), float(r[3]), int(r[4]),
                         int((r[5:] or ["0"])[0])) for r in list(csv.reader(f))[1:]]


def spread(values):
    return {"min": min(values), "median": statistics.median(values), "max": max(values)}


def summarise(soak, warmup_s):
    """The flatness checks on the samples after warm-up."""
    after = [s for s in soak.samples if s[0] >= warmup_s]
    rss = [s[1] for s in after]
    median_rss = statistics.median(rss)
    summary = {
        "minutes": soak.args.minutes, "warmup_minutes": warmup_s / 60,
        "cache_mb": soak.args.cache_mb,
        "rss_mb": {"min": min(rss), "median": median_rss, "max": max(rss),
                   "max_deviation_pct": round(
                       100 * max(abs(x - median_rss) for x in rss) / median_rss, 1)},
        "fds": {"min": min(s[2] for s in after), "max": max(s[2] for s in after)},
        "threads": {"min": min(s[3] for s in after), "max": max(s[3] for s in after)},
        "gauges_mb": {name: spread([s[4 + i] for s in after])
                      for i, name in enumerate(GAUGES) if any(s[4 + i] >= 0 for s in after)},
        "p99_us": {}, "requests_errors": sum(r[4] for r in soak.latency),
        "transaction_conflicts": sum(r[5] for r in soak.latency),
    }
    for op in sorted({r[1] for r in soak.latency}):
        rows = [r for r in soak.latency if r[1] == op and r[0] >= warmup_s]
        third = max(len(rows) // 3, 1)
        first = statistics.median(r[3] for r in rows[:third])
        last = statistics.median(r[3] for r in rows[-third:])
        summary["p99_us"][op] = {"first_third_median": first, "last_third_median": last,
                                 "drift_pct": round(100 * (last - first) / first, 1),
                                 "rounds": len(rows),
                                 "median_rps": statistics.median(r[2] for r in rows)}
    summary["checks"] = {
        "rss_within_10pct": summary["rss_mb"]["max_deviation_pct"] <= 10,
        # Sockets of the 64 connections come and go between rounds: flat means bounded.
        "fds_flat": summary["fds"]["max"] - summary["fds"]["min"] <= 2 * 64 + 8,
        "threads_flat": summary["threads"]["max"] == summary["threads"]["min"],
        "p99_no_drift": all(v["drift_pct"] <= 25 for v in summary["p99_us"].values()),
        "no_errors": summary["requests_errors"] == 0,
    }
    return summary


def plot(soak, out):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib missing: no soak.png (apt-get install python3-matplotlib)")
        return
    fig, axes = plt.subplots(3, 1, figsize=(10, 9), sharex=True)
    minutes = [s[0] / 60 for s in soak.samples]
    axes[0].plot(minutes, [s[1] for s in soak.samples], label="RSS")
    labels = {"resident_mb": "jemalloc resident", "allocated_mb": "jemalloc allocated",
              "cache_mb": "block cache (with memtables)", "memtable_mb": "memtables",
              "dirty_mb": "jemalloc dirty + muzzy"}
    for column, label in labels.items():
        i = 4 + list(GAUGES).index(column)
        if any(s[i] >= 0 for s in soak.samples):
            values = [s[i] for s in soak.samples]
            if column == "dirty_mb":
                values = [s[i] + max(s[i + 1], 0) for s in soak.samples]
            axes[0].plot(minutes, values, label=label, linewidth=1)
    axes[0].set_ylabel("MB")
    axes[0].set_ylim(bottom=0)
    axes[0].legend(loc="lower right", fontsize="small")
    axes[1].plot(minutes, [s[2] for s in soak.samples], label="open fds")
    axes[1].plot(minutes, [s[3] for s in soak.samples], label="threads")
    axes[1].set_ylim(bottom=0)
    axes[1].legend(loc="lower right")
    for op in sorted({r[1] for r in soak.latency}):
        rows = [r for r in soak.latency if r[1] == op]
        label = "scan (worst page)" if op == "scan" else op
        axes[2].plot([r[0] / 60 for r in rows], [r[3] / 1000 for r in rows], label=label)
    axes[2].set_ylabel("p99 per round (ms)")
    axes[2].set_yscale("log")
    axes[2].set_xlabel("minutes")
    axes[2].legend(loc="upper right", fontsize="small", ncol=3)
    fig.suptitle(f"monotable soak: {soak.args.minutes:g} min, 64 connections, "
                 f"--cache-mb {soak.args.cache_mb or 'default'}")
    fig.tight_layout()
    fig.savefig(out / "soak.png", dpi=80)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=30)
    parser.add_argument("--warmup-minutes", type=float, default=None,
                        help="excluded from the checks (default: a sixth, at most 5)")
    parser.add_argument("--round", type=float, default=10, help="seconds per bench round")
    parser.add_argument("--sample", type=float, default=5, help="seconds between samples")
    parser.add_argument("--cache-mb", type=int, default=None,
                        help="the server's --cache-mb (default: the server's default); the "
                             "cache fills with blocks of files that compactions replaced, so "
                             "RSS grows until it is full")
    parser.add_argument("--malloc-conf", default=None,
                        help="MALLOC_CONF for the server (jemalloc options over the binary's)")
    parser.add_argument("--build-dir", default=str(ROOT / "build"))
    parser.add_argument("--out", default=None)
    parser.add_argument("--from-csv", action="store_true",
                        help="no run: redo the summary and picture from --out's CSV files")
    args = parser.parse_args()
    stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y%m%d-%H%M")
    out = Path(args.out or ROOT / "bench" / "results" / f"soak-{stamp}")
    out.mkdir(parents=True, exist_ok=True)
    args.out = str(out)
    warmup = args.warmup_minutes
    if warmup is None:
        warmup = min(args.minutes / 6, 5)
    soak = Soak(args)
    if args.from_csv:
        read_csvs(soak, out)
    else:
        soak.run()
        write_csvs(soak, out)
    summary = summarise(soak, warmup * 60)
    (out / "summary.json").write_text(json.dumps(summary, indent=2) + "\n")
    plot(soak, out)
    print(json.dumps(summary, indent=2))
    return 0 if all(summary["checks"].values()) else 1


if __name__ == "__main__":
    sys.exit(main())
