"""Time to Live with boto3 and the AWS CLI: UpdateTimeToLive / DescribeTimeToLive and
their errors, which items expire and which never do, GSIs cleaned, every write path,
reads of expired items before the sweep, and a concurrent update that extends an expiry.
(100,000 items, restarts and kills: test_ttl_bulk.py and test_ttl_restart.py.)"""

import threading
import time

import pytest

from mtutil import expect_error, make_client, unique_name
from ttl_common import (FAST_FLAGS, YEAR, exists, gsi_count, item, item_count, key, load_items,
                        now_s, scan_count, ttl_table, wait_until)


@pytest.fixture(scope="module")
def fast(server_factory_module):
    """A server that sweeps every 0.2 s and lets TTL change again at once."""
    return server_factory_module(extra=FAST_FLAGS)


@pytest.fixture(scope="module")
def server_factory_module(tmp_path_factory):
    from conftest import start_with_fresh_port
    from mtutil import server_args
    started = []
    base = tmp_path_factory.mktemp("ttl")

    def start(extra=()):
        srv = start_with_fresh_port(
            lambda port: server_args(port, db_path=base / f"db{len(started)}", extra=extra),
            base / "logs")
        started.append(srv)
        return srv

    yield start
    for srv in started:
        srv.stop()


@pytest.fixture(scope="module")
def fc(fast):
    return make_client(fast.endpoint)


# ------------------------------------------------------------ UpdateTimeToLive / Describe

def test_a_new_table_has_ttl_disabled(ddb):
    name = ttl_table(ddb, enable=False)
    assert ddb.describe_time_to_live(TableName=name)["TimeToLiveDescription"] == {
        "TimeToLiveStatus": "DISABLED"}


def test_enable_describe_and_dynamodbs_errors(ddb):
    # The shared server has DynamoDB's one-hour interval between changes.
    name = ttl_table(ddb, enable=False)
    out = ddb.update_time_to_live(TableName=name, TimeToLiveSpecification={
        "Enabled": True, "AttributeName": "expiresAt"})
    assert out["TimeToLiveSpecification"] == {"Enabled": True, "AttributeName": "expiresAt"}
    # ENABLED at once, as DynamoDB reports it in practice.
    assert ddb.describe_time_to_live(TableName=name)["TimeToLiveDescription"] == {
        "TimeToLiveStatus": "ENABLED", "AttributeName": "expiresAt"}
    expect_error(ddb.update_time_to_live, "ValidationException", "TimeToLive is already enabled",
                 TableName=name,
                 TimeToLiveSpecification={"Enabled": True, "AttributeName": "expiresAt"})
    expect_error(ddb.update_time_to_live, "ValidationException",
                 "TimeToLive is active on a different AttributeName: current AttributeName is "
                 "expiresAt",
                 TableName=name, TimeToLiveSpecification={"Enabled": True, "AttributeName": "ttl"})
    expect_error(ddb.update_time_to_live, "ValidationException",
                 "Time to live has been modified multiple times within a fixed interval",
                 TableName=name,
                 TimeToLiveSpecification={"Enabled": False, "AttributeName": "expiresAt"})
    assert ddb.describe_time_to_live(TableName=name)["TimeToLiveDescription"][
        "TimeToLiveStatus"] == "ENABLED"
    # The table stays ACTIVE: the table_exists waiter (the only DynamoDB waiter that a
    # TTL change could affect) returns at once.
    assert ddb.describe_table(TableName=name)["Table"]["TableStatus"] == "ACTIVE"
    ddb.get_waiter("table_exists").wait(TableName=name, WaiterConfig={"Delay": 1,
                                                                       "MaxAttempts": 2})


def test_disable_and_its_errors(fc):
    name = ttl_table(fc, attribute="ttl")
    expect_error(fc.update_time_to_live, "ValidationException",
                 "TimeToLive is active on a different AttributeName: current AttributeName is ttl",
                 TableName=name, TimeToLiveSpecification={"Enabled": False, "AttributeName": "x"})
    out = fc.update_time_to_live(TableName=name, TimeToLiveSpecification={
        "Enabled": False, "AttributeName": "ttl"})
    assert out["TimeToLiveSpecification"] == {"Enabled": False, "AttributeName": "ttl"}
    assert fc.describe_time_to_live(TableName=name)["TimeToLiveDescription"] == {
        "TimeToLiveStatus": "DISABLED"}
    expect_error(fc.update_time_to_live, "ValidationException", "TimeToLive is already disabled",
                 TableName=name, TimeToLiveSpecification={"Enabled": False, "AttributeName": "ttl"})
    # Another attribute may be enabled once TTL is off.
    fc.update_time_to_live(TableName=name, TimeToLiveSpecification={
        "Enabled": True, "AttributeName": "other"})
    assert fc.describe_time_to_live(TableName=name)["TimeToLiveDescription"] == {
        "TimeToLiveStatus": "ENABLED", "AttributeName": "other"}


def test_request_validation(ddb):
    name = ttl_table(ddb, enable=False)
    expect_error(ddb.update_time_to_live, "ValidationException",
                 "1 validation error detected: Value null at 'timeToLiveSpecification' failed to "
                 "satisfy constraint: Member must not be null", TableName=name)
    expect_error(ddb.update_time_to_live, "ValidationException",
                 "1 validation error detected: Value null at 'timeToLiveSpecification.enabled' "
                 "failed to satisfy constraint: Member must not be null",
                 TableName=name, TimeToLiveSpecification={"AttributeName": "ttl"})
    expect_error(ddb.update_time_to_live, "ValidationException",
                 "1 validation error detected: Value null at "
                 "'timeToLiveSpecification.attributeName' failed to satisfy constraint: Member "
                 "must not be null",
                 TableName=name, TimeToLiveSpecification={"Enabled": True})
    expect_error(ddb.update_time_to_live, "ValidationException",
                 "1 validation error detected: Value '' at "
                 "'timeToLiveSpecification.attributeName' failed to satisfy constraint: Member "
                 "must have length greater than or equal to 1",
                 TableName=name, TimeToLiveSpecification={"Enabled": True, "AttributeName": ""})
    expect_error(ddb.update_time_to_live, "ValidationException",
                 match="Member must have length less than or equal to 255",
                 TableName=name,
                 TimeToLiveSpecification={"Enabled": True, "AttributeName": "a" * 256})
    expect_error(ddb.update_time_to_live, "ValidationException",
                 match="Value null at 'tableName' failed to satisfy constraint",
                 TimeToLiveSpecification={"Enabled": True, "AttributeName": "a"})
    expect_error(ddb.describe_time_to_live, "ValidationException",
                 match="Value null at 'tableName' failed to satisfy constraint")
    missing = unique_name("missing")
    expect_error(ddb.update_time_to_live, "ResourceNotFoundException",
                 f"Requested resource not found: Table: {missing} not found", TableName=missing,
                 TimeToLiveSpecification={"Enabled": True, "AttributeName": "ttl"})
    expect_error(ddb.describe_time_to_live, "ResourceNotFoundException",
                 f"Requested resource not found: Table: {missing} not found", TableName=missing)
    # A 255-character attribute name, and the table named by its ARN.
    arn = ddb.describe_table(TableName=name)["Table"]["TableArn"]
    ddb.update_time_to_live(TableName=arn, TimeToLiveSpecification={
        "Enabled": True, "AttributeName": "a" * 255})
    assert ddb.describe_time_to_live(TableName=arn)["TimeToLiveDescription"][
        "AttributeName"] == "a" * 255


def test_aws_cli(aws_cli, ddb):
    name = ttl_table(ddb, enable=False)
    rc, out = aws_cli("update-time-to-live", "--table-name", name,
                      "--time-to-live-specification", "Enabled=true,AttributeName=expiresAt")
    assert rc == 0, out
    assert out == {"TimeToLiveSpecification": {"Enabled": True, "AttributeName": "expiresAt"}}
    rc, out = aws_cli("describe-time-to-live", "--table-name", name)
    assert rc == 0, out
    assert out == {"TimeToLiveDescription": {"TimeToLiveStatus": "ENABLED",
                                             "AttributeName": "expiresAt"}}
    rc, err = aws_cli("update-time-to-live", "--table-name", name,
                      "--time-to-live-specification", "Enabled=true,AttributeName=expiresAt")
    assert rc != 0
    assert "ValidationException" in err and "TimeToLive is already enabled" in err
    rc, out = aws_cli("wait", "table-exists", "--table-name", name)
    assert rc == 0, out


# ------------------------------------------------------------------- which items expire

def test_expired_items_disappear_and_the_others_stay(fc):
    name = ttl_table(fc)
    t = now_s()
    expiring = {
        "past": t - 10,
        "four-years-ago": t - 4 * YEAR,
        "fraction": {"N": f"{t - 10}.5"},
        "soon": t + 2,
    }
    staying = {
        "missing": None,
        "string": {"S": str(t - 10)},
        "number-set": {"NS": [str(t - 10)]},
        "list": {"L": [{"N": str(t - 10)}]},
        "six-years-ago": t - 6 * YEAR,
        "milliseconds": t * 1000 - 10000,
        "far-future": t + 3600,
    }
    for pk, exp in {**expiring, **staying}.items():
        fc.put_item(TableName=name, Item=item(pk, exp, g=pk))
    wait_until(lambda: not any(exists(fc, name, pk) for pk in expiring), timeout=10,
               what="expired items deleted")
    for pk in staying:
        assert exists(fc, name, pk), pk
    # GSI entries went with their items, and the statistics are exact.
    assert scan_count(fc, name, index="byG") == len(staying)
    for pk in expiring:
        q = fc.query(TableName=name, IndexName="byG", KeyConditionExpression="G = :g",
                     ExpressionAttributeValues={":g": {"S": pk}})
        assert q["Count"] == 0, pk
    assert item_count(fc, name) == len(staying)
    assert gsi_count(fc, name) == len(staying)


def test_an_item_is_deleted_within_seconds_of_its_expiry(fc):
    name = ttl_table(fc)
    expiry = now_s() + 2
    fc.put_item(TableName=name, Item=item("a", expiry))
    assert exists(fc, name, "a")
    wait_until(lambda: not exists(fc, name, "a"), timeout=10, interval=0.05)
    # Due once the current time is past its expiry second; gone well within 5 s of it.
    assert time.time() > expiry
    assert time.time() - expiry < 5


def test_every_write_path_feeds_the_sweep(fc):
    name = ttl_table(fc)
    past = now_s() - 5
    fc.batch_write_item(RequestItems={name: [
        {"PutRequest": {"Item": item("batch1", past)}},
        {"PutRequest": {"Item": item("batch2", past)}}]})
    fc.transact_write_items(TransactItems=[
        {"Put": {"TableName": name, "Item": item("txn-put", past)}},
        {"Update": {"TableName": name, "Key": key("txn-upd"), "UpdateExpression": "SET exp = :e",
                    "ExpressionAttributeValues": {":e": {"N": str(past)}}}}])
    fc.put_item(TableName=name, Item=item("upd", None))
    fc.update_item(TableName=name, Key=key("upd"), UpdateExpression="SET exp = :e",
                   ExpressionAttributeValues={":e": {"N": str(past)}})
    fc.execute_statement(Statement=f"INSERT INTO \"{name}\" VALUE {{'PK': 'pql', 'SK': 's', "
                                   f"'G': 'g', 'exp': {past}}}")
    fc.put_item(TableName=name, Item=item("pql-upd", None))
    fc.execute_statement(Statement=f"UPDATE \"{name}\" SET exp = {past} "
                                   f"WHERE PK = 'pql-upd' AND SK = 's'")
    # And the reverse: writes that remove or extend an expiry keep their item.
    fc.put_item(TableName=name, Item=item("removed", past + 3600))
    fc.update_item(TableName=name, Key=key("removed"), UpdateExpression="REMOVE exp")
    fc.put_item(TableName=name, Item=item("replaced", past))
    fc.put_item(TableName=name, Item=item("replaced", None))
    expiring = ["batch1", "batch2", "txn-put", "txn-upd", "upd", "pql", "pql-upd"]
    wait_until(lambda: not any(exists(fc, name, pk) for pk in expiring), timeout=10,
               what="items written by every path deleted")
    assert exists(fc, name, "removed") and exists(fc, name, "replaced")
    assert item_count(fc, name) == 2


def test_reads_return_expired_items_until_the_sweep(server_factory_module):
    # Sweeping off: an expired item stays readable, as in DynamoDB until its deletion;
    # a filter on the TTL attribute hides it.
    srv = server_factory_module(extra=("--ttl-sweep-interval", "0"))
    c = make_client(srv.endpoint)
    name = ttl_table(c)
    t = now_s()
    c.put_item(TableName=name, Item=item("expired", t - 60))
    c.put_item(TableName=name, Item=item("live", t + 3600))
    time.sleep(0.5)
    assert exists(c, name, "expired")
    out = c.scan(TableName=name, FilterExpression="#e > :now",
                 ExpressionAttributeNames={"#e": "exp"},
                 ExpressionAttributeValues={":now": {"N": str(now_s())}})
    assert [i["PK"]["S"] for i in out["Items"]] == ["live"]


def test_disabling_stops_deletion(fc):
    name = ttl_table(fc)
    fc.update_time_to_live(TableName=name, TimeToLiveSpecification={
        "Enabled": False, "AttributeName": "exp"})
    fc.put_item(TableName=name, Item=item("a", now_s() - 5))
    time.sleep(0.8)  # four sweeps
    assert exists(fc, name, "a")
    # Enabled again, the existing item is found by the backfill and deleted.
    fc.update_time_to_live(TableName=name, TimeToLiveSpecification={
        "Enabled": True, "AttributeName": "exp"})
    wait_until(lambda: not exists(fc, name, "a"), timeout=10, what="deleted after re-enabling")


def test_a_concurrent_update_that_extends_an_expiry_wins(fc, fast):
    name = ttl_table(fc)
    n = 1500
    expiry = now_s() + 2
    load_items(fast.endpoint, name, [item(f"k{i}", expiry) for i in range(n)])
    extended = {}

    def extend(indexes):
        c = make_client(fast.endpoint)
        for i in indexes:
            try:
                c.update_item(TableName=name, Key=key(f"k{i}"),
                              UpdateExpression="SET exp = :e", ConditionExpression="attribute_exists(PK)",
                              ExpressionAttributeValues={":e": {"N": str(expiry + 3600)}})
                extended[i] = True
            except c.exceptions.ConditionalCheckFailedException:
                extended[i] = False

    # Start extending just before the items become due (past their expiry second), so
    # that the extensions race the sweeper's deletions.
    wait_until(lambda: time.time() >= expiry + 0.9, timeout=10, interval=0.01)
    threads = [threading.Thread(target=extend, args=(range(j, n, 2),)) for j in (0, 1)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    wait_until(lambda: item_count(fc, name) == sum(extended.values()), timeout=10,
               what="the sweep to settle")
    time.sleep(0.5)
    for i in range(n):
        assert exists(fc, name, f"k{i}") == extended[i], i
    assert gsi_count(fc, name) == sum(extended.values())


def test_a_ttl_deletion_writes_a_remove_record_from_the_service(fc, fast):
    from streams_common import create_streamed_table, read_stream, streams_client
    name, arn = create_streamed_table(fc, "NEW_AND_OLD_IMAGES", range_key=True)
    fc.update_time_to_live(TableName=name, TimeToLiveSpecification={
        "Enabled": True, "AttributeName": "exp"})
    fc.put_item(TableName=name, Item=key("expiring") | {"exp": {"N": str(now_s() - 5)}})
    fc.put_item(TableName=name, Item=key("user-deleted"))
    fc.delete_item(TableName=name, Key=key("user-deleted"))
    wait_until(lambda: not exists(fc, name, "expiring"), timeout=10, what="the TTL deletion")
    records = read_stream(streams_client(fast.endpoint), arn)
    removes = {r["dynamodb"]["Keys"]["PK"]["S"]: r for r in records if r["eventName"] == "REMOVE"}
    # The sweeper's deletion names the service, as DynamoDB's TTL does; a user's does not.
    # (On the wire {"type": "Service", "principalId": ...}; boto3 names the members.)
    assert removes["expiring"]["userIdentity"] == {"Type": "Service",
                                                   "PrincipalId": "dynamodb.amazonaws.com"}
    assert "exp" in removes["expiring"]["dynamodb"]["OldImage"]
    assert "userIdentity" not in removes["user-deleted"]
