"""Helpers shared by the expression error tests test_expression_errors_catalog.py and
test_expression_errors_service.py (not a test module itself): call() runs a PutItem,
UpdateItem or DeleteItem on the fixed key k(), and cond() / upd() build its condition or
update expression arguments.

Every case asserts the exact message. The texts are DynamoDB's as captured from the
service by other projects' tests (dynalite, ScyllaDB Alternator, ExtendDB, the
dynamodb-conformance suite) and in user reports, e.g.
  Invalid UpdateExpression: Syntax error; token: ":", near: "hits : incr"
  (aws/aws-cdk#7591)
  Invalid UpdateExpression: Syntax error; token: "INVALID", near: "INVALID SYNTAX"
  Invalid KeyConditionExpression: Syntax error; token: "<EOF>", near: ":type"
The syntax error names the token the parser stopped at and quotes the source from the
previous token to the next one.
"""

VALIDATION = "ValidationException"


def k(pk="e", sk="s"):
    return {"PK": {"S": pk}, "SK": {"S": sk}}


S1 = {"S": "x"}
N1 = {"N": "1"}
V = {":v": S1}


def call(ddb, table, op, **kwargs):
    """op: put / update / delete, with the key or item filled in."""
    if op == "put":
        return ddb.put_item(TableName=table, Item=k(), **kwargs)
    if op == "update":
        return ddb.update_item(TableName=table, Key=k(), **kwargs)
    return ddb.delete_item(TableName=table, Key=k(), **kwargs)


def cond(expression, values=None, names=None):
    kw = {"ConditionExpression": expression}
    if values is not None:
        kw["ExpressionAttributeValues"] = values
    if names is not None:
        kw["ExpressionAttributeNames"] = names
    return kw


def upd(expression, values=None, names=None, condition=None):
    kw = {"UpdateExpression": expression}
    if values is not None:
        kw["ExpressionAttributeValues"] = values
    if names is not None:
        kw["ExpressionAttributeNames"] = names
    if condition is not None:
        kw["ConditionExpression"] = condition
    return kw


IC = "Invalid ConditionExpression: "
IU = "Invalid UpdateExpression: "
