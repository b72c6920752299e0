"""Which mixes of legacy and expression parameters DynamoDB allows, and the order in
which its refusal lists them; the empty legacy maps.

Sources (DynamoDB's behaviour, not an emulator's choices):
  [dynalite] test/query.js and test/scan.js, "should return ValidationException if all
    expressions and non-expression" and "... without KeyConditionExpression" (dynalite's
    tests run against the service): the message lists the parameters in DynamoDB's own
    order, and a Query's KeyConditions is refused only beside a KeyConditionExpression:
    'Can not use both expression and non-expression parameters in the same request:
    Non-expression parameters: {AttributesToGet, QueryFilter, ConditionalOperator}
    Expression parameters: {ProjectionExpression, FilterExpression}'.
  [moto#5354] getmoto/moto#5354 quotes the service for GetItem: '... Non-expression
    parameters: {AttributesToGet} Expression parameters: {ProjectionExpression}'.
  [amazonka#142] brendanhay/amazonka#142: an empty "Expected" map sent beside a
    ConditionExpression is refused as mixing ("{Expected} ... {ConditionExpression}").
The single-pair refusals of PutItem, DeleteItem, UpdateItem and GetItem are in
test_legacy.py.
"""

import pytest

from mtutil import (N, S, VALIDATION, create_table, delete_table_quietly, expect_error, k,
                    put_items, unique_name)

MIXED = "Can not use both expression and non-expression parameters in the same request: "


@pytest.fixture(scope="module")
def orders(ddb):
    name = unique_name("mixing")
    create_table(ddb, name)
    put_items(ddb, name, [dict(k("A", f"{i}"), n=N(str(i)), tag=S("even" if i % 2 == 0 else "odd"))
                          for i in range(4)])
    yield name
    delete_table_quietly(ddb, name)


def key_conditions(pk):
    return {"PK": {"ComparisonOperator": "EQ", "AttributeValueList": [S(pk)]}}


# ------------------------------------------------------------------ allowed mixes

def test_key_conditions_with_projection_expression(ddb, orders):
    resp = ddb.query(TableName=orders, KeyConditions=key_conditions("A"),
                     ProjectionExpression="#n", ExpressionAttributeNames={"#n": "n"},
                     ConsistentRead=True)
    assert resp["Items"] == [{"n": N(str(i))} for i in range(4)]


def test_key_conditions_with_filter_expression(ddb, orders):
    resp = ddb.query(TableName=orders, KeyConditions=key_conditions("A"),
                     FilterExpression="tag = :t", ExpressionAttributeValues={":t": S("odd")},
                     ConsistentRead=True)
    assert [item["SK"] for item in resp["Items"]] == [S("1"), S("3")]
    assert resp["ScannedCount"] == 4


def test_key_conditions_with_filter_and_projection_expressions(ddb, orders):
    resp = ddb.query(TableName=orders, KeyConditions=key_conditions("A"),
                     FilterExpression="n > :z", ProjectionExpression="SK",
                     ExpressionAttributeValues={":z": N("2")}, ConsistentRead=True)
    assert resp["Items"] == [{"SK": S("3")}]


# ------------------------------------------------------------------ refused mixes

def test_query_lists_every_mixed_parameter_in_dynamodb_order(ddb, orders):
    # [dynalite] query.js "should return ValidationException if all expressions and
    # non-expression": KeyConditions counts here because KeyConditionExpression is given.
    expect_error(ddb.query, VALIDATION,
                 MIXED + "Non-expression parameters: {AttributesToGet, QueryFilter, "
                 "ConditionalOperator, KeyConditions} Expression parameters: "
                 "{ProjectionExpression, FilterExpression, KeyConditionExpression}",
                 TableName=orders, KeyConditions=key_conditions("A"),
                 KeyConditionExpression="PK = :p", FilterExpression="n > :z",
                 ProjectionExpression="n", AttributesToGet=["n"], ConditionalOperator="OR",
                 QueryFilter={"n": {"ComparisonOperator": "NOT_NULL"}},
                 ExpressionAttributeValues={":p": S("A"), ":z": N("0")})


def test_query_key_conditions_not_listed_without_key_condition_expression(ddb, orders):
    # [dynalite] "... without KeyConditionExpression": KeyConditions is not listed.
    expect_error(ddb.query, VALIDATION,
                 MIXED + "Non-expression parameters: {AttributesToGet, QueryFilter, "
                 "ConditionalOperator} Expression parameters: {ProjectionExpression, "
                 "FilterExpression}",
                 TableName=orders, KeyConditions=key_conditions("A"),
                 FilterExpression="n > :z", ProjectionExpression="n", AttributesToGet=["n"],
                 ConditionalOperator="OR", QueryFilter={"n": {"ComparisonOperator": "NOT_NULL"}},
                 ExpressionAttributeValues={":z": N("0")})


@pytest.mark.parametrize("legacy,expression,listed", [
    ({"AttributesToGet": ["n"]}, {"FilterExpression": "n > :z"},
     "{AttributesToGet} Expression parameters: {FilterExpression}"),
    ({"QueryFilter": {"n": {"ComparisonOperator": "NOT_NULL"}}},
     {"ProjectionExpression": "n"}, "{QueryFilter} Expression parameters: {ProjectionExpression}"),
], ids=["attributes-to-get-with-filter", "query-filter-with-projection"])
def test_query_other_legacy_parameters_do_not_mix(ddb, orders, legacy, expression, listed):
    values = {":z": N("0")} if ":z" in expression.get("FilterExpression", "") else None
    kwargs = dict(TableName=orders, KeyConditions=key_conditions("A"), **legacy, **expression)
    if values:
        kwargs["ExpressionAttributeValues"] = values
    expect_error(ddb.query, VALIDATION, MIXED + "Non-expression parameters: " + listed, **kwargs)


def test_scan_lists_every_mixed_parameter_in_dynamodb_order(ddb, orders):
    # [dynalite] scan.js "should return ValidationException if expression and
    # non-expression"
    expect_error(ddb.scan, VALIDATION,
                 MIXED + "Non-expression parameters: {AttributesToGet, ScanFilter, "
                 "ConditionalOperator} Expression parameters: {ProjectionExpression, "
                 "FilterExpression}",
                 TableName=orders, ScanFilter={"n": {"ComparisonOperator": "NOT_NULL"}},
                 AttributesToGet=["n"], ConditionalOperator="OR", FilterExpression="n > :z",
                 ProjectionExpression="n", ExpressionAttributeValues={":z": N("0")})


def test_scan_attributes_to_get_with_filter_expression(ddb, orders):
    expect_error(ddb.scan, VALIDATION,
                 MIXED + "Non-expression parameters: {AttributesToGet} Expression "
                 "parameters: {FilterExpression}",
                 TableName=orders, AttributesToGet=["n"], FilterExpression="n > :z",
                 ExpressionAttributeValues={":z": N("0")})


def test_batch_get_attributes_to_get_with_projection_expression(ddb, orders):
    # The same rule as GetItem's [moto#5354], for each table of the batch.
    expect_error(ddb.batch_get_item, VALIDATION,
                 MIXED + "Non-expression parameters: {AttributesToGet} Expression "
                 "parameters: {ProjectionExpression}",
                 RequestItems={orders: {"Keys": [k("A", "1")], "AttributesToGet": ["n"],
                                        "ProjectionExpression": "n"}})


def test_update_lists_both_kinds_in_dynamodb_order(ddb, orders):
    # [dynalite] updateItem.js "should return ValidationException if expression and
    # non-expression"
    expect_error(ddb.update_item, VALIDATION,
                 MIXED + "Non-expression parameters: {AttributeUpdates, Expected} Expression "
                 "parameters: {UpdateExpression, ConditionExpression}",
                 TableName=orders, Key=k("A", "1"), Expected={"n": {"Exists": True,
                                                                    "Value": N("1")}},
                 AttributeUpdates={"n": {"Action": "PUT", "Value": N("9")}},
                 UpdateExpression="SET n = :v", ConditionExpression="attribute_exists(n)",
                 ExpressionAttributeValues={":v": N("9")})
    assert ddb.get_item(TableName=orders, Key=k("A", "1"), ConsistentRead=True)["Item"]["n"] == \
        N("1")


# ------------------------------------------------------------------ empty legacy maps

def test_empty_expected_is_no_condition(ddb, orders):
    ddb.put_item(TableName=orders, Item=dict(k("E", "1"), v=S("first")), Expected={})
    ddb.put_item(TableName=orders, Item=dict(k("E", "1"), v=S("second")), Expected={})
    ddb.update_item(TableName=orders, Key=k("E", "1"), Expected={},
                    AttributeUpdates={"w": {"Action": "PUT", "Value": S("x")}})
    ddb.delete_item(TableName=orders, Key=k("E", "1"), Expected={}, ReturnValues="ALL_OLD")
    assert "Item" not in ddb.get_item(TableName=orders, Key=k("E", "1"), ConsistentRead=True)


def test_empty_expected_still_counts_as_given_for_mixing(ddb, orders):
    # [amazonka#142]
    expect_error(ddb.put_item, VALIDATION,
                 MIXED + "Non-expression parameters: {Expected} Expression parameters: "
                 "{ConditionExpression}",
                 TableName=orders, Item=k("E", "2"), Expected={},
                 ConditionExpression="attribute_not_exists(PK)")
    assert "Item" not in ddb.get_item(TableName=orders, Key=k("E", "2"), ConsistentRead=True)


def test_empty_attribute_updates_creates_the_key_only_item(ddb, orders):
    # Like an update with no actions at all (test_updates_actions.py), an empty
    # AttributeUpdates writes the item with just its key; contrast a DELETE-only one
    # (scylladb/scylladb#5862, verified against DynamoDB).
    ddb.update_item(TableName=orders, Key=k("U", "1"), AttributeUpdates={})
    assert ddb.get_item(TableName=orders, Key=k("U", "1"), ConsistentRead=True)["Item"] == \
        k("U", "1")
