"""BatchExecuteStatement: up to 25 PartiQL statements, all reads or all writes, each
answered on its own, with boto3 and the AWS CLI.

AWS's behaviour, as recorded by the dynamodb-conformance suites and floci's PartiQL
tests (DynamoDB Local's texts where no recording was found): HTTP 200 with one response
per statement, {TableName, Item?} or {Error: {Code, Message}}; a statement refused
before it reached its table has no TableName; a read must name one item by its full
primary key; ReturnValuesOnConditionCheckFailure returns no item in a batch.
"""

import json

import pytest

from mtutil import (N, S, VALIDATION, create_table, expect_error, k, make_client,
                    statements, unique_name)

MIXED = "Read and write requests together in the same batch is not supported."
NEEDS_KEY = ("Select statements within BatchExecuteStatement must specify the primary key "
             "in the where clause.")


def test_reads_by_key(ddb, table):
    ddb.put_item(TableName=table, Item={**k("a"), "n": N("1")})
    ddb.put_item(TableName=table, Item={**k("b"), "n": N("2"), "x": S("y")})
    out = ddb.batch_execute_statement(Statements=[
        {"Statement": f"SELECT * FROM \"{table}\" WHERE PK = 'a' AND SK = 's'"},
        {"Statement": f"SELECT x FROM \"{table}\" WHERE PK = ? AND SK = ?",
         "Parameters": [S("b"), S("s")], "ConsistentRead": True},
        {"Statement": f"SELECT * FROM \"{table}\" WHERE PK = 'none' AND SK = 's'"},
        {"Statement": f"SELECT * FROM \"{table}\" WHERE PK = 'a'"},
        {"Statement": 'SELECT * FROM "no-such-table" WHERE PK = \'a\' AND SK = \'s\''},
        {"Statement": f"SLECT * FROM \"{table}\""}], ReturnConsumedCapacity="TOTAL")
    r = out["Responses"]
    assert r[0] == {"TableName": table, "Item": {**k("a"), "n": N("1")}}
    assert r[1] == {"TableName": table, "Item": {"x": S("y")}}
    assert r[2] == {"TableName": table}
    assert r[3] == {"Error": {"Code": "ValidationError", "Message": NEEDS_KEY}}
    assert r[4]["Error"]["Code"] == "ResourceNotFound" and "TableName" not in r[4]
    assert r[5] == {"Error": {"Code": "ValidationError", "Message":
                              "Statement wasn't well formed, can't be processed: Expected data "
                              "manipulation"}}
    # 0.5 + 1 + 0.5: the three reads that ran, each at its own consistency.
    assert out["ConsumedCapacity"] == [{"TableName": table, "CapacityUnits": 2.0}]


def test_writes_fail_alone(ddb, raw, table):
    ddb.put_item(TableName=table, Item={**k("dup"), "n": N("1")})
    ddb.put_item(TableName=table, Item={**k("upd"), "n": N("1")})
    # Sent as JSON: Debian's botocore predates ReturnValuesOnConditionCheckFailure here.
    resp = raw("BatchExecuteStatement", {"Statements": [
        {"Statement": f"INSERT INTO \"{table}\" VALUE {{'PK': 'new', 'SK': 's'}}"},
        {"Statement": f"INSERT INTO \"{table}\" VALUE {{'PK': 'dup', 'SK': 's'}}"},
        {"Statement": f"UPDATE \"{table}\" SET n = 2 WHERE PK = 'upd' AND SK = 's' AND n = 5",
         "ReturnValuesOnConditionCheckFailure": "ALL_OLD"},
        {"Statement": f"UPDATE \"{table}\" SET n = n + 1 WHERE PK = 'upd' AND SK = 's' "
                      f"RETURNING ALL NEW *"},
        {"Statement": f"DELETE FROM \"{table}\" WHERE PK = 'dup' AND SK = 's' "
                      f"RETURNING MODIFIED OLD *"},
        {"Statement": f"UPDATE \"{table}\" SET n = 1 WHERE PK = 'upd'"}]})
    assert resp.status == 200
    out = resp.json()
    r = out["Responses"]
    assert r[0] == {"TableName": table}
    assert r[1] == {"TableName": table, "Error": {
        "Code": "DuplicateItem", "Message": "Duplicate primary key exists in table"}}
    assert r[2] == {"TableName": table, "Error": {
        "Code": "ConditionalCheckFailed", "Message": "The conditional request failed"}}
    assert r[3] == {"TableName": table, "Item": {**k("upd"), "n": N("2")}}
    assert r[4] == {"Error": {"Code": "ValidationError", "Message":
                              "Invalid returning clause: RETURNING MODIFIED OLD *. Only "
                              "RETURNING ALL OLD * is allowed in DELETE statements."}}
    assert r[5]["Error"]["Code"] == "ValidationError" and "TableName" not in r[5]
    assert "ConsumedCapacity" not in out
    assert "Item" in ddb.get_item(TableName=table, Key=k("new"))
    assert "Item" in ddb.get_item(TableName=table, Key=k("dup"))


def test_reads_and_writes_do_not_mix(ddb, table):
    expect_error(ddb.batch_execute_statement, VALIDATION, MIXED, Statements=statements(
        f"SELECT * FROM \"{table}\" WHERE PK = 'a' AND SK = 's'",
        f"DELETE FROM \"{table}\" WHERE PK = 'a' AND SK = 's'"))
    # A statement that does not parse takes no side.
    out = ddb.batch_execute_statement(Statements=statements(
        "SLECT 1", f"DELETE FROM \"{table}\" WHERE PK = 'a' AND SK = 's'",
        f"EXISTS(SELECT * FROM \"{table}\" WHERE PK = 'a' AND SK = 's' AND n = 1)"))
    assert out["Responses"][1] == {"TableName": table}
    assert out["Responses"][2] == {"Error": {
        "Code": "ValidationError",
        "Message": "EXISTS can only be used in ExecuteTransaction write requests."}}


@pytest.mark.parametrize("count,message", [
    (0, "Member must have length greater than or equal to 1"),
    (26, "Member must have length less than or equal to 25")])
def test_statement_count_limits(ddb, table, count, message):
    texts = [f"SELECT * FROM \"{table}\" WHERE PK = 'p{i}' AND SK = 's'" for i in range(count)]
    expect_error(ddb.batch_execute_statement, VALIDATION, match=message,
                 Statements=statements(*texts))


def test_twenty_five_writes(ddb, table):
    texts = [f"INSERT INTO \"{table}\" VALUE {{'PK': 'w{i}', 'SK': 's'}}" for i in range(25)]
    out = ddb.batch_execute_statement(Statements=statements(*texts))
    assert out["Responses"] == [{"TableName": table}] * 25
    assert ddb.scan(TableName=table, Select="COUNT")["Count"] == 25


def test_aws_cli_batch_execute_statement(aws_cli, ddb, table):
    ddb.put_item(TableName=table, Item={**k("cli"), "n": N("1")})
    rc, out = aws_cli("batch-execute-statement", "--statements", json.dumps([
        {"Statement": f"SELECT n FROM \"{table}\" WHERE PK = ? AND SK = 's'",
         "Parameters": [S("cli")]},
        {"Statement": f"SELECT * FROM \"{table}\" WHERE n = 1"}]))
    assert rc == 0, out
    assert out["Responses"][0] == {"TableName": table, "Item": {"n": N("1")}}
    assert out["Responses"][1]["Error"] == {"Code": "ValidationError", "Message": NEEDS_KEY}
    rc, out = aws_cli("batch-execute-statement", "--statements", json.dumps(statements(
        f"INSERT INTO \"{table}\" VALUE {{'PK': 'cli', 'SK': 's'}}")))
    assert rc == 0, out
    assert out["Responses"][0]["Error"]["Code"] == "DuplicateItem"


def test_throttled_statements_fail_alone(server_factory):
    # A WCU-1 table under --throughput enforce refuses the second write within a second:
    # the statements past the first answer ProvisionedThroughputExceeded, as
    # BatchWriteItem hands them back unprocessed, and the call itself succeeds.
    enforce = server_factory(in_memory=True, extra=["--throughput", "enforce"])
    client = make_client(enforce.endpoint)
    name = unique_name("pqthrottle")
    create_table(client, name, range_type=None, rcu=1, wcu=1)
    out = client.batch_execute_statement(Statements=statements(
        *[f"INSERT INTO \"{name}\" VALUE {{'PK': 'k{i}'}}" for i in range(25)]))
    codes = [r.get("Error", {}).get("Code") for r in out["Responses"]]
    assert codes[0] is None
    assert "ProvisionedThroughputExceeded" in codes
    assert set(codes) <= {None, "ProvisionedThroughputExceeded"}
    written = sum(1 for c in codes if c is None)
    assert client.scan(TableName=name, Select="COUNT")["Count"] == written
