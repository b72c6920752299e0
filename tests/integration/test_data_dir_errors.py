"""A data directory the server cannot use: locked by another monotable, corrupted, or
of a newer on-disk format version. Each gives a clear message and a non-zero exit at
start-up, never a crash or a silent reset (the directory is left as it was). The
version refusal itself is unit-tested (engine/storage/storage_test.cc): no client can
write a version record."""

import subprocess

import pytest

from mtutil import create_table, free_port, make_client, monotable_bin


def run_server(db_path, timeout=30):
    try:
        return subprocess.run([monotable_bin(), "--port", str(free_port()), "--db-path",
                               str(db_path)], capture_output=True, text=True, timeout=timeout,
                              stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired as e:
        pytest.fail(f"monotable kept running on an unusable data directory: {e.stderr!r}")


def files_of(directory):
    return {p.name: p.read_bytes() for p in directory.iterdir() if p.is_file()
            and not p.name.startswith("LOG")}


@pytest.fixture
def data_dir(server_factory, tmp_path):
    """A data directory holding one table with one item, server stopped."""
    db = tmp_path / "db"
    srv = server_factory(db_path=db)
    ddb = make_client(srv.endpoint)
    table = create_table(ddb)["TableDescription"]["TableName"]
    ddb.put_item(TableName=table, Item={"PK": {"S": "a"}, "SK": {"S": "b"}})
    assert srv.stop() == 0
    return db


def test_a_directory_locked_by_another_monotable_is_refused(server_factory, data_dir):
    srv = server_factory(db_path=data_dir)
    proc = run_server(data_dir)
    assert proc.returncode == 1, (proc.returncode, proc.stderr)
    assert f"cannot open data directory '{data_dir}'" in proc.stderr, proc.stderr
    assert "lock" in proc.stderr.lower(), proc.stderr
    assert make_client(srv.endpoint).list_tables()["TableNames"], "the first server was hurt"


@pytest.mark.parametrize("damage", ["garbage CURRENT", "missing MANIFEST", "truncated MANIFEST"])
def test_a_corrupted_directory_is_refused_and_left_alone(data_dir, damage):
    current = data_dir / "CURRENT"
    manifest = data_dir / current.read_text().strip()
    if damage == "garbage CURRENT":
        current.write_bytes(b"\x00\xffnot a manifest name\n")
    elif damage == "missing MANIFEST":
        manifest.unlink()
    else:
        manifest.write_bytes(manifest.read_bytes()[:20])
    before = files_of(data_dir)
    proc = run_server(data_dir)
    assert proc.returncode == 1, (proc.returncode, proc.stderr)
    assert f"cannot open data directory '{data_dir}'" in proc.stderr, proc.stderr
    assert "fatal" not in proc.stderr, proc.stderr  # a clean error, not an exception
    assert files_of(data_dir) == before, "the server changed a directory it refused"


def test_check_reports_a_consistent_directory(data_dir):
    proc = subprocess.run([monotable_bin(), "check", "--db-path", str(data_dir)],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.strip().endswith("checked 1 tables, 1 items, 0 index entries: consistent")


def test_check_of_a_locked_directory_fails_cleanly(server_factory, data_dir):
    server_factory(db_path=data_dir)
    proc = subprocess.run([monotable_bin(), "check", "--db-path", str(data_dir)],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "lock" in proc.stderr.lower(), proc.stderr
