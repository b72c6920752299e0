"""--iam FILE with --require-signature, through boto3: a tenant that reads and writes
only its own partition (dynamodb:LeadingKeys), an attribute-limited reader
(dynamodb:Attributes, dynamodb:Select), a deny that beats an allow, a resource policy
that admits another account, a transaction refused because one item is out of bounds,
and --log-requests naming the deciding statement."""

import json

import pytest

from iam_policies import (PARTNER_READS, PRINCIPALS, denied, partner_stream_reads,
                          write_iam_file)
from mtutil import expect_error, make_client, raw_post, server_args
from security_common import signed_headers, utc_now
from streams_common import read_stream

TABLE_ARN = "arn:aws:dynamodb:us-east-1:123456789012:table/Shop"


@pytest.fixture(scope="module")
def srv(tmp_path_factory):
    from conftest import start_with_fresh_port
    d = tmp_path_factory.mktemp("iam")
    iam = write_iam_file(d / "iam.json")
    s = start_with_fresh_port(
        lambda port: server_args(port, in_memory=True, extra=[
            "--require-signature", "--iam", str(iam), "--log-requests"]),
        d / "logs")
    admin = client(s, "admin")
    admin.create_table(
        TableName="Shop", BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"},
                              {"AttributeName": "SK", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"},
                   {"AttributeName": "SK", "KeyType": "RANGE"}])
    for pk in ("tenant-a", "tenant-b"):
        admin.put_item(TableName="Shop", Item={"PK": {"S": pk}, "SK": {"S": "1"},
                                               "title": {"S": "t"}, "secret": {"S": "s"}})
    yield s
    s.stop()


def client(s, who, service="dynamodb"):
    p = PRINCIPALS[who]
    return make_client(s.endpoint, access_key=p["accessKeyId"], secret_key=p["secretAccessKey"],
                       service=service)


def signed(s, who, operation, members):
    """A signed raw request: Debian's boto3 predates the resource-policy operations."""
    p = PRINCIPALS[who]
    body = json.dumps(members).encode()
    headers = signed_headers(s.port, operation, body, p["accessKeyId"], p["secretAccessKey"],
                             utc_now())
    return raw_post(s.port, operation, body=body, auth=False, headers=headers)


def key(pk, sk="1"):
    return {"PK": {"S": pk}, "SK": {"S": sk}}


def test_source_ip_is_the_connections_peer(srv):
    assert client(srv, "onsite").get_item(TableName="Shop", Key=key("tenant-a"))["Item"]
    expect_error(client(srv, "offsite").get_item, "AccessDeniedException",
                 denied("offsite", "dynamodb:GetItem"), TableName="Shop", Key=key("tenant-a"))


def test_secure_transport_is_false_over_plain_http(srv):
    expect_error(client(srv, "tlsonly").get_item, "AccessDeniedException",
                 denied("tlsonly", "dynamodb:GetItem",
                        why="with an explicit deny in an identity-based policy"),
                 TableName="Shop", Key=key("tenant-a"))


def test_tables_carry_the_iam_account(srv):
    t = client(srv, "admin").describe_table(TableName="Shop")["Table"]
    assert t["TableArn"] == TABLE_ARN


def test_tenant_reads_and_writes_only_its_partition(srv):
    c = client(srv, "tenant")
    c.put_item(TableName="Shop", Item={**key("tenant-a", "2"), "v": {"S": "mine"}})
    assert c.get_item(TableName="Shop", Key=key("tenant-a", "2"))["Item"]["v"]["S"] == "mine"
    got = c.query(TableName="Shop", KeyConditionExpression="PK = :p",
                  ExpressionAttributeValues={":p": {"S": "tenant-a"}})
    assert got["Count"] == 2
    expect_error(c.get_item, "AccessDeniedException", denied("tenant", "dynamodb:GetItem"),
                 TableName="Shop", Key=key("tenant-b"))
    expect_error(c.put_item, "AccessDeniedException", denied("tenant", "dynamodb:PutItem"),
                 TableName="Shop", Item=key("tenant-b", "9"))
    expect_error(c.query, "AccessDeniedException", denied("tenant", "dynamodb:Query"),
                 TableName="Shop", KeyConditionExpression="PK = :p",
                 ExpressionAttributeValues={":p": {"S": "tenant-b"}})
    # Scan is not granted: it reads every partition.
    expect_error(c.scan, "AccessDeniedException", denied("tenant", "dynamodb:Scan"),
                 TableName="Shop")
    # One foreign key refuses the whole batch, and nothing of it is written.
    expect_error(c.batch_write_item, "AccessDeniedException",
                 denied("tenant", "dynamodb:BatchWriteItem"),
                 RequestItems={"Shop": [{"PutRequest": {"Item": key("tenant-a", "3")}},
                                        {"PutRequest": {"Item": key("tenant-b", "3")}}]})
    assert "Item" not in client(srv, "admin").get_item(TableName="Shop", Key=key("tenant-a", "3"))


def test_transaction_refused_for_one_item(srv):
    c = client(srv, "tenant")
    expect_error(c.transact_write_items, "AccessDeniedException",
                 denied("tenant", "dynamodb:ConditionCheckItem"),
                 TransactItems=[
                     {"Put": {"TableName": "Shop", "Item": key("tenant-a", "tx")}},
                     {"ConditionCheck": {"TableName": "Shop", "Key": key("tenant-b"),
                                         "ConditionExpression": "attribute_exists(PK)"}}])
    assert "Item" not in client(srv, "admin").get_item(TableName="Shop", Key=key("tenant-a", "tx"))
    c.transact_write_items(TransactItems=[
        {"Put": {"TableName": "Shop", "Item": key("tenant-a", "tx")}},
        {"ConditionCheck": {"TableName": "Shop", "Key": key("tenant-a"),
                            "ConditionExpression": "attribute_exists(PK)"}}])


def test_batch_statement_denied_alone(srv):
    """BatchExecuteStatement answers each statement on its own: a denied one is an
    AccessDenied entry of Responses (BatchStatementErrorCodeEnum), the others run."""
    c = client(srv, "tenant")
    got = c.batch_execute_statement(Statements=[
        {"Statement": "SELECT * FROM Shop WHERE PK = 'tenant-b' AND SK = '1'"},
        {"Statement": "SELECT title FROM Shop WHERE PK = 'tenant-a' AND SK = '1'"}])
    assert got["Responses"] == [
        {"Error": {"Code": "AccessDenied",
                   "Message": denied("tenant", "dynamodb:PartiQLSelect")}},
        {"TableName": "Shop", "Item": {"title": {"S": "t"}}}]
    got = c.batch_execute_statement(Statements=[
        {"Statement": "INSERT INTO Shop VALUE {'PK': 'tenant-a', 'SK': 'bx'}"},
        {"Statement": "INSERT INTO Shop VALUE {'PK': ?, 'SK': 'bx'}",
         "Parameters": [{"S": "tenant-b"}]}])
    assert got["Responses"] == [
        {"TableName": "Shop"},
        {"Error": {"Code": "AccessDenied",
                   "Message": denied("tenant", "dynamodb:PartiQLInsert")}}]
    admin = client(srv, "admin")
    assert "Item" in admin.get_item(TableName="Shop", Key=key("tenant-a", "bx"))
    assert "Item" not in admin.get_item(TableName="Shop", Key=key("tenant-b", "bx"))
    assert ('iam="Statements[1]: deny (implicit) (dynamodb:PartiQLInsert on ' + TABLE_ARN
            in srv.stderr_text())


def test_attribute_limited_reader(srv):
    c = client(srv, "reader")
    item = c.get_item(TableName="Shop", Key=key("tenant-a"), ProjectionExpression="PK, SK, title")
    assert item["Item"] == {**key("tenant-a"), "title": {"S": "t"}}
    expect_error(c.get_item, "AccessDeniedException", denied("reader", "dynamodb:GetItem"),
                 TableName="Shop", Key=key("tenant-a"))
    expect_error(c.get_item, "AccessDeniedException", denied("reader", "dynamodb:GetItem"),
                 TableName="Shop", Key=key("tenant-a"), ProjectionExpression="title, secret")
    got = c.query(TableName="Shop", KeyConditionExpression="PK = :p",
                  ExpressionAttributeValues={":p": {"S": "tenant-b"}},
                  ProjectionExpression="title")
    assert got["Items"] == [{"title": {"S": "t"}}]
    expect_error(c.query, "AccessDeniedException", denied("reader", "dynamodb:Query"),
                 TableName="Shop", KeyConditionExpression="PK = :p",
                 ExpressionAttributeValues={":p": {"S": "tenant-b"}},
                 FilterExpression="secret = :p", ProjectionExpression="title")


def test_deny_beats_allow(srv):
    c = client(srv, "writer")
    c.put_item(TableName="Shop", Item=key("w"))
    expect_error(c.delete_item, "AccessDeniedException",
                 denied("writer", "dynamodb:DeleteItem",
                        why="with an explicit deny in an identity-based policy"),
                 TableName="Shop", Key=key("w"))
    assert "Item" in c.get_item(TableName="Shop", Key=key("w"))
    log = srv.stderr_text()
    assert 'iam="deny by identity[0] NoDeletes (dynamodb:DeleteItem on ' + TABLE_ARN in log, log
    assert 'op=PutItem table=Shop status=200 error=- ' in log


def test_resource_policy_admits_another_account(srv):
    partner = client(srv, "partner")
    expect_error(partner.get_item, "AccessDeniedException",
                 f"User: {PRINCIPALS['partner']['arn']} is not authorized to perform: "
                 f"dynamodb:GetItem on resource: {TABLE_ARN} because no resource-based policy "
                 "allows the dynamodb:GetItem action",
                 TableName="Shop", Key=key("tenant-a"))
    r = signed(srv, "admin", "PutResourcePolicy", {"ResourceArn": TABLE_ARN, "Policy": PARTNER_READS})
    assert r.status == 200, r.body
    try:
        assert partner.get_item(TableName="Shop", Key=key("tenant-a"))["Item"]["title"]["S"] == "t"
        # The resource policy admits reads only.
        expect_error(partner.put_item, "AccessDeniedException",
                     match="because no resource-based policy allows the dynamodb:PutItem action",
                     TableName="Shop", Item=key("partner"))
    finally:
        r = signed(srv, "admin", "DeleteResourcePolicy", {"ResourceArn": TABLE_ARN})
        assert r.status == 200, r.body
    expect_error(partner.get_item, "AccessDeniedException", TableName="Shop", Key=key("tenant-a"))


@pytest.fixture(scope="module")
def feed_stream(srv):
    """Feed, a table with a stream and one record in it: the stream's ARN."""
    admin = client(srv, "admin")
    t = admin.create_table(
        TableName="Feed", BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}],
        StreamSpecification={"StreamEnabled": True, "StreamViewType": "KEYS_ONLY"})
    admin.put_item(TableName="Feed", Item={"PK": {"S": "p"}})
    return t["TableDescription"]["LatestStreamArn"]


def first_iterator(streams, arn):
    shard = streams.describe_stream(StreamArn=arn)["StreamDescription"]["Shards"][0]
    return streams.get_shard_iterator(StreamArn=arn, ShardId=shard["ShardId"],
                                      ShardIteratorType="TRIM_HORIZON")["ShardIterator"]


def test_stream_actions_are_checked_on_the_stream(srv, feed_stream):
    streams = client(srv, "streamer", "dynamodbstreams")
    iterator = first_iterator(streams, feed_stream)
    # GetRecords is asked on the stream its iterator reads (api-permissions-reference).
    expect_error(streams.get_records, "AccessDeniedException",
                 f"User: {PRINCIPALS['streamer']['arn']} is not authorized to perform: "
                 f"dynamodb:GetRecords on resource: {feed_stream} because no identity-based "
                 "policy allows the dynamodb:GetRecords action", ShardIterator=iterator)
    records = read_stream(client(srv, "admin", "dynamodbstreams"), feed_stream)
    assert [r["dynamodb"]["Keys"] for r in records] == [{"PK": {"S": "p"}}]


def test_stream_resource_policy_admits_another_account(srv, feed_stream):
    partner = client(srv, "partner", "dynamodbstreams")
    expect_error(partner.describe_stream, "AccessDeniedException",
                 f"User: {PRINCIPALS['partner']['arn']} is not authorized to perform: "
                 f"dynamodb:DescribeStream on resource: {feed_stream} because no resource-based "
                 "policy allows the dynamodb:DescribeStream action", StreamArn=feed_stream)
    # The table's policy is not the stream's: admitting the partner to the table does
    # not open its stream.
    table_arn = feed_stream.split("/stream/")[0]
    assert signed(srv, "admin", "PutResourcePolicy",
                  {"ResourceArn": table_arn, "Policy": PARTNER_READS}).status == 200
    expect_error(partner.describe_stream, "AccessDeniedException", StreamArn=feed_stream)
    policy = partner_stream_reads(feed_stream)
    r = signed(srv, "admin", "PutResourcePolicy", {"ResourceArn": feed_stream, "Policy": policy})
    assert r.status == 200, r.body
    try:
        got = json.loads(signed(srv, "admin", "GetResourcePolicy",
                                {"ResourceArn": feed_stream}).body)
        assert json.loads(got["Policy"]) == json.loads(policy)
        assert json.loads(signed(srv, "admin", "GetResourcePolicy", {"ResourceArn": table_arn})
                          .body)["Policy"] != got["Policy"]
        assert len(read_stream(partner, feed_stream)) == 1
    finally:
        for arn in (feed_stream, table_arn):
            r = signed(srv, "admin", "DeleteResourcePolicy", {"ResourceArn": arn})
            assert r.status == 200, r.body
    expect_error(partner.describe_stream, "AccessDeniedException", StreamArn=feed_stream)
    other = feed_stream.rsplit("/", 1)[0] + "/2020-01-01T00:00:00.000"
    r = signed(srv, "admin", "GetResourcePolicy", {"ResourceArn": other})
    assert r.status == 400 and json.loads(r.body)["message"] == (
        "Requested resource not found: Stream: 2020-01-01T00:00:00.000 not found for Table: Feed")


def policy_call(srv, operation, arn, **members):
    """A resource-policy operation by admin: (HTTP status, the answer's JSON)."""
    r = signed(srv, "admin", operation, {"ResourceArn": arn, **members})
    return r.status, json.loads(r.body)


def test_stream_policy_outlives_the_streams_disabling_and_its_table(srv):
    """rbac-attach-resource-policy-streams: "you can modify or delete a policy after a
    table is deleted. You can also modify or delete the policy of a disabled stream";
    the stream's own policy still decides who reads it."""
    admin = client(srv, "admin")
    arn = admin.create_table(
        TableName="Ledger", BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}],
        StreamSpecification={"StreamEnabled": True, "StreamViewType": "KEYS_ONLY"},
    )["TableDescription"]["LatestStreamArn"]
    admin.put_item(TableName="Ledger", Item={"PK": {"S": "entry"}})
    partner = client(srv, "partner", "dynamodbstreams")
    policy = partner_stream_reads(arn)
    status, put = policy_call(srv, "PutResourcePolicy", arn, Policy=policy)
    assert status == 200, put

    admin.update_table(TableName="Ledger", StreamSpecification={"StreamEnabled": False})
    status, got = policy_call(srv, "GetResourcePolicy", arn)
    assert status == 200 and got["RevisionId"] == put["RevisionId"], got
    admin.delete_table(TableName="Ledger")
    admin.get_waiter("table_not_exists").wait(TableName="Ledger",
                                              WaiterConfig={"Delay": 1, "MaxAttempts": 30})

    table_arn = arn.split("/stream/")[0]
    status, table = policy_call(srv, "GetResourcePolicy", table_arn)
    assert (status, table["message"]) == (400, "Requested resource not found: Table: Ledger "
                                               "not found"), table
    status, got = policy_call(srv, "GetResourcePolicy", arn)
    assert status == 200 and json.loads(got["Policy"]) == json.loads(policy), got
    description = partner.describe_stream(StreamArn=arn)["StreamDescription"]
    assert description["StreamStatus"] == "DISABLED"
    assert [r["dynamodb"]["Keys"] for r in read_stream(partner, arn)] == [{"PK": {"S": "entry"}}]

    # Changed after the table is gone, the stream's policy decides GetRecords.
    narrower = partner_stream_reads(arn, actions=("DescribeStream", "GetShardIterator"))
    status, changed = policy_call(srv, "PutResourcePolicy", arn, Policy=narrower,
                                  ExpectedRevisionId=put["RevisionId"])
    assert status == 200 and changed["RevisionId"] != put["RevisionId"], changed
    iterator = first_iterator(partner, arn)
    expect_error(partner.get_records, "AccessDeniedException",
                 f"User: {PRINCIPALS['partner']['arn']} is not authorized to perform: "
                 f"dynamodb:GetRecords on resource: {arn} because no resource-based policy "
                 "allows the dynamodb:GetRecords action", ShardIterator=iterator)

    status, deleted = policy_call(srv, "DeleteResourcePolicy", arn)
    assert status == 200 and deleted["RevisionId"] == changed["RevisionId"], deleted
    status, none = policy_call(srv, "GetResourcePolicy", arn)
    assert (status, none["__type"].split("#")[-1], none["message"]) == (
        400, "PolicyNotFoundException",
        f"Resource-based policy not found for the provided ResourceArn: {arn}"), none
    expect_error(partner.describe_stream, "AccessDeniedException", StreamArn=arn)

    # A stream that never was, of a table that never was, is named as the stream.
    never = "arn:aws:dynamodb:us-east-1:123456789012:table/Nowhere/stream/2020-01-01T00:00:00.000"
    for operation, members in (("GetResourcePolicy", {}), ("DeleteResourcePolicy", {}),
                               ("PutResourcePolicy", {"Policy": partner_stream_reads(never)})):
        status, answer = policy_call(srv, operation, never, **members)
        assert (status, answer["__type"].split("#")[-1], answer["message"]) == (
            400, "ResourceNotFoundException", "Requested resource not found: Stream: "
            "2020-01-01T00:00:00.000 not found for Table: Nowhere"), (operation, answer)
