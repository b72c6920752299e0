"""Helpers shared by the Time to Live test modules (test_ttl*.py)."""

import os
import time
from concurrent.futures import ThreadPoolExecutor

from mtutil import create_indexed_table, index_spec, make_client, unique_name

# A fast server: sweeps every 0.2 s and lets TTL be changed again at once.
FAST_FLAGS = ("--ttl-sweep-interval", "0.2", "--ttl-cooldown", "0")
YEAR = 365 * 24 * 3600
# A sanitizer build (tests/tsan.sh) runs the server several times slower: the TTL tests'
# waits are bounds on a sweep's progress, not assertions of speed, so they stretch.
WAIT_SCALE = float(os.environ.get("MONOTABLE_WAIT_SCALE", "1"))


def now_s():
    return int(time.time())


def ttl_table(client, name=None, attribute="exp", enable=True):
    """A PK/SK (S, S) on-demand table with a GSI on G (S, ALL); TTL on `attribute`."""
    name = name or unique_name("ttl")
    create_indexed_table(client, name, {"PK": "S", "SK": "S", "G": "S"},
                         gsis=[index_spec("byG", "G")])
    if enable:
        client.update_time_to_live(
            TableName=name, TimeToLiveSpecification={"Enabled": True, "AttributeName": attribute})
    return name


def item(pk, exp=None, sk="s", g="g", **extra):
    """An item with a GSI key (G) and, unless None, `exp` as the TTL attribute (an int is
    a Number; anything else is used as the attribute value as is)."""
    it = {"PK": {"S": pk}, "SK": {"S": sk}, "G": {"S": g}, "data": {"S": "x" * 50}}
    if exp is not None:
        it["exp"] = {"N": str(exp)} if isinstance(exp, int) else exp
    it.update(extra)
    return it


def key(pk, sk="s"):
    return {"PK": {"S": pk}, "SK": {"S": sk}}


def exists(client, table, pk, sk="s"):
    return "Item" in client.get_item(TableName=table, Key=key(pk, sk), ConsistentRead=True)


def item_count(client, table):
    return client.describe_table(TableName=table)["Table"]["ItemCount"]


def gsi_count(client, table, index="byG"):
    for gsi in client.describe_table(TableName=table)["Table"].get("GlobalSecondaryIndexes", []):
        if gsi["IndexName"] == index:
            return gsi["ItemCount"]
    raise AssertionError(f"no index {index}")


def scan_count(client, table, index=None):
    kwargs = {"TableName": table, "Select": "COUNT"}
    if index:
        kwargs["IndexName"] = index
    total = 0
    while True:
        page = client.scan(**kwargs)
        total += page["Count"]
        if "LastEvaluatedKey" not in page:
            return total
        kwargs["ExclusiveStartKey"] = page["LastEvaluatedKey"]


def wait_until(predicate, timeout, interval=0.05, what="condition"):
    deadline = time.monotonic() + timeout * WAIT_SCALE
    while time.monotonic() < deadline:
        if predicate():
            return time.monotonic()
        time.sleep(interval)
    raise AssertionError(f"{what} not reached within {timeout * WAIT_SCALE} s")


def load_items(endpoint, table, items, threads=4):
    """Writes `items` with BatchWriteItem (25 per request) over `threads` clients."""
    batches = [items[i:i + 25] for i in range(0, len(items), 25)]

    def write(chunk):
        client = make_client(endpoint)
        for batch in chunk:
            requests = [{"PutRequest": {"Item": it}} for it in batch]
            while requests:
                out = client.batch_write_item(RequestItems={table: requests})
                requests = out.get("UnprocessedItems", {}).get(table, [])

    chunks = [batches[i::threads] for i in range(threads)]
    with ThreadPoolExecutor(threads) as pool:
        for f in [pool.submit(write, c) for c in chunks]:
            f.result()
