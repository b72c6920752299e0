"""Fault injection (docs/FAULTS.md) with boto3: rules added and removed over
/monotable/faults as a test's setup and tear-down would, DynamoDB's error shapes as
botocore parses them, boto3's retries of a 500, a 503, a throttle and a reset
connection (counted by the rule's own counters and boto3's RetryAttempts), latency,
the --faults file and /metrics."""

import json
import subprocess
import time
import urllib.error
import urllib.request

import boto3
import botocore.config
import botocore.exceptions
import pytest

from mtutil import ACCESS_KEY, REGION, SECRET_KEY, http_get, monotable_bin, unique_name


def fault_api(endpoint, method="GET", rule=None, path=""):
    """The docs' client function: (status, parsed body) of a call to the fault API."""
    data = json.dumps(rule).encode() if rule is not None else None
    request = urllib.request.Request(f"{endpoint}/monotable/faults{path}", data=data,
                                     method=method)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def add_fault(endpoint, **rule):
    status, body = fault_api(endpoint, "POST", rule)
    assert status == 200, body
    return body


def rule_counts(endpoint, rule_id):
    _, listed = fault_api(endpoint)
    (rule,) = [r for r in listed["rules"] if r["id"] == rule_id]
    return rule["matched"], rule["injected"]


@pytest.fixture
def faults(server):
    """The server's endpoint, with every fault rule removed after the test."""
    yield server.endpoint
    assert fault_api(server.endpoint, "DELETE")[0] == 200


def client_with_retries(endpoint, max_attempts):
    """A boto3 client with botocore's standard retry mode and `max_attempts` attempts
    (make_client's clients never retry)."""
    return boto3.client(
        "dynamodb", endpoint_url=endpoint, region_name=REGION, aws_access_key_id=ACCESS_KEY,
        aws_secret_access_key=SECRET_KEY,
        config=botocore.config.Config(retries={"mode": "standard", "total_max_attempts": max_attempts},
                                      connect_timeout=5, read_timeout=60))


def item(sk):
    return {"PK": {"S": "p"}, "SK": {"S": sk}}


def test_boto3_retries_an_injected_500_until_it_goes_through(faults, ddb, table):
    rule = add_fault(faults, kind="InternalServerError", operation="PutItem", table=table,
                     count=2)
    assert rule["id"] == "fault-1" and rule["count"] == 2
    client = client_with_retries(faults, 5)
    answer = client.put_item(TableName=table, Item=item("a"))
    assert answer["ResponseMetadata"]["RetryAttempts"] == 2
    assert rule_counts(faults, rule["id"]) == (2, 2)
    assert "Item" in ddb.get_item(TableName=table, Key=item("a"))


def test_each_kind_answers_dynamodb_shape(faults, ddb, table):
    cases = [
        ("InternalServerError", 500, "InternalServerError", "Internal server error"),
        ("InternalFailure", 500, "InternalFailure", None),
        ("ServiceUnavailable", 503, "ServiceUnavailableException",
         "DynamoDB is currently unavailable. (This should be a temporary state.)"),
        ("ThrottlingException", 400, "ThrottlingException", None),
        ("RequestLimitExceeded", 400, "RequestLimitExceeded", None),
    ]
    client = client_with_retries(faults, 1)
    for kind, status, code, message in cases:
        add_fault(faults, id="k", kind=kind, operation="GetItem", table=table)
        with pytest.raises(botocore.exceptions.ClientError) as e:
            client.get_item(TableName=table, Key=item("x"))
        error = e.value.response
        assert error["ResponseMetadata"]["HTTPStatusCode"] == status, kind
        assert error["Error"]["Code"] == code, kind
        if message is not None:
            assert error["Error"]["Message"] == message, kind
    assert rule_counts(faults, "k") == (1, 1)  # each POST of "k" replaced the rule


def test_boto3_retries_throttles_503s_and_resets(faults, table):
    client = client_with_retries(faults, 4)
    for kind in ("ThrottlingException", "ServiceUnavailable", "RequestLimitExceeded",
                 "ConnectionReset"):
        rule = add_fault(faults, kind=kind, operation="PutItem", table=table, count=1)
        answer = client.put_item(TableName=table, Item=item(kind))
        assert answer["ResponseMetadata"]["RetryAttempts"] == 1, kind
        assert rule_counts(faults, rule["id"]) == (1, 1), kind


def test_a_rule_without_count_exhausts_the_retries(faults, table):
    rule = add_fault(faults, kind="InternalServerError", table=table)
    client = client_with_retries(faults, 3)
    with pytest.raises(botocore.exceptions.ClientError) as e:
        client.put_item(TableName=table, Item=item("never"))
    assert e.value.response["Error"]["Code"] == "InternalServerError"
    assert rule_counts(faults, rule["id"]) == (3, 3)


def test_transaction_conflict_reaches_the_application(faults, ddb, table):
    add_fault(faults, kind="TransactionConflict", table=table)
    with pytest.raises(ddb.exceptions.TransactionConflictException) as e:
        ddb.update_item(TableName=table, Key=item("u"), UpdateExpression="SET n = :n",
                        ExpressionAttributeValues={":n": {"N": "1"}})
    assert e.value.response["Error"]["Message"] == "Transaction is ongoing for the item"
    other = unique_name("other")
    with pytest.raises(ddb.exceptions.TransactionCanceledException) as e:
        ddb.transact_write_items(TransactItems=[
            {"Put": {"TableName": other, "Item": item("1")}},
            {"Put": {"TableName": table, "Item": item("2")}},
        ])
    reasons = [r["Code"] for r in e.value.response["CancellationReasons"]]
    assert reasons == ["None", "TransactionConflict"]
    # Reads are never in conflict, as in DynamoDB.
    assert "Item" not in ddb.get_item(TableName=table, Key=item("u"))


def test_probability_is_reproducible_with_the_seed(faults, table):
    client = client_with_retries(faults, 1)

    def pattern():
        add_fault(faults, id="half", kind="ThrottlingException", operation="GetItem",
                  table=table, probability=0.5)
        seen = ""
        for _ in range(40):
            try:
                client.get_item(TableName=table, Key=item("x"))
                seen += "."
            except botocore.exceptions.ClientError:
                seen += "x"
        return seen

    first = pattern()
    assert "x" in first and "." in first
    assert pattern() == first  # the same rule id and seed: the same draws


def test_latency_delays_the_answer(faults, ddb, table):
    add_fault(faults, kind="Latency", latencyMs=300, operation="GetItem", table=table)
    start = time.monotonic()
    ddb.get_item(TableName=table, Key=item("slow"))
    assert time.monotonic() - start >= 0.3
    assert ddb.list_tables()["TableNames"] is not None  # other operations are untouched


def test_rules_are_removed_and_bad_rules_refused(faults, table):
    rule = add_fault(faults, kind="InternalFailure", table=table)
    assert fault_api(faults, "DELETE", path="/" + rule["id"])[0] == 200
    status, body = fault_api(faults, "DELETE", path="/" + rule["id"])
    assert status == 404 and body["message"] == "no fault rule " + rule["id"]
    status, body = fault_api(faults, "POST", {"kind": "Latency"})
    assert status == 400
    assert body["message"] == "fault rule: kind Latency needs 'latencyMs' above 0"
    assert fault_api(faults)[1]["rules"] == []


def test_metrics_list_the_rules(faults, server, table):
    add_fault(faults, id="listed", kind="ServiceUnavailable", operation="Query", table=table)
    status, _, text = http_get(server.port, "/metrics")
    assert status == 200
    assert ('monotable_fault_rules{rule="listed",kind="ServiceUnavailable",operation="Query",'
            f'table="{table}",index="*",probability="1"}} 1') in text
    assert 'monotable_fault_requests_total{rule="listed",result="injected"} 0' in text


def test_faults_file_at_start(server_factory, tmp_path):
    rules = tmp_path / "faults.json"
    rules.write_text(json.dumps({"seed": 11, "rules": [
        {"id": "boot", "kind": "ServiceUnavailable", "operation": "ListTables"}]}))
    srv = server_factory(in_memory=True, extra=["--faults", str(rules)])
    client = client_with_retries(srv.endpoint, 1)
    with pytest.raises(botocore.exceptions.ClientError) as e:
        client.list_tables()
    assert e.value.response["ResponseMetadata"]["HTTPStatusCode"] == 503
    _, listed = fault_api(srv.endpoint)
    assert listed["seed"] == 11 and [r["id"] for r in listed["rules"]] == ["boot"]


def test_a_bad_faults_file_stops_the_start(tmp_path):
    rules = tmp_path / "faults.json"
    rules.write_text('{"rules": [{"kind": "Nope"}]}')
    done = subprocess.run([monotable_bin(), "--in-memory", "--port", "0", "--faults", str(rules)],
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 1
    assert f"--faults {rules}: fault rule: unknown kind 'Nope'" in done.stderr
