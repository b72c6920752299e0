"""Long requests (Scan and Query pages, batches, transactions, PartiQL) are served on
the server's worker pool, off the I/O thread: with one I/O thread and one worker, a
connection's GetItems are answered while another connection's Scan pages are read, the
replies on one keep-alive connection stay in request order however the requests were
served, a Scan page stops after 1 MB read even when its filter keeps nothing, and a
shutdown with Scans in flight answers or cuts them cleanly and exits 0."""

import json
import signal
import subprocess
import threading

import pytest

from conftest import start_with_fresh_port
from mtutil import make_client, server_args
from raw_http import Connection, dynamodb_request

TABLE = "long"
ITEMS = 12_000  # ~110 B each: a 1 MB page reads ~9,500 of them
SCANS = 8
# Each Scan page on the worker decodes ~9,500 items and evaluates the filter on each; a
# GetItem on the I/O thread reads one. Were the Scans on the I/O thread, a connection's
# GetItems could at best alternate with them, one per page, so SCANS + 2 GetItems could
# not all be answered before the last page. No more than that: the fewer GetItems, the
# wider the margin on a loaded machine.
GETS = SCANS + 2


def key(i):
    return {"PK": {"S": f"item-{i:05d}"}}


def item(i):
    return {**key(i), "n": {"N": str(i)}, "pad": {"S": "p" * 80}}


def empty_filter_scan():
    """A Scan whose filter keeps nothing: only the 1 MB read bound ends its page."""
    return dynamodb_request("Scan", {
        "TableName": TABLE, "FilterExpression": "attribute_exists(#none)",
        "ExpressionAttributeNames": {"#none": "none"}})


def start_server(tmp_path_factory, name):
    base = tmp_path_factory.mktemp(name)
    return start_with_fresh_port(
        lambda port: server_args(port, in_memory=True,
                                 extra=["--threads", "1", "--workers", "1"]),
        base / "logs")


def load(port, count=ITEMS):
    client = make_client(f"http://127.0.0.1:{port}")
    client.create_table(TableName=TABLE, BillingMode="PAY_PER_REQUEST",
                        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"}],
                        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}])
    conn = Connection(port)
    # Pipelined, 40 batches at a time: their replies fit the socket's buffers.
    batches = [list(range(i, min(i + 25, count))) for i in range(0, count, 25)]
    for start in range(0, len(batches), 40):
        chunk = batches[start:start + 40]
        conn.send(b"".join(dynamodb_request("BatchWriteItem", {"RequestItems": {
            TABLE: [{"PutRequest": {"Item": item(i)}} for i in batch]}}) for batch in chunk))
        for _ in chunk:
            resp = conn.read_response()
            assert resp.status == 200, resp.body
            assert json.loads(resp.body)["UnprocessedItems"] == {}
    conn.close()


@pytest.fixture(scope="module")
def port(tmp_path_factory):
    srv = start_server(tmp_path_factory, "long-requests")
    load(srv.port)
    yield srv.port
    assert srv.stop(signal.SIGTERM) == 0, srv.stderr_text()[-2000:]


def test_a_scan_page_stops_after_one_megabyte_read_before_its_filter(port):
    conn = Connection(port)
    conn.send(empty_filter_scan())
    page = json.loads(conn.read_response().body)
    conn.close()
    assert page["Count"] == 0 and page["Items"] == []
    assert 0 < page["ScannedCount"] < ITEMS
    assert "LastEvaluatedKey" in page  # the page ended on the bound, not the table's end


def test_get_items_are_answered_while_another_connection_reads_scan_pages(port):
    events = []  # (who, index) in the order the client saw each reply complete
    lock = threading.Lock()
    sent = threading.Event()
    scan_pages = []

    def scans():
        conn = Connection(port)
        conn.send(empty_filter_scan() * SCANS)  # pipelined: the worker reads them in turn
        sent.set()
        for i in range(SCANS):
            resp = conn.read_response()
            with lock:
                events.append(("scan", i))
            scan_pages.append((resp.status, json.loads(resp.body)))
        conn.close()

    scanner = threading.Thread(target=scans)
    scanner.start()
    assert sent.wait(30)
    conn = Connection(port)
    for i in range(GETS):
        conn.send(dynamodb_request("GetItem", {"TableName": TABLE, "Key": key(i * 7)}))
        resp = conn.read_response()
        assert resp.status == 200, resp.body
        assert json.loads(resp.body)["Item"] == item(i * 7)
        with lock:
            events.append(("get", i))
    conn.close()
    scanner.join(60)
    assert not scanner.is_alive()

    assert len(scan_pages) == SCANS
    for status, page in scan_pages:
        assert status == 200 and page["Count"] == 0 and "LastEvaluatedKey" in page
    # Every GetItem was answered before the last Scan page: they did not queue behind
    # the pages (on one I/O thread they could at best alternate with them, one per page).
    assert events.index(("get", GETS - 1)) < events.index(("scan", SCANS - 1)), events


def test_replies_on_one_connection_keep_request_order(port):
    requests = [
        ("Scan", {"TableName": TABLE, "Limit": 3}),
        ("GetItem", {"TableName": TABLE, "Key": key(10)}),
        ("Query", {"TableName": TABLE, "KeyConditionExpression": "PK = :k",
                   "ExpressionAttributeValues": {":k": key(11)["PK"]}}),
        ("GetItem", {"TableName": TABLE, "Key": key(12)}),
        ("BatchGetItem", {"RequestItems": {TABLE: {"Keys": [key(13)]}}}),
        ("PutItem", {"TableName": TABLE, "Item": item(14)}),
        ("ExecuteStatement", {"Statement": f"SELECT * FROM \"{TABLE}\" WHERE PK = 'item-00015'"}),
        ("Scan", {"TableName": TABLE, "Limit": 1, "Select": "COUNT"}),
    ]
    conn = Connection(port)
    conn.send(b"".join(dynamodb_request(op, body) for op, body in requests))
    replies = [json.loads(conn.read_response().body) for _ in requests]
    conn.close()
    assert len(replies[0]["Items"]) == 3 and replies[0]["Count"] == 3
    assert replies[1] == {"Item": item(10)}
    assert replies[2]["Items"] == [item(11)]
    assert replies[3] == {"Item": item(12)}
    assert replies[4]["Responses"] == {TABLE: [item(13)]}
    assert replies[5] == {}
    assert replies[6]["Items"] == [item(15)]
    assert replies[7]["Count"] == 1 and "Items" not in replies[7]


def test_shutdown_with_scan_pages_in_flight_exits_cleanly(tmp_path_factory):
    srv = start_server(tmp_path_factory, "long-shutdown")
    load(srv.port, ITEMS // 4)
    conn = Connection(srv.port)
    conn.send(empty_filter_scan() * SCANS)
    first = conn.read_response()
    assert first.status == 200
    srv.proc.send_signal(signal.SIGTERM)
    # The page being read is answered (its reply says the connection closes), or the
    # connection ends between pages; no reply is cut short or answered with an error.
    while True:
        try:
            resp = conn.read_response()
        except (EOFError, ConnectionResetError):
            break
        assert resp.status == 200, resp.body
        assert json.loads(resp.body)["ScannedCount"] == ITEMS // 4
        if resp.headers.get("connection") == "close":
            break
    conn.close()
    # The one SIGTERM above is the whole shutdown: wait for the exit rather than send a
    # second one (after the drain the server no longer handles signals, and a slow build,
    # ASan's say, can still be flushing its engine).
    try:
        srv.proc.wait(timeout=60)
    except subprocess.TimeoutExpired:
        pass
    assert srv.stop(signal.SIGTERM) == 0, srv.stderr_text()[-2000:]
