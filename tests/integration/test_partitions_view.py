"""GET /monotable/tables/{name}/partitions: a table's and its GSIs' partitions with their
hash ranges, contents and recent capacity, for a web console."""
import time

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
    assert table["OnDemandPreviousPeakUnits"] is None
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


def test_an_on_demand_tables_previous_peak(server):
    """A new on-demand table's previous peak: 6,000 read-equivalent units (2,000 WRU or
    6,000 RRU), so double it, 4,000 WRU or 12,000 RRU, is served at once."""
    client = make_client(server.endpoint)
    name = unique_name()
    create_table(client, name, billing="PAY_PER_REQUEST")
    table = resource_of(server.port, name)
    assert table["OnDemandPreviousPeakUnits"] == 6000
    assert table["AllowedWriteUnitsPerSecond"] == 4000
    assert table["AllowedReadUnitsPerSecond"] == 12000


def test_bad_requests(server):
    client = make_client(server.endpoint)
    name = unique_name()
    create_table(client, name)
    assert get_json(server.port, f"/monotable/tables/{name}/partitions?seconds=0")[0] == 400
    assert get_json(server.port, f"/monotable/tables/{name}/partitions?seconds=601")[0] == 400
    assert get_json(server.port, "/monotable/tables/nope/partitions")[0] == 404


def resource_of(port, name):
    status, body = get_json(port, f"/monotable/tables/{name}/partitions?seconds=1")
    assert status == 200, body
    return body["Resources"][0]


def test_the_split_history_is_kept_by_the_server_and_survives_a_restart(server_factory,
                                                                         tmp_path):
    db = tmp_path / "db"
    srv = server_factory(db_path=db)
    client = make_client(srv.endpoint)
    name = unique_name()
    create_table(client, name, rcu=5, wcu=5)
    assert resource_of(srv.port, name)["Splits"] == []
    before = time.time()
    # ceil(5/3000 + 2500/1000) = 3 partitions: two capacity splits, made before anyone looked.
    client.update_table(TableName=name, ProvisionedThroughput={"ReadCapacityUnits": 5,
                                                               "WriteCapacityUnits": 2500})
    table = resource_of(srv.port, name)
    assert table["PartitionCount"] == 3 and table["SplitsDropped"] == 0
    first, second = table["Splits"]
    assert before - 1 <= first["Time"] <= time.time() + 1
    assert first["Reason"] == second["Reason"] == "CAPACITY"
    assert first["LayoutVersion"] == second["LayoutVersion"] == table["LayoutVersion"] == 1
    assert first["Parent"] == {"First": "0000000000000000", "Last": "ffffffffffffffff"}
    assert first["Children"] == [{"First": "0000000000000000", "Last": "7fffffffffffffff"},
                                 {"First": "8000000000000000", "Last": "ffffffffffffffff"}]
    assert second["Parent"] == first["Children"][0]
    # The children of the last splits are today's partitions.
    ranges = [p["HashRange"] for p in table["Partitions"]]
    assert ranges == second["Children"] + [first["Children"][1]]
    srv.stop()
    srv = server_factory(db_path=db)
    again = resource_of(srv.port, name)
    assert again["Splits"] == table["Splits"]
    assert again["LayoutVersion"] == 1
    # A table created again under the same name starts with no history.
    client = make_client(srv.endpoint)
    client.delete_table(TableName=name)
    create_table(client, name, rcu=5, wcu=5)
    assert resource_of(srv.port, name)["Splits"] == []
