"""A full disk: the data directory on a small tmpfs mounted by the test (root only; the
test skips with the reason otherwise). When it fills, writes fail with
InternalServerError (HTTP 500) while reads keep working; after space is freed, writes
resume without a restart (engine/storage/no_space_recovery.h), also when the disk filled
while every memtable was empty, nothing acknowledged is lost, and `monotable check`
finds the data consistent."""

import errno
import os
import subprocess
import time
import pytest
from botocore.exceptions import ClientError

from crash_workload import run_check
from mtutil import create_table, make_client

TMPFS_SIZE = "32m"
BALLAST_BYTES = 20 << 20  # freed to end the shortage (room for the flush after)
PAD = "x" * 300_000  # items near DynamoDB's 400 KB limit fill the disk quickly


def mounted_tmpfs(tmp_path, size):
    mount_point = tmp_path / "small"
    mount_point.mkdir()
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    proc = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs",
                           str(mount_point)], capture_output=True, text=True)
    if proc.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {proc.stderr.strip()}")
    try:
        yield mount_point
    finally:
        subprocess.run(["umount", "-l", str(mount_point)], capture_output=True)


@pytest.fixture
def small_disk(tmp_path):
    yield from mounted_tmpfs(tmp_path, TMPFS_SIZE)


def put(ddb, table, n):
    ddb.put_item(TableName=table, Item={"PK": {"S": f"k{n}"}, "SK": {"S": "s"},
                                        "pad": {"S": PAD}})


def start_with_three_items(disk, server_factory):
    """A server on `disk`/db with a table holding items 0, 1 and 2 (acknowledged)."""
    db = disk / "db"
    srv = server_factory(db_path=db)
    ddb = make_client(srv.endpoint)
    table = create_table(ddb, billing="PAY_PER_REQUEST")["TableDescription"]["TableName"]
    acked = list(range(3))
    for n in acked:
        put(ddb, table, n)
    return db, srv, ddb, table, acked


def put_until_accepted(ddb, table, n, attempts=60):
    """Writes resume at the first write after space is freed, or at a later one: the
    server tries to resume at most once a second."""
    for _ in range(attempts):
        try:
            put(ddb, table, n)
            return
        except ClientError as e:
            assert e.response["Error"]["Code"] == "InternalServerError", e.response
            time.sleep(0.5)
    raise AssertionError(f"writes did not resume after {attempts} attempts")


def assert_all_present(ddb, table, acked):
    for n in acked:
        key = {"PK": {"S": f"k{n}"}, "SK": {"S": "s"}}
        got = ddb.get_item(TableName=table, Key=key, ConsistentRead=True)
        assert got.get("Item", {}).get("pad", {}).get("S") == PAD, n


def test_writes_fail_with_500_when_full_then_resume_without_restart(small_disk,
                                                                    server_factory):
    ballast = small_disk / "ballast"
    ballast.write_bytes(b"\0" * BALLAST_BYTES)
    db = small_disk / "db"
    srv = server_factory(db_path=db)
    ddb = make_client(srv.endpoint)
    table = create_table(ddb, billing="PAY_PER_REQUEST")["TableDescription"]["TableName"]
    acked, failure = [], None
    for n in range(200):  # 60 MB: more than the disk holds
        try:
            put(ddb, table, n)
            acked.append(n)
        except ClientError as e:
            failure = e
            break
    assert failure is not None, "the disk never filled"
    assert acked, "not one write fitted on the disk"
    assert failure.response["Error"]["Code"] == "InternalServerError", failure.response
    assert failure.response["ResponseMetadata"]["HTTPStatusCode"] == 500
    for n in (10_000, 10_001):  # still full: still refused, whether it tries to resume or not
        with pytest.raises(ClientError) as again:
            put(ddb, table, n)
        assert again.value.response["Error"]["Code"] == "InternalServerError"
        time.sleep(1.1)
    # Reads keep working.
    assert_all_present(ddb, table, acked[:3])
    assert ddb.describe_table(TableName=table)["Table"]["TableStatus"] == "ACTIVE"

    ballast.unlink()  # space is freed: the same server takes writes again
    put_until_accepted(ddb, table, 20_000)
    acked.append(20_000)
    for n in range(20_001, 20_005):  # and goes on taking them
        put(ddb, table, n)
        acked.append(n)
    assert_all_present(ddb, table, acked)
    assert "Item" not in ddb.get_item(TableName=table,  # the refused writes were not applied
                                      Key={"PK": {"S": "k10000"}, "SK": {"S": "s"}})

    srv.stop()
    assert "consistent" in run_check(db)
    srv = server_factory(db_path=db)  # and everything acknowledged survives a restart
    assert_all_present(make_client(srv.endpoint), table, acked)


def fill_up(path):
    """Writes `path` until the filesystem is full, to the last block."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    try:
        for chunk in (1 << 20, 4096):
            while True:
                try:
                    os.write(fd, b"\0" * chunk)
                except OSError as e:
                    assert e.errno == errno.ENOSPC, e
                    break
    finally:
        os.close(fd)


def test_writes_resume_when_the_disk_filled_with_every_memtable_empty(small_disk,
                                                                      server_factory):
    """The disk fills while no memtable holds an entry: after a restart (a clean shutdown
    flushes every memtable) the first write's WAL append fails. RocksDB 7.8 keeps the
    failed log writer and DB::Resume() replaces it only by switching a memtable that
    holds an entry (facebook/rocksdb#11643); the storage's sentinel keeps one there."""
    db, srv, ddb, table, acked = start_with_three_items(small_disk, server_factory)
    srv.stop()
    srv = server_factory(db_path=db)
    ddb = make_client(srv.endpoint)
    ballast = small_disk / "ballast"
    fill_up(ballast)
    with pytest.raises(ClientError) as full:
        put(ddb, table, 10_000)
    assert full.value.response["Error"]["Code"] == "InternalServerError"
    assert_all_present(ddb, table, acked)  # reads keep working

    ballast.unlink()
    put_until_accepted(ddb, table, 20_000, attempts=20)
    acked.append(20_000)
    for n in range(20_001, 20_004):
        put(ddb, table, n)
        acked.append(n)
    assert_all_present(ddb, table, acked)
    assert "Item" not in ddb.get_item(TableName=table,
                                      Key={"PK": {"S": "k10000"}, "SK": {"S": "s"}})
    srv.stop()
    assert "consistent" in run_check(db)
    srv = server_factory(db_path=db)
    assert_all_present(make_client(srv.endpoint), table, acked)


@pytest.fixture
def roomy_disk(tmp_path):
    """A tmpfs large enough for RocksDB to preallocate a WAL that holds a whole memtable."""
    yield from mounted_tmpfs(tmp_path, "160m")


def test_the_server_survives_a_flush_failing_on_a_full_disk(roomy_disk, server_factory):
    """Found by tests/jepsen's disk nemesis. The disk fills to the last block; writes
    went on into the WAL's preallocated room until a memtable was full, and its flush
    failed. RocksDB then logged the failure and flushed its own log (the LOG file, once
    in the data directory), which failed too, and its next line tripped an assertion of
    Debian's librocksdb ("Assertion `sync_without_flush_called_' failed"): the process
    aborted. RocksDB now logs through monotable's log (engine/storage/rocksdb_logger.h),
    and the WAL is not preallocated, so its append fails first."""
    db, srv, ddb, table, acked = start_with_three_items(roomy_disk, server_factory)
    ballast = roomy_disk / "ballast"
    fill_up(ballast)
    refused = 0
    for n in range(1000, 1400):  # 120 MB: more than a memtable, and than the disk holds
        try:
            put(ddb, table, n)
            acked.append(n)
        except ClientError as e:
            assert e.response["Error"]["Code"] == "InternalServerError", e.response
            refused += 1
            if refused == 3:
                break
            time.sleep(1.1)  # the failed flush logs again a second later
        except Exception as e:  # no answer: the server is gone
            pytest.fail(f"{type(e).__name__}; the server's stderr:\n{srv.stderr_text()[-2000:]}")
    assert refused, "the disk never filled"
    time.sleep(1.5)
    assert srv.proc.poll() is None, f"the server died:\n{srv.stderr_text()[-2000:]}"
    assert_all_present(ddb, table, acked[:3])
    # Space is freed: writes resume without a restart. (With the WAL's room preallocated,
    # writes filled a memtable whose flush failed, and DB::Resume() after that could
    # wait forever on the request's thread: storage.cc turns preallocation off.)
    ballast.unlink()
    put_until_accepted(ddb, table, 20_000)
    acked.append(20_000)
    assert_all_present(ddb, table, acked)
    srv.stop()
    assert "consistent" in run_check(db)
    srv = server_factory(db_path=db)
    assert_all_present(make_client(srv.endpoint), table, acked)
