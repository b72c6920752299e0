#!/usr/bin/env python3
"""DynamoDB Streams numbers for bench/README.md, against a running server:

  1. PutItem throughput on a table without a stream and on one with a NEW_AND_OLD_IMAGES
     stream (monotable_bench --op put, same flags, alternating runs);
  2. the GetRecords drain rate of one shard (the stream table's largest shard, read from
     TRIM_HORIZON to its end with Limit 1000, over one keep-alive connection, the JSON
     parsed by the client), in records per second.

    bench/streams.py --bench build-bench/monotable_bench --port 8000 [--runs 3]

Requests carry the bench driver's fake credentials (AKIDBENCH, us-east-1), so the
tables are the ones monotable_bench creates. Prints one JSON line per measurement and a
summary line with the medians.
"""

import argparse
import http.client
import json
import statistics
import subprocess
import time

AUTH = ("AWS4-HMAC-SHA256 Credential=AKIDBENCH/20250101/us-east-1/dynamodb/aws4_request, "
        "SignedHeaders=host, Signature=abc")


class Client:
    """One keep-alive connection; call(target, body) -> parsed JSON (raises on non-200)."""

    def __init__(self, port):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def call(self, target, body):
        self.conn.request("POST", "/", json.dumps(body), {
            "X-Amz-Target": target, "Authorization": AUTH,
            "Content-Type": "application/x-amz-json-1.0"})
        response = self.conn.getresponse()
        data = response.read()
        if response.status != 200:
            raise RuntimeError(f"{target}: HTTP {response.status}: {data[:300]!r}")
        return json.loads(data)


def put_run(args, table, setup):
    cmd = [args.bench, "--port", str(args.port), "--op", "put", "--table", table,
           "--connections", str(args.connections), "--duration", str(args.duration),
           "--warmup", "1", "--keys", str(args.keys), "--setup" if setup else "--preloaded"]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    return json.loads(out.strip().splitlines()[-1])["rps"]


def drain(client, arn):
    """Reads the largest shard of the stream to its current end: (records, seconds)."""
    shards = client.call("DynamoDBStreams_20120810.DescribeStream",
                         {"StreamArn": arn})["StreamDescription"]["Shards"]
    best = (0, 0.0, None)
    for shard in shards:
        iterator = client.call("DynamoDBStreams_20120810.GetShardIterator", {
            "StreamArn": arn, "ShardId": shard["ShardId"],
            "ShardIteratorType": "TRIM_HORIZON"})["ShardIterator"]
        count, start = 0, time.perf_counter()
        while iterator:
            page = client.call("DynamoDBStreams_20120810.GetRecords",
                               {"ShardIterator": iterator, "Limit": 1000})
            count += len(page["Records"])
            if not page["Records"]:
                break
            iterator = page.get("NextShardIterator")
        elapsed = time.perf_counter() - start
        if count > best[0]:
            best = (count, elapsed, shard["ShardId"])
    return best


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--bench", required=True, help="path of monotable_bench")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--duration", type=int, default=10)
    p.add_argument("--connections", type=int, default=16)
    p.add_argument("--keys", type=int, default=100000)
    args = p.parse_args()
    client = Client(args.port)

    put_run(args, "bench_nostream", setup=True)
    put_run(args, "bench_stream", setup=True)
    arn = client.call("DynamoDB_20120810.UpdateTable", {
        "TableName": "bench_stream", "StreamSpecification": {
            "StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"}}
    )["TableDescription"]["LatestStreamArn"]
    without, with_stream = [], []
    for _ in range(args.runs):  # alternating, so drift of the machine hits both alike
        without.append(put_run(args, "bench_nostream", setup=False))
        with_stream.append(put_run(args, "bench_stream", setup=False))
        print(json.dumps({"put_rps_without_stream": without[-1],
                          "put_rps_with_stream": with_stream[-1]}))
    rates = []
    for _ in range(args.runs):
        records, seconds, shard = drain(client, arn)
        rates.append(records / seconds)
        print(json.dumps({"drain_shard": shard, "records": records,
                          "seconds": round(seconds, 3), "records_per_s": round(rates[-1])}))
    a, b = statistics.median(without), statistics.median(with_stream)
    print(json.dumps({"put_rps_without_stream_median": a, "put_rps_with_stream_median": b,
                      "ratio": round(b / a, 3),
                      "drain_records_per_s_median": round(statistics.median(rates))}))


if __name__ == "__main__":
    main()
