"""Query results beyond the key condition: FilterExpression (after the read, so
ScannedCount counts what was read), ProjectionExpression, Select, the legacy
KeyConditions / QueryFilter / AttributesToGet parameters, and the AWS CLI's query with
and without its own paging.

The data set and the model of the expected results are in query_data.py.
"""

import json
from decimal import Decimal

import pytest

from mtutil import canon, L, M, N, S
from query_data import (CUSTOMERS, HIGH, LOW, PIVOT, kc, keys, partition, query, single_page,
                        sk_of)
from query_data import shop  # noqa: F401 (fixture)

# ------------------------------------------------------------------------ filters

ORDERS_OF_1 = dict(kce="PK = :pk AND begins_with(SK, :o)")


def orders_query(ddb, shop, filter_expr, values=None, names=None, **kwargs):
    vals = {":pk": S("USER#1"), ":o": S("ORDER#2025-08"), **(values or {})}
    return query(ddb, shop, ORDERS_OF_1["kce"], vals, names=names, FilterExpression=filter_expr,
                 **kwargs)


ORDERS = partition("USER#1", lambda sk: sk.startswith("ORDER#2025-08"))


def attr(item, name, kind):
    return item.get(name, {}).get(kind)


FILTERS = [
    ("status-eq", "#st = :s", {":s": S("DELIVERED")}, {"#st": "status"},
     lambda i: attr(i, "status", "S") == "DELIVERED"),
    ("amount-gt", "amount > :t", {":t": N("100")}, None,
     lambda i: Decimal(attr(i, "amount", "N")) > 100),
    ("amount-between", "amount BETWEEN :a AND :b", {":a": N("10"), ":b": N("60")}, None,
     lambda i: 10 <= Decimal(attr(i, "amount", "N")) <= 60),
    ("attribute-exists", "attribute_exists(tracking)", None, None, lambda i: "tracking" in i),
    ("attribute-not-exists", "attribute_not_exists(tracking)", None, None,
     lambda i: "tracking" not in i),
    ("size-of-set", "size(tags) >= :n", {":n": N("2")}, None,
     lambda i: len(i.get("tags", {}).get("SS", [])) >= 2),
    ("size-of-string", "size(tracking) = :n", {":n": N("7")}, None,
     lambda i: len(attr(i, "tracking", "S") or "") == 7),
    ("contains-set", "contains(tags, :t)", {":t": S("gift")}, None,
     lambda i: "gift" in i.get("tags", {}).get("SS", [])),
    ("nested-map", "shipping.city = :c", {":c": S("Berlin")}, None,
     lambda i: i["shipping"]["M"]["city"]["S"] == "Berlin"),
    ("in-list", "#st IN (:a, :b)", {":a": S("PENDING"), ":b": S("CANCELLED")}, {"#st": "status"},
     lambda i: attr(i, "status", "S") in ("PENDING", "CANCELLED")),
    ("or-not", "NOT #st = :s OR line_count = :z", {":s": S("DELIVERED"), ":z": N("0")},
     {"#st": "status"},
     lambda i: attr(i, "status", "S") != "DELIVERED" or attr(i, "line_count", "N") == "0"),
    ("matches-nothing", "#st = :s", {":s": S("LOST")}, {"#st": "status"}, lambda i: False),
]


@pytest.mark.parametrize("name,expr,values,names,pred", FILTERS, ids=[f[0] for f in FILTERS])
def test_filter_expression(ddb, shop, name, expr, values, names, pred):
    resp = orders_query(ddb, shop, expr, values, names)
    expected = [i for i in ORDERS if pred(i)]
    items = single_page(resp)
    assert canon(items) == canon(expected)
    assert resp["Count"] == len(expected)
    assert resp["ScannedCount"] == len(ORDERS) == 8     # the filter runs after the read


def test_filter_sanity():
    # Each filter above selects a proper, non-empty subset (except matches-nothing), so a
    # filter that is ignored or inverted fails.
    for name, _, _, _, pred in FILTERS:
        n = sum(1 for i in ORDERS if pred(i))
        assert (n == 0) if name == "matches-nothing" else (0 < n < len(ORDERS)), name


def test_filter_on_whole_partition_with_entity_type(ddb, shop):
    resp = query(ddb, shop, "PK = :pk", {":pk": S("USER#1"), ":t": S("line"), ":q": N("1")},
                 FilterExpression="#t = :t AND qty > :q", ExpressionAttributeNames={"#t": "type"})
    expected = [i for i in partition("USER#1")
                if i["type"]["S"] == "line" and int(i["qty"]["N"]) > 1]
    assert keys(single_page(resp)) == keys(expected)
    assert len(expected) == 4
    assert resp["ScannedCount"] == len(partition("USER#1"))


def test_filter_with_backward_order(ddb, shop):
    resp = orders_query(ddb, shop, "attribute_exists(tracking)", ScanIndexForward=False)
    expected = [i for i in ORDERS if "tracking" in i][::-1]
    assert keys(single_page(resp)) == keys(expected)


# -------------------------------------------------------------------- projections

def test_projection_expression(ddb, shop):
    resp = query(ddb, shop, "PK = :pk", {":pk": S("USER#1")},
                 ProjectionExpression="#st, amount, shipping.city",
                 ExpressionAttributeNames={"#st": "status"})
    expected = []
    for i in partition("USER#1"):
        p = {k: i[k] for k in ("status", "amount") if k in i}
        if "shipping" in i:
            p["shipping"] = M(city=i["shipping"]["M"]["city"])
        expected.append(p)
    items = single_page(resp)
    # An item with none of the projected attributes comes back as {} (the profile and
    # the order lines here): it still counts.
    assert items == expected
    assert {} in items
    assert resp["Count"] == len(partition("USER#1"))


def test_projection_of_keys_and_list_element(ddb, shop):
    resp = query(ddb, shop, "PK = :pk AND SK = :sk", {":pk": S("USER#1"), ":sk": S("PROFILE")},
                 ProjectionExpression="SK, addresses[0].city, phones")
    items = single_page(resp)
    assert canon(items) == canon([{"SK": S("PROFILE"),
                                   "addresses": L(M(city=S("London"))),
                                   "phones": CUSTOMERS[1][0]["phones"]}])


def test_attributes_to_get(ddb, shop):
    resp = ddb.query(TableName=shop,
                     KeyConditions={"PK": {"ComparisonOperator": "EQ",
                                           "AttributeValueList": [S("USER#2")]}},
                     AttributesToGet=["SK", "amount"])
    expected = [{k: i[k] for k in ("SK", "amount") if k in i} for i in partition("USER#2")]
    assert single_page(resp) == expected


def test_select_specific_and_all_attributes(ddb, shop):
    resp = query(ddb, shop, "PK = :pk", {":pk": S("USER#2")}, Select="SPECIFIC_ATTRIBUTES",
                 ProjectionExpression="email")
    assert single_page(resp) == [{"email": i["email"]} if "email" in i else {}
                                 for i in partition("USER#2")]
    resp = query(ddb, shop, "PK = :pk", {":pk": S("USER#2")}, Select="ALL_ATTRIBUTES")
    assert canon(single_page(resp)) == canon(partition("USER#2"))


def test_filter_on_attribute_not_projected(ddb, shop):
    # The filter sees the whole item; the projection applies to what is returned.
    resp = orders_query(ddb, shop, "#st = :s", {":s": S("SHIPPED")}, {"#st": "status"},
                        ProjectionExpression="amount")
    expected = [{"amount": i["amount"]} for i in ORDERS if i["status"]["S"] == "SHIPPED"]
    assert single_page(resp) == expected
    assert len(expected) == 2


def test_select_count(ddb, shop):
    resp = query(ddb, shop, "PK = :pk", {":pk": S("USER#1")}, Select="COUNT")
    assert "Items" not in resp
    assert resp["Count"] == resp["ScannedCount"] == len(partition("USER#1"))
    assert "LastEvaluatedKey" not in resp


def test_select_count_with_filter(ddb, shop):
    resp = orders_query(ddb, shop, "#st = :s", {":s": S("PENDING")}, {"#st": "status"},
                        Select="COUNT")
    assert "Items" not in resp
    assert resp["Count"] == 2
    assert resp["ScannedCount"] == 8


# ------------------------------------------------------------------------- legacy


LEGACY = [
    ("EQ", [PIVOT], lambda sk: sk == PIVOT),
    ("LT", [PIVOT], lambda sk: sk < PIVOT),
    ("LE", [PIVOT], lambda sk: sk <= PIVOT),
    ("GT", [PIVOT], lambda sk: sk > PIVOT),
    ("GE", [PIVOT], lambda sk: sk >= PIVOT),
    ("BETWEEN", [LOW, HIGH], lambda sk: LOW <= sk <= HIGH),
    ("BEGINS_WITH", ["ORDER#1"], lambda sk: sk.startswith("ORDER#1")),
]


@pytest.mark.parametrize("forward", [True, False], ids=["forward", "backward"])
@pytest.mark.parametrize("op,args,pred", LEGACY, ids=[x[0] for x in LEGACY])
def test_legacy_key_conditions(ddb, shop, op, args, pred, forward):
    resp = ddb.query(TableName=shop, KeyConditions=kc("USER#1", op, *args),
                     ScanIndexForward=forward)
    expected = partition("USER#1", pred, forward)
    assert expected
    assert keys(single_page(resp)) == keys(expected)


def test_legacy_key_conditions_partition_only(ddb, shop):
    resp = ddb.query(TableName=shop, KeyConditions=kc("USER#4"), ConsistentRead=True)
    assert canon(single_page(resp)) == canon(partition("USER#4"))


@pytest.mark.parametrize("operator", ["AND", "OR", None])
def test_legacy_query_filter(ddb, shop, operator):
    kwargs = {} if operator is None else {"ConditionalOperator": operator}
    resp = ddb.query(TableName=shop, KeyConditions=kc("USER#1", "BEGINS_WITH", "ORDER#2025"),
                     QueryFilter={"status": {"ComparisonOperator": "EQ",
                                             "AttributeValueList": [S("SHIPPED")]},
                                  "amount": {"ComparisonOperator": "GT",
                                            "AttributeValueList": [N("500")]}},
                     **kwargs)
    if operator == "OR":
        pred = lambda i: i["status"]["S"] == "SHIPPED" or Decimal(i["amount"]["N"]) > 500
    else:  # AND is the default
        pred = lambda i: i["status"]["S"] == "SHIPPED" and Decimal(i["amount"]["N"]) > 500
    expected = [i for i in ORDERS if pred(i)]
    assert keys(single_page(resp)) == keys(expected)
    assert resp["ScannedCount"] == 8
    assert len(expected) == (2 if operator == "OR" else 1)


def test_legacy_query_filter_null_and_select_count(ddb, shop):
    resp = ddb.query(TableName=shop, KeyConditions=kc("USER#1", "BEGINS_WITH", "ORDER#2025"),
                     QueryFilter={"tracking": {"ComparisonOperator": "NULL"}}, Select="COUNT")
    assert "Items" not in resp
    assert resp["Count"] == sum(1 for i in ORDERS if "tracking" not in i) == 3


# ------------------------------------------------------------------------ AWS CLI

def test_cli_query_as_a_user_writes_it(aws_cli, shop):
    rc, out = aws_cli("query", "--table-name", shop,
                      "--key-condition-expression", "PK = :pk AND begins_with(SK, :p)",
                      "--expression-attribute-values",
                      '{":pk":{"S":"USER#1"},":p":{"S":"ORDER#"}}')
    assert rc == 0, out
    expected = partition("USER#1", lambda sk: sk.startswith("ORDER#"))
    assert canon(out["Items"]) == canon(json.loads(json.dumps(expected)))
    assert out["Count"] == len(expected) == 18


def test_cli_query_follows_pages(aws_cli, shop):
    # --page-size makes the CLI send Limit=4 and follow LastEvaluatedKey itself.
    rc, out = aws_cli("query", "--table-name", shop,
                      "--key-condition-expression", "PK = :pk AND begins_with(SK, :p)",
                      "--expression-attribute-values",
                      '{":pk":{"S":"USER#1"},":p":{"S":"ORDER#"}}',
                      "--page-size", "4", "--no-scan-index-forward")
    assert rc == 0, out
    expected = partition("USER#1", lambda sk: sk.startswith("ORDER#"), forward=False)
    assert [i["SK"]["S"] for i in out["Items"]] == [sk_of(i) for i in expected]
    assert out["Count"] == 18
    assert "NextToken" not in out


