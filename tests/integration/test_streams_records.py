"""DynamoDB Streams records: what each write path writes, for every view type and event
name, and DynamoDB's rule that a write that changes nothing writes no record."""

import re

import pytest

from mtutil import delete_table_quietly
from streams_common import create_streamed_table, read_stream, streams_client, summary

VIEWS = ["KEYS_ONLY", "NEW_IMAGE", "OLD_IMAGE", "NEW_AND_OLD_IMAGES"]


@pytest.fixture(scope="module")
def streams(server):
    return streams_client(server.endpoint)


@pytest.fixture
def streamed(ddb):
    """streamed(view, range_key=False) -> (table, stream ARN); tables deleted after."""
    made = []

    def make(view="NEW_AND_OLD_IMAGES", range_key=False):
        name, arn = create_streamed_table(ddb, view, range_key=range_key)
        made.append(name)
        return name, arn

    yield make
    for name in made:
        delete_table_quietly(ddb, name)


def item(pk, **attrs):
    out = {"PK": {"S": pk}}
    out.update({k: {"N": str(v)} for k, v in attrs.items()})
    return out


@pytest.mark.parametrize("view", VIEWS)
def test_every_event_name_with_each_view_type(ddb, streams, streamed, view):
    table, arn = streamed(view)
    ddb.put_item(TableName=table, Item=item("a", v=1))
    ddb.put_item(TableName=table, Item=item("a", v=2))
    ddb.delete_item(TableName=table, Key={"PK": {"S": "a"}})
    records = read_stream(streams, arn)
    assert [r["eventName"] for r in records] == ["INSERT", "MODIFY", "REMOVE"]
    new = view in ("NEW_IMAGE", "NEW_AND_OLD_IMAGES")
    old = view in ("OLD_IMAGE", "NEW_AND_OLD_IMAGES")
    expected_new = [item("a", v=1), item("a", v=2), None]
    expected_old = [None, item("a", v=1), item("a", v=2)]
    for record, want_new, want_old in zip(records, expected_new, expected_old):
        d = record["dynamodb"]
        assert d["Keys"] == {"PK": {"S": "a"}}
        assert d["StreamViewType"] == view
        assert d.get("NewImage") == (want_new if new else None)
        assert d.get("OldImage") == (want_old if old else None)
        assert record["eventSource"] == "aws:dynamodb"
        assert record["eventVersion"] == "1.1"
        assert record["awsRegion"] == "us-east-1"
        assert re.fullmatch(r"[0-9a-f]{32}", record["eventID"])
        assert 21 <= len(d["SequenceNumber"]) <= 40 and d["SequenceNumber"].isdigit()
        assert d["SizeBytes"] > 0
        assert "userIdentity" not in record
    sequence = [int(r["dynamodb"]["SequenceNumber"]) for r in records]
    assert sequence == sorted(sequence) and len(set(sequence)) == 3
    assert len({r["eventID"] for r in records}) == 3


def test_size_bytes_counts_keys_and_images(ddb, streams, streamed):
    table, arn = streamed("NEW_AND_OLD_IMAGES")
    ddb.put_item(TableName=table, Item={"PK": {"S": "k"}, "name": {"S": "abcd"}})
    [record] = read_stream(streams, arn)
    # Keys: "PK" + "k" = 3 bytes; NewImage: 3 + "name" + "abcd" = 11 bytes.
    assert record["dynamodb"]["SizeBytes"] == 14


def test_a_write_that_changes_nothing_writes_no_record(ddb, streams, streamed):
    table, arn = streamed("NEW_AND_OLD_IMAGES")
    ddb.put_item(TableName=table, Item=item("a", v=1))
    ddb.put_item(TableName=table, Item=item("a", v=1))  # the same item again
    ddb.update_item(TableName=table, Key={"PK": {"S": "a"}}, UpdateExpression="SET v = :v",
                    ExpressionAttributeValues={":v": {"N": "1"}})  # the same value
    ddb.delete_item(TableName=table, Key={"PK": {"S": "missing"}})  # nothing to delete
    ddb.update_item(TableName=table, Key={"PK": {"S": "a"}}, UpdateExpression="REMOVE nothere")
    assert [r["eventName"] for r in read_stream(streams, arn)] == ["INSERT"]


def test_update_of_a_missing_item_inserts(ddb, streams, streamed):
    table, arn = streamed("NEW_AND_OLD_IMAGES")
    ddb.update_item(TableName=table, Key={"PK": {"S": "new"}}, UpdateExpression="SET v = :v",
                    ExpressionAttributeValues={":v": {"N": "7"}})
    assert summary(read_stream(streams, arn)) == [("INSERT", "new", item("new", v=7), None)]


def test_failed_condition_writes_no_record(ddb, streams, streamed):
    table, arn = streamed("KEYS_ONLY")
    ddb.put_item(TableName=table, Item=item("a", v=1))
    with pytest.raises(ddb.exceptions.ConditionalCheckFailedException):
        ddb.put_item(TableName=table, Item=item("a", v=2),
                     ConditionExpression="attribute_not_exists(PK)")
    assert [r["eventName"] for r in read_stream(streams, arn)] == ["INSERT"]


def test_batch_write_writes_one_record_per_item(ddb, streams, streamed):
    table, arn = streamed("NEW_IMAGE")
    ddb.put_item(TableName=table, Item=item("gone", v=0))
    ddb.batch_write_item(RequestItems={table: [
        {"PutRequest": {"Item": item(f"b{i}", v=i)}} for i in range(5)] + [
        {"DeleteRequest": {"Key": {"PK": {"S": "gone"}}}},
        {"DeleteRequest": {"Key": {"PK": {"S": "never-was"}}}}]})
    records = read_stream(streams, arn)
    events = sorted((r["eventName"], r["dynamodb"]["Keys"]["PK"]["S"]) for r in records)
    assert events == sorted([("INSERT", "gone"), ("REMOVE", "gone")] +
                            [("INSERT", f"b{i}") for i in range(5)])


def test_transaction_writes_one_record_per_item_changed(ddb, streams, streamed):
    table, arn = streamed("NEW_AND_OLD_IMAGES")
    ddb.put_item(TableName=table, Item=item("upd", v=1))
    ddb.put_item(TableName=table, Item=item("del", v=1))
    ddb.put_item(TableName=table, Item=item("chk", v=1))
    ddb.transact_write_items(TransactItems=[
        {"Put": {"TableName": table, "Item": item("new", v=1)}},
        {"Update": {"TableName": table, "Key": {"PK": {"S": "upd"}},
                    "UpdateExpression": "SET v = :v",
                    "ExpressionAttributeValues": {":v": {"N": "2"}}}},
        {"Delete": {"TableName": table, "Key": {"PK": {"S": "del"}}}},
        {"ConditionCheck": {"TableName": table, "Key": {"PK": {"S": "chk"}},
                            "ConditionExpression": "attribute_exists(PK)"}}])
    by_key = {}
    for event, pk, new, old in summary(read_stream(streams, arn)):
        by_key.setdefault(pk, []).append((event, new, old))
    assert by_key == {
        "chk": [("INSERT", item("chk", v=1), None)],
        "del": [("INSERT", item("del", v=1), None), ("REMOVE", None, item("del", v=1))],
        "new": [("INSERT", item("new", v=1), None)],
        "upd": [("INSERT", item("upd", v=1), None), ("MODIFY", item("upd", v=2), item("upd", v=1))],
    }


def test_cancelled_transaction_writes_nothing(ddb, streams, streamed):
    table, arn = streamed("KEYS_ONLY")
    with pytest.raises(ddb.exceptions.TransactionCanceledException):
        ddb.transact_write_items(TransactItems=[
            {"Put": {"TableName": table, "Item": item("x", v=1)}},
            {"ConditionCheck": {"TableName": table, "Key": {"PK": {"S": "nope"}},
                                "ConditionExpression": "attribute_exists(PK)"}}])
    assert read_stream(streams, arn) == []


def test_partiql_writes_records(ddb, streams, streamed):
    table, arn = streamed("NEW_IMAGE")
    ddb.execute_statement(Statement=f"INSERT INTO \"{table}\" VALUE {{'PK': 'p', 'v': 1}}")
    ddb.execute_statement(Statement=f"UPDATE \"{table}\" SET v = 2 WHERE PK = 'p'")
    ddb.execute_statement(Statement=f"DELETE FROM \"{table}\" WHERE PK = 'p'")
    assert [r["eventName"] for r in read_stream(streams, arn)] == ["INSERT", "MODIFY", "REMOVE"]


def test_per_item_order_across_many_writes(ddb, streams, streamed):
    table, arn = streamed("NEW_IMAGE", range_key=True)
    for i in range(30):
        for pk in ("x", "y", "z"):
            ddb.put_item(TableName=table, Item={"PK": {"S": pk}, "SK": {"S": "s"},
                                                "n": {"N": str(i)}})
    records = read_stream(streams, arn)
    for pk in ("x", "y", "z"):
        values = [int(r["dynamodb"]["NewImage"]["n"]["N"]) for r in records
                  if r["dynamodb"]["Keys"]["PK"]["S"] == pk]
        assert values == list(range(30))
