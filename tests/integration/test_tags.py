"""TagResource, UntagResource, ListTagsOfResource and CreateTable's Tags, with boto3,
the AWS CLI and raw requests. Messages are DynamoDB's (see engine/schema/tag_rules.h)."""

import pytest

from mtutil import delete_table_quietly, expect_error, make_client, unique_name

VALIDATION = "ValidationException"
TOO_MANY = "Number of Tags exceed the current limit for the provided ResourceArn"


def create_hash_table(client, name, **extra):
    """An on-demand table keyed by PK (S), with extra CreateTable members."""
    return client.create_table(TableName=name, BillingMode="PAY_PER_REQUEST",
                               AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"}],
                               KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}], **extra)


def arn_of(ddb, name):
    return ddb.describe_table(TableName=name)["Table"]["TableArn"]


def tags_of(ddb, arn):
    return {t["Key"]: t["Value"] for t in ddb.list_tags_of_resource(ResourceArn=arn)["Tags"]}


@pytest.fixture
def arn(ddb, hash_table):
    return arn_of(ddb, hash_table)


def test_tag_list_untag(ddb, arn):
    assert ddb.list_tags_of_resource(ResourceArn=arn)["Tags"] == []
    ddb.tag_resource(ResourceArn=arn, Tags=[{"Key": "env", "Value": "test"},
                                            {"Key": "team", "Value": ""},
                                            {"Key": " ", "Value": "9"}])
    assert tags_of(ddb, arn) == {"env": "test", "team": "", " ": "9"}
    # An existing key takes the new value; removing absent keys is no error.
    ddb.tag_resource(ResourceArn=arn, Tags=[{"Key": "env", "Value": "prod"}])
    ddb.untag_resource(ResourceArn=arn, TagKeys=["team", "not-there"])
    assert ddb.list_tags_of_resource(ResourceArn=arn)["Tags"] == [
        {"Key": "env", "Value": "prod"}, {"Key": " ", "Value": "9"}]


def test_tag_and_untag_answer_an_empty_body(raw, ddb, arn):
    r = raw("TagResource", {"ResourceArn": arn, "Tags": [{"Key": "k", "Value": "v"}]})
    assert (r.status, r.body) == (200, b"")
    r = raw("UntagResource", {"ResourceArn": arn, "TagKeys": ["k"]})
    assert (r.status, r.body) == (200, b"")
    assert tags_of(ddb, arn) == {}


def test_unicode_letters_and_limits(ddb, arn):
    tags = [{"Key": "ключ", "Value": "значение"}, {"Key": "k" * 128, "Value": "v" * 256},
            {"Key": "א" * 128, "Value": "café a+b-c=d.e_f:g/h@i"}]
    ddb.tag_resource(ResourceArn=arn, Tags=tags)
    assert tags_of(ddb, arn) == {t["Key"]: t["Value"] for t in tags}


@pytest.mark.parametrize("tags, message", [
    ([{"Key": "k" * 129, "Value": "v"}], "The Tag Key provided is invalid, Key: " + "k" * 129),
    ([{"Key": "k", "Value": "v" * 257}], "The Tag Value provided is invalid, Value: " + "v" * 257),
    ([{"Key": "", "Value": "dog"}], "The Tag Key provided is invalid, Key: "),
    ([{"Key": "hi!", "Value": "dog"}], "The Tag Key provided is invalid, Key: hi!"),
    ([{"Key": "dog", "Value": "100%"}], "The Tag Value provided is invalid, Value: 100%"),
    ([{"Key": "dog", "Value": "\U0001F511"}], "The Tag Value provided is invalid, Value: \U0001F511"),
    ([{"Key": "dog"}], "The Tag Value provided is invalid, Value: null"),
    ([{"Value": "dog"}], "The Tag Key provided is invalid, Key: null"),
    ([{"Key": "ok", "Value": "1"}, {"Key": "aws:zzz", "Value": "2"}],
     "Tag Key cannot be prefixed with aws:, Key: aws:zzz"),
    ([{"Key": "dup", "Value": "1"}, {"Key": "dup", "Value": "2"}],
     "Duplicate Tag Keys provided as input: Duplicate Tag Key found dup"),
    ([], "Atleast one Tag needs to be provided as Input."),
])
def test_invalid_tags_change_nothing(ddb, arn, tags, message):
    expect_error(ddb.tag_resource, VALIDATION, message, ResourceArn=arn, Tags=tags)
    assert tags_of(ddb, arn) == {}


def test_untag_validation(ddb, arn):
    expect_error(ddb.untag_resource, VALIDATION,
                 "Atleast one Tag Key needs to be provided as Input.", ResourceArn=arn, TagKeys=[])
    expect_error(ddb.untag_resource, VALIDATION,
                 "The Tag Key provided is invalid, Key: " + "k" * 129,
                 ResourceArn=arn, TagKeys=["k" * 129])
    expect_error(ddb.untag_resource, VALIDATION, TOO_MANY,
                 ResourceArn=arn, TagKeys=[f"k{i}" for i in range(51)])


def test_fifty_tags_counted_after_the_merge(ddb, arn):
    ddb.tag_resource(ResourceArn=arn, Tags=[{"Key": f"k{i:02}", "Value": "v"} for i in range(50)])
    expect_error(ddb.tag_resource, VALIDATION, TOO_MANY,
                 ResourceArn=arn, Tags=[{"Key": "k50", "Value": "v"}])
    expect_error(ddb.tag_resource, VALIDATION, TOO_MANY, ResourceArn=arn,
                 Tags=[{"Key": "k00", "Value": "new"}, {"Key": "k50", "Value": "v"}])
    # Replacing values of existing keys keeps the count at 50.
    ddb.tag_resource(ResourceArn=arn, Tags=[{"Key": f"k{i:02}", "Value": "w"} for i in range(50)])
    page = ddb.list_tags_of_resource(ResourceArn=arn)
    assert len(page["Tags"]) == 50 and "NextToken" not in page
    assert {t["Value"] for t in page["Tags"]} == {"w"}
    # A page after the only one is empty.
    assert ddb.list_tags_of_resource(ResourceArn=arn, NextToken="x")["Tags"] == []


def test_missing_members(ddb, arn):
    expect_error(ddb.tag_resource, VALIDATION,
                 "1 validation error detected: Value null at 'tags' failed to satisfy "
                 "constraint: Member must not be null", ResourceArn=arn)
    expect_error(ddb.untag_resource, VALIDATION,
                 "1 validation error detected: Value null at 'tagKeys' failed to satisfy "
                 "constraint: Member must not be null", ResourceArn=arn)
    expect_error(ddb.list_tags_of_resource, VALIDATION,
                 "1 validation error detected: Value null at 'resourceArn' failed to satisfy "
                 "constraint: Member must not be null")
    long_arn = "arn:" + "x" * 1280
    expect_error(ddb.list_tags_of_resource, VALIDATION,
                 f"1 validation error detected: Value '{long_arn}' at 'resourceArn' failed to "
                 "satisfy constraint: Member must have length less than or equal to 1283",
                 ResourceArn=long_arn)


def test_arns_that_name_no_table_of_this_account(ddb, arn, hash_table):
    prefix = arn[:-len(hash_table)]  # arn:aws:dynamodb:us-east-1:<account>:table/
    account = arn.split(":")[4]
    missing = prefix + hash_table + "x"
    for call in (lambda: ddb.tag_resource(ResourceArn=missing, Tags=[{"Key": "k", "Value": "v"}]),
                 lambda: ddb.untag_resource(ResourceArn=missing, TagKeys=["k"])):
        expect_error(call, "ResourceNotFoundException",
                     f"Requested resource not found: ResourceArn: {missing} not found")
    # ListTagsOfResource authorizes against the resource first, and DynamoDB denies a
    # table that does not exist (control/table_tags.h).
    expect_error(ddb.list_tags_of_resource, "AccessDeniedException", "Access is denied",
                 ResourceArn=missing)
    expect_error(ddb.list_tags_of_resource, VALIDATION,
                 f"One or more parameter values were invalid: ARNs must start with 'arn:': "
                 f"{hash_table}", ResourceArn=hash_table)
    other_region = arn.replace(":us-east-1:", ":eu-west-1:")
    expect_error(ddb.list_tags_of_resource, VALIDATION,
                 f"Invalid TableArn: Invalid ResourceArn provided as input {other_region}",
                 ResourceArn=other_region)
    other_account = arn.replace(f":{account}:", ":123456789012:")
    expect_error(ddb.list_tags_of_resource, "AccessDeniedException", "Access is denied",
                 ResourceArn=other_account)
    index = arn + "/index/byX"
    expect_error(ddb.tag_resource, VALIDATION,
                 "One or more parameter values were invalid: Invalid resource arn provided, only "
                 f"table or stream is accepted. Provided resource arn: {index}",
                 ResourceArn=index, Tags=[{"Key": "k", "Value": "v"}])
    backup = arn + "/backup/01700000000000-abcdefgh"
    expect_error(ddb.list_tags_of_resource, VALIDATION,
                 "One or more parameter values were invalid: Provided Arn is not a DynamoDB "
                 f"resource arn: {backup}", ResourceArn=backup)
    not_dynamodb = f"arn:aws:s3:::{hash_table}"
    expect_error(ddb.list_tags_of_resource, VALIDATION,
                 "One or more parameter values were invalid: Provided Arn is not a DynamoDB "
                 f"resource arn: {not_dynamodb}", ResourceArn=not_dynamodb)


def test_create_table_with_tags(ddb):
    name = unique_name("tagged")
    tags = [{"Key": "env", "Value": "test"}, {"Key": "owner", "Value": "ci"}]
    try:
        create_hash_table(ddb, name, Tags=tags)
        assert ddb.list_tags_of_resource(ResourceArn=arn_of(ddb, name))["Tags"] == tags
    finally:
        delete_table_quietly(ddb, name)


@pytest.mark.parametrize("tags, message", [
    ([{"Key": str(i), "Value": str(i)} for i in range(51)], TOO_MANY),
    ([{"Key": "aws:x", "Value": "v"}], "Tag Key cannot be prefixed with aws:, Key: aws:x"),
])
def test_create_table_with_bad_tags_creates_nothing(ddb, tags, message):
    name = unique_name("badtags")
    expect_error(lambda: create_hash_table(ddb, name, Tags=tags), VALIDATION, message)
    expect_error(ddb.describe_table, "ResourceNotFoundException", TableName=name)


def test_tags_survive_a_restart_and_go_with_the_table(server_factory, tmp_path):
    srv = server_factory(db_path=tmp_path / "db")
    client = make_client(srv.endpoint)
    name = unique_name("persist")
    create_hash_table(client, name, Tags=[{"Key": "created", "Value": "1"}])
    arn = arn_of(client, name)
    client.tag_resource(ResourceArn=arn, Tags=[{"Key": "k", "Value": "v"}])
    srv.stop()
    srv = server_factory(db_path=tmp_path / "db")
    client = make_client(srv.endpoint)
    assert tags_of(client, arn) == {"created": "1", "k": "v"}
    client.delete_table(TableName=name)
    expect_error(client.list_tags_of_resource, "AccessDeniedException", "Access is denied",
                 ResourceArn=arn)
    create_hash_table(client, name)
    assert tags_of(client, arn) == {}


def test_cli_tag_list_untag(aws_cli, ddb, arn):
    rc, out = aws_cli("tag-resource", "--resource-arn", arn, "--tags", "Key=env,Value=cli")
    assert (rc, out) == (0, None)
    rc, out = aws_cli("list-tags-of-resource", "--resource-arn", arn)
    assert rc == 0 and out["Tags"] == [{"Key": "env", "Value": "cli"}]
    rc, out = aws_cli("untag-resource", "--resource-arn", arn, "--tag-keys", "env")
    assert (rc, out) == (0, None)
    rc, out = aws_cli("list-tags-of-resource", "--resource-arn", arn)
    assert rc == 0 and out["Tags"] == []
    rc, err = aws_cli("tag-resource", "--resource-arn", arn, "--tags", "Key=aws:x,Value=1")
    assert rc != 0 and "Tag Key cannot be prefixed with aws:, Key: aws:x" in err
