"""The crash-consistency workload: writers that know what they were told, a table with a
GSI, Time to Live and a stream, and the invariants checked after each SIGKILL.

Each writer owns its keys, so it knows every acknowledged state of them: puts, updates,
deletes, two-item BatchWriteItems, two-item transactions (a pair of keys written only
together), and puts of already expired items for the TTL sweeper. Meanwhile a GSI is
created (backfill) or deleted on a 2,000-item table and a reader follows the stream.
After a kill, `monotable check` must find the derived records exact (statistics, index
entries, expiry index), and through the API every key must hold its last acknowledged
state or the state of the write in flight at the kill, with exactly one stream record
per applied write, in order, and both keys of a transaction must agree.
"""

import random
import subprocess
import threading
import time

import botocore.exceptions

from mtutil import make_client, monotable_bin, unique_name
from streams_common import shards_of, streams_client

WRITERS = 6
KEYS_PER_WRITER = 6
FILLER_ITEMS = 2000
LATE_INDEX = "late"


def item_of(pk, v, expired=False):
    """The item a writer puts for state v: sparse GSI key g on even v, an expiry on
    every third (a year away, or past for the sweeper), a pad that changes the size."""
    item = {"PK": {"S": pk}, "v": {"N": str(v)}, "h": {"S": f"h{v % 7}"},
            "pad": {"S": "x" * (v * 37 % 300)}}
    if v % 2 == 0:
        item["g"] = {"S": f"g{v % 5}"}
    if expired:
        item["exp"] = {"N": str(int(time.time()) - 60)}
    elif v % 3 == 0:
        item["exp"] = {"N": str(int(time.time()) + 365 * 86400)}
    return item


def create_crash_table(ddb):
    name = unique_name("crash")
    ddb.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"},
                              {"AttributeName": "g", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}],
        GlobalSecondaryIndexes=[{"IndexName": "byG",
                                 "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}],
                                 "Projection": {"ProjectionType": "INCLUDE",
                                                "NonKeyAttributes": ["v"]}}],
        StreamSpecification={"StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"})
    ddb.update_time_to_live(TableName=name, TimeToLiveSpecification={
        "Enabled": True, "AttributeName": "exp"})
    for start in range(0, FILLER_ITEMS, 25):
        ddb.batch_write_item(RequestItems={name: [
            {"PutRequest": {"Item": item_of(f"fill-{n}", n)}}
            for n in range(start, min(start + 25, FILLER_ITEMS))]})
    arn = ddb.describe_table(TableName=name)["Table"]["LatestStreamArn"]
    return name, arn


class Model:
    """What the writers were told. states[pk]: acknowledged states in order (an int v,
    or None for a delete); pending[pk]: the state of the write in flight at the kill."""

    def __init__(self):
        self.states, self.pending, self.errors = {}, {}, []
        self.ttl_keys = set()
        self.counter = 0
        self.lock = threading.Lock()

    def next_v(self):
        with self.lock:
            self.counter += 1
            return self.counter

    def last(self, pk):
        history = self.states.get(pk)
        return history[-1] if history else None


class Writer:
    def __init__(self, endpoint, table, index, model, killing):
        self.ddb = make_client(endpoint)
        self.table, self.model, self.killing = table, model, killing
        self.keys = [f"w{index}-{n}" for n in range(KEYS_PER_WRITER)]
        self.pair = (f"w{index}-txa", f"w{index}-txb")
        self.index = index

    def run(self, stop):
        rng = random.Random()
        while not stop.is_set():
            writes = self.choose(rng)
            with self.model.lock:
                self.model.pending.update({pk: state for pk, state, _ in writes})
            try:
                self.send(rng, writes)
            except (botocore.exceptions.BotoCoreError, botocore.exceptions.ClientError,
                    OSError) as e:
                if not self.killing.is_set():
                    self.model.errors.append(f"writer {self.index}: {e!r}")
                return  # the server is gone: `pending` stays, in doubt
            with self.model.lock:
                for pk, state, _ in writes:
                    del self.model.pending[pk]
                    self.model.states.setdefault(pk, []).append(state)

    def choose(self, rng):
        """[(pk, new state, kind)] of the next request."""
        kind = rng.choice(["put", "put", "update", "delete", "batch", "txn", "ttl"])
        if kind == "txn":
            v = self.model.next_v()
            return [(pk, v, kind) for pk in self.pair]
        if kind == "batch":
            return [(pk, self.model.next_v(), kind) for pk in rng.sample(self.keys, 2)]
        if kind == "ttl":
            return [(f"w{self.index}-ttl-{self.model.next_v()}", "ttl", kind)]
        pk = rng.choice(self.keys)
        exists = self.model.last(pk) is not None
        if kind == "delete" and exists:
            return [(pk, None, kind)]
        if kind == "update" and exists:
            return [(pk, self.model.next_v(), kind)]
        return [(pk, self.model.next_v(), "put")]

    def send(self, rng, writes):
        kind = writes[0][2]
        if kind == "txn":
            self.ddb.transact_write_items(TransactItems=[
                {"Put": {"TableName": self.table, "Item": item_of(pk, v)}} for pk, v, _ in writes])
        elif kind == "batch":
            out = self.ddb.batch_write_item(RequestItems={self.table: [
                {"PutRequest": {"Item": item_of(pk, v)}} for pk, v, _ in writes]})
            if out.get("UnprocessedItems"):
                raise botocore.exceptions.BotoCoreError()  # not acknowledged
        elif kind == "ttl":
            pk = writes[0][0]
            self.model.ttl_keys.add(pk)
            self.ddb.put_item(TableName=self.table, Item=item_of(pk, 3, expired=True))
        elif kind == "delete":
            self.ddb.delete_item(TableName=self.table, Key={"PK": {"S": writes[0][0]}})
        elif kind == "update":
            pk, v, _ = writes[0]
            item = item_of(pk, v)
            names = [n for n in ("v", "h", "pad", "g", "exp") if n in item]
            removed = [n for n in ("g", "exp") if n not in item]
            expression = "SET " + ", ".join(f"#{n} = :{n}" for n in names)
            if removed:
                expression += " REMOVE " + ", ".join(f"#{n}" for n in removed)
            self.ddb.update_item(
                TableName=self.table, Key={"PK": {"S": pk}}, UpdateExpression=expression,
                ExpressionAttributeNames={f"#{n}": n for n in names + removed},
                ExpressionAttributeValues={f":{n}": item[n] for n in names})
        else:
            pk, v, _ = writes[0]
            self.ddb.put_item(TableName=self.table, Item=item_of(pk, v))


def toggle_late_index(ddb, table):
    """Creates the GSI `late` (a backfill of the whole table) or deletes it when ACTIVE."""
    indexes = ddb.describe_table(TableName=table)["Table"].get("GlobalSecondaryIndexes", [])
    late = [i for i in indexes if i["IndexName"] == LATE_INDEX]
    if not late:
        ddb.update_table(
            TableName=table,
            AttributeDefinitions=[{"AttributeName": "h", "AttributeType": "S"}],
            GlobalSecondaryIndexUpdates=[{"Create": {
                "IndexName": LATE_INDEX,
                "KeySchema": [{"AttributeName": "h", "KeyType": "HASH"}],
                "Projection": {"ProjectionType": "KEYS_ONLY"}}}])
    elif late[0]["IndexStatus"] == "ACTIVE":
        ddb.update_table(TableName=table,
                         GlobalSecondaryIndexUpdates=[{"Delete": {"IndexName": LATE_INDEX}}])


def stream_reader(endpoint, arn, stop):
    """Follows the stream from LATEST while the writers run (load on the Streams path)."""
    streams = streams_client(endpoint)
    try:
        while not stop.is_set():
            for shard in shards_of(streams, arn)[-4:]:
                it = streams.get_shard_iterator(StreamArn=arn, ShardId=shard["ShardId"],
                                                ShardIteratorType="TRIM_HORIZON")["ShardIterator"]
                for _ in range(3):
                    if not it:
                        break
                    page = streams.get_records(ShardIterator=it, Limit=100)
                    it = page.get("NextShardIterator")
    except (botocore.exceptions.BotoCoreError, botocore.exceptions.ClientError, OSError):
        pass  # killed


def run_until_kill(srv, table, arn, model, seconds):
    """Writers, the stream reader and a GSI change run for `seconds`; then SIGKILL."""
    stop, killing = threading.Event(), threading.Event()
    writers = [Writer(srv.endpoint, table, i, model, killing) for i in range(WRITERS)]
    threads = [threading.Thread(target=w.run, args=(stop,)) for w in writers]
    threads.append(threading.Thread(target=stream_reader, args=(srv.endpoint, arn, stop)))
    for t in threads:
        t.start()
    time.sleep(seconds / 2)
    toggle_late_index(make_client(srv.endpoint), table)
    time.sleep(seconds / 2)
    killing.set()
    srv.proc.kill()
    srv.stop()
    stop.set()
    for t in threads:
        t.join(timeout=60)


def run_check(db_path):
    """`monotable check`: every derived record is exact. Returns its output."""
    out = subprocess.run([monotable_bin(), "check", "--db-path", str(db_path)],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, f"monotable check failed:\n{out.stdout}\n{out.stderr}"
    return out.stdout


class StreamLog:
    """Every record read so far, per key, as states (v, None for REMOVE, "ttl-remove"
    for the sweeper's); reads each shard on from where it stopped."""

    def __init__(self, arn):
        self.arn, self.positions, self.by_key = arn, {}, {}

    def catch_up(self, streams):
        for shard in shards_of(streams, self.arn):
            sid = shard["ShardId"]
            kwargs = {"ShardIteratorType": "TRIM_HORIZON"}
            if sid in self.positions:
                kwargs = {"ShardIteratorType": "AFTER_SEQUENCE_NUMBER",
                          "SequenceNumber": self.positions[sid]}
            it = streams.get_shard_iterator(StreamArn=self.arn, ShardId=sid,
                                            **kwargs)["ShardIterator"]
            while it:
                page = streams.get_records(ShardIterator=it)
                for r in page["Records"]:
                    self.add(r)
                    self.positions[sid] = r["dynamodb"]["SequenceNumber"]
                it = page.get("NextShardIterator")
                if not page["Records"]:
                    break

    def add(self, record):
        pk = record["dynamodb"]["Keys"]["PK"]["S"]
        if record["eventName"] == "REMOVE":
            by_service = record.get("userIdentity", {}).get("Type") == "Service"
            state = "ttl-remove" if by_service else None
        else:
            state = int(record["dynamodb"]["NewImage"]["v"]["N"])
        self.by_key.setdefault(pk, []).append(state)


def current_state(ddb, table, pk):
    item = ddb.get_item(TableName=table, Key={"PK": {"S": pk}}, ConsistentRead=True).get("Item")
    return int(item["v"]["N"]) if item else None


def verify_ttl_keys(ddb, streams, table, model, log):
    """Expired items: one INSERT for an acknowledged put, then at most the sweeper's
    REMOVE, which is there exactly when the item is gone. The sweeper runs meanwhile,
    so the items are read before the stream, and the stream again if a REMOVE lags."""
    present = {pk: current_state(ddb, table, pk) is not None for pk in model.ttl_keys}
    for attempt in range(3):
        log.catch_up(streams)
        failures = []
        for pk, here in present.items():
            records = log.by_key.get(pk, [])
            if pk in model.states and records[:1] != [3]:
                failures.append(f"{pk}: acknowledged put without its INSERT record: {records}")
            if records not in ([], [3], [3, "ttl-remove"]):
                failures.append(f"{pk}: stream records {records}")
            elif not here and records == [3]:
                failures.append(f"{pk}: gone, but no REMOVE record: {records}")
            elif here and not records:
                failures.append(f"{pk}: present without an INSERT record")
        if not failures:
            return []
        time.sleep(0.5)
    return failures


def verify_after_restart(ddb, streams, table, model, log):
    """The API-visible invariants; resolves the writes that were in doubt at the kill
    (applied: appended to the model; not applied: dropped). Returns a list of failures."""
    failures = list(model.errors)
    log.catch_up(streams)
    for pk in set(model.states) | set(model.pending):
        if pk in model.ttl_keys:
            continue
        history = model.states.get(pk, [])
        current = current_state(ddb, table, pk)
        records = log.by_key.get(pk, [])
        acked_last = history[-1] if history else None
        if pk in model.pending and current == model.pending[pk] and current != acked_last:
            history = history + [model.pending[pk]]
            model.states[pk] = history
        expected_last = history[-1] if history else None
        if current != expected_last:
            failures.append(f"{pk}: holds {current}, last acknowledged {acked_last}, "
                            f"in flight {model.pending.get(pk, '-')}")
        if records != history:
            failures.append(f"{pk}: stream records {records[-5:]} (of {len(records)}) "
                            f"but applied writes {history[-5:]} (of {len(history)})")
    for index in range(WRITERS):  # a transaction is all or nothing
        a, b = (current_state(ddb, table, f"w{index}-tx{x}") for x in "ab")
        if a != b:
            failures.append(f"writer {index}: transaction half-applied: {a} and {b}")
    failures += verify_ttl_keys(ddb, streams, table, model, log)
    for pk in [p for p in model.pending]:
        del model.pending[pk]
    model.errors.clear()
    return failures
