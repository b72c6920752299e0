"""The Query data sets shared by test_query_keys.py, test_query_filters.py and
test_query_errors.py (not a test module itself).

`shop` is a single-table e-commerce design loaded once per module: customers
`USER#<n>` with a `PROFILE` item, their orders `ORDER#2025-08-<dd>#<id>` and the order
lines `ORDER#<id>#ITEM#<n>`. Expected results come from a model of the data set (the
same items, sorted by the UTF-8 bytes of the sort key), so every check is exact.
`numbers` is a table with an N sort key (NUMBERS under partition "n").

The fixtures are module-scoped: each test module imports them by name, and pytest
finds them in its namespace.
"""

import pytest

from mtutil import (loaded_table, create_table, delete_table_quietly, put_items, unique_name, L,
                    M, N, S)

# ------------------------------------------------------------------------- data set


def order_sk(day, oid):
    return f"ORDER#2025-08-{day:02d}#{oid}"


def line_sk(oid, n):
    return f"ORDER#{oid}#ITEM#{n}"


# customer -> (profile attributes or None, orders)
# order: (day, id, status, amount, tags or None, [(sku, qty, price, gift)])
CUSTOMERS = {
    1: (dict(name=S("Ada Lovelace"), email=S("ada@example.com"), tier=S("gold"),
             phones={"SS": ["+44 20 0000 0001", "+44 20 0000 0002"]},
             addresses=L(M(city=S("London"), zip=S("NW1"))), signup=N("20240101")),
        [(1, "1001", "DELIVERED", "59.9", ["gift"], [("BOOK-1", 1, "19.9", False),
                                                     ("PEN-2", 4, "10", True)]),
         (3, "1002", "DELIVERED", "12", None, [("MUG-1", 1, "12", False)]),
         (5, "1003", "SHIPPED", "240.5", ["express", "fragile"],
          [("LAMP-9", 1, "200", False), ("BULB-3", 3, "13.5", False)]),
         (9, "1004", "CANCELLED", "7.25", None, [("CARD-1", 1, "7.25", True)]),
         (12, "1005", "SHIPPED", "1099", ["express", "insured", "fragile"],
          [("LAPTOP-1", 1, "1099", False)]),
         (15, "1006", "PENDING", "45", None, [("BOOK-2", 3, "15", False)]),
         (20, "1007", "PENDING", "3.5", ["gift"], []),
         (28, "1008", "DELIVERED", "150", None, [("SHOE-4", 1, "120", False),
                                                 ("SOCK-1", 6, "5", True)])]),
    2: (dict(name=S("Grace Hopper"), email=S("grace@example.com"), tier=S("silver")),
        [(2, "2001", "DELIVERED", "80", None, [("RADIO-1", 1, "80", False)]),
         (14, "2002", "SHIPPED", "19.99", ["gift"], [("CABLE-2", 1, "19.99", False)]),
         (31, "2003", "PENDING", "5", None, [])]),
    3: (dict(name=S("Alan Turing"), email=S("alan@example.com"), tier=S("bronze")), []),
    4: (None, [(7, "4001", "PENDING", "33", None, [("TAPE-1", 11, "3", False)])]),
}

CITIES = ["London", "Paris", "Berlin", "Madrid", "Rome"]


def build_items():
    items = []
    for n, (profile, orders) in CUSTOMERS.items():
        pk = S(f"USER#{n}")
        if profile is not None:
            items.append(dict(PK=pk, SK=S("PROFILE"), type=S("customer"), **profile))
        for i, (day, oid, status, amount, tags, lines) in enumerate(orders):
            order = dict(PK=pk, SK=S(order_sk(day, oid)), type=S("order"), status=S(status),
                         amount=N(amount), created=S(f"2025-08-{day:02d}"),
                         line_count=N(str(len(lines))),
                         shipping=M(city=S(CITIES[(n + i) % len(CITIES)]),
                                    zip=S(f"{10000 + n * 100 + i}")))
            if status in ("SHIPPED", "DELIVERED"):
                order["tracking"] = S(f"TRK{oid}")
            if tags:
                order["tags"] = {"SS": list(tags)}
            items.append(order)
            for ln, (sku, qty, price, gift) in enumerate(lines, start=1):
                line = dict(PK=pk, SK=S(line_sk(oid, ln)), type=S("line"), sku=S(sku),
                            qty=N(str(qty)), price=N(price))
                if gift:
                    line["gift"] = {"BOOL": True}
                items.append(line)
    return items


ITEMS = build_items()


def sk_of(item):
    return item["SK"]["S"]


def partition(pk, pred=lambda sk: True, forward=True):
    """The model's answer: the items of partition `pk` whose sort key satisfies `pred`,
    in the order of the UTF-8 bytes of the sort key."""
    got = sorted((i for i in ITEMS if i["PK"]["S"] == pk and pred(sk_of(i))),
                 key=lambda i: sk_of(i).encode())
    return got if forward else got[::-1]


def keys(items):
    return [(i["PK"], i["SK"]) for i in items]


@pytest.fixture(scope="module")
def shop(ddb):
    with loaded_table(ddb, "shop", ITEMS, billing="PAY_PER_REQUEST") as name:
        yield name


def query(ddb, table, kce, values, names=None, **kwargs):
    kw = dict(TableName=table, KeyConditionExpression=kce, ExpressionAttributeValues=values)
    if names is not None:
        kw["ExpressionAttributeNames"] = names
    kw.update(kwargs)
    return ddb.query(**kw)


def single_page(resp):
    """A response that must be the whole answer: no LastEvaluatedKey, Count == number of
    Items. Returns the Items."""
    assert "LastEvaluatedKey" not in resp, resp.get("LastEvaluatedKey")
    assert resp["Count"] == len(resp["Items"])
    return resp["Items"]


PIVOT = order_sk(9, "1004")
LOW, HIGH = order_sk(3, "1002"), order_sk(15, "1006")


NUMBERS = ["-1000", "-99.1", "-10", "-1", "-0.5", "0", "0.001", "1", "1.5", "2", "9", "10",
           "10.5", "99", "100", "12345678901234567890", "1000000000000000000000000000000"]


@pytest.fixture(scope="module")
def numbers(ddb):
    name = unique_name("qnum")
    create_table(ddb, name, range_type="N", billing="PAY_PER_REQUEST")
    put_items(ddb, name, [dict(PK=S("n"), SK=N(v), label=S(v)) for v in NUMBERS])
    put_items(ddb, name, [dict(PK=S("other"), SK=N(v)) for v in ("5", "10")])
    yield name
    delete_table_quietly(ddb, name)


# ------------------------------------------------------------- legacy KeyConditions

def kc(pk, op=None, *values):
    conds = {"PK": {"ComparisonOperator": "EQ", "AttributeValueList": [S(pk)]}}
    if op is not None:
        conds["SK"] = {"ComparisonOperator": op, "AttributeValueList": [S(v) for v in values]}
    return conds

