"""Transient statuses (docs/REALISM.md) with boto3: a table CREATING for its delay,
refusing item requests with ResourceNotFoundException, then ACTIVE, with the SDK's
table_exists waiter waiting through it; DELETING until gone (table_not_exists), listed
meanwhile; UPDATING, refusing a second UpdateTable; a GSI
CREATING and Backfilling, unreadable, then ACTIVE; the production profile and DynamoDB
Local's -delayTransientStatuses. Each test starts its own server with its delays."""

import time

import pytest

from mtutil import create_table, key_schema, make_client, unique_name

FAST_WAITER = {"Delay": 1, "MaxAttempts": 30}


def status(ddb, name):
    return ddb.describe_table(TableName=name)["Table"]["TableStatus"]


def test_off_by_default(ddb):
    name = unique_name("active")
    answer = create_table(ddb, name)
    assert answer["TableDescription"]["TableStatus"] == "ACTIVE"


def test_a_waiter_waits_through_creating(server_factory):
    srv = server_factory(in_memory=True, extra=["--create-table-delay", "1.5"])
    ddb = make_client(srv.endpoint)
    name = unique_name("creating")
    answer = create_table(ddb, name)
    assert answer["TableDescription"]["TableStatus"] == "CREATING"
    assert status(ddb, name) == "CREATING"
    with pytest.raises(ddb.exceptions.ResourceNotFoundException) as e:
        ddb.put_item(TableName=name, Item={"PK": {"S": "a"}, "SK": {"S": "b"}})
    assert e.value.response["Error"]["Message"] == "Requested resource not found"
    with pytest.raises(ddb.exceptions.ResourceInUseException) as e:
        ddb.delete_table(TableName=name)
    assert e.value.response["Error"]["Message"] == (
        f"Attempt to change a resource which is still in use: Table is being created: {name}")
    start = time.monotonic()
    ddb.get_waiter("table_exists").wait(TableName=name, WaiterConfig=FAST_WAITER)
    assert time.monotonic() - start >= 1  # the waiter saw CREATING at least once more
    assert status(ddb, name) == "ACTIVE"
    ddb.put_item(TableName=name, Item={"PK": {"S": "a"}, "SK": {"S": "b"}})


def test_deleting_until_gone(server_factory):
    srv = server_factory(in_memory=True, extra=["--delete-table-delay", "1.5"])
    ddb = make_client(srv.endpoint)
    name = unique_name("deleting")
    create_table(ddb, name)
    answer = ddb.delete_table(TableName=name)
    assert answer["TableDescription"]["TableStatus"] == "DELETING"
    assert status(ddb, name) == "DELETING"
    with pytest.raises(ddb.exceptions.ResourceInUseException):
        create_table(ddb, name)
    # Listed while DELETING, as DynamoDB lists it until its deletion completes; a second
    # DeleteTable is no error ("If table is already in the DELETING state, no error is
    # returned").
    assert name in ddb.list_tables()["TableNames"]
    again = ddb.delete_table(TableName=name)
    assert again["TableDescription"]["TableStatus"] == "DELETING"
    ddb.get_waiter("table_not_exists").wait(TableName=name, WaiterConfig=FAST_WAITER)
    with pytest.raises(ddb.exceptions.ResourceNotFoundException):
        ddb.describe_table(TableName=name)
    assert name not in ddb.list_tables()["TableNames"]
    create_table(ddb, name)  # the name is free again


def test_updating_refuses_a_second_update(server_factory):
    srv = server_factory(in_memory=True, extra=["--update-table-delay", "1.5"])
    ddb = make_client(srv.endpoint)
    name = unique_name("updating")
    create_table(ddb, name)
    answer = ddb.update_table(TableName=name, ProvisionedThroughput={
        "ReadCapacityUnits": 6, "WriteCapacityUnits": 5})
    assert answer["TableDescription"]["TableStatus"] == "UPDATING"
    in_use = f"Attempt to change a resource which is still in use: Table is being updated: {name}"
    # "While it's UPDATING, you can't issue another UpdateTable request."
    with pytest.raises(ddb.exceptions.ResourceInUseException) as e:
        ddb.update_table(TableName=name, ProvisionedThroughput={
            "ReadCapacityUnits": 7, "WriteCapacityUnits": 5})
    assert e.value.response["Error"]["Message"] == in_use
    with pytest.raises(ddb.exceptions.ResourceInUseException) as e:
        ddb.delete_table(TableName=name)
    assert e.value.response["Error"]["Message"] == in_use
    ddb.put_item(TableName=name, Item={"PK": {"S": "a"}, "SK": {"S": "b"}})  # still served
    ddb.get_waiter("table_exists").wait(TableName=name, WaiterConfig=FAST_WAITER)  # ACTIVE
    ddb.update_table(TableName=name, ProvisionedThroughput={
        "ReadCapacityUnits": 7, "WriteCapacityUnits": 5})


def test_a_new_index_is_creating_and_backfilling(server_factory):
    srv = server_factory(in_memory=True, extra=["--create-index-delay", "1.5",
                                                "--update-table-delay", "0.5"])
    ddb = make_client(srv.endpoint)
    name = unique_name("gsi")
    create_table(ddb, name, billing="PAY_PER_REQUEST")
    ddb.put_item(TableName=name, Item={"PK": {"S": "a"}, "SK": {"S": "b"}, "g": {"S": "x"}})
    answer = ddb.update_table(
        TableName=name, AttributeDefinitions=[{"AttributeName": "g", "AttributeType": "S"}],
        GlobalSecondaryIndexUpdates=[{"Create": {
            "IndexName": "byG", "KeySchema": key_schema("g"),
            "Projection": {"ProjectionType": "ALL"}}}])
    assert answer["TableDescription"]["TableStatus"] == "UPDATING"
    (index,) = ddb.describe_table(TableName=name)["Table"]["GlobalSecondaryIndexes"]
    assert index["IndexStatus"] == "CREATING" and index["Backfilling"] is True
    with pytest.raises(ddb.exceptions.ClientError) as e:
        ddb.query(TableName=name, IndexName="byG", KeyConditionExpression="g = :g",
                  ExpressionAttributeValues={":g": {"S": "x"}})
    assert e.value.response["Error"]["Message"] == (
        "Cannot read from backfilling global secondary index: byG")
    deadline = time.monotonic() + 30
    while status(ddb, name) != "ACTIVE" and time.monotonic() < deadline:
        time.sleep(0.2)
    (index,) = ddb.describe_table(TableName=name)["Table"]["GlobalSecondaryIndexes"]
    assert index["IndexStatus"] == "ACTIVE" and "Backfilling" not in index
    found = ddb.query(TableName=name, IndexName="byG", KeyConditionExpression="g = :g",
                      ExpressionAttributeValues={":g": {"S": "x"}})
    assert found["Count"] == 1


def test_profile_and_dynamodb_local_flag(server_factory):
    srv = server_factory(in_memory=True, extra=["--profile", "production",
                                                "--create-table-delay", "0.2"])
    ddb = make_client(srv.endpoint)
    name = unique_name("profiled")
    assert create_table(ddb, name)["TableDescription"]["TableStatus"] == "CREATING"
    ddb.get_waiter("table_exists").wait(TableName=name, WaiterConfig=FAST_WAITER)
    # The profile's other delays stay on: DELETING for a while.
    assert ddb.delete_table(TableName=name)["TableDescription"]["TableStatus"] == "DELETING"
    assert status(ddb, name) == "DELETING"

    local = server_factory(in_memory=True, extra=["-delayTransientStatuses"])
    ddb = make_client(local.endpoint)
    name = unique_name("local")
    # As DynamoDB Local's: only the index statuses are delayed.
    assert create_table(ddb, name)["TableDescription"]["TableStatus"] == "ACTIVE"
    answer = ddb.update_table(
        TableName=name, AttributeDefinitions=[{"AttributeName": "g", "AttributeType": "S"}],
        GlobalSecondaryIndexUpdates=[{"Create": {
            "IndexName": "byG", "KeySchema": key_schema("g"),
            "Projection": {"ProjectionType": "ALL"},
            "ProvisionedThroughput": {"ReadCapacityUnits": 1, "WriteCapacityUnits": 1}}}])
    (index,) = answer["TableDescription"]["GlobalSecondaryIndexes"]
    assert index["IndexStatus"] == "CREATING"
    (index,) = ddb.describe_table(TableName=name)["Table"]["GlobalSecondaryIndexes"]
    assert index["IndexStatus"] == "CREATING" and index["Backfilling"] is True
