"""CreateTable's rules on attribute definitions, key schemas and secondary indexes, in
DynamoDB's order and words (engine/schema/create_table_checks.h).

Sources, cited per test:
  [dynalite]  architect/dynalite test/createTable.js (its suite runs against DynamoDB and
              asserts the exact messages and which rule is reported first).
  [moto]      getmoto/moto tests/test_dynamodb (AWS-verified create_table cases, PR #4428).
  [scylla]    scylladb/scylladb issues and test/alternator (run against DynamoDB).
  [ack]       ack-api-quirks' DynamoDB error catalogue (DDB-TABLE-442), mined from live
              AWS answers.
  [issue]     an error text pasted from AWS in a public issue (repository named).
"""

import pytest

from mtutil import delete_table_quietly, expect_error, index_spec, key_schema, unique_name

V = "ValidationException"
INVALID = "One or more parameter values were invalid: "


def attrs(*names):
    return [{"AttributeName": n, "AttributeType": "S"} for n in names]


def create(ddb, **kwargs):
    """CreateTable of an on-demand table named for the test, PK/SK unless given."""
    request = dict(TableName=unique_name("rules"), BillingMode="PAY_PER_REQUEST",
                   AttributeDefinitions=attrs("PK", "SK"), KeySchema=key_schema("PK", "SK"))
    request.update(kwargs)
    return request


def refused(ddb, message, **kwargs):
    request = create(ddb, **kwargs)
    expect_error(ddb.create_table, V, message, **request)
    # Nothing was created.
    expect_error(ddb.describe_table, "ResourceNotFoundException", TableName=request["TableName"])


def test_repeated_attribute_definition(ddb):
    # [scylla] issue #13870 quotes AWS: "Attribute Name is duplicated: x" (DynamoDB Local
    # says "Cannot have two attributes with the same name").
    refused(ddb, "Attribute Name is duplicated: SK",
            AttributeDefinitions=attrs("PK", "SK") + [{"AttributeName": "SK",
                                                       "AttributeType": "N"}])


def test_key_names_and_types_in_dynamodbs_order(ddb):
    # [dynalite] "hash key and range key having same name" (no "Invalid KeySchema"
    # prefix, before the key types), "second key not being range", "both being range".
    refused(ddb, "Both the Hash Key and the Range Key element in the KeySchema have the same name",
            AttributeDefinitions=attrs("PK", "SK"),
            KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"},
                       {"AttributeName": "PK", "KeyType": "HASH"}])
    refused(ddb, "Invalid KeySchema: The second KeySchemaElement is not a RANGE key type",
            KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"},
                       {"AttributeName": "SK", "KeyType": "HASH"}])
    refused(ddb, "Invalid KeySchema: The first KeySchemaElement is not a HASH key type",
            KeySchema=[{"AttributeName": "PK", "KeyType": "RANGE"},
                       {"AttributeName": "SK", "KeyType": "RANGE"}])


def test_unused_definition_with_an_index_is_named(ddb):
    # [moto] test_create_table_with_redundant_attributes (moto PR #4428, verified against
    # AWS); [issue] aws-cloudformation/cfn-lint#1037 quotes the same text from AWS.
    refused(ddb, INVALID + "Some AttributeDefinitions are not used. AttributeDefinitions: "
            "[PK, SK, G, X], keys used: [PK, SK, G]",
            AttributeDefinitions=attrs("PK", "SK", "G", "X"),
            GlobalSecondaryIndexes=[index_spec("byG", "G")])


def test_empty_index_lists(ddb):
    # [moto] test_creating_table_with_0_local_indexes / _0_global_indexes; [dynalite].
    refused(ddb, INVALID + "List of LocalSecondaryIndexes is empty", LocalSecondaryIndexes=[])
    refused(ddb, INVALID + "List of GlobalSecondaryIndexes is empty", GlobalSecondaryIndexes=[])


def test_local_index_rules(ddb):
    # [dynalite] "no range key with LocalSecondaryIndex", "no range key in
    # LocalSecondaryIndex", "different hash key between LocalSecondaryIndex and table".
    refused(ddb, INVALID + "Table KeySchema does not have a range key, which is required when "
            "specifying a LocalSecondaryIndex",
            AttributeDefinitions=attrs("PK", "L"), KeySchema=key_schema("PK"),
            LocalSecondaryIndexes=[index_spec("byL", "PK", "L")])
    refused(ddb, INVALID + "Index KeySchema does not have a range key for index: byL",
            LocalSecondaryIndexes=[index_spec("byL", "PK")])
    refused(ddb, INVALID + "Index KeySchema does not have the same leading hash key as table "
            "KeySchema for index: byL. index hash key: SK, table hash key: PK",
            LocalSecondaryIndexes=[index_spec("byL", "SK", "PK")])


def test_key_schemas_of_more_than_two_elements(ddb):
    # A table's and an LSI's key schema hold a partition and a sort key at most: DynamoDB
    # refuses a third element with the key schema echoed in its Java model's form
    # (recorded from DynamoDB in 2026; tools/gen_model_constraints.py MEMBER_MAX, since
    # the newest service model dropped the maximum when GSIs took keys of several
    # attributes).
    three = [{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"},
             {"AttributeName": "L", "KeyType": "RANGE"}]
    echo = ("[KeySchemaElement(attributeName=PK, keyType=HASH), KeySchemaElement("
            "attributeName=SK, keyType=RANGE), KeySchemaElement(attributeName=L, keyType=RANGE)]")
    refused(ddb, f"1 validation error detected: Value '{echo}' at 'keySchema' failed to satisfy "
            "constraint: Member must have length less than or equal to 2",
            AttributeDefinitions=attrs("PK", "SK", "L"), KeySchema=three)
    refused(ddb, f"1 validation error detected: Value '{echo}' at "
            "'localSecondaryIndexes.1.member.keySchema' failed to satisfy constraint: Member "
            "must have length less than or equal to 2",
            AttributeDefinitions=attrs("PK", "SK", "L"),
            LocalSecondaryIndexes=[{"IndexName": "byL", "KeySchema": three,
                                    "Projection": {"ProjectionType": "ALL"}}])
    # A GSI key of several attributes is DynamoDB's and not monotable's: refused clearly
    # (docs/ARCHITECTURE.md, differences that remain), never indexed on two of them.
    refused(ddb, INVALID + "monotable does not support keys of several attributes: a "
            "KeySchema holds one HASH and at most one RANGE element",
            AttributeDefinitions=attrs("PK", "SK", "L"),
            GlobalSecondaryIndexes=[{"IndexName": "byL", "KeySchema": three,
                                     "Projection": {"ProjectionType": "ALL"}}])


def test_projection_members(ddb):
    # [dynalite] "missing ProjectionType", "NonKeyAttributes with ProjectionType ALL /
    # KEYS_ONLY"; [ack] "ProjectionType is INCLUDE, but NonKeyAttributes is not specified"
    # and "Duplicate element in NonKeyAttributes".
    def gsi(projection):
        return [{"IndexName": "byG", "KeySchema": key_schema("G"), "Projection": projection}]

    common = dict(AttributeDefinitions=attrs("PK", "SK", "G"))
    refused(ddb, INVALID + "Unknown ProjectionType: null",
            GlobalSecondaryIndexes=gsi({"NonKeyAttributes": ["a"]}), **common)
    for kind in ("ALL", "KEYS_ONLY"):
        refused(ddb, INVALID + f"ProjectionType is {kind}, but NonKeyAttributes is specified",
                GlobalSecondaryIndexes=gsi({"ProjectionType": kind, "NonKeyAttributes": ["a"]}),
                **common)
    refused(ddb, INVALID + "ProjectionType is INCLUDE, but NonKeyAttributes is not specified",
            GlobalSecondaryIndexes=gsi({"ProjectionType": "INCLUDE"}), **common)
    refused(ddb, INVALID + "Duplicate element in NonKeyAttributes: a",
            GlobalSecondaryIndexes=gsi({"ProjectionType": "INCLUDE",
                                        "NonKeyAttributes": ["a", "b", "a"]}), **common)


def test_projected_attributes_across_indexes(ddb):
    # The Developer Guide's quota: 100 NonKeyAttributes over all of a table's indexes, an
    # attribute projected into two counted twice. The text: a public lint rule quoting
    # CreateTable's error ("Number of projected attributes in all indexes exceeds limit
    # of 100"); the prefix is DynamoDB's for its CreateTable parameter rules.
    names = [f"a{i}" for i in range(20)]
    gsis = [index_spec(f"gsi{i}", "G", projection="INCLUDE", non_key=names) for i in range(5)]
    request = create(ddb, AttributeDefinitions=attrs("PK", "SK", "G"),
                     GlobalSecondaryIndexes=gsis)
    ddb.create_table(**request)
    delete_table_quietly(ddb, request["TableName"])
    gsis.append(index_spec("gsi5", "G", projection="INCLUDE", non_key=["one_more"]))
    refused(ddb, INVALID + "Number of projected attributes in all indexes exceeds limit of 100",
            AttributeDefinitions=attrs("PK", "SK", "G"), GlobalSecondaryIndexes=gsis)


def test_index_counts(ddb):
    # [dynalite] "more than twenty valid GlobalSecondaryIndexes" (a ValidationException on
    # CreateTable) and "more than five valid LocalSecondaryIndexes".
    refused(ddb, INVALID + "GlobalSecondaryIndex count exceeds the per-table limit of 20",
            AttributeDefinitions=attrs("PK", "SK", "G"),
            GlobalSecondaryIndexes=[index_spec(f"gsi{i}", "G") for i in range(21)])
    refused(ddb, INVALID + "Number of LocalSecondaryIndexes exceeds per-table limit of 5",
            AttributeDefinitions=attrs("PK", "SK", "L"),
            LocalSecondaryIndexes=[index_spec(f"lsi{i}", "PK", "L") for i in range(6)])


def test_index_names(ddb):
    # [dynalite] "duplicate index names between LocalSecondaryIndexes and
    # GlobalSecondaryIndexes"; "bad GlobalSecondaryIndex names" (the model's rules).
    refused(ddb, INVALID + "Duplicate index name: twice",
            AttributeDefinitions=attrs("PK", "SK", "G"),
            LocalSecondaryIndexes=[index_spec("twice", "PK", "G")],
            GlobalSecondaryIndexes=[index_spec("twice", "G")])
    refused(ddb, "2 validation errors detected: Value 'h;' at "
            "'globalSecondaryIndexes.1.member.indexName' failed to satisfy constraint: Member "
            "must satisfy regular expression pattern: [a-zA-Z0-9_.-]+; Value 'h;' at "
            "'globalSecondaryIndexes.1.member.indexName' failed to satisfy constraint: Member "
            "must have length greater than or equal to 3",
            AttributeDefinitions=attrs("PK", "SK", "G"),
            GlobalSecondaryIndexes=[index_spec("h;", "G")])


@pytest.mark.parametrize("billing,throughput,message", [
    # [issue] awsdocs/amazon-dynamodb-developer-guide#246 (aws CLI against AWS).
    ("PROVISIONED", None, "ProvisionedThroughput is not specified for index: byG"),
    # [dynalite] and [ack].
    ("PAY_PER_REQUEST", (1, 1),
     "ProvisionedThroughput should not be specified for index: byG when BillingMode is "
     "PAY_PER_REQUEST"),
])
def test_gsi_throughput_against_billing_mode(ddb, billing, throughput, message):
    request = dict(AttributeDefinitions=attrs("PK", "SK", "G"),
                   GlobalSecondaryIndexes=[index_spec("byG", "G", throughput=throughput)])
    if billing == "PROVISIONED":
        request.update(BillingMode="PROVISIONED",
                       ProvisionedThroughput={"ReadCapacityUnits": 1, "WriteCapacityUnits": 1})
    refused(ddb, INVALID + message, **request)
