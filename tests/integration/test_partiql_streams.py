"""PartiQL writes reach DynamoDB Streams: each statement is lowered into the item
operations or a transaction, which write their stream records in the same ItemBatch,
whether it comes from ExecuteStatement, BatchExecuteStatement or ExecuteTransaction."""

from mtutil import delete_table_quietly
from streams_common import create_streamed_table, read_stream, streams_client


def test_partiql_writes_have_stream_records(ddb, server):
    table, arn = create_streamed_table(ddb)
    try:
        ddb.execute_statement(Statement=f"INSERT INTO \"{table}\" VALUE {{'PK': 'a', 'n': 1}}")
        ddb.batch_execute_statement(Statements=[
            {"Statement": f"UPDATE \"{table}\" SET n = n + 1 WHERE PK = 'a'"},
            {"Statement": f"INSERT INTO \"{table}\" VALUE {{'PK': 'b'}}"}])
        ddb.execute_transaction(TransactStatements=[
            {"Statement": f"DELETE FROM \"{table}\" WHERE PK = 'a'"},
            {"Statement": f"UPDATE \"{table}\" SET m = 'x' WHERE PK = 'b'"}])
        records = read_stream(streams_client(server.endpoint), arn)
        by_key = {}  # a key's records are in one shard, in order
        for r in records:
            by_key.setdefault(r["dynamodb"]["Keys"]["PK"]["S"], []).append(r["eventName"])
        assert by_key == {"a": ["INSERT", "MODIFY", "REMOVE"], "b": ["INSERT", "MODIFY"]}
        modify = next(r for r in records if r["eventName"] == "MODIFY"
                      and r["dynamodb"]["Keys"]["PK"]["S"] == "a")
        assert modify["dynamodb"]["NewImage"]["n"] == {"N": "2"}
        assert modify["dynamodb"]["OldImage"]["n"] == {"N": "1"}
    finally:
        delete_table_quietly(ddb, table)
