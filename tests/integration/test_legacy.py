"""Legacy (pre-expression) parameters: Expected with Exists / Value /
ComparisonOperator + AttributeValueList and ConditionalOperator, AttributeUpdates
(PUT / ADD / DELETE), AttributesToGet, and the refusal to mix them with expressions.

Semantics follow the Developer Guide's "Legacy conditional parameters" pages: Exists
false means the attribute is absent, a Value (Exists true or absent) means equal; NULL /
NOT_NULL test presence; mismatched types never match. Texts of the validation errors are
DynamoDB's as captured by dynalite's tests (run against the service) and the
dynamodb-conformance suite.
"""

import pytest
from botocore.exceptions import ClientError

from mtutil import (put_holds, CCF, CCF_MESSAGE, create_table, delete_table_quietly, expect_error,
                    INVALID, k, N, S, unique_name, VALIDATION)


SEED = dict(k("seed"), a=S("apple"), n=N("5"), b={"B": b"\x01\x02"},
            ss={"SS": ["x", "y"]}, ns={"NS": ["1", "2"]}, l={"L": [S("x"), N("1")]},
            t={"BOOL": True})


@pytest.fixture(scope="module")
def seeded(ddb):
    name = unique_name("legacy")
    create_table(ddb, name)
    ddb.put_item(TableName=name, Item=SEED)
    yield name
    delete_table_quietly(ddb, name)


def passes(ddb, table, expected, conditional_operator=None):
    """Whether `expected` holds for SEED (a PutItem of SEED itself under it)."""
    kwargs = dict(TableName=table, Item=SEED, Expected=expected)
    if conditional_operator:
        kwargs["ConditionalOperator"] = conditional_operator
    return put_holds(ddb, **kwargs)


def op(name, *values):
    return {"ComparisonOperator": name, "AttributeValueList": list(values)}


EXPECTED = [
    ("exists-false-missing", {"nope": {"Exists": False}}, True),
    ("exists-false-present", {"a": {"Exists": False}}, False),
    ("exists-false-key", {"PK": {"Exists": False}}, False),
    ("exists-true-value-equal", {"a": {"Exists": True, "Value": S("apple")}}, True),
    ("exists-true-value-differs", {"a": {"Exists": True, "Value": S("pear")}}, False),
    ("exists-true-value-missing", {"nope": {"Exists": True, "Value": S("apple")}}, False),
    ("value-only-equal", {"n": {"Value": N("5.0")}}, True),
    ("value-only-type-differs", {"n": {"Value": S("5")}}, False),
    ("value-only-set", {"ss": {"Value": {"SS": ["y", "x"]}}}, True),
    ("EQ", {"a": op("EQ", S("apple"))}, True),
    ("EQ-false", {"a": op("EQ", S("pear"))}, False),
    ("EQ-number", {"n": op("EQ", N("5"))}, True),
    ("EQ-set", {"ns": op("EQ", {"NS": ["2", "1"]})}, True),
    ("EQ-list", {"l": op("EQ", {"L": [S("x"), N("1")]})}, True),
    ("EQ-bool", {"t": op("EQ", {"BOOL": True})}, True),
    ("EQ-with-Value", {"a": {"ComparisonOperator": "EQ", "Value": S("apple")}}, True),
    ("GE-with-Value", {"a": {"ComparisonOperator": "GE", "Value": S("apple")}}, True),
    ("mixed-forms", {"PK": {"Value": S("seed")}, "nope": {"Exists": False},
                     "a": {"ComparisonOperator": "GE", "Value": S("apple")}}, True),
    ("EQ-missing", {"nope": op("EQ", S("apple"))}, False),
    ("NE", {"a": op("NE", S("pear"))}, True),
    ("NE-false", {"a": op("NE", S("apple"))}, False),
    ("NE-missing", {"nope": op("NE", S("apple"))}, True),
    ("NE-type-differs", {"n": op("NE", S("5"))}, True),
    ("LT-number", {"n": op("LT", N("10"))}, True),
    ("LT-number-false", {"n": op("LT", N("5"))}, False),
    ("LE-number", {"n": op("LE", N("5"))}, True),
    ("LE-string", {"a": op("LE", S("apricot"))}, True),
    ("GT-number-numeric-order", {"n": op("GT", N("10"))}, False),
    ("GT-string", {"a": op("GT", S("Apple"))}, True),
    ("GE-binary", {"b": op("GE", {"B": b"\x01\x02"})}, True),
    ("GE-binary-false", {"b": op("GE", {"B": b"\x02"})}, False),
    ("LT-type-differs", {"n": op("LT", S("9"))}, False),
    ("GT-missing", {"nope": op("GT", N("0"))}, False),
    ("NOT_NULL", {"a": {"ComparisonOperator": "NOT_NULL"}}, True),
    ("NOT_NULL-missing", {"nope": {"ComparisonOperator": "NOT_NULL"}}, False),
    ("NULL", {"nope": {"ComparisonOperator": "NULL"}}, True),
    ("NULL-present", {"a": {"ComparisonOperator": "NULL"}}, False),
    ("CONTAINS-substring", {"a": op("CONTAINS", S("ppl"))}, True),
    ("CONTAINS-substring-false", {"a": op("CONTAINS", S("pa"))}, False),
    ("CONTAINS-set-member", {"ss": op("CONTAINS", S("y"))}, True),
    ("CONTAINS-number-set", {"ns": op("CONTAINS", N("2"))}, True),
    ("CONTAINS-list-element", {"l": op("CONTAINS", N("1"))}, True),
    ("CONTAINS-binary", {"b": op("CONTAINS", {"B": b"\x02"})}, True),
    ("CONTAINS-missing", {"nope": op("CONTAINS", S("x"))}, False),
    ("NOT_CONTAINS", {"a": op("NOT_CONTAINS", S("zz"))}, True),
    ("NOT_CONTAINS-false", {"a": op("NOT_CONTAINS", S("pp"))}, False),
    ("NOT_CONTAINS-set", {"ss": op("NOT_CONTAINS", S("z"))}, True),
    ("NOT_CONTAINS-set-false", {"ss": op("NOT_CONTAINS", S("x"))}, False),
    ("NOT_CONTAINS-missing", {"nope": op("NOT_CONTAINS", S("x"))}, False),
    ("BEGINS_WITH", {"a": op("BEGINS_WITH", S("app"))}, True),
    ("BEGINS_WITH-false", {"a": op("BEGINS_WITH", S("pp"))}, False),
    ("BEGINS_WITH-binary", {"b": op("BEGINS_WITH", {"B": b"\x01"})}, True),
    ("BEGINS_WITH-number-attribute", {"n": op("BEGINS_WITH", S("5"))}, False),
    ("IN", {"a": op("IN", S("pear"), S("apple"))}, True),
    ("IN-false", {"a": op("IN", S("pear"), S("plum"))}, False),
    ("IN-number", {"n": op("IN", N("1"), N("5.00"))}, True),
    ("IN-missing", {"nope": op("IN", S("apple"))}, False),
    ("BETWEEN", {"n": op("BETWEEN", N("1"), N("5"))}, True),
    ("BETWEEN-false", {"n": op("BETWEEN", N("6"), N("9"))}, False),
    ("BETWEEN-string", {"a": op("BETWEEN", S("a"), S("b"))}, True),
    ("BETWEEN-type-differs", {"n": op("BETWEEN", S("0"), S("9"))}, False),
    ("several-conditions-and", {"a": op("EQ", S("apple")), "n": op("GT", N("1")),
                                "nope": {"Exists": False}}, True),
    ("several-conditions-and-false", {"a": op("EQ", S("apple")), "n": op("GT", N("5"))}, False),
]


@pytest.mark.parametrize("expected,result", [c[1:] for c in EXPECTED],
                         ids=[c[0] for c in EXPECTED])
def test_expected(ddb, seeded, expected, result):
    assert passes(ddb, seeded, expected) is result


def test_conditional_operator(ddb, seeded):
    one_true = {"a": op("EQ", S("pear")), "n": op("EQ", N("5"))}
    none_true = {"a": op("EQ", S("pear")), "n": op("EQ", N("6"))}
    assert passes(ddb, seeded, one_true, "OR") is True
    assert passes(ddb, seeded, one_true, "AND") is False
    assert passes(ddb, seeded, one_true) is False  # AND is the default
    assert passes(ddb, seeded, none_true, "OR") is False
    assert passes(ddb, seeded, {"nope": {"Exists": True, "Value": S("x")},
                                "PK": {"Exists": True, "Value": S("seed")}}, "OR") is True


def test_conditional_operator_invalid(ddb, seeded):
    expect_error(ddb.put_item, VALIDATION,
                 "1 validation error detected: Value 'XOR' at 'conditionalOperator' failed to "
                 "satisfy constraint: Member must satisfy enum value set: [OR, AND]",
                 TableName=seeded, Item=SEED, Expected={"a": {"Exists": True, "Value": S("apple")}},
                 ConditionalOperator="XOR")


# An empty Expected is no condition: the write goes through (scylladb's test_expected.py,
# run against DynamoDB). ConditionalOperator joins two or more legacy conditions and is
# refused beside fewer, on every operation that takes it, before a Query's missing key
# condition (ExtendDB's tests, run against DynamoDB; protocol/ops/legacy_json.h).
WITHOUT = "ConditionalOperator cannot be used without Filter or Expected"
ONLY_ONE = "ConditionalOperator can only be used when Filter or Expected has two or more elements"


def test_empty_expected_and_conditional_operator_without_conditions(ddb, seeded):
    ddb.put_item(TableName=seeded, Item=dict(k("empty-expected"), v=N("1")), Expected={})
    ddb.update_item(TableName=seeded, Key=k("empty-expected"), Expected={},
                    AttributeUpdates={"v": {"Action": "PUT", "Value": N("2")}})
    assert ddb.get_item(TableName=seeded, Key=k("empty-expected"))["Item"]["v"] == N("2")
    one = {"a": op("EQ", S("pear"))}
    for expected in (None, {}, one):
        message = ONLY_ONE if expected else WITHOUT
        extra = {} if expected is None else {"Expected": expected}
        expect_error(ddb.put_item, VALIDATION, message, TableName=seeded, Item=SEED,
                     ConditionalOperator="OR", **extra)
        expect_error(ddb.delete_item, VALIDATION, message, TableName=seeded,
                     Key=k("absent"), ConditionalOperator="AND", **extra)
        expect_error(ddb.update_item, VALIDATION, message, TableName=seeded,
                     Key=k("absent"), ConditionalOperator="OR", **extra,
                     AttributeUpdates={"v": {"Action": "PUT", "Value": N("1")}})
    expect_error(ddb.scan, VALIDATION, WITHOUT, TableName=seeded, ConditionalOperator="AND")
    expect_error(ddb.scan, VALIDATION, WITHOUT, TableName=seeded, ConditionalOperator="OR",
                 ScanFilter={})
    expect_error(ddb.scan, VALIDATION, ONLY_ONE, TableName=seeded, ConditionalOperator="OR",
                 ScanFilter=one)
    expect_error(ddb.query, VALIDATION, WITHOUT, TableName=seeded, ConditionalOperator="AND")
    expect_error(ddb.query, VALIDATION, ONLY_ONE, TableName=seeded, ConditionalOperator="AND",
                 KeyConditions={"PK": op("EQ", S("seed"))}, QueryFilter=one)


def test_expected_on_each_operation(ddb, table):
    ddb.put_item(TableName=table, Item=dict(k("e"), v=N("1")),
                 Expected={"PK": {"Exists": False}})
    # Create-once: the item exists now.
    expect_error(ddb.put_item, CCF, CCF_MESSAGE, TableName=table, Item=dict(k("e"), v=N("9")),
                 Expected={"PK": {"Exists": False}})
    resp = ddb.update_item(TableName=table, Key=k("e"),
                           AttributeUpdates={"v": {"Action": "ADD", "Value": N("1")}},
                           Expected={"v": {"Value": N("1")}}, ReturnValues="UPDATED_NEW")
    assert resp["Attributes"] == {"v": N("2")}
    expect_error(ddb.update_item, CCF, CCF_MESSAGE, TableName=table, Key=k("e"),
                 AttributeUpdates={"v": {"Action": "ADD", "Value": N("1")}},
                 Expected={"v": {"Value": N("1")}})
    expect_error(ddb.delete_item, CCF, CCF_MESSAGE, TableName=table, Key=k("e"),
                 Expected={"v": op("LT", N("2"))})
    ddb.delete_item(TableName=table, Key=k("e"), Expected={"v": op("GE", N("2"))})
    assert "Item" not in ddb.get_item(TableName=table, Key=k("e"), ConsistentRead=True)
    # On a missing item: Exists false holds, a value comparison does not.
    expect_error(ddb.delete_item, CCF, CCF_MESSAGE, TableName=table, Key=k("e"),
                 Expected={"v": {"Value": N("2")}})
    ddb.delete_item(TableName=table, Key=k("e"), Expected={"v": {"Exists": False}})


EXPECTED_ERRORS = [
    ("exists-true-without-value", {"a": {"Exists": True}},
     INVALID + "Value must be provided when Exists is true for Attribute: a"),
    ("empty-condition", {"a": {}},
     INVALID + "Value must be provided when Exists is null for Attribute: a"),
    ("exists-false-with-value", {"a": {"Exists": False, "Value": S("x")}},
     INVALID + "Value cannot be used when Exists is false for Attribute: a"),
    ("operator-without-values", {"a": {"ComparisonOperator": "LT"}},
     INVALID + "Value or AttributeValueList must be used with ComparisonOperator: LT for "
     "Attribute: a"),
    ("operator-and-exists", {"a": {"Exists": True, "ComparisonOperator": "LT",
                                   "AttributeValueList": [N("1")]}},
     INVALID + "Exists and ComparisonOperator cannot be used together for Attribute: a"),
    ("value-and-list", {"a": {"ComparisonOperator": "EQ", "Value": S("x"),
                              "AttributeValueList": [S("x")]}},
     INVALID + "Value and AttributeValueList cannot be used together for Attribute: a"),
    ("list-without-operator", {"a": {"AttributeValueList": [S("x")]}},
     INVALID + "AttributeValueList can only be used with a ComparisonOperator for Attribute: a"),
    ("between-one-value", {"a": op("BETWEEN", N("1"))},
     INVALID + "Invalid number of argument(s) for the BETWEEN ComparisonOperator"),
    ("eq-two-values", {"a": op("EQ", N("1"), N("2"))},
     INVALID + "Invalid number of argument(s) for the EQ ComparisonOperator"),
    ("null-with-value", {"a": op("NULL", N("1"))},
     INVALID + "Invalid number of argument(s) for the NULL ComparisonOperator"),
    ("in-mixed-types", {"a": op("IN", N("1"), S("1"))},
     INVALID + "AttributeValues inside AttributeValueList must be of same type"),
    ("lt-on-bool", {"a": op("LT", {"BOOL": True})},
     INVALID + "ComparisonOperator LT is not valid for BOOL AttributeValue type"),
    ("begins-with-number", {"a": op("BEGINS_WITH", N("1"))},
     INVALID + "ComparisonOperator BEGINS_WITH is not valid for N AttributeValue type"),
    ("contains-set", {"a": op("CONTAINS", {"SS": ["x"]})},
     INVALID + "ComparisonOperator CONTAINS is not valid for SS AttributeValue type"),
    ("between-reversed", {"a": op("BETWEEN", N("5"), N("1"))},
     "The BETWEEN condition was provided a range where the lower bound is greater than the "
     "upper bound"),
    ("unknown-operator", {"a": op("LIKE", S("x"))},
     "1 validation error detected: Value 'LIKE' at 'expected.a.member.comparisonOperator' "
     "failed to satisfy constraint: Member must satisfy enum value set: [IN, NULL, BETWEEN, "
     "LT, NOT_CONTAINS, EQ, GT, NOT_NULL, NE, LE, BEGINS_WITH, GE, CONTAINS]"),
]


@pytest.mark.parametrize("expected,message", [c[1:] for c in EXPECTED_ERRORS],
                         ids=[c[0] for c in EXPECTED_ERRORS])
def test_expected_errors(ddb, table, expected, message):
    expect_error(ddb.put_item, VALIDATION, message, TableName=table, Item=k("x"),
                 Expected=expected)
    assert "Item" not in ddb.get_item(TableName=table, Key=k("x"), ConsistentRead=True)


# ------------------------------------------------------------------ AttributeUpdates

def get(ddb, table, key):
    return ddb.get_item(TableName=table, Key=key, ConsistentRead=True).get("Item")


def test_attribute_updates_put_add_delete(ddb, table):
    ddb.put_item(TableName=table, Item=dict(k("u"), name=S("old"), count=N("1"), extra=S("x"),
                                            tags={"SS": ["a", "b", "c"]}))
    resp = ddb.update_item(TableName=table, Key=k("u"), ReturnValues="ALL_NEW", AttributeUpdates={
        "name": {"Action": "PUT", "Value": S("new")},
        "count": {"Action": "ADD", "Value": N("9")},
        "extra": {"Action": "DELETE"},
        "tags": {"Action": "DELETE", "Value": {"SS": ["b", "zzz"]}},
        "fresh": {"Value": {"M": {"x": N("1")}}},  # no Action: PUT
        "created": {"Action": "ADD", "Value": N("-3")},
        "nums": {"Action": "ADD", "Value": {"NS": ["1", "2"]}},
    })
    item = resp["Attributes"]
    item["tags"]["SS"].sort()
    item["nums"]["NS"].sort()
    assert item == dict(k("u"), name=S("new"), count=N("10"), tags={"SS": ["a", "c"]},
                        fresh={"M": {"x": N("1")}}, created=N("-3"), nums={"NS": ["1", "2"]})
    assert get(ddb, table, k("u"))["count"] == N("10")


def test_attribute_updates_add_to_list_appends(ddb, table):
    ddb.put_item(TableName=table, Item=dict(k("u"), l={"L": [S("a")]}))
    ddb.update_item(TableName=table, Key=k("u"), AttributeUpdates={
        "l": {"Action": "ADD", "Value": {"L": [S("b")]}},
        "newlist": {"Action": "ADD", "Value": {"L": [N("1")]}}})
    item = get(ddb, table, k("u"))
    assert item["l"] == {"L": [S("a"), S("b")]}
    assert item["newlist"] == {"L": [N("1")]}


def test_attribute_updates_delete_emptying_set_and_missing(ddb, table):
    ddb.put_item(TableName=table, Item=dict(k("u"), tags={"SS": ["a"]}))
    ddb.update_item(TableName=table, Key=k("u"), AttributeUpdates={
        "tags": {"Action": "DELETE", "Value": {"SS": ["a"]}},
        "nothing": {"Action": "DELETE"},
        "noset": {"Action": "DELETE", "Value": {"SS": ["a"]}}})
    assert get(ddb, table, k("u")) == k("u")


def test_attribute_updates_create_item(ddb, table):
    resp = ddb.update_item(TableName=table, Key=k("new"), ReturnValues="ALL_NEW",
                           AttributeUpdates={"n": {"Action": "ADD", "Value": N("2")},
                                             "gone": {"Action": "DELETE"}})
    assert resp["Attributes"] == dict(k("new"), n=N("2"))


def test_attribute_updates_type_mismatch(ddb, table):
    ddb.put_item(TableName=table, Item=dict(k("u"), s=S("x"), n=N("1")))
    for updates in ({"s": {"Action": "ADD", "Value": N("1")}},
                    {"s": {"Action": "ADD", "Value": {"L": [N("1")]}}},
                    {"n": {"Action": "ADD", "Value": {"SS": ["a"]}}},
                    {"n": {"Action": "DELETE", "Value": {"NS": ["1"]}}}):
        expect_error(ddb.update_item, VALIDATION, "Type mismatch for attribute to update",
                     TableName=table, Key=k("u"), AttributeUpdates=updates)
    assert get(ddb, table, k("u")) == dict(k("u"), s=S("x"), n=N("1"))


def test_attribute_updates_return_values(ddb, table):
    # dynalite's "should return updated old nested values when they exist" and "should
    # delete normal values and return updated new" (run against DynamoDB).
    key = k("rv")
    ddb.update_item(TableName=table, Key=key, AttributeUpdates={
        "b": {"Value": {"M": {"a": S("a"), "b": {"L": []}}}}, "c": {"Value": N("1")}})
    resp = ddb.update_item(TableName=table, Key=key, ReturnValues="UPDATED_OLD", AttributeUpdates={
        "b": {"Value": {"M": {"a": S("b"), "b": {"L": []}}}}, "c": {"Action": "ADD", "Value": N("1")}})
    assert resp["Attributes"] == {"b": {"M": {"a": S("a"), "b": {"L": []}}}, "c": N("1")}
    resp = ddb.update_item(TableName=table, Key=key, ReturnValues="UPDATED_NEW", AttributeUpdates={
        "b": {"Action": "DELETE"}, "c": {"Value": S("a")}})
    assert resp["Attributes"] == {"c": S("a")}
    assert get(ddb, table, key) == dict(key, c=S("a"))


@pytest.mark.parametrize("updates,message", [
    ({"a": {"Action": "PUT"}},
     INVALID + "Only DELETE action is allowed when no attribute value is specified"),
    ({"a": {"Action": "ADD"}},
     INVALID + "Only DELETE action is allowed when no attribute value is specified"),
    ({"a": {"Action": "DELETE", "Value": S("x")}},
     INVALID + "DELETE action with value is not supported for the type S"),
    ({"a": {"Action": "ADD", "Value": S("x")}},
     INVALID + "ADD action is not supported for the type S"),
    ({"a": {"Action": "ADD", "Value": {"M": {}}}},
     INVALID + "ADD action is not supported for the type M"),
    ({"PK": {"Action": "PUT", "Value": S("other")}},
     INVALID + "Cannot update attribute PK. This attribute is part of the key"),
    ({"a": {"Action": "REPLACE", "Value": S("x")}},
     "1 validation error detected: Value 'REPLACE' at 'attributeUpdates.a.member.action' "
     "failed to satisfy constraint: Member must satisfy enum value set: [ADD, PUT, DELETE]"),
], ids=["put-without-value", "add-without-value", "delete-scalar", "add-string", "add-map",
        "key-attribute", "unknown-action"])
def test_attribute_updates_errors(ddb, table, updates, message):
    expect_error(ddb.update_item, VALIDATION, message, TableName=table, Key=k("err"),
                 AttributeUpdates=updates)
    assert get(ddb, table, k("err")) is None


# ------------------------------------------------------------------ AttributesToGet

def test_attributes_to_get(ddb, table):
    ddb.put_item(TableName=table, Item=dict(k("g"), a=S("A"), b=N("1"), m={"M": {"x": S("y")}}))
    got = ddb.get_item(TableName=table, Key=k("g"), AttributesToGet=["b", "m", "missing"],
                       ConsistentRead=True)
    assert got["Item"] == {"b": N("1"), "m": {"M": {"x": S("y")}}}
    # Names are taken literally: no document paths, no placeholders, no reserved words.
    ddb.put_item(TableName=table, Item=dict(k("g"), **{"m.x": S("dotted"), "name": S("n")}))
    got = ddb.get_item(TableName=table, Key=k("g"), AttributesToGet=["m.x", "name", "SK"],
                       ConsistentRead=True)
    assert got["Item"] == {"m.x": S("dotted"), "name": S("n"), "SK": S("s")}


def test_attributes_to_get_errors(ddb, table):
    expect_error(ddb.get_item, VALIDATION,
                 INVALID + "Duplicate value in attribute name: a",
                 TableName=table, Key=k("g"), AttributesToGet=["a", "b", "a"])
    expect_error(ddb.get_item, VALIDATION,
                 "1 validation error detected: Value '[]' at 'attributesToGet' failed to satisfy "
                 "constraint: Member must have length greater than or equal to 1",
                 TableName=table, Key=k("g"), AttributesToGet=[])


# ------------------------------------------------------------------ mixing

MIXED = "Can not use both expression and non-expression parameters in the same request: "


def test_mixing_expected_and_condition_expression(ddb, table):
    expect_error(ddb.put_item, VALIDATION,
                 MIXED + "Non-expression parameters: {Expected} Expression parameters: "
                 "{ConditionExpression}",
                 TableName=table, Item=k("m"), Expected={"PK": {"Exists": False}},
                 ConditionExpression="attribute_not_exists(PK)")
    expect_error(ddb.delete_item, VALIDATION,
                 MIXED + "Non-expression parameters: {Expected} Expression parameters: "
                 "{ConditionExpression}",
                 TableName=table, Key=k("m"), Expected={"PK": {"Exists": False}},
                 ConditionExpression="attribute_not_exists(PK)")


def test_mixing_in_update_item(ddb, table):
    expect_error(ddb.update_item, VALIDATION,
                 MIXED + "Non-expression parameters: {AttributeUpdates} Expression parameters: "
                 "{UpdateExpression}",
                 TableName=table, Key=k("m"), UpdateExpression="SET a = :v",
                 ExpressionAttributeValues={":v": S("x")},
                 AttributeUpdates={"a": {"Action": "PUT", "Value": S("x")}})
    # Expected with an UpdateExpression is mixing too, as is AttributeUpdates with a
    # ConditionExpression.
    expect_error(ddb.update_item, VALIDATION,
                 MIXED + "Non-expression parameters: {Expected} Expression parameters: "
                 "{UpdateExpression}",
                 TableName=table, Key=k("m"), UpdateExpression="SET a = :v",
                 ExpressionAttributeValues={":v": S("x")}, Expected={"a": {"Exists": False}})
    expect_error(ddb.update_item, VALIDATION,
                 MIXED + "Non-expression parameters: {AttributeUpdates} Expression parameters: "
                 "{ConditionExpression}",
                 TableName=table, Key=k("m"), ConditionExpression="attribute_exists(a)",
                 AttributeUpdates={"a": {"Action": "PUT", "Value": S("x")}})
    assert get(ddb, table, k("m")) is None


def test_mixing_in_get_item(ddb, table):
    expect_error(ddb.get_item, VALIDATION,
                 MIXED + "Non-expression parameters: {AttributesToGet} Expression parameters: "
                 "{ProjectionExpression}",
                 TableName=table, Key=k("m"), AttributesToGet=["a"], ProjectionExpression="a")


def test_mixing_conditional_operator_with_expression(ddb, table):
    expect_error(ddb.put_item, VALIDATION,
                 MIXED + "Non-expression parameters: {ConditionalOperator} Expression "
                 "parameters: {ConditionExpression}",
                 TableName=table, Item=k("m"), ConditionalOperator="OR",
                 ConditionExpression="attribute_not_exists(PK)")
