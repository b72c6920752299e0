"""Member constraints checked from the service model (tools/gen_model_constraints.py):
DynamoDB's wording, its order of members and enum values, nested paths, map values,
type errors before constraint errors, and the table name rules per operation.

Sources: [dynalite] test/query.js "should return ValidationException for incorrect
attributes" and listTables.js "should return ValidationExceptions in order" (recorded
against DynamoDB); the others follow the model and the forms those tests show.
"""

import json

import pytest

V = "ValidationException"
PATTERN = "Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+"


def error_of(raw, target, body):
    resp = raw(target, json.dumps(body))
    assert resp.status == 400, resp.body
    return resp.error_type(), resp.json()["message"]


def test_query_reports_every_violation_in_dynamodbs_order(raw):
    assert error_of(raw, "Query", {
        "TableName": "abc;", "ReturnConsumedCapacity": "hi", "AttributesToGet": [],
        "IndexName": "abc;", "Select": "hi", "Limit": -1,
        "KeyConditions": {"b": {"ComparisonOperator": ""}}}) == (V, (
            "7 validation errors detected: "
            # Query's Limit is in DynamoDB's newer framework's words (model_validation.cc).
            "Value at 'Limit' failed to satisfy constraint: Member must have value "
            "greater than or equal to 1; "
            "Value '' at 'keyConditions.b.member.comparisonOperator' failed to satisfy "
            "constraint: Member must satisfy enum value set: [IN, NULL, BETWEEN, LT, "
            "NOT_CONTAINS, EQ, GT, NOT_NULL, NE, LE, BEGINS_WITH, GE, CONTAINS]; "
            "Value 'hi' at 'returnConsumedCapacity' failed to satisfy constraint: Member must "
            "satisfy enum value set: [INDEXES, TOTAL, NONE]; "
            "Value '[]' at 'attributesToGet' failed to satisfy constraint: Member must have "
            "length greater than or equal to 1; "
            f"Value 'abc;' at 'tableName' failed to satisfy constraint: {PATTERN}; "
            "Value 'hi' at 'select' failed to satisfy constraint: Member must satisfy enum "
            "value set: [SPECIFIC_ATTRIBUTES, COUNT, ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES]; "
            f"Value 'abc;' at 'indexName' failed to satisfy constraint: {PATTERN}"))


def test_list_tables_reports_limit_first(raw):
    assert error_of(raw, "ListTables", {"ExclusiveStartTableName": "a;", "Limit": 500}) == (V, (
        "3 validation errors detected: "
        "Value '500' at 'limit' failed to satisfy constraint: Member must have value less "
        "than or equal to 100; "
        f"Value 'a;' at 'exclusiveStartTableName' failed to satisfy constraint: {PATTERN}; "
        "Value 'a;' at 'exclusiveStartTableName' failed to satisfy constraint: Member must "
        "have length greater than or equal to 3"))


def test_nested_members_are_named_by_their_path(raw):
    assert error_of(raw, "CreateTable", {
        "TableName": "abc", "AttributeDefinitions": [{"AttributeName": "a",
                                                      "AttributeType": "SS"}],
        "KeySchema": [{"AttributeName": "a", "KeyType": "HASH"}, {"KeyType": "SIDE"}],
        "BillingMode": "PAY_PER_REQUEST"}) == (V, (
            "3 validation errors detected: "
            "Value 'SS' at 'attributeDefinitions.1.member.attributeType' failed to satisfy "
            "constraint: Member must satisfy enum value set: [B, N, S]; "
            "Value null at 'keySchema.2.member.attributeName' failed to satisfy constraint: "
            "Member must not be null; "
            "Value 'SIDE' at 'keySchema.2.member.keyType' failed to satisfy constraint: "
            "Member must satisfy enum value set: [HASH, RANGE]"))


def test_a_map_value_of_the_wrong_length_is_reported_at_the_map(raw):
    assert error_of(raw, "BatchWriteItem", {"RequestItems": {"abc": []}}) == (V, (
        "1 validation error detected: Value '{abc=[...]}' at 'requestItems' failed to "
        "satisfy constraint: Map value must satisfy constraint: [Member must have length "
        "less than or equal to 25, Member must have length greater than or equal to 1]"))


def test_a_wrong_json_type_comes_before_constraint_errors(raw):
    assert error_of(raw, "Scan", {"TableName": "a;", "Limit": "ten"}) == (
        "SerializationException", "STRING_VALUE cannot be converted to Long")


@pytest.mark.parametrize("target", ["GetItem", "PutItem", "DeleteItem", "UpdateItem"])
def test_item_operations_require_their_key_and_table(raw, target):
    member = "item" if target == "PutItem" else "key"
    assert error_of(raw, target, {}) == (V, (
        "2 validation errors detected: "
        "Value null at 'tableName' failed to satisfy constraint: Member must not be null; "
        f"Value null at '{member}' failed to satisfy constraint: Member must not be null"))


def test_ttl_operations_take_a_table_arn_so_only_its_length_is_checked(raw):
    # TimeToLive's TableName is the model's TableArn shape: 1 to 1024 characters.
    assert error_of(raw, "DescribeTimeToLive", {"TableName": ""}) == (V, (
        "1 validation error detected: Value '' at 'tableName' failed to satisfy constraint: "
        "Member must have length greater than or equal to 1"))
