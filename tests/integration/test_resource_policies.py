"""PutResourcePolicy, GetResourcePolicy, DeleteResourcePolicy and CreateTable's
ResourcePolicy. The boto3 of the test environment predates these operations, so the
tests send raw requests and use the AWS CLI. Policies are stored, never enforced."""

import json

import pytest

from mtutil import delete_table_quietly, unique_name

INVALID = "One or more parameter values were invalid: "
NOT_FOUND_PREFIX = "Resource-based policy not found for the provided ResourceArn: "


def policy(action="dynamodb:GetItem", sid=None):
    statement = {"Effect": "Allow", "Principal": {"AWS": "arn:aws:iam::000000000000:root"},
                 "Action": action, "Resource": "*"}
    if sid:
        statement["Sid"] = sid
    return json.dumps({"Version": "2012-10-17", "Statement": [statement]}, indent=2)


def minified(document):
    return json.dumps(json.loads(document), separators=(",", ":"))


@pytest.fixture
def call(raw):
    """call(operation, **members) -> (HTTP status, parsed body or None)."""
    def run(operation, **members):
        r = raw(operation, members)
        return r.status, (r.json() if r.body else None)
    return run


def error_of(result):
    status, body = result
    assert status == 400, body
    return body["__type"].split("#")[-1], body.get("message")


@pytest.fixture
def arn(ddb, hash_table):
    return ddb.describe_table(TableName=hash_table)["Table"]["TableArn"]


def test_put_get_delete(call, arn):
    assert error_of(call("GetResourcePolicy", ResourceArn=arn)) == (
        "PolicyNotFoundException", NOT_FOUND_PREFIX + arn)
    status, put = call("PutResourcePolicy", ResourceArn=arn, Policy=policy())
    assert status == 200 and put["RevisionId"].isdigit()
    status, got = call("GetResourcePolicy", ResourceArn=arn)
    assert status == 200
    assert got == {"Policy": minified(policy()), "RevisionId": put["RevisionId"]}
    status, deleted = call("DeleteResourcePolicy", ResourceArn=arn)
    assert (status, deleted) == (200, {"RevisionId": put["RevisionId"]})
    assert error_of(call("GetResourcePolicy", ResourceArn=arn))[0] == "PolicyNotFoundException"
    # Deleting when there is none is no error.
    assert call("DeleteResourcePolicy", ResourceArn=arn) == (200, {})


def test_revisions(call, arn, hash_table):
    _, first = call("PutResourcePolicy", ResourceArn=arn, Policy=policy())
    r1 = first["RevisionId"]
    # The same document again changes nothing.
    assert call("PutResourcePolicy", ResourceArn=arn, Policy=policy())[1]["RevisionId"] == r1
    _, second = call("PutResourcePolicy", ResourceArn=arn, Policy=policy("dynamodb:PutItem"),
                     ExpectedRevisionId=r1)
    r2 = second["RevisionId"]
    assert int(r2) > int(r1)
    stale = f"Requested update for policy with revision id {r1}, but the policy associated " \
            f"to target table {hash_table} has revision id {r2}."
    assert error_of(call("PutResourcePolicy", ResourceArn=arn, Policy=policy("dynamodb:Query"),
                         ExpectedRevisionId=r1)) == ("PolicyNotFoundException",
                                                     NOT_FOUND_PREFIX + stale)
    assert error_of(call("DeleteResourcePolicy", ResourceArn=arn, ExpectedRevisionId=r1)) == (
        "PolicyNotFoundException", NOT_FOUND_PREFIX + stale)
    assert error_of(call("PutResourcePolicy", ResourceArn=arn, Policy=policy(),
                         ExpectedRevisionId="NO_POLICY")) == (
        "PolicyNotFoundException", NOT_FOUND_PREFIX + "Requested policy update expecting none "
        f"to be present for table {hash_table}, but a policy exists with revision id {r2}.")
    assert call("GetResourcePolicy", ResourceArn=arn)[1]["RevisionId"] == r2
    assert call("DeleteResourcePolicy", ResourceArn=arn, ExpectedRevisionId=r2) == (
        200, {"RevisionId": r2})
    status, fresh = call("PutResourcePolicy", ResourceArn=arn, Policy=policy(),
                         ExpectedRevisionId="NO_POLICY", ConfirmRemoveSelfResourceAccess=True)
    assert status == 200 and int(fresh["RevisionId"]) > int(r2)


@pytest.mark.parametrize("document, reason", [
    ("{not json", "Invalid policy document: This policy contains invalid Json"),
    ("[]", "Invalid policy document: This policy contains invalid Json"),
    ("null", "Invalid policy document: This text appears not to be a policy"),
    ('{"Version":"2012-10-17","Statement":[]}',
     "Invalid policy document: Could not parse the policy: Statement is empty!"),
    ('{"Statement":[{"Action":"dynamodb:*","Resource":"*"}]}',
     "Invalid policy document: Missing required field Effect"),
    ('{"Statement":{"Effect":"Allow","Action":"dynamodb:*"}}',
     "Invalid policy document: Missing required field Resource"),
    ('{"Statement":[{"Sid":"a","Effect":"Allow","Resource":"*"},'
     '{"Sid":"a","Effect":"Deny","Resource":"*"}]}',
     "Invalid policy document: The Statement Ids in the policy are not unique"),
    (json.dumps({"Statement": [{"Effect": "Allow", "Resource": "*", "Sid": "x" * 20480}]}),
     "Maximum policy size of 20480 bytes exceeded"),
])
def test_invalid_documents(call, arn, document, reason):
    assert error_of(call("PutResourcePolicy", ResourceArn=arn, Policy=document)) == (
        "ValidationException", INVALID + reason)
    assert error_of(call("GetResourcePolicy", ResourceArn=arn))[0] == "PolicyNotFoundException"


def test_missing_members_and_bad_arns(call, arn, hash_table):
    assert error_of(call("PutResourcePolicy", ResourceArn=arn)) == (
        "ValidationException", "1 validation error detected: Value null at 'policy' failed to "
        "satisfy constraint: Member must not be null")
    assert error_of(call("GetResourcePolicy")) == (
        "ValidationException", "1 validation error detected: Value null at 'resourceArn' "
        "failed to satisfy constraint: Member must not be null")
    assert error_of(call("DeleteResourcePolicy", ResourceArn=arn, ExpectedRevisionId="")) == (
        "ValidationException", "1 validation error detected: Value '' at 'expectedRevisionId' "
        "failed to satisfy constraint: Member must have length greater than or equal to 1")
    missing = arn + "x"
    for op, extra in (("GetResourcePolicy", {}), ("DeleteResourcePolicy", {}),
                      ("PutResourcePolicy", {"Policy": policy()})):
        assert error_of(call(op, ResourceArn=missing, **extra)) == (
            "ResourceNotFoundException", f"Requested resource not found: Table: {hash_table}x "
            "not found")
    assert error_of(call("GetResourcePolicy", ResourceArn=hash_table)) == (
        "ValidationException", INVALID + f"ARNs must start with 'arn:': {hash_table}")
    other_region = arn.replace(":us-east-1:", ":eu-west-1:")
    assert error_of(call("GetResourcePolicy", ResourceArn=other_region)) == (
        "ValidationException", INVALID + f"Invalid resource Arn: {other_region}")
    other_account = arn.replace(f":{arn.split(':')[4]}:", ":123456789012:")
    assert error_of(call("GetResourcePolicy", ResourceArn=other_account)) == (
        "ValidationException",
        "This action is only supported by accounts that match the resource owner’s account.")
    index = arn + "/index/gsi"
    assert error_of(call("GetResourcePolicy", ResourceArn=index)) == (
        "ValidationException", INVALID + "Invalid resource arn provided, only table or stream "
        f"is accepted. Provided resource arn: {index}")


def test_create_table_with_policy_and_deleted_with_it(call, ddb):
    name = unique_name("policied")
    try:
        status, body = call("CreateTable", TableName=name, BillingMode="PAY_PER_REQUEST",
                            AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"}],
                            KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}],
                            ResourcePolicy=policy())
        assert status == 200, body
        arn = body["TableDescription"]["TableArn"]
        status, got = call("GetResourcePolicy", ResourceArn=arn)
        assert status == 200 and got["Policy"] == minified(policy())
        ddb.delete_table(TableName=name)
        assert error_of(call("GetResourcePolicy", ResourceArn=arn)) == (
            "ResourceNotFoundException", f"Requested resource not found: Table: {name} not found")
    finally:
        delete_table_quietly(ddb, name)
    bad = unique_name("badpolicy")
    assert error_of(call("CreateTable", TableName=bad, BillingMode="PAY_PER_REQUEST",
                         AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"}],
                         KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}],
                         ResourcePolicy="[]"))[0] == "ValidationException"
    assert error_of(call("DescribeTable", TableName=bad))[0] == "ResourceNotFoundException"


def test_cli_put_get_delete(aws_cli, arn):
    rc, out = aws_cli("put-resource-policy", "--resource-arn", arn, "--policy", policy())
    assert rc == 0, out
    revision = out["RevisionId"]
    rc, out = aws_cli("get-resource-policy", "--resource-arn", arn)
    assert rc == 0 and out == {"Policy": minified(policy()), "RevisionId": revision}
    rc, err = aws_cli("put-resource-policy", "--resource-arn", arn, "--policy", policy("x"),
                      "--expected-revision-id", "1")
    assert rc != 0 and "PolicyNotFoundException" in err
    rc, out = aws_cli("delete-resource-policy", "--resource-arn", arn)
    assert rc == 0 and out == {"RevisionId": revision}
    rc, err = aws_cli("get-resource-policy", "--resource-arn", arn)
    assert rc != 0 and "PolicyNotFoundException" in err
