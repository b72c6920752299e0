"""Time to Live on 100,000 existing items: enabling TTL backfills the expiry index in the
background, and every item expires, with its GSI entry, leaving exact statistics."""

import time

from mtutil import make_client
from ttl_common import (FAST_FLAGS, gsi_count, item, item_count, load_items, now_s,
                        scan_count, ttl_table, wait_until)

N = 100_000


def test_ttl_enabled_on_100k_existing_items_deletes_them_all(server_factory):
    srv = server_factory(extra=FAST_FLAGS)
    c = make_client(srv.endpoint)
    name = ttl_table(c, enable=False)
    t = now_s()
    # Time travel through the values: every item expired a minute to a day ago; one in
    # a hundred never expires (no TTL attribute).
    items = [item(f"user#{i}", None if i % 100 == 0 else t - 60 - i % 86400, g=f"g{i % 50}")
             for i in range(N)]
    load_items(srv.endpoint, name, items)
    assert item_count(c, name) == N
    keep = N // 100
    started = time.monotonic()
    c.update_time_to_live(TableName=name, TimeToLiveSpecification={
        "Enabled": True, "AttributeName": "exp"})
    wait_until(lambda: item_count(c, name) == keep, timeout=120, interval=0.2,
               what="every expired item deleted")
    elapsed = time.monotonic() - started
    print(f"backfilled and swept {N - keep} items in {elapsed:.1f} s")
    assert scan_count(c, name) == keep
    assert scan_count(c, name, index="byG") == keep
    assert gsi_count(c, name) == keep
    size = c.describe_table(TableName=name)["Table"]["TableSizeBytes"]
    assert 0 < size < keep * 200
