"""Helpers shared by the UpdateExpression tests test_updates_set.py and
test_updates_actions.py (not a test module itself): get() reads an item consistently,
update() runs an UpdateItem, sets() sorts set members for comparison, and NESTED is an
item with a map in a list in a map.

Semantics follow the Developer Guide's "Update expressions" page: SET operands read the
item as it was before the update; REMOVE of list elements shifts the later ones down;
SET of an index past the end appends; ADD creates a missing number (from 0) or set;
DELETE that empties a set removes the attribute; UPDATED_OLD/UPDATED_NEW return just the
updated paths, nested (`SET b.c = :x` returns {b: {c: ...}}), and no Attributes at all
when nothing is left to return.
"""

from mtutil import L, M, N, S

BAD_OPERAND = "An operand in the update expression has an incorrect data type"


def get(ddb, table, key):
    return ddb.get_item(TableName=table, Key=key, ConsistentRead=True).get("Item")


def update(ddb, table, key, expression, values=None, names=None, **kwargs):
    args = dict(TableName=table, Key=key, UpdateExpression=expression, **kwargs)
    if values is not None:
        args["ExpressionAttributeValues"] = values
    if names is not None:
        args["ExpressionAttributeNames"] = names
    return ddb.update_item(**args)


def sets(item):
    """Set members sorted, for order-insensitive comparison."""
    out = {}
    for name, v in item.items():
        (t, x), = v.items()
        out[name] = {t: sorted(x)} if t in ("SS", "NS", "BS") else v
    return out


NESTED = dict(a=M(b=L(M(c=N("1")), M(c=N("2"), d=S("keep")), S("tail"))), top=S("t"))
