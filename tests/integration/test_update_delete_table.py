"""UpdateTable's no-op and throughput rules, the description DeleteTable answers with,
the SYSTEM backup of a table deleted with point-in-time recovery, and the control-plane
decoders' constraint errors now coming from the service model alone.

Sources, cited per test:
  [ack]       ack-api-quirks' DynamoDB findings (DDB-TABLE-057, -152, -164, -442), probed
              against AWS in two regions.
  [dynalite]  architect/dynalite test/updateTable.js and deleteTable.js (run against
              DynamoDB).
  [scylla]    scylladb/scylladb test/alternator/test_table.py
              test_delete_table_description*, run against DynamoDB.
  [guide]     the DynamoDB Developer Guide and API reference.
"""

import json

import pytest

from backup_common import backup_status, wait_for
from mtutil import create_indexed_table, create_table, delete_table_quietly, expect_error, \
    index_spec, unique_name

V = "ValidationException"
INVALID = "One or more parameter values were invalid: "
UNCHANGED = ("The provisioned throughput for the table will not change. The requested value "
             "equals the current value. Current ReadCapacityUnits provisioned for the table: 5. "
             "Requested ReadCapacityUnits: 5. Current WriteCapacityUnits provisioned for the "
             "table: 5. Requested WriteCapacityUnits: 5. Refer to the Amazon DynamoDB Developer "
             "Guide for current limits and how to request higher limits.")
UNITS = {"ReadCapacityUnits": 5, "WriteCapacityUnits": 5}


def test_nothing_to_update(ddb, table):
    # [ack] DDB-TABLE-442: today's list, also when only AttributeDefinitions is given.
    message = ("At least one of ProvisionedThroughput, BillingMode, UpdateStreamEnabled, "
               "GlobalSecondaryIndexUpdates, SSESpecification, ReplicaUpdates, "
               "MultiAccountReplicaReady, ReplicaTransitRoleArn, MultiRegionConsistency, "
               "DeletionProtectionEnabled, OnDemandThroughput, WarmThroughput or TableClass is "
               "required")
    expect_error(ddb.update_table, V, message, TableName=table)
    expect_error(ddb.update_table, V, message, TableName=table,
                 AttributeDefinitions=[{"AttributeName": "X", "AttributeType": "S"}])


def test_provisioned_with_unchanged_throughput(ddb, table):
    # [ack] DDB-TABLE-057: BillingMode PROVISIONED alone on a provisioned table needs its
    # throughput; with the current throughput it is the no-op error, as without it.
    expect_error(ddb.update_table, V,
                 INVALID + "ProvisionedThroughput must be specified when BillingMode is "
                 "PROVISIONED", TableName=table, BillingMode="PROVISIONED")
    expect_error(ddb.update_table, V, UNCHANGED, TableName=table, BillingMode="PROVISIONED",
                 ProvisionedThroughput=UNITS)
    expect_error(ddb.update_table, V, UNCHANGED, TableName=table, ProvisionedThroughput=UNITS)
    out = ddb.update_table(TableName=table, BillingMode="PROVISIONED",
                           ProvisionedThroughput={"ReadCapacityUnits": 6,
                                                  "WriteCapacityUnits": 5})
    assert out["TableDescription"]["ProvisionedThroughput"]["ReadCapacityUnits"] == 6
    assert out["TableDescription"]["BillingModeSummary"]["BillingMode"] == "PROVISIONED"


def test_switch_to_provisioned_gives_every_gsi_throughput(ddb):
    # [dynalite] "should allow table to be converted to PAY_PER_REQUEST and back again";
    # [ack] DDB-TABLE-152: an on-demand GSI takes no provisioned throughput.
    name = unique_name("switch")
    create_indexed_table(ddb, name, {"PK": "S", "SK": "S", "G": "S", "H": "S"},
                         gsis=[index_spec("byG", "G"), index_spec("byH", "H")])
    try:
        expect_error(ddb.update_table, V,
                     INVALID + "The only Updates for index: byG when TableThroughputMode is "
                     "PAY_PER_REQUEST can be to OnDemandThroughput, WarmThroughput",
                     TableName=name, GlobalSecondaryIndexUpdates=[
                         {"Update": {"IndexName": "byG", "ProvisionedThroughput": UNITS}}])
        expect_error(ddb.update_table, V,
                     INVALID + "ProvisionedThroughput must be specified for index: byG,byH",
                     TableName=name, BillingMode="PROVISIONED", ProvisionedThroughput=UNITS)
        expect_error(ddb.update_table, V,
                     INVALID + "ProvisionedThroughput must be specified for index: byH",
                     TableName=name, BillingMode="PROVISIONED", ProvisionedThroughput=UNITS,
                     GlobalSecondaryIndexUpdates=[
                         {"Update": {"IndexName": "byG", "ProvisionedThroughput": UNITS}}])
        updates = [{"Update": {"IndexName": i, "ProvisionedThroughput": UNITS}}
                   for i in ("byG", "byH")]
        out = ddb.update_table(TableName=name, BillingMode="PROVISIONED",
                               ProvisionedThroughput=UNITS, GlobalSecondaryIndexUpdates=updates)
        for index in out["TableDescription"]["GlobalSecondaryIndexes"]:
            assert index["ProvisionedThroughput"]["ReadCapacityUnits"] == 5
        # [ack] DDB-TABLE-164: the same units again is the index's no-op error.
        err = expect_error(ddb.update_table, V, TableName=name,
                           GlobalSecondaryIndexUpdates=updates[:1])
        assert err["Message"].startswith(
            "The provisioned throughput for the index byG will not change. The requested value "
            "equals the current value. Current ReadCapacityUnits provisioned for index byG: 5. "
            "Requested ReadCapacityUnits: 5. Current WriteCapacityUnits")
    finally:
        delete_table_quietly(ddb, name)


def test_index_update_list_shapes(ddb, table):
    # [dynalite] updateTable.js "empty index struct" and "repeated
    # GlobalSecondaryIndexUpdates" (validation errors before the table is looked up);
    # [ack] DDB-TABLE-442 for two actions in one element.
    missing = unique_name("nope")
    expect_error(ddb.update_table, V,
                 INVALID + "One of GlobalSecondaryIndexUpdate.Update, "
                 "GlobalSecondaryIndexUpdate.Create, GlobalSecondaryIndexUpdate.Delete must "
                 "not be null", TableName=missing, GlobalSecondaryIndexUpdates=[{}])
    expect_error(ddb.update_table, V,
                 INVALID + "Only one global secondary index update per index is allowed "
                 "simultaneously. Index: abc", TableName=missing,
                 GlobalSecondaryIndexUpdates=[{"Delete": {"IndexName": "abc"}},
                                              {"Delete": {"IndexName": "abc"}}])
    expect_error(ddb.update_table, V,
                 INVALID + "Only one global secondary index action is allowed per "
                 "GlobalSecondaryIndexUpdate object", TableName=table,
                 GlobalSecondaryIndexUpdates=[{"Delete": {"IndexName": "abc"},
                                               "Update": {"IndexName": "abd",
                                                          "ProvisionedThroughput": UNITS}}])


def test_delete_table_description(ddb):
    # [scylla] test_delete_table_description and _with_si; [guide] DeleteTable's output:
    # "If the table is in the DELETING state, no information about indexes will be
    # returned"; [dynalite] #60 pastes AWS's answer without KeySchema, AttributeDefinitions
    # and CreationDateTime.
    name = unique_name("deleted")
    create_indexed_table(ddb, name, {"PK": "S", "SK": "S", "G": "S"},
                         gsis=[index_spec("byG", "G")], lsis=[index_spec("byL", "PK", "G")])
    described = ddb.describe_table(TableName=name)["Table"]
    got = ddb.delete_table(TableName=name)["TableDescription"]
    assert got["TableName"] == name and got["TableStatus"] == "DELETING"
    assert got["TableArn"] == described["TableArn"] and got["TableId"] == described["TableId"]
    assert got["BillingModeSummary"]["BillingMode"] == "PAY_PER_REQUEST"
    assert got["ProvisionedThroughput"] == {"NumberOfDecreasesToday": 0, "ReadCapacityUnits": 0,
                                            "WriteCapacityUnits": 0}
    assert got["ItemCount"] == 0 and got["TableSizeBytes"] == 0
    for member in ("KeySchema", "AttributeDefinitions", "CreationDateTime",
                   "GlobalSecondaryIndexes", "LocalSecondaryIndexes"):
        assert member in described and member not in got, member


def test_deleting_a_table_with_pitr_keeps_a_system_backup(ddb):
    # [guide] "Delete a table with PITR enabled": DynamoDB keeps a SYSTEM backup named
    # "<table>$DeletedTableBackup" for 35 days; [ack] DDB-TABLE-442 for DeleteBackup's
    # refusal (the form of its time is monotable's).
    name = unique_name("pitr")
    create_table(ddb, name)
    ddb.put_item(TableName=name, Item={"PK": {"S": "a"}, "SK": {"S": "1"}})
    ddb.update_continuous_backups(TableName=name, PointInTimeRecoverySpecification={
        "PointInTimeRecoveryEnabled": True})
    ddb.delete_table(TableName=name)
    mine = [s for s in ddb.list_backups(BackupType="SYSTEM")["BackupSummaries"]
            if s["TableName"] == name]
    assert len(mine) == 1
    summary = mine[0]
    assert summary["BackupName"] == name + "$DeletedTableBackup"
    assert summary["BackupType"] == "SYSTEM"
    delta = summary["BackupExpiryDateTime"] - summary["BackupCreationDateTime"]
    assert delta.days == 35
    arn = summary["BackupArn"]
    assert arn not in [s["BackupArn"] for s in ddb.list_backups()["BackupSummaries"]]
    wait_for(lambda: backup_status(ddb, arn) == "AVAILABLE", "the system backup")
    err = expect_error(ddb.delete_backup, V, BackupArn=arn)
    assert err["Message"].startswith(
        f"Invalid Request: User is not allowed to delete the system backup with arn {arn}. "
        "It will automatically expire on ")


@pytest.mark.parametrize("op,body,message", [
    # The service model's checks, in its words, where a decoder used to check by hand.
    ("DescribeStream", {"StreamArn": "short"},
     "1 validation error detected: Value 'short' at 'streamArn' failed to satisfy "
     "constraint: Member must have length greater than or equal to 37"),
    ("UpdateTimeToLive", {"TableName": "t", "TimeToLiveSpecification": {"Enabled": True}},
     "1 validation error detected: Value null at 'timeToLiveSpecification.attributeName' "
     "failed to satisfy constraint: Member must not be null"),
    ("TagResource", {"ResourceArn": ""},
     "2 validation errors detected: Value '' at 'resourceArn' failed to satisfy constraint: "
     "Member must have length greater than or equal to 1; Value null at 'tags' failed to "
     "satisfy constraint: Member must not be null"),
    ("UpdateContributorInsights", {"TableName": "abc", "ContributorInsightsAction": "ON"},
     "1 validation error detected: Value 'ON' at 'contributorInsightsAction' failed to "
     "satisfy constraint: Member must satisfy enum value set: [ENABLE, DISABLE]"),
    ("PutResourcePolicy", {"ResourceArn": "x", "Policy": "{}", "ExpectedRevisionId": ""},
     "1 validation error detected: Value '' at 'expectedRevisionId' failed to satisfy "
     "constraint: Member must have length greater than or equal to 1"),
    ("UpdateContinuousBackups", {"TableName": "abc", "PointInTimeRecoverySpecification": {
        "PointInTimeRecoveryEnabled": True, "RecoveryPeriodInDays": 36}},
     "1 validation error detected: Value '36' at "
     "'pointInTimeRecoverySpecification.recoveryPeriodInDays' failed to satisfy constraint: "
     "Member must have value less than or equal to 35"),
    ("ListTables", {"Limit": 0},
     "1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: "
     "Member must have value greater than or equal to 1"),
])
def test_control_plane_constraints_come_from_the_model(raw, op, body, message):
    target = ("DynamoDBStreams_20120810." + op) if op == "DescribeStream" else op
    resp = raw(target, json.dumps(body))
    assert resp.status == 400, resp.body
    assert (resp.error_type(), resp.json()["message"]) == (V, message)
