"""Helpers of the DynamoDB Streams tests (test_streams_*.py): a `dynamodbstreams`
client, tables with a stream, and reading a whole stream shard by shard."""

import sys

from mtutil import REPO_ROOT, make_client, unique_name

# The consumer example of docs/examples, which a test runs as a user would.
sys.path.insert(0, str(REPO_ROOT / "docs" / "examples"))


def streams_client(endpoint):
    """boto3's dynamodbstreams client; no client-side validation, no retries."""
    return make_client(endpoint, service="dynamodbstreams")


def create_streamed_table(ddb, view="NEW_AND_OLD_IMAGES", range_key=False, name=None,
                          throughput=None):
    """An on-demand table (or provisioned: throughput=(r, w)) with a stream of `view`;
    PK (S) and, with range_key, SK (S). Returns (table name, stream ARN)."""
    name = name or unique_name("strm")
    attrs = [{"AttributeName": "PK", "AttributeType": "S"}]
    keys = [{"AttributeName": "PK", "KeyType": "HASH"}]
    if range_key:
        attrs.append({"AttributeName": "SK", "AttributeType": "S"})
        keys.append({"AttributeName": "SK", "KeyType": "RANGE"})
    kwargs = dict(TableName=name, AttributeDefinitions=attrs, KeySchema=keys,
                  StreamSpecification={"StreamEnabled": True, "StreamViewType": view})
    if throughput:
        kwargs["ProvisionedThroughput"] = {"ReadCapacityUnits": throughput[0],
                                           "WriteCapacityUnits": throughput[1]}
    else:
        kwargs["BillingMode"] = "PAY_PER_REQUEST"
    description = ddb.create_table(**kwargs)["TableDescription"]
    return name, description["LatestStreamArn"]


def shards_of(streams, arn):
    """Every shard of the stream, all DescribeStream pages."""
    shards, start = [], None
    while True:
        kwargs = {"StreamArn": arn}
        if start:
            kwargs["ExclusiveStartShardId"] = start
        description = streams.describe_stream(**kwargs)["StreamDescription"]
        shards += description["Shards"]
        start = description.get("LastEvaluatedShardId")
        if not start:
            return shards


def read_shard(streams, arn, shard_id, iterator_type="TRIM_HORIZON", **kwargs):
    """The records of one shard from `iterator_type` as far as they go now."""
    iterator = streams.get_shard_iterator(StreamArn=arn, ShardId=shard_id,
                                          ShardIteratorType=iterator_type,
                                          **kwargs)["ShardIterator"]
    records = []
    while iterator:
        page = streams.get_records(ShardIterator=iterator)
        records += page["Records"]
        iterator = page.get("NextShardIterator")
        if not page["Records"]:
            break
    return records


def read_stream(streams, arn):
    """Every record of the stream, shard by shard in DescribeStream's order (parents
    before children)."""
    records = []
    for shard in shards_of(streams, arn):
        records += read_shard(streams, arn, shard["ShardId"])
    return records


def summary(records):
    """(eventName, key PK, NewImage, OldImage) of each record, images as given."""
    return [(r["eventName"], r["dynamodb"]["Keys"]["PK"]["S"], r["dynamodb"].get("NewImage"),
             r["dynamodb"].get("OldImage")) for r in records]
