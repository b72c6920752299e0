#!/usr/bin/env python3
"""The web console's performance (docs/CONSOLE.md), in the headless Chromium the browser
tests use, against a server this script starts (build/monotable, in memory):

  load     page load from the local server: navigation start to the tables list drawn
           (the mark 'monotable-tables-listed'), in a fresh browser profile (cold) and on
           reloads (warm: the page revalidated, hashed files from the cache), median of
           --runs; and how many of the console's files a cold load fetched
  idle     the CPU the console's polling adds to an idle server: the server process's
           user+system time (/proc/PID/stat) over --seconds with no browser, then with
           the console open on the partitions view (2 s polls of partitions + insights
           of a 53-partition table, 10-minute window), then on the metrics view
  heatmap  drawing 64 partitions x 600 seconds of per-second samples (synthetic, with
           throttles) with the console's own heatmap.js, median of 30 draws; the
           partitions view's whole refresh (fetch, parse, draw) of the 53-partition
           table's 600-second window; and 1,000 mouse moves over the map

    bench/console_bench.py [--bin build/monotable] [--runs 7] [--seconds 60]
"""
import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "integration"))
from console_browser import Browser, missing_browser  # noqa: E402
from mtutil import ServerProcess, create_table, free_port, make_client, server_args  # noqa: E402

ACCESS_KEY, REGION = "AKIDBENCH", "us-east-1"

LOAD_TIME = """
const [m] = performance.getEntriesByName('monotable-tables-listed');
return m ? m.startTime : null;
"""
# The console's own files the page fetched (not the API calls): count and bytes on the wire.
FILES = """
const files = performance.getEntriesByType('resource').filter((e) => e.name.includes('/console/'));
return [files.length, files.reduce((sum, e) => sum + e.transferSize, 0)];
"""

HEATMAP = """
const done = arguments[arguments.length - 1];
import('/console/heatmap.js').then(({drawHeatMap, cellAt}) => {
  const rows = [];
  for (let p = 0; p < 64; p++) {
    const ratios = [], throttled = [];
    for (let s = 0; s < 600; s++) {
      ratios.push(p === 7 ? 1.2 : Math.random() * 0.8);
      throttled.push(p === 7 && s % 3 === 0 ? 2 : 0);
    }
    rows.push({label: String(p), ratios, throttled});
  }
  const model = {rows, firstSecond: 0};
  const canvas = document.createElement('canvas');
  document.body.append(canvas);
  const times = [];
  let geometry;
  for (let i = 0; i < 30; i++) {
    const t = performance.now();
    geometry = drawHeatMap(canvas, model);
    times.push(performance.now() - t);
  }
  const t = performance.now();
  for (let i = 0; i < 1000; i++) cellAt(geometry, model, (i * 7) % canvas.width, (i * 13) % canvas.height);
  done({times, hover: performance.now() - t, width: canvas.width, height: canvas.height});
});
"""


def cpu_seconds(pid):
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cpu_percent(pid, seconds):
    before, start = cpu_seconds(pid), time.monotonic()
    time.sleep(seconds)
    return 100 * (cpu_seconds(pid) - before) / (time.monotonic() - start)


def open_view(browser, server, route):
    browser.open(server, route, ACCESS_KEY, REGION)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--bin", default=str(ROOT / "build" / "monotable"))
    p.add_argument("--runs", type=int, default=7)
    p.add_argument("--seconds", type=float, default=60)
    args = p.parse_args()
    reason = missing_browser()
    if reason:
        sys.exit(f"cannot measure: {reason}")
    os.environ["MONOTABLE_BIN"] = args.bin
    port = free_port()
    server = ServerProcess(server_args(port, in_memory=True), port, "/tmp/console-bench-logs")
    server.wait_ready()
    try:
        client = make_client(server.endpoint, access_key=ACCESS_KEY, region=REGION)
        big = "big"
        create_table(client, big, rcu=39000, wcu=40000)  # 53 partitions
        for i in range(5):
            create_table(client, f"small{i}", billing="PAY_PER_REQUEST")

        cold, warm = [], []
        for _ in range(args.runs):
            b = Browser()
            try:
                open_view(b, server, "tables")
                cold.append(b.wait(lambda x: x.driver.execute_script(LOAD_TIME), "load"))
                files = b.driver.execute_script(FILES)
                b.driver.refresh()
                warm.append(b.wait(lambda x: x.driver.execute_script(LOAD_TIME), "reload"))
            finally:
                b.quit()
        print(f"files fetched by a cold load: {files[0]} ({files[1]} bytes transferred)")
        print(f"load: cold median {statistics.median(cold):.0f} ms (runs {sorted(round(x) for x in cold)}), "
              f"warm median {statistics.median(warm):.0f} ms (runs {sorted(round(x) for x in warm)})")

        b = Browser()
        try:
            idle = cpu_percent(server.proc.pid, args.seconds)
            open_view(b, server, f"partitions?table={big}")
            b.wait_text("#partition-count", "partitions")
            b.driver.execute_script("document.getElementById('partitions-window').value = '600';"
                                    "document.getElementById('partitions-window')"
                                    ".dispatchEvent(new Event('change'));")
            partitions = cpu_percent(server.proc.pid, args.seconds)
            refresh = float(b.find("#heatmap").get_attribute("data-refresh-ms"))
            drawn = float(b.find("#heatmap").get_attribute("data-render-ms"))
            open_view(b, server, "metrics")
            b.wait_text("#metrics-operations tr", "ListTables")
            metrics = cpu_percent(server.proc.pid, args.seconds)
            print(f"idle server CPU (% of one core over {args.seconds:.0f} s): no console {idle:.2f}, "
                  f"partitions view {partitions:.2f}, metrics view {metrics:.2f}")
            print(f"partitions view refresh, 53 partitions x 600 s: {refresh:.1f} ms "
                  f"(of which drawing {drawn:.1f} ms)")
            result = b.driver.execute_async_script(HEATMAP)
            times = result["times"]
            print(f"heat map 64 x 600 ({result['width']}x{result['height']} px): draw median "
                  f"{statistics.median(times):.1f} ms, max {max(times):.1f} ms; 1000 hover "
                  f"look-ups {result['hover']:.1f} ms")
        finally:
            b.quit()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
