"""Query validation errors: key conditions that are not allowed (missing keys, operators
that are never key conditions, two conditions on one key, the partition key with
anything but =, value types against the key schema), filters naming key attributes, the
legacy KeyConditions errors, mixing legacy and expression parameters, unknown indexes,
missing tables and Limit.

Error texts are DynamoDB's as captured by dynalite's test/query.js (which runs against
the service; cited [dynalite]) and by user reports; the few that are less certain say so
in a comment and are listed in the report of the change that added test_query.py.
"""

import pytest

from mtutil import INVALID, VALIDATION, expect_error, put_items, unique_name, B, N, S
from query_data import kc, single_page
from query_data import numbers, shop  # noqa: F401 (fixtures)

TYPE_MISMATCH = INVALID + "Condition parameter type does not match schema type"

# ------------------------------------------------------------------------- errors

def kce_error(ddb, table, kce, values, message, names=None, **kwargs):
    kw = dict(TableName=table, KeyConditionExpression=kce, ExpressionAttributeValues=values)
    if names:
        kw["ExpressionAttributeNames"] = names
    kw.update(kwargs)
    return expect_error(ddb.query, VALIDATION, message, **kw)


PKV = {":pk": S("USER#1")}

# (id, expression, values, message). [dynalite] query.js unless noted.
KEY_CONDITION_ERRORS = [
    # a non-key attribute where the sort key condition goes: DynamoDB names the missing
    # sort key ([dynalite] "should return ValidationException for missing range element",
    # 'a = :a and c = :b' -> 'Query condition missed key schema element: b'). Medium
    # confidence.
    ("non-key-attribute", "PK = :pk AND amount = :t", {**PKV, ":t": N("1")},
     "Query condition missed key schema element: SK"),
    # no partition key condition at all: common in user reports
    # (dynamoose/dynamoose#992: 'Query condition missed key schema element: contextId')
    ("only-non-key", "amount = :t", {":t": N("1")},
     "Query condition missed key schema element: PK"),
    ("only-sort-key", "SK = :s", {":s": S("PROFILE")},
     "Query condition missed key schema element: PK"),
    ("only-sort-key-begins-with", "begins_with(SK, :s)", {":s": S("ORDER#")},
     "Query condition missed key schema element: PK"),
    # operators that are never key conditions ('Invalid operator used in
    # KeyConditionExpression: OR' etc.; checked before the table is looked up)
    ("or", "PK = :pk OR SK = :s", {**PKV, ":s": S("x")},
     "Invalid operator used in KeyConditionExpression: OR"),
    ("not", "PK = :pk AND NOT SK = :s", {**PKV, ":s": S("x")},
     "Invalid operator used in KeyConditionExpression: NOT"),
    ("in", "PK IN (:pk)", PKV, "Invalid operator used in KeyConditionExpression: IN"),
    ("ne", "PK = :pk AND SK <> :s", {**PKV, ":s": S("x")},
     "Invalid operator used in KeyConditionExpression: <>"),
    ("attribute-exists", "PK = :pk AND attribute_exists(SK)", PKV,
     "Invalid operator used in KeyConditionExpression: attribute_exists"),
    ("contains", "PK = :pk AND contains(SK, :s)", {**PKV, ":s": S("x")},
     "Invalid operator used in KeyConditionExpression: contains"),
    # two conditions on one key
    ("two-on-sort-key", "PK = :pk AND SK > :a AND SK < :b", {**PKV, ":a": S("a"), ":b": S("b")},
     "KeyConditionExpressions must only contain one condition per key"),
    ("two-on-sort-key-first", "SK >= :a AND SK <= :b AND PK = :pk",
     {**PKV, ":a": S("a"), ":b": S("b")},
     "KeyConditionExpressions must only contain one condition per key"),
    ("two-on-partition-key", "PK = :pk AND PK = :pk", PKV,
     "KeyConditionExpressions must only contain one condition per key"),
    # three distinct attributes
    ("three-conditions", "PK = :pk AND SK = :s AND amount = :t",
     {**PKV, ":s": S("x"), ":t": N("1")}, "Conditions can be of length 1 or 2 only"),
    # the partition key only takes equality ('Query key condition not supported'; also
    # the AWS CLI report for begins_with on a partition key)
    ("partition-key-gt", "PK > :pk", PKV, "Query key condition not supported"),
    ("partition-key-begins-with", "begins_with(PK, :pk)", PKV, "Query key condition not supported"),
    ("partition-key-between", "PK BETWEEN :pk AND :pk2 AND SK = :s",
     {**PKV, ":pk2": S("USER#2"), ":s": S("x")}, "Query key condition not supported"),
    # value types against the key schema ([dynalite] "should return ValidationException
    # for mismatching param type")
    ("partition-value-number", "PK = :pk", {":pk": N("1")}, TYPE_MISMATCH),
    ("sort-value-number", "PK = :pk AND SK > :s", {**PKV, ":s": N("1")}, TYPE_MISMATCH),
    ("sort-value-binary", "PK = :pk AND begins_with(SK, :s)", {**PKV, ":s": B(b"O")},
     TYPE_MISMATCH),
    ("between-value-types", "PK = :pk AND SK BETWEEN :a AND :b", {**PKV, ":a": N("1"), ":b": N("2")},
     TYPE_MISMATCH),
    # function names are case-sensitive (the KeyConditionExpression reference says so;
    # the text is the expression grammar's, as for FilterExpression in [dynalite] scan.js)
    ("function-name-case", "PK = :pk AND BEGINS_WITH(SK, :s)", {**PKV, ":s": S("x")},
     "Invalid KeyConditionExpression: Invalid function name; function: BEGINS_WITH"),
    # nested paths
    ("nested", "PK = :pk AND SK.x = :s", {**PKV, ":s": S("x")},
     "KeyConditionExpressions cannot have conditions on nested attributes"),
    # BETWEEN bounds out of order (the same check as in condition expressions)
    ("between-reversed", "PK = :pk AND SK BETWEEN :a AND :b", {**PKV, ":a": S("b"), ":b": S("a")},
     "Invalid KeyConditionExpression: The BETWEEN operator requires upper bound to be greater "
     "than or equal to lower bound; lower bound operand: AttributeValue: {S:b}, upper bound "
     "operand: AttributeValue: {S:a}"),
]


@pytest.mark.parametrize("name,kce,values,message", KEY_CONDITION_ERRORS,
                         ids=[e[0] for e in KEY_CONDITION_ERRORS])
def test_key_condition_errors(ddb, shop, name, kce, values, message):
    kce_error(ddb, shop, kce, values, message)


def test_begins_with_on_number_sort_key(ddb, numbers):
    # A number operand: begins_with takes S or B only (the operand check of the
    # expression language, "Invalid <X>Expression: Incorrect operand type ..." as for
    # FilterExpression in [dynalite] scan.js). Medium confidence for the KeyCondition
    # prefix.
    kce_error(ddb, numbers, "PK = :pk AND begins_with(SK, :p)", {":pk": S("n"), ":p": N("1")},
              "Invalid KeyConditionExpression: Incorrect operand type for operator or "
              "function; operator or function: begins_with, operand type: N")
    # A string operand does not match the N sort key. Medium confidence.
    kce_error(ddb, numbers, "PK = :pk AND begins_with(SK, :p)", {":pk": S("n"), ":p": S("1")},
              TYPE_MISMATCH)
    # legacy: [dynalite] "should return ValidationException for invalid BEGINS_WITH
    # ComparisonOperator types"
    expect_error(ddb.query, VALIDATION,
                 INVALID + "ComparisonOperator BEGINS_WITH is not valid for N AttributeValue type",
                 TableName=numbers,
                 KeyConditions={"PK": {"ComparisonOperator": "EQ", "AttributeValueList": [S("n")]},
                                "SK": {"ComparisonOperator": "BEGINS_WITH",
                                       "AttributeValueList": [N("1")]}})


def test_hash_only_table(ddb, hash_table):
    put_items(ddb, hash_table, [{"PK": S("h1"), "v": N("1")}, {"PK": S("h2"), "v": N("2")}])
    resp = ddb.query(TableName=hash_table, KeyConditionExpression="PK = :p",
                     ExpressionAttributeValues={":p": S("h2")})
    assert single_page(resp) == [{"PK": S("h2"), "v": N("2")}]
    # [dynalite] 'y = :a and z = :a' / 'a = :a AND b = :a' on a hash table
    kce_error(ddb, hash_table, "PK = :p AND v = :v", {":p": S("h1"), ":v": N("1")},
              "Query key condition not supported")
    kce_error(ddb, hash_table, "PK > :p", {":p": S("h1")}, "Query key condition not supported")


def test_filter_may_not_name_key_attributes(ddb, shop):
    # [dynalite] "should return ValidationException if range key in FilterExpression"
    base = dict(TableName=shop, KeyConditionExpression="PK = :pk")
    for filt, key in [("SK = :s", "SK"), ("begins_with(SK, :s)", "SK"),
                      ("attribute_exists(amount) AND PK = :s", "PK"),
                      ("#k = :s", "SK")]:
        kw = dict(base, FilterExpression=filt, ExpressionAttributeValues={**PKV, ":s": S("x")})
        if "#k" in filt:
            kw["ExpressionAttributeNames"] = {"#k": "SK"}
        expect_error(ddb.query, VALIDATION,
                     "Filter Expression can only contain non-primary key attributes: "
                     "Primary key attribute: " + key, **kw)


def test_query_filter_may_not_name_key_attributes(ddb, shop):
    # [dynalite] "should return ValidationException if range key in QueryFilter"
    expect_error(ddb.query, VALIDATION,
                 "QueryFilter can only contain non-primary key attributes: Primary key attribute: SK",
                 TableName=shop, KeyConditions=kc("USER#1"),
                 QueryFilter={"SK": {"ComparisonOperator": "EQ", "AttributeValueList": [S("x")]}})


LEGACY_ERRORS = [
    # [dynalite] "should return ValidationException for unsupported comparison on range"
    ("ne-on-sort-key", kc("USER#1", "NE", "x"),
     "Attempted conditional constraint is not an indexable operation"),
    ("contains-on-sort-key", kc("USER#1", "CONTAINS", "x"),
     "Attempted conditional constraint is not an indexable operation"),
    ("null-on-sort-key", {**kc("USER#1"), "SK": {"ComparisonOperator": "NULL"}},
     "Attempted conditional constraint is not an indexable operation"),
    # [dynalite] "should return ValidationException for no hash key"
    ("no-partition-key", {"SK": {"ComparisonOperator": "EQ", "AttributeValueList": [S("x")]}},
     "Query condition missed key schema element: PK"),
    ("partition-key-le", {"PK": {"ComparisonOperator": "LE", "AttributeValueList": [S("x")]}},
     "Query key condition not supported"),
    # [dynalite] "should return ValidationException if BETWEEN arguments are in the
    # incorrect order"
    ("between-reversed", kc("USER#1", "BETWEEN", "b", "a"),
     "The BETWEEN condition was provided a range where the lower bound is greater than the "
     "upper bound"),
    ("partition-value-number",
     {"PK": {"ComparisonOperator": "EQ", "AttributeValueList": [N("1")]}}, TYPE_MISMATCH),
]


@pytest.mark.parametrize("name,conditions,message", LEGACY_ERRORS,
                         ids=[e[0] for e in LEGACY_ERRORS])
def test_legacy_key_condition_errors(ddb, shop, name, conditions, message):
    expect_error(ddb.query, VALIDATION, message, TableName=shop, KeyConditions=conditions)


def test_no_key_condition_at_all(ddb, shop):
    # dynamoose/dynamoose#992 (a title, without the final period); with the period in
    # DynamoDB Local's ErrorFactory (MISSING_KEY_CONDITIONS_AND_EXPRESSION) and dynalite.
    expect_error(ddb.query, VALIDATION,
                 "Either the KeyConditions or KeyConditionExpression parameter must be "
                 "specified in the request.", TableName=shop)


def test_key_conditions_and_expression_together(ddb, shop):
    # [dynalite] "should return ValidationException if all expressions and non-expression";
    # the same message format as the other operations' mixing errors.
    expect_error(ddb.query, VALIDATION,
                 "Can not use both expression and non-expression parameters in the same "
                 "request: Non-expression parameters: {KeyConditions} Expression parameters: "
                 "{KeyConditionExpression}",
                 TableName=shop, KeyConditions=kc("USER#1"), KeyConditionExpression="PK = :pk",
                 ExpressionAttributeValues=PKV)


def test_unknown_index_name_is_refused(ddb, shop):
    # [dynalite] "The table does not have the specified index: <name>"
    expect_error(ddb.query, VALIDATION, "The table does not have the specified index: byStatus",
                 TableName=shop, IndexName="byStatus", KeyConditionExpression="PK = :pk",
                 ExpressionAttributeValues=PKV)


def test_missing_table(ddb):
    expect_error(ddb.query, "ResourceNotFoundException", "Requested resource not found",
                 TableName=unique_name("missing"), KeyConditionExpression="PK = :pk",
                 ExpressionAttributeValues=PKV)


def test_limit_must_be_positive(ddb, shop):
    # Query's Limit is reported in the words of DynamoDB's newer validation framework, no
    # value and the member as the request spells it (recorded from DynamoDB in 2026; Scan's
    # Limit still reads "Value '0' at 'limit'", test_scan.py).
    expect_error(ddb.query, VALIDATION,
                 "1 validation error detected: Value at 'Limit' failed to satisfy "
                 "constraint: Member must have value greater than or equal to 1",
                 TableName=shop, KeyConditionExpression="PK = :pk",
                 ExpressionAttributeValues=PKV, Limit=0)
