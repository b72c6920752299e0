"""ReturnConsumedCapacity on every item, read and batch operation.

DynamoDB's rules (Developer Guide, "Read consumption" / "Write consumption" under
provisioned capacity mode):
  - a read costs 1 RCU per 4 KB of item data, rounded up, at least 1; an eventually
    consistent read costs half;
  - Query and Scan add up the sizes of all items *read* (before any filter) and round
    the sum up once; a Scan does so per partition of the table it reads, each at least
    one unit (so a new on-demand table, with four partitions, scans for 4 / 2 units);
  - GetItem and every key of BatchGetItem round each item up on its own; a missing
    item costs as an empty one (the minimum);
  - a write costs 1 WCU per 1 KB of the larger of the old and the new item, at least 1
    (so deleting a missing item costs 1);
  - BatchWriteItem charges each put/delete like the single write, summed per table.
TOTAL shows {TableName, CapacityUnits}; INDEXES adds the "Table" breakdown (and the
indexes touched); NONE or no parameter shows nothing.

Item sizes below are chosen well inside a unit (attribute names + values, UTF-8), so
each expected figure is stated with the arithmetic that produces it.
"""

import pytest

from mtutil import (S, create_indexed_table, create_table, delete_table_quietly, expect_error,
                    index_spec, k, put_items, unique_name)


def padded(pk, sk, data_bytes, **extra):
    """An item of about data_bytes + 10 bytes (PK, SK and the 'data' name add ~10)."""
    item = {"PK": S(pk), "SK": S(sk), "data": S("x" * data_bytes)}
    item.update(extra)
    return item


def units(resp):
    return resp["ConsumedCapacity"]["CapacityUnits"]


# ------------------------------------------------------------------ GetItem


def test_get_item_eventually_consistent_small_item_costs_half_a_unit(ddb, table):
    ddb.put_item(TableName=table, Item=padded("a", "1", 100))
    resp = ddb.get_item(TableName=table, Key=k("a", "1"), ReturnConsumedCapacity="TOTAL")
    # ~110 bytes -> 1 unit of 4 KB, halved for an eventually consistent read.
    assert resp["ConsumedCapacity"] == {"TableName": table, "CapacityUnits": 0.5}


def test_get_item_consistent_large_item_rounds_up_per_4kb(ddb, table):
    ddb.put_item(TableName=table, Item=padded("a", "1", 5000))
    resp = ddb.get_item(TableName=table, Key=k("a", "1"), ConsistentRead=True,
                        ReturnConsumedCapacity="TOTAL")
    # ~5,010 bytes -> ceil(5010 / 4096) = 2 units, strongly consistent.
    assert units(resp) == 2.0
    resp = ddb.get_item(TableName=table, Key=k("a", "1"), ReturnConsumedCapacity="TOTAL")
    assert units(resp) == 1.0  # the same read eventually consistent: 2 / 2


def test_get_item_missing_item_costs_the_minimum(ddb, table):
    resp = ddb.get_item(TableName=table, Key=k("nope", "1"), ConsistentRead=True,
                        ReturnConsumedCapacity="TOTAL")
    assert "Item" not in resp
    assert units(resp) == 1.0


def test_projection_does_not_reduce_read_cost(ddb, table):
    ddb.put_item(TableName=table, Item=padded("a", "1", 9000))
    resp = ddb.get_item(TableName=table, Key=k("a", "1"), ProjectionExpression="PK",
                        ConsistentRead=True, ReturnConsumedCapacity="TOTAL")
    # The whole ~9,010-byte item is read: ceil(9010 / 4096) = 3.
    assert resp["Item"] == {"PK": S("a")}
    assert units(resp) == 3.0


def test_none_and_absent_show_no_consumed_capacity(ddb, table):
    ddb.put_item(TableName=table, Item=padded("a", "1", 10))
    assert "ConsumedCapacity" not in ddb.get_item(TableName=table, Key=k("a", "1"))
    resp = ddb.get_item(TableName=table, Key=k("a", "1"), ReturnConsumedCapacity="NONE")
    assert "ConsumedCapacity" not in resp


def test_indexes_detail_on_a_table_without_indexes_shows_the_table(ddb, table):
    ddb.put_item(TableName=table, Item=padded("a", "1", 10))
    resp = ddb.get_item(TableName=table, Key=k("a", "1"), ReturnConsumedCapacity="INDEXES")
    assert resp["ConsumedCapacity"] == {"TableName": table, "CapacityUnits": 0.5,
                                        "Table": {"CapacityUnits": 0.5}}


def test_bad_return_consumed_capacity_is_a_constraint_error(ddb, table):
    # The enum constraint message lists the values in DynamoDB's order.
    expect_error(ddb.get_item, "ValidationException",
                 "1 validation error detected: Value 'ALL' at 'returnConsumedCapacity' failed "
                 "to satisfy constraint: Member must satisfy enum value set: "
                 "[INDEXES, TOTAL, NONE]",
                 TableName=table, Key=k("a", "1"), ReturnConsumedCapacity="ALL")


# ------------------------------------------------------------------ writes


def test_put_item_new_items_cost_per_started_kilobyte(ddb, table):
    resp = ddb.put_item(TableName=table, Item=padded("a", "1", 500), ReturnConsumedCapacity="TOTAL")
    assert resp["ConsumedCapacity"] == {"TableName": table, "CapacityUnits": 1.0}  # ~510 B
    resp = ddb.put_item(TableName=table, Item=padded("a", "2", 1500), ReturnConsumedCapacity="TOTAL")
    assert units(resp) == 2.0  # ~1,510 B -> ceil(1510 / 1024) = 2


def test_put_item_overwrite_is_charged_for_the_larger_image(ddb, table):
    ddb.put_item(TableName=table, Item=padded("a", "1", 3000))
    resp = ddb.put_item(TableName=table, Item=padded("a", "1", 10), ReturnConsumedCapacity="TOTAL")
    # The old item (~3,010 B, 3 units) is larger than the new one (1 unit).
    assert units(resp) == 3.0


def test_delete_item_costs_the_deleted_size_and_one_unit_when_missing(ddb, table):
    ddb.put_item(TableName=table, Item=padded("a", "1", 2500))
    resp = ddb.delete_item(TableName=table, Key=k("a", "1"), ReturnConsumedCapacity="TOTAL")
    assert units(resp) == 3.0  # ~2,510 B -> 3
    resp = ddb.delete_item(TableName=table, Key=k("a", "1"), ReturnConsumedCapacity="INDEXES")
    assert resp["ConsumedCapacity"] == {"TableName": table, "CapacityUnits": 1.0,
                                        "Table": {"CapacityUnits": 1.0}}


def test_update_item_is_charged_for_the_larger_of_old_and_new(ddb, table):
    ddb.put_item(TableName=table, Item=padded("a", "1", 100))
    resp = ddb.update_item(TableName=table, Key=k("a", "1"), UpdateExpression="SET big = :b",
                           ExpressionAttributeValues={":b": S("y" * 2000)},
                           ReturnValues="UPDATED_NEW", ReturnConsumedCapacity="TOTAL")
    # New image ~2,113 B -> 3 units; Attributes and ConsumedCapacity come together.
    assert resp["Attributes"] == {"big": S("y" * 2000)}
    assert units(resp) == 3.0


def test_put_with_return_values_keeps_both_members(ddb, table):
    ddb.put_item(TableName=table, Item=padded("a", "1", 10))
    resp = ddb.put_item(TableName=table, Item=padded("a", "1", 20), ReturnValues="ALL_OLD",
                        ReturnConsumedCapacity="TOTAL")
    assert resp["Attributes"]["data"] == S("x" * 10)
    assert units(resp) == 1.0


# ------------------------------------------------------------------ Query and Scan


@pytest.fixture
def ten_kb_partition(ddb, table):
    """Ten ~1,010-byte items in partition 'p' (10,100 bytes together)."""
    put_items(ddb, table, [padded("p", f"{i:02d}", 1000, kind=S("even" if i % 2 == 0 else "odd"))
                           for i in range(10)])
    # The 'kind' attribute adds 8-9 bytes per item: ~10,185 bytes in all, still < 12,288.
    return table


def test_query_rounds_the_sum_of_items_read_once(ddb, ten_kb_partition):
    table = ten_kb_partition
    resp = ddb.query(TableName=table, KeyConditionExpression="PK = :p",
                     ExpressionAttributeValues={":p": S("p")}, ReturnConsumedCapacity="TOTAL")
    assert resp["Count"] == 10
    # ~10.2 KB read -> ceil(10185 / 4096) = 3 units, halved: 1.5.
    assert resp["ConsumedCapacity"] == {"TableName": table, "CapacityUnits": 1.5}
    resp = ddb.query(TableName=table, KeyConditionExpression="PK = :p", ConsistentRead=True,
                     ExpressionAttributeValues={":p": S("p")}, ReturnConsumedCapacity="INDEXES")
    assert resp["ConsumedCapacity"] == {"TableName": table, "CapacityUnits": 3.0,
                                        "Table": {"CapacityUnits": 3.0}}


def test_query_filter_does_not_reduce_the_cost(ddb, ten_kb_partition):
    resp = ddb.query(TableName=ten_kb_partition, KeyConditionExpression="PK = :p",
                     FilterExpression="kind = :none",
                     ExpressionAttributeValues={":p": S("p"), ":none": S("none")},
                     ConsistentRead=True, ReturnConsumedCapacity="TOTAL")
    assert resp["Count"] == 0 and resp["ScannedCount"] == 10
    assert units(resp) == 3.0  # every item was read


def test_query_limit_charges_only_the_items_read(ddb, ten_kb_partition):
    resp = ddb.query(TableName=ten_kb_partition, KeyConditionExpression="PK = :p", Limit=3,
                     ExpressionAttributeValues={":p": S("p")}, ConsistentRead=True,
                     ReturnConsumedCapacity="TOTAL")
    assert resp["Count"] == 3
    assert units(resp) == 1.0  # ~3 KB -> 1 unit


def test_query_select_count_costs_the_same(ddb, ten_kb_partition):
    resp = ddb.query(TableName=ten_kb_partition, KeyConditionExpression="PK = :p",
                     Select="COUNT", ExpressionAttributeValues={":p": S("p")},
                     ReturnConsumedCapacity="TOTAL")
    assert resp["Count"] == 10 and "Items" not in resp
    assert units(resp) == 1.5


def test_query_with_no_match_costs_the_minimum(ddb, table):
    resp = ddb.query(TableName=table, KeyConditionExpression="PK = :p",
                     ExpressionAttributeValues={":p": S("empty")}, ReturnConsumedCapacity="TOTAL")
    assert resp["Count"] == 0
    assert units(resp) == 0.5


def test_scan_sums_the_whole_page(ddb, ten_kb_partition):
    resp = ddb.scan(TableName=ten_kb_partition, ConsistentRead=True, ReturnConsumedCapacity="TOTAL")
    assert resp["ScannedCount"] == 10
    assert units(resp) == 3.0


@pytest.fixture
def on_demand(ddb):
    """A new on-demand table: DynamoDB (and monotable) give it four partitions."""
    name = unique_name("ondemand")
    create_table(ddb, name, billing="PAY_PER_REQUEST")
    yield name
    delete_table_quietly(ddb, name)


def scan_units(ddb, table, **kwargs):
    return units(ddb.scan(TableName=table, ReturnConsumedCapacity="TOTAL", **kwargs))


def test_scan_charges_each_partition_it_reads(ddb, on_demand):
    # scylladb/scylladb test_returnconsumedcapacity.py test_scan_consumed_capacity, which
    # passes against DynamoDB: one tiny item in a new on-demand table scans for 4 units
    # consistent, 2 eventually consistent ("nobody knows why", stackoverflow 70121087).
    # monotable's rule: each partition a Scan page reads costs its own rounded-up units,
    # at least one.
    assert scan_units(ddb, on_demand, ConsistentRead=True) == 4.0  # empty
    assert scan_units(ddb, on_demand) == 2.0
    ddb.put_item(TableName=on_demand, Item=dict(k("p", "s"), animal=S("cat")))
    assert scan_units(ddb, on_demand, ConsistentRead=True) == 4.0
    assert scan_units(ddb, on_demand) == 2.0
    # A Query reads one partition: the plain minimum.
    resp = ddb.query(TableName=on_demand, KeyConditionExpression="PK = :p",
                     ExpressionAttributeValues={":p": S("p")}, ReturnConsumedCapacity="TOTAL")
    assert units(resp) == 0.5


def test_scan_segments_and_limits_charge_the_partitions_they_read(ddb, on_demand):
    # Four segments of a four-partition table: one partition each.
    for segment in range(4):
        assert scan_units(ddb, on_demand, Segment=segment, TotalSegments=4,
                          ConsistentRead=True) == 1.0
    # A page that stops at its Limit reads only the partitions up to its last item.
    put_items(ddb, on_demand, [k(f"p{i}", "s") for i in range(40)])
    first = ddb.scan(TableName=on_demand, Limit=1, ConsistentRead=True,
                     ReturnConsumedCapacity="TOTAL")
    assert "LastEvaluatedKey" in first
    assert 1.0 <= units(first) <= 4.0
    whole = scan_units(ddb, on_demand, ConsistentRead=True)
    assert whole == 4.0  # 40 tiny items: under 4 KB in every partition


def test_scan_of_a_small_provisioned_table_is_one_partition(ddb, table):
    # 5 RCU and 5 WCU fit one partition: an empty scan costs the single minimum.
    assert scan_units(ddb, table, ConsistentRead=True) == 1.0
    assert scan_units(ddb, table) == 0.5


def test_batch_get_rounds_each_item_on_its_own(ddb, ten_kb_partition):
    table = ten_kb_partition
    keys = [k("p", f"{i:02d}") for i in range(10)] + [k("missing", "x")]
    resp = ddb.batch_get_item(RequestItems={table: {"Keys": keys}}, ReturnConsumedCapacity="TOTAL")
    assert len(resp["Responses"][table]) == 10
    # 10 items of ~1 KB, each rounded up to 4 KB (0.5 eventually consistent), plus the
    # missing key at the minimum 0.5: 5.5 -- where one Query of the same items costs 1.5.
    assert resp["ConsumedCapacity"] == [{"TableName": table, "CapacityUnits": 5.5}]


# ------------------------------------------------------------------ batch writes


def test_batch_write_is_summed_per_table_in_request_order(ddb, table):
    other = unique_name("cap")
    create_table(ddb, other)
    try:
        ddb.put_item(TableName=table, Item=padded("gone", "1", 2100))
        resp = ddb.batch_write_item(RequestItems={
            table: [{"PutRequest": {"Item": padded("a", "1", 1500)}},       # 2 units
                    {"DeleteRequest": {"Key": k("gone", "1")}}],            # ~2,110 B: 3 units
            other: [{"PutRequest": {"Item": padded("b", "1", 10)}},         # 1 unit
                    {"DeleteRequest": {"Key": k("never", "1")}}],           # missing: 1 unit
        }, ReturnConsumedCapacity="INDEXES")
        assert resp["UnprocessedItems"] == {}
        assert resp["ConsumedCapacity"] == [
            {"TableName": table, "CapacityUnits": 5.0, "Table": {"CapacityUnits": 5.0}},
            {"TableName": other, "CapacityUnits": 2.0, "Table": {"CapacityUnits": 2.0}},
        ]
    finally:
        delete_table_quietly(ddb, other)


def test_batch_write_without_the_parameter_shows_nothing(ddb, table):
    resp = ddb.batch_write_item(RequestItems={table: [{"PutRequest": {"Item": padded("a", "1", 1)}}]})
    assert "ConsumedCapacity" not in resp


# ------------------------------------------------------------------ the AWS CLI


def test_aws_cli_query_with_return_consumed_capacity(aws_cli, ddb, ten_kb_partition):
    rc, out = aws_cli("query", "--table-name", ten_kb_partition,
                      "--key-condition-expression", "PK = :p",
                      "--expression-attribute-values", '{":p": {"S": "p"}}',
                      "--consistent-read", "--return-consumed-capacity", "TOTAL")
    assert rc == 0, out
    assert out["Count"] == 10
    assert out["ConsumedCapacity"] == {"TableName": ten_kb_partition, "CapacityUnits": 3.0}


# ------------------------------------------------------------------ secondary indexes


@pytest.fixture
def indexed_table(ddb):
    """PK/SK with GSI1 (GSI1PK/GSI1SK, ALL), GSI2 (status, KEYS_ONLY) and LSI1 (PK/LSK,
    KEYS_ONLY)."""
    name = unique_name("capidx")
    create_indexed_table(
        ddb, name, {"PK": "S", "SK": "S", "GSI1PK": "S", "GSI1SK": "S", "status": "S", "LSK": "S"},
        gsis=[index_spec("GSI1", "GSI1PK", "GSI1SK"),
              index_spec("GSI2", "status", projection="KEYS_ONLY")],
        lsis=[index_spec("LSI1", "PK", "LSK", projection="KEYS_ONLY")])
    yield name
    delete_table_quietly(ddb, name)


def test_put_charges_each_index_it_writes(ddb, indexed_table):
    # ~1,530 B, in GSI1 only (no status, no LSK: the sparse indexes get no entry).
    item = padded("a", "1", 1500, GSI1PK=S("G"), GSI1SK=S("1"))
    resp = ddb.put_item(TableName=indexed_table, Item=item, ReturnConsumedCapacity="INDEXES")
    # Table: ceil(1530 / 1024) = 2; GSI1 stores the whole item (ALL): 2 more.
    assert resp["ConsumedCapacity"] == {
        "TableName": indexed_table, "CapacityUnits": 4.0, "Table": {"CapacityUnits": 2.0},
        "GlobalSecondaryIndexes": {"GSI1": {"CapacityUnits": 2.0}}}
    resp = ddb.put_item(TableName=indexed_table, Item=padded("b", "1", 10),
                        ReturnConsumedCapacity="TOTAL")
    assert units(resp) == 1.0  # in no index: the table alone


def test_update_moving_an_index_key_costs_a_delete_and_a_put(ddb, indexed_table):
    ddb.put_item(TableName=indexed_table, Item=padded("a", "1", 1500, GSI1PK=S("G"),
                                                      GSI1SK=S("1")))
    resp = ddb.update_item(TableName=indexed_table, Key=k("a", "1"),
                           UpdateExpression="SET GSI1SK = :s, #st = :st, LSK = :l",
                           ExpressionAttributeNames={"#st": "status"},
                           ExpressionAttributeValues={":s": S("2"), ":st": S("open"),
                                                      ":l": S("x")},
                           ReturnConsumedCapacity="INDEXES")
    # Table: 2. GSI1: the old entry deleted (2) and the new one written (2). GSI2 and
    # LSI1 gain a small KEYS_ONLY entry: 1 each.
    assert resp["ConsumedCapacity"] == {
        "TableName": indexed_table, "CapacityUnits": 8.0, "Table": {"CapacityUnits": 2.0},
        "GlobalSecondaryIndexes": {"GSI1": {"CapacityUnits": 4.0}, "GSI2": {"CapacityUnits": 1.0}},
        "LocalSecondaryIndexes": {"LSI1": {"CapacityUnits": 1.0}}}


def test_delete_removes_the_index_entries_at_their_cost(ddb, indexed_table):
    ddb.put_item(TableName=indexed_table, Item=padded("a", "1", 1500, GSI1PK=S("G"),
                                                      GSI1SK=S("1"), status=S("open")))
    resp = ddb.delete_item(TableName=indexed_table, Key=k("a", "1"),
                           ReturnConsumedCapacity="INDEXES")
    assert resp["ConsumedCapacity"]["GlobalSecondaryIndexes"] == {
        "GSI1": {"CapacityUnits": 2.0}, "GSI2": {"CapacityUnits": 1.0}}
    assert resp["ConsumedCapacity"]["Table"] == {"CapacityUnits": 2.0}
    assert units(resp) == 5.0


def test_query_on_a_gsi_charges_the_index_only(ddb, indexed_table):
    put_items(ddb, indexed_table, [padded("a", str(i), 1500, GSI1PK=S("G"), GSI1SK=S(str(i)))
                                   for i in range(4)])
    resp = ddb.query(TableName=indexed_table, IndexName="GSI1",
                     KeyConditionExpression="GSI1PK = :g",
                     ExpressionAttributeValues={":g": S("G")}, ReturnConsumedCapacity="INDEXES")
    assert resp["Count"] == 4
    # 4 entries of ~1,530 B = ~6.1 KB -> 2 units, eventually consistent (GSIs only are): 1.0.
    # The table is not read, so it has no entry.
    assert resp["ConsumedCapacity"] == {"TableName": indexed_table, "CapacityUnits": 1.0,
                                        "GlobalSecondaryIndexes": {"GSI1": {"CapacityUnits": 1.0}}}


def test_query_on_an_lsi_fetching_from_the_table_charges_both(ddb, indexed_table):
    put_items(ddb, indexed_table, [padded("a", str(i), 3000, LSK=S(str(i))) for i in range(3)])
    resp = ddb.query(TableName=indexed_table, IndexName="LSI1", Select="ALL_ATTRIBUTES",
                     KeyConditionExpression="PK = :p", ConsistentRead=True,
                     ExpressionAttributeValues={":p": S("a")}, ReturnConsumedCapacity="INDEXES")
    assert resp["Count"] == 3 and resp["Items"][0]["data"] == S("x" * 3000)
    # LSI1 holds only the keys (3 small entries: 1 unit); the items fetched from the
    # table are ~3,020 B each, ~9 KB together: 3 units.
    assert resp["ConsumedCapacity"] == {
        "TableName": indexed_table, "CapacityUnits": 4.0, "Table": {"CapacityUnits": 3.0},
        "LocalSecondaryIndexes": {"LSI1": {"CapacityUnits": 1.0}}}


# ------------------------------------------------------------------ transactions
# DynamoDB prepares and commits every item of a transaction: each unit counts twice
# (Developer Guide, "Capacity management for transactions").


def test_transact_write_costs_twice_per_item_listed_per_table(ddb, table):
    other = unique_name("captx")
    create_table(ddb, other)
    try:
        ddb.put_item(TableName=table, Item=padded("check", "1", 10))
        ddb.put_item(TableName=other, Item=padded("upd", "1", 10))
        resp = ddb.transact_write_items(TransactItems=[
            {"Put": {"TableName": table, "Item": padded("new", "1", 1500)}},  # 2 x 2
            {"Update": {"TableName": other, "Key": k("upd", "1"),              # 1 x 2
                        "UpdateExpression": "SET n = :n",
                        "ExpressionAttributeValues": {":n": {"N": "1"}}}},
            {"ConditionCheck": {"TableName": table, "Key": k("check", "1"),    # 1 x 2
                                "ConditionExpression": "attribute_exists(PK)"}},
        ], ReturnConsumedCapacity="TOTAL")
        assert resp["ConsumedCapacity"] == [{"TableName": table, "CapacityUnits": 6.0},
                                            {"TableName": other, "CapacityUnits": 2.0}]
    finally:
        delete_table_quietly(ddb, other)


def test_transact_write_without_the_parameter_shows_nothing(ddb, table):
    resp = ddb.transact_write_items(TransactItems=[
        {"Put": {"TableName": table, "Item": padded("a", "1", 10)}}])
    assert "ConsumedCapacity" not in resp


def test_transact_get_costs_twice_a_consistent_read(ddb, table):
    ddb.put_item(TableName=table, Item=padded("big", "1", 5000))
    resp = ddb.transact_get_items(TransactItems=[
        {"Get": {"TableName": table, "Key": k("big", "1")}},      # ceil(5010/4096) = 2, x2
        {"Get": {"TableName": table, "Key": k("missing", "1")}},  # the minimum 1, x2
    ], ReturnConsumedCapacity="TOTAL")
    assert resp["Responses"][1] == {}
    assert resp["ConsumedCapacity"] == [{"TableName": table, "CapacityUnits": 6.0}]


def test_transact_write_bad_return_consumed_capacity(ddb, table):
    expect_error(ddb.transact_write_items, "ValidationException",
                 match="Value 'SOME' at 'returnConsumedCapacity' failed to satisfy constraint: "
                       "Member must satisfy enum value set: [INDEXES, TOTAL, NONE]",
                 TransactItems=[{"Put": {"TableName": table, "Item": padded("a", "1", 1)}}],
                 ReturnConsumedCapacity="SOME")
