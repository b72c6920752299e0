"""GET /monotable/tables/{name}/partitions: a table's and its GSIs' partitions with their
hash ranges, contents and recent capacity, for a web console."""
from mtutil import create_table, get_json, make_client, unique_name


def test_partitions_of_a_provisioned_table(server):
    client = make_client(server.endpoint)
    name = unique_name()
    # ceil(6000/3000 + 1000/1000) = 3 partitions
    create_table(client, name, rcu=6000, wcu=1000)
    for i in range(30):
        client.put_item(TableName=name, Item={"PK": {"S": f"k{i}"}, "SK": {"S": "s"},
                                              "pad": {"S": "x" * 100}})
    status, body = get_json(server.port, f"/monotable/tables/{name}/partitions?seconds=60")
    assert status == 200, body
    assert body["TableName"] == name
    assert body["BillingMode"] == "PROVISIONED"
    assert body["WindowSeconds"] == 60
    assert body["PartitionCeiling"] == {"ReadUnitsPerSecond": 3000, "WriteUnitsPerSecond": 1000}
    [table] = body["Resources"]
    assert table["IndexName"] is None
    assert table["PartitionCount"] == 3
    assert table["AllowedWriteUnitsPerSecond"] == 1000
    parts = table["Partitions"]
    assert [p["HashRange"]["First"] for p in parts][0] == "0000000000000000"
    assert parts[-1]["HashRange"]["Last"] == "ffffffffffffffff"
    for a, b in zip(parts, parts[1:]):
        assert int(a["HashRange"]["Last"], 16) + 1 == int(b["HashRange"]["First"], 16)
    assert sum(p["ItemCount"] for p in parts) == 30
    assert all(not p["ContentsEstimated"] for p in parts)
    assert sum(p["SizeBytes"] for p in parts) > 30 * 100
    assert sum(p["ConsumedWriteUnits"] for p in parts) == 30
    assert table["ConsumedWriteUnits"] == 30  # every partition ever, split ones included
    assert table["ThrottledWriteRequests"] == 0
    for p in parts:
        recent = p["Recent"]
        assert len(recent["WriteUnits"]) == 60 == len(recent["ReadUnits"])
        assert sum(recent["WriteUnits"]) == p["ConsumedWriteUnits"]


def test_bad_requests(server):
    client = make_client(server.endpoint)
    name = unique_name()
    create_table(client, name)
    assert get_json(server.port, f"/monotable/tables/{name}/partitions?seconds=0")[0] == 400
    assert get_json(server.port, f"/monotable/tables/{name}/partitions?seconds=601")[0] == 400
    assert get_json(server.port, "/monotable/tables/nope/partitions")[0] == 404
