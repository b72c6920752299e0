"""Eventually consistent reads, GSI lag and stream records' delay
(docs/EVENTUAL_CONSISTENCY.md) with boto3: a read without ConsistentRead that misses a
fresh write, or sees the old image, next to a strongly consistent one that sees it; a GSI
Query that misses a fresh write and sees it later; stream records readable only after
their delay. Each test starts its own server. The delays are constant and generous
(2 s), so "right after a write" holds on a loaded machine, and "later" is polled for."""

import time

from mtutil import (create_indexed_table, create_table, http_get, index_spec, make_client,
                    poll, S, unique_name)
from streams_common import create_streamed_table, shards_of, streams_client

LAG_MS = "2000"


def key(pk):
    return {"PK": S(pk), "SK": S("s")}


def test_off_by_default(server_factory):
    srv = server_factory(in_memory=True)
    ddb = make_client(srv.endpoint)
    name = unique_name("fresh")
    create_indexed_table(ddb, name, {"PK": "S", "SK": "S", "g": "S"},
                         gsis=[index_spec("byG", "g")])
    ddb.put_item(TableName=name, Item={**key("a"), "g": S("x")})
    assert ddb.get_item(TableName=name, Key=key("a"))["Item"]["g"] == S("x")
    answer = ddb.query(TableName=name, IndexName="byG", KeyConditionExpression="g = :g",
                       ExpressionAttributeValues={":g": S("x")})
    assert answer["Count"] == 1


def test_a_stale_read_next_to_a_fresh_one(server_factory):
    srv = server_factory(in_memory=True, extra=["--eventual-consistency-delay", LAG_MS])
    ddb = make_client(srv.endpoint)
    name = unique_name("stale")
    create_table(ddb, name, billing="PAY_PER_REQUEST")

    def get(consistent):
        return ddb.get_item(TableName=name, Key=key("a"), ConsistentRead=consistent)

    ddb.put_item(TableName=name, Item={**key("a"), "v": S("1")})
    assert "Item" not in get(False)  # just created: not there yet for an eventual read
    assert get(True)["Item"]["v"] == S("1")
    poll(lambda: "Item" in get(False))

    ddb.put_item(TableName=name, Item={**key("a"), "v": S("2")})
    assert get(False)["Item"]["v"] == S("1")  # the old image
    assert get(True)["Item"]["v"] == S("2")
    query = dict(TableName=name, KeyConditionExpression="PK = :p",
                 ExpressionAttributeValues={":p": S("a")})
    assert ddb.query(**query)["Items"][0]["v"] == S("1")
    assert ddb.query(**query, ConsistentRead=True)["Items"][0]["v"] == S("2")
    assert ddb.scan(TableName=name)["Items"][0]["v"] == S("1")
    assert ddb.scan(TableName=name, ConsistentRead=True)["Items"][0]["v"] == S("2")
    batch = ddb.batch_get_item(RequestItems={name: {"Keys": [key("a")]}})
    assert batch["Responses"][name][0]["v"] == S("1")
    batch = ddb.batch_get_item(RequestItems={name: {"Keys": [key("a")], "ConsistentRead": True}})
    assert batch["Responses"][name][0]["v"] == S("2")
    # Transactions always read the latest.
    answer = ddb.transact_get_items(TransactItems=[{"Get": {"TableName": name, "Key": key("a")}}])
    assert answer["Responses"][0]["Item"]["v"] == S("2")
    poll(lambda: get(False)["Item"]["v"] == S("2"))


def test_a_gsi_query_misses_a_fresh_write_and_sees_it_later(server_factory):
    srv = server_factory(in_memory=True, extra=["--gsi-lag", LAG_MS])
    ddb = make_client(srv.endpoint)
    name = unique_name("lag")
    create_indexed_table(ddb, name, {"PK": "S", "SK": "S", "g": "S"},
                         gsis=[index_spec("byG", "g")])

    def on_index(g):
        return ddb.query(TableName=name, IndexName="byG", KeyConditionExpression="g = :g",
                         ExpressionAttributeValues={":g": S(g)})["Items"]

    ddb.put_item(TableName=name, Item={**key("a"), "g": S("x")})
    assert on_index("x") == []  # the index has not caught up
    assert ddb.get_item(TableName=name, Key=key("a"))["Item"]["g"] == S("x")  # the table has
    poll(lambda: on_index("x"))

    # Moving the item to another index key: the index shows it under the old key a while.
    ddb.update_item(TableName=name, Key=key("a"), UpdateExpression="SET g = :g",
                    ExpressionAttributeValues={":g": S("y")})
    assert [item["g"] for item in on_index("x")] == [S("x")]
    assert on_index("y") == []
    scanned = ddb.scan(TableName=name, IndexName="byG")["Items"]
    assert [item["g"] for item in scanned] == [S("x")]
    poll(lambda: on_index("y") and not on_index("x"))


def test_a_gsi_partition_shows_its_writes_in_write_order(server_factory):
    # Each write draws its own lag (0-1000 ms), yet none overtakes the one before it in
    # its index partition: a Query sees the item's versions in the order they were
    # written, never an older one after a newer (with a lag drawn per read, it did).
    srv = server_factory(in_memory=True, extra=["--gsi-lag", "0-1000",
                                                "--staleness-seed", "35"])
    ddb = make_client(srv.endpoint)
    name = unique_name("order")
    create_indexed_table(ddb, name, {"PK": "S", "SK": "S", "g": "S"},
                         gsis=[index_spec("byG", "g")])

    def version():
        items = ddb.query(TableName=name, IndexName="byG", KeyConditionExpression="g = :g",
                          ExpressionAttributeValues={":g": S("x")})["Items"]
        return int(items[0]["v"]["N"]) if items else 0

    seen = []
    for v in range(1, 41):
        ddb.put_item(TableName=name, Item={**key("a"), "g": S("x"), "v": {"N": str(v)}})
        seen.append(version())
        time.sleep(0.02)
    assert seen == sorted(seen), f"an older version after a newer one: {seen}"
    poll(lambda: version() == 40)


def test_stream_records_are_readable_after_their_delay(server_factory):
    srv = server_factory(in_memory=True, extra=["--streams-delay", LAG_MS])
    ddb = make_client(srv.endpoint)
    streams = streams_client(srv.endpoint)
    name, arn = create_streamed_table(ddb, throughput=(5, 5))  # one partition: one shard
    ddb.put_item(TableName=name, Item={"PK": S("a"), "v": S("1")})
    (shard,) = shards_of(streams, arn)
    iterator = streams.get_shard_iterator(StreamArn=arn, ShardId=shard["ShardId"],
                                          ShardIteratorType="TRIM_HORIZON")["ShardIterator"]
    first = streams.get_records(ShardIterator=iterator)
    assert first["Records"] == []  # written, not yet readable
    state = {"iterator": first["NextShardIterator"]}

    def records():
        answer = streams.get_records(ShardIterator=state["iterator"])
        state["iterator"] = answer["NextShardIterator"]
        return answer["Records"]

    (record,) = poll(records)
    assert record["eventName"] == "INSERT"
    assert record["dynamodb"]["NewImage"] == {"PK": S("a"), "v": S("1")}


def test_a_tables_tag_sets_its_own_lag(server_factory):
    srv = server_factory(in_memory=True, extra=["--gsi-lag", LAG_MS])
    ddb = make_client(srv.endpoint)
    name = unique_name("own")
    table = create_indexed_table(ddb, name, {"PK": "S", "SK": "S", "g": "S"},
                                 gsis=[index_spec("byG", "g")])["TableDescription"]
    # This table's GSI does not lag: its tag replaces the server's 2 s.
    ddb.tag_resource(ResourceArn=table["TableArn"],
                     Tags=[{"Key": "monotable:gsi-lag-ms", "Value": "0"}])
    ddb.put_item(TableName=name, Item={**key("a"), "g": S("x")})
    answer = ddb.query(TableName=name, IndexName="byG", KeyConditionExpression="g = :g",
                       ExpressionAttributeValues={":g": S("x")})
    assert answer["Count"] == 1


def metric(port, name):
    """The value of one unlabelled /metrics series, or None if it is not exposed."""
    status, _, body = http_get(port, "/metrics")
    assert status == 200
    for line in body.splitlines():
        if line.startswith(name + " "):
            return float(line.split()[1])
    return None


def test_the_staleness_ring_is_on_metrics_only_while_a_delay_is_set(server_factory):
    off = server_factory(in_memory=True)
    assert metric(off.port, "monotable_staleness_snapshots") is None
    srv = server_factory(in_memory=True, extra=["--eventual-consistency-delay", LAG_MS])
    ddb = make_client(srv.endpoint)
    name = unique_name("ring")
    create_table(ddb, name, billing="PAY_PER_REQUEST")
    for i in range(3):
        ddb.put_item(TableName=name, Item={**key(f"a{i}"), "v": S("1")})
        time.sleep(0.01)  # the ring takes one snapshot per 2 ms at most
    assert metric(srv.port, "monotable_staleness_snapshots") >= 2
    age = metric(srv.port, "monotable_staleness_oldest_snapshot_age_seconds")
    assert 0.0 <= age <= 60.0
