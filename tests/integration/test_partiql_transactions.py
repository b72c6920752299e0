"""ExecuteTransaction: PartiQL statements run all or nothing by the transactions engine,
with boto3 and the AWS CLI.

What is checked, and where AWS's behaviour was taken from (recorded against DynamoDB by
floci's PartiQL edge-case tests and the dynamodb-conformance suites; DynamoDB Local's
texts where no recording was found):
- a transaction is all reads (SELECT by full key, one Responses entry each, {} for a
  missing item) or all writes (INSERT, UPDATE, DELETE, EXISTS; Responses is []);
- TransactionCanceledException with CancellationReasons in statement order: a failed
  condition (ConditionalCheckFailed, the item with ReturnValuesOnConditionCheckFailure),
  an INSERT of an existing key (DuplicateItem), a missing table (ResourceNotFound), a
  write that names no item of the schema (ValidationError);
- a statement's refusal is "Validation failed in TransactStatements[<i>]: <text>";
- ClientRequestToken replays succeed without writing again; other parameters with the
  same token are IdempotentParameterMismatchException.
"""

import json

import pytest
from botocore.exceptions import ClientError

from mtutil import (CCF_MESSAGE, N, S, VALIDATION, cancelled, create_indexed_table,
                    create_table, delete_table_quietly, expect_error, index_spec, k,
                    make_client, statements, unique_name)

MULTIPLE = "Transaction request cannot include multiple operations on one item"
MIXED = ("ExecuteTransaction API does not support both read and write operations in the "
         "same request.")
NOT_SCHEMA = "The provided key element does not match the schema"


def get(ddb, table, pk, sk="s"):
    return ddb.get_item(TableName=table, Key=k(pk, sk), ConsistentRead=True).get("Item")


def test_writes_apply_together(ddb, table):
    ddb.put_item(TableName=table, Item={**k("upd"), "n": N("1")})
    ddb.put_item(TableName=table, Item={**k("del"), "n": N("1")})
    out = ddb.execute_transaction(TransactStatements=[
        {"Statement": f"INSERT INTO \"{table}\" VALUE {{'PK': ?, 'SK': 's', 'n': 7}}",
         "Parameters": [S("ins")]},
        {"Statement": f"UPDATE \"{table}\" SET n = n + 1 WHERE PK = 'upd' AND SK = 's'"},
        {"Statement": f"DELETE FROM \"{table}\" WHERE PK = 'del' AND SK = 's'"}])
    assert out["Responses"] == []
    assert get(ddb, table, "ins")["n"] == N("7")
    assert get(ddb, table, "upd")["n"] == N("2")
    assert get(ddb, table, "del") is None


def test_exists_checks_an_item(ddb, table):
    ddb.put_item(TableName=table, Item={**k("c"), "state": S("open")})
    ddb.execute_transaction(TransactStatements=statements(
        f"EXISTS(SELECT * FROM \"{table}\" WHERE PK = 'c' AND SK = 's' AND state = 'open')",
        f"INSERT INTO \"{table}\" VALUE {{'PK': 'child', 'SK': 's'}}"))
    assert get(ddb, table, "child") is not None
    # A false check, or a missing item, cancels; nothing is written.
    reasons = cancelled(ddb.execute_transaction, TransactStatements=statements(
        f"EXISTS(SELECT * FROM \"{table}\" WHERE PK = 'c' AND SK = 's' AND state = 'closed')",
        f"EXISTS(SELECT * FROM \"{table}\" WHERE PK = 'none' AND SK = 's' AND state = 'open')",
        f"INSERT INTO \"{table}\" VALUE {{'PK': 'child2', 'SK': 's'}}"))
    assert [r["Code"] for r in reasons] == ["ConditionalCheckFailed", "ConditionalCheckFailed",
                                            "None"]
    assert reasons[0]["Message"] == CCF_MESSAGE
    assert get(ddb, table, "child2") is None


def test_failed_condition_cancels_all(ddb, raw, table):
    ddb.put_item(TableName=table, Item={**k("a"), "n": N("1")})
    # Sent as JSON: Debian's botocore predates ReturnValuesOnConditionCheckFailure here.
    resp = raw("ExecuteTransaction", {"TransactStatements": [
        {"Statement": f"INSERT INTO \"{table}\" VALUE {{'PK': 'new', 'SK': 's'}}"},
        {"Statement": f"UPDATE \"{table}\" SET n = 5 WHERE PK = 'a' AND SK = 's' AND n = 9",
         "ReturnValuesOnConditionCheckFailure": "ALL_OLD"},
        {"Statement": f"UPDATE \"{table}\" SET n = 5 WHERE PK = 'missing' AND SK = 's'"}]})
    assert resp.status == 400 and resp.error_type() == "TransactionCanceledException"
    reasons = resp.json()["CancellationReasons"]
    assert [r["Code"] for r in reasons] == ["None", "ConditionalCheckFailed",
                                            "ConditionalCheckFailed"]
    assert reasons[1]["Item"] == {**k("a"), "n": N("1")}
    assert "Item" not in reasons[2]
    assert get(ddb, table, "new") is None
    assert get(ddb, table, "a")["n"] == N("1")


def test_insert_of_an_existing_key_is_a_duplicate_item(ddb, table):
    ddb.put_item(TableName=table, Item=k("dup"))
    reasons = cancelled(ddb.execute_transaction, TransactStatements=statements(
        f"INSERT INTO \"{table}\" VALUE {{'PK': 'dup', 'SK': 's', 'x': 1}}",
        f"INSERT INTO \"{table}\" VALUE {{'PK': 'other', 'SK': 's'}}"))
    assert reasons == [{"Code": "DuplicateItem",
                        "Message": "Duplicate primary key exists in table"}, {"Code": "None"}]
    assert get(ddb, table, "other") is None
    assert "x" not in get(ddb, table, "dup")


def test_reads_return_one_response_per_statement(ddb, table):
    ddb.put_item(TableName=table, Item={**k("r1"), "a": S("x"), "b": N("2")})
    ddb.put_item(TableName=table, Item={**k("r2"), "a": S("y")})
    out = ddb.execute_transaction(TransactStatements=[
        {"Statement": f"SELECT * FROM \"{table}\" WHERE PK = 'r1' AND SK = 's'"},
        {"Statement": f"SELECT a FROM \"{table}\" WHERE PK = ? AND SK = ?",
         "Parameters": [S("r2"), S("s")]},
        {"Statement": f"SELECT * FROM \"{table}\" WHERE PK IN ['none'] AND SK IN ['s']"}],
        ReturnConsumedCapacity="TOTAL")
    assert out["Responses"] == [{"Item": {**k("r1"), "a": S("x"), "b": N("2")}},
                                {"Item": {"a": S("y")}}, {}]
    assert out["ConsumedCapacity"][0]["TableName"] == table
    assert out["ConsumedCapacity"][0]["CapacityUnits"] > 0


def test_reads_and_writes_do_not_mix(ddb, table):
    for texts in [(f"SELECT * FROM \"{table}\" WHERE PK = 'a' AND SK = 's'",
                   f"DELETE FROM \"{table}\" WHERE PK = 'b' AND SK = 's'"),
                  (f"EXISTS(SELECT * FROM \"{table}\" WHERE PK = 'a' AND SK = 's' AND n = 1)",
                   f"SELECT * FROM \"{table}\" WHERE PK = 'b' AND SK = 's'")]:
        expect_error(ddb.execute_transaction, VALIDATION, MIXED,
                     TransactStatements=statements(*texts))


def test_statement_refusals_name_the_statement(ddb):
    name = unique_name("pqtx")
    create_indexed_table(ddb, name, {"PK": "S", "SK": "S", "G": "S"},
                         gsis=[index_spec("ByG", "G", "SK")])
    try:
        def refused(message, *texts):
            expect_error(ddb.execute_transaction, VALIDATION, message,
                         TransactStatements=statements(*texts))

        key = "PK = 'a' AND SK = 's'"
        refused("Validation failed in TransactStatements[1]: RETURNING clause is not "
                "supported in ExecuteTransaction.",
                f"UPDATE \"{name}\" SET n = 1 WHERE {key}",
                f"UPDATE \"{name}\" SET n = 1 WHERE PK = 'b' AND SK = 's' RETURNING ALL NEW *")
        refused("Validation failed in TransactStatements[0]: Select statements within "
                "ExecuteTransaction must specify the primary key in the where clause.",
                f"SELECT * FROM \"{name}\" WHERE {key} AND n = 1")
        refused("Validation failed in TransactStatements[0]: Reads on indices are not "
                "supported within transactions.",
                f"SELECT * FROM \"{name}\".\"ByG\" WHERE G = 'g' AND SK = 's'")
        refused("Validation failed in TransactStatements[0]: EXISTS() must contain a single "
                "item read with additional condition",
                f"EXISTS(SELECT * FROM \"{name}\" WHERE {key})")
        refused(MULTIPLE, f"UPDATE \"{name}\" SET n = 1 WHERE {key}",
                f"DELETE FROM \"{name}\" WHERE SK = 's' AND PK = 'a'")
        refused(MULTIPLE, f"SELECT * FROM \"{name}\" WHERE {key}",
                f"SELECT a FROM \"{name}\" WHERE SK = 's' AND PK = 'a'")
        refused("Statement wasn't well formed, can't be processed: Expected data manipulation",
                f'SLECT * FROM "{name}"')
    finally:
        delete_table_quietly(ddb, name)


def test_writes_that_name_no_item_and_missing_tables_are_reasons(ddb, table):
    update = f"UPDATE \"{table}\" SET a = 1 WHERE "
    reasons = cancelled(ddb.execute_transaction, TransactStatements=statements(
        update + "PK = 'k'", update + "PK IN ['k'] AND SK = 's'", update + "PK = 'k' AND SK = 1",
        "DELETE FROM \"no-such-table\" WHERE PK = 'k' AND SK = 's'",
        f"INSERT INTO \"{table}\" VALUE {{'PK': 'k'}}", update + "PK = 'k' AND SK = 's'"))
    assert [r["Code"] for r in reasons] == ["ValidationError"] * 3 + [
        "ResourceNotFound", "ValidationError", "None"]
    assert reasons[0]["Message"] == NOT_SCHEMA and reasons[2]["Message"] == NOT_SCHEMA
    assert reasons[3]["Message"] == "Requested resource not found"
    assert reasons[4]["Message"] == ("One or more parameter values were invalid: Missing the "
                                     "key SK in the item")
    assert get(ddb, table, "k") is None


def test_client_request_token_is_idempotent(ddb, table):
    ddb.put_item(TableName=table, Item={**k("idem"), "n": N("0")})
    args = dict(TransactStatements=statements(
        f"UPDATE \"{table}\" SET n = n + 1 WHERE PK = 'idem' AND SK = 's'"),
        ClientRequestToken="pql-token-1")
    ddb.execute_transaction(**args)
    ddb.execute_transaction(**args)
    assert get(ddb, table, "idem")["n"] == N("1")
    expect_error(ddb.execute_transaction, "IdempotentParameterMismatchException",
                 TransactStatements=statements(
                     f"UPDATE \"{table}\" SET n = n + 2 WHERE PK = 'idem' AND SK = 's'"),
                 ClientRequestToken="pql-token-1")


def test_consumed_capacity_of_writes(ddb, table):
    out = ddb.execute_transaction(
        TransactStatements=statements(f"INSERT INTO \"{table}\" VALUE {{'PK': 'cap', 'SK': 's'}}"),
        ReturnConsumedCapacity="TOTAL")
    assert out["Responses"] == []
    assert out["ConsumedCapacity"] == [{"TableName": table, "CapacityUnits": 2.0}]


@pytest.mark.parametrize("count,message", [
    (0, "Member must have length greater than or equal to 1"),
    (101, "Member must have length less than or equal to 100")])
def test_statement_count_limits(ddb, table, count, message):
    texts = [f"INSERT INTO \"{table}\" VALUE {{'PK': 'n{i}', 'SK': 's'}}" for i in range(count)]
    expect_error(ddb.execute_transaction, VALIDATION, match=message,
                 TransactStatements=statements(*texts))


def test_one_hundred_statements(ddb, table):
    texts = [f"INSERT INTO \"{table}\" VALUE {{'PK': 'n{i}', 'SK': 's'}}" for i in range(100)]
    ddb.execute_transaction(TransactStatements=statements(*texts))
    assert ddb.scan(TableName=table, Select="COUNT")["Count"] == 100


def test_aws_cli_execute_transaction(aws_cli, ddb, table):
    ddb.put_item(TableName=table, Item={**k("cli"), "n": N("1")})
    rc, out = aws_cli("execute-transaction", "--transact-statements", json.dumps([
        {"Statement": f"UPDATE \"{table}\" SET n = n + 1 WHERE PK = ? AND SK = 's'",
         "Parameters": [S("cli")]}]))
    assert rc == 0, out
    assert get(ddb, table, "cli")["n"] == N("2")
    rc, out = aws_cli("execute-transaction", "--transact-statements", json.dumps(
        statements(f"SELECT n FROM \"{table}\" WHERE PK = 'cli' AND SK = 's'")))
    assert rc == 0, out
    assert out["Responses"] == [{"Item": {"n": N("2")}}]
    rc, err = aws_cli("execute-transaction", "--transact-statements", json.dumps(
        statements(f"INSERT INTO \"{table}\" VALUE {{'PK': 'cli', 'SK': 's'}}")))
    assert rc != 0 and "TransactionCanceledException" in err and "DuplicateItem" in err


def test_a_throttled_transaction_is_cancelled(server_factory):
    enforce = server_factory(in_memory=True, extra=["--throughput", "enforce"])
    client = make_client(enforce.endpoint)
    name = unique_name("pqthrottle")
    create_table(client, name, range_type=None, rcu=1, wcu=1)
    error = None
    for i in range(50):  # a WCU-1 table refuses the second write within a second
        try:
            client.execute_transaction(TransactStatements=statements(
                f"INSERT INTO \"{name}\" VALUE {{'PK': 't{i}'}}"))
        except ClientError as e:
            error = e
            break
    assert error is not None, "a WCU-1 table never throttled"
    assert error.response["Error"]["Code"] == "TransactionCanceledException"
    assert [r["Code"] for r in error.response["CancellationReasons"]] == [
        "ProvisionedThroughputExceeded"]
