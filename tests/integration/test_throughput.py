"""Throughput enforcement (--throughput enforce): DynamoDB's throttling errors with their
ThrottlingReasons, batches handing back throttled entries, transactions cancelled,
observe mode (the default) never throttling the same load, and split for heat by sort
key (--sort-key-splits): a hot item collection spreads over two partitions, one hot item
and a table with an LSI do not. Loops are bounded in count or by a few seconds of load."""
import random
import time

import boto3
import botocore.config
import pytest
from botocore.exceptions import ClientError

from mtutil import (ACCESS_KEY, REGION, SECRET_KEY, create_table, get_json, index_spec,
                    make_client, raw_post, unique_name)

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


# ------------------------------------------------------------------ sort-key splits
PAD = "x" * 10_000  # about 10 WCU an item: 25 of them are 250 WCU, a quarter of a partition


@pytest.fixture
def sort_key_splits(server_factory):
    # Two hot seconds make a split, so that a test needs seconds, not DynamoDB's minutes.
    return server_factory(in_memory=True, extra=["--throughput", "enforce", "--sort-key-splits",
                                                 "--heat-split-seconds", "2"])


def write_hot(client, table, sort_keys, rng):
    """25 big items on partition key "hot": one BatchWriteItem over 25 of `sort_keys`
    (a batch may not repeat a key), or with fewer sort keys, 25 PutItems. Throttled
    writes (UnprocessedItems, or a whole request) are dropped."""
    def item(sort_key):
        return {"PK": {"S": "hot"}, "SK": {"S": sort_key}, "pad": {"S": PAD}}
    try:
        if len(sort_keys) >= 25:
            client.batch_write_item(RequestItems={table: [
                {"PutRequest": {"Item": item(k)}} for k in rng.sample(sort_keys, 25)]})
            return
        for _ in range(25):
            client.put_item(TableName=table, Item=item(rng.choice(sort_keys)))
    except ClientError as e:
        assert e.response["Error"]["Code"] == "ThrottlingException"


def table_view(port, name):
    status, body = get_json(port, f"/monotable/tables/{name}/partitions?seconds=1")
    assert status == 200
    return body["Resources"][0]


def sort_key_splits_of(view):
    return [s for s in view["Splits"] if s["Reason"] == "HEAT_SORT_KEY"]


def drive_for(client, table, sort_keys, seconds):
    """Hot load for `seconds` of wall time (the partition stays at its ceiling)."""
    rng = random.Random(7)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        write_hot(client, table, sort_keys, rng)


SORT_KEYS = [f"sk{i:02d}" for i in range(40)]


def split_hot_collection(server, client, name):
    """Writes partition key "hot" of a new table until it splits by sort key; returns
    the table's view then."""
    rng = random.Random(3)
    view = None
    for batch in range(4000):  # at most some 20 s of load; a split comes after 2 hot seconds
        write_hot(client, name, SORT_KEYS, rng)
        if batch % 20 == 19:
            view = table_view(server.port, name)
            if sort_key_splits_of(view):
                return view
    pytest.fail("a hot item collection never split by sort key")


def pieces_of(view):
    return [p for p in view["Partitions"]
            if p["SortKeyBegin"] is not None or p["SortKeyEnd"] is not None]


def test_a_hot_item_collection_splits_by_sort_key(sort_key_splits):
    client = make_client(sort_key_splits.endpoint)
    name = unique_name()
    create_table(client, name, billing="PAY_PER_REQUEST")
    before = table_view(sort_key_splits.port, name)["PartitionCount"]
    view = split_hot_collection(sort_key_splits, client, name)
    splits = sort_key_splits_of(view)
    # The two children share the hash of the cut: one item collection, two partitions.
    low, high = splits[0]["Children"]
    assert low["Last"] == high["First"]
    assert view["PartitionCount"] > before
    assert len(pieces_of(view)) >= 2
    # Both pieces take writes of the one partition key after the split.
    drive_for(client, name, SORT_KEYS, 1)
    view = table_view(sort_key_splits.port, name)
    assert all(p["ConsumedWriteUnits"] > 0 for p in pieces_of(view)), pieces_of(view)


def test_a_query_is_charged_on_the_piece_it_reads(sort_key_splits):
    client = make_client(sort_key_splits.endpoint)
    name = unique_name()
    create_table(client, name, billing="PAY_PER_REQUEST")
    split_hot_collection(sort_key_splits, client, name)

    def read_units():
        """Read units of the collection's first piece and of its last."""
        pieces = pieces_of(table_view(sort_key_splits.port, name))
        first = next(p for p in pieces if p["SortKeyBegin"] is None)
        last = max((p for p in pieces if p["SortKeyBegin"] is not None),
                   key=lambda p: bytes.fromhex(p["SortKeyBegin"]))
        return first["ConsumedReadUnits"], last["ConsumedReadUnits"]

    def query(condition, values, forward=True):
        for _ in range(5):  # 5 pages of one ~10 KB item: 1.5 units each, eventually consistent
            page = client.query(TableName=name, KeyConditionExpression=condition,
                                ExpressionAttributeValues=values, ScanIndexForward=forward,
                                Limit=1)
            assert page["Count"] == 1

    hot = {":pk": {"S": "hot"}}
    # The cuts lie strictly between the lowest and the highest sort key written, so the
    # highest is on the last piece and the lowest on the first.
    first0, last0 = read_units()
    query("PK = :pk AND SK >= :sk", {**hot, ":sk": {"S": SORT_KEYS[-1]}})
    first1, last1 = read_units()
    assert last1 - last0 >= 7 and first1 == first0, (first0, last0, first1, last1)
    # Backward without a bound on the sort key: the page begins at the collection's end.
    query("PK = :pk", hot, forward=False)
    first2, last2 = read_units()
    assert last2 - last1 >= 7 and first2 == first1, (first1, last1, first2, last2)
    query("PK = :pk AND SK = :sk", {**hot, ":sk": {"S": SORT_KEYS[0]}})
    first3, last3 = read_units()
    assert first3 - first2 >= 7 and last3 == last2, (first2, last2, first3, last3)


def test_one_hot_item_stays_within_one_partition(sort_key_splits):
    client = make_client(sort_key_splits.endpoint)
    name = unique_name()
    create_table(client, name, billing="PAY_PER_REQUEST")
    before = table_view(sort_key_splits.port, name)["PartitionCount"]
    drive_for(client, name, ["only"], 4)  # hot for twice the split delay
    view = table_view(sort_key_splits.port, name)
    assert view["Splits"] == [] and view["PartitionCount"] == before
    # Raw requests: an SDK would retry the throttles away.
    body = {"TableName": name, "Item": {"PK": {"S": "hot"}, "SK": {"S": "only"},
                                        "pad": {"S": PAD}}}
    for _ in range(1000):  # 10,000 WCU: far more than the partition refills meanwhile
        raw = raw_post(sort_key_splits.port, "PutItem", body)
        if raw.status == 400:
            break
    assert raw.status == 400, "one hot item exceeded a partition's 1,000 WCU"
    assert raw.error_type() == "ThrottlingException"
    # ThrottlingException names the member "throttlingReasons" (protocol/errors.cc).
    assert raw.json()["throttlingReasons"][0]["reason"] == (
        "TableWriteKeyRangeThroughputExceeded")


def test_a_table_with_an_lsi_keeps_its_item_collections_whole(sort_key_splits):
    client = make_client(sort_key_splits.endpoint)
    name = unique_name()
    client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": a, "AttributeType": "S"}
                              for a in ("PK", "SK", "alt")],
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"},
                   {"AttributeName": "SK", "KeyType": "RANGE"}],
        LocalSecondaryIndexes=[index_spec("ByAlt", "PK", "alt", projection="KEYS_ONLY")])
    drive_for(client, name, [f"sk{i:02d}" for i in range(40)], 4)
    view = table_view(sort_key_splits.port, name)
    assert sort_key_splits_of(view) == []
