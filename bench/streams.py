#!/usr/bin/env python3
"""DynamoDB Streams numbers for bench/README.md, against a running server:

  1. PutItem throughput on a table without a stream and on one with a NEW_AND_OLD_IMAGES
     stream (monotable_bench --op put, same flags, alternating runs). The keys are drawn
     from 10^9, so nearly every put inserts a new item and writes a record: a put that
     rewrites an item unchanged writes none (DynamoDB's rule), which would measure
     nothing;
  2. the GetRecords drain rate of one shard (the stream table's largest shard, read from
     TRIM_HORIZON to its end with Limit 1000, over one keep-alive connection), in
     records per second: the server's rate (each response read whole, its next
     iterator and record count found without parsing it) and, apart, the rate with
     Python's json.loads of every page (a client's cost, not the server's).

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

    def call(self, target, body, parse=True):
        self.conn.request("POST", "/", json.dumps(body), {
            "X-Amz-Target": target, "Authorization": AUTH,
            "Content-Type": "application/x-amz-json-1.0"})
        response = self.conn.getresponse()
        data = response.read()
        if response.status != 200:
            raise RuntimeError(f"{target}: HTTP {response.status}: {data[:300]!r}")
        return json.loads(data) if parse else data


def page_summary(data):
    """(record count, NextShardIterator or None) of a GetRecords body, without parsing
    it: monotable writes NextShardIterator first, and every record has one eventID."""
    count = data.count(b'"eventID":')
    marker = b'"NextShardIterator":"'
    at = data.find(marker)
    if at < 0:
        return count, None
    start = at + len(marker)
    return count, data[start:data.index(b'"', start)].decode()


def create_table(client, name, stream):
    """The bench driver's table shape (PK/SK strings, on demand), with or without a
    NEW_AND_OLD_IMAGES stream. Returns the stream's ARN (None without one)."""
    body = {"TableName": name, "BillingMode": "PAY_PER_REQUEST",
            "AttributeDefinitions": [{"AttributeName": a, "AttributeType": "S"}
                                     for a in ("PK", "SK")],
            "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"},
                          {"AttributeName": "SK", "KeyType": "RANGE"}]}
    if stream:
        body["StreamSpecification"] = {"StreamEnabled": True,
                                       "StreamViewType": "NEW_AND_OLD_IMAGES"}
    return client.call("DynamoDB_20120810.CreateTable",
                       body)["TableDescription"].get("LatestStreamArn")


def put_run(args, table):
    cmd = [args.bench, "--port", str(args.port), "--op", "put", "--table", table,
           "--connections", str(args.connections), "--duration", str(args.duration),
           "--warmup", "1", "--keys", str(10**9)]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    return json.loads(out.strip().splitlines()[-1])["rps"]


def drain(client, arn, parse):
    """Reads the largest shard of the stream to its current end: (records, seconds,
    shard id); with `parse`, every page goes through json.loads."""
    shards = client.call("DynamoDBStreams_20120810.DescribeStream",
                         {"StreamArn": arn})["StreamDescription"]["Shards"]
    best = (0, 0.0, None)
    for shard in shards:
        iterator = client.call("DynamoDBStreams_20120810.GetShardIterator", {
            "StreamArn": arn, "ShardId": shard["ShardId"],
            "ShardIteratorType": "TRIM_HORIZON"})["ShardIterator"]
        count, start = 0, time.perf_counter()
        while iterator:
            body = client.call("DynamoDBStreams_20120810.GetRecords",
                               {"ShardIterator": iterator, "Limit": 1000}, parse=False)
            if parse:
                page = json.loads(body)
                records, iterator = len(page["Records"]), page.get("NextShardIterator")
            else:
                records, iterator = page_summary(body)
            count += records
            if not records:
                break
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
    p.add_argument("--prefix", default="streams_bench",
                   help="table names: <prefix>_plain and <prefix>_stream (created)")
    args = p.parse_args()
    client = Client(args.port)

    plain, streamed = args.prefix + "_plain", args.prefix + "_stream"
    create_table(client, plain, stream=False)
    arn = create_table(client, streamed, stream=True)
    without, with_stream = [], []
    for _ in range(args.runs):  # alternating, so drift of the machine hits both alike
        without.append(put_run(args, plain))
        with_stream.append(put_run(args, streamed))
        print(json.dumps({"put_rps_without_stream": without[-1],
                          "put_rps_with_stream": with_stream[-1]}))
    rates, parsed_rates = [], []
    for _ in range(args.runs):
        for parse, into in ((False, rates), (True, parsed_rates)):
            records, seconds, shard = drain(client, arn, parse)
            into.append(records / seconds)
            print(json.dumps({"drain_shard": shard, "client_parses_json": parse,
                              "records": records, "seconds": round(seconds, 3),
                              "records_per_s": round(into[-1])}))
    a, b = statistics.median(without), statistics.median(with_stream)
    print(json.dumps({"put_rps_without_stream_median": a, "put_rps_with_stream_median": b,
                      "ratio": round(b / a, 3),
                      "drain_records_per_s_median": round(statistics.median(rates)),
                      "drain_with_json_loads_records_per_s_median":
                          round(statistics.median(parsed_rates))}))


if __name__ == "__main__":
    main()
