"""The web console in a real headless Chromium against the real server: listing tables,
a Query, editing an item, a refused write, the partitions heat map after a hot-key load,
a stream record tailed live, and a rehearsal's report loaded from a file. Screenshots go to <build>/console-screenshots/."""
import contextlib
import json
import subprocess

import pytest
from botocore.exceptions import ClientError

from conftest import start_with_fresh_port
from console_browser import browser  # noqa: F401 (fixture)
from mtutil import (ACCESS_KEY, REGION, create_table, get_json, make_client, monotable_bin,
                    server_args, unique_name)
from security_common import FLAG_KEY, FLAG_SECRET, MISMATCH, UNRECOGNIZED


@pytest.fixture(scope="module")
def console_server(tmp_path_factory):
    """Enforcing throughput, so a hot key on a low-capacity table throttles at once."""
    logs = tmp_path_factory.mktemp("console-logs")
    srv = start_with_fresh_port(
        lambda p: server_args(p, in_memory=True, extra=["--throughput", "enforce"]), logs)
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def client(console_server):
    return make_client(console_server.endpoint)


@pytest.fixture(scope="module")
def orders(client):
    """An on-demand table with five items under one partition key, one elsewhere."""
    name = unique_name("orders")
    create_table(client, name, billing="PAY_PER_REQUEST")
    for i in range(5):
        client.put_item(TableName=name, Item={"PK": {"S": "cust1"}, "SK": {"S": f"o{i}"},
                                              "total": {"N": str(10 * i)}})
    client.put_item(TableName=name, Item={"PK": {"S": "cust2"}, "SK": {"S": "o9"}})
    return name


def open_console(browser, server, route):
    browser.open(server, route, ACCESS_KEY, REGION)


def run_query(browser, server, table, pk, access_key=ACCESS_KEY):
    browser.open(server, f"items?table={table}", access_key, REGION)
    browser.wait(lambda b: b.find("#items-table").get_attribute("value") == table, "the table")
    browser.set_value("#items-pk", pk)
    browser.click("#items-run")
    return browser.wait_text("#items-count", "item")


def grid_rows(browser):
    """The result grid's cells, without the actions column (read in one script: a new
    run replaces the grid)."""
    return browser.driver.execute_script(
        "return [...document.querySelectorAll('#items-grid tbody tr')].map("
        "(tr) => [...tr.cells].slice(0, -1).map((td) => td.textContent));")


def test_lists_tables_and_runs_a_query(browser, console_server, orders):
    open_console(browser, console_server, "tables")
    row = browser.wait_text(f'#table-list tr[data-table="{orders}"]', "ACTIVE")
    assert orders in row and "on demand" in row
    browser.screenshot("tables")
    assert run_query(browser, console_server, orders, "cust1") == "5 items"
    assert grid_rows(browser) == [["cust1", f"o{i}", str(10 * i)] for i in range(5)]
    browser.click("#items-backward")
    browser.click("#items-run")
    browser.wait(lambda b: grid_rows(b) and grid_rows(b)[0][1] == "o4", "the backward Query")
    browser.screenshot("items")


def test_creates_a_table_adds_and_deletes_a_gsi_and_deletes_the_table(browser, console_server,
                                                                       client):
    name = unique_name("made")
    open_console(browser, console_server, "tables")
    browser.wait(lambda b: b.find_all("#table-list, #no-tables"), "the tables view")
    browser.click("details.form summary")
    browser.set_value("#new-table-name", name)
    browser.click("#create-table")
    browser.wait_text("#table-list tbody tr", name)
    made = client.describe_table(TableName=name)["Table"]
    assert made["BillingModeSummary"]["BillingMode"] == "PAY_PER_REQUEST"
    assert [k["AttributeName"] for k in made["KeySchema"]] == ["PK", "SK"]
    browser.click(f'#table-list tr[data-table="{name}"] a.describe')
    browser.wait_text("#table-facts", "on demand")
    browser.set_value(".gsi-name", "byStatus")
    browser.set_value(".gsi-pk", "status")
    browser.click(".add-gsi")
    browser.wait_text("#index-list tbody tr", "byStatus")
    [gsi] = client.describe_table(TableName=name)["Table"]["GlobalSecondaryIndexes"]
    assert gsi["IndexName"] == "byStatus"
    assert gsi["KeySchema"] == [{"AttributeName": "status", "KeyType": "HASH"}]
    browser.wait_text("#index-list .index-status", "ACTIVE")
    browser.click("#index-list .delete-gsi")
    browser.driver.switch_to.alert.accept()
    browser.wait(lambda b: not client.describe_table(TableName=name)["Table"].get(
        "GlobalSecondaryIndexes"), "the GSI to go")
    browser.click("#delete-table")
    browser.driver.switch_to.alert.accept()
    browser.wait(lambda b: name not in client.list_tables()["TableNames"], "the table to go")


# Holds the page's DeleteTable answer (the request reaches the server) until
# window.releaseHeld() is called.
HOLD_DELETE_TABLE = """
const realFetch = window.fetch;
window.releaseHeld = null;
window.fetch = (url, init) => {
  const answer = realFetch(url, init);
  if (!String((init && init.headers && init.headers['X-Amz-Target']) || '').endsWith('.DeleteTable')) return answer;
  return new Promise((resolve) => { window.releaseHeld = () => resolve(answer); });
};
"""
LISTED = "return performance.getEntriesByName('monotable-tables-listed').length"


def test_a_late_answer_does_not_replace_the_view_shown_after_it(browser, console_server,
                                                                client, orders):
    """DeleteTable's answer, reaching the tables view after the user went to the items
    view, goes "back" to a list that is no longer shown: the items view stays."""
    name = unique_name("late")
    create_table(client, name)
    open_console(browser, console_server, f"tables?table={name}")
    browser.wait_text("#table-facts", "5 RCU")
    browser.driver.execute_script(HOLD_DELETE_TABLE)
    browser.click("#delete-table")
    browser.driver.switch_to.alert.accept()
    browser.wait(lambda b: b.driver.execute_script("return window.releaseHeld !== null"),
                 "DeleteTable to be sent")
    browser.driver.execute_script(f"location.hash = '#items?table={orders}'")
    browser.wait(lambda b: b.find("#items-table").get_attribute("value") == orders, "the items view")
    listed = browser.driver.execute_script(LISTED)
    browser.driver.execute_script("window.releaseHeld()")
    browser.wait(lambda b: b.driver.execute_script(LISTED) > listed, "the late list")
    assert browser.find_all("#items-table") and not browser.find_all("#table-list, #no-tables")


CAPTURE_EXPORT = """
window.exported = null;
URL.createObjectURL = (blob) => { window.exported = blob; return 'data:,'; };
document.getElementById('items-export').click();
const done = arguments[arguments.length - 1];
window.exported.text().then(done);
"""


def test_exports_the_results_as_dynamodb_json_lines(browser, console_server, client, orders):
    run_query(browser, console_server, orders, "cust2")
    lines = browser.driver.execute_async_script(CAPTURE_EXPORT).splitlines()
    items = client.query(TableName=orders, KeyConditionExpression="PK = :p",
                         ExpressionAttributeValues={":p": {"S": "cust2"}})["Items"]
    assert [json.loads(line) for line in lines] == [{"Item": item} for item in items]


CHECK_ITEMS = """
const [texts, done] = [arguments[0], arguments[arguments.length - 1]];
import('/console/ddbjson.js').then((m) => done(texts.map((t) => m.parseItem(t, ['PK']).error || null)));
"""


def test_the_editor_checks_dynamodb_json(browser, console_server):
    open_console(browser, console_server, "tables")
    cases = {
        '{"PK": {"S": "a"}, "n": {"N": "-1.5e3"}, "s": {"SS": ["x", "y"]}}': None,
        '{"PK": {"S": "a"}, "m": {"M": {"l": {"L": [{"NULL": true}, {"B": "AAEC"}]}}}}': None,
        '{"PK": "a"}': 'PK: an attribute value is an object such as {"S": "text"}',
        '{"PK": {"S": "a", "N": "1"}}':
            "PK: an attribute value has exactly one type key (S, N, B, BOOL, NULL, M, L, SS, NS, BS)",
        '{"PK": {"S": "a"}, "n": {"N": "12x"}}': 'n.N: must be a number written as a string, e.g. "42"',
        '{"PK": {"S": "a"}, "b": {"B": "not base64!"}}': "b.B: must be base64 text",
        '{"PK": {"S": "a"}, "s": {"SS": []}}': "s.SS: a set must not be empty",
        '{"PK": {"S": "a"}, "s": {"NS": ["1", "1"]}}': "s.NS: a set must not hold duplicates",
        '{"PK": {"S": "a"}, "m": {"M": {"x": {"BOOL": "yes"}}}}': "m.M.x.BOOL: must be true or false",
        '{"PK": {"S": "a"}, "z": {"Q": "1"}}':
            'z: unknown type "Q" (one of S, N, B, BOOL, NULL, M, L, SS, NS, BS)',
        '{"SK": {"S": "a"}}': "the key attribute PK is missing",
        "[]": 'an item is an object of attribute names to values, e.g. {"PK": {"S": "a"}}',
    }
    got = browser.driver.execute_async_script(CHECK_ITEMS, list(cases))
    assert dict(zip(cases, got)) == cases


def open_editor_on_first_row(browser, server, table):
    run_query(browser, server, table, "cust1")
    browser.click("#items-grid tbody tr .edit-item")
    return json.loads(browser.wait(lambda b: b.find("#item-editor").get_attribute("value"),
                                   "the editor"))


def test_editing_an_item_writes_it(browser, console_server, client, orders):
    item = open_editor_on_first_row(browser, console_server, orders)
    assert item["PK"] == {"S": "cust1"}
    sk = item["SK"]["S"]
    item["total"] = {"N": "999"}
    item["note"] = {"S": "edited in the console"}
    browser.set_value("#item-editor", "{")
    assert "not JSON" in browser.find("#editor-status").text
    assert not browser.find("#save-item").is_enabled()
    browser.set_value("#item-editor", json.dumps(item))
    assert browser.find("#editor-status").text == "valid DynamoDB JSON"
    browser.click("#save-item")
    browser.wait(lambda b: not b.find_all("#item-editor"), "the editor to close")
    got = client.get_item(TableName=orders, Key={"PK": {"S": "cust1"}, "SK": {"S": sk}})
    assert got["Item"]["total"] == {"N": "999"}
    assert got["Item"]["note"] == {"S": "edited in the console"}


def test_a_refused_write_shows_dynamodbs_error(browser, console_server, client, orders):
    item = open_editor_on_first_row(browser, console_server, orders)
    item["PK"] = {"N": "1"}  # valid DynamoDB JSON, but the table's key is a string
    browser.set_value("#item-editor", json.dumps(item))
    browser.click("#save-item")
    shown = browser.wait_text("#editor-error .error", "ValidationException")
    with pytest.raises(ClientError) as refused:
        client.put_item(TableName=orders, Item=item)
    assert refused.value.response["Error"]["Code"] == "ValidationException"
    assert shown == "ValidationException " + refused.value.response["Error"]["Message"]
    browser.screenshot("refused-write")


# Rows of the heat map holding a red ("at or over its share") cell, and whether it shows
# a throttle mark (near-black pixels), read back from the canvas.
HEAT_ROWS = """
const c = document.getElementById('heatmap');
const h = Number(c.dataset.cellHeight), d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
const rows = [];
for (let y = 0; y < c.height / h; y++) {
  let hot = false, mark = false;
  for (let py = y * h; py < (y + 1) * h; py++) for (let x = 0; x < c.width; x++) {
    const i = (py * c.width + x) * 4;
    if (d[i] > 180 && d[i + 1] < 60) hot = true;
    if (d[i] < 40 && d[i + 1] < 40 && d[i + 2] < 40) mark = true;
  }
  rows.push([hot, mark]);
}
return rows;
"""


def test_partitions_view_shows_the_hot_partition_and_its_throttles(browser, console_server,
                                                                   client):
    name = unique_name("hot")
    create_table(client, name, rcu=6000, wcu=5)  # 3 partitions sharing 5 WCU/s
    client.update_contributor_insights(TableName=name, ContributorInsightsAction="ENABLE")
    throttled = 0
    for i in range(40):
        try:
            client.put_item(TableName=name, Item={"PK": {"S": "hotkey"}, "SK": {"S": str(i)}})
        except ClientError as e:
            assert e.response["Error"]["Code"] == "ProvisionedThroughputExceededException"
            throttled += 1
    assert 0 < throttled < 40
    open_console(browser, console_server, f"partitions?table={name}")
    browser.wait_text("#partition-count", "3 partitions")
    # The view's total is the server's count (boto3's own retries are refused requests too).
    _, view = get_json(console_server.port, f"/monotable/tables/{name}/partitions")
    total = view["Resources"][0]["ThrottledWriteRequests"]
    assert total >= throttled
    browser.wait_text("#throttled-total", f"{total} throttled requests")
    assert browser.wait_text("#hot-partitions", "at or over") == "1 at or over its share"
    rows = browser.driver.execute_script(HEAT_ROWS)
    assert len(rows) == 3
    assert [hot for hot, _ in rows].count(True) == 1
    assert [mark for _, mark in rows] == [hot for hot, _ in rows]  # throttles on the hot one
    browser.wait_text("#top-keys .top-keys", "hotkey")
    browser.screenshot("partitions")


def test_the_split_history_shows_splits_made_before_the_page_opened(browser, console_server,
                                                                     client):
    name = unique_name("split")
    create_table(client, name, rcu=5, wcu=5)
    # ceil(5/3000 + 2500/1000) = 3 partitions: two capacity splits, with no page open.
    client.update_table(TableName=name, ProvisionedThroughput={"ReadCapacityUnits": 5,
                                                               "WriteCapacityUnits": 2500})
    open_console(browser, console_server, f"partitions?table={name}")
    browser.wait_text("#partition-count", "3 partitions")
    history = browser.wait_text("#split-history", "capacity")
    lines = history.splitlines()
    assert len(lines) == 2  # newest first
    assert lines[0].endswith("capacity · partition 0000000000000000 → 0000000000000000, "
                             "4000000000000000 · layout 1")
    assert lines[1].endswith("capacity · partition 0000000000000000 → 0000000000000000, "
                             "8000000000000000 · layout 1")
    browser.screenshot("split-history")


def test_a_stream_record_appears_after_a_write(browser, console_server, client):
    name = unique_name("streamed")
    client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}],
        StreamSpecification={"StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"})
    open_console(browser, console_server, f"streams?table={name}")
    browser.wait_text("#streams-status", "tailing")
    client.put_item(TableName=name, Item={"PK": {"S": "fresh"}, "v": {"N": "7"}})
    row = browser.wait_text("#stream-records .stream-record", "PK=fresh")
    assert "INSERT" in row and "v=7" in row
    browser.screenshot("streams")


def test_metrics_dashboard_counts_requests(browser, console_server, orders):
    open_console(browser, console_server, "metrics")
    row = browser.wait_text("#metrics-operations tr", "PutItem")
    assert " ms" in row  # p50 and p99
    browser.wait_text("#metrics-errors tr", "ValidationException")
    browser.screenshot("metrics")


SIGN_IN_BROWSER = """
const done = arguments[arguments.length - 1];
import('/console/sigv4.js').then((m) => m.authorization(arguments[0])).then(done, (e) => done(String(e)));
"""


def botocore_authorization(host, target, amz_date, body, access_key, secret_key, region,
                           path="/"):
    """The Authorization header botocore's SigV4 signer computes for the same request: a
    POST of the API, or without `target` a GET of `path` (with its query)."""
    from botocore.auth import SigV4Auth
    from botocore.awsrequest import AWSRequest
    from botocore.credentials import Credentials
    headers = {"X-Amz-Date": amz_date}
    if target:
        headers.update({"Content-Type": "application/x-amz-json-1.0", "X-Amz-Target": target})
    request = AWSRequest(method="POST" if target else "GET", url=f"http://{host}{path}",
                         data=body, headers=headers)
    request.context["timestamp"] = amz_date
    signer = SigV4Auth(Credentials(access_key, secret_key), "dynamodb", region)
    canonical = signer.canonical_request(request)
    signature = signer.signature(signer.string_to_sign(request, canonical), request)
    signed = signer.signed_headers(signer.headers_to_sign(request))
    return (f"AWS4-HMAC-SHA256 Credential={signer.scope(request)}, "
            f"SignedHeaders={signed}, Signature={signature}")


def test_requests_signed_with_a_secret_key_match_botocores_signature(browser, console_server):
    open_console(browser, console_server, "tables")
    browser.wait(lambda b: b.find_all("#table-list, #no-tables"), "the tables view")
    host = f"127.0.0.1:{console_server.port}"
    request = {"host": host, "contentType": "application/x-amz-json-1.0",
               "target": "DynamoDB_20120810.ListTables", "amzDate": "20250102T030405Z",
               "body": '{"Limit":5}', "accessKey": "AKIDSIGN", "secretKey": "s3cr3t/Key+",
               "region": "eu-west-1"}
    signed = browser.driver.execute_async_script(SIGN_IN_BROWSER, request)
    assert signed == botocore_authorization(host, request["target"], request["amzDate"],
                                            request["body"], "AKIDSIGN", "s3cr3t/Key+",
                                            "eu-west-1")


def test_view_gets_signed_with_a_secret_key_match_botocores_signature(browser, console_server):
    open_console(browser, console_server, "tables")
    browser.wait(lambda b: b.find_all("#table-list, #no-tables"), "the tables view")
    host = f"127.0.0.1:{console_server.port}"
    request = {"method": "GET", "host": host, "path": "/monotable/tables/T-1.x/partitions",
               "query": "seconds=60&namespace=AKIDSIGN%3Aeu-west-1", "amzDate": "20250102T030405Z",
               "accessKey": "AKIDSIGN", "secretKey": "s3cr3t/Key+", "region": "eu-west-1"}
    signed = browser.driver.execute_async_script(SIGN_IN_BROWSER, request)
    assert signed == botocore_authorization(
        host, None, request["amzDate"], b"", "AKIDSIGN", "s3cr3t/Key+", "eu-west-1",
        path=f"{request['path']}?{request['query']}")


def test_refused_credentials_ask_for_the_secret_key(browser, console_server):
    """A server that refuses the credentials (here: an empty access key, which it cannot
    read a namespace from) gets the secret key field highlighted (--require-signature:
    test_signed_console_...)."""
    open_console(browser, console_server, "tables")
    browser.wait(lambda b: b.find_all("#table-list, #no-tables"), "the tables view")
    assert "wanted" not in browser.find("#secret-key").get_attribute("class")
    browser.set_value("#access-key", "")
    browser.click("#use-credentials")
    browser.wait_text(".errors .error", "MissingAuthenticationTokenException")
    assert "wanted" in browser.find("#secret-key").get_attribute("class")
    browser.set_value("#access-key", ACCESS_KEY)
    browser.click("#use-credentials")  # leaves the next test the usual namespace


def test_shared_db_lists_every_access_keys_tables_and_draws_partitions(browser,
                                                                        tmp_path_factory):
    """With --shared-db every access key and region sees one namespace ("shared"), and
    the monitoring views are asked for it."""
    srv = start_with_fresh_port(lambda p: server_args(p, in_memory=True, shared_db=True),
                                tmp_path_factory.mktemp("shared-console-logs"))
    try:
        name = unique_name("shared")
        create_table(make_client(srv.endpoint, access_key="AKIDOTHER", region="eu-west-1"),
                     name)
        browser.open(srv, f"partitions?table={name}", "AKIDCONSOLE", "us-east-1")
        browser.wait_text("#partition-count", "1 partition")
        browser.open(srv, "tables", "AKIDCONSOLE", "us-east-1")
        browser.wait_text("#table-list tbody tr", name)
        assert "shared (1 table)" in browser.find("#namespace-list").text
    finally:
        srv.stop()


def use_credentials(browser, access_key, secret):
    browser.set_value("#access-key", access_key)
    browser.set_value("#secret-key", secret)
    browser.click("#use-credentials")


def test_signed_console_asks_for_credentials_then_lists_and_queries(browser, tmp_path_factory):
    """--require-signature: unsigned, the console is refused and asks for the secret key;
    signed with it, it lists tables, runs a Query and shows the GET monitoring views; a
    wrong secret or an unknown key shows DynamoDB's error as boto3 gets it."""
    srv = start_with_fresh_port(
        lambda p: server_args(p, in_memory=True, extra=[
            "--require-signature", "--credential", f"{FLAG_KEY}:{FLAG_SECRET}"]),
        tmp_path_factory.mktemp("signed-console-logs"))
    try:
        client = make_client(srv.endpoint, access_key=FLAG_KEY, secret_key=FLAG_SECRET)
        name = unique_name("signed")
        create_table(client, name, billing="PAY_PER_REQUEST")
        for i in range(3):
            client.put_item(TableName=name, Item={"PK": {"S": "p"}, "SK": {"S": f"s{i}"}})
        browser.open(srv, "tables", FLAG_KEY, REGION)
        browser.wait(lambda b: "wanted" in b.find("#secret-key").get_attribute("class"),
                     "the console to ask for the secret key")
        refused = browser.wait_text(".errors .error", "Exception")
        assert "MissingAuthenticationToken" in refused or "InvalidSignature" in refused

        use_credentials(browser, FLAG_KEY, "not-the-secret")
        wrong = make_client(srv.endpoint, access_key=FLAG_KEY, secret_key="not-the-secret")
        with pytest.raises(ClientError) as boto_refused:
            wrong.list_tables()
        assert boto_refused.value.response["Error"]["Message"] == MISMATCH
        assert browser.wait_text(".errors .error", MISMATCH) == \
            f"InvalidSignatureException {MISMATCH}"

        use_credentials(browser, "AKIDNOBODY", FLAG_SECRET)
        assert browser.wait_text(".errors .error", UNRECOGNIZED) == \
            f"UnrecognizedClientException {UNRECOGNIZED}"

        use_credentials(browser, FLAG_KEY, FLAG_SECRET)
        browser.wait_text(f'#table-list tr[data-table="{name}"]', "ACTIVE")
        assert run_query(browser, srv, name, "p", FLAG_KEY) == "3 items"
        assert [row[:2] for row in grid_rows(browser)] == [["p", f"s{i}"] for i in range(3)]
        browser.screenshot("signed")
        # The monitoring views answer signed GETs only: the namespaces, partitions, metrics.
        browser.wait(lambda b: f"{FLAG_KEY}:{REGION} (1 table)" in b.find("#namespace-list").text,
                     "the namespaces listed by a signed GET /monotable/tables")
        browser.open(srv, f"partitions?table={name}", FLAG_KEY, REGION)
        browser.wait_text("#partition-count", "4 partitions")  # on-demand: 4 to start with
        browser.open(srv, "metrics", FLAG_KEY, REGION)
        browser.wait_text("#metrics-operations tr", "Query")
    finally:
        srv.stop()


def test_rehearsal_view_draws_a_report_loaded_from_a_file(browser, console_server, tmp_path):
    """`monotable rehearse --out DIR` writes report.json; the Rehearsal view reads it from
    disk (nothing sent to the server) and draws the totals, the reasons and the heat map."""
    workload = tmp_path / "hot.json"
    workload.write_text(json.dumps({
        "name": "hot key", "tables": [{"name": "T", "billing_mode": "PROVISIONED",
                                       "read_capacity_units": 5, "write_capacity_units": 3990}],
        "phases": [{"duration_seconds": 20, "load": [
            {"table": "T", "rate": 1500, "item_bytes": 1000,
             "keys": {"distribution": "uniform", "count": 1}}]}]}))
    subprocess.run([str(monotable_bin()), "rehearse", str(workload), "--out", str(tmp_path / "out")],
                   check=True, stdout=subprocess.DEVNULL)
    open_console(browser, console_server, "rehearsal")
    browser.find("#rehearsal-file").send_keys(str(tmp_path / "out" / "report.json"))
    browser.wait_text("#rehearsal-title", "Rehearsal: hot key")
    reasons = browser.wait_text("#rehearsal-reasons", "TableWriteKeyRangeThroughputExceeded")
    report = json.loads((tmp_path / "out" / "report.json").read_text())
    throttled = report["resources"][0]["totals"]["throttling_reasons"]
    assert f"TableWriteKeyRangeThroughputExceeded: {throttled['TableWriteKeyRangeThroughputExceeded']}" in reasons
    canvas = browser.find("#rehearsal-heatmap")
    assert int(canvas.get_attribute("data-throttled-cells")) > 0
    assert "on demand" in browser.find("#rehearsal-cost").text
    # Contributor Insights' top keys: the one key, named, first among the throttled.
    top = report["resources"][0]["top_keys"]["throttled"][0]
    assert top["key"] == "k0"
    assert browser.wait_text("#rehearsal-top-throttled", "k0").startswith(
        f"k0: {round(top['count'])} requests")


@contextlib.contextmanager
def iam_server_with_shop(d, principals):
    """A server with --require-signature --iam (`principals`, the first creating the
    on-demand table Shop): yields it and the first principal's client."""
    iam = d / "iam.json"
    iam.write_text(json.dumps({"principals": principals}))
    srv = start_with_fresh_port(
        lambda p: server_args(p, in_memory=True, extra=["--require-signature", "--iam", str(iam)]),
        d / "logs")
    try:
        client = make_client(srv.endpoint, access_key=principals[0]["accessKeyId"],
                             secret_key=principals[0]["secretAccessKey"])
        create_table(client, "Shop", billing="PAY_PER_REQUEST")
        yield srv, client
    finally:
        srv.stop()


def test_a_principal_that_may_not_list_tables_opens_one_by_name(browser, tmp_path_factory):
    """--iam: ListTables refused, the tables view says so and opens a table by name
    (DescribeTable); the items view then queries the principal's own partition and shows
    the AccessDeniedException of another's."""
    import copy
    from iam_policies import PRINCIPALS
    d = tmp_path_factory.mktemp("iam-console")
    admin, tenant = PRINCIPALS["admin"], copy.deepcopy(PRINCIPALS["tenant"])
    tenant["policies"][0]["Statement"].append({
        "Effect": "Allow", "Action": "dynamodb:DescribeTable",
        "Resource": "arn:aws:dynamodb:*:123456789012:table/Shop"})
    with iam_server_with_shop(d, [admin, tenant]) as (srv, client):
        client.put_item(TableName="Shop", Item={"PK": {"S": "tenant-a"}, "SK": {"S": "1"}})
        browser.open(srv, "tables", tenant["accessKeyId"], REGION)
        use_credentials(browser, tenant["accessKeyId"], tenant["secretAccessKey"])
        refused = browser.wait_text("#tables-refused .error", "AccessDeniedException")
        assert "dynamodb:ListTables" in refused
        browser.set_value("#open-table-name", "Shop")
        browser.click("#open-table")
        browser.wait_text("#table-facts", "ACTIVE")
        assert run_query(browser, srv, "Shop", "tenant-a", tenant["accessKeyId"]) == "1 item"
        browser.set_value("#items-pk", "tenant-b")
        browser.click("#items-run")
        assert "dynamodb:Query" in browser.wait_text("#items-error", "AccessDeniedException")
        browser.screenshot("iam-limited")


def test_under_iam_a_namespace_is_the_accounts(browser, tmp_path_factory):
    """--iam: every table is the account's ("123456789012:us-east-1") whatever the access
    key. The picker shows that namespace as the current one; choosing it keeps the
    principal's access key (only the region is chosen), and the partitions view, which
    names the namespace, finds the table."""
    from iam_policies import ACCOUNT, PRINCIPALS
    admin = PRINCIPALS["admin"]
    with iam_server_with_shop(tmp_path_factory.mktemp("iam-namespaces"), [admin]) as (srv, _):
        browser.open(srv, "tables", admin["accessKeyId"], REGION)
        use_credentials(browser, admin["accessKeyId"], admin["secretAccessKey"])
        namespace = f"{ACCOUNT}:{REGION}"
        browser.wait(lambda b: b.find("#namespace-list").get_attribute("value") == namespace,
                     f"{namespace} shown as the current namespace")
        browser.set_value("#namespace-list", namespace)
        browser.wait_text('#table-list tr[data-table="Shop"]', "ACTIVE")
        assert browser.find("#access-key").get_attribute("value") == admin["accessKeyId"]
        browser.open(srv, "partitions?table=Shop", admin["accessKeyId"], REGION)
        browser.wait_text("#partition-count", "4 partitions")
