"""Control plane through boto3: CreateTable, DescribeTable, ListTables, UpdateTable,
DeleteTable and the table_exists / table_not_exists waiters.

Response shapes follow the real service's TableDescription (API reference,
API_TableDescription / API_CreateTable): AttributeDefinitions, TableName, KeySchema,
TableStatus, CreationDateTime, ProvisionedThroughput {NumberOfDecreasesToday,
ReadCapacityUnits, WriteCapacityUnits}, TableSizeBytes, ItemCount, TableArn, TableId and,
for on-demand tables, BillingModeSummary.
"""

import datetime
import re
import uuid

import pytest

from mtutil import REGION, create_table, delete_table_quietly, expect_error, unique_name

WAIT = {"Delay": 1, "MaxAttempts": 20}
UUID_RE = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")


def check_description(desc, name, attrs, keys, billing, rcu, wcu, statuses):
    """Asserts the full TableDescription shape of a new, empty table."""
    assert desc["TableName"] == name
    assert sorted(desc["AttributeDefinitions"], key=lambda a: a["AttributeName"]) == \
        sorted(attrs, key=lambda a: a["AttributeName"])
    assert desc["KeySchema"] == keys  # HASH first, then RANGE
    assert desc["TableStatus"] in statuses
    created = desc["CreationDateTime"]
    assert isinstance(created, datetime.datetime)
    now = datetime.datetime.now(datetime.timezone.utc)
    assert abs((now - created).total_seconds()) < 600, created
    pt = desc["ProvisionedThroughput"]
    assert pt["NumberOfDecreasesToday"] == 0
    assert pt["ReadCapacityUnits"] == rcu
    assert pt["WriteCapacityUnits"] == wcu
    assert desc["TableSizeBytes"] == 0
    assert desc["ItemCount"] == 0
    arn = desc["TableArn"]
    assert arn.startswith(f"arn:aws:dynamodb:{REGION}:"), arn
    assert arn.endswith(f":table/{name}"), arn
    assert UUID_RE.match(desc["TableId"]), desc["TableId"]
    uuid.UUID(desc["TableId"])
    if billing == "PAY_PER_REQUEST":
        assert desc["BillingModeSummary"]["BillingMode"] == "PAY_PER_REQUEST"
    else:
        # DynamoDB includes BillingModeSummary for provisioned tables only when the mode
        # was set explicitly; either absent or PROVISIONED is right.
        if "BillingModeSummary" in desc:
            assert desc["BillingModeSummary"]["BillingMode"] == "PROVISIONED"


def attr(name, typ):
    return {"AttributeName": name, "AttributeType": typ}


def key(name, typ):
    return {"AttributeName": name, "KeyType": typ}


@pytest.fixture
def names(ddb):
    """Collects table names to delete after the test."""
    created = []
    yield created
    for n in created:
        delete_table_quietly(ddb, n)


def test_create_table_hash_range_provisioned(ddb, names):
    name = unique_name("create")
    names.append(name)
    resp = ddb.create_table(
        TableName=name,
        AttributeDefinitions=[attr("PK", "S"), attr("SK", "S")],
        KeySchema=[key("PK", "HASH"), key("SK", "RANGE")],
        ProvisionedThroughput={"ReadCapacityUnits": 5, "WriteCapacityUnits": 5})
    assert resp["ResponseMetadata"]["HTTPStatusCode"] == 200
    check_description(resp["TableDescription"], name,
                      [attr("PK", "S"), attr("SK", "S")],
                      [key("PK", "HASH"), key("SK", "RANGE")],
                      "PROVISIONED", 5, 5, ("ACTIVE", "CREATING"))


def test_create_table_explicit_provisioned_billing_mode(ddb, names):
    name = unique_name("create")
    names.append(name)
    resp = ddb.create_table(
        TableName=name, BillingMode="PROVISIONED",
        AttributeDefinitions=[attr("PK", "S")], KeySchema=[key("PK", "HASH")],
        ProvisionedThroughput={"ReadCapacityUnits": 7, "WriteCapacityUnits": 3})
    check_description(resp["TableDescription"], name, [attr("PK", "S")],
                      [key("PK", "HASH")], "PROVISIONED", 7, 3, ("ACTIVE", "CREATING"))


def test_create_table_pay_per_request(ddb, names):
    name = unique_name("ondemand")
    names.append(name)
    resp = ddb.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[attr("PK", "S"), attr("SK", "S")],
        KeySchema=[key("PK", "HASH"), key("SK", "RANGE")])
    check_description(resp["TableDescription"], name,
                      [attr("PK", "S"), attr("SK", "S")],
                      [key("PK", "HASH"), key("SK", "RANGE")],
                      "PAY_PER_REQUEST", 0, 0, ("ACTIVE", "CREATING"))


def test_create_table_number_and_binary_keys(ddb, names):
    name = unique_name("nb")
    names.append(name)
    resp = ddb.create_table(
        TableName=name,
        AttributeDefinitions=[attr("Num", "N"), attr("Bin", "B")],
        KeySchema=[key("Num", "HASH"), key("Bin", "RANGE")],
        ProvisionedThroughput={"ReadCapacityUnits": 1, "WriteCapacityUnits": 1})
    check_description(resp["TableDescription"], name,
                      [attr("Num", "N"), attr("Bin", "B")],
                      [key("Num", "HASH"), key("Bin", "RANGE")],
                      "PROVISIONED", 1, 1, ("ACTIVE", "CREATING"))


def test_create_table_hash_only(ddb, names):
    name = unique_name("hashonly")
    names.append(name)
    resp = ddb.create_table(
        TableName=name, AttributeDefinitions=[attr("id", "B")], KeySchema=[key("id", "HASH")],
        ProvisionedThroughput={"ReadCapacityUnits": 2, "WriteCapacityUnits": 2})
    check_description(resp["TableDescription"], name, [attr("id", "B")],
                      [key("id", "HASH")], "PROVISIONED", 2, 2, ("ACTIVE", "CREATING"))


def test_table_names_with_all_allowed_characters(ddb, names):
    # [a-zA-Z0-9_.-], 3 to 255 characters.
    for name in ("a.b", "A_-." + uuid.uuid4().hex, "z" * 223 + uuid.uuid4().hex):
        names.append(name)
        desc = create_table(ddb, name, range_type=None)["TableDescription"]
        assert desc["TableName"] == name
        assert ddb.describe_table(TableName=name)["Table"]["TableName"] == name


def test_describe_table_provisioned(ddb, names):
    name = unique_name("describe")
    names.append(name)
    created = create_table(ddb, name)["TableDescription"]
    ddb.get_waiter("table_exists").wait(TableName=name, WaiterConfig=WAIT)
    desc = ddb.describe_table(TableName=name)["Table"]
    check_description(desc, name, [attr("PK", "S"), attr("SK", "S")],
                      [key("PK", "HASH"), key("SK", "RANGE")], "PROVISIONED", 5, 5,
                      ("ACTIVE",))
    # Stable identity across calls.
    assert desc["TableId"] == created["TableId"]
    assert desc["TableArn"] == created["TableArn"]
    assert desc["CreationDateTime"] == created["CreationDateTime"]


def test_describe_table_pay_per_request(ddb, names):
    name = unique_name("describe")
    names.append(name)
    create_table(ddb, name, hash_type="N", range_type=None, billing="PAY_PER_REQUEST")
    desc = ddb.describe_table(TableName=name)["Table"]
    check_description(desc, name, [attr("PK", "N")], [key("PK", "HASH")],
                      "PAY_PER_REQUEST", 0, 0, ("ACTIVE",))


def test_waiter_table_exists(ddb, names):
    name = unique_name("waiter")
    names.append(name)
    create_table(ddb, name)
    ddb.get_waiter("table_exists").wait(TableName=name, WaiterConfig=WAIT)
    assert ddb.describe_table(TableName=name)["Table"]["TableStatus"] == "ACTIVE"


def list_all_tables(client, limit=None):
    """Follows LastEvaluatedTableName to the end; returns (names, pages)."""
    names, pages, kwargs = [], 0, {}
    if limit:
        kwargs["Limit"] = limit
    while True:
        resp = client.list_tables(**kwargs)
        pages += 1
        assert isinstance(resp["TableNames"], list)
        names += resp["TableNames"]
        if "LastEvaluatedTableName" not in resp:
            return names, pages
        assert resp["LastEvaluatedTableName"] == resp["TableNames"][-1]
        kwargs["ExclusiveStartTableName"] = resp["LastEvaluatedTableName"]
        assert pages < 10000


def test_list_tables_sorted_and_complete(ddb, names):
    prefix = "ls-" + uuid.uuid4().hex[:12]
    mine = [f"{prefix}-{c}" for c in ("c", "a", "B", "b")]
    for n in mine:
        names.append(n)
        create_table(ddb, n, range_type=None)
    everything, _ = list_all_tables(ddb)
    assert everything == sorted(everything)  # lexicographic (byte) order
    assert len(everything) == len(set(everything))
    assert [n for n in everything if n.startswith(prefix)] == sorted(mine)
    # Limit 1 pages give the same list.
    paged, pages = list_all_tables(ddb, limit=1)
    assert paged == everything
    assert pages >= len(everything)


def test_list_tables_pagination(ddb, names):
    prefix = "pg-" + uuid.uuid4().hex[:12]
    mine = [f"{prefix}-{c}" for c in ("a", "b", "c")]
    for n in reversed(mine):
        names.append(n)
        create_table(ddb, n, range_type=None)
    # The start name need not exist; only our tables sort between it and prefix-c.
    first = ddb.list_tables(ExclusiveStartTableName=prefix + "-", Limit=2)
    assert first["TableNames"] == mine[:2]
    assert first["LastEvaluatedTableName"] == mine[1]
    second = ddb.list_tables(ExclusiveStartTableName=first["LastEvaluatedTableName"], Limit=2)
    assert second["TableNames"][0] == mine[2]
    assert mine[0] not in second["TableNames"] and mine[1] not in second["TableNames"]
    # Starting at the last table skips it.
    after = ddb.list_tables(ExclusiveStartTableName=mine[2], Limit=100)
    assert not any(n.startswith(prefix) for n in after["TableNames"])


def test_list_tables_without_limit_has_no_last_evaluated_name_in_fresh_namespace(server):
    from mtutil import make_client
    # A new access key id is a namespace of its own (tables are separated per access
    # key id and region), so this list holds exactly the tables created here.
    client = make_client(server.endpoint, access_key="AKIDLIST" + uuid.uuid4().hex[:8].upper())
    assert client.list_tables()["TableNames"] == []
    created = [unique_name("fresh") for _ in range(3)]
    try:
        for n in created:
            create_table(client, n, range_type=None)
        resp = client.list_tables()
        assert resp["TableNames"] == sorted(created)
        assert "LastEvaluatedTableName" not in resp
        resp = client.list_tables(Limit=2)
        assert resp["TableNames"] == sorted(created)[:2]
        assert resp["LastEvaluatedTableName"] == sorted(created)[1]
    finally:
        for n in created:
            delete_table_quietly(client, n)


def test_update_table_provisioned_throughput(ddb, names):
    name = unique_name("upd")
    names.append(name)
    create_table(ddb, name, rcu=5, wcu=5)
    resp = ddb.update_table(TableName=name,
                            ProvisionedThroughput={"ReadCapacityUnits": 10,
                                                   "WriteCapacityUnits": 20})
    desc = resp["TableDescription"]
    assert desc["TableName"] == name
    assert desc["TableStatus"] in ("ACTIVE", "UPDATING")
    ddb.get_waiter("table_exists").wait(TableName=name, WaiterConfig=WAIT)
    pt = ddb.describe_table(TableName=name)["Table"]["ProvisionedThroughput"]
    assert (pt["ReadCapacityUnits"], pt["WriteCapacityUnits"]) == (10, 20)
    assert pt["NumberOfDecreasesToday"] == 0
    # A decrease is counted.
    ddb.update_table(TableName=name,
                     ProvisionedThroughput={"ReadCapacityUnits": 4, "WriteCapacityUnits": 3})
    ddb.get_waiter("table_exists").wait(TableName=name, WaiterConfig=WAIT)
    pt = ddb.describe_table(TableName=name)["Table"]["ProvisionedThroughput"]
    assert (pt["ReadCapacityUnits"], pt["WriteCapacityUnits"]) == (4, 3)
    assert pt["NumberOfDecreasesToday"] == 1


def test_update_table_switch_billing_mode_both_ways(ddb, names):
    name = unique_name("billing")
    names.append(name)
    create_table(ddb, name, rcu=5, wcu=5)

    # PROVISIONED -> PAY_PER_REQUEST needs no throughput.
    resp = ddb.update_table(TableName=name, BillingMode="PAY_PER_REQUEST")
    assert resp["TableDescription"]["TableStatus"] in ("ACTIVE", "UPDATING")
    ddb.get_waiter("table_exists").wait(TableName=name, WaiterConfig=WAIT)
    desc = ddb.describe_table(TableName=name)["Table"]
    assert desc["BillingModeSummary"]["BillingMode"] == "PAY_PER_REQUEST"
    assert desc["ProvisionedThroughput"]["ReadCapacityUnits"] == 0
    assert desc["ProvisionedThroughput"]["WriteCapacityUnits"] == 0

    # PAY_PER_REQUEST -> PROVISIONED with throughput.
    resp = ddb.update_table(TableName=name, BillingMode="PROVISIONED",
                            ProvisionedThroughput={"ReadCapacityUnits": 3,
                                                   "WriteCapacityUnits": 4})
    assert resp["TableDescription"]["TableStatus"] in ("ACTIVE", "UPDATING")
    ddb.get_waiter("table_exists").wait(TableName=name, WaiterConfig=WAIT)
    desc = ddb.describe_table(TableName=name)["Table"]
    assert desc["BillingModeSummary"]["BillingMode"] == "PROVISIONED"
    assert desc["ProvisionedThroughput"]["ReadCapacityUnits"] == 3
    assert desc["ProvisionedThroughput"]["WriteCapacityUnits"] == 4

    # The table still works.
    ddb.put_item(TableName=name, Item={"PK": {"S": "p"}, "SK": {"S": "s"}})
    assert "Item" in ddb.get_item(TableName=name, Key={"PK": {"S": "p"}, "SK": {"S": "s"}})


def test_delete_table(ddb):
    name = unique_name("delete")
    created = create_table(ddb, name)["TableDescription"]
    ddb.put_item(TableName=name, Item={"PK": {"S": "a"}, "SK": {"S": "b"}})
    resp = ddb.delete_table(TableName=name)
    desc = resp["TableDescription"]
    assert desc["TableName"] == name
    assert desc["TableStatus"] == "DELETING"
    assert desc["TableArn"] == created["TableArn"]
    assert desc["TableId"] == created["TableId"]
    # DynamoDB's DeleteTable answer leaves the schema out (test_update_delete_table.py).
    assert "KeySchema" not in desc and "AttributeDefinitions" not in desc
    ddb.get_waiter("table_not_exists").wait(TableName=name, WaiterConfig=WAIT)
    # Cite: dynalite test/describeTable.js (checked against DynamoDB):
    # 'Requested resource not found: Table: ' + name + ' not found'
    expect_error(ddb.describe_table, "ResourceNotFoundException",
                 f"Requested resource not found: Table: {name} not found", TableName=name)
    assert name not in list_all_tables(ddb)[0]


def test_recreate_deleted_table_is_empty(ddb):
    name = unique_name("recreate")
    create_table(ddb, name, range_type=None)
    ddb.put_item(TableName=name, Item={"PK": {"S": "old"}})
    first_id = ddb.describe_table(TableName=name)["Table"]["TableId"]
    ddb.delete_table(TableName=name)
    ddb.get_waiter("table_not_exists").wait(TableName=name, WaiterConfig=WAIT)
    try:
        create_table(ddb, name, hash_type="N", range_type=None)
        desc = ddb.describe_table(TableName=name)["Table"]
        assert desc["TableId"] != first_id
        assert desc["AttributeDefinitions"] == [attr("PK", "N")]
        assert "Item" not in ddb.get_item(TableName=name, Key={"PK": {"N": "1"}})
    finally:
        delete_table_quietly(ddb, name)
