"""Query and Scan read bounded key ranges from RocksDB (iterator bounds, prefix bloom
filters where a range lies under one partition hash). These tests read data that sits in
SST files (written before a restart) and in the memtable (written after it), so that the
bounds and filters of both are exercised, in both directions, at the edges of
neighbouring partitions, through ExclusiveStartKey pages, on the indexes, and by
parallel Scan segments."""

import signal

import pytest

from conftest import start_with_fresh_port
from mtutil import (create_indexed_table, follow_pages, index_spec, make_client, page_items,
                    server_args)

TABLE = "bounds"
PARTITIONS = [f"p{i:02d}" for i in range(40)]
SORT_KEYS = ["a#0", "a#1", "a#2", "a#3", "a#4", "b#0"]
OWNERS = 6


def item(pk, sk):
    n = int(pk[1:])
    return {"PK": {"S": pk}, "SK": {"S": sk}, "owner": {"S": f"o{n % OWNERS}"},
            "rank": {"N": str(len(SORT_KEYS) - SORT_KEYS.index(sk) if sk in SORT_KEYS else 0)},
            "payload": {"S": "x" * 300}}


def batch_put(client, items):
    for start in range(0, len(items), 25):
        chunk = items[start:start + 25]
        resp = client.batch_write_item(RequestItems={
            TABLE: [{"PutRequest": {"Item": it}} for it in chunk]})
        assert not resp.get("UnprocessedItems"), resp


@pytest.fixture(scope="module")
def stored(tmp_path_factory):
    """A client of a server whose table `bounds` holds every PARTITIONS x SORT_KEYS item
    in SST files (flushed by a clean restart) and, for the first five partitions, an
    extra item `c#0` in the memtable. Returns (client, items in sort key order per
    partition). One server for the module: loading and restarting is the slow part."""
    base = tmp_path_factory.mktemp("read-bounds")
    start = lambda: start_with_fresh_port(  # noqa: E731
        lambda port: server_args(port, db_path=base / "db"), base / "logs")
    first = start()
    client = make_client(first.endpoint)
    create_indexed_table(
        client, TABLE, {"PK": "S", "SK": "S", "owner": "S", "rank": "N"},
        gsis=[index_spec("ByOwner", "owner", "SK")],
        lsis=[index_spec("ByRank", "PK", "rank")])
    batch_put(client, [item(pk, sk) for pk in PARTITIONS for sk in SORT_KEYS])
    assert first.stop(signal.SIGTERM) == 0, first.stderr_text()[-2000:]

    second = start()
    client = make_client(second.endpoint)
    batch_put(client, [item(pk, "c#0") for pk in PARTITIONS[:5]])
    model = {pk: [item(pk, sk) for sk in SORT_KEYS + (["c#0"] if pk in PARTITIONS[:5] else [])]
             for pk in PARTITIONS}
    yield client, model
    second.stop()


def keys(items, *names):
    return [tuple(it[n][next(iter(it[n]))] for n in names) for it in items]


def query_pages(client, limit=None, **kwargs):
    if limit:
        kwargs["Limit"] = limit
    return page_items(follow_pages(client.query, TableName=TABLE, **kwargs))


@pytest.mark.parametrize("forward", [True, False])
def test_partitions_read_whole_and_in_pages(stored, forward):
    client, model = stored
    for pk in PARTITIONS:
        expected = keys(model[pk], "PK", "SK")
        if not forward:
            expected.reverse()
        for limit in (None, 2, 3):
            got = query_pages(client, limit, ScanIndexForward=forward,
                              KeyConditionExpression="PK = :p",
                              ExpressionAttributeValues={":p": {"S": pk}})
            assert keys(got, "PK", "SK") == expected, (pk, limit)
    for missing in ("p40", "p", "p000"):
        got = client.query(TableName=TABLE, ScanIndexForward=forward,
                           KeyConditionExpression="PK = :p",
                           ExpressionAttributeValues={":p": {"S": missing}})
        assert got["Items"] == [] and "LastEvaluatedKey" not in got, missing


CONDITIONS = [
    ("begins_with(SK, :a)", {":a": {"S": "a#"}}, lambda sk: sk.startswith("a#")),
    ("SK < :a", {":a": {"S": "a#2"}}, lambda sk: sk < "a#2"),
    ("SK <= :a", {":a": {"S": "a#2"}}, lambda sk: sk <= "a#2"),
    ("SK > :a", {":a": {"S": "a#4"}}, lambda sk: sk > "a#4"),
    ("SK >= :a", {":a": {"S": "a#4"}}, lambda sk: sk >= "a#4"),
    ("SK = :a", {":a": {"S": "b#0"}}, lambda sk: sk == "b#0"),
    ("SK BETWEEN :a AND :b", {":a": {"S": "a#1"}, ":b": {"S": "b#0"}},
     lambda sk: "a#1" <= sk <= "b#0"),
]


@pytest.mark.parametrize("forward", [True, False])
@pytest.mark.parametrize("cond,values,pred", CONDITIONS, ids=[c[0] for c in CONDITIONS])
def test_sort_key_ranges(stored, forward, cond, values, pred):
    client, model = stored
    for pk in PARTITIONS[:8]:
        expected = [k for k in keys(model[pk], "PK", "SK") if pred(k[1])]
        if not forward:
            expected.reverse()
        for limit in (None, 2):
            got = query_pages(client, limit, ScanIndexForward=forward,
                              KeyConditionExpression="PK = :p AND " + cond,
                              ExpressionAttributeValues={":p": {"S": pk}, **values})
            assert keys(got, "PK", "SK") == expected, (pk, limit)


@pytest.mark.parametrize("forward", [True, False])
def test_index_queries(stored, forward):
    client, model = stored
    everything = [it for pk in PARTITIONS for it in model[pk]]
    for owner in (f"o{n}" for n in range(OWNERS)):
        mine = keys([it for it in everything
                     if it["owner"]["S"] == owner and it["SK"]["S"].startswith("a#")], "SK", "PK")
        for limit in (None, 3):
            got = keys(query_pages(
                client, limit, IndexName="ByOwner", ScanIndexForward=forward,
                KeyConditionExpression="#o = :o AND begins_with(SK, :a)",
                ExpressionAttributeNames={"#o": "owner"},
                ExpressionAttributeValues={":o": {"S": owner}, ":a": {"S": "a#"}}), "SK", "PK")
            # Entries are in index sort key order; equal ones follow the table key, which
            # starts with a hash, so only the multiset is compared within them.
            assert [k[0] for k in got] == sorted((k[0] for k in mine), reverse=not forward)
            assert sorted(got) == sorted(mine), (owner, limit)
    for pk in PARTITIONS[:8]:
        expected = sorted(keys(model[pk], "rank", "SK"), key=lambda k: (int(k[0]), k[1]))
        expected = [k for k in expected if int(k[0]) >= 2]
        if not forward:
            expected.reverse()
        got = query_pages(client, 2, IndexName="ByRank", ScanIndexForward=forward,
                          KeyConditionExpression="PK = :p AND #r >= :r",
                          ExpressionAttributeNames={"#r": "rank"},
                          ExpressionAttributeValues={":p": {"S": pk}, ":r": {"N": "2"}})
        assert keys(got, "rank", "SK") == expected, pk


@pytest.mark.parametrize("index", [None, "ByOwner"])
def test_parallel_scan_segments_cover_every_item_once(stored, index):
    client, model = stored
    expected = sorted(keys([it for pk in PARTITIONS for it in model[pk]], "PK", "SK"))
    got = []
    for segment in range(4):
        kwargs = dict(TableName=TABLE, Segment=segment, TotalSegments=4, Limit=7)
        if index:
            kwargs["IndexName"] = index
        got += keys(page_items(follow_pages(client.scan, **kwargs)), "PK", "SK")
    assert sorted(got) == expected
