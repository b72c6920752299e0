"""DescribeLimits and DescribeEndpoints: DynamoDB's default quotas and its regional
endpoint, with boto3 and the AWS CLI."""

from mtutil import make_client

LIMITS = {"AccountMaxReadCapacityUnits": 80000, "AccountMaxWriteCapacityUnits": 80000,
          "TableMaxReadCapacityUnits": 40000, "TableMaxWriteCapacityUnits": 40000}


def test_describe_limits(ddb, aws_cli):
    out = ddb.describe_limits()
    out.pop("ResponseMetadata")
    assert out == LIMITS
    rc, cli = aws_cli("describe-limits")
    assert (rc, cli) == (0, LIMITS)


def test_describe_endpoints_names_the_regional_endpoint(ddb, server, aws_cli):
    out = ddb.describe_endpoints()
    assert out["Endpoints"] == [{"Address": "dynamodb.us-east-1.amazonaws.com",
                                 "CachePeriodInMinutes": 1440}]
    eu = make_client(server.endpoint, region="eu-west-1")
    assert eu.describe_endpoints()["Endpoints"][0]["Address"] == "dynamodb.eu-west-1.amazonaws.com"
    rc, cli = aws_cli("describe-endpoints")
    assert rc == 0 and cli["Endpoints"] == out["Endpoints"]
