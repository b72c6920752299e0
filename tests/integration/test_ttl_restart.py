"""Time to Live across restarts and kills: a sweep killed (SIGKILL) halfway finishes after
a restart, a backfill killed halfway resumes, and nothing is lost or left behind: items,
GSI entries and statistics stay exact."""

import signal
import time

from mtutil import make_client
from ttl_common import (gsi_count, item, item_count, load_items, now_s, scan_count, ttl_table,
                        wait_until)

N = 30_000
KEEP = 1_000


def populate(srv, name_client):
    c = name_client
    name = ttl_table(c, enable=False)
    t = now_s()
    items = [item(f"k{i}", t - 60, g=f"g{i % 20}") for i in range(N)]
    items += [item(f"keep{i}", t + 3600, g="kept") for i in range(KEEP)]
    load_items(srv.endpoint, name, items)
    return name


def expect_exactly_the_kept_items(c, name):
    assert item_count(c, name) == KEEP
    assert scan_count(c, name) == KEEP
    assert scan_count(c, name, index="byG") == KEEP
    assert gsi_count(c, name) == KEEP
    q = c.query(TableName=name, IndexName="byG", KeyConditionExpression="G = :g",
                ExpressionAttributeValues={":g": {"S": "kept"}}, Select="COUNT")
    assert q["Count"] == KEEP


def test_a_sweep_killed_halfway_finishes_after_a_restart(server_factory, tmp_path):
    db = tmp_path / "db"
    # Loaded and TTL enabled with sweeping off, so that the sweep starts after a restart.
    srv = server_factory(db_path=db, extra=("--ttl-sweep-interval", "0"))
    c = make_client(srv.endpoint)
    name = populate(srv, c)
    c.update_time_to_live(TableName=name, TimeToLiveSpecification={
        "Enabled": True, "AttributeName": "exp"})
    time.sleep(1)  # the backfill (it would resume after the restart anyway)
    assert srv.stop() == 0
    srv = server_factory(db_path=db, extra=("--ttl-sweep-interval", "0.05"))
    c = make_client(srv.endpoint)
    # Killed once the sweep has deleted some of the items but not all.
    wait_until(lambda: item_count(c, name) < N + KEEP - 500, timeout=30, interval=0.005,
               what="the sweep to start")
    srv.stop(signal.SIGKILL)
    srv = server_factory(db_path=db, extra=("--ttl-sweep-interval", "0"))
    c = make_client(srv.endpoint)
    left = item_count(c, name)
    assert KEEP <= left <= N + KEEP
    # What the killed sweep deleted is gone with its index entries, and the counts agree.
    assert scan_count(c, name) == left
    assert scan_count(c, name, index="byG") == left
    assert gsi_count(c, name) == left
    srv.stop()
    srv = server_factory(db_path=db, extra=("--ttl-sweep-interval", "0.1"))
    c = make_client(srv.endpoint)
    wait_until(lambda: item_count(c, name) == KEEP, timeout=60, interval=0.1,
               what="the rest of the sweep")
    expect_exactly_the_kept_items(c, name)


def test_a_backfill_killed_halfway_resumes(server_factory, tmp_path):
    db = tmp_path / "db"
    srv = server_factory(db_path=db, extra=("--ttl-sweep-interval", "0"))
    c = make_client(srv.endpoint)
    name = populate(srv, c)
    c.update_time_to_live(TableName=name, TimeToLiveSpecification={
        "Enabled": True, "AttributeName": "exp"})
    srv.stop(signal.SIGKILL)  # at once: the backfill has hardly begun
    srv = server_factory(db_path=db, extra=("--ttl-sweep-interval", "0.1"))
    c = make_client(srv.endpoint)
    assert c.describe_time_to_live(TableName=name)["TimeToLiveDescription"] == {
        "TimeToLiveStatus": "ENABLED", "AttributeName": "exp"}
    wait_until(lambda: item_count(c, name) == KEEP, timeout=60, interval=0.1,
               what="every expired item deleted after the restart")
    expect_exactly_the_kept_items(c, name)
