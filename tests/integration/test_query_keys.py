"""Query key conditions: the whole partition in sort key order, and every sort key
operator (=, <, <=, >, >=, BETWEEN, begins_with) on S, N and B sort keys in both
directions, with S keys ordered by their UTF-8 bytes, N keys numerically and B keys as
unsigned bytes.

The data sets and the model of the expected results are in query_data.py.
"""

from decimal import Decimal

import pytest

from mtutil import (canon, create_table, delete_table_quietly, put_items, unique_name, B, N,
                    S)
from query_data import (HIGH, LOW, NUMBERS, PIVOT, keys, line_sk, order_sk, partition, query,
                        single_page, sk_of)
from query_data import numbers, shop  # noqa: F401 (fixtures)

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

GAP = "ORDER#2025-08-10"          # between orders 1004 and 1005, not a stored key

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

