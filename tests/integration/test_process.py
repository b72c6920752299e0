"""The server process: command line, persistence across restarts, clean shutdown on
SIGTERM / SIGINT, in-memory mode, DynamoDB Local's flag spellings and the per access key
and region namespaces (and --shared-db)."""

import signal
import subprocess
import uuid

import pytest
from botocore.exceptions import ClientError

from mtutil import (create_table, expect_error, free_port, health_status, make_client,
                    monotable_bin, unique_name)

ITEM = {
    "PK": {"S": "user#1"}, "SK": {"S": "a"},
    "n": {"N": "3.14"}, "b": {"B": b"\x00\x01\xff"}, "ok": {"BOOL": True}, "z": {"NULL": True},
    "ss": {"SS": ["x", "y"]}, "ns": {"NS": ["1", "2"]},
    "m": {"M": {"l": {"L": [{"S": "deep"}, {"N": "-1"}]}}},
}


def run_binary(args, timeout=10):
    """Runs the binary to completion; fails the test if it is still running after timeout."""
    try:
        return subprocess.run([monotable_bin(), *args], capture_output=True, text=True,
                              timeout=timeout, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired as e:
        pytest.fail(f"monotable {args} did not exit within {timeout}s "
                    f"(stdout={e.stdout!r}, stderr={e.stderr!r})")


def sorted_sets(item):
    return {k: ({t: sorted(v)} if t in ("SS", "NS", "BS") else {t: v})
            for k, (t, v) in ((k, next(iter(v.items()))) for k, v in item.items())}


def test_health_check(server):
    assert health_status(server.port) == 200


def test_restart_keeps_tables_and_items(server_factory, tmp_path):
    db = tmp_path / "persist"
    srv = server_factory(db_path=db)
    c = make_client(srv.endpoint)
    create_table(c, "kept", rcu=5, wcu=5)
    create_table(c, "kept-ondemand", hash_type="N", range_type=None, billing="PAY_PER_REQUEST")
    create_table(c, "dropped", range_type=None)
    c.put_item(TableName="kept", Item=ITEM)
    c.put_item(TableName="kept", Item={"PK": {"S": "user#1"}, "SK": {"S": "b"}})
    c.put_item(TableName="kept", Item={"PK": {"S": "gone"}, "SK": {"S": "x"}})
    c.delete_item(TableName="kept", Key={"PK": {"S": "gone"}, "SK": {"S": "x"}})
    c.put_item(TableName="kept-ondemand", Item={"PK": {"N": "42"}, "v": {"S": "answer"}})
    c.update_table(TableName="kept", ProvisionedThroughput={"ReadCapacityUnits": 8,
                                                            "WriteCapacityUnits": 9})
    c.delete_table(TableName="dropped")
    before = c.describe_table(TableName="kept")["Table"]

    # SIGTERM; the exit code (0 for a clean shutdown) is asserted at the end, so that a
    # bad exit code does not hide whether the data survived.
    rc1 = srv.stop(signal.SIGTERM)
    err1 = srv.stderr_text()
    note = f"(first server exit code {rc1}; stderr: {err1[-2000:]!r})"

    srv2 = server_factory(db_path=db)
    c2 = make_client(srv2.endpoint)
    assert sorted(c2.list_tables()["TableNames"]) == ["kept", "kept-ondemand"], note
    after = c2.describe_table(TableName="kept")["Table"]
    assert after["TableStatus"] == "ACTIVE"
    for field in ("TableId", "TableArn", "CreationDateTime", "KeySchema"):
        assert after[field] == before[field], field
    assert sorted(after["AttributeDefinitions"], key=lambda a: a["AttributeName"]) == \
        sorted(before["AttributeDefinitions"], key=lambda a: a["AttributeName"])
    assert after["ProvisionedThroughput"]["ReadCapacityUnits"] == 8, note
    assert after["ProvisionedThroughput"]["WriteCapacityUnits"] == 9, note
    ondemand = c2.describe_table(TableName="kept-ondemand")["Table"]
    assert ondemand["BillingModeSummary"]["BillingMode"] == "PAY_PER_REQUEST"

    got = c2.get_item(TableName="kept", Key={"PK": {"S": "user#1"}, "SK": {"S": "a"}},
                      ConsistentRead=True)
    assert "Item" in got, note
    assert sorted_sets(got["Item"]) == sorted_sets(ITEM)
    assert "Item" in c2.get_item(TableName="kept", Key={"PK": {"S": "user#1"}, "SK": {"S": "b"}})
    assert "Item" not in c2.get_item(TableName="kept",
                                     Key={"PK": {"S": "gone"}, "SK": {"S": "x"}})
    assert c2.get_item(TableName="kept-ondemand",
                       Key={"PK": {"N": "42"}})["Item"]["v"] == {"S": "answer"}
    expect_error(c2.describe_table, "ResourceNotFoundException",
                 "Requested resource not found: Table: dropped not found", TableName="dropped")

    # Still writable after the restart; and a second restart keeps the new write.
    c2.put_item(TableName="kept", Item={"PK": {"S": "after"}, "SK": {"S": "restart"}})
    rc2 = srv2.stop(signal.SIGTERM)
    err2 = srv2.stderr_text()
    srv3 = server_factory(db_path=db)
    c3 = make_client(srv3.endpoint)
    assert "Item" in c3.get_item(TableName="kept",
                                 Key={"PK": {"S": "after"}, "SK": {"S": "restart"}})

    # Clean shutdown on SIGTERM: exit code 0.
    assert rc1 == 0, f"exit code {rc1} after SIGTERM; stderr:\n{err1[-2000:]}"
    assert rc2 == 0, f"exit code {rc2} after SIGTERM; stderr:\n{err2[-2000:]}"


def test_sigint_is_a_clean_shutdown(server_factory, tmp_path):
    db = tmp_path / "sigint"
    srv = server_factory(db_path=db)
    c = make_client(srv.endpoint)
    create_table(c, "t-sigint", range_type=None)
    c.put_item(TableName="t-sigint", Item={"PK": {"S": "k"}, "v": {"N": "1"}})
    rc = srv.stop(signal.SIGINT)
    srv2 = server_factory(db_path=db)
    got = make_client(srv2.endpoint).get_item(TableName="t-sigint", Key={"PK": {"S": "k"}})
    assert got["Item"]["v"] == {"N": "1"}
    assert rc == 0, f"exit code {rc} after SIGINT; stderr:\n{srv.stderr_text()[-2000:]}"


def test_sigterm_idle_server_exits_zero(server_factory):
    srv = server_factory(in_memory=True)
    assert srv.stop(signal.SIGTERM) == 0, srv.stderr_text()
    assert health_status(srv.port) is None


def test_in_memory_keeps_nothing_across_restarts(server_factory):
    srv = server_factory(in_memory=True)
    c = make_client(srv.endpoint)
    create_table(c, "ephemeral", range_type=None)
    c.put_item(TableName="ephemeral", Item={"PK": {"S": "k"}})
    assert c.list_tables()["TableNames"] == ["ephemeral"]
    srv.stop(signal.SIGTERM)

    srv2 = server_factory(in_memory=True)
    c2 = make_client(srv2.endpoint)
    assert c2.list_tables()["TableNames"] == []
    expect_error(c2.describe_table, "ResourceNotFoundException",
                 "Requested resource not found: Table: ephemeral not found",
                 TableName="ephemeral")


def test_dynamodb_local_spellings_in_memory(server_factory):
    port = free_port()
    srv = server_factory(args=["-jar", "DynamoDBLocal.jar", "-port", str(port), "-inMemory"],
                         port=port)
    c = make_client(srv.endpoint)
    create_table(c, "local-style", range_type=None)
    c.put_item(TableName="local-style", Item={"PK": {"S": "a"}, "v": {"S": "b"}})
    assert c.get_item(TableName="local-style", Key={"PK": {"S": "a"}})["Item"]["v"] == {"S": "b"}


def test_dynamodb_local_spellings_db_path_and_shared_db(server_factory, tmp_path):
    db = tmp_path / "local-db"
    db.mkdir()
    port = free_port()
    args = ["-jar", "DynamoDBLocal.jar", "-sharedDb", "-dbPath", str(db), "-port", str(port)]
    srv = server_factory(args=args, port=port)
    a = make_client(srv.endpoint, access_key="AKIDAAAA")
    b = make_client(srv.endpoint, access_key="AKIDBBBB", region="eu-west-1")
    create_table(a, "shared-local", range_type=None)
    a.put_item(TableName="shared-local", Item={"PK": {"S": "x"}})
    assert "shared-local" in b.list_tables()["TableNames"]  # -sharedDb
    srv.stop()
    # -dbPath persisted it.
    port2 = free_port()
    srv2 = server_factory(args=["-jar", "DynamoDBLocal.jar", "-sharedDb", "-dbPath", str(db),
                                "-port", str(port2)], port=port2)
    c = make_client(srv2.endpoint, access_key="AKIDCCCC")
    assert "Item" in c.get_item(TableName="shared-local", Key={"PK": {"S": "x"}})


def test_help_exits_zero_with_usage():
    proc = run_binary(["--help"])
    assert proc.returncode == 0, proc.stderr
    text = proc.stdout + proc.stderr
    assert "usage" in text.lower(), text
    for flag in ("--port", "--db-path", "--in-memory", "--shared-db"):
        assert flag in text, f"{flag} not in --help output:\n{text}"


def test_unknown_flag_fails_with_message():
    proc = run_binary(["--bogus-flag"])
    assert proc.returncode == 2, (proc.returncode, proc.stderr)
    assert proc.stderr.strip(), "no message on stderr"
    assert "bogus-flag" in proc.stderr, proc.stderr


@pytest.mark.parametrize("args", [["--in-memory", "--port"],
                                  ["--port", "notaport", "--in-memory"],
                                  ["--port", "70000", "--in-memory"]],
                         ids=["missing-value", "not-a-number", "out-of-range"])
def test_bad_port_fails(args):
    proc = run_binary(args)
    assert proc.returncode != 0, proc.stdout + proc.stderr
    assert proc.stderr.strip(), "no message on stderr"


def test_db_path_that_is_a_regular_file_fails(tmp_path):
    path = tmp_path / "not-a-directory"
    path.write_text("I am a file\n")
    proc = run_binary(["--port", str(free_port()), "--db-path", str(path)])
    assert proc.returncode != 0, proc.stdout + proc.stderr
    assert proc.stderr.strip(), "no message on stderr"
    assert str(path) in proc.stderr or path.name in proc.stderr, proc.stderr
    assert path.read_text() == "I am a file\n"  # left alone


def test_tables_are_separated_per_access_key_and_region(server):
    tag = uuid.uuid4().hex[:8].upper()
    a = make_client(server.endpoint, access_key="AKIDA" + tag)
    b = make_client(server.endpoint, access_key="AKIDB" + tag)
    a_west = make_client(server.endpoint, access_key="AKIDA" + tag, region="us-west-2")
    name = unique_name("ns")
    create_table(a, name, range_type=None)
    a.put_item(TableName=name, Item={"PK": {"S": "k"}, "owner": {"S": "A"}})

    assert name in a.list_tables()["TableNames"]
    assert name not in b.list_tables()["TableNames"]
    assert name not in a_west.list_tables()["TableNames"]
    for other in (b, a_west):
        expect_error(other.describe_table, "ResourceNotFoundException",
                     f"Requested resource not found: Table: {name} not found", TableName=name)
        expect_error(other.get_item, "ResourceNotFoundException", "Requested resource not found",
                     TableName=name, Key={"PK": {"S": "k"}})

    # The same name can exist independently in another namespace.
    create_table(b, name, hash_type="N", range_type=None, billing="PAY_PER_REQUEST")
    b.put_item(TableName=name, Item={"PK": {"N": "1"}, "owner": {"S": "B"}})
    assert a.describe_table(TableName=name)["Table"]["AttributeDefinitions"] == \
        [{"AttributeName": "PK", "AttributeType": "S"}]
    assert a.get_item(TableName=name, Key={"PK": {"S": "k"}})["Item"]["owner"] == {"S": "A"}
    assert b.get_item(TableName=name, Key={"PK": {"N": "1"}})["Item"]["owner"] == {"S": "B"}

    # The ARN names the caller's region.
    create_table(a_west, name, range_type=None)
    arn = a_west.describe_table(TableName=name)["Table"]["TableArn"]
    assert arn.startswith("arn:aws:dynamodb:us-west-2:") and arn.endswith(f":table/{name}")

    b.delete_table(TableName=name)
    a_west.delete_table(TableName=name)
    assert a.describe_table(TableName=name)["Table"]["TableName"] == name  # A's is intact
    a.delete_table(TableName=name)


def test_shared_db_makes_tables_visible_to_all_keys_and_regions(server_factory):
    srv = server_factory(shared_db=True)
    a = make_client(srv.endpoint, access_key="AKIDAAAA")
    b = make_client(srv.endpoint, access_key="AKIDBBBB")
    b_eu = make_client(srv.endpoint, access_key="AKIDBBBB", region="eu-central-1")
    create_table(a, "everyone", range_type=None)
    assert "everyone" in b.list_tables()["TableNames"]
    assert "everyone" in b_eu.list_tables()["TableNames"]
    b_eu.put_item(TableName="everyone", Item={"PK": {"S": "from-b"}})
    assert "Item" in a.get_item(TableName="everyone", Key={"PK": {"S": "from-b"}})
    with pytest.raises(ClientError) as e:
        create_table(b, "everyone", range_type=None)
    assert e.value.response["Error"]["Code"] == "ResourceInUseException"


def test_health_check_mode_exits_zero_for_a_serving_server(server):
    proc = run_binary(["--health-check", f"http://127.0.0.1:{server.port}/"])
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == ""


def test_health_check_mode_exits_one_with_a_reason(server):
    port = free_port()  # nothing listens there
    proc = run_binary(["--health-check", f"http://127.0.0.1:{port}/"])
    assert proc.returncode == 1
    assert "monotable: unhealthy: cannot connect to 127.0.0.1:" in proc.stderr, proc.stderr
    proc = run_binary(["--health-check", f"http://127.0.0.1:{server.port}/nowhere"])
    assert proc.returncode == 1
    assert "answered HTTP 404" in proc.stderr, proc.stderr
    proc = run_binary(["--health-check", "https://127.0.0.1/"])
    assert proc.returncode == 1
    assert "only http:// is supported" in proc.stderr, proc.stderr


def test_dynamodb_local_option_not_supported_lists_the_accepted_ones():
    proc = run_binary(["-jar", "DynamoDBLocal.jar", "-sharedDb", "-inMemroy"])
    assert proc.returncode == 2
    assert "unknown option '-inMemroy': DynamoDB Local's options accepted are" in proc.stderr
