"""A small DynamoDB Streams consumer that does what Lambda's event-source mapping does.

It discovers a stream's shards, reads every parent shard to its end before its children
(so that all changes to one item arrive in order), remembers how far it got in a
checkpoint, and calls a handler with batches of records. It works against monotable and
against DynamoDB alike (boto3's `dynamodbstreams` client).

    import boto3
    from stream_poller import StreamPoller, FileCheckpoint

    streams = boto3.client("dynamodbstreams", endpoint_url="http://127.0.0.1:8000")
    arn = boto3.client("dynamodb", endpoint_url=...).describe_table(
        TableName="Orders")["Table"]["LatestStreamArn"]

    def handler(records):          # called with 1..batch_size records of one shard
        for r in records:
            print(r["eventName"], r["dynamodb"]["Keys"])

    poller = StreamPoller(streams, arn, handler, FileCheckpoint("orders.ckpt"))
    poller.run(idle_rounds=3)      # poll until 3 rounds in a row found nothing new

Like Lambda, a batch whose handler raises is retried (the checkpoint only moves after the
handler returns), so handlers should be idempotent; the checkpoint keeps, per shard, the
last sequence number handled and whether the shard was finished.
"""

import json
import os
import time


class MemoryCheckpoint:
    """Checkpoints in a dict: {shard id: {"sequence": str or None, "done": bool}}."""

    def __init__(self):
        self.shards = {}

    def get(self, shard_id):
        return self.shards.get(shard_id, {"sequence": None, "done": False})

    def put(self, shard_id, sequence=None, done=False):
        self.shards[shard_id] = {"sequence": sequence, "done": done}


class FileCheckpoint(MemoryCheckpoint):
    """Checkpoints in a JSON file, rewritten atomically after every batch."""

    def __init__(self, path):
        super().__init__()
        self.path = path
        if os.path.exists(path):
            with open(path) as f:
                self.shards = json.load(f)

    def put(self, shard_id, sequence=None, done=False):
        super().put(shard_id, sequence, done)
        tmp = self.path + ".tmp"
        with open(tmp, "w") as f:
            json.dump(self.shards, f)
        os.replace(tmp, self.path)


class StreamPoller:
    """Reads one stream, shard by shard, parents before children."""

    def __init__(self, client, stream_arn, handler, checkpoint=None, batch_size=100,
                 poll_interval=0.2):
        self.client = client
        self.stream_arn = stream_arn
        self.handler = handler
        self.checkpoint = checkpoint or MemoryCheckpoint()
        self.batch_size = batch_size
        self.poll_interval = poll_interval

    def shards(self):
        """Every shard of the stream (DescribeStream, all pages)."""
        shards, start = [], None
        while True:
            kwargs = {"StreamArn": self.stream_arn}
            if start:
                kwargs["ExclusiveStartShardId"] = start
            desc = self.client.describe_stream(**kwargs)["StreamDescription"]
            shards += desc["Shards"]
            start = desc.get("LastEvaluatedShardId")
            if not start:
                return shards

    def ready(self, shard, known):
        """A shard may be read once its parent is done (or is gone: trimmed away)."""
        parent = shard.get("ParentShardId")
        return not parent or parent not in known or self.checkpoint.get(parent)["done"]

    def iterator(self, shard_id):
        state = self.checkpoint.get(shard_id)
        kwargs = {"StreamArn": self.stream_arn, "ShardId": shard_id}
        if state["sequence"]:
            kwargs.update(ShardIteratorType="AFTER_SEQUENCE_NUMBER",
                          SequenceNumber=state["sequence"])
        else:
            kwargs["ShardIteratorType"] = "TRIM_HORIZON"
        return self.client.get_shard_iterator(**kwargs)["ShardIterator"]

    def drain(self, shard_id):
        """Reads one shard as far as it goes now. Returns (records handled, finished)."""
        handled = 0
        iterator = self.iterator(shard_id)
        while iterator:
            page = self.client.get_records(ShardIterator=iterator, Limit=self.batch_size)
            records = page["Records"]
            if records:
                self.handler(records)
                handled += len(records)
                self.checkpoint.put(shard_id, records[-1]["dynamodb"]["SequenceNumber"])
            iterator = page.get("NextShardIterator")
            if not records:
                break  # an open shard with nothing new: come back next round
        if iterator is None:  # a closed shard, read to its end
            self.checkpoint.put(shard_id, self.checkpoint.get(shard_id)["sequence"], done=True)
            return handled, True
        return handled, False

    def poll_once(self):
        """One round over every shard that is ready. Returns the records handled."""
        handled = 0
        progress = True
        while progress:  # a parent finished this round frees its children at once
            progress = False
            shards = self.shards()
            known = {s["ShardId"] for s in shards}
            for shard in shards:
                shard_id = shard["ShardId"]
                if self.checkpoint.get(shard_id)["done"] or not self.ready(shard, known):
                    continue
                count, finished = self.drain(shard_id)
                handled += count
                progress |= finished
        return handled

    def run(self, idle_rounds=3, max_rounds=1000):
        """Polls until `idle_rounds` rounds in a row handle nothing (or `max_rounds`)."""
        idle = 0
        for _ in range(max_rounds):
            if self.poll_once():
                idle = 0
            else:
                idle += 1
                if idle >= idle_rounds:
                    return
            time.sleep(self.poll_interval)
