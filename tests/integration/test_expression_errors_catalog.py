"""Expression validation errors, one table of cases: syntax, empty expressions, reserved
words, placeholders (undefined, unused, empty maps, maps without an expression,
malformed keys), overlapping and conflicting update paths, repeated sections, and
misused functions and operand types in condition and update expressions. Each case
asserts the exact message and that nothing was written.

The helpers and the sources of the texts are described in expression_errors_common.py.
"""

import pytest

from expression_errors_common import IC, IU, N1, S1, V, VALIDATION, call, cond, k, upd
from mtutil import expect_error


CASES = [
    # ---------------------------------------------------------------- syntax
    ("syntax-eof-after-comparator", "put", cond("a = "),
     IC + 'Syntax error; token: "<EOF>", near: "="'),
    ("syntax-double-equals", "put", cond("a == :v", V),
     IC + 'Syntax error; token: "=", near: "== :v"'),
    ("syntax-dangling-and", "put", cond("a = :v AND", V),
     IC + 'Syntax error; token: "<EOF>", near: "AND"'),
    ("syntax-between-without-and", "put", cond("a BETWEEN :v :w", {":v": N1, ":w": N1}),
     IC + 'Syntax error; token: ":w", near: ":v :w"'),
    ("syntax-in-without-parens", "put", cond("a IN :v", V),
     IC + 'Syntax error; token: ":v", near: "IN :v"'),
    ("syntax-unclosed-paren", "put", cond("(a = :v", V),
     IC + 'Syntax error; token: "<EOF>", near: ":v"'),
    ("syntax-extra-paren", "put", cond("a = :v)", V),
     IC + 'Syntax error; token: ")", near: ":v)"'),
    ("syntax-unclosed-function", "put", cond("attribute_exists(a"),
     IC + 'Syntax error; token: "<EOF>", near: "a"'),
    ("syntax-bare-path", "put", cond("a"),
     IC + 'Syntax error; token: "<EOF>", near: "a"'),
    ("syntax-bare-value", "delete", cond(":v", V),
     IC + 'Syntax error; token: "<EOF>", near: ":v"'),
    ("syntax-not-without-operand", "put", cond("NOT"),
     IC + 'Syntax error; token: "<EOF>", near: "NOT"'),
    ("syntax-and-of-operands", "put", cond("a AND b"),
     IC + 'Syntax error; token: "AND", near: "a AND b"'),
    ("syntax-bad-index", "put", cond("a[x] = :v", V),
     IC + 'Syntax error; token: "x", near: "[x]"'),
    ("syntax-unknown-character", "put", cond("a = :v ; b = :v", V),
     IC + 'Syntax error; token: ";", near: ":v ; b"'),
    ("syntax-update-keyword-typo", "update", upd("INVALID SYNTAX HERE", V),
     IU + 'Syntax error; token: "INVALID", near: "INVALID SYNTAX"'),
    ("syntax-update-space-in-placeholder", "update", upd("ADD hits : incr", {":incr": N1}),
     IU + 'Syntax error; token: ":", near: "hits : incr"'),
    ("syntax-update-trailing-comma", "update", upd("SET a = :v,", V),
     IU + 'Syntax error; token: "<EOF>", near: ","'),
    ("syntax-update-empty-section", "update", upd("SET a = :v REMOVE", V),
     IU + 'Syntax error; token: "<EOF>", near: "REMOVE"'),
    ("syntax-update-comma-before-section", "update", upd("SET a = :v, REMOVE b", V),
     IU + 'Syntax error; token: "REMOVE", near: ", REMOVE b"'),
    ("syntax-update-missing-operand", "update", upd("SET a = :v +", V),
     IU + 'Syntax error; token: "<EOF>", near: "+"'),
    ("syntax-update-division", "update", upd("SET a = :v / :w", {":v": N1, ":w": N1}),
     IU + 'Syntax error; token: "/", near: ":v / :w"'),
    ("syntax-update-remove-with-value", "update", upd("REMOVE a = :v", V),
     IU + 'Syntax error; token: "=", near: "a = :v"'),
    ("syntax-update-add-path-operand", "update", upd("ADD a b"),
     IU + 'Syntax error; token: "b", near: "a b"'),
    ("syntax-update-comparison", "update", upd("SET a = :v = :v", V),
     IU + 'Syntax error; token: "=", near: ":v = :v"'),
    # ---------------------------------------------------------------- empty
    ("empty-condition", "put", cond(""), IC + "The expression can not be empty;"),
    ("blank-condition", "delete", cond(" \t\n"), IC + "The expression can not be empty;"),
    ("empty-update", "update", upd(""), IU + "The expression can not be empty;"),
    # ---------------------------------------------------------------- reserved words
    ("reserved-status", "put", cond("status = :v", V),
     IC + "Attribute name is a reserved keyword; reserved keyword: status"),
    ("reserved-name-update", "update", upd("SET name = :v", V),
     IU + "Attribute name is a reserved keyword; reserved keyword: name"),
    ("reserved-as-written", "update", upd("REMOVE a, Name"),
     IU + "Attribute name is a reserved keyword; reserved keyword: Name"),
    ("reserved-nested", "put", cond("a.size.b = :v", V),
     IC + "Attribute name is a reserved keyword; reserved keyword: size"),
    ("empty-values-map-checked-before-parse", "update", upd("SET a = #b + count", {}, {"#b": "b"}),
     "ExpressionAttributeValues must not be empty"),
    ("reserved-in-set-operand", "update", upd("SET a = #b + count", None, {"#b": "b"}),
     IU + "Attribute name is a reserved keyword; reserved keyword: count"),
    ("reserved-in-function", "delete", cond("begins_with(data, :v)", V),
     IC + "Attribute name is a reserved keyword; reserved keyword: data"),
    ("reserved-before-undefined", "put", cond("#x = :nope AND status = :v", V),
     IC + "Attribute name is a reserved keyword; reserved keyword: status"),
    # ---------------------------------------------------------------- undefined placeholders
    ("undefined-name", "put", cond("#x = :v", V),
     IC + "An expression attribute name used in the document path is not defined; "
     "attribute name: #x"),
    ("undefined-name-among-others", "put", cond("#y = :v AND #x = :v", V, {"#y": "y"}),
     IC + "An expression attribute name used in the document path is not defined; "
     "attribute name: #x"),
    ("undefined-value", "put", cond("a = :v"),
     IC + "An expression attribute value used in expression is not defined; "
     "attribute value: :v"),
    ("undefined-value-among-others", "delete", cond("a = :v OR a = :w", V),
     IC + "An expression attribute value used in expression is not defined; "
     "attribute value: :w"),
    ("undefined-value-update", "update", upd("SET attr1 = :v"),
     IU + "An expression attribute value used in expression is not defined; "
     "attribute value: :v"),
    ("undefined-names-before-values", "update", upd("SET a = :v, #b = :w"),
     IU + "An expression attribute name used in the document path is not defined; "
     "attribute name: #b"),
    ("undefined-in-condition-of-update", "update", upd("SET a = :v", V, condition="b = :w"),
     IC + "An expression attribute value used in expression is not defined; "
     "attribute value: :w"),
    # ---------------------------------------------------------------- unused placeholders
    ("unused-value", "update", upd("SET attr1 = :v", {":v": S1, ":unused": S1}),
     "Value provided in ExpressionAttributeValues unused in expressions: keys: {:unused}"),
    ("unused-name", "update", upd("SET attr1 = :v", V, {"#unused": "someattr"}),
     "Value provided in ExpressionAttributeNames unused in expressions: keys: {#unused}"),
    ("unused-name-reported-before-value", "put",
     cond("a = :v", {":v": S1, ":w": S1}, {"#n": "n"}),
     "Value provided in ExpressionAttributeNames unused in expressions: keys: {#n}"),
    ("unused-value-in-condition-request", "delete", cond("attribute_exists(a)", V),
     "Value provided in ExpressionAttributeValues unused in expressions: keys: {:v}"),
    # ---------------------------------------------------------------- empty maps
    ("empty-values-map", "put", cond("a = :v", {}),
     "ExpressionAttributeValues must not be empty"),
    ("empty-names-map", "put", cond("#a = :v", V, {}),
     "ExpressionAttributeNames must not be empty"),
    ("empty-names-map-update", "update", upd("SET a = :v", V, {}),
     "ExpressionAttributeNames must not be empty"),
    # ---------------------------------------------------------------- maps without expressions
    ("names-without-expression-put", "put", {"ExpressionAttributeNames": {"#a": "a"}},
     "ExpressionAttributeNames can only be specified when using expressions"),
    ("values-without-expression-put", "put", {"ExpressionAttributeValues": V},
     "ExpressionAttributeValues can only be specified when using expressions: "
     "ConditionExpression is null"),
    ("values-without-expression-delete", "delete", {"ExpressionAttributeValues": V},
     "ExpressionAttributeValues can only be specified when using expressions: "
     "ConditionExpression is null"),
    ("values-without-expression-update", "update", {"ExpressionAttributeValues": V},
     "ExpressionAttributeValues can only be specified when using expressions: "
     "UpdateExpression and ConditionExpression are null"),
    ("names-without-expression-update", "update", {"ExpressionAttributeNames": {"#s": "s"}},
     "ExpressionAttributeNames can only be specified when using expressions"),
    # ---------------------------------------------------------------- malformed map keys
    ("name-key-without-hash", "update", upd("SET #s = :v", V, {"s": "status"}),
     'ExpressionAttributeNames contains invalid key: Syntax error; key: "s"'),
    ("value-key-without-colon", "update", upd("SET #s = :v", {"v": S1}, {"#s": "status"}),
     'ExpressionAttributeValues contains invalid key: Syntax error; key: "v"'),
    ("name-key-bad-character", "put", cond("#a = :v", V, {"#a-b": "a"}),
     'ExpressionAttributeNames contains invalid key: Syntax error; key: "#a-b"'),
    ("name-empty-value", "put", cond("#a = :v", V, {"#a": ""}),
     "ExpressionAttributeNames contains invalid value: Empty attribute name for key #a"),
    ("name-key-too-long", "put", cond("#a = :v", V, {"#" + "a" * 255: "a"}),
     "ExpressionAttributeNames contains invalid key: The expression attribute map contains "
     "a key that is too long; size of key: 256"),
    ("value-key-too-long", "put", cond("a = :v", {":" + "v" * 255: S1}),
     "ExpressionAttributeValues contains invalid key: The expression attribute map contains "
     "a key that is too long;"),
    # ---------------------------------------------------------------- paths
    ("overlap-parent-child", "update", upd("SET a = :v, a.b = :v", V),
     IU + "Two document paths overlap with each other; must remove or rewrite one of these "
     "paths; path one: [a], path two: [a, b]"),
    ("overlap-set-remove", "update", upd("SET a = :v REMOVE a", V),
     IU + "Two document paths overlap with each other; must remove or rewrite one of these "
     "paths; path one: [a], path two: [a]"),
    ("overlap-through-name", "update", upd("SET #a = :v, a = :v", V, {"#a": "a"}),
     IU + "Two document paths overlap with each other; must remove or rewrite one of these "
     "paths; path one: [a], path two: [a]"),
    ("overlap-add-delete", "update", upd("ADD s :v DELETE s :v", {":v": {"SS": ["x"]}}),
     IU + "Two document paths overlap with each other; must remove or rewrite one of these "
     "paths; path one: [s], path two: [s]"),
    ("overlap-list-element", "update", upd("REMOVE l[1].x, l[1]"),
     IU + "Two document paths overlap with each other; must remove or rewrite one of these "
     "paths; path one: [l, [1], x], path two: [l, [1]]"),
    ("conflict-index-vs-key", "update", upd("SET a[0] = :v, a.b = :v", V),
     IU + "Two document paths conflict with each other; must remove or rewrite one of these "
     "paths; path one: [a, [0]], path two: [a, b]"),
    ("overlap-reported-before-conflict", "update",
     upd("SET a[0] = :v, a.b = :v, c = :v, c.d = :v", V),
     IU + "Two document paths overlap with each other; must remove or rewrite one of these "
     "paths; path one: [c], path two: [c, d]"),
    # ---------------------------------------------------------------- sections
    ("duplicate-set", "update", upd("SET a = :v SET b = :v", V),
     IU + 'The "SET" section can only be used once in an update expression;'),
    ("duplicate-remove", "update", upd("REMOVE a SET b = :v REMOVE c", V),
     IU + 'The "REMOVE" section can only be used once in an update expression;'),
    ("duplicate-add-lowercase", "update", upd("add a :n add b :n", {":n": N1}),
     IU + 'The "ADD" section can only be used once in an update expression;'),
    # ---------------------------------------------------------------- condition functions and operands
    ("redundant-parentheses", "put", cond("((attribute_not_exists(PK)))"),
     IC + "The expression has redundant parentheses;"),
    ("redundant-parentheses-operand", "put", cond("a = ((:v))", V),
     IC + "The expression has redundant parentheses;"),
    ("unknown-function", "put", cond("foo(a)"), IC + "Invalid function name; function: foo"),
    ("function-name-case-sensitive", "put", cond("Attribute_Exists(a)"),
     IC + "Invalid function name; function: Attribute_Exists"),
    ("update-function-in-condition", "put", cond("if_not_exists(a, :v) = :v", V),
     IC + "The function is not allowed in a condition expression; function: if_not_exists"),
    ("list-append-in-condition", "put", cond("list_append(a, :v) = :v", V),
     IC + "The function is not allowed in a condition expression; function: list_append"),
    ("size-as-condition", "put", cond("size(a)"),
     IC + "The function is not allowed to be used this way in an expression; function: size"),
    ("boolean-function-as-operand", "put", cond("attribute_exists(a) = :v", V),
     IC + "The function is not allowed to be used this way in an expression; "
     "function: attribute_exists"),
    ("too-many-operands", "put", cond("attribute_exists(a, b)"),
     IC + "Incorrect number of operands for operator or function; operator or function: "
     "attribute_exists, number of operands: 2"),
    ("too-few-operands", "put", cond("begins_with(a)"),
     IC + "Incorrect number of operands for operator or function; operator or function: "
     "begins_with, number of operands: 1"),
    ("function-needs-path", "put", cond("attribute_not_exists(:v)", V),
     IC + "Operator or function requires a document path; operator or function: "
     "attribute_not_exists"),
    ("same-operand-twice", "put", cond("a = a"),
     IC + "The first operand must be distinct from the remaining operands for this operator "
     "or function; operator: =, first operand: [a]"),
    ("same-operand-twice-function", "put", cond("contains(#a, #a)", None, {"#a": "data"}),
     IC + "The first operand must be distinct from the remaining operands for this operator "
     "or function; operator: contains, first operand: [data]"),
    ("ordering-on-bool", "put", cond("a < :v", {":v": {"BOOL": True}}),
     IC + "Incorrect operand type for operator or function; operator or function: <, "
     "operand type: BOOL"),
    ("ordering-on-list", "put", cond("a >= :v", {":v": {"L": []}}),
     IC + "Incorrect operand type for operator or function; operator or function: >=, "
     "operand type: L"),
    ("between-on-set", "put", cond("a BETWEEN :v AND :w", {":v": {"SS": ["a"]}, ":w": S1}),
     IC + "Incorrect operand type for operator or function; operator or function: BETWEEN, "
     "operand type: SS"),
    ("between-mixed-types", "put", cond("a BETWEEN :v AND :w", {":v": N1, ":w": {"S": "a"}}),
     IC + "The BETWEEN operator requires same data type for lower and upper bounds; lower "
     "bound operand: AttributeValue: {N:1}, upper bound operand: AttributeValue: {S:a}"),
    ("between-reversed", "put", cond("a BETWEEN :v AND :w", {":v": {"N": "5"}, ":w": {"N": "4"}}),
     IC + "The BETWEEN operator requires upper bound to be greater than or equal to lower "
     "bound; lower bound operand: AttributeValue: {N:5}, upper bound operand: "
     "AttributeValue: {N:4}"),
    ("begins-with-number", "put", cond("begins_with(a, :v)", {":v": N1}),
     IC + "Incorrect operand type for operator or function; operator or function: "
     "begins_with, operand type: N"),
    ("size-of-number", "put", cond("size(:v) = :v", {":v": N1}),
     IC + "Incorrect operand type for operator or function; operator or function: size, "
     "operand type: N"),
    ("attribute-type-unknown-name", "put", cond("attribute_type(a, :v)", {":v": {"S": "X"}}),
     IC + "Invalid attribute type name found; type: X, valid types: "
     "{B,NULL,SS,BOOL,L,BS,N,NS,S,M}"),
    ("attribute-type-lowercase-name", "put", cond("attribute_type(a, :v)", {":v": {"S": "s"}}),
     IC + "Invalid attribute type name found; type: s, valid types: "
     "{B,NULL,SS,BOOL,L,BS,N,NS,S,M}"),
    ("attribute-type-number-operand", "put", cond("attribute_type(a, :v)", {":v": N1}),
     IC + "Incorrect operand type for operator or function; operator or function: "
     "attribute_type, operand type: N"),
    # ---------------------------------------------------------------- update functions and operands
    ("update-unknown-function", "update", upd("SET a = foo(b)"),
     IU + "Invalid function name; function: foo"),
    ("update-condition-function", "update", upd("SET a = contains(b, :v)", V),
     IU + "The function is not allowed in an update expression; function: contains"),
    ("update-size-function", "update", upd("SET a = size(b)"),
     IU + "The function is not allowed in an update expression; function: size"),
    ("add-string", "update", upd("ADD a :v", V),
     IU + "Incorrect operand type for operator or function; operator: ADD, operand type: STRING"),
    ("add-list", "update", upd("ADD a :v", {":v": {"L": [N1]}}),
     IU + "Incorrect operand type for operator or function; operator: ADD, operand type: LIST"),
    ("add-map", "update", upd("ADD a :v", {":v": {"M": {}}}),
     IU + "Incorrect operand type for operator or function; operator: ADD, operand type: MAP"),
    ("add-bool", "update", upd("ADD a :v", {":v": {"BOOL": False}}),
     IU + "Incorrect operand type for operator or function; operator: ADD, operand type: "
     "BOOLEAN"),
    ("delete-number", "update", upd("DELETE a :v", {":v": N1}),
     IU + "Incorrect operand type for operator or function; operator: DELETE, operand type: "
     "NUMBER"),
    ("delete-binary", "update", upd("DELETE a :v", {":v": {"B": b"x"}}),
     IU + "Incorrect operand type for operator or function; operator: DELETE, operand type: "
     "BINARY"),
    ("plus-string", "update", upd("SET a = :v + :n", {":v": S1, ":n": N1}),
     IU + "Incorrect operand type for operator or function; operator or function: +, "
     "operand type: S"),
    ("minus-list", "update", upd("SET a = b - :v", {":v": {"L": []}}),
     IU + "Incorrect operand type for operator or function; operator or function: -, "
     "operand type: L"),
    ("list-append-string", "update", upd("SET a = list_append(a, :v)", V),
     IU + "Incorrect operand type for operator or function; operator or function: "
     "list_append, operand type: S"),
    ("list-append-three-operands", "update", upd("SET a = list_append(a, :v, :v)",
                                                 {":v": {"L": []}}),
     IU + "Incorrect number of operands for operator or function; operator or function: "
     "list_append, number of operands: 3"),
    ("if-not-exists-one-operand", "update", upd("SET a = if_not_exists(a)"),
     IU + "Incorrect number of operands for operator or function; operator or function: "
     "if_not_exists, number of operands: 1"),
    ("if-not-exists-needs-path", "update", upd("SET a = if_not_exists(:v, a)", V),
     IU + "Operator or function requires a document path; operator or function: "
     "if_not_exists"),
]


@pytest.mark.parametrize("op,kwargs,message", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_expression_error(ddb, table, op, kwargs, message):
    expect_error(call, VALIDATION, message, ddb=ddb, table=table, op=op, **kwargs)
    # Nothing was written.
    assert "Item" not in ddb.get_item(TableName=table, Key=k(), ConsistentRead=True)

