"""UpdateExpression REMOVE, ADD and DELETE (numbers and sets), all sections in one
update, ReturnValues (every mode, nested list paths, absent when empty, invalid), item
creation by an update (and none by a REMOVE- or DELETE-only one), updates of key attributes refused, the item size limit, the
expression cache with other placeholders, whitespace and case, and the AWS CLI's
update-item.

The helpers and the semantics they follow are described in updates_common.py.
"""

import pytest

from mtutil import (expect_error, k, L, M, N, S, VALIDATION)
from updates_common import BAD_OPERAND, NESTED, get, sets, update


# ------------------------------------------------------------------ REMOVE

def test_remove_nested_map_key_and_list_element(ddb, table):
    ddb.put_item(TableName=table, Item=dict(k("r"), **NESTED))
    update(ddb, table, k("r"), "REMOVE a.b[1].d, a.b[0], top")
    assert get(ddb, table, k("r")) == dict(k("r"), a=M(b=L(M(c=N("2")), S("tail"))))


def test_remove_shifts_list_by_original_indexes(ddb, table):
    ddb.put_item(TableName=table, Item=dict(k("r"), l=L(*[N(str(i)) for i in range(6)])))
    # Indexes refer to the list before the update: 1 and 3 go, not 1 and (shifted) 4.
    resp = update(ddb, table, k("r"), "REMOVE l[3], l[1]", ReturnValues="ALL_NEW")
    assert resp["Attributes"]["l"] == L(N("0"), N("2"), N("4"), N("5"))
    # Past the end: nothing happens.
    update(ddb, table, k("r"), "REMOVE l[10]")
    assert get(ddb, table, k("r"))["l"] == L(N("0"), N("2"), N("4"), N("5"))
    update(ddb, table, k("r"), "REMOVE l[0], l[1], l[2], l[3]")
    assert get(ddb, table, k("r"))["l"] == L()


def test_remove_and_set_same_list_in_one_update(ddb, table):
    ddb.put_item(TableName=table, Item=dict(k("r"), l=L(S("a"), S("b"), S("c"))))
    update(ddb, table, k("r"), "SET l[2] = :x REMOVE l[0]", {":x": S("X")})
    assert get(ddb, table, k("r"))["l"] == L(S("b"), S("X"))


def test_remove_missing_is_noop(ddb, table):
    ddb.put_item(TableName=table, Item=dict(k("r"), m=M(x=N("1"))))
    update(ddb, table, k("r"), "REMOVE nope, m.nope")
    assert get(ddb, table, k("r")) == dict(k("r"), m=M(x=N("1")))


def test_remove_of_a_nested_path_of_an_item_that_does_not_exist(ddb, table):
    # DynamoDB ignores REMOVE x.y on an item that does not exist (and creates nothing),
    # while an existing item without x refuses it (scylladb's
    # test_nested_attribute_remove_from_missing_item and ..._update_bad_path_dot, run
    # against DynamoDB).
    resp = update(ddb, table, k("never"), "REMOVE x.y, z[0].w", ReturnValues="ALL_NEW")
    assert "Attributes" not in resp
    assert get(ddb, table, k("never")) is None
    ddb.put_item(TableName=table, Item=k("exists"))
    expect_error(lambda: update(ddb, table, k("exists"), "REMOVE x.y"), VALIDATION,
                 "The document path provided in the update expression is invalid for update")


# ------------------------------------------------------------------ ADD / DELETE

def test_add_numbers(ddb, table):
    ddb.put_item(TableName=table, Item=dict(k("add"), n=N("5"), m=M()))
    update(ddb, table, k("add"), "ADD n :d, fresh :d, m.deep :d", {":d": N("-2.5")})
    item = get(ddb, table, k("add"))
    assert item["n"] == N("2.5")
    assert item["fresh"] == N("-2.5")  # a missing number starts from 0
    assert item["m"] == M(deep=N("-2.5"))


def test_add_sets(ddb, table):
    ddb.put_item(TableName=table, Item=dict(k("add"), ss={"SS": ["a", "b"]}))
    update(ddb, table, k("add"), "ADD ss :s, ns :n, bs :b",
           {":s": {"SS": ["b", "c"]}, ":n": {"NS": ["1", "2.0"]}, ":b": {"BS": [b"\x00"]}})
    item = sets(get(ddb, table, k("add")))
    assert item["ss"] == {"SS": ["a", "b", "c"]}
    assert item["ns"] == {"NS": ["1", "2"]}
    assert item["bs"] == {"BS": [b"\x00"]}
    update(ddb, table, k("add"), "ADD ns :n", {":n": {"NS": ["3", "1"]}})
    assert sets(get(ddb, table, k("add")))["ns"] == {"NS": ["1", "2", "3"]}


def test_add_type_mismatch(ddb, table):
    ddb.put_item(TableName=table, Item=dict(k("add"), s=S("x"), ss={"SS": ["a"]}, n=N("1")))
    for expression, value in (("ADD s :v", N("1")), ("ADD ss :v", {"NS": ["1"]}),
                              ("ADD n :v", {"SS": ["a"]})):
        expect_error(update, VALIDATION, BAD_OPERAND, ddb=ddb, table=table, key=k("add"),
                     expression=expression, values={":v": value})


def test_delete_from_sets(ddb, table):
    ddb.put_item(TableName=table, Item=dict(k("del"), ss={"SS": ["a", "b", "c"]},
                                            ns={"NS": ["1", "2"]}, bs={"BS": [b"\x01"]}))
    update(ddb, table, k("del"), "DELETE ss :s, ns :n, nope :s",
           {":s": {"SS": ["b", "zzz"]}, ":n": {"NS": ["2"]}})
    item = sets(get(ddb, table, k("del")))
    assert item["ss"] == {"SS": ["a", "c"]}
    assert item["ns"] == {"NS": ["1"]}
    assert "nope" not in item
    # Emptying a set removes the attribute: DynamoDB stores no empty sets.
    update(ddb, table, k("del"), "DELETE ss :s, bs :b",
           {":s": {"SS": ["a", "c"]}, ":b": {"BS": [b"\x01"]}})
    item = get(ddb, table, k("del"))
    assert "ss" not in item and "bs" not in item
    assert item["ns"] == {"NS": ["1"]}
    expect_error(update, VALIDATION, BAD_OPERAND, ddb=ddb, table=table, key=k("del"),
                 expression="DELETE ns :s", values={":s": {"SS": ["1"]}})


def test_all_sections_in_one_update(ddb, table):
    ddb.put_item(TableName=table, Item=dict(k("all"), a=N("1"), b=S("gone"), c=N("1"),
                                            d={"SS": ["x", "y"]}))
    update(ddb, table, k("all"), "DELETE d :d ADD c :one REMOVE b SET a = a + :one",
           {":one": N("1"), ":d": {"SS": ["x"]}})
    assert get(ddb, table, k("all")) == dict(k("all"), a=N("2"), c=N("2"), d={"SS": ["y"]})


# ------------------------------------------------------------------ ReturnValues

def rv(ddb, table, key, expression, mode, values=None):
    resp = update(ddb, table, key, expression, values, ReturnValues=mode)
    return resp.get("Attributes")


def test_return_values_modes(ddb, table):
    base = dict(k("rv"), a=N("1"), keep=S("k"), m=M(x=N("1"), y=N("2")))
    expression = "SET a = a + :one, m.x = :ten, fresh = :one"
    values = {":one": N("1"), ":ten": N("10")}
    ddb.put_item(TableName=table, Item=base)
    assert rv(ddb, table, k("rv"), expression, "NONE", values) is None
    ddb.put_item(TableName=table, Item=base)
    assert rv(ddb, table, k("rv"), expression, "ALL_OLD", values) == base
    ddb.put_item(TableName=table, Item=base)
    assert rv(ddb, table, k("rv"), expression, "ALL_NEW", values) == dict(
        base, a=N("2"), m=M(x=N("10"), y=N("2")), fresh=N("1"))
    ddb.put_item(TableName=table, Item=base)
    # Only the updated paths, nested; `fresh` did not exist before.
    assert rv(ddb, table, k("rv"), expression, "UPDATED_OLD", values) == dict(
        a=N("1"), m=M(x=N("1")))
    ddb.put_item(TableName=table, Item=base)
    assert rv(ddb, table, k("rv"), expression, "UPDATED_NEW", values) == dict(
        a=N("2"), m=M(x=N("10")), fresh=N("1"))


def test_return_values_nested_list_paths(ddb, table):
    ddb.put_item(TableName=table, Item=dict(k("rv"), **NESTED))
    expression = "SET a.b[1].c = :v, a.b[2] = :w"
    values = {":v": S("new"), ":w": S("w")}
    assert rv(ddb, table, k("rv"), expression, "UPDATED_OLD", values) == dict(
        a=M(b=L(M(c=N("2")), S("tail"))))
    assert rv(ddb, table, k("rv"), expression, "UPDATED_NEW", values) == dict(
        a=M(b=L(M(c=S("new")), S("w"))))


def test_return_values_absent_when_empty(ddb, table):
    ddb.put_item(TableName=table, Item=dict(k("rv"), a=N("1")))
    # Nothing existed at the updated path before: no Attributes member at all.
    assert rv(ddb, table, k("rv"), "SET b = :v", "UPDATED_OLD", {":v": N("1")}) is None
    # A removed attribute has no new value.
    assert rv(ddb, table, k("rv"), "REMOVE a", "UPDATED_NEW") is None
    assert rv(ddb, table, k("rv"), "REMOVE b", "UPDATED_OLD") == {"b": N("1")}
    assert rv(ddb, table, k("rv"), "REMOVE nothing", "UPDATED_OLD") is None
    # A new key inside an existing map had no old value either.
    ddb.put_item(TableName=table, Item=dict(k("rv"), m=M(x=N("1"))))
    assert rv(ddb, table, k("rv"), "SET m.y = :v", "UPDATED_OLD", {":v": N("2")}) is None
    assert rv(ddb, table, k("rv"), "SET m.y = :v", "UPDATED_NEW", {":v": N("3")}) == {
        "m": M(y=N("3"))}
    # ALL_OLD of an item that did not exist.
    assert rv(ddb, table, k("rv-new"), "SET b = :v", "ALL_OLD", {":v": N("1")}) is None


def test_return_values_add_and_delete(ddb, table):
    ddb.put_item(TableName=table, Item=dict(k("rv"), n=N("1"), ss={"SS": ["a", "b"]}))
    assert rv(ddb, table, k("rv"), "ADD n :one", "UPDATED_NEW", {":one": N("1")}) == {"n": N("2")}
    assert rv(ddb, table, k("rv"), "ADD n :one", "UPDATED_OLD", {":one": N("1")}) == {"n": N("2")}
    assert rv(ddb, table, k("rv"), "DELETE ss :a", "UPDATED_NEW", {":a": {"SS": ["a"]}}) == {
        "ss": {"SS": ["b"]}}
    assert rv(ddb, table, k("rv"), "DELETE ss :b", "UPDATED_NEW", {":b": {"SS": ["b"]}}) is None


def test_return_values_invalid(ddb, table):
    expect_error(update, VALIDATION,
                 "1 validation error detected: Value 'EVERYTHING' at 'returnValues' failed to "
                 "satisfy constraint: Member must satisfy enum value set: "
                 "[ALL_NEW, UPDATED_OLD, ALL_OLD, NONE, UPDATED_NEW]",
                 ddb=ddb, table=table, key=k("x"), expression="SET a = :v",
                 values={":v": N("1")}, ReturnValues="EVERYTHING")


# ------------------------------------------------------------------ item creation and keys

def test_update_creates_item_with_set(ddb, table):
    resp = update(ddb, table, k("new"), "SET a = :v, b = PK", {":v": N("1")},
                  ReturnValues="ALL_NEW")
    # Operands can read the key attributes of the item being created.
    assert resp["Attributes"] == dict(k("new"), a=N("1"), b=S("new"))
    assert get(ddb, table, k("new")) == dict(k("new"), a=N("1"), b=S("new"))


def test_update_creates_item_updated_new(ddb, table):
    resp = update(ddb, table, k("new"), "SET a = :v ADD c :v", {":v": N("1")},
                  ReturnValues="UPDATED_NEW")
    assert resp["Attributes"] == {"a": N("1"), "c": N("1")}


def test_update_with_only_key_creates_item(ddb, table):
    resp = ddb.update_item(TableName=table, Key=k("bare"), ReturnValues="ALL_NEW")
    assert resp["Attributes"] == k("bare")
    assert get(ddb, table, k("bare")) == k("bare")
    # Updating it again with only the key changes nothing.
    ddb.put_item(TableName=table, Item=dict(k("bare"), a=N("1")))
    resp = ddb.update_item(TableName=table, Key=k("bare"), ReturnValues="ALL_OLD")
    assert resp["Attributes"] == dict(k("bare"), a=N("1"))
    assert get(ddb, table, k("bare")) == dict(k("bare"), a=N("1"))


# scylladb/scylladb#5862 (verified against DynamoDB): "If the update requests just to
# delete an attribute from a specific item, then if the item did not previously exist,
# it is not created." Nothing is written, so every ReturnValues mode returns no
# Attributes (there is no old item, and no new one).
@pytest.mark.parametrize("return_values", ["NONE", "ALL_NEW", "UPDATED_NEW", "ALL_OLD",
                                           "UPDATED_OLD"])
def test_update_remove_on_missing_item_does_not_create_it(ddb, table, return_values):
    resp = update(ddb, table, k("rm-" + return_values), "REMOVE a, b",
                  ReturnValues=return_values)
    assert "Attributes" not in resp
    assert get(ddb, table, k("rm-" + return_values)) is None


def test_update_delete_only_on_missing_item_does_not_create_it(ddb, table):
    update(ddb, table, k("del"), "DELETE s :s", {":s": {"SS": ["x"]}})
    assert get(ddb, table, k("del")) is None
    # The legacy form: scylladb#5862's own test.
    ddb.update_item(TableName=table, Key=k("del"), AttributeUpdates={"a": {"Action": "DELETE"}})
    assert get(ddb, table, k("del")) is None
    # A condition that holds on the missing item does not change that.
    update(ddb, table, k("del"), "REMOVE a", ConditionExpression="attribute_not_exists(PK)")
    assert get(ddb, table, k("del")) is None


def test_update_remove_with_set_on_missing_item_creates_it(ddb, table):
    resp = update(ddb, table, k("rs"), "SET b = :v REMOVE a", {":v": S("x")},
                  ReturnValues="ALL_NEW")
    assert resp["Attributes"] == dict(k("rs"), b=S("x"))
    assert get(ddb, table, k("rs")) == dict(k("rs"), b=S("x"))


def test_update_remove_on_existing_key_only_item_keeps_it(ddb, table):
    ddb.put_item(TableName=table, Item=k("ko"))
    resp = update(ddb, table, k("ko"), "REMOVE a", ReturnValues="ALL_NEW")
    assert resp["Attributes"] == k("ko")
    assert get(ddb, table, k("ko")) == k("ko")


def test_transaction_remove_on_missing_item_does_not_create_it(ddb, table):
    ddb.transact_write_items(TransactItems=[{"Update": {
        "TableName": table, "Key": k("tx"), "UpdateExpression": "REMOVE a"}}])
    assert get(ddb, table, k("tx")) is None


@pytest.mark.parametrize("expression,names,attribute", [
    ("SET PK = :v", None, "PK"),
    ("ADD PK.b :n", None, "PK"),
    ("DELETE PK :s", None, "PK"),
    ("REMOVE d SET b = :v, PK = :v", None, "PK"),
    ("DELETE b :s REMOVE PK", None, "PK"),
    ("SET PK = PK.b + PK[1]", None, "PK"),
    ("SET d[1] = :n ADD SK.b :n", None, "SK"),
    ("SET SK = :v", None, "SK"),
    ("SET #k = :v", {"#k": "PK"}, "PK"),
    ("SET a = :v REMOVE SK", None, "SK"),
    ("ADD PK :n", None, "PK"),
    ("SET PK.x = :v", None, "PK"),
])
def test_update_key_attribute_refused(ddb, table, expression, names, attribute):
    ddb.put_item(TableName=table, Item=dict(k("key"), a=N("0")))
    values = {}
    if ":v" in expression:
        values[":v"] = S("x")
    if ":n" in expression:
        values[":n"] = N("1")
    if ":s" in expression:
        values[":s"] = {"NS": ["1"]}
    expect_error(update, VALIDATION,
                 f"One or more parameter values were invalid: Cannot update attribute "
                 f"{attribute}. This attribute is part of the key",
                 ddb=ddb, table=table, key=k("key"), expression=expression,
                 values=values or None, names=names)
    assert get(ddb, table, k("key")) == dict(k("key"), a=N("0"))


def test_update_key_attribute_refused_on_missing_item(ddb, table):
    expect_error(update, VALIDATION,
                 "One or more parameter values were invalid: Cannot update attribute PK. "
                 "This attribute is part of the key",
                 ddb=ddb, table=table, key=k("nokey"), expression="SET PK = :v",
                 values={":v": S("x")})
    assert get(ddb, table, k("nokey")) is None


def test_update_key_attribute_refused_hash_table(ddb, hash_table):
    expect_error(update, VALIDATION,
                 "One or more parameter values were invalid: Cannot update attribute PK. "
                 "This attribute is part of the key",
                 ddb=ddb, table=hash_table, key={"PK": S("h")}, expression="REMOVE PK")
    # SK is an ordinary attribute of a hash-only table.
    update(ddb, hash_table, {"PK": S("h")}, "SET SK = :v", {":v": S("x")})
    assert get(ddb, hash_table, {"PK": S("h")}) == {"PK": S("h"), "SK": S("x")}


# ------------------------------------------------------------------ limits and caching

def test_update_item_size_limit(ddb, table):
    big = "x" * (250 * 1024)
    ddb.put_item(TableName=table, Item=dict(k("big"), a=S(big)))
    # dynalite's updateItem tests (run against DynamoDB) give the text.
    expect_error(update, VALIDATION, "Item size to update has exceeded the maximum allowed size",
                 ddb=ddb, table=table, key=k("big"), expression="SET b = a")
    assert set(get(ddb, table, k("big"))) == {"PK", "SK", "a"}


def test_same_expression_text_with_other_placeholders(ddb, table):
    # The parsed expression may be cached by its text; the names and values must still
    # come from each request.
    ddb.put_item(TableName=table, Item=dict(k("c"), x=N("1"), y=N("10")))
    expression = "SET #t = #t + :d"
    condition = "#t < :max"
    for name, delta, maximum in (("x", "1", "5"), ("y", "5", "100"), ("x", "2", "3")):
        update(ddb, table, k("c"), expression, {":d": N(delta), ":max": N(maximum)},
               {"#t": name}, ConditionExpression=condition)
    item = get(ddb, table, k("c"))
    assert (item["x"], item["y"]) == (N("4"), N("15"))
    expect_error(update, "ConditionalCheckFailedException", "The conditional request failed",
                 ddb=ddb, table=table, key=k("c"), expression=expression,
                 values={":d": N("1"), ":max": N("4")}, names={"#t": "x"},
                 ConditionExpression=condition)


def test_whitespace_and_case_in_update_expression(ddb, table):
    update(ddb, table, k("ws"), "\n\tset\ta\n=\n:v ,b=:v\r\nREMOVE  c  add  d  :n\n",
           {":v": S("x"), ":n": N("1")})
    assert get(ddb, table, k("ws")) == dict(k("ws"), a=S("x"), b=S("x"), d=N("1"))


# ------------------------------------------------------------------ AWS CLI

def test_cli_update_item(aws_cli, ddb, table):
    ddb.put_item(TableName=table, Item=dict(k("cli"), version=N("1"), tags={"SS": ["a"]}))
    rc, out = aws_cli(
        "update-item", "--table-name", table,
        "--key", '{"PK": {"S": "cli"}, "SK": {"S": "s"}}',
        "--update-expression",
        "SET #v = #v + :one, #st = :st, visits = if_not_exists(visits, :zero) + :one "
        "ADD tags :t",
        "--condition-expression", "#v = :expected AND attribute_exists(PK)",
        "--expression-attribute-names", '{"#v": "version", "#st": "status"}',
        "--expression-attribute-values",
        '{":one": {"N": "1"}, ":zero": {"N": "0"}, ":expected": {"N": "1"}, '
        '":st": {"S": "active"}, ":t": {"SS": ["b"]}}',
        "--return-values", "ALL_NEW")
    assert rc == 0, out
    attrs = out["Attributes"]
    attrs["tags"]["SS"].sort()
    assert attrs == {"PK": {"S": "cli"}, "SK": {"S": "s"}, "version": {"N": "2"},
                     "status": {"S": "active"}, "visits": {"N": "1"},
                     "tags": {"SS": ["a", "b"]}}
    # The same command again: the version check fails.
    rc, err = aws_cli(
        "update-item", "--table-name", table,
        "--key", '{"PK": {"S": "cli"}, "SK": {"S": "s"}}',
        "--update-expression", "SET #v = #v + :one",
        "--condition-expression", "#v = :expected",
        "--expression-attribute-names", '{"#v": "version"}',
        "--expression-attribute-values", '{":one": {"N": "1"}, ":expected": {"N": "1"}}',
        "--return-values", "ALL_NEW")
    assert rc != 0
    assert "ConditionalCheckFailedException" in err
    assert "The conditional request failed" in err


def test_update_list_index_range(ddb, table):
    ddb.put_item(TableName=table, Item=dict(k("ix"), l=L(S("a"))))
    expect_error(update, VALIDATION,
                 "Invalid UpdateExpression: List index is not within the allowable range; "
                 "index: [2147483648]",
                 ddb=ddb, table=table, key=k("ix"), expression="SET l[2147483648] = :v",
                 values={":v": S("x")})
    # The largest index appends, like any index past the end.
    update(ddb, table, k("ix"), "SET l[2147483647] = :v REMOVE l[2147483646]", {":v": S("x")})
    assert get(ddb, table, k("ix"))["l"] == L(S("a"), S("x"))
