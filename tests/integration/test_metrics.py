"""GET /metrics (Prometheus text format, checked with prometheus_client's own parser),
the health check on GET / only, and 404 for other paths."""
import os
import time

import pytest
from botocore.exceptions import ClientError
from prometheus_client.parser import text_string_to_metric_families

from mtutil import create_table, http_get, make_client, unique_name


def samples(text):
    """{(sample name, frozenset(labels)): value}, parsed strictly by prometheus_client."""
    out = {}
    families = {}
    for family in text_string_to_metric_families(text):
        families[family.name] = family
        for s in family.samples:
            key = (s.name, frozenset(s.labels.items()))
            assert key not in out, f"duplicate sample {key}"
            out[key] = s.value
    return families, out


@pytest.fixture
def enforce(server_factory):
    return server_factory(in_memory=True, extra=["--throughput", "enforce"])


def test_health_check_is_get_slash_and_other_paths_are_404(server):
    status, headers, body = http_get(server.port, "/")
    assert (status, body) == (200, "healthy: dynamodb.us-east-1.amazonaws.com ")
    assert http_get(server.port, "/", "HEAD")[0] == 200
    for path in ("/nope", "/metrics/extra", "/monotable/nope", "/monotable/tables/x"):
        assert http_get(server.port, path)[0] == 404, path


def test_metrics_parse_and_show_requests_throughput_and_rocksdb(enforce):
    client = make_client(enforce.endpoint)
    name = unique_name()
    create_table(client, name, range_type=None, rcu=1, wcu=1)
    throttled = 0
    for i in range(30):
        try:
            client.put_item(TableName=name, Item={"PK": {"S": "hot"}, "n": {"N": str(i)}})
        except ClientError as e:
            assert e.response["Error"]["Code"] == "ProvisionedThroughputExceededException"
            throttled += 1
            break
    assert throttled == 1
    client.get_item(TableName=name, Key={"PK": {"S": "hot"}})

    status, headers, text = http_get(enforce.port, "/metrics")
    assert status == 200
    assert headers["Content-Type"].startswith("text/plain; version=0.0.4")
    families, values = samples(text)
    for family in families:
        assert family.startswith("monotable_"), family
    assert families["monotable_requests"].type == "counter"
    assert families["monotable_request_duration_seconds"].type == "histogram"

    def value(sample, **labels):
        return values[(sample, frozenset(labels.items()))]

    assert value("monotable_requests_total", operation="PutItem", outcome="Ok") >= 1
    # boto3 retries a throttled write: every attempt was refused and counted.
    refused = value("monotable_requests_total", operation="PutItem",
                    outcome="ProvisionedThroughputExceededException")
    assert refused >= 1
    assert value("monotable_requests_total", operation="CreateTable", outcome="Ok") == 1
    assert value("monotable_request_duration_seconds_count", operation="GetItem") == 1
    assert value("monotable_request_duration_seconds_bucket", operation="GetItem", le="+Inf") == 1
    assert value("monotable_request_duration_seconds_sum", operation="GetItem") > 0

    # The (a-)table's own resource: namespace = access key:region.
    ns = next(dict(labels)["namespace"] for (s, labels) in values
              if s == "monotable_partitions" and dict(labels)["table"] == name)
    table = dict(namespace=ns, table=name, index="")
    assert value("monotable_partitions", **table) == 1
    assert value("monotable_throttled_requests_total",
                 reason="TableWriteProvisionedThroughputExceeded", **table) == refused
    assert value("monotable_consumed_capacity_units_total", op="write", **table) >= 1
    assert value("monotable_consumed_capacity_units_total", op="read", **table) == 0.5
    assert value("monotable_allowed_capacity_units_per_second", op="write", **table) == 1
    partition = dict(partition="0000000000000000", **table)
    assert value("monotable_partition_consumed_capacity_units_total", op="write",
                 **partition) >= 1
    assert value("monotable_partition_throttled_requests_total", op="write",
                 **partition) == refused
    assert value("monotable_table_items", namespace=ns, table=name) == 1
    for rocksdb in ("block_cache_hits_total", "block_cache_misses_total", "memtable_bytes",
                    "sst_bytes", "pending_compaction_bytes", "block_cache_usage_bytes",
                    "block_cache_pinned_bytes", "table_readers_bytes"):
        assert ("monotable_rocksdb_" + rocksdb, frozenset()) in values, rocksdb
    assert value("monotable_rocksdb_memtable_bytes") > 0


def test_metrics_show_jemallocs_own_figures(server):
    """On jemalloc (bench/SOAK.md reads these to tell allocator retention from live
    allocations); a sanitizer build, on the sanitizers' allocator, shows none of them."""
    client = make_client(server.endpoint)
    create_table(client, unique_name(), range_type=None)
    _, _, text = http_get(server.port, "/metrics")
    _, values = samples(text)
    if os.environ.get("MONOTABLE_ALLOCATOR", "jemalloc") != "jemalloc":
        assert not any(name.startswith("monotable_allocator_") for name, _ in values)
        return

    def value(name):
        return values[("monotable_allocator_" + name + "_bytes", frozenset())]

    assert value("allocated") > 1 << 20
    assert value("allocated") <= value("active") <= value("resident")
    assert value("active") <= value("mapped")
    assert value("dirty") + value("muzzy") <= value("mapped")
    assert value("metadata") > 0
    assert ("monotable_allocator_retained_bytes", frozenset()) in values


def test_metrics_under_throughput_off_have_no_throughput_families(server_factory):
    off = server_factory(in_memory=True, extra=["--throughput", "off"])
    client = make_client(off.endpoint)
    create_table(client, unique_name(), range_type=None)
    status, _, text = http_get(off.port, "/metrics")
    assert status == 200
    _, values = samples(text)
    assert not any(s == "monotable_partitions" for (s, _) in values)
    assert any(s == "monotable_table_items" for (s, _) in values)


def test_background_jobs_are_counted_by_kind(server):
    """Every kind of background job has its runs, failures and running threads in /metrics
    (engine/jobs/job_runner.h); a GSI added to a loaded table is one gsi_backfill run."""
    client = make_client(server.endpoint)
    name = unique_name()
    create_table(client, name, range_type=None)
    for i in range(5):
        client.put_item(TableName=name, Item={"PK": {"S": f"k{i}"}, "G": {"S": "g"}})
    client.update_table(
        TableName=name, AttributeDefinitions=[{"AttributeName": "G", "AttributeType": "S"}],
        GlobalSecondaryIndexUpdates=[{"Create": {
            "IndexName": "ByG", "KeySchema": [{"AttributeName": "G", "KeyType": "HASH"}],
            "Projection": {"ProjectionType": "ALL"},
            "ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 5}}}])
    for _ in range(600):  # until the backfill has ended (DescribeTable: ACTIVE), at most 30 s
        gsis = client.describe_table(TableName=name)["Table"]["GlobalSecondaryIndexes"]
        if gsis[0]["IndexStatus"] == "ACTIVE":
            break
        time.sleep(0.05)
    assert gsis[0]["IndexStatus"] == "ACTIVE"

    families, values = samples(http_get(server.port, "/metrics")[2])
    assert families["monotable_background_job_runs"].type == "counter"
    assert families["monotable_background_job_failures"].type == "counter"
    assert families["monotable_background_jobs_running"].type == "gauge"
    kinds = ("gsi_backfill", "ttl_backfill", "ttl_sweep", "stream_maintenance", "backup")
    for kind in kinds:
        labels = frozenset({"job": kind}.items())
        assert values[("monotable_background_job_failures_total", labels)] == 0, kind
        assert ("monotable_background_jobs_running", labels) in values, kind
    gsi = frozenset({"job": "gsi_backfill"}.items())
    assert values[("monotable_background_job_runs_total", gsi)] == 1
    assert values[("monotable_background_jobs_running", gsi)] == 0  # ended and joined
