"""Helpers of the backup and point-in-time recovery tests (test_backups.py,
test_point_in_time.py): waiting for a backup or a restore, and comparing tables."""

import time

ACCOUNT_ARN = "arn:aws:dynamodb:us-east-1:000000000000:table/"


def wait_for(fn, what, timeout=60):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if fn():
            return
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def backup_status(ddb, arn):
    return ddb.describe_backup(BackupArn=arn)["BackupDescription"]["BackupDetails"]["BackupStatus"]


def table_status(ddb, name):
    return ddb.describe_table(TableName=name)["Table"]["TableStatus"]


def available_backup(ddb, table, name="nightly"):
    details = ddb.create_backup(TableName=table, BackupName=name)["BackupDetails"]
    wait_for(lambda: backup_status(ddb, details["BackupArn"]) == "AVAILABLE", "the backup")
    return details["BackupArn"]


def restore(ddb, arn, target, **overrides):
    out = ddb.restore_table_from_backup(BackupArn=arn, TargetTableName=target, **overrides)
    wait_for(lambda: table_status(ddb, target) == "ACTIVE", "the restore")
    return out["TableDescription"]


def scan_all(ddb, name, **kwargs):
    items, start = [], None
    while True:
        page = ddb.scan(TableName=name, **({"ExclusiveStartKey": start} if start else {}), **kwargs)
        items += page["Items"]
        start = page.get("LastEvaluatedKey")
        if not start:
            return sorted(items, key=lambda i: (i["PK"]["S"], i.get("SK", {}).get("S", "")))


def item(pk, sk, **attrs):
    out = {"PK": {"S": pk}, "SK": {"S": sk}}
    out.update({k: {"S": v} for k, v in attrs.items()})
    return out
