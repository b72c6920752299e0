"""UpdateTable GlobalSecondaryIndexUpdates: adding a GSI to a loaded table while writes
continue (CREATING + Backfilling, then ACTIVE with exactly the qualifying items),
deleting one (DELETING, then gone), updating a GSI's throughput, and the errors.

Error texts: "Only 1 online index can be created or deleted simultaneously per table"
([dynalite] test/updateTable.js, which runs against DynamoDB); "Attempting to create an
index which already exists", "Requested resource not found: Index: <name> not found" and
"Cannot read from backfilling global secondary index: <name>" as quoted from the service
in user reports and emulators that recorded it ([report]).
"""

import random
from concurrent.futures import ThreadPoolExecutor
import subprocess
import threading
import time

import pytest

from mtutil import (VALIDATION, create_indexed_table, delete_table_quietly, expect_error,
                    follow_pages, index_spec, make_client, monotable_bin, page_items,
                    unique_name, N, S)

INVALID = "One or more parameter values were invalid: "


def wait_for_index(ddb, table, index, status="ACTIVE", timeout=60):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        gsis = ddb.describe_table(TableName=table)["Table"].get("GlobalSecondaryIndexes", [])
        current = next((g for g in gsis if g["IndexName"] == index), None)
        if (current and current["IndexStatus"] == status) or (current is None and status is None):
            return current
        time.sleep(0.05)
    raise AssertionError(f"index {index} did not become {status}")


def create_gsi(name, hash_name, projection="ALL"):
    return {"Create": {"IndexName": name, "KeySchema": [{"AttributeName": hash_name,
                                                          "KeyType": "HASH"}],
                       "Projection": {"ProjectionType": projection}}}


@pytest.fixture
def plain(ddb):
    name = unique_name("plain")
    create_indexed_table(ddb, name, {"PK": "S", "SK": "S"})
    yield name
    delete_table_quietly(ddb, name)


def batch_put(ddb, table, items, threads=1):
    """BatchWriteItem in chunks of 25, spread over `threads` concurrent callers."""
    chunks = [items[i:i + 25] for i in range(0, len(items), 25)]

    def put_chunk(chunk):
        ddb.batch_write_item(RequestItems={table: [{"PutRequest": {"Item": it}}
                                                   for it in chunk]})
    with ThreadPoolExecutor(max_workers=threads) as pool:
        list(pool.map(put_chunk, chunks))


def scan_all(ddb, table, **kwargs):
    return page_items(follow_pages(ddb.scan, TableName=table, **kwargs))


def key(item):
    return (item["PK"]["S"], item["SK"]["S"])


def test_adding_a_gsi_while_writes_continue(ddb, plain):
    # 100,000 items (the size): a third with a string G (qualify), a third without G, a third with a
    # number G (an index key violation: skipped by the backfill, as DynamoDB does).
    def make(i):
        item = {"PK": S(f"p{i % 997}"), "SK": S(f"s{i}"), "v": N(str(i))}
        if i % 3 == 0:
            item["G"] = S(f"g{i % 11}")
        elif i % 3 == 1:
            item["G"] = N(str(i))
        return item
    items = 100_000
    batch_put(ddb, plain, [make(i) for i in range(items)], threads=4)

    stop = threading.Event()
    errors = []

    def writer(seed):
        rng = random.Random(seed)
        try:
            while not stop.is_set():
                i = rng.randrange(items + items // 10)
                roll = rng.random()
                k = {"PK": S(f"p{i % 997}"), "SK": S(f"s{i}")}
                if roll < 0.4:  # new or replaced item with a qualifying G
                    ddb.put_item(TableName=plain, Item=dict(k, G=S(f"w{seed}"), v=N("1")))
                elif roll < 0.6:  # leaves the index
                    ddb.update_item(TableName=plain, Key=k, UpdateExpression="REMOVE G")
                elif roll < 0.8:
                    ddb.delete_item(TableName=plain, Key=k)
                else:  # moves within the index
                    ddb.update_item(TableName=plain, Key=k, UpdateExpression="SET G = :g",
                                    ExpressionAttributeValues={":g": S(f"m{i % 5}")})
        except Exception as e:  # surfaced by the assertion below
            errors.append(e)

    threads = [threading.Thread(target=writer, args=(s,)) for s in range(3)]
    for t in threads:
        t.start()
    try:
        time.sleep(0.2)
        resp = ddb.update_table(TableName=plain,
                                AttributeDefinitions=[{"AttributeName": "G", "AttributeType": "S"}],
                                GlobalSecondaryIndexUpdates=[create_gsi("ByG", "G")])
        created = resp["TableDescription"]["GlobalSecondaryIndexes"][0]
        assert created["IndexStatus"] == "CREATING" and created["Backfilling"] is True
        wait_for_index(ddb, plain, "ByG", timeout=300)
        time.sleep(0.2)  # writes go on against the ACTIVE index for a moment
    finally:
        stop.set()
        for t in threads:
            t.join()
    assert not errors, errors

    table_items = scan_all(ddb, plain)
    expected = sorted((key(i), i["G"]["S"]) for i in table_items
                      if "S" in i.get("G", {}))
    indexed = scan_all(ddb, plain, IndexName="ByG")
    assert sorted((key(i), i["G"]["S"]) for i in indexed) == expected
    by_key = {key(i): i for i in table_items}
    assert all(by_key[key(i)] == i for i in indexed)  # ALL projection: whole items
    gsi = ddb.describe_table(TableName=plain)["Table"]["GlobalSecondaryIndexes"][0]
    assert gsi["ItemCount"] == len(expected)
    # From now on a number G is refused.
    expect_error(ddb.put_item, VALIDATION,
                 INVALID + "Type mismatch for Index Key G Expected: S Actual: N IndexName: ByG",
                 TableName=plain, Item={"PK": S("x"), "SK": S("y"), "G": N("1")})


def test_deleting_a_gsi(ddb):
    name = unique_name("dropgsi")
    create_indexed_table(ddb, name, {"PK": "S", "SK": "S", "G": "S"},
                         gsis=[index_spec("ByG", "G")])
    try:
        ddb.put_item(TableName=name, Item={"PK": S("a"), "SK": S("b"), "G": S("g")})
        resp = ddb.update_table(TableName=name,
                                GlobalSecondaryIndexUpdates=[{"Delete": {"IndexName": "ByG"}}])
        assert resp["TableDescription"]["GlobalSecondaryIndexes"][0]["IndexStatus"] == "DELETING"
        wait_for_index(ddb, name, "ByG", status=None)
        expect_error(ddb.scan, VALIDATION, "The table does not have the specified index: ByG",
                     TableName=name, IndexName="ByG")
        # Its key attribute is free again.
        ddb.put_item(TableName=name, Item={"PK": S("a"), "SK": S("c"), "G": N("7")})
    finally:
        delete_table_quietly(ddb, name)


def test_updating_a_gsi_throughput(ddb):
    name = unique_name("gsitp")
    create_indexed_table(ddb, name, {"PK": "S", "G": "S"}, range_name=None, throughput=(5, 5),
                         gsis=[index_spec("ByG", "G", throughput=(5, 5))])
    try:
        resp = ddb.update_table(TableName=name, GlobalSecondaryIndexUpdates=[{"Update": {
            "IndexName": "ByG",
            "ProvisionedThroughput": {"ReadCapacityUnits": 2, "WriteCapacityUnits": 9}}}])
        tp = resp["TableDescription"]["GlobalSecondaryIndexes"][0]["ProvisionedThroughput"]
        assert (tp["ReadCapacityUnits"], tp["WriteCapacityUnits"]) == (2, 9)
        assert tp["NumberOfDecreasesToday"] == 1
    finally:
        delete_table_quietly(ddb, name)


def test_index_update_errors(ddb, plain):
    g_def = [{"AttributeName": "G", "AttributeType": "S"}]
    # [dynalite] test/updateTable.js
    expect_error(ddb.update_table, "LimitExceededException",
                 "Subscriber limit exceeded: Only 1 online index can be created or deleted "
                 "simultaneously per table", TableName=plain, AttributeDefinitions=g_def,
                 GlobalSecondaryIndexUpdates=[create_gsi("ByA1", "G"), create_gsi("ByB1", "G")])
    # [ack] ack-api-quirks DDB-TABLE-162 (probed against AWS): a Create without any
    # AttributeDefinitions; with definitions that miss its keys, CreateTable's text.
    expect_error(ddb.update_table, VALIDATION,
                 INVALID + "AttributeDefinitions is not specified for index: ByA1",
                 TableName=plain, GlobalSecondaryIndexUpdates=[create_gsi("ByA1", "G")])
    expect_error(ddb.update_table, VALIDATION,
                 INVALID + "Some index key attributes are not defined in AttributeDefinitions. "
                 "Keys: [G], AttributeDefinitions: [H]", TableName=plain,
                 AttributeDefinitions=[{"AttributeName": "H", "AttributeType": "S"}],
                 GlobalSecondaryIndexUpdates=[create_gsi("ByA1", "G")])
    # [report]
    expect_error(ddb.update_table, "ResourceNotFoundException",
                 "Requested resource not found: Index: Nope not found", TableName=plain,
                 GlobalSecondaryIndexUpdates=[{"Delete": {"IndexName": "Nope"}}])
    ddb.update_table(TableName=plain, AttributeDefinitions=g_def,
                     GlobalSecondaryIndexUpdates=[create_gsi("ByA1", "G", "KEYS_ONLY")])
    wait_for_index(ddb, plain, "ByA1")
    expect_error(ddb.update_table, VALIDATION,
                 "Attempting to create an index which already exists", TableName=plain,
                 AttributeDefinitions=g_def, GlobalSecondaryIndexUpdates=[create_gsi("ByA1", "G")])


def test_switching_to_on_demand_shows_zero_gsi_throughput(ddb):
    name = unique_name("ondemand")
    create_indexed_table(ddb, name, {"PK": "S", "SK": "S", "G": "S"},
                         gsis=[index_spec("ByG", "G", throughput=(5, 5))], throughput=(5, 5))
    try:
        gsi = ddb.describe_table(TableName=name)["Table"]["GlobalSecondaryIndexes"][0]
        assert gsi["ProvisionedThroughput"]["ReadCapacityUnits"] == 5
        ddb.update_table(TableName=name, BillingMode="PAY_PER_REQUEST")
        table = ddb.describe_table(TableName=name)["Table"]
        # On-demand tables report zero provisioned throughput, their GSIs included.
        assert table["BillingModeSummary"]["BillingMode"] == "PAY_PER_REQUEST"
        throughput = table["GlobalSecondaryIndexes"][0]["ProvisionedThroughput"]
        assert (throughput["ReadCapacityUnits"], throughput["WriteCapacityUnits"]) == (0, 0)
    finally:
        delete_table_quietly(ddb, name)


def test_a_backfill_leaves_out_items_whose_index_key_does_not_fit(server_factory, tmp_path):
    # The developer guide, "Detecting and correcting index key violations": an item whose
    # value of the new index's key is of another type, empty, or over 2048 bytes (partition
    # key) or 1024 bytes (sort key) stays in the table without an entry in the index, the
    # backfill goes on, and once it is done writes of such items are refused.
    db = tmp_path / "db"
    srv = server_factory(db_path=db)
    ddb = make_client(srv.endpoint)
    name = unique_name("violate")
    create_indexed_table(ddb, name, {"PK": "S", "SK": "S"})
    fits = {"PK": S("fits"), "SK": S("1"), "G": S("g" * 2048), "R": S("r" * 1024)}
    items = [fits,
             {"PK": S("long-g"), "SK": S("1"), "G": S("g" * 2049), "R": S("r")},
             {"PK": S("long-r"), "SK": S("1"), "G": S("g"), "R": S("r" * 1025)},
             {"PK": S("empty-g"), "SK": S("1"), "G": S(""), "R": S("r")},
             {"PK": S("number-g"), "SK": S("1"), "G": N("1"), "R": S("r")}]
    batch_put(ddb, name, items)
    ddb.update_table(TableName=name,
                     AttributeDefinitions=[{"AttributeName": "G", "AttributeType": "S"},
                                           {"AttributeName": "R", "AttributeType": "S"}],
                     GlobalSecondaryIndexUpdates=[{"Create": {
                         "IndexName": "ByGR", "Projection": {"ProjectionType": "KEYS_ONLY"},
                         "KeySchema": [{"AttributeName": "G", "KeyType": "HASH"},
                                       {"AttributeName": "R", "KeyType": "RANGE"}]}}])
    gsi = wait_for_index(ddb, name, "ByGR")
    assert gsi["ItemCount"] == 1
    assert [i["PK"]["S"] for i in scan_all(ddb, name, IndexName="ByGR")] == ["fits"]
    assert len(scan_all(ddb, name)) == len(items)  # every item stays in the table
    expect_error(ddb.put_item, VALIDATION,
                 INVALID + "Size limit exceeded for Index Key G Actual Size: 2049 bytes Max "
                 "Size: 2048 bytes IndexName: ByGR", TableName=name, Item=items[1])
    expect_error(ddb.update_item, VALIDATION,
                 INVALID + "Size limit exceeded for Index Key R Actual Size: 1025 bytes Max "
                 "Size: 1024 bytes IndexName: ByGR", TableName=name,
                 Key={"PK": S("fits"), "SK": S("1")}, UpdateExpression="SET R = :r",
                 ExpressionAttributeValues={":r": S("r" * 1025)})
    srv.stop()
    # The consistency check agrees: the items left out have no entry to miss.
    out = subprocess.run([monotable_bin(), "check", "--db-path", str(db)],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.strip().endswith("consistent"), out.stdout
