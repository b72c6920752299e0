"""Secondary indexes: maintenance on every kind of write, wrong-typed index keys,
projections (KEYS_ONLY / INCLUDE / ALL, Select), LSIs, pagination and parallel scan over
an index, ConsistentRead on a GSI, the errors of IndexName and ExclusiveStartKey, and
DescribeTable's index statistics (also after a restart).

Error texts are DynamoDB's as recorded by dynalite's tests, which run against the
service (cited [dynalite]: test/query.js, test/scan.js, test/putItem.js), or as quoted
from the service in user reports (cited [report]).
"""

import pytest

from mtutil import (VALIDATION, create_indexed_table, delete_table_quietly, expect_error,
                    follow_pages, index_spec, make_client, page_items, put_items,
                    unique_name, N, S)

INVALID = "One or more parameter values were invalid: "
ATTRIBUTES = {"PK": "S", "SK": "S", "G": "S", "GS": "N", "L": "N"}


def item(pk, sk, g=None, gs=None, l=None, **extra):
    out = {"PK": S(pk), "SK": S(sk)}
    if g is not None:
        out["G"] = S(g)
    if gs is not None:
        out["GS"] = N(str(gs))
    if l is not None:
        out["L"] = N(str(l))
    out.update(extra)
    return out


@pytest.fixture
def indexed(ddb):
    """A table with an ALL GSI (G, GS), a KEYS_ONLY GSI on G, an INCLUDE GSI (G, GS) with
    `color`, and a KEYS_ONLY LSI on L; deleted after the test."""
    name = unique_name("indexed")
    create_indexed_table(ddb, name, ATTRIBUTES, gsis=[
        index_spec("All", "G", "GS"),
        index_spec("Keys", "G", projection="KEYS_ONLY"),
        index_spec("Include", "G", "GS", projection="INCLUDE", non_key=["color"]),
    ], lsis=[index_spec("Local", "PK", "L", projection="KEYS_ONLY")])
    yield name
    delete_table_quietly(ddb, name)


def query_index(ddb, table, index, g, **kwargs):
    return ddb.query(TableName=table, IndexName=index, KeyConditionExpression="G = :g",
                     ExpressionAttributeValues={":g": S(g)}, **kwargs)


def test_every_kind_of_write_maintains_the_indexes(ddb, indexed):
    ddb.put_item(TableName=indexed, Item=item("p", "1", g="a", gs=1))
    ddb.batch_write_item(RequestItems={indexed: [
        {"PutRequest": {"Item": item("p", "2", g="a", gs=2)}},
        {"PutRequest": {"Item": item("p", "3", g="b", gs=3)}}]})
    # Moving an entry: UpdateItem changes the index partition key.
    ddb.update_item(TableName=indexed, Key=item("p", "3"), UpdateExpression="SET G = :a",
                    ExpressionAttributeValues={":a": S("a")})
    ddb.delete_item(TableName=indexed, Key=item("p", "1"))
    ddb.batch_write_item(RequestItems={indexed: [{"DeleteRequest": {"Key": item("p", "2")}}]})
    assert query_index(ddb, indexed, "All", "a")["Items"] == [item("p", "3", g="a", gs=3)]
    assert query_index(ddb, indexed, "All", "b")["Items"] == []
    assert query_index(ddb, indexed, "Keys", "a")["Items"] == [item("p", "3", g="a")]


def test_wrong_type_for_an_index_key_is_refused(ddb, indexed):
    # [dynalite] test/putItem.js and test/batchWriteItem.js:
    # "Type mismatch for Index Key c Expected: S Actual: N IndexName: index\d"
    message = INVALID + "Type mismatch for Index Key G Expected: S Actual: N IndexName: All"
    expect_error(ddb.put_item, VALIDATION, message, TableName=indexed,
                 Item=item("p", "1", G=N("1")))
    expect_error(ddb.batch_write_item, VALIDATION, message, RequestItems={indexed: [
        {"PutRequest": {"Item": item("p", "2", g="ok")}},
        {"PutRequest": {"Item": item("p", "1", G=N("1"))}}]})
    ddb.put_item(TableName=indexed, Item=item("p", "3", g="a"))
    expect_error(ddb.update_item, VALIDATION,
                 INVALID + "Type mismatch for Index Key GS Expected: N Actual: S IndexName: All",
                 TableName=indexed, Key=item("p", "3"), UpdateExpression="SET GS = :s",
                 ExpressionAttributeValues={":s": S("x")})
    # Nothing of the refused writes was stored (the whole batch was refused).
    assert ddb.scan(TableName=indexed)["Items"] == [item("p", "3", g="a")]


def test_empty_string_index_key_is_refused(ddb, indexed):
    # [report] "One or more parameter values are not valid. A value specified for a
    # secondary index key is not supported. The AttributeValue for a key attribute cannot
    # contain an empty string value. IndexName: StatusIndex, IndexKey: processedAt"
    expect_error(ddb.put_item, VALIDATION,
                 "One or more parameter values are not valid. A value specified for a secondary "
                 "index key is not supported. The AttributeValue for a key attribute cannot "
                 "contain an empty string value. IndexName: All, IndexKey: G",
                 TableName=indexed, Item=item("p", "1", g=""))


def test_projections_and_select(ddb, indexed):
    full = item("p", "1", g="a", gs=5, l=9, color=S("red"), shade=S("dark"))
    ddb.put_item(TableName=indexed, Item=full)
    keys = item("p", "1", g="a", gs=5)
    assert query_index(ddb, indexed, "All", "a")["Items"] == [full]
    assert query_index(ddb, indexed, "Include", "a")["Items"] == [dict(keys, color=S("red"))]
    assert query_index(ddb, indexed, "Keys", "a")["Items"] == [item("p", "1", g="a")]
    assert query_index(ddb, indexed, "Include", "a", Select="ALL_PROJECTED_ATTRIBUTES")["Items"] \
        == [dict(keys, color=S("red"))]
    assert query_index(ddb, indexed, "Include", "a", ProjectionExpression="color")["Items"] \
        == [{"color": S("red")}]
    # A GSI holds only what it projects. [report] localstack issue 478 quotes the
    # service: "One or more parameter values were invalid: Global secondary index
    # my_index does not project [table_column]"
    expect_error(query_index, VALIDATION,
                 INVALID + "Global secondary index Include does not project [shade]",
                 ddb=ddb, table=indexed, index="Include", g="a", ProjectionExpression="color, shade")
    assert query_index(ddb, indexed, "All", "a", Select="ALL_ATTRIBUTES")["Items"] == [full]
    assert query_index(ddb, indexed, "Keys", "a", Select="COUNT")["Count"] == 1
    # [dynalite] test/query.js "Select type ALL_ATTRIBUTES is not supported for global
    # secondary index index4 because its projection type is not ALL"
    expect_error(query_index, VALIDATION,
                 INVALID + "Select type ALL_ATTRIBUTES is not supported for global secondary "
                 "index Keys because its projection type is not ALL",
                 ddb=ddb, table=indexed, index="Keys", g="a", Select="ALL_ATTRIBUTES")


def test_local_index_reads_other_attributes_from_the_table(ddb, indexed):
    full = item("p", "1", l=2, color=S("red"))
    put_items(ddb, indexed, [full, item("p", "2", l=1), item("p", "3"), item("q", "1", l=0)])
    local = dict(TableName=indexed, IndexName="Local", KeyConditionExpression="PK = :p",
                 ExpressionAttributeValues={":p": S("p")})
    # LSI order is the LSI sort key's; the item without L is not in the index.
    assert ddb.query(**local)["Items"] == [item("p", "2", l=1), item("p", "1", l=2)]
    assert ddb.query(**local, Select="ALL_ATTRIBUTES")["Items"] == [item("p", "2", l=1), full]
    # An item without the projected attributes comes back empty, as DynamoDB's do.
    assert ddb.query(**local, ProjectionExpression="color")["Items"] == [{}, {"color": S("red")}]
    filtered = ddb.query(**dict(local, FilterExpression="color = :c",
                                ExpressionAttributeValues={":p": S("p"), ":c": S("red")}))
    assert filtered["Items"] == [item("p", "1", l=2)] and filtered["ScannedCount"] == 2
    # Strongly consistent reads are allowed on LSIs.
    assert ddb.query(**local, ConsistentRead=True)["Count"] == 2


def test_pagination_over_an_index(ddb, indexed):
    items = [item(f"p{i % 7}", f"{i:03d}", g="a", gs=i % 5) for i in range(40)]
    put_items(ddb, indexed, items)
    pages = follow_pages(query_index, ddb=ddb, table=indexed, index="All", g="a", Limit=6)
    got = page_items(pages)
    assert len(pages) == 7 and len(got) == 40
    assert [int(i["GS"]["N"]) for i in got] == sorted(int(i["GS"]["N"]) for i in items)
    # LastEvaluatedKey: the index keys and the table keys.
    assert set(pages[0]["LastEvaluatedKey"]) == {"G", "GS", "PK", "SK"}
    backwards = page_items(follow_pages(query_index, ddb=ddb, table=indexed, index="All", g="a",
                                        Limit=9, ScanIndexForward=False))
    assert backwards == list(reversed(got))
    scanned = page_items(follow_pages(ddb.scan, TableName=indexed, IndexName="Keys", Limit=7))
    assert sorted(i["SK"]["S"] for i in scanned) == sorted(i["SK"]["S"] for i in items)


def test_parallel_scan_on_an_index(ddb, indexed):
    items = [item(f"p{i}", "s", g=f"g{i % 13}", gs=i) for i in range(60)]
    put_items(ddb, indexed, items)
    seen = []
    for segment in range(4):
        pages = follow_pages(ddb.scan, TableName=indexed, IndexName="All", Segment=segment,
                             TotalSegments=4, Limit=5)
        seen += [i["PK"]["S"] for i in page_items(pages)]
    assert sorted(seen) == sorted(f"p{i}" for i in range(60))


def test_index_read_errors(ddb, indexed):
    # [dynalite] test/query.js and test/scan.js
    expect_error(query_index, VALIDATION, "The table does not have the specified index: Nope",
                 ddb=ddb, table=indexed, index="Nope", g="a")
    expect_error(ddb.scan, VALIDATION, "The table does not have the specified index: Nope",
                 TableName=indexed, IndexName="Nope")
    expect_error(query_index, VALIDATION,
                 "Consistent reads are not supported on global secondary indexes",
                 ddb=ddb, table=indexed, index="All", g="a", ConsistentRead=True)
    expect_error(ddb.scan, VALIDATION,
                 "Consistent reads are not supported on global secondary indexes",
                 TableName=indexed, IndexName="All", ConsistentRead=True)
    expect_error(ddb.query, VALIDATION, "Query condition missed key schema element: G",
                 TableName=indexed, IndexName="All", KeyConditionExpression="PK = :p",
                 ExpressionAttributeValues={":p": S("p")})
    expect_error(ddb.query, VALIDATION,
                 "Filter Expression can only contain non-primary key attributes: Primary key "
                 "attribute: GS", TableName=indexed, IndexName="All",
                 KeyConditionExpression="G = :g", FilterExpression="GS > :z",
                 ExpressionAttributeValues={":g": S("a"), ":z": N("1")})
    expect_error(query_index, VALIDATION, "The provided starting key is invalid",
                 ddb=ddb, table=indexed, index="All", g="a",
                 ExclusiveStartKey=item("p", "1"))
    expect_error(query_index, VALIDATION,
                 "The provided starting key is invalid: The provided key element does not "
                 "match the schema", ddb=ddb, table=indexed, index="All", g="a",
                 ExclusiveStartKey=item("p", "1", g="a", GS=S("x")))
    expect_error(query_index, VALIDATION,
                 "The provided starting key is outside query boundaries based on provided "
                 "conditions", ddb=ddb, table=indexed, index="All", g="a",
                 ExclusiveStartKey=item("p", "1", g="b", gs=1))


def test_describe_table_shows_index_statistics(ddb, indexed):
    put_items(ddb, indexed, [item("p", "1", g="a", gs=1, l=1), item("p", "2", g="a"),
                             item("p", "3")])
    table = ddb.describe_table(TableName=indexed)["Table"]
    gsis = {g["IndexName"]: g for g in table["GlobalSecondaryIndexes"]}
    assert {n: g["ItemCount"] for n, g in gsis.items()} == {"All": 1, "Keys": 2, "Include": 1}
    assert all(g["IndexStatus"] == "ACTIVE" and "Backfilling" not in g for g in gsis.values())
    assert gsis["All"]["IndexSizeBytes"] > 0
    assert gsis["All"]["IndexArn"] == table["TableArn"] + "/index/All"
    local = table["LocalSecondaryIndexes"][0]
    assert local["IndexName"] == "Local" and local["ItemCount"] == 1
    assert "IndexStatus" not in local and "ProvisionedThroughput" not in local


def test_provisioned_gsi_throughput_is_described(ddb):
    name = unique_name("provisioned")
    create_indexed_table(ddb, name, {"PK": "S", "G": "S"}, range_name=None, throughput=(5, 5),
                         gsis=[index_spec("ByG", "G", throughput=(3, 4))])
    try:
        gsi = ddb.describe_table(TableName=name)["Table"]["GlobalSecondaryIndexes"][0]
        assert gsi["ProvisionedThroughput"] == {"NumberOfDecreasesToday": 0,
                                                "ReadCapacityUnits": 3, "WriteCapacityUnits": 4}
    finally:
        delete_table_quietly(ddb, name)


def test_indexes_survive_a_restart_and_go_with_their_table(server_factory, tmp_path):
    db = tmp_path / "db"
    srv = server_factory(db_path=db)
    client = make_client(srv.endpoint)
    attributes = {"PK": "S", "SK": "S", "G": "S", "GS": "N"}
    create_indexed_table(client, "restart", attributes, gsis=[index_spec("All", "G", "GS")])
    put_items(client, "restart", [item("p", "1", g="a", gs=1), item("p", "2", g="a", gs=0)])
    srv.stop()
    client = make_client(server_factory(db_path=db).endpoint)
    assert [i["SK"]["S"] for i in query_index(client, "restart", "All", "a")["Items"]] == ["2", "1"]
    gsi = client.describe_table(TableName="restart")["Table"]["GlobalSecondaryIndexes"][0]
    assert gsi["ItemCount"] == 2
    # A new table of the same name starts with empty indexes.
    client.delete_table(TableName="restart")
    create_indexed_table(client, "restart", attributes, gsis=[index_spec("All", "G", "GS")])
    assert query_index(client, "restart", "All", "a")["Items"] == []


def test_return_item_collection_metrics(ddb, indexed):
    # Tables with an LSI report the item's collection (its partition key and a size
    # range in GB); the shape is the service's (botocore's ItemCollectionMetrics).
    resp = ddb.put_item(TableName=indexed, Item=item("p", "1", l=1),
                        ReturnItemCollectionMetrics="SIZE")
    assert resp["ItemCollectionMetrics"] == {"ItemCollectionKey": {"PK": S("p")},
                                             "SizeEstimateRangeGB": [0.0, 1.0]}
    resp = ddb.update_item(TableName=indexed, Key=item("p", "1"), UpdateExpression="SET x = :x",
                           ExpressionAttributeValues={":x": N("1")},
                           ReturnItemCollectionMetrics="SIZE")
    assert resp["ItemCollectionMetrics"]["ItemCollectionKey"] == {"PK": S("p")}
    resp = ddb.delete_item(TableName=indexed, Key=item("p", "1"),
                           ReturnItemCollectionMetrics="SIZE")
    assert resp["ItemCollectionMetrics"]["ItemCollectionKey"] == {"PK": S("p")}
    assert "ItemCollectionMetrics" not in ddb.put_item(TableName=indexed, Item=item("p", "2"))
    expect_error(ddb.put_item, VALIDATION,
                 "1 validation error detected: Value 'ALL' at 'returnItemCollectionMetrics' "
                 "failed to satisfy constraint: Member must satisfy enum value set: [SIZE, NONE]",
                 TableName=indexed, Item=item("p", "3"), ReturnItemCollectionMetrics="ALL")


def test_batch_write_returns_item_collection_metrics_per_table(ddb, indexed):
    # BatchWriteItem lists, per table, each item collection it wrote (botocore's
    # BatchWriteItemOutput: ItemCollectionMetrics is a map of table name to a list).
    resp = ddb.batch_write_item(RequestItems={indexed: [
        {"PutRequest": {"Item": item("p", "1", l=1)}},
        {"PutRequest": {"Item": item("p", "2", l=2)}},
        {"PutRequest": {"Item": item("q", "1")}},
    ]}, ReturnItemCollectionMetrics="SIZE")
    assert resp["ItemCollectionMetrics"] == {indexed: [
        {"ItemCollectionKey": {"PK": S("p")}, "SizeEstimateRangeGB": [0.0, 1.0]},
        {"ItemCollectionKey": {"PK": S("q")}, "SizeEstimateRangeGB": [0.0, 1.0]},
    ]}
    resp = ddb.batch_write_item(RequestItems={indexed: [
        {"DeleteRequest": {"Key": item("p", "1")}}]})
    assert "ItemCollectionMetrics" not in resp


def test_no_item_collection_metrics_without_a_local_index(ddb):
    name = unique_name("nolsi")
    create_indexed_table(ddb, name, {"PK": "S", "SK": "S", "G": "S"},
                         gsis=[index_spec("ByG", "G")])
    try:
        resp = ddb.put_item(TableName=name, Item=item("p", "1", g="a"),
                            ReturnItemCollectionMetrics="SIZE")
        assert "ItemCollectionMetrics" not in resp
    finally:
        delete_table_quietly(ddb, name)


def test_index_key_size_limits(ddb, indexed):
    # A GSI's partition key (G) is limited to 2048 bytes (and a sort key to 1024), like
    # the table's; the message names the index (the service's text,
    # recorded in dynalite issue 35 and in user reports).
    expect_error(ddb.put_item, VALIDATION,
                 "One or more parameter values were invalid: Size limit exceeded for Index Key G "
                 "Actual Size: 2049 bytes Max Size: 2048 bytes IndexName: All",
                 TableName=indexed, Item=item("p", "big", g="x" * 2049))
    ddb.put_item(TableName=indexed, Item=item("p", "fits", g="x" * 2048))
    assert ddb.get_item(TableName=indexed, Key=item("p", "big")).get("Item") is None
