"""Clients for the servers that tests/sdk/with_servers.py started (endpoints and
credentials in the environment): boto3 as an application configures it, with the
endpoint override and otherwise the SDK's defaults."""

import os

import boto3
import botocore.config
import pytest


def endpoint(variable):
    value = os.environ.get(variable)
    if not value:
        pytest.fail(f"{variable} is not set: run the tests through tests/sdk/python/run.sh",
                    pytrace=False)
    return value


@pytest.fixture(scope="session")
def client():
    return boto3.client("dynamodb", endpoint_url=endpoint("MONOTABLE_ENDPOINT"))


@pytest.fixture(scope="session")
def streams():
    return boto3.client("dynamodbstreams", endpoint_url=endpoint("MONOTABLE_ENDPOINT"))


@pytest.fixture(scope="session")
def throttled():
    """The --throughput enforce server, with boto3's default retries."""
    return boto3.client("dynamodb", endpoint_url=endpoint("MONOTABLE_THROTTLED_ENDPOINT"))


@pytest.fixture(scope="session")
def throttled_once():
    """The same server, retries off: every error reaches the caller."""
    return boto3.client("dynamodb", endpoint_url=endpoint("MONOTABLE_THROTTLED_ENDPOINT"),
                        config=botocore.config.Config(retries={"total_max_attempts": 1}))
