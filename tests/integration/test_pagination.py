"""Query pagination: Limit, LastEvaluatedKey / ExclusiveStartKey, the 1 MB page, the
boto3 paginators, and the validation of ExclusiveStartKey.

DynamoDB's rules checked here:
- Limit is the number of items *evaluated* (read) for the page, before the filter: a page
  with a filter has ScannedCount == Limit (except the last) and Count <= Limit.
- LastEvaluatedKey is the key of the last item evaluated, and it is returned whenever
  the page stopped at Limit, even when nothing follows (dynalite's query.js, run against
  DynamoDB: Limit == the number of items gives a LastEvaluatedKey and the next page is
  empty). So N items read with Limit L always take N // L + 1 requests.
- A page also ends once it has read 1 MB of items (before filter and projection).
- ExclusiveStartKey need not be a stored key: the next page starts after it.
"""

import pytest

from mtutil import (VALIDATION, canon, create_table, delete_table_quietly, expect_error,
                    follow_pages, page_items, put_items, unique_name, B, N, S)

COUNT = 25


def sk(i):
    return f"item#{i:02d}"


PART = [dict(PK=S("P"), SK=S(sk(i)), n=N(str(i)), even={"BOOL": i % 2 == 0},
             third={"BOOL": i % 3 == 0}) for i in range(COUNT)]
# Neighbours on both sides of "P" (in key order and as prefixes) that must never appear.
NEIGHBOURS = [dict(PK=S(pk), SK=S(sk(i)), n=N(str(i)), even={"BOOL": True},
                   third={"BOOL": True})
              for pk in ("O", "P#", "PP", "Q", "p") for i in range(3)]


@pytest.fixture(scope="module")
def paged(ddb):
    name = unique_name("pages")
    create_table(ddb, name, billing="PAY_PER_REQUEST")
    put_items(ddb, name, PART + NEIGHBOURS)
    yield name
    delete_table_quietly(ddb, name)


def key(item):
    return {"PK": item["PK"], "SK": item["SK"]}


def ident(item):
    return (item["PK"]["S"], item["SK"]["S"])


def q(ddb, table, **kwargs):
    kw = dict(TableName=table, KeyConditionExpression="PK = :pk",
              ExpressionAttributeValues={":pk": S("P")})
    kw.update(kwargs)
    return ddb.query(**kw)


def expected_part(forward=True, pred=lambda item: True):
    items = [i for i in PART if pred(i)]
    return items if forward else items[::-1]


def check_pages(pages, evaluated, limit, pred=lambda item: True):
    """pages: the responses of one paged read; evaluated: the items it reads, in order.
    Checks Count/ScannedCount/LastEvaluatedKey of every page against Limit and returns
    the concatenated Items."""
    assert len(pages) == len(evaluated) // limit + 1, [p["Count"] for p in pages]
    for n, page in enumerate(pages):
        window = evaluated[n * limit:(n + 1) * limit]
        assert page["ScannedCount"] == len(window), (n, page["ScannedCount"])
        matched = [i for i in window if pred(i)]
        assert page["Count"] == len(page["Items"]) == len(matched)
        assert page["Items"] == matched
        if n < len(pages) - 1:
            assert len(window) == limit
            # the key of the last item *evaluated*, whether or not the filter kept it
            assert page["LastEvaluatedKey"] == key(window[-1])
        else:
            assert "LastEvaluatedKey" not in page
            assert len(window) < limit
    return page_items(pages)


@pytest.mark.parametrize("forward", [True, False], ids=["forward", "backward"])
@pytest.mark.parametrize("limit", range(1, COUNT + 2))
def test_limit_pages_cover_the_partition_once_in_order(ddb, paged, limit, forward):
    pages = follow_pages(q, ddb=ddb, table=paged, Limit=limit, ScanIndexForward=forward)
    expected = expected_part(forward)
    items = check_pages(pages, expected, limit)
    assert items == expected


@pytest.mark.parametrize("forward", [True, False], ids=["forward", "backward"])
@pytest.mark.parametrize("limit", [1, 2, 3, 4, 5, 7, 9, 10, 24, 25, 26])
def test_limit_pages_with_filter(ddb, paged, limit, forward):
    pred = lambda i: i["third"]["BOOL"]
    pages = follow_pages(q, ddb=ddb, table=paged, Limit=limit, ScanIndexForward=forward,
                         FilterExpression="third = :t",
                         ExpressionAttributeValues={":pk": S("P"), ":t": {"BOOL": True}})
    items = check_pages(pages, expected_part(forward), limit, pred)
    assert items == expected_part(forward, pred)
    assert len(items) == 9
    # Some pages are empty but still carry a LastEvaluatedKey (Limit 1 and 2 here).
    if limit <= 2:
        assert any(p["Count"] == 0 and "LastEvaluatedKey" in p for p in pages)


@pytest.mark.parametrize("forward", [True, False], ids=["forward", "backward"])
def test_limit_pages_within_a_sort_key_range(ddb, paged, forward):
    pages = follow_pages(q, ddb=ddb, table=paged, Limit=4, ScanIndexForward=forward,
                         KeyConditionExpression="PK = :pk AND SK BETWEEN :a AND :b",
                         ExpressionAttributeValues={":pk": S("P"), ":a": S(sk(5)),
                                                    ":b": S(sk(19))})
    expected = [i for i in expected_part(forward) if 5 <= int(i["n"]["N"]) <= 19]
    assert check_pages(pages, expected, 4) == expected
    assert len(pages) == 4   # 15 items: 4 + 4 + 4 + 3


def test_limit_pages_with_begins_with(ddb, paged):
    pages = follow_pages(q, ddb=ddb, table=paged, Limit=3,
                         KeyConditionExpression="PK = :pk AND begins_with(SK, :p)",
                         ExpressionAttributeValues={":pk": S("P"), ":p": S("item#1")})
    expected = [i for i in PART if i["SK"]["S"].startswith("item#1")]
    assert check_pages(pages, expected, 3) == expected
    assert len(expected) == 10


def test_select_count_pages(ddb, paged):
    pages = follow_pages(q, ddb=ddb, table=paged, Limit=7, Select="COUNT")
    assert [p["Count"] for p in pages] == [7, 7, 7, 4]
    assert all("Items" not in p for p in pages)
    assert [("LastEvaluatedKey" in p) for p in pages] == [True, True, True, False]
    assert pages[0]["LastEvaluatedKey"] == key(PART[6])


def test_limit_larger_than_the_partition(ddb, paged):
    resp = q(ddb, paged, Limit=1000)
    assert resp["Items"] == PART
    assert "LastEvaluatedKey" not in resp


def test_limit_equal_to_the_partition(ddb, paged):
    # Stopped at Limit: LastEvaluatedKey although nothing follows; the next page is
    # empty and has none.
    resp = q(ddb, paged, Limit=COUNT)
    assert resp["Items"] == PART
    assert resp["LastEvaluatedKey"] == key(PART[-1])
    nxt = q(ddb, paged, Limit=COUNT, ExclusiveStartKey=resp["LastEvaluatedKey"])
    assert nxt["Items"] == [] and nxt["Count"] == 0 and nxt["ScannedCount"] == 0
    assert "LastEvaluatedKey" not in nxt


@pytest.mark.parametrize("forward", [True, False], ids=["forward", "backward"])
def test_exclusive_start_key_between_stored_keys(ddb, paged, forward):
    # "item#05x" is not stored: forward the page starts at item#06, backward at item#05.
    resp = q(ddb, paged, ScanIndexForward=forward,
             ExclusiveStartKey={"PK": S("P"), "SK": S("item#05x")})
    expected = PART[6:] if forward else PART[:6][::-1]
    assert resp["Items"] == expected
    assert "LastEvaluatedKey" not in resp


def test_exclusive_start_key_of_a_deleted_item(ddb, paged):
    # Paging goes on after the item of the LastEvaluatedKey is deleted.
    first = q(ddb, paged, Limit=5)
    ddb.delete_item(TableName=paged, Key=first["LastEvaluatedKey"])
    try:
        rest = follow_pages(q, ddb=ddb, table=paged, Limit=5,
                            ExclusiveStartKey=first["LastEvaluatedKey"])
        assert first["Items"] + page_items(rest) == PART
    finally:
        ddb.put_item(TableName=paged, Item=PART[4])


def test_exclusive_start_key_at_the_ends(ddb, paged):
    resp = q(ddb, paged, ExclusiveStartKey=key(PART[-1]))
    assert resp["Items"] == [] and "LastEvaluatedKey" not in resp
    resp = q(ddb, paged, ExclusiveStartKey=key(PART[0]), ScanIndexForward=False)
    assert resp["Items"] == [] and "LastEvaluatedKey" not in resp
    resp = q(ddb, paged, ExclusiveStartKey=key(PART[0]))
    assert resp["Items"] == PART[1:]


def test_hash_only_table_pages(ddb, hash_table):
    put_items(ddb, hash_table, [{"PK": S("h"), "v": N("1")}, {"PK": S("i"), "v": N("2")}])
    resp = ddb.query(TableName=hash_table, KeyConditionExpression="PK = :p",
                     ExpressionAttributeValues={":p": S("h")}, Limit=1)
    assert resp["Items"] == [{"PK": S("h"), "v": N("1")}]
    assert resp["LastEvaluatedKey"] == {"PK": S("h")}
    nxt = ddb.query(TableName=hash_table, KeyConditionExpression="PK = :p",
                    ExpressionAttributeValues={":p": S("h")}, Limit=1,
                    ExclusiveStartKey=resp["LastEvaluatedKey"])
    assert nxt["Items"] == [] and "LastEvaluatedKey" not in nxt


NUMS = ["-20", "-3.5", "-1", "0", "0.25", "1", "2", "7", "10", "11", "100", "1000.5"]
BLOBS = [b"\x00", b"\x01", b"\x01\x00", b"\x0f", b"\x7f", b"\x80", b"\x80\x01", b"\xc0",
         b"\xfe", b"\xff", b"\xff\x00"]


@pytest.mark.parametrize("forward", [True, False], ids=["forward", "backward"])
def test_number_and_binary_sort_key_pages(ddb, forward):
    for kind, values in (("N", NUMS), ("B", BLOBS)):
        name = unique_name("pg" + kind.lower())
        create_table(ddb, name, range_type=kind, billing="PAY_PER_REQUEST")
        try:
            put_items(ddb, name, [{"PK": S("k"), "SK": {kind: v}} for v in values])
            pages = follow_pages(ddb.query, TableName=name, KeyConditionExpression="PK = :p",
                                 ExpressionAttributeValues={":p": S("k")}, Limit=5,
                                 ScanIndexForward=forward)
            expected = [{"PK": S("k"), "SK": {kind: v}} for v in values]  # stored in order
            if not forward:
                expected = expected[::-1]
            assert check_pages(pages, expected, 5) == expected, kind
        finally:
            delete_table_quietly(ddb, name)


# ------------------------------------------------------------------------ paginators

@pytest.mark.parametrize("forward", [True, False], ids=["forward", "backward"])
def test_boto3_query_paginator(ddb, paged, forward):
    paginator = ddb.get_paginator("query")
    pages = list(paginator.paginate(TableName=paged, KeyConditionExpression="PK = :pk",
                                    ExpressionAttributeValues={":pk": S("P")},
                                    ScanIndexForward=forward, PaginationConfig={"PageSize": 4}))
    assert [p["Count"] for p in pages] == [4] * 6 + [1]
    assert page_items(pages) == expected_part(forward)


def test_boto3_query_paginator_with_filter_and_max_items(ddb, paged):
    paginator = ddb.get_paginator("query")
    pages = list(paginator.paginate(TableName=paged, KeyConditionExpression="PK = :pk",
                                    FilterExpression="even = :t",
                                    ExpressionAttributeValues={":pk": S("P"),
                                                               ":t": {"BOOL": True}},
                                    PaginationConfig={"PageSize": 6}))
    assert page_items(pages) == [i for i in PART if i["even"]["BOOL"]]
    # MaxItems: botocore stops after 5 items and hands out a NextToken to go on with.
    first = paginator.paginate(TableName=paged, KeyConditionExpression="PK = :pk",
                               ExpressionAttributeValues={":pk": S("P")},
                               PaginationConfig={"PageSize": 3, "MaxItems": 5}).build_full_result()
    assert first["Items"] == PART[:5]
    rest = paginator.paginate(TableName=paged, KeyConditionExpression="PK = :pk",
                              ExpressionAttributeValues={":pk": S("P")},
                              PaginationConfig={"PageSize": 3,
                                                "StartingToken": first["NextToken"]}
                              ).build_full_result()
    assert rest["Items"] == PART[5:]


def test_boto3_scan_paginator(ddb, paged):
    pages = list(ddb.get_paginator("scan").paginate(TableName=paged,
                                                    PaginationConfig={"PageSize": 4}))
    items = page_items(pages)
    everything = PART + NEIGHBOURS
    assert len(items) == len(everything)
    assert sorted(items, key=ident) == sorted(everything, key=ident)
    assert all(p["Count"] == 4 for p in pages[:-1])
    assert len(pages) == len(everything) // 4 + 1


# ------------------------------------------------------------------------ 1 MB pages

BIG_COUNT = 30
PAYLOAD = 99_000   # bytes of the "blobby" attribute: ten items < 1,000,000 bytes, eleven > 1 MiB


def big_item(i):
    return {"PK": S("big"), "SK": S(sk(i)), "blobby": S(chr(ord("a") + i % 26) * PAYLOAD),
            "n": N(str(i))}


@pytest.fixture(scope="module")
def big(ddb):
    name = unique_name("big")
    create_table(ddb, name, billing="PAY_PER_REQUEST")
    put_items(ddb, name, [big_item(i) for i in range(BIG_COUNT)])
    put_items(ddb, name, [{"PK": S("small"), "SK": S(sk(i))} for i in range(3)])
    yield name
    delete_table_quietly(ddb, name)


def big_query(ddb, table, **kwargs):
    kw = dict(TableName=table, KeyConditionExpression="PK = :pk",
              ExpressionAttributeValues={":pk": S("big")})
    kw.update(kwargs)
    return ddb.query(**kw)


@pytest.mark.parametrize("forward", [True, False], ids=["forward", "backward"])
def test_one_megabyte_pages(ddb, big, forward):
    pages = follow_pages(big_query, ddb=ddb, table=big, ScanIndexForward=forward)
    first = pages[0]
    # About 1 MB read: 10 items of ~99 KB (1 MB = 1,048,576 bytes; the item that crosses
    # it may or may not be included).
    assert 10 <= first["Count"] <= 11, first["Count"]
    assert first["ScannedCount"] == first["Count"]
    assert first["LastEvaluatedKey"] == key(first["Items"][-1])
    expected_keys = [key(big_item(i)) for i in range(BIG_COUNT)]
    if not forward:
        expected_keys = expected_keys[::-1]
    items = page_items(pages)
    assert [key(i) for i in items] == expected_keys
    assert items[0] == (big_item(0) if forward else big_item(BIG_COUNT - 1))
    assert 3 <= len(pages) <= 4
    assert all(10 <= p["Count"] <= 11 for p in pages[:-1] if "LastEvaluatedKey" in p)


def test_one_megabyte_counts_data_read_not_returned(ddb, big):
    # A projection does not make the page longer: the limit is on the items read.
    resp = big_query(ddb, big, ProjectionExpression="SK")
    assert 10 <= resp["ScannedCount"] <= 11
    assert resp["Count"] == resp["ScannedCount"]
    assert "LastEvaluatedKey" in resp
    assert resp["Items"] == [{"SK": S(sk(i))} for i in range(resp["Count"])]
    # Nor does a filter that keeps nothing: the page is empty but has read 1 MB.
    pages = follow_pages(big_query, ddb=ddb, table=big, FilterExpression="n < :z",
                         ExpressionAttributeValues={":pk": S("big"), ":z": N("0")})
    assert 10 <= pages[0]["ScannedCount"] <= 11
    assert pages[0]["Count"] == 0 and "LastEvaluatedKey" in pages[0]
    assert sum(p["ScannedCount"] for p in pages) == BIG_COUNT
    assert page_items(pages) == []
    # Select COUNT likewise.
    resp = big_query(ddb, big, Select="COUNT")
    assert 10 <= resp["Count"] <= 11 and "LastEvaluatedKey" in resp


def test_limit_below_one_megabyte_wins(ddb, big):
    resp = big_query(ddb, big, Limit=4)
    assert [key(i) for i in resp["Items"]] == [key(big_item(i)) for i in range(4)]
    assert resp["LastEvaluatedKey"] == key(big_item(3))


def test_one_megabyte_scan_pages(ddb, big):
    pages = follow_pages(ddb.scan, TableName=big)
    first = pages[0]
    # the 3 small items may share the page; they do not move the 1 MB boundary
    assert 10 <= sum(1 for i in first["Items"] if i["PK"] == S("big")) <= 11
    assert first["ScannedCount"] == first["Count"] == len(first["Items"])
    assert "LastEvaluatedKey" in first
    items = page_items(pages)
    assert len(items) == BIG_COUNT + 3
    assert len({(i["PK"]["S"], i["SK"]["S"]) for i in items}) == BIG_COUNT + 3


# ------------------------------------------------------------ ExclusiveStartKey errors
# Texts: [dynalite] query.js / scan.js, which run against DynamoDB.

START_INVALID = "The provided starting key is invalid"
SCHEMA = "The provided key element does not match the schema"

QUERY_START_ERRORS = [
    # "should return ValidationException if range in ExclusiveStartKey is invalid"
    ("missing-sort-key", "PK = :pk", {"PK": S("P")}, START_INVALID),
    ("extra-attribute", "PK = :pk", {"PK": S("P"), "SK": S(sk(1)), "n": N("1")}, START_INVALID),
    ("not-the-key", "PK = :pk", {"n": N("1")}, START_INVALID),
    # "... but range has incorrect schema"
    ("sort-key-type", "PK = :pk", {"PK": S("P"), "SK": N("1")}, SCHEMA),
    # "should return ValidationException for ExclusiveStartKey with out-of-bounds hash key"
    ("other-partition", "PK = :pk", {"PK": S("Q"), "SK": S(sk(1))},
     "The provided starting key is outside query boundaries based on provided conditions"),
    # "should return ValidationException for ExclusiveStartKey with non-matching range key"
    ("outside-range-predicate", "PK = :pk AND SK > :lo", {"PK": S("P"), "SK": S(sk(1))},
     "The provided starting key does not match the range key predicate"),
]


@pytest.mark.parametrize("name,kce,start,message", QUERY_START_ERRORS,
                         ids=[e[0] for e in QUERY_START_ERRORS])
def test_query_exclusive_start_key_errors(ddb, paged, name, kce, start, message):
    values = {":pk": S("P")}
    if ":lo" in kce:
        values[":lo"] = S(sk(10))
    expect_error(ddb.query, VALIDATION, message, TableName=paged, KeyConditionExpression=kce,
                 ExpressionAttributeValues=values, ExclusiveStartKey=start)


@pytest.mark.parametrize("start", [
    {"PK": S("P")},                               # missing sort key
    {"PK": S("P"), "SK": N("1")},                 # wrong sort key type
    {"PK": N("1"), "SK": S(sk(1))},               # wrong partition key type
    {"n": N("1")},                                # not the key
], ids=["missing-sort-key", "sort-key-type", "partition-key-type", "not-the-key"])
def test_scan_exclusive_start_key_errors(ddb, paged, start):
    # [dynalite] scan.js "should return ValidationException if ExclusiveStartKey for
    # range table is invalid"
    expect_error(ddb.scan, VALIDATION, "The provided starting key is invalid: " + SCHEMA,
                 TableName=paged, ExclusiveStartKey=start)


# Hash-only tables. [dynalite] scan.js "should return ValidationException if
# ExclusiveStartKey does not match schema" (a hash table: no key, another attribute,
# the key with an extra attribute, the key of another type) and query.js "... if
# ExclusiveStartKey is invalid" / "... does not match hash schema".
HASH_ONLY_STARTS = [
    ("empty", {}, START_INVALID),
    ("other-attribute", {"b": S("a")}, START_INVALID),
    ("extra-attribute", {"PK": S("a"), "b": S("a")}, START_INVALID),
    ("number-key", {"PK": N("1")}, SCHEMA),
    ("bool-key", {"PK": {"BOOL": True}}, SCHEMA),
    ("list-key", {"PK": {"L": []}}, SCHEMA),
]


@pytest.mark.parametrize("name,start,query_message", HASH_ONLY_STARTS,
                         ids=[s[0] for s in HASH_ONLY_STARTS])
def test_hash_only_exclusive_start_key_errors(ddb, hash_table, name, start, query_message):
    expect_error(ddb.scan, VALIDATION, "The provided starting key is invalid: " + SCHEMA,
                 TableName=hash_table, ExclusiveStartKey=start)
    expect_error(ddb.query, VALIDATION, query_message, TableName=hash_table,
                 KeyConditionExpression="PK = :p", ExpressionAttributeValues={":p": S("a")},
                 ExclusiveStartKey=start)


def test_hash_only_exclusive_start_key_resumes(ddb, hash_table):
    put_items(ddb, hash_table, [{"PK": S(f"h{i}"), "n": N(str(i))} for i in range(5)])
    first = ddb.scan(TableName=hash_table, Limit=2, ConsistentRead=True)
    assert first["LastEvaluatedKey"].keys() == {"PK"}
    rest = follow_pages(ddb.scan, TableName=hash_table, ConsistentRead=True,
                        ExclusiveStartKey=first["LastEvaluatedKey"])
    seen = [i["PK"]["S"] for i in first["Items"]] + [i["PK"]["S"] for i in page_items(rest)]
    assert sorted(seen) == [f"h{i}" for i in range(5)]
    # A Query's start key on a hash-only table is the partition's own key: nothing after.
    resp = ddb.query(TableName=hash_table, KeyConditionExpression="PK = :p",
                     ExpressionAttributeValues={":p": S("h1")}, ExclusiveStartKey={"PK": S("h1")})
    assert resp["Items"] == [] and "LastEvaluatedKey" not in resp
