"""ProjectionExpression on GetItem: top-level and nested attributes, list indexes,
#name placeholders, and the validation errors (overlapping and conflicting paths,
reserved words, undefined/unused names, syntax).

DynamoDB keeps the document structure of what it projects: `m.a` yields {m: {a}}, and
list indexes yield a list of just the chosen elements in index order (`l[2], l[0]` ->
[l0, l2]). Key attributes are returned only when projected.
"""

import pytest

from mtutil import (expect_error, k, N, S, VALIDATION)


ITEM = dict(
    k("p"),
    a=S("A"),
    b=N("2"),
    m={"M": {"x": S("mx"), "y": {"M": {"z": N("1"), "w": S("w")}}, "l": {"L": [S("q"), S("r")]}}},
    l={"L": [S("l0"), {"M": {"nm": S("n1"), "v": N("1")}}, S("l2"),
             {"L": [S("deep0"), S("deep1")]}]},
    **{"status": S("on"), "a.b": S("dotted"), "#weird": S("hash")},
)


@pytest.fixture
def stored(ddb, table):
    ddb.put_item(TableName=table, Item=ITEM)
    return table


def project(ddb, table, expression, names=None, key=None):
    kwargs = dict(TableName=table, Key=key or k("p"), ProjectionExpression=expression,
                  ConsistentRead=True)
    if names is not None:
        kwargs["ExpressionAttributeNames"] = names
    return ddb.get_item(**kwargs).get("Item")


CASES = [
    ("top-level", "a, b", None, {"a": S("A"), "b": N("2")}),
    ("keys-only-when-asked", "PK, a", None, {"PK": S("p"), "a": S("A")}),
    ("nested-map", "m.x", None, {"m": {"M": {"x": S("mx")}}}),
    ("nested-map-deeper", "m.y.z, m.x", None, {"m": {"M": {"x": S("mx"), "y": {"M": {"z": N("1")}}}}}),
    ("whole-map", "m.y", None, {"m": {"M": {"y": ITEM["m"]["M"]["y"]}}}),
    ("list-index", "l[0]", None, {"l": {"L": [S("l0")]}}),
    ("list-indexes-in-index-order", "l[2], l[0]", None, {"l": {"L": [S("l0"), S("l2")]}}),
    ("list-index-then-map", "l[1].nm", None, {"l": {"L": [{"M": {"nm": S("n1")}}]}}),
    ("list-of-list", "l[3][1]", None, {"l": {"L": [{"L": [S("deep1")]}]}}),
    ("map-then-list", "m.l[1]", None, {"m": {"M": {"l": {"L": [S("r")]}}}}),
    ("names", "#m.#y.#w, #s", {"#m": "m", "#y": "y", "#w": "w", "#s": "status"},
     {"m": {"M": {"y": {"M": {"w": S("w")}}}}, "status": S("on")}),
    ("name-with-dot", "#ab", {"#ab": "a.b"}, {"a.b": S("dotted")}),
    ("name-with-hash", "#h", {"#h": "#weird"}, {"#weird": S("hash")}),
    ("missing-paths-skipped", "a, nope, m.nope, l[9], a2", None, {"a": S("A")}),
    ("largest-index", "l[2147483647], a", None, {"a": S("A")}),
    ("wrong-type-steps-skipped", "a.x, b[0], m[0], l.x, #s", {"#s": "status"},
     {"status": S("on")}),
    ("spaces-and-newlines", "  a ,\n\tm . x  ", None, {"a": S("A"), "m": {"M": {"x": S("mx")}}}),
]


@pytest.mark.parametrize("expression,names,expected", [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_projection(ddb, stored, expression, names, expected):
    assert project(ddb, stored, expression, names) == expected


def test_projection_nothing_matches(ddb, stored):
    # The item exists but no projected path does: an empty Item.
    resp = ddb.get_item(TableName=stored, Key=k("p"), ProjectionExpression="nope, m.nope")
    assert resp["Item"] == {}


def test_projection_missing_item(ddb, stored):
    resp = ddb.get_item(TableName=stored, Key=k("absent"), ProjectionExpression="a")
    assert "Item" not in resp


def test_projection_sibling_paths_merge(ddb, stored):
    got = project(ddb, stored, "m.y.z, m.y.w, l[1].v, l[1].nm")
    assert got == {"m": {"M": {"y": ITEM["m"]["M"]["y"]}},
                   "l": {"L": [{"M": {"nm": S("n1"), "v": N("1")}}]}}


ERRORS = [
    ("overlap-parent-child", "a, a.b", None,
     "Invalid ProjectionExpression: Two document paths overlap with each other; must remove "
     "or rewrite one of these paths; path one: [a], path two: [a, b]"),
    ("overlap-child-parent", "m.x.y, m.x", None,
     "Invalid ProjectionExpression: Two document paths overlap with each other; must remove "
     "or rewrite one of these paths; path one: [m, x, y], path two: [m, x]"),
    ("overlap-duplicate", "a, b, a", None,
     "Invalid ProjectionExpression: Two document paths overlap with each other; must remove "
     "or rewrite one of these paths; path one: [a], path two: [a]"),
    ("overlap-through-names", "#a, a", {"#a": "a"},
     "Invalid ProjectionExpression: Two document paths overlap with each other; must remove "
     "or rewrite one of these paths; path one: [a], path two: [a]"),
    ("overlap-index", "l[1], l[1].nm", None,
     "Invalid ProjectionExpression: Two document paths overlap with each other; must remove "
     "or rewrite one of these paths; path one: [l, [1]], path two: [l, [1], nm]"),
    ("conflict-index-vs-key", "l[0], l.x", None,
     "Invalid ProjectionExpression: Two document paths conflict with each other; must remove "
     "or rewrite one of these paths; path one: [l, [0]], path two: [l, x]"),
    ("reserved-word", "name", None,
     "Invalid ProjectionExpression: Attribute name is a reserved keyword; reserved keyword: name"),
    ("reserved-word-nested", "m.Status", None,
     "Invalid ProjectionExpression: Attribute name is a reserved keyword; reserved keyword: Status"),
    ("undefined-name", "#nope", None,
     "Invalid ProjectionExpression: An expression attribute name used in the document path is "
     "not defined; attribute name: #nope"),
    ("unused-name", "a", {"#a": "a"},
     "Value provided in ExpressionAttributeNames unused in expressions: keys: {#a}"),
    ("syntax-trailing-comma", "a,", None,
     'Invalid ProjectionExpression: Syntax error; token: "<EOF>", near: ","'),
    ("syntax-missing-comma", "a b", None,
     'Invalid ProjectionExpression: Syntax error; token: "b", near: "a b"'),
    ("syntax-bang", "!!! INVALID !!!", None,
     'Invalid ProjectionExpression: Syntax error; token: "!", near: "!!"'),
    ("syntax-value-placeholder", "a, :v", None,
     'Invalid ProjectionExpression: Syntax error; token: ":v", near: ", :v"'),
    ("syntax-negative-index", "l[-1]", None,
     'Invalid ProjectionExpression: Syntax error; token: "-", near: "[-1"'),
    # A list index must fit a 32-bit signed integer (the text DynamoDB's PartiQL parser
    # also uses, LIST_INDEX_OUTSIDE_RANGE in DynamoDB Local).
    ("index-out-of-range", "l[2147483648]", None,
     "Invalid ProjectionExpression: List index is not within the allowable range; "
     "index: [2147483648]"),
    ("index-far-out-of-range", "a.l[99999999999999999999]", None,
     "Invalid ProjectionExpression: List index is not within the allowable range; "
     "index: [99999999999999999999]"),
    ("syntax-function", "size(a)", None,
     'Invalid ProjectionExpression: Syntax error; token: "(", near: "size(a"'),
    ("empty", "", None, "Invalid ProjectionExpression: The expression can not be empty;"),
    ("blank", "  ", None, "Invalid ProjectionExpression: The expression can not be empty;"),
    ("too-long", "a" * 4097, None,
     "Invalid ProjectionExpression: Expression size has exceeded the maximum allowed size;"),
]


@pytest.mark.parametrize("expression,names,message", [c[1:] for c in ERRORS],
                         ids=[c[0] for c in ERRORS])
def test_projection_errors(ddb, stored, expression, names, message):
    expect_error(project, VALIDATION, message, ddb=ddb, table=stored, expression=expression,
                 names=names)


def test_projection_at_size_limit(ddb, stored):
    # 4096 bytes is allowed: a long attribute name padded with spaces.
    expression = "a" + " " * 4095
    assert project(ddb, stored, expression) == {"a": S("A")}


def test_projection_placeholder_map_errors(ddb, stored):
    expect_error(ddb.get_item, VALIDATION, "ExpressionAttributeNames must not be empty",
                 TableName=stored, Key=k("p"), ProjectionExpression="a",
                 ExpressionAttributeNames={})
    expect_error(ddb.get_item, VALIDATION,
                 "ExpressionAttributeNames can only be specified when using expressions",
                 TableName=stored, Key=k("p"), ExpressionAttributeNames={"#a": "a"})


def test_get_item_ignores_expression_attribute_values(raw, stored):
    # GetItem has no ExpressionAttributeValues member (API reference), and DynamoDB's JSON
    # protocol ignores members an operation does not define (monotable itself ignores
    # e.g. a ConditionExpression sent to GetItem). boto3's GetItem model has no such
    # member either: raw HTTP.
    for body in ({"ProjectionExpression": "a"}, {}):
        body.update({"TableName": stored, "Key": k("p"),
                     "ExpressionAttributeValues": {":v": S("x")}})
        resp = raw("GetItem", body)
        assert resp.status == 200, resp.body
        assert resp.json()["Item"]["a"] == S("A")


def fmt(path):
    """'a.b[2]' -> '[a, b, [2]]', DynamoDB's rendering of a document path."""
    parts = []
    for piece in path.replace("[", ".[").split("."):
        if piece:
            parts.append(piece)
    return "[" + ", ".join(parts) + "]"


# ScyllaDB Alternator's test_projection_expression.py, checked against DynamoDB: the
# overlap and conflict checks are symbolic (the item does not matter), and paths with
# just a common prefix are fine.
OVERLAPS = ["a, a", "a.b, a.b", "a[1], a[1]", "a, a.b", "a.b, a", "a.b, a.b[2]", "a.b, a.b.c",
            "a, a.b[2].c", "a.b.d, a.b", "a.b.d.e, a.b", "a.b, a.b.d", "a.b, a.b.d.e"]
CONFLICTS = ["a.b, a[1]", "a[1], a.b", "a.b[1], a.b.c", "a.b.c, a.b[1]"]
DISJOINT = ["a, b", "a.b, a.c", "a.b.d, a.b.e", "a[1], a[2]", "a.b, a.c[2]", "a.b, a.c[1]"]


@pytest.mark.parametrize("expression", OVERLAPS)
def test_projection_overlap(ddb, stored, expression):
    one, two = (p.strip() for p in expression.split(","))
    expect_error(project, VALIDATION,
                 "Invalid ProjectionExpression: Two document paths overlap with each other; "
                 f"must remove or rewrite one of these paths; path one: {fmt(one)}, "
                 f"path two: {fmt(two)}",
                 ddb=ddb, table=stored, expression=expression, key=k("no-such-item"))


@pytest.mark.parametrize("expression", CONFLICTS)
def test_projection_conflict(ddb, stored, expression):
    one, two = (p.strip() for p in expression.split(","))
    expect_error(project, VALIDATION,
                 "Invalid ProjectionExpression: Two document paths conflict with each other; "
                 f"must remove or rewrite one of these paths; path one: {fmt(one)}, "
                 f"path two: {fmt(two)}",
                 ddb=ddb, table=stored, expression=expression, key=k("no-such-item"))


@pytest.mark.parametrize("expression", DISJOINT)
def test_projection_disjoint_paths_allowed(ddb, stored, expression):
    got = project(ddb, stored, expression)
    assert set(got) <= {"a", "b"}
    assert got.get("b") in (None, N("2"))


def test_projection_path_semantics(ddb, table):
    # Alternator's test_projection_expression_path (checked against DynamoDB).
    item = dict(k("p"), a={"M": {"b": {"L": [N("2"), N("4"), {"M": {"x": S("hi"), "y": S("yo")}}]},
                                 "c": N("5")}}, b=S("hello"))
    ddb.put_item(TableName=table, Item=item)
    b_list = item["a"]["M"]["b"]["L"]
    cases = [
        ("a", {"a": item["a"]}),
        ("a.b", {"a": {"M": {"b": {"L": b_list}}}}),
        ("a.b[0]", {"a": {"M": {"b": {"L": [N("2")]}}}}),
        ("a.b[2].y", {"a": {"M": {"b": {"L": [{"M": {"y": S("yo")}}]}}}}),
        ("x", {}), ("a.b[3]", {}), ("a.x", {}), ("a.x.y", {}), ("a.b[3].x", {}),
        ("a.b.x", {}), ("a[0]", {}), ("a.b[0].x", {}), ("a.b[0][0]", {}),
        ("a.b[0],a.b[1]", {"a": {"M": {"b": {"L": [N("2"), N("4")]}}}}),
        ("a.b[0],a.c", {"a": {"M": {"b": {"L": [N("2")]}, "c": N("5")}}}),
        ("a.c,b", {"a": {"M": {"c": N("5")}}, "b": S("hello")}),
        ("a.x, a.b[0], x, a.b[3].x", {"a": {"M": {"b": {"L": [N("2")]}}}}),
    ]
    for expression, expected in cases:
        assert project(ddb, table, expression) == expected, expression
    for expression in ("x", "a.x", "a[0]"):
        assert project(ddb, table, expression, key=k("absent")) is None


@pytest.mark.parametrize("expression,message", [
    (",a", 'Syntax error; token: ",", near: ",a"'),
    ("a,,b", 'Syntax error; token: ",", near: ",,b"'),
])
def test_projection_comma_syntax(ddb, stored, expression, message):
    expect_error(project, VALIDATION, "Invalid ProjectionExpression: " + message, ddb=ddb,
                 table=stored, expression=expression)
