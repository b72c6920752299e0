"""Helpers of the PartiQL test modules (test_partiql*.py): rows to read, and statements
followed over every page."""

from mtutil import N, S, k


def put_rows(ddb, table, pk, count):
    for i in range(count):
        ddb.put_item(TableName=table, Item={**k(pk, f"s#{i:03}"), "n": N(str(i)),
                                            "G": S(f"g{i % 2}")})


def execute_all(ddb, statement, parameters=None, **kwargs):
    """Every page of a statement, following NextToken; returns (items, pages)."""
    items, pages, token = [], 0, None
    while True:
        args = dict(Statement=statement, **kwargs)
        if parameters:
            args["Parameters"] = parameters
        if token:
            args["NextToken"] = token
        out = ddb.execute_statement(**args)
        items += out["Items"]
        pages += 1
        token = out.get("NextToken")
        if not token:
            return items, pages
