"""Step 8 of tests/sdk/README.md with boto3 against `monotable --throughput enforce`:
the typed ProvisionedThroughputExceededException with its ThrottlingReasons (botocore
merges the error's modeled members into the response), and boto3's default retries
(standard mode in botocore 1.44)."""

import pytest

HOT = "Hot_python"


@pytest.fixture(scope="module")
def hot_table(throttled):
    throttled.create_table(TableName=HOT, BillingMode="PROVISIONED",
                           AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"}],
                           KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}],
                           ProvisionedThroughput={"ReadCapacityUnits": 1, "WriteCapacityUnits": 1})
    throttled.get_waiter("table_exists").wait(TableName=HOT)
    return HOT


def write(client, n):
    return client.put_item(TableName=HOT, Item={"PK": {"S": "hot"}, "n": {"N": str(n)}})


def expect_throttled(error):
    assert error.response["Error"]["Code"] == "ProvisionedThroughputExceededException"
    assert error.response["ResponseMetadata"]["HTTPStatusCode"] == 400
    assert error.response["ThrottlingReasons"] == [{
        "reason": "TableWriteProvisionedThroughputExceeded",
        "resource": f"arn:aws:dynamodb:us-east-1:000000000000:table/{HOT}"}]


def test_without_retries_the_exception_reaches_the_caller(hot_table, throttled_once):
    for n in range(50):
        try:
            write(throttled_once, n)
        except throttled_once.exceptions.ProvisionedThroughputExceededException as e:
            expect_throttled(e)
            assert e.response["ResponseMetadata"]["RetryAttempts"] == 0
            return
    pytest.fail("50 writes to a WCU-1 table and none was throttled")


def test_the_default_retries_resend_until_a_write_goes_through(hot_table, throttled):
    # One write a second is allowed: boto3 backs off and resends throttled writes; within
    # the bound one goes through after a retry.
    for n in range(20):
        try:
            response = write(throttled, n)
        except throttled.exceptions.ProvisionedThroughputExceededException as e:
            expect_throttled(e)
            assert e.response["ResponseMetadata"]["RetryAttempts"] > 0
            continue
        if response["ResponseMetadata"]["RetryAttempts"] > 0:
            return
    pytest.fail("20 writes and none went through after a retry")
