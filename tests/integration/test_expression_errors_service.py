"""Expression validation errors checked against the service: the order in which the
checks of a condition or update expression report their errors (as dynalite's tests,
run against DynamoDB, pin it), the token and quoted source of syntax errors, invalid
values in ExpressionAttributeValues, and the limits (4 KB of text, 300 operators, 100
IN operands).

The helpers and the sources of the texts are described in expression_errors_common.py.
"""

import pytest

from expression_errors_common import IC, IU, N1, S1, V, VALIDATION, call, cond, k, upd
from mtutil import expect_error


# ------------------------------------------------------------------ cases checked against DynamoDB
# dynalite's scan and updateItem tests, which run against the service, give these texts
# (FilterExpression there; ConditionExpression shares the grammar and the checks). They
# also pin the order of the checks: redundant parentheses, function names, misused
# functions, reserved words, then per comparison or function in text order undefined
# names/values, operand counts, distinct operands, operand types.

SERVICE_CONDITION_CASES = [
    ("a=a and a > ((views))", None,
     "The expression has redundant parentheses;"),
    ("(a)between(((b.c)).d)and(c)", None, "The expression has redundant parentheses;"),
    ("a > whatever((:things), ((a)))", None, "The expression has redundant parentheses;"),
    ("a=a AND ((a=a AND a=a)) AND a=a", None, "The expression has redundant parentheses;"),
    ("a=a OR ((a=a OR (a=a OR a=a)))", None, "The expression has redundant parentheses;"),
    ("a=a and whatever((:things)) > a", None, "Invalid function name; function: whatever"),
    ("attRIbute_exIsts((views), #a)", None, "Invalid function name; function: attRIbute_exIsts"),
    ("a=a and attribute_exists((views), (#a)) > b", None,
     "The function is not allowed to be used this way in an expression; "
     "function: attribute_exists"),
    ("attribute_type(things, :a) > b", None,
     "The function is not allowed to be used this way in an expression; "
     "function: attribute_type"),
    ("begins_with(things, a) > b", None,
     "The function is not allowed to be used this way in an expression; function: begins_with"),
    ("contains(:things, c) > b", None,
     "The function is not allowed to be used this way in an expression; function: contains"),
    ("size(contains(a, b)) > a", None,
     "The function is not allowed to be used this way in an expression; function: contains"),
    ("a between b and attribute_exists(things)", None,
     "The function is not allowed to be used this way in an expression; "
     "function: attribute_exists"),
    ("a in (b, attribute_exists(things))", None,
     "The function is not allowed to be used this way in an expression; "
     "function: attribute_exists"),
    ("attribute_exists(views, #a)", None,
     "Attribute name is a reserved keyword; reserved keyword: views"),
    (":a < abOrT", None, "Attribute name is a reserved keyword; reserved keyword: abOrT"),
    ("attribute_exists(#Pictures.RearView, :a) and a=a", None,
     "An expression attribute name used in the document path is not defined; "
     "attribute name: #Pictures"),
    ("begins_with(Pictures.#RearView)", None,
     "An expression attribute name used in the document path is not defined; "
     "attribute name: #RearView"),
    ("(#P between :lo and :hi) and (#PC in (:cat1, :cat2))", None,
     "An expression attribute name used in the document path is not defined; "
     "attribute name: #P"),
    ("#4g > a", None,
     "An expression attribute name used in the document path is not defined; "
     "attribute name: #4g"),
    ("(a)between(b.c[45].#d)and(:a)", None,
     "An expression attribute name used in the document path is not defined; "
     "attribute name: #d"),
    ("begins_with(:hello, #a, #b)", None,
     "An expression attribute value used in expression is not defined; "
     "attribute value: :hello"),
    (":_ > a", None,
     "An expression attribute value used in expression is not defined; attribute value: :_"),
    ("attribute_not_exists(things, b)", None,
     "Incorrect number of operands for operator or function; operator or function: "
     "attribute_not_exists, number of operands: 2"),
    ("attribute_type(things)", None,
     "Incorrect number of operands for operator or function; operator or function: "
     "attribute_type, number of operands: 1"),
    ("begins_with(things, size(a), b)", None,
     "Incorrect number of operands for operator or function; operator or function: "
     "begins_with, number of operands: 3"),
    ("contains(things)", None,
     "Incorrect number of operands for operator or function; operator or function: "
     "contains, number of operands: 1"),
    ("size(things, a) > b", None,
     "Incorrect number of operands for operator or function; operator or function: "
     "size, number of operands: 2"),
    ("attribute_type(a, size(a)) and a=a and a=:a", {":a": N1},
     "Incorrect operand type for operator or function; operator or function: "
     "attribute_type, operand type: N"),
    ("attribute_type(a, :a)", {":a": {"B": b"a"}},
     "Incorrect operand type for operator or function; operator or function: "
     "attribute_type, operand type: B"),
    ("attribute_type(a, :a)", {":a": {"M": {}}},
     "Incorrect operand type for operator or function; operator or function: "
     "attribute_type, operand type: M"),
    ("begins_with(a, size(a)) and a=:a", {":a": N1},
     "Incorrect operand type for operator or function; operator or function: "
     "begins_with, operand type: N"),
    ("begins_with(:a, a)", {":a": {"SS": ["1"]}},
     "Incorrect operand type for operator or function; operator or function: "
     "begins_with, operand type: SS"),
    ("begins_with(a, :a)", {":a": {"NULL": True}},
     "Incorrect operand type for operator or function; operator or function: "
     "begins_with, operand type: NULL"),
    ("size(size(a)) > :a", {":a": N1},
     "Incorrect operand type for operator or function; operator or function: "
     "size, operand type: N"),
    ("attribute_not_exists(size(:a))", {":a": N1},
     "Incorrect operand type for operator or function; operator or function: "
     "size, operand type: N"),
    ("size(:a) > a", {":a": {"BOOL": True}},
     "Incorrect operand type for operator or function; operator or function: "
     "size, operand type: BOOL"),
    ("attribute_not_exists(size(:a))", {":a": S1},
     "Operator or function requires a document path; operator or function: "
     "attribute_not_exists"),
    ("attribute_exists(:a) and a=a", {":a": S1},
     "Operator or function requires a document path; operator or function: "
     "attribute_exists"),
    ("a = a AND #a = b AND :views > a", None,
     "The first operand must be distinct from the remaining operands for this operator or "
     "function; operator: =, first operand: [a]"),
    ("#a <> a", None,
     "The first operand must be distinct from the remaining operands for this operator or "
     "function; operator: <>, first operand: [a]"),
    ("((a=a) AND (a=a))", None,
     "The first operand must be distinct from the remaining operands for this operator or "
     "function; operator: =, first operand: [a]"),
    ("contains(ab.bc[1].a, ab.bc[1].#a)", None,
     "The first operand must be distinct from the remaining operands for this operator or "
     "function; operator: contains, first operand: [ab, bc, [1], a]"),
    ("attribute_type(ab.bc[1].#a, ab.bc[1].a)", None,
     "The first operand must be distinct from the remaining operands for this operator or "
     "function; operator: attribute_type, first operand: [ab, bc, [1], a]"),
]


@pytest.mark.parametrize("expression,values,message", SERVICE_CONDITION_CASES,
                         ids=[f"{i:02d}-{c[0][:30]}" for i, c in enumerate(SERVICE_CONDITION_CASES)])
def test_condition_error_order(ddb, table, expression, values, message):
    kwargs = cond(expression, values, {"#a": "a"} if "#a" in expression else None)
    expect_error(call, VALIDATION, IC + message, ddb=ddb, table=table, op="put", **kwargs)


SERVICE_UPDATE_CASES = [
    # Overlapping paths: the first overlap found wins over an earlier conflict; a name
    # holding "[3]" prints like an index.
    ("set d[1] = a, d.b = a, c[1].a = a, #c = if_not_exists(a)",
     "Two document paths overlap with each other; must remove or rewrite one of these "
     "paths; path one: [c, [1], a], path two: [c]"),
    ("set c.b.#c = a, c = a, #d = a",
     "Two document paths overlap with each other; must remove or rewrite one of these "
     "paths; path one: [c, b, c], path two: [c]"),
    ("set a = b remove a, #c, #d",
     "Two document paths overlap with each other; must remove or rewrite one of these "
     "paths; path one: [a], path two: [a]"),
    ("set #c[3].#d = a, #c[3] = a",
     "Two document paths overlap with each other; must remove or rewrite one of these "
     "paths; path one: [c, [3], [3]], path two: [c, [3]]"),
    ("remove c, #c.a, #d",
     "Two document paths overlap with each other; must remove or rewrite one of these "
     "paths; path one: [c], path two: [c, a]"),
    ("set #c[3].#d = a, #c.#d[3] = if_not_exists(a)",
     "Two document paths conflict with each other; must remove or rewrite one of these "
     "paths; path one: [c, [3], [3]], path two: [c, [3], [3]]"),
    ("remove a.#c set a[1] = #d",
     "Two document paths conflict with each other; must remove or rewrite one of these "
     "paths; path one: [a, c], path two: [a, [1]]"),
    # Reserved words come first, then function names, then repeated sections, then
    # undefined names.
    (" set #c = :c set abOrt = true ", "Attribute name is a reserved keyword; reserved keyword: abOrt"),
    (" remove Absolute ", "Attribute name is a reserved keyword; reserved keyword: Absolute"),
    ("set #c = if_not_exist(:c) set c = d", "Invalid function name; function: if_not_exist"),
    ("set a = #x set c = :d", 'The "SET" section can only be used once in an update expression;'),
    ("remove #x set a = b remove e",
     'The "REMOVE" section can only be used once in an update expression;'),
    ("add #x :e set a = b add e :f",
     'The "ADD" section can only be used once in an update expression;'),
    ("delete #x :e set a = b delete #e :f",
     'The "DELETE" section can only be used once in an update expression;'),
    ("SET #x = if_not_exists(:c)",
     "An expression attribute name used in the document path is not defined; "
     "attribute name: #x"),
    ("SET #c = if_not_exists(:x)",
     "An expression attribute value used in expression is not defined; attribute value: :x"),
    # ADD/DELETE operand types are checked before function operands.
    ("set b = list_append(:s, a), e = if_not_exists(a) add a.b :s",
     "Incorrect operand type for operator or function; operator: ADD, operand type: STRING"),
    ("add a.b :nul",
     "Incorrect operand type for operator or function; operator: ADD, operand type: NULL"),
    ("delete a.b :l",
     "Incorrect operand type for operator or function; operator: DELETE, operand type: LIST"),
    ("set a = if_not_exists(c)",
     "Incorrect number of operands for operator or function; operator or function: "
     "if_not_exists, number of operands: 1"),
    ("set a = list_append(c)",
     "Incorrect number of operands for operator or function; operator or function: "
     "list_append, number of operands: 1"),
    ("set a = if_not_exists(if_not_exists(a, b), c)",
     "Operator or function requires a document path; operator or function: if_not_exists"),
    ("set a = list_append(a, :n)",
     "Incorrect operand type for operator or function; operator or function: list_append, "
     "operand type: N"),
    ("set a = list_append(:m, a)",
     "Incorrect operand type for operator or function; operator or function: list_append, "
     "operand type: M"),
    ("set a = list_append(:nul, a)",
     "Incorrect operand type for operator or function; operator or function: list_append, "
     "operand type: NULL"),
    ("set a = :b + a",
     "Incorrect operand type for operator or function; operator or function: +, "
     "operand type: B"),
    ("set a = a + :bool",
     "Incorrect operand type for operator or function; operator or function: +, "
     "operand type: BOOL"),
    ("set a = a - :ns",
     "Incorrect operand type for operator or function; operator or function: -, "
     "operand type: NS"),
]

UPDATE_VALUES = {":c": S1, ":d": S1, ":e": {"SS": ["e"]}, ":f": {"SS": ["f"]}, ":s": S1,
                 ":n": N1, ":m": {"M": {}}, ":nul": {"NULL": True}, ":l": {"L": []},
                 ":b": {"B": b"a"}, ":bool": {"BOOL": True}, ":ns": {"NS": ["1"]}}


@pytest.mark.parametrize("expression,message", SERVICE_UPDATE_CASES,
                         ids=[f"{i:02d}-{c[0][:30]}" for i, c in enumerate(SERVICE_UPDATE_CASES)])
def test_update_error_order(ddb, table, expression, message):
    names = {"#c": "c", "#d": "[3]", "#e": "e"}
    expect_error(call, VALIDATION, IU + message, ddb=ddb, table=table, op="update",
                 **upd(expression, UPDATE_VALUES, names))


# Syntax errors: the service's tests pin only the prefix; the token and the quoted
# source are monotable's, following the rule the captured texts show.
SYNTAX_CASES = [
    ("put", "things are not gonna be ok", 'token: "are", near: "things are not"'),
    ("put", "a > 4", 'token: "4", near: "> 4"'),
    ("put", "attribute_exists(Pictures-RearView)", 'token: "-", near: "Pictures-RearView"'),
    ("put", "attribute_exists(Pictures..RearView)", 'token: ".", near: "..RearView"'),
    ("put", "attribute_exists(asdf[a])", 'token: "a", near: "[a]"'),
    ("put", "a.:a < b.:b", 'token: ":a", near: ".:a <"'),
    ("put", "a > between", 'token: "between", near: "> between"'),
    ("put", "a in (b,c,)", 'token: ")", near: ",)"'),
    ("put", "(a)between(b.(c.d))and(c)", 'token: "(", near: ".(c"'),
    ("put", "#$.b > a", 'token: "#", near: "#$"'),
    ("put", "a > :things.stuff", 'token: ".", near: ":things.stuff"'),
    ("put", "b[:a] > a", 'token: ":a", near: "[:a]"'),
    ("put", "\u00fc > a", 'token: "\u00fc", near: "\u00fc >"'),
    ("put", "(a)between(b.c[4.5].#d)and(:a)", 'token: ".", near: "4.5"'),
    ("put", "size(a).b > a", 'token: ".", near: ").b"'),
    ("put", "(size(a))[0] > a", 'token: "[", near: ")[0"'),
    ("update", "whatever", 'token: "whatever", near: "whatever"'),
    ("update", "set a", 'token: "<EOF>", near: "a"'),
    ("update", "set a=set", 'token: "set", near: "=set"'),
    ("update", "delete a if_not_exist(b)", 'token: "if_not_exist", near: "a if_not_exist("'),
    ("update", "add abort b", 'token: "b", near: "abort b"'),
    ("update", "set :a = b", 'token: ":a", near: "set :a ="'),
    ("update", "remove :a", 'token: ":a", near: "remove :a"'),
    ("update", "set a = b * c", 'token: "*", near: "b * c"'),
    ("update", "set a[1] = 1", 'token: "1", near: "= 1"'),
    ("update", "SET a = if_not_exist(a, 100)", 'token: "100", near: ", 100)"'),
    ("update", "SET if_not_exist(a, b) = a", 'token: "(", near: "if_not_exist(a"'),
    ("update", "set (a = (b + c))", 'token: "(", near: "set (a"'),
    ("update", "set a = (b.c).d + e", 'token: ".", near: ").d"'),
    ("update", "set a = b + c + d", 'token: "+", near: "c + d"'),
]


@pytest.mark.parametrize("op,expression,detail", SYNTAX_CASES,
                         ids=[f"{c[0]}-{c[1][:30]}" for c in SYNTAX_CASES])
def test_syntax_error_token_and_near(ddb, table, op, expression, detail):
    kwargs = cond(expression) if op == "put" else upd(expression)
    prefix = IC if op == "put" else IU
    expect_error(call, VALIDATION, prefix + "Syntax error; " + detail, ddb=ddb, table=table,
                 op=op, **kwargs)


# ------------------------------------------------------------------ invalid values in the map
# DynamoDB names the placeholder whose value is invalid: "ExpressionAttributeValues
# contains invalid value: <the item-level text> for key :b" (dynalite's updateItem tests,
# run against the service; ExtendDB#210 describes the same wrapping). Raw HTTP, so that
# boto3 sends the malformed values unchanged.

INVALID_VALUES = [
    ("empty", {},
     "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes"),
    ("two-types", {"S": "a", "N": "1"},
     "Supplied AttributeValue has more than one datatypes set, must contain exactly one of "
     "the supported datatypes"),
    ("empty-string-set", {"SS": []},
     "One or more parameter values were invalid: An string set  may not be empty"),
    ("empty-number-set", {"NS": []},
     "One or more parameter values were invalid: An number set  may not be empty"),
    ("bad-number-in-set", {"NS": ["1", "b"]},
     "The parameter cannot be converted to a numeric value: b"),
    ("duplicate-numbers", {"NS": ["1", "1"]}, "Input collection contains duplicates"),
]


@pytest.mark.parametrize("value,inner", [c[1:] for c in INVALID_VALUES],
                         ids=[c[0] for c in INVALID_VALUES])
def test_invalid_expression_attribute_value(raw, table, value, inner):
    resp = raw("UpdateItem", {"TableName": table, "Key": k(), "UpdateExpression": "SET a = :b",
                              "ExpressionAttributeValues": {":b": value}})
    assert resp.status == 400
    assert resp.error_type() == VALIDATION
    assert resp.json()["message"] == (
        "ExpressionAttributeValues contains invalid value: " + inner + " for key :b")


# ------------------------------------------------------------------ limits

def test_condition_size_limit(ddb, table):
    at_limit = "attribute_not_exists(PK)".ljust(4096)
    call(ddb, table, "put", **cond(at_limit))
    over = "attribute_not_exists(PK)".ljust(4097)
    expect_error(call, VALIDATION,
                 IC + "Expression size has exceeded the maximum allowed size; "
                 "expression size: 4097",
                 ddb=ddb, table=table, op="delete", **cond(over))
    # The limit counts bytes, not characters.
    multibyte = "attribute_not_exists(#a)" + " " * 4065 + "\u00e9" * 4
    assert len(multibyte) == 4093 and len(multibyte.encode()) == 4097
    expect_error(call, VALIDATION,
                 IC + "Expression size has exceeded the maximum allowed size; "
                 "expression size: 4097",
                 ddb=ddb, table=table, op="delete", **cond(multibyte, None, {"#a": "a"}))


def test_update_size_limit(ddb, table):
    at_limit = "SET a = :v".ljust(4096)
    call(ddb, table, "update", **upd(at_limit, V))
    expect_error(call, VALIDATION,
                 IU + "Expression size has exceeded the maximum allowed size;",
                 ddb=ddb, table=table, op="update", **upd("SET a = :v".ljust(4097), V))


def test_operator_limit_condition(ddb, table):
    # 150 comparisons joined by 149 ANDs, and one NOT: 300 operators are allowed.
    ok = "NOT a = :v" + " AND a = :v" * 149
    expect_error(call, "ConditionalCheckFailedException", "The conditional request failed",
                 ddb=ddb, table=table, op="delete", **cond(ok, V))
    too_many = "a = :v" + " AND a = :v" * 150  # 151 + 150 = 301
    expect_error(call, VALIDATION,
                 IC + "The expression contains too many operators; operator count: 301",
                 ddb=ddb, table=table, op="delete", **cond(too_many, V))


def test_operator_limit_update(ddb, table):
    ok = "SET " + ", ".join(f"a{i}=:v+:v" for i in range(300))
    call(ddb, table, "update", **upd(ok, {":v": N1}))
    assert ddb.get_item(TableName=table, Key=k(), ConsistentRead=True)["Item"]["a299"] == {"N": "2"}
    too_many = "SET " + ", ".join(f"a{i}=:v+:v" for i in range(301))
    assert len(too_many) <= 4096
    expect_error(call, VALIDATION,
                 IU + "The expression contains too many operators; operator count: 301",
                 ddb=ddb, table=table, op="update", **upd(too_many, {":v": N1}))


def test_deeply_nested_functions(ddb, table):
    # scylladb/scylladb test_limits.py test_deeply_nested_expression_5 (runs against
    # DynamoDB): "a < f(f(...(b)))" 1,355 deep, under 4 KB, is "Invalid
    # ConditionExpression: Invalid function name; function: f"; function calls are not
    # operators, so 680 nested size() calls meet size's operand check instead.
    deep = "a < " + "f(" * 1355 + "b" + ")" * 1355
    assert len(deep) < 4096
    expect_error(call, VALIDATION, IC + "Invalid function name; function: f",
                 ddb=ddb, table=table, op="put", **cond(deep))
    sizes = "a < " + "size(" * 680 + "b" + ")" * 680
    expect_error(call, VALIDATION,
                 IC + "Incorrect operand type for operator or function; operator or function: "
                 "size, operand type: N", ddb=ddb, table=table, op="put", **cond(sizes))


def test_in_operand_limit(ddb, table):
    values = {f":v{i}": {"N": str(i)} for i in range(101)}
    hundred = "a IN (" + ", ".join(f":v{i}" for i in range(100)) + ")"
    call(ddb, table, "put", **cond("attribute_not_exists(a) OR " + hundred,
                                   {n: v for n, v in values.items() if n != ":v100"}))
    too_many = "a IN (" + ", ".join(f":v{i}" for i in range(101)) + ")"
    expect_error(call, VALIDATION,
                 IC + "The IN operator is provided with too many operands; number of "
                 "operands: 101",
                 ddb=ddb, table=table, op="put", **cond(too_many, values))
