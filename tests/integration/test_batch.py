"""BatchWriteItem and BatchGetItem across tables, with boto3's client and resource.

Limits and texts from the DynamoDB API Reference (25 writes, 100 keys per call) and
dynalite's batch tests, which run against DynamoDB: "Provided list of item keys contains
duplicates", "Too many items requested for the BatchWriteItem call" (and BatchGetItem).
"""

import boto3

from mtutil import (ACCESS_KEY, REGION, SECRET_KEY, VALIDATION, expect_error, loaded_table, N,
                    S)

DUPLICATES = "Provided list of item keys contains duplicates"


def put(item):
    return {"PutRequest": {"Item": item}}


def delete(key):
    return {"DeleteRequest": {"Key": key}}


def pk(value):
    return {"PK": S(value)}


def test_batch_write_puts_and_deletes_across_tables(ddb):
    with loaded_table(ddb, "bw1", [dict(pk("gone"), v=N("0"))], range_type=None,
                      billing="PAY_PER_REQUEST") as a, \
         loaded_table(ddb, "bw2", [], range_type=None, billing="PAY_PER_REQUEST") as b:
        resp = ddb.batch_write_item(RequestItems={
            a: [put(dict(pk(f"a{i}"), v=N(str(i)))) for i in range(10)] + [delete(pk("gone"))],
            b: [put(dict(pk(f"b{i}"), s=S("x" * i))) for i in range(14)],
        })
        assert resp["UnprocessedItems"] == {}
        assert ddb.get_item(TableName=a, Key=pk("a7"))["Item"] == dict(pk("a7"), v=N("7"))
        assert "Item" not in ddb.get_item(TableName=a, Key=pk("gone"))
        assert ddb.get_item(TableName=b, Key=pk("b3"))["Item"] == dict(pk("b3"), s=S("xxx"))
        assert ddb.describe_table(TableName=a)["Table"]["ItemCount"] == 10
        assert ddb.describe_table(TableName=b)["Table"]["ItemCount"] == 14


def test_resource_batch_writer(ddb, endpoint):
    with loaded_table(ddb, "bwr", [], range_type=None, billing="PAY_PER_REQUEST") as name:
        table = boto3.resource("dynamodb", endpoint_url=endpoint, region_name=REGION,
                               aws_access_key_id=ACCESS_KEY,
                               aws_secret_access_key=SECRET_KEY).Table(name)
        with table.batch_writer() as writer:
            for i in range(60):  # three calls of 25, 25 and 10 writes
                writer.put_item(Item={"PK": f"w{i}", "n": i})
        assert ddb.describe_table(TableName=name)["Table"]["ItemCount"] == 60
        assert table.get_item(Key={"PK": "w59"})["Item"] == {"PK": "w59", "n": 59}


def test_batch_get_across_tables_with_projection(ddb):
    with loaded_table(ddb, "bg1", [dict(pk(f"k{i}"), v=N(str(i)), w=S("w")) for i in range(5)],
                      range_type=None, billing="PAY_PER_REQUEST") as a, \
         loaded_table(ddb, "bg2", [dict(pk("only"), x=S("y"))], range_type=None,
                      billing="PAY_PER_REQUEST") as b:
        resp = ddb.batch_get_item(RequestItems={
            a: {"Keys": [pk(f"k{i}") for i in range(8)], "ProjectionExpression": "#v",
                "ExpressionAttributeNames": {"#v": "v"}, "ConsistentRead": True},
            b: {"Keys": [pk("only"), pk("missing")]},
        })
        got_a = sorted(resp["Responses"][a], key=lambda i: int(i["v"]["N"]))
        assert got_a == [{"v": N(str(i))} for i in range(5)]  # missing keys are absent
        assert resp["Responses"][b] == [dict(pk("only"), x=S("y"))]
        assert resp["UnprocessedKeys"] == {}


def test_batch_errors(ddb):
    with loaded_table(ddb, "be", [], range_type=None, billing="PAY_PER_REQUEST") as name:
        expect_error(ddb.batch_write_item, VALIDATION, DUPLICATES,
                     RequestItems={name: [put(pk("a")), delete(pk("a"))]})
        expect_error(ddb.batch_write_item, VALIDATION,
                     "1 validation error detected: Value '{" + name + "=[...]}' at "
                     "'requestItems' failed to satisfy constraint: Map value must satisfy "
                     "constraint: [Member must have length less than or equal to 25, Member "
                     "must have length greater than or equal to 1]",
                     RequestItems={name: [put(pk(str(i))) for i in range(26)]})
        expect_error(ddb.batch_write_item, VALIDATION,
                     "One or more parameter values were invalid: Missing the key PK in the item",
                     RequestItems={name: [put({"other": S("x")})]})
        expect_error(ddb.batch_write_item, "ResourceNotFoundException",
                     "Requested resource not found",
                     RequestItems={name + "-missing": [put(pk("a"))]})
        expect_error(ddb.batch_get_item, VALIDATION, DUPLICATES,
                     RequestItems={name: {"Keys": [pk("a"), pk("a")]}})
        # One table's Keys over 100: DynamoDB's newer validation framework's words, the
        # path as the request spells it and no value (recorded from DynamoDB in 2026).
        expect_error(ddb.batch_get_item, VALIDATION,
                     f"1 validation error detected: Value at 'RequestItems.{name}.member.Keys' "
                     "failed to satisfy constraint: Member must have length less than or "
                     "equal to 100", RequestItems={name: {"Keys": [pk(str(i)) for i in range(101)]}})
        # An empty RequestItems is a sentence of its own ([dynalite] batchGetItem.js and
        # batchWriteItem.js, recorded against DynamoDB; the same answers recorded in 2026).
        for call, operation in ((ddb.batch_get_item, "BatchGetItem"),
                                (ddb.batch_write_item, "BatchWriteItem")):
            expect_error(call, VALIDATION,
                         f"The requestItems parameter is required for {operation}",
                         RequestItems={})
        expect_error(ddb.batch_write_item, VALIDATION,
                     "Too many items requested for the BatchWriteItem call",
                     RequestItems={name: [put(pk(str(i))) for i in range(20)],
                                   name + "2": [put(pk(str(i))) for i in range(6)]})
        expect_error(ddb.batch_get_item, VALIDATION,
                     "Too many items requested for the BatchGetItem call",
                     RequestItems={name: {"Keys": [pk(str(i)) for i in range(60)]},
                                   name + "2": {"Keys": [pk(str(i)) for i in range(41)]}})
        expect_error(ddb.batch_get_item, VALIDATION,
                     "The provided key element does not match the schema",
                     RequestItems={name: {"Keys": [{"PK": N("1")}]}})
        # Nothing was written by the refused batches.
        assert ddb.describe_table(TableName=name)["Table"]["ItemCount"] == 0


def test_batch_get_stops_at_16_mb_with_unprocessed_keys(ddb):
    big = "x" * (390 * 1024)
    items = [dict(pk(f"big{i:02d}"), blob=S(big)) for i in range(45)]  # ~17.5 MB in all
    with loaded_table(ddb, "bgbig", items, range_type=None, billing="PAY_PER_REQUEST") as name:
        keys = [pk(f"big{i:02d}") for i in range(45)]
        resp = ddb.batch_get_item(RequestItems={name: {"Keys": keys, "ConsistentRead": True}})
        got = resp["Responses"][name]
        left = resp["UnprocessedKeys"][name]
        assert 0 < len(got) < 45
        assert left["ConsistentRead"] is True  # the table's request is repeated
        # Together the page and the unprocessed keys cover every key exactly once.
        assert sorted([i["PK"]["S"] for i in got] + [k["PK"]["S"] for k in left["Keys"]]) == \
            [k["PK"]["S"] for k in keys]
        again = ddb.batch_get_item(RequestItems=resp["UnprocessedKeys"])
        assert len(again["Responses"][name]) == len(left["Keys"])
        assert again["UnprocessedKeys"] == {}
