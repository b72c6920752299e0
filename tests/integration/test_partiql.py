"""PartiQL's ExecuteStatement against the shared server, with boto3 and the AWS CLI.

Statements are lowered into the item operations, Query and Scan, so the checks compare
them with those operations on the same data.
"""

import json

from mtutil import (CCF, N, S, create_indexed_table, delete_table_quietly, expect_error,
                    index_spec, k, unique_name)
from partiql_common import execute_all, put_rows


def test_select_by_partition_key_with_parameters(ddb, table):
    put_rows(ddb, table, "a", 3)
    put_rows(ddb, table, "b", 2)
    out = ddb.execute_statement(Statement=f'SELECT * FROM "{table}" WHERE PK = ?',
                                Parameters=[S("a")])
    assert [i["SK"]["S"] for i in out["Items"]] == ["s#000", "s#001", "s#002"]
    assert "NextToken" not in out


def test_select_projects_nested_map_paths_and_list_indexes(ddb, table):
    # A SELECT's paths (a.b.c, l[1].x, quoted segments) project as the equivalent
    # ProjectionExpression does: the item's shape around the values they name.
    item = {**k("nested", "1"), "a": {"M": {"b": {"M": {"c": S("deep"), "d": S("no")}}}},
            "l": {"L": [S("zero"), {"M": {"x": N("1"), "y": N("2")}}, S("two")]}}
    ddb.put_item(TableName=table, Item=item)
    for select, projection in (("a.b.c, l[1].x", "a.b.c, l[1].x"),
                               ('"a"."b"."c", l[0], l[2]', "a.b.c, l[0], l[2]"),
                               ("l[1]", "l[1]")):
        got = ddb.execute_statement(
            Statement=f"SELECT {select} FROM \"{table}\" WHERE PK = 'nested' AND SK = '1'")
        want = ddb.get_item(TableName=table, Key=k("nested", "1"), ProjectionExpression=projection)
        assert got["Items"] == [want["Item"]], select
    assert ddb.execute_statement(
        Statement=f"SELECT a.b.c FROM \"{table}\" WHERE PK = 'nested'")["Items"] == [
            {"a": {"M": {"b": {"M": {"c": S("deep")}}}}}]


def test_begins_with_matches_the_equivalent_query(ddb, table):
    # The seeds' single-table access pattern: one partition, a sort-key prefix.
    put_rows(ddb, table, "USER#1", 12)
    ddb.put_item(TableName=table, Item={**k("USER#1", "ORDER#1"), "n": N("99")})
    statement = f'SELECT * FROM "{table}" WHERE PK = ? AND begins_with(SK, ?)'
    got, _ = execute_all(ddb, statement, [S("USER#1"), S("s#")])
    want = ddb.query(TableName=table, KeyConditionExpression="PK = :p AND begins_with(SK, :s)",
                     ExpressionAttributeValues={":p": S("USER#1"), ":s": S("s#")})["Items"]
    assert got == want
    assert len(got) == 12


def test_paging_with_next_token_and_limit(ddb, table):
    put_rows(ddb, table, "p", 7)
    items, pages = execute_all(ddb, f'SELECT SK FROM "{table}" WHERE PK = \'p\'', Limit=3)
    assert [i["SK"]["S"] for i in items] == [f"s#{i:03}" for i in range(7)]
    assert pages == 3
    # A scan pages the same way.
    items, pages = execute_all(ddb, f'SELECT * FROM "{table}"', Limit=2)
    assert len(items) == 7 and pages == 4


def test_next_token_of_another_statement_is_refused(ddb, table):
    put_rows(ddb, table, "p", 3)
    out = ddb.execute_statement(Statement=f'SELECT * FROM "{table}"', Limit=1)
    expect_error(ddb.execute_statement, "ValidationException", "NextToken does not match request",
                 Statement=f'SELECT * FROM "{table}" WHERE n > 0', NextToken=out["NextToken"])
    expect_error(ddb.execute_statement, "ValidationException", "Invalid NextToken",
                 Statement=f'SELECT * FROM "{table}"', NextToken="not-a-token")


def test_order_by_sort_key_descending_and_filter(ddb, table):
    put_rows(ddb, table, "p", 5)
    out = ddb.execute_statement(
        Statement=f'SELECT SK, n FROM "{table}" WHERE PK = ? AND n >= ? ORDER BY SK DESC',
        Parameters=[S("p"), N("2")])
    assert out["Items"] == [{"SK": S("s#004"), "n": N("4")}, {"SK": S("s#003"), "n": N("3")},
                            {"SK": S("s#002"), "n": N("2")}]


def test_scan_with_filter_on_non_key(ddb, table):
    put_rows(ddb, table, "p", 4)
    put_rows(ddb, table, "q", 4)
    items, _ = execute_all(ddb, f'SELECT * FROM "{table}" WHERE n IN [1, 3] AND "G" = \'g1\'')
    assert sorted((i["PK"]["S"], i["SK"]["S"]) for i in items) == [
        ("p", "s#001"), ("p", "s#003"), ("q", "s#001"), ("q", "s#003")]


def test_insert_and_duplicate(ddb, table):
    statement = f"INSERT INTO \"{table}\" VALUE {{'PK': ?, 'SK': 's', 'tags': <<'a', 'b'>>, 'n': 1}}"
    assert ddb.execute_statement(Statement=statement, Parameters=[S("x")])["Items"] == []
    item = ddb.get_item(TableName=table, Key=k("x", "s"))["Item"]
    assert item["tags"] == {"SS": ["a", "b"]} and item["n"] == N("1")
    expect_error(ddb.execute_statement, "DuplicateItemException",
                 "Duplicate primary key exists in table", Statement=statement,
                 Parameters=[S("x")])


def test_update_with_returning_and_conditions(ddb, table):
    ddb.put_item(TableName=table, Item={**k("u"), "n": N("1"), "keep": S("same")})
    out = ddb.execute_statement(
        Statement=f'UPDATE "{table}" SET n = n + 1 SET extra = ? '
                  f"WHERE PK = 'u' AND SK = 's' RETURNING ALL NEW *",
        Parameters=[S("e")])
    assert out["Items"] == [{**k("u"), "n": N("2"), "keep": S("same"), "extra": S("e")}]
    out = ddb.execute_statement(
        Statement=f"UPDATE \"{table}\" REMOVE extra WHERE PK = 'u' AND SK = 's' "
                  f"RETURNING MODIFIED OLD *")
    assert out["Items"] == [{"extra": S("e")}]
    # A false extra condition is a failed check; so is a missing item (UPDATE never creates).
    expect_error(ddb.execute_statement, CCF, Statement=f"UPDATE \"{table}\" SET n = 9 "
                 f"WHERE PK = 'u' AND SK = 's' AND keep = 'other'")
    expect_error(ddb.execute_statement, CCF,
                 Statement=f"UPDATE \"{table}\" SET n = 9 WHERE PK = 'none' AND SK = 's'")
    assert ddb.get_item(TableName=table, Key=k("u"))["Item"]["n"] == N("2")
    assert "Item" not in ddb.get_item(TableName=table, Key=k("none"))


def test_update_needs_the_full_key(ddb, table):
    expect_error(ddb.execute_statement, "ValidationException",
                 "Where clause does not contain a mandatory equality on all key attributes",
                 Statement=f"UPDATE \"{table}\" SET n = 1 WHERE PK = 'u'")


def test_delete(ddb, table):
    ddb.put_item(TableName=table, Item={**k("d"), "n": N("5")})
    expect_error(ddb.execute_statement, CCF,
                 Statement=f"DELETE FROM \"{table}\" WHERE PK = 'd' AND SK = 's' AND n = 4")
    out = ddb.execute_statement(
        Statement=f"DELETE FROM \"{table}\" WHERE PK = 'd' AND SK = 's' RETURNING ALL OLD *")
    assert out["Items"] == [{**k("d"), "n": N("5")}]
    assert "Item" not in ddb.get_item(TableName=table, Key=k("d"))
    # Deleting a missing item, with or without conditions, is a no-op.
    out = ddb.execute_statement(
        Statement=f"DELETE FROM \"{table}\" WHERE PK = 'd' AND SK = 's' AND n = 4 "
                  f"RETURNING ALL OLD *")
    assert out["Items"] == []


def test_select_on_an_index(ddb):
    name = unique_name("pqidx")
    create_indexed_table(ddb, name, {"PK": "S", "SK": "S", "G": "S"},
                         gsis=[index_spec("ByG", "G", "SK")])
    try:
        put_rows(ddb, name, "p", 6)
        items, _ = execute_all(ddb, f'SELECT * FROM "{name}"."ByG" WHERE G = ?', [S("g1")])
        want = ddb.query(TableName=name, IndexName="ByG", KeyConditionExpression="G = :g",
                         ExpressionAttributeValues={":g": S("g1")})["Items"]
        assert items == want and len(items) == 3
    finally:
        delete_table_quietly(ddb, name)


def test_errors(ddb, table):
    expect_error(ddb.execute_statement, "ValidationException",
                 "Statement wasn't well formed, can't be processed: Expected data manipulation",
                 Statement=f'SLECT * FROM "{table}"')
    expect_error(ddb.execute_statement, "ValidationException",
                 "Number of parameters in request and statement don't match.",
                 Statement=f'SELECT * FROM "{table}" WHERE PK = ?')
    expect_error(ddb.execute_statement, "ResourceNotFoundException",
                 Statement='SELECT * FROM "no-such-table"')


def test_consumed_capacity(ddb, table):
    put_rows(ddb, table, "c", 2)
    out = ddb.execute_statement(Statement=f"SELECT * FROM \"{table}\" WHERE PK = 'c'",
                                ReturnConsumedCapacity="TOTAL")
    assert out["ConsumedCapacity"]["TableName"] == table
    assert out["ConsumedCapacity"]["CapacityUnits"] > 0


def test_aws_cli_execute_statement(aws_cli, ddb, table):
    put_rows(ddb, table, "cli", 2)
    rc, out = aws_cli("execute-statement", "--statement",
                      f'SELECT * FROM "{table}" WHERE PK = ? AND SK = ?',
                      "--parameters", json.dumps([S("cli"), S("s#001")]))
    assert rc == 0, out
    assert out["Items"] == [{**k("cli", "s#001"), "n": N("1"), "G": S("g1")}]


def test_partition_key_in_is_one_query_per_value(ddb, table):
    for pk in ("a", "b", "c"):
        put_rows(ddb, table, pk, 3)
    statement = f'SELECT PK, SK FROM "{table}" WHERE PK IN [?, \'a\', ?] AND SK > \'s#000\''
    items, _ = execute_all(ddb, statement, [S("c"), S("none")])
    # The partitions in the list's order, each in sort-key order.
    assert [(i["PK"]["S"], i["SK"]["S"]) for i in items] == [
        ("c", "s#001"), ("c", "s#002"), ("a", "s#001"), ("a", "s#002")]
    # Pages end at the Limit and resume in the partition they ended in.
    items, pages = execute_all(ddb, f'SELECT SK FROM "{table}" WHERE PK IN (\'b\', \'a\')',
                               Limit=2)
    assert len(items) == 6 and pages == 4
    # ORDER BY the partition key reads the partitions in key order.
    out = ddb.execute_statement(
        Statement=f'SELECT PK, SK FROM "{table}" WHERE PK IN [\'b\', \'c\', \'a\'] '
                  f'AND SK = \'s#000\' ORDER BY PK DESC')
    assert [i["PK"]["S"] for i in out["Items"]] == ["c", "b", "a"]
    expect_error(ddb.execute_statement, "ValidationException",
                 "Must have hash key in ORDER BY clause when more than one hash key condition "
                 "specified in WHERE clause.",
                 Statement=f'SELECT * FROM "{table}" WHERE PK IN [\'a\', \'b\'] ORDER BY SK')
    values = ", ".join(f"'v{i}'" for i in range(51))
    expect_error(ddb.execute_statement, "ValidationException",
                 "Too many decomposed read operations for a given query.",
                 Statement=f'SELECT * FROM "{table}" WHERE PK IN [{values}]')


def test_partition_key_in_pages_at_one_megabyte(ddb, table):
    big = "x" * 350_000
    for pk in ("a", "b", "c", "d"):
        ddb.put_item(TableName=table, Item={**k(pk), "big": S(big)})
    statement = f'SELECT PK FROM "{table}" WHERE PK IN [\'a\', \'b\', \'c\', \'d\']'
    first = ddb.execute_statement(Statement=statement)
    assert [i["PK"]["S"] for i in first["Items"]] == ["a", "b", "c"]
    assert "LastEvaluatedKey" not in first  # ended between two partitions
    rest = ddb.execute_statement(Statement=statement, NextToken=first["NextToken"])
    assert [i["PK"]["S"] for i in rest["Items"]] == ["d"] and "NextToken" not in rest
