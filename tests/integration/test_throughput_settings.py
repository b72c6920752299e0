"""OnDemandThroughput and WarmThroughput on CreateTable/UpdateTable: validated, stored and
described for the table and its GSIs, and the maximum enforced. Both members are newer than
Debian's botocore, so requests go over raw HTTP."""
import pytest

from mtutil import raw_post, unique_name

INVALID = "One or more parameter values were invalid: "


def create(port, name, **extra):
    body = {"TableName": name,
            "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"}],
            "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}],
            "BillingMode": "PAY_PER_REQUEST"}
    if "GlobalSecondaryIndexes" in extra:
        body["AttributeDefinitions"].append({"AttributeName": "G", "AttributeType": "S"})
    body.update(extra)
    return raw_post(port, "CreateTable", body)


def describe(port, name):
    return raw_post(port, "DescribeTable", {"TableName": name}).json()["Table"]


def gsi(name="gsi", **extra):
    index = {"IndexName": name, "KeySchema": [{"AttributeName": "G", "KeyType": "HASH"}],
             "Projection": {"ProjectionType": "ALL"}}
    index.update(extra)
    return index


def test_on_demand_throughput_is_stored_and_described(server):
    name = unique_name()
    resp = create(server.port, name,
                  OnDemandThroughput={"MaxReadRequestUnits": 100, "MaxWriteRequestUnits": 50},
                  GlobalSecondaryIndexes=[gsi(OnDemandThroughput={"MaxWriteRequestUnits": 7})])
    assert resp.status == 200, resp.body
    table = describe(server.port, name)
    assert table["OnDemandThroughput"] == {"MaxReadRequestUnits": 100, "MaxWriteRequestUnits": 50}
    [index] = table["GlobalSecondaryIndexes"]
    assert index["OnDemandThroughput"] == {"MaxReadRequestUnits": -1, "MaxWriteRequestUnits": 7}
    # A new on-demand table serves 12,000 reads or 4,000 writes at once.
    assert table["WarmThroughput"] == {"ReadUnitsPerSecond": 12000, "WriteUnitsPerSecond": 4000,
                                       "Status": "ACTIVE"}
    assert index["WarmThroughput"]["ReadUnitsPerSecond"] == 12000

    # UpdateTable: a member given replaces its value, -1 removes the maximum.
    resp = raw_post(server.port, "UpdateTable",
                    {"TableName": name, "OnDemandThroughput": {"MaxReadRequestUnits": -1}})
    assert resp.status == 200, resp.body
    assert describe(server.port, name)["OnDemandThroughput"] == {
        "MaxReadRequestUnits": -1, "MaxWriteRequestUnits": 50}
    resp = raw_post(server.port, "UpdateTable", {
        "TableName": name,
        "GlobalSecondaryIndexUpdates": [{"Update": {
            "IndexName": "gsi", "OnDemandThroughput": {"MaxReadRequestUnits": 9}}}]})
    assert resp.status == 200, resp.body
    [index] = describe(server.port, name)["GlobalSecondaryIndexes"]
    assert index["OnDemandThroughput"] == {"MaxReadRequestUnits": 9, "MaxWriteRequestUnits": 7}


@pytest.mark.parametrize("member,value", [("MaxReadRequestUnits", 0),
                                          ("MaxWriteRequestUnits", -2)])
def test_out_of_range_maxima_are_refused(server, member, value):
    resp = create(server.port, unique_name(), OnDemandThroughput={member: value})
    assert resp.status == 400
    assert resp.error_type() == "ValidationException"
    assert resp.json()["message"] == (
        INVALID + f"Requested {member} for OnDemandThroughput for table is outside of valid range")


def test_on_demand_throughput_on_a_provisioned_table_is_refused(server):
    resp = create(server.port, unique_name(), BillingMode="PROVISIONED",
                  ProvisionedThroughput={"ReadCapacityUnits": 1, "WriteCapacityUnits": 1},
                  OnDemandThroughput={"MaxReadRequestUnits": 5})
    assert resp.status == 400
    assert resp.error_type() == "ValidationException"


def test_warm_throughput_grows_partitions_and_is_described(server):
    name = unique_name()
    resp = create(server.port, name,
                  WarmThroughput={"ReadUnitsPerSecond": 30000, "WriteUnitsPerSecond": 9000})
    assert resp.status == 200, resp.body
    warm = describe(server.port, name)["WarmThroughput"]
    # 10 partitions: 30,000 reads or 10,000 writes at once.
    assert warm == {"ReadUnitsPerSecond": 30000, "WriteUnitsPerSecond": 10000, "Status": "ACTIVE"}
    resp = create(server.port, unique_name(), WarmThroughput={"ReadUnitsPerSecond": 0})
    assert resp.status == 400
    assert "warmThroughput.readUnitsPerSecond" in resp.json()["message"]


def test_the_maximum_is_enforced(server_factory):
    enforce = server_factory(in_memory=True, extra=["--throughput", "enforce"])
    name = unique_name()
    assert create(enforce.port, name,
                  OnDemandThroughput={"MaxWriteRequestUnits": 1}).status == 200
    statuses = []
    for i in range(20):
        r = raw_post(enforce.port, "PutItem", {"TableName": name, "Item": {"PK": {"S": f"k{i}"}}})
        statuses.append(r.status)
        if r.status == 400:
            assert r.error_type() == "ThrottlingException"
            # ThrottlingException's member is camel-cased (botocore's model).
            assert r.json()["throttlingReasons"][0]["reason"] == (
                "TableWriteMaxOnDemandThroughputExceeded")
            break
    assert 400 in statuses
