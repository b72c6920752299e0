"""Query: key conditions on S, N and B sort keys in both directions, filters, projections,
Select, the legacy KeyConditions / QueryFilter / AttributesToGet parameters, the AWS CLI,
and the validation errors.

The data set is a single-table e-commerce design loaded once per module: customers
`USER#<n>` with a `PROFILE` item, their orders `ORDER#2025-08-<dd>#<id>` and the order
lines `ORDER#<id>#ITEM#<n>`. Expected results come from a model of the data set (the
same items, sorted by the UTF-8 bytes of the sort key), so every check is exact.

Error texts are DynamoDB's as captured by dynalite's test/query.js (which runs against
the service; cited [dynalite]) and by user reports; the few that are less certain say so
in a comment and are listed in the report of the change that added this file.
"""

import json
from decimal import Decimal

import pytest

from mtutil import (loaded_table, VALIDATION, canon, create_table, delete_table_quietly, expect_error,
                    follow_pages, page_items, put_items, unique_name, B, L, M, N, S)

INVALID = "One or more parameter values were invalid: "
TYPE_MISMATCH = INVALID + "Condition parameter type does not match schema type"

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


# ------------------------------------------------------------- partition and order

def test_model_sanity():
    # The data set has what the tests below rely on.
    assert len(partition("USER#1")) == 1 + 8 + 10
    assert sk_of(partition("USER#1")[0]) == line_sk("1001", 1)  # '1' < '2' < 'P'
    assert sk_of(partition("USER#1")[-1]) == "PROFILE"


@pytest.mark.parametrize("forward", [True, False], ids=["forward", "backward"])
def test_whole_partition_in_sort_key_order(ddb, shop, forward):
    resp = query(ddb, shop, "PK = :pk", {":pk": S("USER#1")}, ScanIndexForward=forward)
    items = single_page(resp)
    expected = partition("USER#1", forward=forward)
    assert keys(items) == keys(expected)
    assert canon(items) == canon(expected)
    assert resp["ScannedCount"] == len(expected)


def test_other_partitions_do_not_leak(ddb, shop):
    for n in (2, 3, 4):
        items = single_page(query(ddb, shop, "PK = :pk", {":pk": S(f"USER#{n}")}))
        assert canon(items) == canon(partition(f"USER#{n}")), n


def test_missing_partition_is_empty(ddb, shop):
    resp = query(ddb, shop, "PK = :pk", {":pk": S("USER#404")})
    assert resp["Items"] == []
    assert resp["Count"] == 0 and resp["ScannedCount"] == 0
    assert "LastEvaluatedKey" not in resp
    # A prefix of an existing partition key is another partition.
    assert query(ddb, shop, "PK = :pk", {":pk": S("USER#")})["Count"] == 0


def test_names_for_key_attributes_and_consistent_read(ddb, shop):
    resp = query(ddb, shop, "#p = :pk AND begins_with(#s, :pre)",
                 {":pk": S("USER#2"), ":pre": S("ORDER#2025")}, names={"#p": "PK", "#s": "SK"},
                 ConsistentRead=True)
    expected = partition("USER#2", lambda sk: sk.startswith("ORDER#2025"))
    assert keys(single_page(resp)) == keys(expected)
    assert len(expected) == 3


def test_operands_may_come_in_either_order(ddb, shop):
    # `:v < SK` is `SK > :v`: only BETWEEN and begins_with need the key first.
    pivot = order_sk(12, "1005")
    resp = query(ddb, shop, ":pk = PK AND :v < SK", {":pk": S("USER#1"), ":v": S(pivot)})
    assert keys(single_page(resp)) == keys(partition("USER#1", lambda sk: sk > pivot))


# ----------------------------------------------------------- S sort key operators

PIVOT = order_sk(9, "1004")
GAP = "ORDER#2025-08-10"          # between orders 1004 and 1005, not a stored key
LOW, HIGH = order_sk(3, "1002"), order_sk(15, "1006")

S_CASES = [
    ("eq", "SK = :a", [PIVOT], lambda sk: sk == PIVOT),
    ("eq-missing", "SK = :a", [GAP], lambda sk: False),
    ("lt", "SK < :a", [PIVOT], lambda sk: sk.encode() < PIVOT.encode()),
    ("le", "SK <= :a", [PIVOT], lambda sk: sk.encode() <= PIVOT.encode()),
    ("gt", "SK > :a", [PIVOT], lambda sk: sk.encode() > PIVOT.encode()),
    ("ge", "SK >= :a", [PIVOT], lambda sk: sk.encode() >= PIVOT.encode()),
    ("lt-gap", "SK < :a", [GAP], lambda sk: sk.encode() < GAP.encode()),
    ("ge-gap", "SK >= :a", [GAP], lambda sk: sk.encode() >= GAP.encode()),
    ("gt-everything", "SK > :a", ["Z"], lambda sk: False),
    ("lt-nothing", "SK < :a", ["A"], lambda sk: False),
    ("between", "SK BETWEEN :a AND :b", [LOW, HIGH],
     lambda sk: LOW.encode() <= sk.encode() <= HIGH.encode()),
    ("between-same", "SK BETWEEN :a AND :b", [PIVOT, PIVOT], lambda sk: sk == PIVOT),
    ("between-lowercase", "SK between :a and :b", [LOW, HIGH],
     lambda sk: LOW.encode() <= sk.encode() <= HIGH.encode()),
    ("begins-with", "begins_with(SK, :a)", ["ORDER#2025-08-1"],
     lambda sk: sk.startswith("ORDER#2025-08-1")),
]


@pytest.mark.parametrize("forward", [True, False], ids=["forward", "backward"])
@pytest.mark.parametrize("name,cond,args,pred", S_CASES, ids=[c[0] for c in S_CASES])
def test_string_sort_key_operators(ddb, shop, name, cond, args, pred, forward):
    values = {":pk": S("USER#1"), **{f":{'ab'[i]}": S(v) for i, v in enumerate(args)}}
    resp = query(ddb, shop, "PK = :pk AND " + cond, values, ScanIndexForward=forward)
    expected = partition("USER#1", pred, forward)
    items = single_page(resp)
    assert keys(items) == keys(expected)
    assert canon(items) == canon(expected)
    assert resp["ScannedCount"] == len(expected)


BEGINS = [
    ("ORDER#", lambda sk: sk.startswith("ORDER#"), 8 + 10),      # orders and their lines
    ("ORDER#2025-08", lambda sk: sk.startswith("ORDER#2025-08"), 8),   # orders only
    ("ORDER#1003#ITEM#", lambda sk: sk.startswith("ORDER#1003#ITEM#"), 2),  # one order's lines
    ("ORDER#1007#", lambda sk: sk.startswith("ORDER#1007#"), 0),   # an order without lines
    ("PROFILE", lambda sk: sk == "PROFILE", 1),
    ("P", lambda sk: sk == "PROFILE", 1),
    ("ORDER#2025-08-2", lambda sk: sk.startswith("ORDER#2025-08-2"), 2),
    ("ORDER#9", lambda sk: False, 0),
]


@pytest.mark.parametrize("forward", [True, False], ids=["forward", "backward"])
@pytest.mark.parametrize("prefix,pred,count", BEGINS, ids=[b[0] for b in BEGINS])
def test_begins_with_order_patterns(ddb, shop, prefix, pred, count, forward):
    resp = query(ddb, shop, "PK = :pk AND begins_with(SK, :p)",
                 {":pk": S("USER#1"), ":p": S(prefix)}, ScanIndexForward=forward)
    expected = partition("USER#1", pred, forward)
    assert len(expected) == count
    assert keys(single_page(resp)) == keys(expected)


DATE_RANGES = [
    # orders placed 5..15 August: the upper bound "ORDER#2025-08-15~" sorts after every
    # order of the 15th ('~' > '#').
    ("05-to-15", "ORDER#2025-08-05", "ORDER#2025-08-15~", ["1003", "1004", "1005", "1006"]),
    ("first-week", "ORDER#2025-08-01", "ORDER#2025-08-07~", ["1001", "1002", "1003"]),
    ("exact-bounds", order_sk(3, "1002"), order_sk(12, "1005"), ["1002", "1003", "1004", "1005"]),
    ("bounds-between-keys", "ORDER#2025-08-21", "ORDER#2025-08-27", []),
    ("to-month-end", "ORDER#2025-08-16", "ORDER#2025-08-31~", ["1007", "1008"]),
]


@pytest.mark.parametrize("forward", [True, False], ids=["forward", "backward"])
@pytest.mark.parametrize("name,lo,hi,ids", DATE_RANGES, ids=[d[0] for d in DATE_RANGES])
def test_between_date_ranges(ddb, shop, name, lo, hi, ids, forward):
    resp = query(ddb, shop, "PK = :pk AND SK BETWEEN :lo AND :hi",
                 {":pk": S("USER#1"), ":lo": S(lo), ":hi": S(hi)}, ScanIndexForward=forward)
    got = [sk_of(i).rsplit("#", 1)[1] for i in single_page(resp)]
    assert got == (ids if forward else ids[::-1])


def test_string_order_is_by_utf8_bytes(ddb, table):
    # UTF-8 byte order, not UTF-16 code units: U+FF01 (EF BC 81) sorts before U+1F600
    # (F0 9F 98 80), although its UTF-16 code unit FF01 is above the surrogate D83D. Upper
    # case before lower case, digits before letters, and a prefix before its extensions.
    sks = ["a", "B", "\u00e9", "z", "~", "Z", "0", "10", "9", "\u4e2d", "\U0001F600",
           "\uff01", "a-b", "ab", "a b", "\u007f", "\u0080"]
    put_items(ddb, table, [dict(PK=S("u"), SK=S(sk), v=N(str(i))) for i, sk in enumerate(sks)])
    expected = sorted(sks, key=lambda s: s.encode("utf-8"))
    for forward in (True, False):
        resp = ddb.query(TableName=table, KeyConditionExpression="PK = :p",
                         ExpressionAttributeValues={":p": S("u")}, ScanIndexForward=forward)
        got = [sk_of(i) for i in single_page(resp)]
        assert got == (expected if forward else expected[::-1])
    resp = ddb.query(TableName=table, KeyConditionExpression="PK = :p AND SK > :v",
                     ExpressionAttributeValues={":p": S("u"), ":v": S("\uff01")})
    assert [sk_of(i) for i in single_page(resp)] == ["\U0001F600"]


# ----------------------------------------------------------- N sort key operators

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


def numbers_where(pred, forward=True):
    got = sorted((v for v in NUMBERS if pred(Decimal(v))), key=Decimal)
    return got if forward else got[::-1]


N_CASES = [
    # bounds written in non-canonical forms: the comparison is numeric
    ("eq", "SK = :a", ["10.0"], lambda d: d == 10),
    ("eq-exponent", "SK = :a", ["1E1"], lambda d: d == 10),
    ("eq-missing", "SK = :a", ["3"], lambda d: False),
    ("lt", "SK < :a", ["9.5"], lambda d: d < Decimal("9.5")),
    ("le", "SK <= :a", ["-1"], lambda d: d <= -1),
    ("gt", "SK > :a", ["9"], lambda d: d > 9),
    ("ge", "SK >= :a", ["1.50"], lambda d: d >= Decimal("1.5")),
    ("gt-negative", "SK > :a", ["-99.2"], lambda d: d > Decimal("-99.2")),
    ("between", "SK BETWEEN :a AND :b", ["-1", "9.99"],
     lambda d: Decimal("-1") <= d <= Decimal("9.99")),
    ("between-huge", "SK BETWEEN :a AND :b", ["100", "1E+30"],
     lambda d: 100 <= d <= Decimal("1E30")),
]


@pytest.mark.parametrize("forward", [True, False], ids=["forward", "backward"])
@pytest.mark.parametrize("name,cond,args,pred", N_CASES, ids=[c[0] for c in N_CASES])
def test_number_sort_key_operators(ddb, numbers, name, cond, args, pred, forward):
    values = {":pk": S("n"), **{f":{'ab'[i]}": N(v) for i, v in enumerate(args)}}
    resp = query(ddb, numbers, "PK = :pk AND " + cond, values, ScanIndexForward=forward)
    items = single_page(resp)
    assert [i["SK"]["N"] for i in items] == numbers_where(pred, forward)
    assert all(i["label"] == S(i["SK"]["N"]) for i in items)


def test_number_sort_key_whole_partition(ddb, numbers):
    for forward in (True, False):
        items = single_page(query(ddb, numbers, "PK = :pk", {":pk": S("n")},
                                  ScanIndexForward=forward))
        assert [i["SK"]["N"] for i in items] == numbers_where(lambda d: True, forward)


# ----------------------------------------------------------- B sort key operators

BLOBS = [b"\x00", b"\x00\x01", b"\x01", b"\x01\x02", b"\x01\xff", b"\x7f", b"\x80", b"\x80\x00",
         b"\xfe", b"\xff", b"\xff\xff", b"abc"]


@pytest.fixture(scope="module")
def blobs(ddb):
    name = unique_name("qbin")
    create_table(ddb, name, range_type="B", billing="PAY_PER_REQUEST")
    put_items(ddb, name, [dict(PK=S("b"), SK=B(v), hex=S(v.hex())) for v in BLOBS])
    put_items(ddb, name, [dict(PK=S("c"), SK=B(b"\x01"))])
    yield name
    delete_table_quietly(ddb, name)


B_CASES = [
    ("eq", "SK = :a", [b"\x80"], lambda b: b == b"\x80"),
    ("lt", "SK < :a", [b"\x80"], lambda b: b < b"\x80"),       # unsigned: 0x80 > 0x7f
    ("le", "SK <= :a", [b"\x01\x02"], lambda b: b <= b"\x01\x02"),
    ("gt", "SK > :a", [b"\x7f"], lambda b: b > b"\x7f"),
    ("ge", "SK >= :a", [b"\xff"], lambda b: b >= b"\xff"),
    ("between", "SK BETWEEN :a AND :b", [b"\x00\x01", b"\x80"],
     lambda b: b"\x00\x01" <= b <= b"\x80"),
    ("begins-with-01", "begins_with(SK, :a)", [b"\x01"], lambda b: b.startswith(b"\x01")),
    ("begins-with-ff", "begins_with(SK, :a)", [b"\xff"], lambda b: b.startswith(b"\xff")),
    ("begins-with-00", "begins_with(SK, :a)", [b"\x00"], lambda b: b.startswith(b"\x00")),
]


@pytest.mark.parametrize("forward", [True, False], ids=["forward", "backward"])
@pytest.mark.parametrize("name,cond,args,pred", B_CASES, ids=[c[0] for c in B_CASES])
def test_binary_sort_key_operators(ddb, blobs, name, cond, args, pred, forward):
    values = {":pk": S("b"), **{f":{'ab'[i]}": B(v) for i, v in enumerate(args)}}
    resp = query(ddb, blobs, "PK = :pk AND " + cond, values, ScanIndexForward=forward)
    expected = sorted(v for v in BLOBS if pred(v))
    items = single_page(resp)
    assert [i["SK"]["B"] for i in items] == (expected if forward else expected[::-1])
    assert all(i["hex"]["S"] == i["SK"]["B"].hex() for i in items)


def test_binary_sort_key_whole_partition(ddb, blobs):
    items = single_page(query(ddb, blobs, "PK = :pk", {":pk": S("b")}))
    assert [i["SK"]["B"] for i in items] == sorted(BLOBS)


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

def kc(pk, op=None, *values):
    conds = {"PK": {"ComparisonOperator": "EQ", "AttributeValueList": [S(pk)]}}
    if op is not None:
        conds["SK"] = {"ComparisonOperator": op, "AttributeValueList": [S(v) for v in values]}
    return conds


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


# ------------------------------------------------------------------------- errors

def kce_error(ddb, table, kce, values, message, names=None, **kwargs):
    kw = dict(TableName=table, KeyConditionExpression=kce, ExpressionAttributeValues=values)
    if names:
        kw["ExpressionAttributeNames"] = names
    kw.update(kwargs)
    return expect_error(ddb.query, VALIDATION, message, **kw)


PKV = {":pk": S("USER#1")}

# (id, expression, values, message). [dynalite] query.js unless noted.
KEY_CONDITION_ERRORS = [
    # a non-key attribute where the sort key condition goes: DynamoDB names the missing
    # sort key ([dynalite] "should return ValidationException for missing range element",
    # 'a = :a and c = :b' -> 'Query condition missed key schema element: b'). Medium
    # confidence.
    ("non-key-attribute", "PK = :pk AND amount = :t", {**PKV, ":t": N("1")},
     "Query condition missed key schema element: SK"),
    # no partition key condition at all: common in user reports
    # (dynamoose/dynamoose#992: 'Query condition missed key schema element: contextId')
    ("only-non-key", "amount = :t", {":t": N("1")},
     "Query condition missed key schema element: PK"),
    ("only-sort-key", "SK = :s", {":s": S("PROFILE")},
     "Query condition missed key schema element: PK"),
    ("only-sort-key-begins-with", "begins_with(SK, :s)", {":s": S("ORDER#")},
     "Query condition missed key schema element: PK"),
    # operators that are never key conditions ('Invalid operator used in
    # KeyConditionExpression: OR' etc.; checked before the table is looked up)
    ("or", "PK = :pk OR SK = :s", {**PKV, ":s": S("x")},
     "Invalid operator used in KeyConditionExpression: OR"),
    ("not", "PK = :pk AND NOT SK = :s", {**PKV, ":s": S("x")},
     "Invalid operator used in KeyConditionExpression: NOT"),
    ("in", "PK IN (:pk)", PKV, "Invalid operator used in KeyConditionExpression: IN"),
    ("ne", "PK = :pk AND SK <> :s", {**PKV, ":s": S("x")},
     "Invalid operator used in KeyConditionExpression: <>"),
    ("attribute-exists", "PK = :pk AND attribute_exists(SK)", PKV,
     "Invalid operator used in KeyConditionExpression: attribute_exists"),
    ("contains", "PK = :pk AND contains(SK, :s)", {**PKV, ":s": S("x")},
     "Invalid operator used in KeyConditionExpression: contains"),
    # two conditions on one key
    ("two-on-sort-key", "PK = :pk AND SK > :a AND SK < :b", {**PKV, ":a": S("a"), ":b": S("b")},
     "KeyConditionExpressions must only contain one condition per key"),
    ("two-on-sort-key-first", "SK >= :a AND SK <= :b AND PK = :pk",
     {**PKV, ":a": S("a"), ":b": S("b")},
     "KeyConditionExpressions must only contain one condition per key"),
    ("two-on-partition-key", "PK = :pk AND PK = :pk", PKV,
     "KeyConditionExpressions must only contain one condition per key"),
    # three distinct attributes
    ("three-conditions", "PK = :pk AND SK = :s AND amount = :t",
     {**PKV, ":s": S("x"), ":t": N("1")}, "Conditions can be of length 1 or 2 only"),
    # the partition key only takes equality ('Query key condition not supported'; also
    # the AWS CLI report for begins_with on a partition key)
    ("partition-key-gt", "PK > :pk", PKV, "Query key condition not supported"),
    ("partition-key-begins-with", "begins_with(PK, :pk)", PKV, "Query key condition not supported"),
    ("partition-key-between", "PK BETWEEN :pk AND :pk2 AND SK = :s",
     {**PKV, ":pk2": S("USER#2"), ":s": S("x")}, "Query key condition not supported"),
    # value types against the key schema ([dynalite] "should return ValidationException
    # for mismatching param type")
    ("partition-value-number", "PK = :pk", {":pk": N("1")}, TYPE_MISMATCH),
    ("sort-value-number", "PK = :pk AND SK > :s", {**PKV, ":s": N("1")}, TYPE_MISMATCH),
    ("sort-value-binary", "PK = :pk AND begins_with(SK, :s)", {**PKV, ":s": B(b"O")},
     TYPE_MISMATCH),
    ("between-value-types", "PK = :pk AND SK BETWEEN :a AND :b", {**PKV, ":a": N("1"), ":b": N("2")},
     TYPE_MISMATCH),
    # function names are case-sensitive (the KeyConditionExpression reference says so;
    # the text is the expression grammar's, as for FilterExpression in [dynalite] scan.js)
    ("function-name-case", "PK = :pk AND BEGINS_WITH(SK, :s)", {**PKV, ":s": S("x")},
     "Invalid KeyConditionExpression: Invalid function name; function: BEGINS_WITH"),
    # nested paths
    ("nested", "PK = :pk AND SK.x = :s", {**PKV, ":s": S("x")},
     "KeyConditionExpressions cannot have conditions on nested attributes"),
    # BETWEEN bounds out of order (the same check as in condition expressions)
    ("between-reversed", "PK = :pk AND SK BETWEEN :a AND :b", {**PKV, ":a": S("b"), ":b": S("a")},
     "Invalid KeyConditionExpression: The BETWEEN operator requires upper bound to be greater "
     "than or equal to lower bound; lower bound operand: AttributeValue: {S:b}, upper bound "
     "operand: AttributeValue: {S:a}"),
]


@pytest.mark.parametrize("name,kce,values,message", KEY_CONDITION_ERRORS,
                         ids=[e[0] for e in KEY_CONDITION_ERRORS])
def test_key_condition_errors(ddb, shop, name, kce, values, message):
    kce_error(ddb, shop, kce, values, message)


def test_begins_with_on_number_sort_key(ddb, numbers):
    # A number operand: begins_with takes S or B only (the operand check of the
    # expression language, "Invalid <X>Expression: Incorrect operand type ..." as for
    # FilterExpression in [dynalite] scan.js). Medium confidence for the KeyCondition
    # prefix.
    kce_error(ddb, numbers, "PK = :pk AND begins_with(SK, :p)", {":pk": S("n"), ":p": N("1")},
              "Invalid KeyConditionExpression: Incorrect operand type for operator or "
              "function; operator or function: begins_with, operand type: N")
    # A string operand does not match the N sort key. Medium confidence.
    kce_error(ddb, numbers, "PK = :pk AND begins_with(SK, :p)", {":pk": S("n"), ":p": S("1")},
              TYPE_MISMATCH)
    # legacy: [dynalite] "should return ValidationException for invalid BEGINS_WITH
    # ComparisonOperator types"
    expect_error(ddb.query, VALIDATION,
                 INVALID + "ComparisonOperator BEGINS_WITH is not valid for N AttributeValue type",
                 TableName=numbers,
                 KeyConditions={"PK": {"ComparisonOperator": "EQ", "AttributeValueList": [S("n")]},
                                "SK": {"ComparisonOperator": "BEGINS_WITH",
                                       "AttributeValueList": [N("1")]}})


def test_hash_only_table(ddb, hash_table):
    put_items(ddb, hash_table, [{"PK": S("h1"), "v": N("1")}, {"PK": S("h2"), "v": N("2")}])
    resp = ddb.query(TableName=hash_table, KeyConditionExpression="PK = :p",
                     ExpressionAttributeValues={":p": S("h2")})
    assert single_page(resp) == [{"PK": S("h2"), "v": N("2")}]
    # [dynalite] 'y = :a and z = :a' / 'a = :a AND b = :a' on a hash table
    kce_error(ddb, hash_table, "PK = :p AND v = :v", {":p": S("h1"), ":v": N("1")},
              "Query key condition not supported")
    kce_error(ddb, hash_table, "PK > :p", {":p": S("h1")}, "Query key condition not supported")


def test_filter_may_not_name_key_attributes(ddb, shop):
    # [dynalite] "should return ValidationException if range key in FilterExpression"
    base = dict(TableName=shop, KeyConditionExpression="PK = :pk")
    for filt, key in [("SK = :s", "SK"), ("begins_with(SK, :s)", "SK"),
                      ("attribute_exists(amount) AND PK = :s", "PK"),
                      ("#k = :s", "SK")]:
        kw = dict(base, FilterExpression=filt, ExpressionAttributeValues={**PKV, ":s": S("x")})
        if "#k" in filt:
            kw["ExpressionAttributeNames"] = {"#k": "SK"}
        expect_error(ddb.query, VALIDATION,
                     "Filter Expression can only contain non-primary key attributes: "
                     "Primary key attribute: " + key, **kw)


def test_query_filter_may_not_name_key_attributes(ddb, shop):
    # [dynalite] "should return ValidationException if range key in QueryFilter"
    expect_error(ddb.query, VALIDATION,
                 "QueryFilter can only contain non-primary key attributes: Primary key attribute: SK",
                 TableName=shop, KeyConditions=kc("USER#1"),
                 QueryFilter={"SK": {"ComparisonOperator": "EQ", "AttributeValueList": [S("x")]}})


LEGACY_ERRORS = [
    # [dynalite] "should return ValidationException for unsupported comparison on range"
    ("ne-on-sort-key", kc("USER#1", "NE", "x"),
     "Attempted conditional constraint is not an indexable operation"),
    ("contains-on-sort-key", kc("USER#1", "CONTAINS", "x"),
     "Attempted conditional constraint is not an indexable operation"),
    ("null-on-sort-key", {**kc("USER#1"), "SK": {"ComparisonOperator": "NULL"}},
     "Attempted conditional constraint is not an indexable operation"),
    # [dynalite] "should return ValidationException for no hash key"
    ("no-partition-key", {"SK": {"ComparisonOperator": "EQ", "AttributeValueList": [S("x")]}},
     "Query condition missed key schema element: PK"),
    ("partition-key-le", {"PK": {"ComparisonOperator": "LE", "AttributeValueList": [S("x")]}},
     "Query key condition not supported"),
    # [dynalite] "should return ValidationException if BETWEEN arguments are in the
    # incorrect order"
    ("between-reversed", kc("USER#1", "BETWEEN", "b", "a"),
     "The BETWEEN condition was provided a range where the lower bound is greater than the "
     "upper bound"),
    ("partition-value-number",
     {"PK": {"ComparisonOperator": "EQ", "AttributeValueList": [N("1")]}}, TYPE_MISMATCH),
]


@pytest.mark.parametrize("name,conditions,message", LEGACY_ERRORS,
                         ids=[e[0] for e in LEGACY_ERRORS])
def test_legacy_key_condition_errors(ddb, shop, name, conditions, message):
    expect_error(ddb.query, VALIDATION, message, TableName=shop, KeyConditions=conditions)


def test_no_key_condition_at_all(ddb, shop):
    # dynamoose/dynamoose#992 (a title, without the final period); with the period in
    # DynamoDB Local's ErrorFactory (MISSING_KEY_CONDITIONS_AND_EXPRESSION) and dynalite.
    expect_error(ddb.query, VALIDATION,
                 "Either the KeyConditions or KeyConditionExpression parameter must be "
                 "specified in the request.", TableName=shop)


def test_key_conditions_and_expression_together(ddb, shop):
    # [dynalite] "should return ValidationException if all expressions and non-expression";
    # the same message format as the other operations' mixing errors.
    expect_error(ddb.query, VALIDATION,
                 "Can not use both expression and non-expression parameters in the same "
                 "request: Non-expression parameters: {KeyConditions} Expression parameters: "
                 "{KeyConditionExpression}",
                 TableName=shop, KeyConditions=kc("USER#1"), KeyConditionExpression="PK = :pk",
                 ExpressionAttributeValues=PKV)


def test_unknown_index_name_is_refused(ddb, shop):
    # [dynalite] "The table does not have the specified index: <name>"
    expect_error(ddb.query, VALIDATION, "The table does not have the specified index: byStatus",
                 TableName=shop, IndexName="byStatus", KeyConditionExpression="PK = :pk",
                 ExpressionAttributeValues=PKV)


def test_missing_table(ddb):
    expect_error(ddb.query, "ResourceNotFoundException", "Requested resource not found",
                 TableName=unique_name("missing"), KeyConditionExpression="PK = :pk",
                 ExpressionAttributeValues=PKV)


def test_limit_must_be_positive(ddb, shop):
    # the generic constraint text, as for other integer members
    expect_error(ddb.query, VALIDATION,
                 "1 validation error detected: Value '0' at 'limit' failed to satisfy "
                 "constraint: Member must have value greater than or equal to 1",
                 TableName=shop, KeyConditionExpression="PK = :pk",
                 ExpressionAttributeValues=PKV, Limit=0)
