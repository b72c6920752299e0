"""Throughput enforcement (--throughput enforce): DynamoDB's throttling errors with their
ThrottlingReasons, batches handing back throttled entries, transactions cancelled, and
observe mode (the default) never throttling the same load. Loops are bounded in count."""
import boto3
import botocore.config
import pytest
from botocore.exceptions import ClientError

from mtutil import (ACCESS_KEY, REGION, SECRET_KEY, create_table, make_client, raw_post,
                    unique_name)

ATTEMPTS = 50  # a WCU-1 table refuses the second write within a second; 50 is plenty


@pytest.fixture
def enforce(server_factory):
    return server_factory(in_memory=True, extra=["--throughput", "enforce"])


def put(client, table, pk, i=0):
    client.put_item(TableName=table, Item={"PK": {"S": pk}, "n": {"N": str(i)}})


def hammer(client, table, pk):
    """Writes one key until a write is refused; returns the ClientError (or None)."""
    for i in range(ATTEMPTS):
        try:
            put(client, table, pk, i)
        except ClientError as e:
            return e
    return None


def test_a_throttled_write_shows_its_throttling_reasons(enforce):
    client = make_client(enforce.endpoint)
    name = unique_name()
    create_table(client, name, range_type=None, rcu=1, wcu=1)
    error = hammer(client, name, "hot")
    assert error is not None, "a WCU-1 table never throttled"
    assert error.response["Error"]["Code"] == "ProvisionedThroughputExceededException"
    assert "provisioned throughput for the table was exceeded" in error.response["Error"]["Message"]
    # botocore >= 1.38 models the member and exposes it as e.response["ThrottlingReasons"];
    # older ones drop unmodelled members, so the wire body is checked as well.
    expected = {"reason": "TableWriteProvisionedThroughputExceeded",
                "resource": f"arn:aws:dynamodb:{REGION}:000000000000:table/{name}"}
    if "ThrottlingReasons" in error.response:
        assert error.response["ThrottlingReasons"][0] == expected
    body = {"TableName": name, "Item": {"PK": {"S": "hot"}}}
    for _ in range(ATTEMPTS):
        raw = raw_post(enforce.port, "PutItem", body)
        if raw.status == 400:
            break
    assert raw.error_type() == "ProvisionedThroughputExceededException"
    assert raw.json()["__type"] == (
        "com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException")
    assert raw.json()["ThrottlingReasons"] == [expected]


def test_batch_write_returns_unprocessed_items_and_batch_writer_finishes(enforce):
    client = make_client(enforce.endpoint)
    name = unique_name()
    create_table(client, name, range_type=None, rcu=5, wcu=5)
    items = [{"PutRequest": {"Item": {"PK": {"S": f"k{i}"}}}} for i in range(25)]
    result = client.batch_write_item(RequestItems={name: items})
    unprocessed = result["UnprocessedItems"].get(name, [])
    assert 0 < len(unprocessed) < 25
    assert all("PutRequest" in u for u in unprocessed)
    # boto3's batch_writer resends UnprocessedItems; standard retry mode backs off on the
    # throttling errors of batches that could do nothing.
    resource = boto3.resource(
        "dynamodb", endpoint_url=enforce.endpoint, region_name=REGION,
        aws_access_key_id=ACCESS_KEY, aws_secret_access_key=SECRET_KEY,
        config=botocore.config.Config(retries={"mode": "standard", "max_attempts": 10}))
    table = resource.Table(name)
    with table.batch_writer() as writer:
        for i in range(30):
            writer.put_item(Item={"PK": f"w{i}"})
    count = 0
    scan = {"TableName": name, "Select": "COUNT"}
    for _ in range(100):  # reads are throttled too (RCU 5): retry the pages
        try:
            page = client.scan(**scan)
        except ClientError as e:
            assert e.response["Error"]["Code"] == "ProvisionedThroughputExceededException"
            continue
        count += page["Count"]
        if "LastEvaluatedKey" not in page:
            break
        scan["ExclusiveStartKey"] = page["LastEvaluatedKey"]
    assert count == 30 + 25 - len(unprocessed)


def test_a_throttled_transaction_is_cancelled(enforce):
    client = make_client(enforce.endpoint)
    name = unique_name()
    create_table(client, name, range_type=None, rcu=1, wcu=1)
    error = None
    for i in range(ATTEMPTS):
        try:
            client.transact_write_items(TransactItems=[
                {"Put": {"TableName": name, "Item": {"PK": {"S": f"t{i}"}}}}])
        except ClientError as e:
            error = e
            break
    assert error is not None
    assert error.response["Error"]["Code"] == "TransactionCanceledException"
    codes = [r["Code"] for r in error.response["CancellationReasons"]]
    # A provisioned table's reason (API Reference, TransactionCanceledException); an
    # on-demand table's is ThrottlingError.
    assert codes == ["ProvisionedThroughputExceeded"]


def test_observe_mode_never_throttles(server_factory):
    observe = server_factory(in_memory=True)
    client = make_client(observe.endpoint)
    name = unique_name()
    create_table(client, name, range_type=None, rcu=1, wcu=1)
    assert hammer(client, name, "hot") is None
