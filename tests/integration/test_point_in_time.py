"""Point-in-time recovery with boto3 and the AWS CLI: UpdateContinuousBackups enables and
disables it, DescribeContinuousBackups reports the restorable window, and
RestoreTableToPointInTime rebuilds the table as it was at a chosen moment (puts,
overwrites and deletes after it undone, indexes rebuilt) or at the latest restorable time;
its errors."""

import datetime
import time

from mtutil import create_indexed_table, delete_table_quietly, expect_error, index_spec, \
    put_items, unique_name

from backup_common import item, scan_all, table_status, wait_for


def enable(ddb, name):
    out = ddb.update_continuous_backups(
        TableName=name, PointInTimeRecoverySpecification={"PointInTimeRecoveryEnabled": True})
    return out["ContinuousBackupsDescription"]["PointInTimeRecoveryDescription"]


def window(ddb, name):
    return ddb.describe_continuous_backups(TableName=name)[
        "ContinuousBackupsDescription"]["PointInTimeRecoveryDescription"]


def pitr_table(ddb):
    name = unique_name("pitr")
    create_indexed_table(ddb, name, {"PK": "S", "SK": "S", "G": "S"},
                         gsis=[index_spec("byG", "G", "SK")])
    return name


def wait_until_restorable(ddb, name):
    wait_for(lambda: window(ddb, name)["EarliestRestorableDateTime"].timestamp() + 1.1 < time.time(),
             "the restorable window to open")


def test_enable_describe_disable(ddb, table, aws_cli):
    described = enable(ddb, table)
    assert described["PointInTimeRecoveryStatus"] == "ENABLED"
    assert described["EarliestRestorableDateTime"] <= described["LatestRestorableDateTime"]
    rc, cli = aws_cli("describe-continuous-backups", "--table-name", table)
    pitr = cli["ContinuousBackupsDescription"]["PointInTimeRecoveryDescription"]
    assert rc == 0 and pitr["PointInTimeRecoveryStatus"] == "ENABLED"
    assert "EarliestRestorableDateTime" in pitr and "LatestRestorableDateTime" in pitr
    rc, cli = aws_cli("update-continuous-backups", "--table-name", table,
                      "--point-in-time-recovery-specification", "PointInTimeRecoveryEnabled=false")
    assert rc == 0
    assert window(ddb, table) == {"PointInTimeRecoveryStatus": "DISABLED"}


def test_restore_to_a_moment(ddb):
    source = pitr_table(ddb)
    target, latest = unique_name("moment"), unique_name("latest")
    try:
        enable(ddb, source)
        wait_until_restorable(ddb, source)
        put_items(ddb, source, [item(f"p{i}", "s", G="g", v="one") for i in range(40)])
        before = scan_all(ddb, source)
        # boto3 sends whole seconds: the moment stands more than a second from every write.
        time.sleep(1.1)
        moment = datetime.datetime.now(datetime.timezone.utc)
        time.sleep(1.1)
        put_items(ddb, source, [item(f"p{i}", "s", G="g", v="two") for i in range(20)])
        put_items(ddb, source, [item("new", "s", G="g", v="two")])
        for i in range(30, 40):
            ddb.delete_item(TableName=source, Key={"PK": {"S": f"p{i}"}, "SK": {"S": "s"}})
        after = scan_all(ddb, source)
        out = ddb.restore_table_to_point_in_time(SourceTableName=source, TargetTableName=target,
                                                 RestoreDateTime=moment)
        assert out["TableDescription"]["TableStatus"] == "CREATING"
        summary = out["TableDescription"]["RestoreSummary"]
        assert "SourceBackupArn" not in summary and summary["SourceTableArn"].endswith(source)
        wait_for(lambda: table_status(ddb, target) == "ACTIVE", "the restore")
        assert scan_all(ddb, target) == before
        assert ddb.query(TableName=target, IndexName="byG", KeyConditionExpression="G = :g",
                         ExpressionAttributeValues={":g": {"S": "g"}})["Count"] == 40
        assert ddb.describe_table(TableName=target)["Table"]["ItemCount"] == 40
        ddb.restore_table_to_point_in_time(SourceTableName=source, TargetTableName=latest,
                                           UseLatestRestorableTime=True)
        wait_for(lambda: table_status(ddb, latest) == "ACTIVE", "the restore")
        assert scan_all(ddb, latest) == after
    finally:
        for name in (target, latest, source):
            delete_table_quietly(ddb, name)


def test_errors(ddb, table):
    expect_error(ddb.restore_table_to_point_in_time, "PointInTimeRecoveryUnavailableException",
                 f"Point in time recovery is not enabled for table '{table}'",
                 SourceTableName=table, TargetTableName=unique_name("x"),
                 UseLatestRestorableTime=True)
    expect_error(ddb.restore_table_to_point_in_time, "TableNotFoundException",
                 f"Table not found: {table}x", SourceTableName=table + "x",
                 TargetTableName=unique_name("x"), UseLatestRestorableTime=True)
    enable(ddb, table)
    expect_error(ddb.restore_table_to_point_in_time, "InvalidRestoreTimeException",
                 match="RestoreDateTime must be between EarliestRestorableDateTime and "
                 "LatestRestorableDateTime", SourceTableName=table,
                 TargetTableName=unique_name("x"),
                 RestoreDateTime=datetime.datetime(2020, 1, 1, tzinfo=datetime.timezone.utc))
    expect_error(ddb.restore_table_to_point_in_time, "TableAlreadyExistsException",
                 f"Table already exists: {table}", SourceTableName=table, TargetTableName=table,
                 UseLatestRestorableTime=True)
    expect_error(ddb.restore_table_to_point_in_time, "ValidationException",
                 "Either RestoreDateTime or UseLatestRestorableTime must be specified",
                 SourceTableName=table, TargetTableName=unique_name("x"))
