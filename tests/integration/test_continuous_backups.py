"""DescribeContinuousBackups and UpdateContinuousBackups with boto3 and the AWS CLI.
Point-in-time recovery is not implemented: it reads DISABLED, disabling it succeeds and
enabling it is refused with a clear error (DynamoDB Local does not serve these
operations at all)."""

from mtutil import expect_error

DESCRIPTION = {"ContinuousBackupsStatus": "ENABLED",
               "PointInTimeRecoveryDescription": {"PointInTimeRecoveryStatus": "DISABLED"}}


def test_describe_reports_pitr_disabled(ddb, hash_table, aws_cli):
    out = ddb.describe_continuous_backups(TableName=hash_table)
    assert out["ContinuousBackupsDescription"] == DESCRIPTION
    arn = ddb.describe_table(TableName=hash_table)["Table"]["TableArn"]
    by_arn = ddb.describe_continuous_backups(TableName=arn)
    assert by_arn["ContinuousBackupsDescription"] == DESCRIPTION
    rc, cli = aws_cli("describe-continuous-backups", "--table-name", hash_table)
    assert rc == 0 and cli["ContinuousBackupsDescription"] == DESCRIPTION


def test_disable_succeeds_and_enable_is_refused(ddb, hash_table, aws_cli):
    out = ddb.update_continuous_backups(
        TableName=hash_table, PointInTimeRecoverySpecification={"PointInTimeRecoveryEnabled": False})
    assert out["ContinuousBackupsDescription"] == DESCRIPTION
    expect_error(ddb.update_continuous_backups, "ValidationException",
                 "Point-in-time recovery is not supported by monotable yet: table "
                 f"{hash_table} keeps no change history to restore from, so "
                 "PointInTimeRecoveryEnabled cannot be true",
                 TableName=hash_table,
                 PointInTimeRecoverySpecification={"PointInTimeRecoveryEnabled": True})
    assert ddb.describe_continuous_backups(
        TableName=hash_table)["ContinuousBackupsDescription"] == DESCRIPTION
    rc, err = aws_cli("update-continuous-backups", "--table-name", hash_table,
                      "--point-in-time-recovery-specification", "PointInTimeRecoveryEnabled=true")
    assert rc != 0 and "Point-in-time recovery is not supported by monotable yet" in err


def test_errors(ddb, hash_table):
    expect_error(ddb.describe_continuous_backups, "TableNotFoundException",
                 f"Table not found: {hash_table}x", TableName=hash_table + "x")
    expect_error(ddb.update_continuous_backups, "TableNotFoundException",
                 f"Table not found: {hash_table}x", TableName=hash_table + "x",
                 PointInTimeRecoverySpecification={"PointInTimeRecoveryEnabled": True})
    expect_error(ddb.update_continuous_backups, "ValidationException",
                 "1 validation error detected: Value null at 'pointInTimeRecoverySpecification' "
                 "failed to satisfy constraint: Member must not be null", TableName=hash_table)
    expect_error(ddb.describe_continuous_backups, "ValidationException",
                 "1 validation error detected: Value null at 'tableName' failed to satisfy "
                 "constraint: Member must not be null")


def test_recovery_period(raw, hash_table):
    """RecoveryPeriodInDays postdates the test environment's botocore: raw requests."""
    def update(spec):
        r = raw("UpdateContinuousBackups", {"TableName": hash_table,
                                            "PointInTimeRecoverySpecification": spec})
        return r.status, r.error_type(), r.json()["message"]
    assert update({"PointInTimeRecoveryEnabled": False, "RecoveryPeriodInDays": 7}) == (
        400, "ValidationException", "Invalid Request: Cannot specify RecoveryPeriodInDays when "
        "disabling point-in-time recovery.")
    assert update({"PointInTimeRecoveryEnabled": True, "RecoveryPeriodInDays": 36}) == (
        400, "ValidationException", "1 validation error detected: Value '36' at "
        "'pointInTimeRecoverySpecification.recoveryPeriodInDays' failed to satisfy constraint: "
        "Member must have value less than or equal to 35")
