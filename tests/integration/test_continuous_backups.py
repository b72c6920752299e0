"""DescribeContinuousBackups and UpdateContinuousBackups with boto3 and the AWS CLI: a
table without point-in-time recovery, and the requests' errors (enabling it and restoring:
test_point_in_time.py)."""

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


def test_disable_succeeds_on_a_table_without_pitr(ddb, hash_table):
    out = ddb.update_continuous_backups(
        TableName=hash_table, PointInTimeRecoverySpecification={"PointInTimeRecoveryEnabled": False})
    assert out["ContinuousBackupsDescription"] == DESCRIPTION


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
    ok = raw("UpdateContinuousBackups", {"TableName": hash_table, "PointInTimeRecoverySpecification":
                                         {"PointInTimeRecoveryEnabled": True,
                                          "RecoveryPeriodInDays": 7}})
    assert ok.status == 200
    assert ok.json()["ContinuousBackupsDescription"]["PointInTimeRecoveryDescription"][
        "RecoveryPeriodInDays"] == 7
    assert update({"PointInTimeRecoveryEnabled": True, "RecoveryPeriodInDays": 36}) == (
        400, "ValidationException", "1 validation error detected: Value '36' at "
        "'pointInTimeRecoverySpecification.recoveryPeriodInDays' failed to satisfy constraint: "
        "Member must have value less than or equal to 35")
