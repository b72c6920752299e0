"""`monotable rehearse --trace` over the server's own --log-requests lines: the lines name
the items each request touched (protocol/touched_items.h), and the rehearsal charges
each item on its key's partition with the units the server consumed; a throttled request
names its item with size and units 0, and is replayed too."""

import json
import re
import subprocess
import time

from botocore.exceptions import ClientError

from mtutil import (create_indexed_table, create_table, index_spec, make_client, monotable_bin,
                    unique_name)

ITEMS = re.compile(r" request op=(\S+) .* items=(\S+)")


def key_hash(text):
    """The server's hash of a string partition key (engine/format/key_codec.cc): FNV-1a
    of the key's encoding (0x00 escaped as 0x00 0xFF, then 0x00 0x01), then a mix."""
    encoded = text.encode().replace(b"\0", b"\0\xff") + b"\0\x01"
    mask = (1 << 64) - 1
    h = 0xcbf29ce484222325
    for byte in encoded:
        h = ((h ^ byte) * 0x100000001b3) & mask
    for multiplier in (0xff51afd7ed558ccd, 0xc4ceb9fe1a85ec53):
        h ^= h >> 33
        h = (h * multiplier) & mask
    return h ^ (h >> 33)


def partition_units(report, label, op):
    """Units of `op` (0 read, 1 write) per partition hash range of the resource `label`,
    summed over the intervals."""
    resource = [r["label"] for r in report["resources"]].index(label)
    units = {}
    for row in report["partitions"]:
        if row[1] != resource:
            continue
        span = (int(row[3], 16), int(row[4], 16))
        units[span] = units.get(span, 0) + row[5 + op]
    return units


def expected_units(units, by_key):
    """Per partition hash range of `units`, the sum of `by_key`'s units whose key hashes
    into it."""
    return {(begin, last): sum(u for key, u in by_key.items() if begin <= key_hash(key) <= last)
            for begin, last in units}


def rehearse(tmp_path, log_text, tables):
    """`monotable rehearse` of `tables` (workload table entries) over the log; the report."""
    log = tmp_path / "requests.log"
    log.write_text(log_text)
    workload = tmp_path / "workload.json"
    workload.write_text(json.dumps({"tables": tables, "phases": []}))
    out = tmp_path / "report"
    proc = subprocess.run([monotable_bin(), "rehearse", str(workload), "--trace", str(log),
                           "--out", str(out)],
                          capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert proc.returncode == 0, proc.stderr
    return json.loads((out / "report.json").read_text())


def test_logged_items_replay_on_their_keys_partitions(server_factory, tmp_path):
    srv = server_factory(in_memory=True, extra=["--log-requests"])
    c = make_client(srv.endpoint)
    table = unique_name("traced")
    create_indexed_table(c, table, {"PK": "S", "SK": "S", "GPK": "S"},
                         gsis=[index_spec("ByG", "GPK")])
    def table_units(r):  # the table's share (ConsumedCapacity with INDEXES)
        return r["ConsumedCapacity"]["Table"]["CapacityUnits"]

    def gsi_units(r):  # ByG's share: its entries
        return r["ConsumedCapacity"]["GlobalSecondaryIndexes"]["ByG"]["CapacityUnits"]

    written = {"hot": 0.0, "warm": 0.0}
    gsi_written = {"g1": 0.0, "g2": 0.0}
    for i in range(6):  # 1,500-byte items: 2 WCU each
        r = c.put_item(TableName=table, ReturnConsumedCapacity="INDEXES",
                       Item={"PK": {"S": "hot"}, "SK": {"S": f"s{i}"}, "GPK": {"S": "g1"},
                             "pad": {"S": "x" * 1500}})
        written["hot"] += table_units(r)
        gsi_written["g1"] += gsi_units(r)
    r = c.put_item(TableName=table, ReturnConsumedCapacity="INDEXES",
                   Item={"PK": {"S": "warm"}, "SK": {"S": "s0"}, "GPK": {"S": "g2"}})
    written["warm"] += table_units(r)
    gsi_written["g2"] += gsi_units(r)
    r = c.update_item(TableName=table, Key={"PK": {"S": "hot"}, "SK": {"S": "s1"}},
                      UpdateExpression="SET n = :n", ExpressionAttributeValues={":n": {"N": "1"}},
                      ReturnConsumedCapacity="INDEXES")
    written["hot"] += table_units(r)
    gsi_written["g1"] += gsi_units(r)  # the entry rewritten in place
    assert written["hot"] == 14, written  # 7 writes of 2 WCU
    assert gsi_written == {"g1": 14, "g2": 1}, gsi_written
    read = {"hot": 0.0, "warm": 0.0}
    r = c.get_item(TableName=table, Key={"PK": {"S": "hot"}, "SK": {"S": "s0"}},
                   ReturnConsumedCapacity="INDEXES")
    read["hot"] += table_units(r)
    r = c.batch_get_item(RequestItems={table: {"Keys": [
        {"PK": {"S": "warm"}, "SK": {"S": "s0"}}]}}, ReturnConsumedCapacity="INDEXES")
    read["warm"] += r["ConsumedCapacity"][0]["Table"]["CapacityUnits"]
    q = c.query(TableName=table, IndexName="ByG", KeyConditionExpression="GPK = :g",
                ExpressionAttributeValues={":g": {"S": "g1"}}, ReturnConsumedCapacity="INDEXES")
    assert q["Count"] == 6
    gsi_read = q["ConsumedCapacity"]["GlobalSecondaryIndexes"]["ByG"]["CapacityUnits"]

    deadline = time.monotonic() + 5
    while len(ITEMS.findall(srv.stderr_text())) < 11 and time.monotonic() < deadline:
        time.sleep(0.05)
    logged = ITEMS.findall(srv.stderr_text())
    assert [op for op, _ in logged] == ["PutItem"] * 7 + ["UpdateItem", "GetItem",
                                                          "BatchGetItem", "Query"], logged
    assert logged[0][1].startswith(f"{table}/write/S:hot/S:s0/"), logged[0]
    # Each write names the ByG entry it wrote, by the GSI's key.
    assert re.search(f";{table}:ByG/write/S:g1//1517/2$", logged[0][1]), logged[0]
    assert logged[-1][1].startswith(f"{table}:ByG/read/S:g1//"), logged[-1]

    # 4,000 WCU and 12,000 RCU: the table starts with eight partitions (4,000 / 1,000 +
    # 12,000 / 3,000), and so does ByG; "hot" and "warm" hash into different ones.
    capacity = {"billing_mode": "PROVISIONED", "read_capacity_units": 12000,
                "write_capacity_units": 4000}
    report = rehearse(tmp_path, srv.stderr_text(),
                      [dict(name=table, gsis=[dict(name="ByG", **capacity)], **capacity)])

    # Each item on the partition of its key; without the items every request would be
    # spread over all of them.
    writes = partition_units(report, table, 1)
    assert len(writes) > 1, writes
    assert writes == expected_units(writes, written), (writes, written)
    assert sum(1 for u in writes.values() if u) == 2, writes
    reads = partition_units(report, table, 0)
    assert reads == expected_units(reads, read), (reads, read)
    # The Query page on ByG: on the partition of its key, with the units it consumed.
    index_reads = partition_units(report, f"{table}/ByG", 0)
    assert index_reads == expected_units(index_reads, {"g1": gsi_read}), (index_reads, gsi_read)
    # ByG's entries: on the partitions of their GSI keys, once each (not also derived,
    # spread, from the table's writes).
    index_writes = partition_units(report, f"{table}/ByG", 1)
    assert index_writes == expected_units(index_writes, gsi_written), (index_writes, gsi_written)
    assert sum(1 for u in index_writes.values() if u) == 2, index_writes


def test_a_throttled_write_is_logged_with_zeros_and_replayed(server_factory, tmp_path):
    srv = server_factory(in_memory=True, extra=["--log-requests", "--throughput", "enforce"])
    c = make_client(srv.endpoint)
    table = unique_name("hot")
    create_table(c, table, range_type=None, rcu=1, wcu=1)
    # 100 KB items, 98 WCU each, on one key of a 1 WCU table: its burst runs out at once.
    item = {"PK": {"S": "hot"}, "pad": {"S": "x" * 100_000}}
    sent, throttled = 0, None
    while throttled is None and sent < 50:
        sent += 1
        try:
            c.put_item(TableName=table, Item=item)
        except ClientError as e:
            assert e.response["Error"]["Code"] == "ProvisionedThroughputExceededException", e
            throttled = sent
    assert throttled is not None, "never throttled"

    def put_lines():
        return [line for line in srv.stderr_text().splitlines() if " request op=PutItem " in line]

    # Each attempt is logged once answered (the client may retry): wait for them to stop.
    deadline, seen = time.monotonic() + 5, -1
    while len(put_lines()) != seen and time.monotonic() < deadline:
        seen = len(put_lines())
        time.sleep(0.2)
    lines = put_lines()
    assert len(lines) >= sent, lines
    size = len("PK") + len("hot") + len("pad") + 100_000
    refused = 0
    for line in lines:
        if " status=200 " in line:  # written: its size and units
            assert line.endswith(f" items={table}/write/S:hot//{size}/{-(-size // 1024)}"), line
            continue
        # Throttled: the item is named, its size and units unknown (0).
        assert " status=400 error=ProvisionedThroughputExceededException " in line, line
        assert line.endswith(f" items={table}/write/S:hot//0/0"), line
        refused += 1
    assert refused >= 1, lines

    report = rehearse(tmp_path, srv.stderr_text(), [
        {"name": table, "billing_mode": "PROVISIONED", "read_capacity_units": 1,
         "write_capacity_units": 1}])
    # Every logged write is replayed, the throttled ones too (as empty items).
    resource = next(r for r in report["resources"] if r["label"] == table)
    assert resource["totals"]["requests"] == [0, len(lines)], (resource["totals"], lines)
