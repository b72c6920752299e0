"""--profile production end to end with boto3 (docs/REALISM.md, docs/EVENTUAL_CONSISTENCY.md):
the server started with the profile alone (and a seed), as a test suite would start it.
Tables go CREATING -> ACTIVE and DELETING -> gone with the SDK's waiters; an eventually
consistent read right after a write returns the old version while a ConsistentRead
returns the new one; a GSI Query misses a fresh write and sees it later.

The profile's delays are drawn (reads 0-100 ms, GSIs 100-500 ms), so one try may not be
stale: each behaviour is tried N times, staleness must show at least once, and every
try must reach its eventual state within a bounded poll. --staleness-seed fixes the
draws; only the machine's timing varies, and a read served within a few ms of its write
is stale unless its draw is below those few ms."""

import time

import pytest

from mtutil import create_indexed_table, index_spec, make_client, poll, S, unique_name

SEED = "35"
TRIES = 30
WAITER = {"Delay": 1, "MaxAttempts": 30}
READ_DELAY_MAX_S = 0.1  # the profile's eventual-consistency delay is 0-100 ms


@pytest.fixture
def ddb(server_factory):
    srv = server_factory(in_memory=True, extra=["--profile", "production",
                                                "--staleness-seed", SEED])
    return make_client(srv.endpoint)


def key(pk):
    return {"PK": S(pk), "SK": S("s")}


def ready_table(ddb, name):
    """An indexed table, waited for as against DynamoDB: CREATING until its delay."""
    answer = create_indexed_table(ddb, name, {"PK": "S", "SK": "S", "g": "S"},
                                  gsis=[index_spec("byG", "g")])
    assert answer["TableDescription"]["TableStatus"] == "CREATING"
    ddb.get_waiter("table_exists").wait(TableName=name, WaiterConfig=WAITER)


def test_tables_are_creating_then_active_and_the_waiters_wait(ddb):
    name = unique_name("prod")
    start = time.monotonic()
    answer = create_indexed_table(ddb, name, {"PK": "S", "SK": "S", "g": "S"},
                                  gsis=[index_spec("byG", "g")])
    assert answer["TableDescription"]["TableStatus"] == "CREATING"
    table = ddb.describe_table(TableName=name)["Table"]
    assert table["TableStatus"] == "CREATING"
    assert table["GlobalSecondaryIndexes"][0]["IndexStatus"] == "CREATING"
    with pytest.raises(ddb.exceptions.ResourceNotFoundException):
        ddb.put_item(TableName=name, Item={**key("a"), "g": S("x")})
    ddb.get_waiter("table_exists").wait(TableName=name, WaiterConfig=WAITER)
    assert time.monotonic() - start >= 1  # the profile's 2 s: the waiter polled again
    table = ddb.describe_table(TableName=name)["Table"]
    assert table["TableStatus"] == "ACTIVE"
    assert table["GlobalSecondaryIndexes"][0]["IndexStatus"] == "ACTIVE"
    ddb.put_item(TableName=name, Item={**key("a"), "g": S("x")})

    assert ddb.delete_table(TableName=name)["TableDescription"]["TableStatus"] == "DELETING"
    assert name in ddb.list_tables()["TableNames"]
    ddb.get_waiter("table_not_exists").wait(TableName=name, WaiterConfig=WAITER)
    assert name not in ddb.list_tables()["TableNames"]


def test_an_eventually_consistent_read_may_be_the_old_version(ddb):
    name = unique_name("prodread")
    ready_table(ddb, name)

    def version(consistent):
        item = ddb.get_item(TableName=name, Key=key("a"), ConsistentRead=consistent).get("Item")
        return int(item["v"]["N"]) if item else None

    ddb.put_item(TableName=name, Item={**key("a"), "v": {"N": "0"}})
    stale = 0
    for v in range(1, TRIES + 1):
        # Older than any read's delay, so the only older state a read can see is v - 1.
        time.sleep(READ_DELAY_MAX_S * 1.5)
        ddb.put_item(TableName=name, Item={**key("a"), "v": {"N": str(v)}})
        eventual = version(False)
        assert version(True) == v  # a strongly consistent read sees the write, always
        assert eventual in (v - 1, v)  # a real state: this write's or the one before
        stale += eventual == v - 1
    assert stale >= 1, f"no stale read in {TRIES} tries"
    poll(lambda: version(False) == TRIES, interval=0.05)  # and the read catches up


def test_a_gsi_query_lags_and_catches_up(ddb):
    name = unique_name("prodgsi")
    ready_table(ddb, name)

    def on_index(g):
        return ddb.query(TableName=name, IndexName="byG", KeyConditionExpression="g = :g",
                         ExpressionAttributeValues={":g": S(g)})["Items"]

    missed = 0
    for i in range(TRIES // 3):
        g = f"x{i}"
        ddb.put_item(TableName=name, Item={**key(f"p{i}"), "g": S(g)})
        # The lag is at least 100 ms: a query this soon misses the write unless the
        # machine stalled between the two requests.
        missed += on_index(g) == []
        assert ddb.get_item(TableName=name, Key=key(f"p{i}"),
                            ConsistentRead=True)["Item"]["g"] == S(g)
        poll(lambda: on_index(g), interval=0.05)
    assert missed >= 1, "no GSI query missed a fresh write"
