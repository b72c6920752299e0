"""`monotable export` and `monotable import`: DynamoDB-JSON lines ({"Item": ...}) over
the API, with the AWS CLI's credentials and region (environment or profile), bad lines
reported by number, indexes kept right, and signatures a secured server accepts."""

import json
import subprocess

import pytest

from mtutil import (ACCESS_KEY, REGION, SECRET_KEY, B, L, M, N, S, create_indexed_table,
                    follow_pages, index_spec, make_client, monotable_bin, unique_name)


def run(command, endpoint, table, stdin=b"", env_extra=None, args=()):
    env = {"PATH": "/usr/bin:/bin", "HOME": "/nonexistent",
           "AWS_ACCESS_KEY_ID": ACCESS_KEY, "AWS_SECRET_ACCESS_KEY": SECRET_KEY,
           "AWS_DEFAULT_REGION": REGION}
    env.update(env_extra or {})
    env = {k: v for k, v in env.items() if v is not None}
    return subprocess.run([monotable_bin(), command, "--endpoint", endpoint, "--table", table,
                           *args], input=stdin, env=env, capture_output=True, timeout=120)


def scan_all(client, table):
    pages = follow_pages(client.scan, TableName=table, ConsistentRead=True)
    return [item for page in pages for item in page["Items"]]


def indexed_table(client):
    name = unique_name("fixtures")
    create_indexed_table(client, name, {"PK": "S", "SK": "N", "G": "S"}, range_name="SK",
                         gsis=[index_spec("byG", "G")])
    return name


def every_type_items(count):
    items = []
    for i in range(count):
        item = {"PK": S(f"p{i % 7}"), "SK": N(str(i)), "G": S(f"g{i % 3}"),
                "n": N("-1.5e10"), "b": B(bytes([i % 256, 0, 255])), "t": {"BOOL": i % 2 == 0},
                "z": {"NULL": True}, "l": L(S("x"), N("1")), "m": M(a=S("é\"\\\n"), b=L()),
                "ss": {"SS": ["a", "b"]}, "ns": {"NS": ["1", "2.5"]}, "bs": {"BS": [b"\x01"]}}
        items.append(item)
    return items


def canon(items):
    return sorted(json.dumps(i, sort_keys=True, default=bytes.hex) for i in items)


def test_export_then_import_round_trip(server, ddb):
    source = indexed_table(ddb)
    items = every_type_items(260)
    for item in items:
        ddb.put_item(TableName=source, Item=item)

    exported = run("export", server.endpoint, source, args=["--segments", "3"])
    assert exported.returncode == 0, exported.stderr
    lines = exported.stdout.decode().splitlines()
    assert len(lines) == len(items)
    assert all(line.startswith('{"Item":{') for line in lines)
    assert exported.stderr == b""  # no progress output when stderr is not a terminal
    exported_items = [json.loads(line)["Item"] for line in lines]
    assert sorted(int(i["SK"]["N"]) for i in exported_items) == list(range(len(items)))
    # DynamoDB JSON as the wire has it: binary values in base64.
    first = next(i for i in exported_items if i["SK"]["N"] == "1")
    assert first["b"] == {"B": "AQD/"} and first["bs"] == {"BS": ["AQ=="]}
    assert first["m"] == {"M": {"a": {"S": "é\"\\\n"}, "b": {"L": []}}}

    target = indexed_table(ddb)
    imported = run("import", server.endpoint, target, stdin=exported.stdout)
    assert imported.returncode == 0, imported.stderr
    assert canon(scan_all(ddb, target)) == canon(scan_all(ddb, source))
    # The index was maintained by the ordinary write path.
    by_g = follow_pages(ddb.query, TableName=target, IndexName="byG",
                        KeyConditionExpression="G = :g", ExpressionAttributeValues={":g": S("g1")})
    assert sum(len(page["Items"]) for page in by_g) == sum(1 for i in items if i["G"]["S"] == "g1")


def test_import_reports_bad_lines_and_goes_on(server, ddb):
    table = indexed_table(ddb)
    good = [{"Item": {"PK": S(f"k{i}"), "SK": N(str(i)), "G": S("g")}} for i in range(60)]
    lines = [json.dumps(g) for g in good]
    bad = {
        3: "not json at all",
        10: json.dumps({"NotItem": {}}),
        20: json.dumps({"Item": {"PK": S("x"), "SK": N("1"), "s": {"SS": []}}}),
        30: json.dumps({"Item": {"PK": S("nosk")}}),  # the server refuses: no sort key
        40: json.dumps({"Item": {"PK": S("y"), "SK": S("not a number")}}),
    }
    for line_no in sorted(bad):
        lines.insert(line_no - 1, bad[line_no])
    lines.insert(50, "")  # blank lines are skipped, but counted
    result = run("import", server.endpoint, table, stdin=("\n".join(lines) + "\n").encode())
    assert result.returncode == 1
    err = result.stderr.decode()
    for line_no in bad:
        assert f"line {line_no}: " in err, err
    assert "line 3: not a JSON object" in err
    assert "line 10: expected {\"Item\": {...}}" in err
    assert "line 20: One or more parameter values were invalid: An string set  may not be empty" in err
    assert "line 30: ValidationException: One or more parameter values were invalid: " \
           "Missing the key SK in the item" in err, err
    assert "60 items imported, 5 bad lines" in err
    assert canon(scan_all(ddb, table)) == canon(g["Item"] for g in good)


def test_credentials_and_region_select_the_namespace(server, ddb, tmp_path):
    table = indexed_table(ddb)
    ddb.put_item(TableName=table, Item={"PK": S("a"), "SK": N("1"), "G": S("g")})
    # Another access key, or another region, is another namespace.
    other = run("export", server.endpoint, table, env_extra={"AWS_ACCESS_KEY_ID": "AKIDELSE"})
    assert other.returncode == 1
    assert b"ResourceNotFoundException" in other.stderr, other.stderr
    west = run("export", server.endpoint, table, args=["--region", "us-west-2"])
    assert west.returncode == 1
    # A profile from the shared files, as the CLI reads them.
    (tmp_path / "credentials").write_text(
        f"[fixtures]\naws_access_key_id = {ACCESS_KEY}\naws_secret_access_key = x\n")
    (tmp_path / "config").write_text(f"[profile fixtures]\nregion = {REGION}\n")
    profiled = run("export", server.endpoint, table, env_extra={
        "AWS_ACCESS_KEY_ID": None, "AWS_SECRET_ACCESS_KEY": None, "AWS_DEFAULT_REGION": None,
        "AWS_PROFILE": "fixtures", "AWS_SHARED_CREDENTIALS_FILE": str(tmp_path / "credentials"),
        "AWS_CONFIG_FILE": str(tmp_path / "config")})
    assert profiled.returncode == 0, profiled.stderr
    assert len(profiled.stdout.splitlines()) == 1
    none = run("export", server.endpoint, table, env_extra={
        "AWS_ACCESS_KEY_ID": None, "AWS_SECRET_ACCESS_KEY": None})
    assert none.returncode == 1
    assert b"Unable to locate credentials" in none.stderr


def test_usage_errors(server):
    r = subprocess.run([monotable_bin(), "import", "--table", "t"], capture_output=True,
                       timeout=30)
    assert r.returncode == 2
    assert b"--endpoint is required" in r.stderr
    r = run("export", server.endpoint, "t", args=["--writers", "2"])
    assert r.returncode == 2
    assert b"unknown option '--writers' for export" in r.stderr
    missing = run("import", server.endpoint, unique_name("absent"),
                  stdin=json.dumps({"Item": {"PK": S("a")}}).encode())
    assert missing.returncode == 1
    assert b"ResourceNotFoundException" in missing.stderr


def test_signed_requests_against_a_secured_server(server_factory, tmp_path):
    srv = server_factory(in_memory=True, extra=["--require-signature", "--credential",
                                                f"{ACCESS_KEY}:{SECRET_KEY}"])
    client = make_client(srv.endpoint)
    table = indexed_table(client)
    line = json.dumps({"Item": {"PK": S("a"), "SK": N("1"), "G": S("g")}}).encode()
    assert run("import", srv.endpoint, table, stdin=line).returncode == 0
    exported = run("export", srv.endpoint, table)
    assert exported.returncode == 0, exported.stderr
    assert json.loads(exported.stdout) == {"Item": {"PK": S("a"), "SK": N("1"), "G": S("g")}}
    wrong = run("export", srv.endpoint, table, env_extra={"AWS_SECRET_ACCESS_KEY": "wrong"})
    assert wrong.returncode == 1
    assert b"InvalidSignatureException: The request signature we calculated" in wrong.stderr
