"""Table-level errors: invalid table names (control plane and item operations), missing
and already existing tables, CreateTable's key schema, attribute definition, billing
mode and capacity rules, UpdateTable's billing and throughput rules, and ListTables'
Limit bounds.

Each test asserts the exact code, message and HTTP 400; the sources the tests cite
([dynalite], [moto], [issue], [aws-sdk-js]) are described in errors_common.py.
"""

import json

import pytest

from errors_common import V, k
from mtutil import expect_error, unique_name

RNF = "ResourceNotFoundException"
NAME_PATTERN = "Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+"
AT_NAME = "' at 'tableName' failed to satisfy constraint: "
SHORT = "Member must have length greater than or equal to 3"
LONG = "Member must have length less than or equal to 255"
KEYS = [{"AttributeName": "PK", "KeyType": "HASH"}]
ATTRS = [{"AttributeName": "PK", "AttributeType": "S"}]


def name_errors(name, *constraints):
    count = f"{len(constraints)} validation error{'s' if len(constraints) > 1 else ''}"
    return f"{count} detected: " + "; ".join(f"Value '{name}{AT_NAME}{c}" for c in constraints)


# ------------------------------------------------------------------- table names

# The control plane checks its table name first and reports it alone, in the
# "N validation errors detected" form, length before pattern: DynamoDB's answers recorded
# in 2026 (CreateTable 'ab' -> "1 validation error detected: Value 'ab' at 'tableName'
# failed to satisfy constraint: Member must have length greater than or equal to 3";
# DescribeTable '' -> the minimum of 3, then the pattern). The older "TableName must be
# at least 3 characters long and at most 255 characters long" (dynalite's recording) is
# what DynamoDB Local still answers. A missing CreateTable name is a sentence of its own.

@pytest.mark.parametrize("name,constraints", [
    ("ab", [SHORT]), ("x", [SHORT]), ("a" * 256, [LONG]), ("", [SHORT, NAME_PATTERN]),
    ("a;", [SHORT, NAME_PATTERN])], ids=["2-chars", "1-char", "256-chars", "empty", "short-bad"])
def test_create_table_name_length(ddb, name, constraints):
    # KeySchema has the wrong size too: the name is reported alone.
    expect_error(ddb.create_table, V, name_errors(name, *constraints), TableName=name,
                 AttributeDefinitions=ATTRS, KeySchema=KEYS * 3,
                 ProvisionedThroughput={"ReadCapacityUnits": 1, "WriteCapacityUnits": 1})


def test_create_table_without_a_name(raw):
    resp = raw("CreateTable", json.dumps({"AttributeDefinitions": ATTRS, "KeySchema": KEYS}))
    assert (resp.status, resp.error_type(), resp.json()["message"]) == (
        400, V, "The parameter 'TableName' is required but was not present in the request")


@pytest.mark.parametrize("name", ["bad@name", "abc;", "with space", "ünï"])
def test_create_table_name_characters(ddb, name):
    expect_error(ddb.create_table, V, name_errors(name, NAME_PATTERN), TableName=name,
                 AttributeDefinitions=ATTRS, KeySchema=KEYS,
                 ProvisionedThroughput={"ReadCapacityUnits": 1, "WriteCapacityUnits": 1})


@pytest.mark.parametrize("op", ["describe_table", "delete_table"])
def test_control_plane_table_name_errors(ddb, op):
    fn = getattr(ddb, op)
    expect_error(fn, V, name_errors("ab", SHORT), TableName="ab")
    expect_error(fn, V, name_errors("n" * 256, LONG), TableName="n" * 256)
    expect_error(fn, V, name_errors("abc;", NAME_PATTERN), TableName="abc;")


# Key schemas of the wrong size: DynamoDB echoes the elements in its Java model's form
# (recorded in 2026; some of its hosts print object hashes instead).
def test_create_table_key_schema_of_the_wrong_size(ddb):
    three = [{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"},
             {"AttributeName": "X", "KeyType": "RANGE"}]
    expect_error(ddb.create_table, V,
                 "1 validation error detected: Value '[KeySchemaElement(attributeName=PK, "
                 "keyType=HASH), KeySchemaElement(attributeName=SK, keyType=RANGE), "
                 "KeySchemaElement(attributeName=X, keyType=RANGE)]' at 'keySchema' failed to "
                 "satisfy constraint: Member must have length less than or equal to 2",
                 TableName=unique_name("ks3"), AttributeDefinitions=ATTRS, KeySchema=three,
                 BillingMode="PAY_PER_REQUEST")
    expect_error(ddb.create_table, V,
                 "1 validation error detected: Value '[]' at 'keySchema' failed to satisfy "
                 "constraint: Member must have length greater than or equal to 1",
                 TableName=unique_name("ks0"), AttributeDefinitions=ATTRS, KeySchema=[],
                 BillingMode="PAY_PER_REQUEST")


# [dynalite] test/putItem.js / getItem.js: item operations report table name problems in
# the "N validation error(s) detected: Value '...' at 'tableName' ..." form, e.g.
#   {TableName: <256 x 'a'>} -> "Value '<name>' at 'tableName' failed to satisfy
#   constraint: Member must have length less than or equal to 255", and for 'a;' both the
#   pattern and the length constraint, in that order. Confirmed for item operations by
#   scylladb PR #12608 ("Value 'non!existent!table' at 'tableName' failed ...").

def test_item_operation_table_name_too_short(ddb):
    expect_error(ddb.put_item, V,
                 "1 validation error detected: Value 'ab' at 'tableName' failed to satisfy "
                 "constraint: Member must have length greater than or equal to 3",
                 TableName="ab", Item=k())
    expect_error(ddb.get_item, V,
                 "1 validation error detected: Value 'ab' at 'tableName' failed to satisfy "
                 "constraint: Member must have length greater than or equal to 3",
                 TableName="ab", Key=k())


def test_item_operation_table_name_too_long(ddb):
    name = "a" * 256
    expect_error(ddb.put_item, V,
                 f"1 validation error detected: Value '{name}' at 'tableName' failed to "
                 "satisfy constraint: Member must have length less than or equal to 255",
                 TableName=name, Item=k())


def test_item_operation_table_name_characters(ddb):
    expect_error(ddb.get_item, V,
                 "1 validation error detected: Value 'abc;' at 'tableName' failed to "
                 f"satisfy constraint: {NAME_PATTERN}", TableName="abc;", Key=k())
    expect_error(ddb.delete_item, V,
                 "1 validation error detected: Value 'abc;' at 'tableName' failed to "
                 f"satisfy constraint: {NAME_PATTERN}", TableName="abc;", Key=k())


def test_item_operation_table_name_two_errors(ddb):
    expect_error(ddb.put_item, V,
                 "2 validation errors detected: "
                 f"Value 'a;' at 'tableName' failed to satisfy constraint: {NAME_PATTERN}; "
                 "Value 'a;' at 'tableName' failed to satisfy constraint: "
                 "Member must have length greater than or equal to 3",
                 TableName="a;", Item=k())


# ------------------------------------------------------------ missing / existing tables

def test_describe_missing_table(ddb):
    name = unique_name("missing")
    # [dynalite] describeTable.js: 'Requested resource not found: Table: ' + name + ' not
    # found'; [issue] localstack/localstack#9030 pastes the same text from AWS.
    expect_error(ddb.describe_table, RNF,
                 f"Requested resource not found: Table: {name} not found", TableName=name)


def test_delete_missing_table(ddb):
    name = unique_name("missing")
    # [dynalite] deleteTable.js: 'Requested resource not found: Table: <name> not found'
    expect_error(ddb.delete_table, RNF,
                 f"Requested resource not found: Table: {name} not found", TableName=name)


def test_update_missing_table(ddb):
    name = unique_name("missing")
    # [dynalite] updateTable.js: 'Requested resource not found: Table: <name> not found'
    expect_error(ddb.update_table, RNF,
                 f"Requested resource not found: Table: {name} not found", TableName=name,
                 ProvisionedThroughput={"ReadCapacityUnits": 1, "WriteCapacityUnits": 1})


def test_item_operations_on_missing_table(ddb):
    name = unique_name("missing")
    # [dynalite] getItem.js / putItem.js: 'Requested resource not found'; [issue]
    # hashicorp-education/learn-terraform-aft-account-request#35 (PutItem, from AWS):
    # "ResourceNotFoundException: Requested resource not found".
    msg = "Requested resource not found"
    expect_error(ddb.get_item, RNF, msg, TableName=name, Key=k())
    expect_error(ddb.put_item, RNF, msg, TableName=name, Item=k())
    expect_error(ddb.delete_item, RNF, msg, TableName=name, Key=k())


def test_create_duplicate_table(ddb, table):
    # [issue] joshsymonds/Dynamoid#178: "(AWS::DynamoDB::Errors::ResourceInUseException)
    # "Table already exists: <name>"; moto TableAlreadyExistsException uses the same text.
    err = expect_error(ddb.create_table, "ResourceInUseException",
                       f"Table already exists: {table}", TableName=table,
                       AttributeDefinitions=[{"AttributeName": "X", "AttributeType": "N"}],
                       KeySchema=[{"AttributeName": "X", "KeyType": "HASH"}],
                       BillingMode="PAY_PER_REQUEST")
    assert err
    # The existing table is untouched.
    desc = ddb.describe_table(TableName=table)["Table"]
    assert desc["KeySchema"][0] == {"AttributeName": "PK", "KeyType": "HASH"}
    assert "BillingModeSummary" not in desc or \
        desc["BillingModeSummary"]["BillingMode"] == "PROVISIONED"


# ------------------------------------------------------------- CreateTable schema rules

def test_key_attribute_not_defined(ddb):
    # [dynalite] createTable.js "missing key attr definition": AttributeDefinitions [b],
    # KeySchema [a HASH] -> 'One or more parameter values were invalid: Some index key
    # attributes are not defined in AttributeDefinitions. Keys: [a], AttributeDefinitions: [b]'
    expect_error(ddb.create_table, V,
                 "One or more parameter values were invalid: Some index key attributes are "
                 "not defined in AttributeDefinitions. Keys: [PK], AttributeDefinitions: [Other]",
                 TableName=unique_name("schema"),
                 AttributeDefinitions=[{"AttributeName": "Other", "AttributeType": "S"}],
                 KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}],
                 ProvisionedThroughput={"ReadCapacityUnits": 1, "WriteCapacityUnits": 1})


def test_range_key_attribute_not_defined(ddb):
    # [dynalite] createTable.js "missing key attr definition when double and valid" and
    # [issue] aws-cloudformation/cfn-lint#1037 (aws CLI against AWS): two key elements,
    # one definition -> 'Invalid KeySchema: Some index key attribute have no definition'
    expect_error(ddb.create_table, V,
                 "Invalid KeySchema: Some index key attribute have no definition",
                 TableName=unique_name("schema"),
                 AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"}],
                 KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"},
                            {"AttributeName": "SK", "KeyType": "RANGE"}],
                 ProvisionedThroughput={"ReadCapacityUnits": 1, "WriteCapacityUnits": 1})


def test_extra_attribute_definition(ddb):
    # [issue] aws-cloudformation/cfn-lint#1037 and [dynalite] createTable.js "extra
    # attribute in definitions when hash": 'One or more parameter values were invalid:
    # Number of attributes in KeySchema does not exactly match number of attributes
    # defined in AttributeDefinitions'
    name = unique_name("schema")
    expect_error(ddb.create_table, V,
                 "One or more parameter values were invalid: Number of attributes in KeySchema "
                 "does not exactly match number of attributes defined in AttributeDefinitions",
                 TableName=name,
                 AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"},
                                       {"AttributeName": "SK", "AttributeType": "S"}],
                 KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}],
                 BillingMode="PAY_PER_REQUEST")
    expect_error(ddb.describe_table, RNF, match="not found", TableName=name)


def test_provisioned_without_throughput(ddb):
    # [dynalite] createTable.js "missing ProvisionedThroughput" (no BillingMode given) and
    # [issue] awslabs/amazon-kinesis-client#1357 (BillingMode PROVISIONED, from AWS).
    msg = ("One or more parameter values were invalid: ReadCapacityUnits and "
           "WriteCapacityUnits must both be specified when BillingMode is PROVISIONED")
    common = dict(AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"}],
                  KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}])
    expect_error(ddb.create_table, V, msg, TableName=unique_name("bill"), **common)
    expect_error(ddb.create_table, V, msg, TableName=unique_name("bill"),
                 BillingMode="PROVISIONED", **common)


def test_pay_per_request_with_throughput(ddb):
    # [dynalite] createTable.js "ProvisionedThroughput set when BillingMode is
    # PAY_PER_REQUEST": 'One or more parameter values were invalid: Neither
    # ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is
    # PAY_PER_REQUEST'
    expect_error(ddb.create_table, V,
                 "One or more parameter values were invalid: Neither ReadCapacityUnits nor "
                 "WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST",
                 TableName=unique_name("bill"), BillingMode="PAY_PER_REQUEST",
                 AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"}],
                 KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}],
                 ProvisionedThroughput={"ReadCapacityUnits": 1, "WriteCapacityUnits": 1})


def test_invalid_billing_mode_value(ddb):
    # [dynalite] createTable.js: "Value 'A' at 'billingMode' failed to satisfy constraint:
    # Member must satisfy enum value set: [PROVISIONED, PAY_PER_REQUEST]"
    expect_error(ddb.create_table, V,
                 "1 validation error detected: Value 'FREE' at 'billingMode' failed to "
                 "satisfy constraint: Member must satisfy enum value set: "
                 "[PROVISIONED, PAY_PER_REQUEST]",
                 TableName=unique_name("bill"), BillingMode="FREE",
                 AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"}],
                 KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}])


def test_zero_capacity_units(ddb):
    # [dynalite] createTable.js: "Value '-1' at 'provisionedThroughput.readCapacityUnits'
    # failed to satisfy constraint: Member must have value greater than or equal to 1"
    expect_error(ddb.create_table, V,
                 "1 validation error detected: Value '0' at "
                 "'provisionedThroughput.readCapacityUnits' failed to satisfy constraint: "
                 "Member must have value greater than or equal to 1",
                 TableName=unique_name("cap"),
                 AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"}],
                 KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}],
                 ProvisionedThroughput={"ReadCapacityUnits": 0, "WriteCapacityUnits": 1})


def test_invalid_attribute_type_in_definitions(ddb):
    # [dynalite] createTable.js "SS in attr definition": "1 validation error detected:
    # Value 'SS' at 'attributeDefinitions.1.member.attributeType' failed to satisfy
    # constraint: Member must satisfy enum value set: [B, N, S]"
    expect_error(ddb.create_table, V,
                 "1 validation error detected: Value 'SS' at "
                 "'attributeDefinitions.1.member.attributeType' failed to satisfy "
                 "constraint: Member must satisfy enum value set: [B, N, S]",
                 TableName=unique_name("attr"),
                 AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "SS"}],
                 KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}],
                 BillingMode="PAY_PER_REQUEST")


# --------------------------------------------------------------------- UpdateTable rules

def test_update_to_provisioned_requires_throughput(ddb, hash_table):
    # [dynalite] updateTable validation: 'One or more parameter values were invalid:
    # ProvisionedThroughput must be specified when BillingMode is PROVISIONED'
    expect_error(ddb.update_table, V,
                 "One or more parameter values were invalid: ProvisionedThroughput must be "
                 "specified when BillingMode is PROVISIONED",
                 TableName=hash_table, BillingMode="PROVISIONED")
    desc = ddb.describe_table(TableName=hash_table)["Table"]
    assert desc["BillingModeSummary"]["BillingMode"] == "PAY_PER_REQUEST"


def test_update_pay_per_request_with_throughput(ddb, hash_table):
    # Same text as CreateTable (nubo-db/dynoxide tests for UpdateTable; [dynalite]).
    expect_error(ddb.update_table, V,
                 "One or more parameter values were invalid: Neither ReadCapacityUnits nor "
                 "WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST",
                 TableName=hash_table, BillingMode="PAY_PER_REQUEST",
                 ProvisionedThroughput={"ReadCapacityUnits": 1, "WriteCapacityUnits": 1})


def test_update_throughput_unchanged(ddb, table):
    # [dynalite] updateTable.js "read and write are same".
    expect_error(ddb.update_table, V,
                 "The provisioned throughput for the table will not change. The requested "
                 "value equals the current value. Current ReadCapacityUnits provisioned for "
                 "the table: 5. Requested ReadCapacityUnits: 5. Current WriteCapacityUnits "
                 "provisioned for the table: 5. Requested WriteCapacityUnits: 5. Refer to the "
                 "Amazon DynamoDB Developer Guide for current limits and how to request "
                 "higher limits.",
                 TableName=table,
                 ProvisionedThroughput={"ReadCapacityUnits": 5, "WriteCapacityUnits": 5})


# ---------------------------------------------------------------------------- ListTables

@pytest.mark.parametrize("limit,msg", [
    (0, "Member must have value greater than or equal to 1"),
    (101, "Member must have value less than or equal to 100"),
])
def test_list_tables_limit_bounds(ddb, limit, msg):
    # [dynalite] listTables.js "low Limit" / "high Limit".
    expect_error(ddb.list_tables, V,
                 f"1 validation error detected: Value '{limit}' at 'limit' failed to "
                 f"satisfy constraint: {msg}", Limit=limit)

