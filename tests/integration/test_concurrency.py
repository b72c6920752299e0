"""Concurrent UpdateItem: atomic counters and optimistic locking.

16 threads, each with its own boto3 client (its own connection pool), hammer one item:
  * ADD counter :one without a condition: no increment may be lost;
  * read-modify-write with a version check (GetItem, then UpdateItem SET #v = :new,
    val = val + :one under `#v = :v`): every successful update must be counted exactly
    once, so the final val and version both equal the number of successes, and failed
    checks must be ConditionalCheckFailedException, never anything else.
"""

import threading
import time

from botocore.exceptions import ClientError

from mtutil import make_client

THREADS = 16
CALLS_PER_THREAD = 100


def k(pk):
    return {"PK": {"S": pk}, "SK": {"S": "s"}}


def run_threads(endpoint, target):
    """Runs target(index, client) in THREADS threads, started together; returns the
    exceptions raised (the list is empty when every thread finished cleanly)."""
    errors = []
    barrier = threading.Barrier(THREADS)

    def body(i, client):
        try:
            barrier.wait(timeout=30)
            target(i, client)
        except BaseException as e:  # collected and reported by the test
            errors.append(e)

    clients = [make_client(endpoint) for _ in range(THREADS)]
    threads = [threading.Thread(target=body, args=(i, c), daemon=True)
               for i, c in enumerate(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not any(t.is_alive() for t in threads), "a worker thread hung"
    return errors



def test_concurrent_add_loses_no_increment(server, ddb, table):
    key = k("counter")
    started = time.monotonic()

    def worker(i, client):
        for _ in range(CALLS_PER_THREAD):
            client.update_item(TableName=table, Key=key, UpdateExpression="ADD #c :one",
                               ExpressionAttributeNames={"#c": "counter"},
                               ExpressionAttributeValues={":one": {"N": "1"}})

    errors = run_threads(server.endpoint, worker)
    assert not errors, errors[:3]
    item = ddb.get_item(TableName=table, Key=key, ConsistentRead=True)["Item"]
    assert item["counter"] == {"N": str(THREADS * CALLS_PER_THREAD)}
    assert time.monotonic() - started < 60


def test_concurrent_optimistic_locking(server, ddb, table):
    key = k("locked")
    ddb.put_item(TableName=table, Item=dict(key, version={"N": "0"}, val={"N": "0"}))
    successes = [0] * THREADS
    conflicts = [0] * THREADS
    lock = threading.Lock()
    committed_versions = []

    def worker(i, client):
        for _ in range(CALLS_PER_THREAD):
            item = client.get_item(TableName=table, Key=key, ConsistentRead=True)["Item"]
            v = int(item["version"]["N"])
            try:
                client.update_item(
                    TableName=table, Key=key,
                    UpdateExpression="SET #v = :new, val = val + :one",
                    ConditionExpression="#v = :v",
                    ExpressionAttributeNames={"#v": "version"},
                    ExpressionAttributeValues={":new": {"N": str(v + 1)}, ":v": {"N": str(v)},
                                               ":one": {"N": "1"}})
            except ClientError as e:
                code = e.response["Error"]["Code"]
                assert code == "ConditionalCheckFailedException", e.response["Error"]
                assert e.response["Error"]["Message"] == "The conditional request failed"
                conflicts[i] += 1
                continue
            successes[i] += 1
            with lock:
                committed_versions.append(v + 1)

    errors = run_threads(server.endpoint, worker)
    assert not errors, errors[:3]
    total = sum(successes)
    assert total + sum(conflicts) == THREADS * CALLS_PER_THREAD
    assert total > 0
    item = ddb.get_item(TableName=table, Key=key, ConsistentRead=True)["Item"]
    assert item["val"] == {"N": str(total)}
    assert item["version"] == {"N": str(total)}
    # Each version was committed by exactly one writer: 1..total, no duplicates.
    assert sorted(committed_versions) == list(range(1, total + 1))


def test_concurrent_create_once(server, ddb, table):
    # 16 writers race to create the same item under attribute_not_exists(PK), 20 keys in
    # a row: exactly one writer wins each key, and the stored item is the winner's.
    keys = [k(f"once-{n}") for n in range(20)]
    winners = {n: [] for n in range(len(keys))}
    lock = threading.Lock()

    def worker(i, client):
        for n, key in enumerate(keys):
            try:
                client.put_item(TableName=table, Item=dict(key, writer={"N": str(i)}),
                                ConditionExpression="attribute_not_exists(PK)")
            except ClientError as e:
                assert e.response["Error"]["Code"] == "ConditionalCheckFailedException", \
                    e.response["Error"]
                continue
            with lock:
                winners[n].append(i)

    errors = run_threads(server.endpoint, worker)
    assert not errors, errors[:3]
    for n, key in enumerate(keys):
        assert len(winners[n]) == 1, (n, winners[n])
        item = ddb.get_item(TableName=table, Key=key, ConsistentRead=True)["Item"]
        assert item["writer"] == {"N": str(winners[n][0])}
