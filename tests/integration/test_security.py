"""--require-signature: SigV4 verification with boto3, the AWS CLI and raw requests,
with right and wrong secrets, unknown keys, no signature and clock skew; the
namespace stays access key + region; the GET monitoring views need a signed GET
(botocore's signer), /metrics only without --public-metrics."""

import datetime
import json
import os
import shutil
import subprocess
from urllib.parse import quote

import pytest

from mtutil import (create_table, expect_error, http_get, make_client, raw_post, server_args,
                    unique_name)
from security_common import (FILE_KEY, FILE_SECRET, FLAG_KEY, FLAG_SECRET, MISMATCH,
                             OTHER_KEY, OTHER_SECRET, UNRECOGNIZED, signed_get_headers,
                             signed_headers, utc_now, write_credentials_file)


@pytest.fixture(scope="module")
def secured(tmp_path_factory):
    """A server that requires signatures: one key from a flag, two from a file."""
    from conftest import start_with_fresh_port
    d = tmp_path_factory.mktemp("secured")
    creds = write_credentials_file(d / "credentials")
    srv = start_with_fresh_port(
        lambda port: server_args(port, in_memory=True, extra=[
            "--require-signature", "--credential", f"{FLAG_KEY}:{FLAG_SECRET}",
            "--credentials", str(creds)]),
        d / "logs")
    yield srv
    srv.stop()


def test_right_secrets_are_served(secured):
    for key, secret in [(FLAG_KEY, FLAG_SECRET), (FILE_KEY, FILE_SECRET),
                        (OTHER_KEY, OTHER_SECRET)]:
        c = make_client(secured.endpoint, access_key=key, secret_key=secret)
        name = unique_name("signed")
        create_table(c, name, range_type=None)
        c.put_item(TableName=name, Item={"PK": {"S": "k"}, "v": {"S": "x" * 100}})
        assert c.get_item(TableName=name, Key={"PK": {"S": "k"}})["Item"]["v"]["S"] == "x" * 100


def test_wrong_secret(secured):
    c = make_client(secured.endpoint, access_key=FLAG_KEY, secret_key="not-the-secret")
    expect_error(c.list_tables, "InvalidSignatureException", MISMATCH)


def test_unknown_access_key(secured):
    c = make_client(secured.endpoint, access_key="AKIDNOBODY", secret_key=FLAG_SECRET)
    expect_error(c.list_tables, "UnrecognizedClientException", UNRECOGNIZED)


def test_missing_signature(secured):
    r = raw_post(secured.port, "ListTables", auth=False)
    assert r.status == 400
    assert r.error_type() == "MissingAuthenticationTokenException"
    assert r.json()["message"] == "Request is missing Authentication Token"
    # A fake signature (what an unverifying server accepts) is refused.
    r = raw_post(secured.port, "ListTables",
                 headers={"Authorization": signed_headers(
                     secured.port, "ListTables", b"{}", FLAG_KEY, FLAG_SECRET,
                     utc_now())["Authorization"][:-4] + "0000"})
    assert r.error_type() == "InvalidSignatureException", r.body
    # The health check needs no signature.
    from mtutil import health_status
    assert health_status(secured.port) == 200


def test_tampered_body(secured):
    headers = signed_headers(secured.port, "ListTables", b"{}", FLAG_KEY, FLAG_SECRET, utc_now())
    r = raw_post(secured.port, "ListTables", body=b'{"Limit": 1}', auth=False, headers=headers)
    assert r.error_type() == "InvalidSignatureException"
    assert r.json()["message"] == MISMATCH
    r = raw_post(secured.port, "ListTables", body=b"{}", auth=False, headers=headers)
    assert r.status == 200, r.body


@pytest.mark.parametrize("minutes", [-20, 20])
def test_clock_skew_over_15_minutes(secured, minutes):
    when = utc_now() + datetime.timedelta(minutes=minutes)
    headers = signed_headers(secured.port, "ListTables", b"{}", FLAG_KEY, FLAG_SECRET, when)
    r = raw_post(secured.port, "ListTables", auth=False, headers=headers)
    assert r.status == 400
    assert r.error_type() == "InvalidSignatureException"
    stamp = when.strftime("%Y%m%dT%H%M%SZ")
    if minutes < 0:
        assert r.json()["message"].startswith(f"Signature expired: {stamp} is now earlier than ")
        assert r.json()["message"].endswith(" - 15 min.)")
    else:
        assert r.json()["message"].startswith(f"Signature not yet current: {stamp} is still later")
        assert r.json()["message"].endswith(" + 15 min.)")
    # Ten minutes off is within the window.
    ok = signed_headers(secured.port, "ListTables", b"{}", FLAG_KEY, FLAG_SECRET,
                        utc_now() + datetime.timedelta(minutes=minutes // 2))
    assert raw_post(secured.port, "ListTables", auth=False, headers=ok).status == 200


def test_namespace_is_access_key_and_region(secured):
    a = make_client(secured.endpoint, access_key=FILE_KEY, secret_key=FILE_SECRET)
    b = make_client(secured.endpoint, access_key=OTHER_KEY, secret_key=OTHER_SECRET)
    a_west = make_client(secured.endpoint, access_key=FILE_KEY, secret_key=FILE_SECRET,
                         region="us-west-2")
    name = unique_name("ns")
    create_table(a, name, range_type=None)
    assert name in a.list_tables()["TableNames"]
    assert name not in b.list_tables()["TableNames"]
    assert name not in a_west.list_tables()["TableNames"]


def test_aws_cli_right_and_wrong_secret(secured, aws_cli_env):
    exe = shutil.which("aws", path=aws_cli_env.get("PATH"))
    if exe is None:
        pytest.fail("the AWS CLI (aws) is not on PATH", pytrace=False)

    def run(secret):
        env = dict(aws_cli_env, AWS_ACCESS_KEY_ID=FLAG_KEY, AWS_SECRET_ACCESS_KEY=secret)
        return subprocess.run([exe, "--endpoint-url", secured.endpoint, "dynamodb",
                               "list-tables", "--output", "json"], env=env,
                              capture_output=True, text=True, timeout=60,
                              stdin=subprocess.DEVNULL)

    good = run(FLAG_SECRET)
    assert good.returncode == 0, good.stderr
    assert "TableNames" in json.loads(good.stdout)
    bad = run("wrong")
    assert bad.returncode != 0
    assert "InvalidSignatureException" in bad.stderr and MISMATCH in bad.stderr, bad.stderr


def test_flags_need_each_other(server_factory, tmp_path):
    from mtutil import monotable_bin
    for args, message in [
            (["--require-signature"], "--require-signature needs --credentials"),
            (["--require-signature", "--credentials", str(tmp_path / "missing")],
             "cannot read " + str(tmp_path / "missing")),
            (["--credential", "A:B"], "take effect with --require-signature only")]:
        proc = subprocess.run([monotable_bin(), "--in-memory", "--port", "0", *args],
                              capture_output=True, text=True, timeout=30)
        assert proc.returncode != 0, args
        assert message in proc.stderr, proc.stderr
    assert not os.path.exists(tmp_path / "missing")


# ------------------------------------------------------------ the GET monitoring views

HOT_KEY = "hot-key-value"  # item data the insights view and /metrics show


def table_with_a_hot_key(srv):
    """A table with Contributor Insights on and one key read and written: its views
    show the key's value."""
    client = make_client(srv.endpoint, access_key=FLAG_KEY, secret_key=FLAG_SECRET)
    name = unique_name("views")
    create_table(client, name, range_type=None, billing="PAY_PER_REQUEST")
    client.update_contributor_insights(TableName=name, ContributorInsightsAction="ENABLE")
    client.put_item(TableName=name, Item={"PK": {"S": HOT_KEY}})
    client.get_item(TableName=name, Key={"PK": {"S": HOT_KEY}})
    return name


def get(srv, path, access_key=FLAG_KEY, secret=FLAG_SECRET, when=None, signed=True):
    """(status, body text) of a GET, signed by botocore unless `signed` is false."""
    headers = signed_get_headers(srv.port, path, access_key, secret, when) if signed else {}
    status, _, body = http_get(srv.port, path, headers=headers)
    return status, body


def error_of(body):
    reply = json.loads(body)
    return reply["__type"].split("#")[-1], reply["message"]


def test_monitoring_views_need_a_signed_get(secured):
    name = table_with_a_hot_key(secured)
    ns = quote(f"{FLAG_KEY}:us-east-1", safe="")
    views = ["/monotable/tables", "/metrics", f"/monotable/tables/{name}/partitions?namespace={ns}",
             f"/monotable/tables/{name}/insights?namespace={ns}&seconds=60"]
    for path in views:
        assert error_of(get(secured, path, signed=False)[1]) == (
            "MissingAuthenticationTokenException", "Request is missing Authentication Token")
        status, body = get(secured, path, secret="not-the-secret")
        assert status == 400 and error_of(body) == ("InvalidSignatureException", MISMATCH), path
        status, body = get(secured, path, access_key="AKIDNOBODY")
        assert error_of(body) == ("UnrecognizedClientException", UNRECOGNIZED), path
        status, body = get(secured, path)
        assert status == 200, (path, body)
    assert HOT_KEY in get(secured, views[3])[1] and HOT_KEY in get(secured, "/metrics")[1]
    expired = utc_now() - datetime.timedelta(minutes=20)
    status, body = get(secured, "/monotable/tables", when=expired)
    assert error_of(body)[1].startswith("Signature expired: ")
    # The health check (monotable --health-check) and the console's files stay open.
    assert http_get(secured.port, "/")[0] == 200
    assert http_get(secured.port, "/console/")[0] == 200


def test_public_metrics_opens_only_metrics_without_key_values(tmp_path):
    from conftest import start_with_fresh_port
    srv = start_with_fresh_port(lambda port: server_args(port, in_memory=True, extra=[
        "--require-signature", "--credential", f"{FLAG_KEY}:{FLAG_SECRET}", "--public-metrics"]),
        tmp_path / "logs")
    try:
        name = table_with_a_hot_key(srv)
        status, text = get(srv, "/metrics", signed=False)
        assert status == 200 and f'table="{name}"' in text
        assert HOT_KEY not in text
        # The key is there to leave out: the signed insights view shows it.
        assert HOT_KEY in get(srv, f"/monotable/tables/{name}/insights")[1]
        status, body = get(srv, "/monotable/tables", signed=False)
        assert status == 400 and error_of(body)[0] == "MissingAuthenticationTokenException"
    finally:
        srv.stop()
