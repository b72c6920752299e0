"""DynamoDB Streams on the control plane: StreamSpecification on CreateTable and
UpdateTable with DynamoDB's validation, DescribeTable's stream members, disable and
re-enable, ListStreams and DescribeStream (boto3 and the AWS CLI)."""

import json
import re
import shutil
import subprocess

import pytest

from mtutil import create_table, delete_table_quietly, expect_error, unique_name
from streams_common import create_streamed_table, read_stream, shards_of, streams_client

LABEL = r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}"


@pytest.fixture(scope="module")
def streams(server):
    return streams_client(server.endpoint)


@pytest.fixture
def plain(ddb):
    name = unique_name("plain")
    create_table(ddb, name, range_type=None, billing="PAY_PER_REQUEST")
    yield name
    delete_table_quietly(ddb, name)


def enable(ddb, table, view="NEW_IMAGE"):
    return ddb.update_table(TableName=table, StreamSpecification={
        "StreamEnabled": True, "StreamViewType": view})["TableDescription"]


def disable(ddb, table):
    return ddb.update_table(TableName=table,
                            StreamSpecification={"StreamEnabled": False})["TableDescription"]


def test_create_table_with_a_stream_describes_it(ddb, streams):
    name, arn = create_streamed_table(ddb, "KEYS_ONLY")
    try:
        table = ddb.describe_table(TableName=name)["Table"]
        assert table["StreamSpecification"] == {"StreamEnabled": True,
                                                "StreamViewType": "KEYS_ONLY"}
        assert table["LatestStreamArn"] == arn
        assert re.fullmatch(LABEL, table["LatestStreamLabel"])
        assert arn == (f"arn:aws:dynamodb:us-east-1:000000000000:table/{name}/stream/"
                       f"{table['LatestStreamLabel']}")
        description = streams.describe_stream(StreamArn=arn)["StreamDescription"]
        assert description["StreamStatus"] == "ENABLED"
        assert description["StreamViewType"] == "KEYS_ONLY"
        assert description["TableName"] == name
        assert description["StreamLabel"] == table["LatestStreamLabel"]
        assert description["KeySchema"] == [{"AttributeName": "PK", "KeyType": "HASH"}]
        for shard in description["Shards"]:
            assert 28 <= len(shard["ShardId"]) <= 65
            assert re.fullmatch(r"shardId-\d{20}-[0-9a-f]{8}", shard["ShardId"])
            assert "EndingSequenceNumber" not in shard["SequenceNumberRange"]
    finally:
        delete_table_quietly(ddb, name)


def test_a_table_without_a_stream_shows_none(ddb, plain, streams):
    table = ddb.describe_table(TableName=plain)["Table"]
    for member in ("StreamSpecification", "LatestStreamArn", "LatestStreamLabel"):
        assert member not in table
    assert streams.list_streams(TableName=plain)["Streams"] == []


def test_create_table_with_stream_disabled_has_none(ddb):
    name = unique_name("off")
    ddb.create_table(TableName=name, BillingMode="PAY_PER_REQUEST",
                     AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"}],
                     KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}],
                     StreamSpecification={"StreamEnabled": False})
    try:
        assert "StreamSpecification" not in ddb.describe_table(TableName=name)["Table"]
    finally:
        delete_table_quietly(ddb, name)


def test_stream_specification_validation(ddb, plain):
    invalid = "One or more parameter values were invalid: "
    expect_error(ddb.update_table, "ValidationException",
                 invalid + "If stream is being enabled then UpdateViewType is required",
                 TableName=plain, StreamSpecification={"StreamEnabled": True})
    expect_error(ddb.update_table, "ValidationException",
                 "Table has no stream to disable: TableName: " + plain,
                 TableName=plain, StreamSpecification={"StreamEnabled": False})
    expect_error(ddb.update_table, "ValidationException",
                 invalid + "If stream is being disabled, then UpdateViewType must not be "
                 "specified", TableName=plain,
                 StreamSpecification={"StreamEnabled": False, "StreamViewType": "KEYS_ONLY"})
    err = expect_error(ddb.update_table, "ValidationException", TableName=plain,
                       StreamSpecification={"StreamEnabled": True, "StreamViewType": "ALL"})
    assert "Member must satisfy enum value set: [NEW_IMAGE, OLD_IMAGE, NEW_AND_OLD_IMAGES, " \
           "KEYS_ONLY]" in err["Message"]
    err = expect_error(ddb.update_table, "ValidationException", TableName=plain,
                       StreamSpecification={"StreamViewType": "KEYS_ONLY"})
    assert "streamSpecification.streamEnabled" in err["Message"]
    enable(ddb, plain, "NEW_IMAGE")
    for view in ("NEW_IMAGE", "OLD_IMAGE"):  # re-enabling, or changing the view in place
        expect_error(ddb.update_table, "ValidationException",
                     "Table already has an enabled stream: TableName: " + plain,
                     TableName=plain,
                     StreamSpecification={"StreamEnabled": True, "StreamViewType": view})


def test_create_table_refuses_an_incomplete_specification(ddb):
    # CreateTable's own wording: nubo-db/dynoxide#115 (from AWS) and ack-api-quirks'
    # CreateTable StreamSpecification finding (probed live).
    expect_error(ddb.create_table, "ValidationException",
                 "One or more parameter values were invalid: Table is being created with a "
                 "stream enabled, UpdateViewType is required",
                 TableName=unique_name("bad"), BillingMode="PAY_PER_REQUEST",
                 AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"}],
                 KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}],
                 StreamSpecification={"StreamEnabled": True})


def test_disable_then_re_enable_makes_a_new_stream(ddb, plain, streams):
    first = enable(ddb, plain, "NEW_IMAGE")
    first_arn = first["LatestStreamArn"]
    assert first["StreamSpecification"]["StreamViewType"] == "NEW_IMAGE"
    ddb.put_item(TableName=plain, Item={"PK": {"S": "one"}})
    off = disable(ddb, plain)
    assert "StreamSpecification" not in off
    assert off["LatestStreamArn"] == first_arn  # the latest stream stays named
    ddb.put_item(TableName=plain, Item={"PK": {"S": "unseen"}})  # no stream: no record
    old = streams.describe_stream(StreamArn=first_arn)["StreamDescription"]
    assert old["StreamStatus"] == "DISABLED"
    assert all("EndingSequenceNumber" in s["SequenceNumberRange"] for s in old["Shards"])

    second = enable(ddb, plain, "OLD_IMAGE")
    second_arn = second["LatestStreamArn"]
    assert second_arn != first_arn
    assert second["LatestStreamLabel"] > first["LatestStreamLabel"]
    ddb.put_item(TableName=plain, Item={"PK": {"S": "one"}, "v": {"S": "x"}})
    # The old stream is still readable, with only what it saw; the new one has its own.
    assert [r["dynamodb"]["Keys"]["PK"]["S"] for r in read_stream(streams, first_arn)] == ["one"]
    [record] = read_stream(streams, second_arn)
    assert record["eventName"] == "MODIFY"
    assert record["dynamodb"]["OldImage"] == {"PK": {"S": "one"}}
    listed = streams.list_streams(TableName=plain)["Streams"]
    assert [s["StreamArn"] for s in listed] == [first_arn, second_arn]
    assert all(s["TableName"] == plain for s in listed)


def test_delete_table_disables_its_stream(ddb, streams):
    name, arn = create_streamed_table(ddb, "KEYS_ONLY")
    ddb.put_item(TableName=name, Item={"PK": {"S": "k"}})
    ddb.delete_table(TableName=name)
    description = streams.describe_stream(StreamArn=arn)["StreamDescription"]
    assert description["StreamStatus"] == "DISABLED"
    assert len(read_stream(streams, arn)) == 1


def test_list_streams_pages(ddb, streams):
    names = [create_streamed_table(ddb, "KEYS_ONLY")[0] for _ in range(3)]
    try:
        seen, start = [], None
        while True:
            kwargs = {"Limit": 1}
            if start:
                kwargs["ExclusiveStartStreamArn"] = start
            page = streams.list_streams(**kwargs)
            assert len(page["Streams"]) <= 1
            seen += [s["TableName"] for s in page["Streams"]]
            start = page.get("LastEvaluatedStreamArn")
            if not start:
                break
        assert all(name in seen for name in names)
    finally:
        for name in names:
            delete_table_quietly(ddb, name)


def test_describe_stream_pages_shards(ddb, streams):
    name, arn = create_streamed_table(ddb, "KEYS_ONLY")
    try:
        shards = shards_of(streams, arn)
        assert len(shards) >= 2  # an on-demand table starts with several partitions
        first = streams.describe_stream(StreamArn=arn, Limit=1)["StreamDescription"]
        assert first["Shards"] == shards[:1]
        assert first["LastEvaluatedShardId"] == shards[0]["ShardId"]
        rest = streams.describe_stream(StreamArn=arn, ExclusiveStartShardId=shards[0]["ShardId"])
        assert rest["StreamDescription"]["Shards"] == shards[1:]
    finally:
        delete_table_quietly(ddb, name)


def test_streams_api_errors(ddb, streams):
    missing = ("arn:aws:dynamodb:us-east-1:000000000000:table/nothere/stream/"
               "2020-01-01T00:00:00.000")
    expect_error(streams.describe_stream, "ResourceNotFoundException",
                 f"Requested resource not found: Stream: {missing} not found", StreamArn=missing)
    expect_error(streams.get_shard_iterator, "ResourceNotFoundException", StreamArn=missing,
                 ShardId="shardId-00000000000000000000-00000000",
                 ShardIteratorType="TRIM_HORIZON")
    expect_error(streams.describe_stream, "ValidationException", "Invalid StreamArn",
                 StreamArn="arn:aws:dynamodb:us-east-1:000000000000:tablexx/nothere")
    err = expect_error(streams.describe_stream, "ValidationException", StreamArn=missing,
                       Limit=0)
    assert "Member must have value greater than or equal to 1" in err["Message"]
    err = expect_error(streams.list_streams, "ValidationException", Limit=101)
    assert "Member must have value less than or equal to 100" in err["Message"]
    expect_error(streams.get_records, "ValidationException", "Invalid ShardIterator",
                 ShardIterator="not-an-iterator")
    err = expect_error(streams.get_records, "ValidationException",
                       ShardIterator="x", Limit=1001)
    assert "Member must have value less than or equal to 1000" in err["Message"]


def test_aws_cli_reads_a_stream(ddb, server, aws_cli_env):
    exe = shutil.which("aws", path=aws_cli_env.get("PATH"))
    if exe is None:
        pytest.fail("the AWS CLI (aws) is not on PATH", pytrace=False)

    def cli(*args):
        proc = subprocess.run([exe, "--endpoint-url", server.endpoint, "dynamodbstreams",
                               *args, "--output", "json"], env=aws_cli_env,
                              capture_output=True, text=True, timeout=60,
                              stdin=subprocess.DEVNULL)
        assert proc.returncode == 0, proc.stderr
        return json.loads(proc.stdout)

    name, arn = create_streamed_table(ddb, "NEW_IMAGE")
    try:
        ddb.put_item(TableName=name, Item={"PK": {"S": "cli"}, "n": {"N": "5"}})
        listed = cli("list-streams", "--table-name", name)["Streams"]
        assert [s["StreamArn"] for s in listed] == [arn]
        shards = cli("describe-stream", "--stream-arn", arn)["StreamDescription"]["Shards"]
        records = []
        for shard in shards:
            iterator = cli("get-shard-iterator", "--stream-arn", arn, "--shard-id",
                           shard["ShardId"], "--shard-iterator-type",
                           "TRIM_HORIZON")["ShardIterator"]
            records += cli("get-records", "--shard-iterator", iterator)["Records"]
        assert [r["dynamodb"]["NewImage"] for r in records] == [
            {"PK": {"S": "cli"}, "n": {"N": "5"}}]
    finally:
        delete_table_quietly(ddb, name)
