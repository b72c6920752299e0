"""TransactWriteItems and TransactGetItems against the real server with boto3.

Wording of errors: DynamoDB API reference (TransactWriteItems, TransactGetItems,
TransactionCanceledException: "Transaction cancelled, please refer cancellation reasons
for specific reasons [...]", reason messages "The conditional request failed" and
"Transaction is ongoing for the item"); the botocore model for shapes and constraints
(TransactItems 1..100, ClientRequestToken 1..36 characters, enums); AWS re:Post
"Why does my TransactWriteItems API call fail" for "Transaction request cannot include
multiple operations on one item". Which failures are a per-action ValidationError and
which a ValidationException for the whole request follows the behaviour observed on
DynamoDB (a key of the wrong type is a ValidationError reason, an expression error a
ValidationException).

boto3 exposes the reasons as error.response["CancellationReasons"]: a list of
{"Code", "Message", "Item"} in request order, with "Item" in low-level AttributeValue
JSON even for the resource API.
"""

import json
import signal
import threading
import time
import uuid

import pytest
from botocore.exceptions import ClientError

from mtutil import (CANCELED, CCF_MESSAGE, N, S, VALIDATION, cancel_message, cancelled,
                    create_indexed_table, create_table, delete_table_quietly, expect_error,
                    index_spec, k, make_client, unique_name)

MULTIPLE = "Transaction request cannot include multiple operations on one item"


def put(table, item, **extra):
    return {"Put": {"TableName": table, "Item": item, **extra}}


def update(table, key, expression, **extra):
    return {"Update": {"TableName": table, "Key": key, "UpdateExpression": expression, **extra}}


def delete(table, key, **extra):
    return {"Delete": {"TableName": table, "Key": key, **extra}}


def check(table, key, condition, **extra):
    return {"ConditionCheck": {"TableName": table, "Key": key,
                               "ConditionExpression": condition, **extra}}


def get(table, key, **extra):
    return {"Get": {"TableName": table, "Key": key, **extra}}


def item_of(ddb, table, key):
    return ddb.get_item(TableName=table, Key=key, ConsistentRead=True).get("Item")


def hkey(pk):
    return {"PK": S(pk)}


# ------------------------------------------------------------------ TransactWriteItems

def test_every_action_across_two_tables(ddb, table, hash_table):
    ddb.put_item(TableName=table, Item={**k("acct"), "balance": N("10")})
    ddb.put_item(TableName=hash_table, Item={**hkey("old"), "x": S("1")})
    resp = ddb.transact_write_items(TransactItems=[
        update(table, k("acct"), "SET balance = balance - :amt",
               ConditionExpression="balance >= :amt",
               ExpressionAttributeValues={":amt": N("4")}),
        put(hash_table, {**hkey("new"), "amount": N("4")},
            ConditionExpression="attribute_not_exists(PK)"),
        delete(hash_table, hkey("old"), ConditionExpression="attribute_exists(#p)",
               ExpressionAttributeNames={"#p": "PK"}),
        check(table, k("nobody"), "attribute_not_exists(PK)"),
    ])
    assert "ConsumedCapacity" not in resp
    assert item_of(ddb, table, k("acct")) == {**k("acct"), "balance": N("6")}
    assert item_of(ddb, hash_table, hkey("new")) == {**hkey("new"), "amount": N("4")}
    assert item_of(ddb, hash_table, hkey("old")) is None
    assert item_of(ddb, table, k("nobody")) is None  # a ConditionCheck writes nothing
    assert ddb.describe_table(TableName=hash_table)["Table"]["ItemCount"] == 1


def test_put_replaces_and_update_creates(ddb, hash_table):
    ddb.put_item(TableName=hash_table, Item={**hkey("a"), "x": S("1")})
    ddb.transact_write_items(TransactItems=[
        put(hash_table, {**hkey("a"), "y": S("2")}),
        update(hash_table, hkey("b"), "SET c = :c", ExpressionAttributeValues={":c": N("1")}),
    ])
    assert item_of(ddb, hash_table, hkey("a")) == {**hkey("a"), "y": S("2")}
    assert item_of(ddb, hash_table, hkey("b")) == {**hkey("b"), "c": N("1")}


def test_failed_conditions_cancel_everything_with_reasons_in_order(ddb, table):
    ddb.put_item(TableName=table, Item={**k("a"), "balance": N("3")})
    reasons = cancelled(ddb.transact_write_items, TransactItems=[
        put(table, k("new")),
        update(table, k("a"), "SET balance = balance - :amt",
               ConditionExpression="balance >= :amt",
               ExpressionAttributeValues={":amt": N("5")},
               ReturnValuesOnConditionCheckFailure="ALL_OLD"),
        check(table, k("missing"), "attribute_exists(PK)",
              ReturnValuesOnConditionCheckFailure="ALL_OLD"),
        delete(table, k("a2"), ConditionExpression="attribute_exists(PK)"),
    ])
    assert reasons == [
        {"Code": "None"},
        {"Code": "ConditionalCheckFailed", "Message": CCF_MESSAGE,
         "Item": {**k("a"), "balance": N("3")}},
        # No item, so nothing to return even with ALL_OLD.
        {"Code": "ConditionalCheckFailed", "Message": CCF_MESSAGE},
        {"Code": "ConditionalCheckFailed", "Message": CCF_MESSAGE},
    ]
    assert item_of(ddb, table, k("new")) is None
    assert item_of(ddb, table, k("a")) == {**k("a"), "balance": N("3")}


def test_return_values_on_failure_none_omits_the_item(ddb, table):
    ddb.put_item(TableName=table, Item=k("a"))
    reasons = cancelled(ddb.transact_write_items, TransactItems=[
        put(table, k("a"), ConditionExpression="attribute_not_exists(PK)",
            ReturnValuesOnConditionCheckFailure="NONE")])
    assert reasons == [{"Code": "ConditionalCheckFailed", "Message": CCF_MESSAGE}]


def test_invalid_key_is_a_validation_error_reason_for_the_first_only(ddb, table):
    reasons = cancelled(ddb.transact_write_items, TransactItems=[
        put(table, k("ok")),
        put(table, {"PK": N("7"), "SK": S("s")}),
        delete(table, {"PK": S("x")}),  # also invalid, but DynamoDB stops at the first
        put(table, k("c"), ConditionExpression="attribute_exists(PK)"),  # not evaluated
    ])
    assert reasons == [
        {"Code": "None"},
        {"Code": "ValidationError",
         "Message": "One or more parameter values were invalid: Type mismatch for key PK "
                    "expected: S actual: N"},
        {"Code": "None"},
        {"Code": "None"},
    ]
    assert item_of(ddb, table, k("ok")) is None


def test_missing_key_attribute_is_a_validation_error_reason(ddb, table):
    reasons = cancelled(ddb.transact_write_items, TransactItems=[
        check(table, {"PK": S("x")}, "attribute_exists(PK)")])
    assert reasons == [{"Code": "ValidationError",
                        "Message": "The provided key element does not match the schema"}]


def test_update_errors_are_validation_error_reasons(ddb, hash_table):
    ddb.put_item(TableName=hash_table, Item={**hkey("a"), "name": S("x")})
    reasons = cancelled(ddb.transact_write_items, TransactItems=[
        put(hash_table, hkey("b")),
        update(hash_table, hkey("a"), "SET #n = #n + :one",
               ExpressionAttributeNames={"#n": "name"},
               ExpressionAttributeValues={":one": N("1")}),
    ])
    assert reasons == [{"Code": "None"},
                       {"Code": "ValidationError", "Message":
                        "An operand in the update expression has an incorrect data type"}]
    assert item_of(ddb, hash_table, hkey("b")) is None


def test_multiple_operations_on_one_item(ddb, table, hash_table):
    for second in (put(table, k("a")), check(table, k("a"), "attribute_exists(PK)"),
                   delete(table, k("a"))):
        expect_error(ddb.transact_write_items, VALIDATION, message=MULTIPLE,
                     TransactItems=[put(table, k("a")), second])
    # The same key values in two tables are two items.
    ddb.transact_write_items(TransactItems=[put(hash_table, hkey("a")), put(table, k("a"))])


def test_unknown_table(ddb, table):
    expect_error(ddb.transact_write_items, "ResourceNotFoundException",
                 message="Requested resource not found",
                 TransactItems=[put(table, k("a")), put(unique_name("missing"), k("a"))])
    assert item_of(ddb, table, k("a")) is None


def test_up_to_100_actions(ddb, hash_table):
    ddb.transact_write_items(TransactItems=[put(hash_table, hkey(f"i{i}")) for i in range(100)])
    assert ddb.describe_table(TableName=hash_table)["Table"]["ItemCount"] == 100
    expect_error(ddb.transact_write_items, VALIDATION,
                 message="1 validation error detected: Value '[...]' at 'transactItems' failed "
                         "to satisfy constraint: Member must have length less than or equal "
                         "to 100",
                 TransactItems=[put(hash_table, hkey(f"j{i}")) for i in range(101)])


def test_aggregate_size_over_4mb(ddb, hash_table):
    blob = "x" * (390 * 1024)
    expect_error(ddb.transact_write_items, VALIDATION, match="size cannot exceed 4 MB",
                 TransactItems=[put(hash_table, {**hkey(f"b{i}"), "blob": S(blob)})
                                for i in range(11)])
    assert ddb.describe_table(TableName=hash_table)["Table"]["ItemCount"] == 0


NULL_AT = "1 validation error detected: Value null at '{}' failed to satisfy constraint: " \
          "Member must not be null"


@pytest.mark.parametrize("body,message", [
    ({}, NULL_AT.format("transactItems")),
    ({"TransactItems": []},
     "1 validation error detected: Value '[]' at 'transactItems' failed to satisfy "
     "constraint: Member must have length greater than or equal to 1"),
    ({"TransactItems": [{}]},
     "Invalid Request: TransactWriteRequest should contain Delete or Put or Update request"),
    ({"TransactItems": [{"Put": {"TableName": "TABLE", "Item": {"PK": S("a"), "SK": S("s")}},
                         "Delete": {"TableName": "TABLE", "Key": {"PK": S("a"), "SK": S("s")}}}]},
     "TransactItems can only contain one of Check, Put, Update or Delete"),
    ({"TransactItems": [{"ConditionCheck": {"TableName": "TABLE",
                                            "Key": {"PK": S("a"), "SK": S("s")}}}]},
     NULL_AT.format("transactItems.1.member.conditionCheck.conditionExpression")),
    ({"TransactItems": [{"Update": {"TableName": "TABLE",
                                    "Key": {"PK": S("a"), "SK": S("s")}}}]},
     NULL_AT.format("transactItems.1.member.update.updateExpression")),
    ({"TransactItems": [{"Delete": {"TableName": "TABLE"}}]},
     NULL_AT.format("transactItems.1.member.delete.key")),
    ({"TransactItems": [{"Put": {"Item": {"PK": S("a")}}}]},
     NULL_AT.format("transactItems.1.member.put.tableName")),
    ({"TransactItems": [{"Put": {"TableName": "TABLE", "Item": {"PK": S("a"), "SK": S("s")},
                                 "ReturnValuesOnConditionCheckFailure": "dog"}}]},
     "1 validation error detected: Value 'dog' at 'transactItems.1.member.put."
     "returnValuesOnConditionCheckFailure' failed to satisfy constraint: Member must "
     "satisfy enum value set: [ALL_OLD, NONE]"),
    ({"TransactItems": [{"Put": {"TableName": "TABLE", "Item": {"PK": S("a"), "SK": S("s")}}}],
      "ReturnConsumedCapacity": "ALL"},
     "1 validation error detected: Value 'ALL' at 'returnConsumedCapacity' failed to satisfy "
     "constraint: Member must satisfy enum value set: [INDEXES, TOTAL, NONE]"),
    ({"TransactItems": [{"Put": {"TableName": "TABLE", "Item": {"PK": S("a"), "SK": S("s")}}}],
      "ReturnItemCollectionMetrics": "ALL"},
     "1 validation error detected: Value 'ALL' at 'returnItemCollectionMetrics' failed to "
     "satisfy constraint: Member must satisfy enum value set: [SIZE, NONE]"),
    ({"TransactItems": [{"Put": {"TableName": "TABLE", "Item": {"PK": S("a"), "SK": S("s")}}}],
      "ClientRequestToken": "x" * 37},
     f"1 validation error detected: Value '{'x' * 37}' at 'clientRequestToken' failed to "
     "satisfy constraint: Member must have length less than or equal to 36"),
])
def test_request_validation(raw, table, body, message):
    text = json.dumps(body).replace("TABLE", table)
    resp = raw("TransactWriteItems", text)
    assert resp.status == 400
    assert resp.error_type() == VALIDATION, resp.body
    assert resp.json()["message"] == message


@pytest.mark.parametrize("extra,match", [
    ({"ConditionExpression": "hello!"}, "Invalid ConditionExpression: Syntax error"),
    ({"ConditionExpression": "attribute_exists(#xyz)"},
     "Invalid ConditionExpression: An expression attribute name used in the document path "
     "is not defined; attribute name: #xyz"),
    ({"ConditionExpression": "attribute_exists(PK)", "ExpressionAttributeValues": {":v": N("1")}},
     "unused in expressions: keys: {:v}"),
])
def test_expression_errors_fail_the_whole_request(ddb, table, extra, match):
    expect_error(ddb.transact_write_items, VALIDATION, match=match,
                 TransactItems=[put(table, k("ok")), put(table, k("a"), **extra)])
    assert item_of(ddb, table, k("ok")) is None


# ------------------------------------------------------------------ ClientRequestToken

def test_client_request_token_is_idempotent(ddb, hash_table):
    ddb.put_item(TableName=hash_table, Item={**hkey("c"), "n": N("0")})
    increment = [update(hash_table, hkey("c"), "ADD n :one",
                        ExpressionAttributeValues={":one": N("1")})]
    token = uuid.uuid4().hex
    ddb.transact_write_items(TransactItems=increment, ClientRequestToken=token)
    ddb.transact_write_items(TransactItems=increment, ClientRequestToken=token)
    assert item_of(ddb, hash_table, hkey("c"))["n"] == N("1")
    # boto3 fills in a fresh token itself when none is given: applied again.
    ddb.transact_write_items(TransactItems=increment)
    assert item_of(ddb, hash_table, hkey("c"))["n"] == N("2")
    expect_error(ddb.transact_write_items, "IdempotentParameterMismatchException",
                 message="The request uses the same client token as a previous, but "
                         "non-identical request.",
                 TransactItems=[put(hash_table, hkey("other"))], ClientRequestToken=token)
    assert item_of(ddb, hash_table, hkey("other")) is None


def test_same_parameters_in_another_member_order_are_the_same_request(raw, hash_table, ddb):
    ddb.put_item(TableName=hash_table, Item={**hkey("c"), "n": N("0")})
    token = uuid.uuid4().hex
    action = {"TableName": hash_table, "Key": hkey("c"), "UpdateExpression": "ADD n :one",
              "ExpressionAttributeValues": {":one": N("1")}}
    reordered = dict(reversed(list(action.items())))
    for a in (action, reordered):
        resp = raw("TransactWriteItems", {"ClientRequestToken": token,
                                          "TransactItems": [{"Update": a}]})
        assert resp.status == 200, resp.body
        assert resp.json() == {}
    assert item_of(ddb, hash_table, hkey("c"))["n"] == N("1")


def test_cancelled_request_does_not_consume_its_token(ddb, hash_table):
    token = uuid.uuid4().hex
    create = [put(hash_table, hkey("a"), ConditionExpression="attribute_exists(PK)")]
    cancelled(ddb.transact_write_items, TransactItems=create, ClientRequestToken=token)
    ddb.put_item(TableName=hash_table, Item=hkey("a"))
    ddb.transact_write_items(TransactItems=create, ClientRequestToken=token)


# ------------------------------------------------------------------ TransactGetItems

def test_transact_get_items(ddb, table, hash_table):
    ddb.put_item(TableName=table, Item={**k("a"), "x": N("1"), "y": M_nested()})
    ddb.put_item(TableName=hash_table, Item={**hkey("h"), "z": S("z")})
    resp = ddb.transact_get_items(TransactItems=[
        get(hash_table, hkey("h")),
        get(table, k("missing")),
        get(table, k("a"), ProjectionExpression="#y.sub1, x",
            ExpressionAttributeNames={"#y": "y"}),
    ])
    assert resp["Responses"] == [
        {"Item": {**hkey("h"), "z": S("z")}},
        {},
        {"Item": {"x": N("1"), "y": {"M": {"sub1": S("i")}}}},
    ]


def M_nested():
    return {"M": {"sub1": S("i"), "other": S("o")}}


@pytest.mark.parametrize("body,code,message", [
    ({"TransactItems": []}, VALIDATION,
     "1 validation error detected: Value '[]' at 'transactItems' failed to satisfy "
     "constraint: Member must have length greater than or equal to 1"),
    ({"TransactItems": [{}]}, VALIDATION, NULL_AT.format("transactItems.1.member.get")),
    ({"TransactItems": [{"Get": {"TableName": "TABLE"}}]}, VALIDATION,
     NULL_AT.format("transactItems.1.member.get.key")),
    ({"TransactItems": [{"Get": {"TableName": "TABLE", "Key": {"PK": S("a"), "SK": S("s")}}},
                        {"Get": {"TableName": "TABLE", "Key": {"PK": S("a"), "SK": S("s")}}}]},
     VALIDATION, MULTIPLE),
    ({"TransactItems": [{"Get": {"TableName": "NoSuchTableHere",
                                 "Key": {"PK": S("a"), "SK": S("s")}}}]},
     "ResourceNotFoundException", "Requested resource not found"),
    ({"TransactItems": [{"Get": {"TableName": "TABLE", "Key": {"PK": S("a"), "SK": S("s")},
                                 "ProjectionExpression": "#a"}}]},
     VALIDATION, "Invalid ProjectionExpression: An expression attribute name used in the "
                 "document path is not defined; attribute name: #a"),
])
def test_transact_get_errors(raw, table, body, code, message):
    text = json.dumps(body).replace("TABLE", table)
    resp = raw("TransactGetItems", text)
    assert resp.status == 400
    assert resp.error_type() == code, resp.body
    assert resp.json()["message"] == message


def test_transact_get_invalid_key_is_cancelled(ddb, table):
    reasons = cancelled(ddb.transact_get_items, TransactItems=[
        get(table, k("a")), get(table, {"PK": S("a")})])
    assert reasons == [{"Code": "None"},
                       {"Code": "ValidationError",
                        "Message": "The provided key element does not match the schema"}]


def test_transact_get_100_and_101(ddb, hash_table):
    ddb.transact_write_items(TransactItems=[put(hash_table, hkey(f"i{i}")) for i in range(100)])
    resp = ddb.transact_get_items(TransactItems=[get(hash_table, hkey(f"i{i}"))
                                                 for i in range(100)])
    assert [r["Item"] for r in resp["Responses"]] == [hkey(f"i{i}") for i in range(100)]
    expect_error(ddb.transact_get_items, VALIDATION, match="less than or equal to 100",
                 TransactItems=[get(hash_table, hkey(f"i{i}")) for i in range(101)])


# ------------------------------------------------------------------ concurrency

ACCOUNTS = 100
START_BALANCE = 100


def make_bank(client, name):
    create_table(client, name, range_type=None, billing="PAY_PER_REQUEST")
    ledger = name + "-ledger"
    # The ledger's GSI is written in the same WriteBatch as each transfer: after a crash
    # it must agree with the ledger exactly.
    create_indexed_table(client, ledger, {"PK": "S", "source": "N"}, range_name=None,
                         gsis=[index_spec("BySource", "source")])
    for start in range(0, ACCOUNTS, 100):
        client.transact_write_items(TransactItems=[
            put(name, {**hkey(f"acct{i}"), "balance": N(str(START_BALANCE))})
            for i in range(start, min(start + 100, ACCOUNTS))])
    return ledger


def transfer(client, bank, ledger, source, target, amount, transfer_id):
    """One transfer, recorded in the ledger by the same transaction."""
    client.transact_write_items(TransactItems=[
        update(bank, hkey(f"acct{source}"), "SET balance = balance - :amt",
               ConditionExpression="balance >= :amt",
               ExpressionAttributeValues={":amt": N(str(amount))}),
        update(bank, hkey(f"acct{target}"), "SET balance = balance + :amt",
               ExpressionAttributeValues={":amt": N(str(amount))}),
        put(ledger, {**hkey(transfer_id), "source": N(str(source)), "target": N(str(target)),
                     "amount": N(str(amount))}, ConditionExpression="attribute_not_exists(PK)"),
    ])


def balances_in_one_read(client, bank):
    resp = client.transact_get_items(TransactItems=[get(bank, hkey(f"acct{i}"))
                                                    for i in range(ACCOUNTS)])
    return [int(r["Item"]["balance"]["N"]) for r in resp["Responses"]]


def check_books(client, bank, ledger, acknowledged):
    """Balances agree with the ledger (each transfer all or nothing), the total is
    conserved, none is negative, and every acknowledged transfer is in the ledger."""
    balances = balances_in_one_read(client, bank)
    expected = [START_BALANCE] * ACCOUNTS
    recorded = set()
    for page in client.get_paginator("scan").paginate(TableName=ledger):
        for row in page["Items"]:
            amount = int(row["amount"]["N"])
            expected[int(row["source"]["N"])] -= amount
            expected[int(row["target"]["N"])] += amount
            recorded.add(row["PK"]["S"])
    assert balances == expected
    assert sum(balances) == ACCOUNTS * START_BALANCE
    assert min(balances) >= 0
    assert acknowledged <= recorded
    indexed = [row["PK"]["S"] for page in client.get_paginator("scan").paginate(
        TableName=ledger, IndexName="BySource") for row in page["Items"]]
    assert sorted(indexed) == sorted(recorded)  # each row indexed exactly once
    return recorded


def run_transfers(endpoint, bank, ledger, threads, per_thread, acknowledged, stop=None):
    import random
    errors = []
    lock = threading.Lock()

    def worker(seed):
        client = make_client(endpoint)
        rng = random.Random(seed)
        for n in range(per_thread):
            if stop is not None and stop.is_set():
                return
            source, target = rng.sample(range(ACCOUNTS), 2)
            transfer_id = f"t{seed}-{n}"
            try:
                transfer(client, bank, ledger, source, target, rng.randint(1, 60), transfer_id)
                with lock:
                    acknowledged.add(transfer_id)
            except ClientError as e:
                code = e.response["Error"]["Code"]
                if code != CANCELED:
                    with lock:
                        errors.append(code)
                    continue
                codes = {r["Code"] for r in e.response["CancellationReasons"]}
                # An insufficient balance or a concurrent transaction on one of the items.
                if not codes <= {"None", "ConditionalCheckFailed", "TransactionConflict"}:
                    with lock:
                        errors.append(str(codes))
            except Exception as e:  # the server was killed under us (crash test)
                if stop is None:
                    with lock:
                        errors.append(repr(e))
                return

    workers = [threading.Thread(target=worker, args=(t,)) for t in range(threads)]
    for w in workers:
        w.start()
    return workers, errors


def test_concurrent_transfers_conserve_money(ddb, server):
    bank = unique_name("bank")
    ledger = make_bank(ddb, bank)
    acknowledged = set()
    workers, errors = run_transfers(server.endpoint, bank, ledger, threads=16, per_thread=30,
                                    acknowledged=acknowledged)
    reads = {"single": 0, "whole": 0}
    read_errors = []

    def reader():
        client = make_client(server.endpoint)
        while any(w.is_alive() for w in workers):
            try:
                # One TransactGetItems of every account: never a torn view.
                assert sum(balances_in_one_read(client, bank)) == ACCOUNTS * START_BALANCE
                reads["whole"] += 1
                item = client.get_item(TableName=bank, Key=hkey("acct7"))["Item"]
                assert int(item["balance"]["N"]) >= 0
                reads["single"] += 1
            except Exception as e:  # collected: an assert in a thread would be lost
                read_errors.append(repr(e))
                return

    readers = [threading.Thread(target=reader) for _ in range(2)]
    for r in readers:
        r.start()
    for w in workers + readers:
        w.join()
    assert errors == []
    assert read_errors == []
    assert reads["whole"] > 0
    recorded = check_books(ddb, bank, ledger, acknowledged)
    assert recorded == acknowledged  # nothing applied that was not acknowledged
    assert len(acknowledged) > 0
    delete_table_quietly(ddb, bank)
    delete_table_quietly(ddb, ledger)


def test_sigkill_during_transactions_leaves_each_all_or_nothing(server_factory, tmp_path):
    db = tmp_path / "bank-db"
    srv = server_factory(db_path=db)
    client = make_client(srv.endpoint)
    bank = unique_name("bank")
    ledger = make_bank(client, bank)
    acknowledged = set()
    stop = threading.Event()
    workers, errors = run_transfers(srv.endpoint, bank, ledger, threads=8, per_thread=100000,
                                    acknowledged=acknowledged, stop=stop)
    # Kill in full flight: 8 clients keep transactions in progress at any moment.
    deadline = time.monotonic() + 20
    while len(acknowledged) < 200 and time.monotonic() < deadline:
        time.sleep(0.02)
    srv.stop(signal.SIGKILL)
    stop.set()
    for w in workers:
        w.join()
    assert errors == []
    assert len(acknowledged) >= 200
    restarted = server_factory(db_path=db)
    check_books(make_client(restarted.endpoint), bank, ledger, acknowledged)
