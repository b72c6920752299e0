"""Crash consistency: a mixed workload (puts, updates, deletes, batch writes,
transactions, a GSI backfill, the TTL sweep, a stream reader) is killed with SIGKILL at
a random moment, again and again; after each kill `monotable check` finds statistics,
index entries and the expiry index exact, and through the API every acknowledged write
is there with exactly one stream record and no transaction is half-applied
(crash_workload.py). MT_CRASH_KILLS sets the number of kills (default 6, the CI form);
tests/crash_consistency.sh runs the long form."""

import os
import random

from crash_workload import (StreamLog, create_crash_table, run_check, run_until_kill,
                            verify_after_restart, Model)
from mtutil import make_client
from streams_common import streams_client

KILLS = int(os.environ.get("MT_CRASH_KILLS", "6"))


def test_invariants_hold_after_every_sigkill(server_factory, tmp_path):
    db = tmp_path / "db"
    srv = server_factory(db_path=db)
    table, arn = create_crash_table(make_client(srv.endpoint))
    model, log = Model(), StreamLog(arn)
    seed = int(os.environ.get("MT_CRASH_SEED", random.randrange(1 << 30)))
    rng = random.Random(seed)
    for kill in range(KILLS):
        run_until_kill(srv, table, arn, model, rng.uniform(0.6, 2.5))
        report = run_check(db)
        srv = server_factory(db_path=db)
        failures = verify_after_restart(make_client(srv.endpoint), streams_client(srv.endpoint),
                                        table, model, log)
        assert not failures, (f"kill {kill + 1} (seed {seed}):\n" + "\n".join(failures[:20]) +
                              f"\ncheck: {report}")
    writes = sum(len(h) for h in model.states.values())
    assert writes > 20 * KILLS, f"only {writes} acknowledged writes: the test tested little"
    print(f"{KILLS} kills, {writes} acknowledged writes, last check: {report.strip()}")
