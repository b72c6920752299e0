"""On-demand backups and restores with boto3 and the AWS CLI: CreateBackup (a consistent
snapshot as of the request), DescribeBackup, ListBackups (filters and paging),
DeleteBackup, RestoreTableFromBackup with its overrides (the restored GSIs and LSIs answer
queries), their errors, and backups outliving their source table and a restart."""

from datetime import timedelta

from backup_common import (ACCOUNT_ARN, available_backup, backup_status, item, restore,
                           scan_all, table_status, wait_for)
from mtutil import (create_indexed_table, create_table, delete_table_quietly, expect_error,
                    index_spec, make_client, put_items, unique_name)


def test_create_describe_list_delete(ddb, table, aws_cli):
    put_items(ddb, table, [item(f"p{i}", "s", v=str(i)) for i in range(20)])
    details = ddb.create_backup(TableName=table, BackupName="first.backup_1")["BackupDetails"]
    arn = details["BackupArn"]
    assert arn.startswith(f"{ACCOUNT_ARN}{table}/backup/")
    assert details["BackupName"] == "first.backup_1"
    assert details["BackupType"] == "USER"
    assert details["BackupStatus"] in ("CREATING", "AVAILABLE")
    wait_for(lambda: backup_status(ddb, arn) == "AVAILABLE", "the backup")
    desc = ddb.describe_backup(BackupArn=arn)["BackupDescription"]
    assert desc["BackupDetails"]["BackupSizeBytes"] > 0
    source = desc["SourceTableDetails"]
    assert source["TableName"] == table and source["ItemCount"] == 20
    assert source["TableArn"] == ACCOUNT_ARN + table
    assert source["KeySchema"][0] == {"AttributeName": "PK", "KeyType": "HASH"}
    assert source["ProvisionedThroughput"]["ReadCapacityUnits"] == 5
    assert "SourceTableFeatureDetails" in desc
    summaries = ddb.list_backups(TableName=table)["BackupSummaries"]
    assert [s["BackupArn"] for s in summaries] == [arn]
    assert summaries[0]["BackupStatus"] == "AVAILABLE" and summaries[0]["TableName"] == table
    rc, cli = aws_cli("describe-backup", "--backup-arn", arn)
    assert rc == 0 and cli["BackupDescription"]["BackupDetails"]["BackupArn"] == arn
    rc, cli = aws_cli("list-backups", "--table-name", table)
    assert rc == 0 and [s["BackupArn"] for s in cli["BackupSummaries"]] == [arn]
    deleted = ddb.delete_backup(BackupArn=arn)["BackupDescription"]
    assert deleted["BackupDetails"]["BackupStatus"] == "DELETED"
    assert ddb.list_backups(TableName=table)["BackupSummaries"] == []
    expect_error(ddb.describe_backup, "BackupNotFoundException", f"Backup not found: {arn}",
                 BackupArn=arn)


def test_cli_create_and_restore(ddb, table, aws_cli):
    put_items(ddb, table, [item("a", "1"), item("b", "2")])
    rc, cli = aws_cli("create-backup", "--table-name", table, "--backup-name", "cli")
    assert rc == 0
    arn = cli["BackupDetails"]["BackupArn"]
    wait_for(lambda: backup_status(ddb, arn) == "AVAILABLE", "the backup")
    target = unique_name("clirestore")
    rc, cli = aws_cli("restore-table-from-backup", "--backup-arn", arn,
                      "--target-table-name", target)
    try:
        assert rc == 0 and cli["TableDescription"]["TableName"] == target
        wait_for(lambda: table_status(ddb, target) == "ACTIVE", "the restore")
        assert scan_all(ddb, target) == scan_all(ddb, table)
        rc, cli = aws_cli("delete-backup", "--backup-arn", arn)
        assert rc == 0 and cli["BackupDescription"]["BackupDetails"]["BackupStatus"] == "DELETED"
    finally:
        delete_table_quietly(ddb, target)


def test_backup_is_the_table_as_of_the_request(ddb, table):
    before = [item(f"p{i:03}", "s", v="old") for i in range(300)]
    put_items(ddb, table, before)
    arn = ddb.create_backup(TableName=table, BackupName="snap")["BackupDetails"]["BackupArn"]
    # Writes go on while the backup is copied; none of them is in it.
    put_items(ddb, table, [item(f"p{i:03}", "s", v="new") for i in range(300)])
    put_items(ddb, table, [item("zz", "s", v="late")])
    ddb.delete_item(TableName=table, Key={"PK": {"S": "p000"}, "SK": {"S": "s"}})
    wait_for(lambda: backup_status(ddb, arn) == "AVAILABLE", "the backup")
    target = unique_name("snap")
    try:
        described = restore(ddb, arn, target)
        assert described["TableStatus"] == "CREATING"
        assert scan_all(ddb, target) == sorted(before, key=lambda i: i["PK"]["S"])
        assert ddb.describe_table(TableName=target)["Table"]["ItemCount"] == 300
    finally:
        delete_table_quietly(ddb, target)


def indexed_source(ddb):
    name = unique_name("indexed")
    create_indexed_table(
        ddb, name, {"PK": "S", "SK": "S", "G": "S", "L": "S"},
        gsis=[index_spec("byG", "G", "SK"), index_spec("byG2", "G", projection="KEYS_ONLY")],
        lsis=[index_spec("byL", "PK", "L")])
    put_items(ddb, name, [item(f"p{i % 5}", f"s{i:02}", G=f"g{i % 3}", L=f"l{50 - i:02}")
                          for i in range(30)])
    return name


def test_restored_indexes_answer_queries(ddb):
    source = indexed_source(ddb)
    target = unique_name("restored")
    try:
        arn = available_backup(ddb, source)
        desc = ddb.describe_backup(BackupArn=arn)["BackupDescription"]
        features = desc["SourceTableFeatureDetails"]
        assert sorted(g["IndexName"] for g in features["GlobalSecondaryIndexes"]) == [
            "byG", "byG2"]
        assert [i["IndexName"] for i in features["LocalSecondaryIndexes"]] == ["byL"]
        out = ddb.restore_table_from_backup(BackupArn=arn, TargetTableName=target)
        first = out["TableDescription"]
        assert first["TableStatus"] == "CREATING"
        assert first["RestoreSummary"]["RestoreInProgress"] is True
        assert first["RestoreSummary"]["SourceBackupArn"] == arn
        # Data-plane requests wait for ACTIVE, as in DynamoDB.
        wait_for(lambda: table_status(ddb, target) == "ACTIVE", "the restore")
        table = ddb.describe_table(TableName=target)["Table"]
        summary = table["RestoreSummary"]
        assert summary["RestoreInProgress"] is False
        assert summary["SourceTableArn"] == ACCOUNT_ARN + source
        assert table["ItemCount"] == 30
        by_g = ddb.query(TableName=target, IndexName="byG", KeyConditionExpression="G = :g",
                         ExpressionAttributeValues={":g": {"S": "g1"}})
        expected = ddb.query(TableName=source, IndexName="byG", KeyConditionExpression="G = :g",
                             ExpressionAttributeValues={":g": {"S": "g1"}})
        assert by_g["Count"] == 10 and by_g["Items"] == expected["Items"]
        by_l = ddb.query(TableName=target, IndexName="byL", KeyConditionExpression="PK = :p",
                         ExpressionAttributeValues={":p": {"S": "p2"}}, ScanIndexForward=False)
        assert [i["L"]["S"] for i in by_l["Items"]] == ["l48", "l43", "l38", "l33", "l28", "l23"]
        assert by_l["Items"] == ddb.query(
            TableName=source, IndexName="byL", KeyConditionExpression="PK = :p",
            ExpressionAttributeValues={":p": {"S": "p2"}}, ScanIndexForward=False)["Items"]
        keys_only = ddb.query(TableName=target, IndexName="byG2", KeyConditionExpression="G = :g",
                              ExpressionAttributeValues={":g": {"S": "g0"}})
        assert keys_only["Count"] == 10
        assert all(set(i) == {"PK", "SK", "G"} for i in keys_only["Items"])
    finally:
        delete_table_quietly(ddb, target)
        delete_table_quietly(ddb, source)


def test_restore_overrides(ddb):
    source = indexed_source(ddb)
    on_demand, provisioned = unique_name("ondemand"), unique_name("prov")
    try:
        arn = available_backup(ddb, source)
        # Keep only byG, drop the LSI, switch to provisioned capacity.
        restore(ddb, arn, provisioned,
                GlobalSecondaryIndexOverride=[dict(index_spec("byG", "G", "SK"),
                                                   ProvisionedThroughput={
                                                       "ReadCapacityUnits": 7,
                                                       "WriteCapacityUnits": 3})],
                LocalSecondaryIndexOverride=[],
                BillingModeOverride="PROVISIONED",
                ProvisionedThroughputOverride={"ReadCapacityUnits": 11, "WriteCapacityUnits": 12})
        table = ddb.describe_table(TableName=provisioned)["Table"]
        assert [g["IndexName"] for g in table["GlobalSecondaryIndexes"]] == ["byG"]
        assert table["GlobalSecondaryIndexes"][0]["ProvisionedThroughput"][
            "ReadCapacityUnits"] == 7
        assert "LocalSecondaryIndexes" not in table
        assert table["ProvisionedThroughput"]["ReadCapacityUnits"] == 11
        assert sorted(a["AttributeName"] for a in table["AttributeDefinitions"]) == [
            "G", "PK", "SK"]
        assert ddb.query(TableName=provisioned, IndexName="byG", KeyConditionExpression="G = :g",
                         ExpressionAttributeValues={":g": {"S": "g2"}})["Count"] == 10
        restore(ddb, arn, on_demand, BillingModeOverride="PAY_PER_REQUEST",
                SSESpecificationOverride={"Enabled": False})
        table = ddb.describe_table(TableName=on_demand)["Table"]
        assert table["BillingModeSummary"]["BillingMode"] == "PAY_PER_REQUEST"
        expect_error(ddb.restore_table_from_backup, "ValidationException",
                     match="KMS", BackupArn=arn, TargetTableName=unique_name("kms"),
                     SSESpecificationOverride={"Enabled": True, "SSEType": "KMS",
                                               "KMSMasterKeyId": "alias/mine"})
    finally:
        for name in (on_demand, provisioned, source):
            delete_table_quietly(ddb, name)


def test_errors(ddb, table, aws_cli):
    missing = f"{ACCOUNT_ARN}{table}/backup/01700000000000-0123abcd"
    for call in (ddb.describe_backup, ddb.delete_backup):
        expect_error(call, "BackupNotFoundException", f"Backup not found: {missing}",
                     BackupArn=missing)
    expect_error(ddb.restore_table_from_backup, "BackupNotFoundException",
                 f"Backup not found: {missing}", BackupArn=missing, TargetTableName="newone")
    expect_error(ddb.create_backup, "TableNotFoundException", f"Table not found: {table}x",
                 TableName=table + "x", BackupName="bk1")
    expect_error(ddb.create_backup, "ValidationException",
                 "1 validation error detected: Value 'ab!c' at 'backupName' failed to satisfy "
                 "constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+",
                 TableName=table, BackupName="ab!c")
    expect_error(ddb.list_backups, "ValidationException",
                 "1 validation error detected: Value '101' at 'limit' failed to satisfy "
                 "constraint: Member must have value less than or equal to 100", Limit=101)
    arn = available_backup(ddb, table)
    expect_error(ddb.restore_table_from_backup, "TableAlreadyExistsException",
                 f"Table already exists: {table}", BackupArn=arn, TargetTableName=table)
    rc, err = aws_cli("describe-backup", "--backup-arn", missing)
    assert rc != 0 and "BackupNotFoundException" in err
    ddb.delete_backup(BackupArn=arn)


def test_list_filters_and_paging(ddb, table, hash_table):
    arns = [available_backup(ddb, table, f"bk{i}") for i in range(5)]
    other = available_backup(ddb, hash_table, "other")
    mine = ddb.list_backups(TableName=table)["BackupSummaries"]
    assert [s["BackupArn"] for s in mine] == arns
    pages, start = [], None
    while True:
        kwargs = {"ExclusiveStartBackupArn": start} if start else {}
        page = ddb.list_backups(TableName=table, Limit=2, **kwargs)
        pages.append([s["BackupArn"] for s in page["BackupSummaries"]])
        start = page.get("LastEvaluatedBackupArn")
        if not start:
            break
    assert pages == [arns[0:2], arns[2:4], arns[4:5]]
    assert ddb.list_backups(TableName=table, BackupType="SYSTEM")["BackupSummaries"] == []
    assert len(ddb.list_backups(TableName=table, BackupType="ALL")["BackupSummaries"]) == 5
    # boto3 sends whole seconds: bounds a minute around the backups, and one before them.
    first, last = mine[0]["BackupCreationDateTime"], mine[-1]["BackupCreationDateTime"]
    around = ddb.list_backups(TableName=table, TimeRangeLowerBound=first - timedelta(minutes=1),
                              TimeRangeUpperBound=last + timedelta(minutes=1))
    assert [s["BackupArn"] for s in around["BackupSummaries"]] == arns
    before = ddb.list_backups(TableName=table, TimeRangeLowerBound=first - timedelta(minutes=2),
                              TimeRangeUpperBound=first - timedelta(minutes=1))
    assert before["BackupSummaries"] == []
    everything = [s["BackupArn"] for s in ddb.list_backups()["BackupSummaries"]]
    assert set(arns + [other]) <= set(everything)
    for arn in arns + [other]:
        ddb.delete_backup(BackupArn=arn)


def test_backup_outlives_its_table(ddb):
    source = unique_name("gone")
    create_table(ddb, source)
    put_items(ddb, source, [item("x", "1", v="kept")])
    arn = available_backup(ddb, source)
    ddb.delete_table(TableName=source)
    desc = ddb.describe_backup(BackupArn=arn)["BackupDescription"]
    assert desc["BackupDetails"]["BackupStatus"] == "AVAILABLE"
    try:
        restore(ddb, arn, source)  # under the deleted table's own name
        assert scan_all(ddb, source) == [item("x", "1", v="kept")]
    finally:
        delete_table_quietly(ddb, source)
        ddb.delete_backup(BackupArn=arn)


def test_backups_survive_a_restart(server_factory, tmp_path):
    db = tmp_path / "db"
    srv = server_factory(db_path=db)
    c = make_client(srv.endpoint)
    source = unique_name("restart")
    create_table(c, source)
    put_items(c, source, [item(f"k{i}", "s", v=str(i)) for i in range(50)])
    arn = available_backup(c, source)
    assert srv.stop() == 0
    srv = server_factory(db_path=db)
    c = make_client(srv.endpoint)
    assert backup_status(c, arn) == "AVAILABLE"
    restore(c, arn, "afterrestart")
    assert scan_all(c, "afterrestart") == scan_all(c, source)
    srv.stop()


def test_imports_and_exports_point_to_the_cli(ddb, table):
    expect_error(ddb.export_table_to_point_in_time, "ValidationException",
                 match="monotable export", TableArn=ACCOUNT_ARN + table, S3Bucket="bucket")
    expect_error(ddb.import_table, "ValidationException", match="monotable import",
                 S3BucketSource={"S3Bucket": "fixtures-bucket"}, InputFormat="DYNAMODB_JSON",
                 TableCreationParameters={
                     "TableName": "imported", "KeySchema": [{"AttributeName": "PK",
                                                             "KeyType": "HASH"}],
                     "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"}],
                     "BillingMode": "PAY_PER_REQUEST"})
    assert ddb.list_exports()["ExportSummaries"] == []
    assert ddb.list_imports()["ImportSummaryList"] == []
    expect_error(ddb.describe_export, "ExportNotFoundException", match="monotable export",
                 ExportArn=ACCOUNT_ARN + table + "/export/01700000000000-abcdef12")
    expect_error(ddb.describe_import, "ImportNotFoundException", match="monotable import",
                 ImportArn=ACCOUNT_ARN + table + "/import/01700000000000-abcdef12")
