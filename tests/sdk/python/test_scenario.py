"""The single-table scenario of tests/sdk/README.md, steps 1 to 7 and 9, with boto3 and
PynamoDB: PynamoDB models for the entities (writes, reads, index queries, the batch
helper, transactions), boto3 for its waiter, paginator, typed exceptions and the
DynamoDB Streams client. The steps run in order and build on each other. Step 8 is in
test_throttling.py."""

import time

import boto3
import pytest
from boto3.dynamodb.types import TypeDeserializer
from pynamodb.connection import Connection
from pynamodb.exceptions import TransactWriteError
from pynamodb.transactions import TransactWrite

from shop_models import (C001, TABLE, Customer, Order, OrderItem, ShopItem, customer,
                         order, seed_items)

WRITTEN = [(i.PK, i.SK) for i in seed_items()]


def sort_keys(items):
    """The SK of each item: PynamoDB model instances, or boto3's raw items."""
    return [i.SK if isinstance(i, ShopItem) else i["SK"]["S"] for i in items]


def test_1_create_the_table_and_wait_with_the_waiter(client):
    ShopItem.create_table(wait=False)
    client.get_waiter("table_exists").wait(TableName=TABLE,
                                           WaiterConfig={"Delay": 1, "MaxAttempts": 30})
    table = client.describe_table(TableName=TABLE)["Table"]
    assert table["TableStatus"] == "ACTIVE"
    assert sorted(g["IndexName"] for g in table["GlobalSecondaryIndexes"]) == ["GSI1", "Unpaid"]
    assert table["StreamSpecification"] == {"StreamEnabled": True,
                                            "StreamViewType": "NEW_AND_OLD_IMAGES"}


def test_2_write_the_seed_with_pynamodb_models():
    for item in seed_items():
        item.save()


def test_3_read_back(client):
    profile = ShopItem.get(C001, "PROFILE")
    assert isinstance(profile, Customer)  # the discriminator chose the class
    assert (profile.Name, profile.Email) == ("Nguyen Van A", "a@mail.com")

    april = list(ShopItem.query(C001, ShopItem.SK.startswith("ORDER#2026-04")))
    assert sort_keys(april) == ["ORDER#2026-04-15#O099", "ORDER#2026-04-15#O099#ITEM#1",
                                "ORDER#2026-04-18#O100", "ORDER#2026-04-18#O100#ITEM#1"]
    assert [type(i) for i in april] == [Order, OrderItem, Order, OrderItem]
    between = ShopItem.query(C001, ShopItem.SK.between("ORDER#2026-04-01", "ORDER#2026-04-16"))
    assert sort_keys(between) == ["ORDER#2026-04-15#O099", "ORDER#2026-04-15#O099#ITEM#1"]

    delivered = list(ShopItem.gsi1.query("STATUS#delivered"))
    assert sort_keys(delivered) == ["ORDER#2026-03-30#O098", "ORDER#2026-04-15#O099"]
    assert delivered[1].Total == 350000
    assert [c.Name for c in ShopItem.gsi1.query("EMAIL#a@mail.com")] == ["Nguyen Van A"]
    # KEYS_ONLY: the index gives keys, not the discriminator, so read it as raw items.
    unpaid = client.query(TableName=TABLE, IndexName="Unpaid",
                          KeyConditionExpression="UnpaidGSIPK = :u",
                          ExpressionAttributeValues={":u": {"S": "UNPAID"}})["Items"]
    assert sort_keys(unpaid) == ["ORDER#2026-04-18#O100"]
    assert sorted(unpaid[0]) == ["PK", "SK", "UnpaidGSIPK", "UnpaidGSISK"]

    pages = list(client.get_paginator("query").paginate(
        TableName=TABLE, KeyConditionExpression="PK = :pk",
        ExpressionAttributeValues={":pk": {"S": C001}}, PaginationConfig={"PageSize": 2}))
    assert len(pages) >= 3
    assert all(len(p["Items"]) <= 2 for p in pages)
    assert sort_keys([i for p in pages for i in p["Items"]]) == [
        "ORDER#2026-03-30#O098", "ORDER#2026-04-15#O099", "ORDER#2026-04-15#O099#ITEM#1",
        "ORDER#2026-04-18#O100", "ORDER#2026-04-18#O100#ITEM#1", "PROFILE"]


def test_4_a_failed_conditional_write_returns_the_old_item(client):
    with pytest.raises(client.exceptions.ConditionalCheckFailedException) as failed:
        client.put_item(TableName=TABLE, Item={"PK": {"S": C001}, "SK": {"S": "PROFILE"}},
                        ConditionExpression="attribute_not_exists(PK)",
                        ReturnValuesOnConditionCheckFailure="ALL_OLD")
    response = failed.value.response
    assert response["Error"] == {"Code": "ConditionalCheckFailedException",
                                 "Message": "The conditional request failed"}
    assert response["ResponseMetadata"]["HTTPStatusCode"] == 400
    assert response["Item"]["Name"] == {"S": "Nguyen Van A"}
    assert ShopItem.get(C001, "PROFILE").Name == "Nguyen Van A"


def test_5_a_cancelled_transaction_gives_its_cancellation_reasons(client):
    c002 = customer("C002", "Tran Thi B", "b@mail.com")
    o100 = ShopItem.get(C001, "ORDER#2026-04-18#O100")
    with pytest.raises(TransactWriteError) as cancelled:
        with TransactWrite(connection=Connection(host=ShopItem.Meta.host,
                                                 region=ShopItem.Meta.region)) as transaction:
            transaction.save(order("2026-04-20", "O101", 99000, "processing"),
                             condition=ShopItem.PK.does_not_exist())
            transaction.condition_check(Customer, c002.PK, c002.SK,
                                        condition=Customer.Email == "wrong@mail.com")
            transaction.update(o100, actions=[Order.Status.set("shipped")])
    assert cancelled.value.cause_response_code == "TransactionCanceledException"
    # PynamoDB sends a transaction's condition checks first, then deletes, puts, updates:
    # the reasons follow that order, None for the items that did not fail.
    reasons = cancelled.value.cancellation_reasons
    assert [r and r.code for r in reasons] == ["ConditionalCheckFailed", None, None]

    # boto3 gives the reasons as the wire has them, with the failed check's old item.
    with pytest.raises(client.exceptions.TransactionCanceledException) as raw:
        client.transact_write_items(TransactItems=[
            {"ConditionCheck": {"TableName": TABLE,
                                "Key": {"PK": {"S": c002.PK}, "SK": {"S": "PROFILE"}},
                                "ConditionExpression": "Email = :wrong",
                                "ExpressionAttributeValues": {":wrong": {"S": "wrong@mail.com"}},
                                "ReturnValuesOnConditionCheckFailure": "ALL_OLD"}},
            {"Put": {"TableName": TABLE,
                     "Item": {"PK": {"S": C001}, "SK": {"S": "ORDER#2026-04-20#O101"}}}}])
    wire = raw.value.response["CancellationReasons"]
    assert [r["Code"] for r in wire] == ["ConditionalCheckFailed", "None"]
    assert wire[0]["Item"]["Email"] == {"S": "b@mail.com"}
    with pytest.raises(ShopItem.DoesNotExist):
        ShopItem.get(C001, "ORDER#2026-04-20#O101")
    assert ShopItem.get(C001, "ORDER#2026-04-18#O100").Status == "processing"


def test_6_batch_write_of_30_items_through_the_batch_helpers(client):
    with ShopItem.batch_write() as batch:  # PynamoDB sends 25 at a time
        for n in range(1, 16):
            batch.save(OrderItem("ORDER#O102", f"ITEM#{n:02d}", Product=f"SKU-{n}", Qty=1,
                                 Price=1000 * n))
    table = boto3.resource("dynamodb", endpoint_url=client.meta.endpoint_url).Table(TABLE)
    with table.batch_writer() as batch:  # boto3's helper: 25 a request, resends unprocessed
        for n in range(16, 31):
            batch.put_item(Item={"PK": "ORDER#O102", "SK": f"ITEM#{n:02d}", "Type": "OrderItem",
                                 "Product": f"SKU-{n}", "Qty": 1, "Price": 1000 * n})
    counted = client.query(TableName=TABLE, Select="COUNT", KeyConditionExpression="PK = :pk",
                           ExpressionAttributeValues={":pk": {"S": "ORDER#O102"}})
    assert (counted["Count"], "Items" in counted) == (30, False)
    assert ShopItem.count("ORDER#O102") == 30


def test_7_the_stream_has_step_2s_inserts(client, streams):
    arn = client.describe_table(TableName=TABLE)["Table"]["LatestStreamArn"]
    inserted = []  # (PK, SK) of each INSERT, in stream order
    for shard in streams.describe_stream(StreamArn=arn)["StreamDescription"]["Shards"]:
        iterator = streams.get_shard_iterator(StreamArn=arn, ShardId=shard["ShardId"],
                                              ShardIteratorType="TRIM_HORIZON")["ShardIterator"]
        for _ in range(100):
            page = streams.get_records(ShardIterator=iterator)
            if not page["Records"]:
                break  # the open shard's end, for now
            for r in page["Records"]:
                if r["eventName"] == "INSERT" and "NewImage" in r["dynamodb"]:
                    keys = {k: TypeDeserializer().deserialize(v) for k, v in r["dynamodb"]["Keys"].items()}
                    inserted.append((keys["PK"], keys["SK"]))
            iterator = page.get("NextShardIterator")
            if not iterator:
                break
    # Streams order each item's records, not the table's: compare per partition key.
    for pk in {pk for pk, _ in WRITTEN}:
        assert [k for k in inserted if k[0] == pk] == [k for k in WRITTEN if k[0] == pk]


def test_9_time_to_live_deletes_an_expired_item(client):
    client.update_time_to_live(TableName=TABLE, TimeToLiveSpecification={
        "AttributeName": "ExpiresAt", "Enabled": True})
    status = client.describe_time_to_live(TableName=TABLE)["TimeToLiveDescription"]
    assert status["TimeToLiveStatus"] == "ENABLED"
    client.put_item(TableName=TABLE, Item={"PK": {"S": C001}, "SK": {"S": "CART"},
                                           "ExpiresAt": {"N": str(int(time.time()) - 3600)}})
    deadline = time.monotonic() + 30
    while "Item" in client.get_item(TableName=TABLE, Key={"PK": {"S": C001}, "SK": {"S": "CART"}}):
        assert time.monotonic() < deadline, "the expired item is still there after 30 s"
        time.sleep(0.2)
