"""Scan: every item exactly once (single page, Limit pages, parallel segments), filters
(which may name key attributes, unlike Query's), projections, Select, the legacy
ScanFilter / AttributesToGet, the AWS CLI, and the errors.

Scan order follows the partition key's hash, as in DynamoDB, so it is not checked
against a model; what is checked is that every item comes back exactly once, that
paging reproduces the unpaged order, and that the items of one partition stay together
and in sort-key order (they are one contiguous key range). Parallel scan segments are
ranges of that hash: each partition falls in exactly one segment.

Error texts: [dynalite] scan.js (run against DynamoDB) and the dynamodb-conformance
suite's "Scan — exact error messages".
"""

import json

import pytest

from mtutil import (loaded_table, VALIDATION, canon, create_table, delete_table_quietly, expect_error,
                    follow_pages, page_items, put_items, unique_name, N, S)

PARTITIONS = 12
# partition i has (i % 4) + 1 items: 30 in all
ITEMS = [dict(PK=S(f"p{i:02d}"), SK=S(f"s{j}"), v=N(str(i * 10 + j)), grp=S("abc"[i % 3]),
              **({"odd": {"BOOL": True}} if (i + j) % 2 else {}))
         for i in range(PARTITIONS) for j in range((i % 4) + 1)]
HASH_ITEMS = [dict(PK=S(f"h{i:02d}"), v=N(str(i))) for i in range(40)]


@pytest.fixture(scope="module")
def many(ddb):
    with loaded_table(ddb, "scan", ITEMS, billing="PAY_PER_REQUEST") as name:
        yield name


@pytest.fixture(scope="module")
def hashed(ddb):
    name = unique_name("scanh")
    create_table(ddb, name, range_type=None, billing="PAY_PER_REQUEST")
    put_items(ddb, name, HASH_ITEMS)
    yield name
    delete_table_quietly(ddb, name)


def ident(item):
    return (item["PK"]["S"], item["SK"]["S"]) if "SK" in item else (item["PK"]["S"],)


def key(item):
    return {k: item[k] for k in ("PK", "SK") if k in item}


def same_items(got, expected):
    """got holds exactly the items of expected, each once (order aside)."""
    ids = [ident(i) for i in got]
    assert len(ids) == len(set(ids)), "an item came back twice"
    by_id = {ident(i): i for i in got}
    assert set(by_id) == {ident(i) for i in expected}
    for item in expected:
        assert canon(by_id[ident(item)]) == canon(item)


def full_scan(ddb, table, **kwargs):
    resp = ddb.scan(TableName=table, **kwargs)
    assert "LastEvaluatedKey" not in resp
    return resp


# ------------------------------------------------------------------------ whole table

def test_full_scan_returns_every_item_once(ddb, many):
    resp = full_scan(ddb, many)
    same_items(resp["Items"], ITEMS)
    assert resp["Count"] == resp["ScannedCount"] == len(ITEMS) == 30


def test_partitions_stay_together_in_sort_key_order(ddb, many):
    order = [ident(i) for i in full_scan(ddb, many)["Items"]]
    seen_pks = []
    for pk, _ in order:
        if not seen_pks or seen_pks[-1] != pk:
            assert pk not in seen_pks, f"partition {pk} is split"
            seen_pks.append(pk)
    for pk in seen_pks:
        sks = [s for p, s in order if p == pk]
        assert sks == sorted(sks)


def test_scan_is_repeatable(ddb, many):
    a = [ident(i) for i in full_scan(ddb, many)["Items"]]
    b = [ident(i) for i in full_scan(ddb, many, ConsistentRead=True)["Items"]]
    assert a == b


def test_hash_table_full_scan(ddb, hashed):
    resp = full_scan(ddb, hashed)
    same_items(resp["Items"], HASH_ITEMS)
    assert resp["Count"] == resp["ScannedCount"] == 40


def test_empty_table(ddb, table):
    resp = ddb.scan(TableName=table)
    assert resp["Items"] == [] and resp["Count"] == 0 and resp["ScannedCount"] == 0
    assert "LastEvaluatedKey" not in resp
    resp = ddb.scan(TableName=table, Segment=3, TotalSegments=4)
    assert resp["Items"] == [] and "LastEvaluatedKey" not in resp


# ------------------------------------------------------------------------ Limit pages

@pytest.mark.parametrize("limit", [1, 2, 3, 4, 5, 7, 10, 15, 29, 30, 31])
def test_limit_pages_reproduce_the_full_scan(ddb, many, limit):
    unpaged = full_scan(ddb, many)["Items"]
    pages = follow_pages(ddb.scan, TableName=many, Limit=limit)
    # stopped at Limit -> LastEvaluatedKey, even after the last item
    assert len(pages) == len(ITEMS) // limit + 1
    for n, page in enumerate(pages):
        assert page["Count"] == page["ScannedCount"] == len(page["Items"])
        if n < len(pages) - 1:
            assert page["Count"] == limit
            assert page["LastEvaluatedKey"] == key(page["Items"][-1])
        else:
            assert page["Count"] == len(ITEMS) % limit
            assert "LastEvaluatedKey" not in page
    assert page_items(pages) == unpaged


@pytest.mark.parametrize("limit", [1, 3, 8, 40, 41])
def test_hash_table_limit_pages(ddb, hashed, limit):
    pages = follow_pages(ddb.scan, TableName=hashed, Limit=limit)
    assert len(pages) == 40 // limit + 1
    items = page_items(pages)
    same_items(items, HASH_ITEMS)
    assert items == full_scan(ddb, hashed)["Items"]
    for page in pages[:-1]:
        assert page["LastEvaluatedKey"] == {"PK": page["Items"][-1]["PK"]}


@pytest.mark.parametrize("limit", [1, 4, 9, 30])
def test_limit_pages_with_filter(ddb, many, limit):
    unpaged = full_scan(ddb, many)["Items"]
    pages = follow_pages(ddb.scan, TableName=many, Limit=limit,
                         FilterExpression="attribute_exists(odd)")
    assert len(pages) == len(ITEMS) // limit + 1
    for n, page in enumerate(pages):
        window = unpaged[n * limit:(n + 1) * limit]
        assert page["ScannedCount"] == len(window)
        assert page["Items"] == [i for i in window if "odd" in i]
        assert page["Count"] == len(page["Items"]) <= limit
        if "LastEvaluatedKey" in page:
            assert page["LastEvaluatedKey"] == key(window[-1])
    assert page_items(pages) == [i for i in unpaged if "odd" in i]


def test_exclusive_start_key_continues_after_it(ddb, many):
    unpaged = full_scan(ddb, many)["Items"]
    resp = ddb.scan(TableName=many, ExclusiveStartKey=key(unpaged[11]))
    assert resp["Items"] == unpaged[12:]


# -------------------------------------------------------------------- parallel scan

def segments(ddb, table, total, **kwargs):
    """Items of each segment (every segment paged to its end)."""
    out = []
    for seg in range(total):
        pages = follow_pages(ddb.scan, TableName=table, Segment=seg, TotalSegments=total,
                             **kwargs)
        out.append(page_items(pages))
    return out


@pytest.mark.parametrize("total", [1, 2, 4, 7, 1000])
def test_parallel_scan_segments_are_disjoint_and_complete(ddb, many, total):
    parts = segments(ddb, many, total)
    union = [i for part in parts for i in part]
    same_items(union, ITEMS)          # complete, and nothing twice (disjoint)
    if total == 1:
        assert parts[0] == full_scan(ddb, many)["Items"]
    for part in parts:                 # a partition lies in exactly one segment
        for pk in {i["PK"]["S"] for i in part}:
            assert sum(1 for i in part if i["PK"]["S"] == pk) == sum(
                1 for i in ITEMS if i["PK"]["S"] == pk)
    if total in (4, 7):
        assert sum(1 for p in parts if p) >= 2, "all items in one segment"


@pytest.mark.parametrize("total", [2, 7])
def test_parallel_scan_of_a_hash_table(ddb, hashed, total):
    parts = segments(ddb, hashed, total)
    same_items([i for p in parts for i in p], HASH_ITEMS)
    assert sum(1 for p in parts if p) >= 2


def test_parallel_scan_segments_with_limit_pages(ddb, many):
    unlimited = segments(ddb, many, 4)
    limited = segments(ddb, many, 4, Limit=2)
    assert limited == unlimited       # same items, same order, within each segment


def test_parallel_scan_with_filter_and_count(ddb, many):
    counts = []
    for seg in range(3):
        resp = ddb.scan(TableName=many, Segment=seg, TotalSegments=3, Select="COUNT",
                        FilterExpression="grp = :g", ExpressionAttributeValues={":g": S("a")})
        assert "Items" not in resp and "LastEvaluatedKey" not in resp
        counts.append(resp["Count"])
    assert sum(counts) == sum(1 for i in ITEMS if i["grp"]["S"] == "a")


# ---------------------------------------------------- filters, projections, Select

SCAN_FILTERS = [
    ("non-key", "grp = :g", {":g": S("b")}, None, lambda i: i["grp"]["S"] == "b"),
    # Scan filters may name key attributes
    ("partition-key", "begins_with(PK, :p)", {":p": S("p0")}, None,
     lambda i: i["PK"]["S"].startswith("p0")),
    ("sort-key", "SK = :s", {":s": S("s3")}, None, lambda i: i["SK"]["S"] == "s3"),
    ("number-range", "v BETWEEN :a AND :b", {":a": N("20"), ":b": N("62")}, None,
     lambda i: 20 <= int(i["v"]["N"]) <= 62),
    ("names-and-or", "#g = :g OR attribute_not_exists(odd)", {":g": S("c")}, {"#g": "grp"},
     lambda i: i["grp"]["S"] == "c" or "odd" not in i),
    ("nothing", "v < :z", {":z": N("0")}, None, lambda i: False),
]


@pytest.mark.parametrize("name,expr,values,names,pred", SCAN_FILTERS,
                         ids=[f[0] for f in SCAN_FILTERS])
def test_scan_filter_expression(ddb, many, name, expr, values, names, pred):
    kwargs = dict(FilterExpression=expr, ExpressionAttributeValues=values)
    if names:
        kwargs["ExpressionAttributeNames"] = names
    resp = full_scan(ddb, many, **kwargs)
    expected = [i for i in ITEMS if pred(i)]
    same_items(resp["Items"], expected)
    assert resp["Count"] == len(expected)
    assert resp["ScannedCount"] == len(ITEMS)
    if name != "nothing":
        assert 0 < len(expected) < len(ITEMS)


@pytest.mark.parametrize("operator", ["AND", "OR"])
def test_legacy_scan_filter(ddb, many, operator):
    resp = full_scan(ddb, many, ConditionalOperator=operator,
                     ScanFilter={"grp": {"ComparisonOperator": "EQ", "AttributeValueList": [S("a")]},
                                 "SK": {"ComparisonOperator": "IN",
                                        "AttributeValueList": [S("s0"), S("s2")]}})
    if operator == "AND":
        pred = lambda i: i["grp"]["S"] == "a" and i["SK"]["S"] in ("s0", "s2")
    else:
        pred = lambda i: i["grp"]["S"] == "a" or i["SK"]["S"] in ("s0", "s2")
    expected = [i for i in ITEMS if pred(i)]
    same_items(resp["Items"], expected)
    assert resp["ScannedCount"] == 30


def test_projection_expression(ddb, many):
    resp = full_scan(ddb, many, ProjectionExpression="PK, odd")
    got = resp["Items"]
    assert len(got) == 30
    assert sorted(map(repr, got)) == sorted(
        repr({k: i[k] for k in ("PK", "odd") if k in i}) for i in ITEMS)
    assert all(set(i) <= {"PK", "odd"} for i in got)


def test_attributes_to_get(ddb, many):
    resp = full_scan(ddb, many, AttributesToGet=["SK", "v"])
    assert sorted(map(repr, resp["Items"])) == sorted(
        repr({"SK": i["SK"], "v": i["v"]}) for i in ITEMS)


def test_select_count(ddb, many):
    resp = full_scan(ddb, many, Select="COUNT")
    assert "Items" not in resp
    assert resp["Count"] == resp["ScannedCount"] == 30
    resp = full_scan(ddb, many, Select="COUNT", FilterExpression="attribute_exists(odd)")
    assert resp["Count"] == sum(1 for i in ITEMS if "odd" in i)
    assert resp["ScannedCount"] == 30
    resp = ddb.scan(TableName=many, Select="COUNT", Limit=8)
    assert resp["Count"] == 8 and "LastEvaluatedKey" in resp and "Items" not in resp


def test_select_all_attributes(ddb, many):
    same_items(full_scan(ddb, many, Select="ALL_ATTRIBUTES")["Items"], ITEMS)


# ------------------------------------------------------------------------ AWS CLI

def test_cli_scan(aws_cli, many):
    # The CLI pages by itself (Limit=7 per request here) and merges the pages.
    rc, out = aws_cli("scan", "--table-name", many, "--page-size", "7")
    assert rc == 0, out
    same_items(out["Items"], json.loads(json.dumps(ITEMS)))
    assert out["Count"] == 30


def test_cli_parallel_scan_segment(aws_cli, ddb, many):
    rc, out = aws_cli("scan", "--table-name", many, "--total-segments", "3", "--segment", "1",
                      "--filter-expression", "grp = :g",
                      "--expression-attribute-values", '{":g":{"S":"a"}}')
    assert rc == 0, out
    expected = page_items(follow_pages(ddb.scan, TableName=many, Segment=1, TotalSegments=3,
                                       FilterExpression="grp = :g",
                                       ExpressionAttributeValues={":g": S("a")}))
    assert out["Items"] == json.loads(json.dumps(expected))


# ------------------------------------------------------------------------- errors

SEGMENT_ERRORS = [
    # [dynalite] scan.js "should return ValidationException for missing TotalSegments"
    ("segment-without-total", dict(Segment=1),
     "The TotalSegments parameter is required but was not present in the request when "
     "Segment parameter is present"),
    # the conformance suite asserts the same text for Segment 0
    ("segment-0-without-total", dict(Segment=0),
     "The TotalSegments parameter is required but was not present in the request when "
     "Segment parameter is present"),
    # "should return ValidationException for missing Segment"
    ("total-without-segment", dict(TotalSegments=4),
     "The Segment parameter is required but was not present in the request when parameter "
     "TotalSegments is present"),
    # "should return ValidationException for Segment more than TotalSegments"
    ("segment-equals-total", dict(Segment=1, TotalSegments=1),
     "The Segment parameter is zero-based and must be less than parameter TotalSegments: "
     "Segment: 1 is not less than TotalSegments: 1"),
    ("segment-above-total", dict(Segment=7, TotalSegments=4),
     "The Segment parameter is zero-based and must be less than parameter TotalSegments: "
     "Segment: 7 is not less than TotalSegments: 4"),
    # member constraints, in the generic form (medium confidence)
    ("total-zero", dict(Segment=0, TotalSegments=0),
     "1 validation error detected: Value '0' at 'totalSegments' failed to satisfy "
     "constraint: Member must have value greater than or equal to 1"),
    ("segment-negative", dict(Segment=-1, TotalSegments=2),
     "1 validation error detected: Value '-1' at 'segment' failed to satisfy constraint: "
     "Member must have value greater than or equal to 0"),
]


@pytest.mark.parametrize("name,params,message", SEGMENT_ERRORS,
                         ids=[e[0] for e in SEGMENT_ERRORS])
def test_segment_errors(ddb, many, name, params, message):
    expect_error(ddb.scan, VALIDATION, message, TableName=many, **params)


def test_exclusive_start_key_from_another_segment(ddb, hashed):
    # [dynalite] scan.js "should return ValidationException if ExclusiveStartKey is from
    # different segment" (medium confidence: a server may also simply accept it).
    seg1 = ddb.scan(TableName=hashed, Segment=1, TotalSegments=2)["Items"]
    assert seg1
    expect_error(ddb.scan, VALIDATION,
                 "The provided starting key is invalid: Invalid ExclusiveStartKey. Please use "
                 "ExclusiveStartKey with correct Segment. TotalSegments: 2 Segment: 0",
                 TableName=hashed, Segment=0, TotalSegments=2,
                 ExclusiveStartKey={"PK": seg1[0]["PK"]})


def test_scan_limit_must_be_positive(ddb, many):
    expect_error(ddb.scan, VALIDATION,
                 "1 validation error detected: Value '0' at 'limit' failed to satisfy "
                 "constraint: Member must have value greater than or equal to 1",
                 TableName=many, Limit=0)


def test_scan_missing_table(ddb):
    expect_error(ddb.scan, "ResourceNotFoundException", "Requested resource not found",
                 TableName=unique_name("missing"))


def test_scan_unknown_index_name_is_refused(ddb, many):
    # [dynalite] test/scan.js
    expect_error(ddb.scan, VALIDATION, "The table does not have the specified index: byGroup",
                 TableName=many, IndexName="byGroup")
