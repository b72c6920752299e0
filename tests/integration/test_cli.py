"""The stock AWS CLI (`aws` on PATH, v1 or v2) against the shared server.

Every call is `aws --endpoint-url http://127.0.0.1:PORT dynamodb ... --output json` with
fixed credentials and region in the environment and empty config files (see conftest).
Binary values are avoided: v1 and v2 treat blob arguments differently.
"""

import json

from mtutil import create_table, delete_table_quietly, unique_name

SEED_ARGS = [
    "--attribute-definitions", "AttributeName=PK,AttributeType=S", "AttributeName=SK,AttributeType=S",
    "--key-schema", "AttributeName=PK,KeyType=HASH", "AttributeName=SK,KeyType=RANGE",
    "--provisioned-throughput", "ReadCapacityUnits=5,WriteCapacityUnits=5",
]


def ok(result):
    rc, out = result
    assert rc == 0, f"aws exited {rc}: {out}"
    return out


def test_cli_table_lifecycle_with_seed_command(aws_cli, ddb):
    name = unique_name("cli")
    try:
        out = ok(aws_cli("create-table", "--table-name", name, *SEED_ARGS))
        desc = out["TableDescription"]
        assert desc["TableName"] == name
        assert desc["TableStatus"] in ("ACTIVE", "CREATING")
        assert desc["KeySchema"] == [{"AttributeName": "PK", "KeyType": "HASH"},
                                     {"AttributeName": "SK", "KeyType": "RANGE"}]
        assert sorted(a["AttributeName"] + a["AttributeType"]
                      for a in desc["AttributeDefinitions"]) == ["PKS", "SKS"]
        pt = desc["ProvisionedThroughput"]
        assert (pt["ReadCapacityUnits"], pt["WriteCapacityUnits"]) == (5, 5)
        assert pt["NumberOfDecreasesToday"] == 0
        assert desc["TableArn"].endswith(f":table/{name}")
        assert desc["TableArn"].startswith("arn:aws:dynamodb:us-east-1:")
        assert desc["ItemCount"] == 0 and desc["TableSizeBytes"] == 0
        assert desc["TableId"]
        assert desc["CreationDateTime"]

        assert ok(aws_cli("wait", "table-exists", "--table-name", name)) is None

        table = ok(aws_cli("describe-table", "--table-name", name))["Table"]
        assert table["TableStatus"] == "ACTIVE"
        assert table["TableName"] == name
        assert table["TableId"] == desc["TableId"]

        names = ok(aws_cli("list-tables"))["TableNames"]
        assert name in names
        assert names == sorted(names)

        out = ok(aws_cli("delete-table", "--table-name", name))
        assert out["TableDescription"]["TableName"] == name
        assert out["TableDescription"]["TableStatus"] == "DELETING"

        assert ok(aws_cli("wait", "table-not-exists", "--table-name", name)) is None

        rc, err = aws_cli("describe-table", "--table-name", name)
        assert rc != 0
        assert "ResourceNotFoundException" in err
        assert f"Requested resource not found: Table: {name} not found" in err
    finally:
        delete_table_quietly(ddb, name)


def test_cli_create_table_pay_per_request(aws_cli, ddb):
    name = unique_name("cli-ppr")
    try:
        out = ok(aws_cli("create-table", "--table-name", name,
                         "--attribute-definitions", "AttributeName=id,AttributeType=N",
                         "--key-schema", "AttributeName=id,KeyType=HASH",
                         "--billing-mode", "PAY_PER_REQUEST"))
        desc = out["TableDescription"]
        assert desc["BillingModeSummary"]["BillingMode"] == "PAY_PER_REQUEST"
        assert desc["ProvisionedThroughput"]["ReadCapacityUnits"] == 0
        assert desc["ProvisionedThroughput"]["WriteCapacityUnits"] == 0
        assert desc["AttributeDefinitions"] == [{"AttributeName": "id", "AttributeType": "N"}]
        table = ok(aws_cli("describe-table", "--table-name", name))["Table"]
        assert table["BillingModeSummary"]["BillingMode"] == "PAY_PER_REQUEST"
    finally:
        delete_table_quietly(ddb, name)


def test_cli_items(aws_cli, ddb, table):
    item = {"PK": {"S": "user#1"}, "SK": {"S": "profile"}, "n": {"N": "01.50"},
            "tags": {"SS": ["a", "b"]}, "doc": {"M": {"l": {"L": [{"BOOL": True},
                                                                 {"NULL": True}]}}},
            "empty": {"S": ""}}
    key = json.dumps({"PK": {"S": "user#1"}, "SK": {"S": "profile"}})

    ok(aws_cli("put-item", "--table-name", table, "--item", json.dumps(item)))

    got = ok(aws_cli("get-item", "--table-name", table, "--key", key, "--consistent-read"))
    assert got["Item"]["n"] == {"N": "1.5"}
    assert sorted(got["Item"]["tags"]["SS"]) == ["a", "b"]
    assert got["Item"]["doc"] == item["doc"]
    assert got["Item"]["empty"] == {"S": ""}
    assert got["Item"]["PK"] == {"S": "user#1"}

    # Also visible to boto3: the CLI wrote to the same table.
    assert ddb.get_item(TableName=table, Key=json.loads(key))["Item"]["n"] == {"N": "1.5"}

    out = ok(aws_cli("put-item", "--table-name", table, "--return-values", "ALL_OLD",
                     "--item", json.dumps({"PK": {"S": "user#1"}, "SK": {"S": "profile"},
                                           "v": {"N": "2"}})))
    assert out["Attributes"]["n"] == {"N": "1.5"}

    out = ok(aws_cli("delete-item", "--table-name", table, "--key", key,
                     "--return-values", "ALL_OLD"))
    assert out["Attributes"] == {"PK": {"S": "user#1"}, "SK": {"S": "profile"},
                                 "v": {"N": "2"}}

    got = ok(aws_cli("get-item", "--table-name", table, "--key", key))
    assert got is None or "Item" not in got


def test_cli_update_table(aws_cli, ddb):
    name = unique_name("cli-upd")
    create_table(ddb, name, rcu=5, wcu=5)
    try:
        out = ok(aws_cli("update-table", "--table-name", name, "--provisioned-throughput",
                         "ReadCapacityUnits=10,WriteCapacityUnits=12"))
        assert out["TableDescription"]["TableName"] == name
        assert out["TableDescription"]["TableStatus"] in ("ACTIVE", "UPDATING")
        ok(aws_cli("wait", "table-exists", "--table-name", name))
        pt = ddb.describe_table(TableName=name)["Table"]["ProvisionedThroughput"]
        assert (pt["ReadCapacityUnits"], pt["WriteCapacityUnits"]) == (10, 12)

        out = ok(aws_cli("update-table", "--table-name", name,
                         "--billing-mode", "PAY_PER_REQUEST"))
        assert out["TableDescription"]["TableName"] == name
        ok(aws_cli("wait", "table-exists", "--table-name", name))
        table = ok(aws_cli("describe-table", "--table-name", name))["Table"]
        assert table["BillingModeSummary"]["BillingMode"] == "PAY_PER_REQUEST"

        out = ok(aws_cli("update-table", "--table-name", name, "--billing-mode", "PROVISIONED",
                         "--provisioned-throughput", "ReadCapacityUnits=2,WriteCapacityUnits=3"))
        assert out["TableDescription"]["TableName"] == name
        desc = ddb.describe_table(TableName=name)["Table"]
        assert desc["BillingModeSummary"]["BillingMode"] == "PROVISIONED"
        assert desc["ProvisionedThroughput"]["ReadCapacityUnits"] == 2
        assert desc["ProvisionedThroughput"]["WriteCapacityUnits"] == 3
    finally:
        delete_table_quietly(ddb, name)


def test_cli_list_tables_follows_pages(aws_cli, ddb):
    prefix = "clils-" + unique_name("p")
    mine = [f"{prefix}-{i}" for i in range(3)]
    try:
        for n in mine:
            create_table(ddb, n, range_type=None, billing="PAY_PER_REQUEST")
        # --page-size sets Limit; the CLI follows LastEvaluatedTableName to the end.
        names = ok(aws_cli("list-tables", "--page-size", "2"))["TableNames"]
        assert [n for n in names if n.startswith(prefix)] == mine
        assert names == sorted(names)
        assert len(names) == len(set(names))
        # --max-items stops early and hands out a NextToken.
        out = ok(aws_cli("list-tables", "--max-items", "1"))
        assert len(out["TableNames"]) == 1
        assert out.get("NextToken")
    finally:
        for n in mine:
            delete_table_quietly(ddb, n)


def test_cli_validation_error(aws_cli):
    rc, err = aws_cli("put-item", "--table-name", unique_name("missing"),
                      "--item", json.dumps({"PK": {"S": "x"}}))
    assert rc != 0
    assert "ResourceNotFoundException" in err
    assert "Requested resource not found" in err
