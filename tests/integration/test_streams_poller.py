"""The consumer example of docs/examples (stream_poller.py), run as a user would: it
follows shard lineage across a split and a rollover, hands every record to its handler
once and in per-item order, and resumes from its checkpoint."""

import time

from mtutil import make_client
from streams_common import create_streamed_table, shards_of, streams_client

from stream_poller import FileCheckpoint, StreamPoller  # docs/examples, via streams_common


def put(ddb, table, pk, value):
    ddb.put_item(TableName=table, Item={"PK": {"S": pk}, "v": {"N": str(value)}})


def test_poller_follows_lineage_and_resumes_from_its_checkpoint(server_factory, tmp_path):
    srv = server_factory(extra=["--stream-shard-max-age-seconds", "2"])
    ddb, streams = make_client(srv.endpoint), streams_client(srv.endpoint)
    table, arn = create_streamed_table(ddb, "NEW_IMAGE", throughput=(5, 5))
    keys = [f"item{i}" for i in range(10)]
    for value in range(1, 4):
        for pk in keys:
            put(ddb, table, pk, value)
    # A split (more write capacity than one partition takes) and a rollover (age).
    ddb.update_table(TableName=table, ProvisionedThroughput={"ReadCapacityUnits": 5,
                                                             "WriteCapacityUnits": 3000})
    for pk in keys:
        put(ddb, table, pk, 4)
    time.sleep(2.5)
    for pk in keys:
        put(ddb, table, pk, 5)
    assert any(s.get("ParentShardId") for s in shards_of(streams, arn))

    seen, batches = {}, []

    def handler(records):
        batches.append(len(records))
        for r in records:
            image = r["dynamodb"]["NewImage"]
            seen.setdefault(image["PK"]["S"], []).append(int(image["v"]["N"]))

    checkpoint_path = str(tmp_path / "checkpoint.json")
    StreamPoller(streams, arn, handler, FileCheckpoint(checkpoint_path), batch_size=7,
                 poll_interval=0.05).run(idle_rounds=2)
    assert seen == {pk: [1, 2, 3, 4, 5] for pk in keys}
    assert max(batches) <= 7

    # More writes; a new poller with the same checkpoint hands over only those.
    for pk in keys:
        put(ddb, table, pk, 6)
    seen.clear()
    StreamPoller(streams, arn, handler, FileCheckpoint(checkpoint_path),
                 poll_interval=0.05).run(idle_rounds=2)
    assert seen == {pk: [6] for pk in keys}
