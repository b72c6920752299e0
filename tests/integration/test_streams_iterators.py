"""DynamoDB Streams reading: the four shard iterator types, paging, iterator expiry,
trimming after retention, shard rollover, a partition split opening child shards, and
the end of a closed shard."""

import time

import pytest

from mtutil import delete_table_quietly, expect_error, make_client
from streams_common import (create_streamed_table, read_shard, read_stream, shards_of,
                            streams_client)


@pytest.fixture(scope="module")
def streams(server):
    return streams_client(server.endpoint)


@pytest.fixture
def one_shard(ddb):
    """A provisioned table small enough for one partition, so its stream has one shard:
    (table, stream ARN, shard id)."""
    name, arn = create_streamed_table(ddb, "NEW_IMAGE", throughput=(5, 5))
    yield name, arn
    delete_table_quietly(ddb, name)


def put(ddb, table, pk, **attrs):
    item = {"PK": {"S": pk}}
    item.update({k: {"S": v} for k, v in attrs.items()})
    ddb.put_item(TableName=table, Item=item)


def keys(records):
    return [r["dynamodb"]["Keys"]["PK"]["S"] for r in records]


def wait_for(predicate, timeout=15.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.2)
    return False


def test_iterator_types(ddb, streams, one_shard):
    table, arn = one_shard
    [shard] = shards_of(streams, arn)
    shard_id = shard["ShardId"]
    latest = streams.get_shard_iterator(StreamArn=arn, ShardId=shard_id,
                                        ShardIteratorType="LATEST")["ShardIterator"]
    for pk in ("a", "b", "c"):
        put(ddb, table, pk)
    records = read_shard(streams, arn, shard_id)
    assert keys(records) == ["a", "b", "c"]
    b = records[1]["dynamodb"]["SequenceNumber"]
    assert keys(read_shard(streams, arn, shard_id, "AT_SEQUENCE_NUMBER",
                           SequenceNumber=b)) == ["b", "c"]
    assert keys(read_shard(streams, arn, shard_id, "AFTER_SEQUENCE_NUMBER",
                           SequenceNumber=b)) == ["c"]
    assert read_shard(streams, arn, shard_id, "LATEST") == []
    # The LATEST iterator taken before the writes sees them all.
    assert keys(streams.get_records(ShardIterator=latest)["Records"]) == ["a", "b", "c"]
    assert int(shard["SequenceNumberRange"]["StartingSequenceNumber"]) <= int(b)


def test_get_records_pages_with_limit(ddb, streams, one_shard):
    table, arn = one_shard
    for i in range(5):
        put(ddb, table, f"k{i}")
    [shard] = shards_of(streams, arn)
    iterator = streams.get_shard_iterator(StreamArn=arn, ShardId=shard["ShardId"],
                                          ShardIteratorType="TRIM_HORIZON")["ShardIterator"]
    seen = []
    for _ in range(5):
        page = streams.get_records(ShardIterator=iterator, Limit=2)
        assert len(page["Records"]) <= 2
        seen += keys(page["Records"])
        iterator = page["NextShardIterator"]  # an open shard always has a next iterator
    assert seen == [f"k{i}" for i in range(5)]
    empty = streams.get_records(ShardIterator=iterator)
    assert empty["Records"] == [] and empty["NextShardIterator"]


def test_iterator_argument_errors(ddb, streams, one_shard):
    table, arn = one_shard
    [shard] = shards_of(streams, arn)
    expect_error(streams.get_shard_iterator, "ValidationException", StreamArn=arn,
                 ShardId=shard["ShardId"], ShardIteratorType="AT_SEQUENCE_NUMBER")
    expect_error(streams.get_shard_iterator, "ValidationException", StreamArn=arn,
                 ShardId=shard["ShardId"], ShardIteratorType="TRIM_HORIZON",
                 SequenceNumber="1" * 21)
    err = expect_error(streams.get_shard_iterator, "ValidationException", StreamArn=arn,
                       ShardId=shard["ShardId"], ShardIteratorType="OLDEST")
    assert "shardIteratorType" in err["Message"]
    err = expect_error(streams.get_shard_iterator, "ValidationException", StreamArn=arn,
                       ShardId="shardId-short", ShardIteratorType="LATEST")
    assert "Member must have length greater than or equal to 28" in err["Message"]
    expect_error(streams.get_shard_iterator, "ResourceNotFoundException", StreamArn=arn,
                 ShardId="shardId-00000000000000000001-00000000", ShardIteratorType="LATEST")


def test_a_closed_shard_ends(ddb, streams, one_shard):
    table, arn = one_shard
    put(ddb, table, "last")
    ddb.update_table(TableName=table, StreamSpecification={"StreamEnabled": False})
    [shard] = shards_of(streams, arn)
    assert "EndingSequenceNumber" in shard["SequenceNumberRange"]
    iterator = streams.get_shard_iterator(StreamArn=arn, ShardId=shard["ShardId"],
                                          ShardIteratorType="TRIM_HORIZON")["ShardIterator"]
    page = streams.get_records(ShardIterator=iterator)
    assert keys(page["Records"]) == ["last"]
    assert "NextShardIterator" not in page  # drained: nothing more will come


def test_a_split_closes_the_parent_and_opens_children(ddb, streams, one_shard):
    table, arn = one_shard
    put(ddb, table, "before")
    # 3,000 write units need at least three partitions (1,000 WCU each): it splits.
    ddb.update_table(TableName=table, ProvisionedThroughput={"ReadCapacityUnits": 5,
                                                             "WriteCapacityUnits": 3000})
    for i in range(20):
        put(ddb, table, f"after{i}")
    shards = shards_of(streams, arn)
    parent, children = shards[0], shards[1:]
    assert "EndingSequenceNumber" in parent["SequenceNumberRange"]
    assert len(children) >= 3
    assert all(c["ParentShardId"] == parent["ShardId"] for c in children)
    assert all("EndingSequenceNumber" not in c["SequenceNumberRange"] for c in children)
    assert keys(read_shard(streams, arn, parent["ShardId"])) == ["before"]
    after = read_stream(streams, arn)[1:]
    assert sorted(keys(after)) == sorted(f"after{i}" for i in range(20))
    parent_end = int(parent["SequenceNumberRange"]["EndingSequenceNumber"])
    assert all(int(r["dynamodb"]["SequenceNumber"]) > parent_end for r in after)


def test_iterators_expire(server_factory):
    srv = server_factory(extra=["--stream-iterator-lifetime-seconds", "1"])
    ddb, streams = make_client(srv.endpoint), streams_client(srv.endpoint)
    table, arn = create_streamed_table(ddb, "KEYS_ONLY", throughput=(5, 5))
    [shard] = shards_of(streams, arn)
    iterator = streams.get_shard_iterator(StreamArn=arn, ShardId=shard["ShardId"],
                                          ShardIteratorType="TRIM_HORIZON")["ShardIterator"]
    streams.get_records(ShardIterator=iterator)  # fresh: fine
    time.sleep(1.5)
    err = expect_error(streams.get_records, "ExpiredIteratorException", ShardIterator=iterator)
    assert err["Message"].startswith("Iterator expired.")


def test_records_are_trimmed_after_retention(server_factory):
    srv = server_factory(extra=["--stream-retention-seconds", "2"])
    ddb, streams = make_client(srv.endpoint), streams_client(srv.endpoint)
    table, arn = create_streamed_table(ddb, "KEYS_ONLY", throughput=(5, 5))
    [shard] = shards_of(streams, arn)
    shard_id = shard["ShardId"]
    put(ddb, table, "old")
    [old] = read_shard(streams, arn, shard_id)
    stale = streams.get_shard_iterator(StreamArn=arn, ShardId=shard_id,
                                       ShardIteratorType="TRIM_HORIZON")["ShardIterator"]
    assert wait_for(lambda: read_shard(streams, arn, shard_id) == [])
    put(ddb, table, "new")
    assert keys(read_shard(streams, arn, shard_id)) == ["new"]
    expect_error(streams.get_shard_iterator, "TrimmedDataAccessException", StreamArn=arn,
                 ShardId=shard_id, ShardIteratorType="AT_SEQUENCE_NUMBER",
                 SequenceNumber=old["dynamodb"]["SequenceNumber"])
    expect_error(streams.get_records, "TrimmedDataAccessException", ShardIterator=stale)


def test_shards_roll_over_with_age(server_factory):
    srv = server_factory(extra=["--stream-shard-max-age-seconds", "1"])
    ddb, streams = make_client(srv.endpoint), streams_client(srv.endpoint)
    table, arn = create_streamed_table(ddb, "KEYS_ONLY", throughput=(5, 5))
    put(ddb, table, "first")
    assert wait_for(lambda: len(shards_of(streams, arn)) >= 2)
    put(ddb, table, "second")
    shards = shards_of(streams, arn)
    assert "EndingSequenceNumber" in shards[0]["SequenceNumberRange"]
    assert shards[1]["ParentShardId"] == shards[0]["ShardId"]
    assert keys(read_stream(streams, arn)) == ["first", "second"]


def test_streams_survive_a_restart(server_factory, tmp_path):
    db = tmp_path / "db"
    srv = server_factory(db_path=db)
    ddb, streams = make_client(srv.endpoint), streams_client(srv.endpoint)
    table, arn = create_streamed_table(ddb, "NEW_IMAGE", throughput=(5, 5))
    put(ddb, table, "a")
    srv.stop()
    srv = server_factory(db_path=db)
    ddb, streams = make_client(srv.endpoint), streams_client(srv.endpoint)
    put(ddb, table, "b")
    assert ddb.describe_table(TableName=table)["Table"]["LatestStreamArn"] == arn
    records = read_stream(streams, arn)
    assert keys(records) == ["a", "b"]
    sequence = [int(r["dynamodb"]["SequenceNumber"]) for r in records]
    assert sequence[0] < sequence[1]


def test_describe_stream_pages_shards_in_id_order_from_any_place(server_factory, tmp_path):
    # DescribeStream lists shards in the lexicographic order of ShardId (a Kinesis rule
    # DynamoDB Streams keeps, scylladb/scylladb#7409: the Kinesis adapter pages by it),
    # Limit pages them, and ExclusiveStartShardId is a place in that order: an id past
    # every shard, or of no shard, gives the shards after it, an empty list at the end
    # (scylladb's test_describe_stream_with_nonexistent_last_shard, run against DynamoDB).
    db = tmp_path / "db"
    srv = server_factory(db_path=db, extra=["--stream-shard-max-age-seconds", "1"])
    ddb, streams = make_client(srv.endpoint), streams_client(srv.endpoint)
    table, arn = create_streamed_table(ddb, "KEYS_ONLY", throughput=(5, 5))
    put(ddb, table, "first")
    # A split (3,000 write units: at least three partitions), then rollovers with age.
    ddb.update_table(TableName=table, ProvisionedThroughput={"ReadCapacityUnits": 5,
                                                             "WriteCapacityUnits": 3000})
    def grown():
        put(ddb, table, "x")  # a write rolls the shards that are past their age
        return len(shards_of(streams, arn)) >= 8
    assert wait_for(grown)
    shards = shards_of(streams, arn)
    ids = [s["ShardId"] for s in shards]
    assert ids == sorted(ids) and len(set(ids)) == len(ids)
    for i, shard in enumerate(shards):  # parents come before their children
        assert "ParentShardId" not in shard or shard["ParentShardId"] in ids[:i]
    paged, start = [], None
    while True:
        kwargs = {"ExclusiveStartShardId": start} if start else {}
        page = streams.describe_stream(StreamArn=arn, Limit=1, **kwargs)["StreamDescription"]
        assert len(page["Shards"]) == 1
        paged.append(page["Shards"][0]["ShardId"])
        start = page.get("LastEvaluatedShardId")
        if not start:
            break
    assert paged[:len(ids)] == ids  # rollovers may have added shards after the listing
    after_all = streams.describe_stream(
        StreamArn=arn, ExclusiveStartShardId="shardId-99999999999999999999-ffffffff")
    assert after_all["StreamDescription"]["Shards"] == []
    assert "LastEvaluatedShardId" not in after_all["StreamDescription"]
    between = streams.describe_stream(StreamArn=arn, ExclusiveStartShardId=ids[1] + "0")
    assert [s["ShardId"] for s in between["StreamDescription"]["Shards"]][:len(ids) - 2] == ids[2:]
    before_all = streams.describe_stream(StreamArn=arn, ExclusiveStartShardId="shardId-" + "0" * 20)
    assert [s["ShardId"] for s in before_all["StreamDescription"]["Shards"]][:len(ids)] == ids
    srv.stop()
    # Ids, parents and order survive a restart (the shard-age rollover is long now).
    srv = server_factory(db_path=db)
    streams = streams_client(srv.endpoint)
    again = shards_of(streams, arn)
    assert [(s["ShardId"], s.get("ParentShardId")) for s in again][:len(ids)] == [
        (s["ShardId"], s.get("ParentShardId")) for s in shards]
