"""Testcontainers for Python against the monotable image, the usual recipe for
amazon/dynamodb-local with only the image name changed (MONOTABLE_IMAGE): a
DockerContainer, wait_for_logs on DynamoDB Local's banner, then boto3.

Also the banner line by line, on stdout and not stderr (where the Rust module,
docker/testcontainers/rust, waits for its first line), and the contract of the module
that cannot run here (no .NET SDK): Testcontainers for .NET's `Testcontainers.DynamoDb`
waits until `GET /` on port 8000 answers 400."""

import http.client
import os

import boto3
import pytest
from testcontainers.core.container import DockerContainer
from testcontainers.core.wait_strategies import LogMessageWaitStrategy
from testcontainers.core.waiting_utils import wait_for_logs

IMAGE = os.environ.get("MONOTABLE_IMAGE", "monotable:latest")
BANNER = "Initializing DynamoDB Local with the following configuration:"


@pytest.fixture
def container():
    c = DockerContainer(IMAGE).with_exposed_ports(8000).with_command(
        "-jar DynamoDBLocal.jar -inMemory -sharedDb")
    c.start()
    try:
        wait_for_logs(c, BANNER, timeout=30)
        yield c
    finally:
        c.stop()


def endpoint(c):
    return f"http://{c.get_container_host_ip()}:{c.get_exposed_port(8000)}"


def test_wait_for_logs_then_boto3(container):
    db = boto3.client("dynamodb", endpoint_url=endpoint(container), region_name="us-east-1",
                      aws_access_key_id="dummy", aws_secret_access_key="dummy")
    db.create_table(TableName="orders",
                    AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"},
                                          {"AttributeName": "sk", "AttributeType": "N"}],
                    KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"},
                               {"AttributeName": "sk", "KeyType": "RANGE"}],
                    BillingMode="PAY_PER_REQUEST")
    db.get_waiter("table_exists").wait(TableName="orders")
    for sk in ("1", "2"):
        db.put_item(TableName="orders", Item={"pk": {"S": "customer#1"}, "sk": {"N": sk}})
    out = db.query(TableName="orders", KeyConditionExpression="pk = :pk AND sk > :min",
                   ExpressionAttributeValues={":pk": {"S": "customer#1"}, ":min": {"N": "1"}})
    assert out["Count"] == 1 and out["Items"][0]["sk"] == {"N": "2"}
    print("proved: DockerContainer + wait_for_logs(banner), then create_table, put_item, "
          "query with boto3")


def test_structured_log_wait_strategy():
    """4.x's newer form of the same wait: waiting_for(LogMessageWaitStrategy(...))."""
    with DockerContainer(IMAGE).with_exposed_ports(8000).with_command(
            "-jar DynamoDBLocal.jar -inMemory").waiting_for(LogMessageWaitStrategy(BANNER)) as c:
        db = boto3.client("dynamodb", endpoint_url=endpoint(c), region_name="us-east-1",
                          aws_access_key_id="dummy", aws_secret_access_key="dummy")
        assert db.list_tables()["TableNames"] == []
    print("proved: DockerContainer.waiting_for(LogMessageWaitStrategy(banner)), then boto3")


def test_banner_on_stdout_in_dynamodb_locals_lines(container):
    stdout, stderr = container.get_logs()
    stdout = stdout.decode()
    assert stdout.startswith(BANNER + "\nPort:\t8000\nInMemory:\ttrue\nVersion:\tmonotable\n"
                             "DbPath:\tnull\nSharedDb:\ttrue\n"
                             "shouldDelayTransientStatuses:\tfalse\nCorsParams:\tnull\n\n"), stdout
    assert BANNER not in stderr.decode()
    print("proved: the banner is on stdout (not stderr), in DynamoDB Local's lines with the "
          "values in force")


def test_dotnet_module_contract_get_root_is_400(container):
    conn = http.client.HTTPConnection(container.get_container_host_ip(),
                                      int(container.get_exposed_port(8000)), timeout=5)
    conn.request("GET", "/")
    resp = conn.getresponse()
    body = resp.read()
    conn.close()
    assert resp.status == 400
    assert resp.getheader("Content-Type") == "application/x-amz-json-1.0"
    assert body == (b'{"__type":"com.amazonaws.dynamodb.v20120810#MissingAuthenticationToken",'
                    b'"Message":"Request must contain either a valid (registered) AWS access '
                    b'key ID or X.509 certificate."}')
    print("proved: GET / answers 400 with DynamoDB Local's body, what Testcontainers for .NET "
          "waits for")
