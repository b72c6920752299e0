//! The scenario of tests/sdk/README.md through the AWS SDK for Rust: the TableExists
//! waiter, the Query paginator, typed service errors (`into_service_error`), the
//! DynamoDB Streams client. One test runs steps 1 to 7 and 9 in order (each builds on
//! the last); step 8 is tests/throttling.rs.

mod common;

use std::collections::BTreeMap;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use aws_sdk_dynamodb::client::Waiters;
use aws_sdk_dynamodb::operation::put_item::PutItemError;
use aws_sdk_dynamodb::operation::transact_write_items::TransactWriteItemsError;
use aws_sdk_dynamodb::types::{
    BillingMode, ConditionCheck, GlobalSecondaryIndex, Projection, ProjectionType, Put, PutRequest, Select,
    StreamSpecification, StreamViewType, TableStatus, TimeToLiveSpecification, TimeToLiveStatus, TransactWriteItem,
    Update, WriteRequest,
};
use aws_sdk_dynamodb::Client;
use aws_sdk_dynamodbstreams::types::{OperationType, ShardIteratorType};
use common::*;

const TABLE: &str = "Shop_rust";

fn index(name: &str, hash: &str, range: &str, projection: ProjectionType) -> GlobalSecondaryIndex {
    GlobalSecondaryIndex::builder()
        .index_name(name)
        .set_key_schema(Some(key_schema(hash, Some(range))))
        .projection(Projection::builder().projection_type(projection).build())
        .build()
        .unwrap()
}

fn sort_keys(items: &[Item]) -> Vec<&str> {
    items.iter().map(|i| string(i, "SK")).collect()
}

async fn query(client: &Client, index: Option<&str>, condition: &str, values: &[(&str, &str)]) -> Vec<Item> {
    let mut request = client
        .query()
        .table_name(TABLE)
        .set_index_name(index.map(String::from))
        .key_condition_expression(condition);
    for (name, value) in values {
        request = request.expression_attribute_values(*name, s(value));
    }
    request.send().await.expect("Query").items().to_vec()
}

#[tokio::test]
async fn scenario() {
    let client = Client::new(&sdk_config("MONOTABLE_ENDPOINT").await);

    // 1. Create the table and wait with the SDK's waiter.
    client
        .create_table()
        .table_name(TABLE)
        .billing_mode(BillingMode::PayPerRequest)
        .set_attribute_definitions(Some(
            ["PK", "SK", "GSI1PK", "GSI1SK", "UnpaidGSIPK", "UnpaidGSISK"]
                .map(attribute)
                .to_vec(),
        ))
        .set_key_schema(Some(key_schema("PK", Some("SK"))))
        .global_secondary_indexes(index("GSI1", "GSI1PK", "GSI1SK", ProjectionType::All))
        .global_secondary_indexes(index("Unpaid", "UnpaidGSIPK", "UnpaidGSISK", ProjectionType::KeysOnly))
        .stream_specification(
            StreamSpecification::builder()
                .stream_enabled(true)
                .stream_view_type(StreamViewType::NewAndOldImages)
                .build()
                .unwrap(),
        )
        .send()
        .await
        .expect("CreateTable");
    let waited = client
        .wait_until_table_exists()
        .table_name(TABLE)
        .wait(Duration::from_secs(30))
        .await
        .expect("waiter");
    let table = waited
        .as_result()
        .expect("the waiter's answer")
        .table()
        .expect("a table")
        .clone();
    assert_eq!(table.table_status(), Some(&TableStatus::Active));
    assert_eq!(table.global_secondary_indexes().len(), 2);

    // 2. Write the seed.
    for item in seed_items() {
        client
            .put_item()
            .table_name(TABLE)
            .set_item(Some(item))
            .send()
            .await
            .expect("PutItem");
    }

    // 3. Read it back.
    let profile = client
        .get_item()
        .table_name(TABLE)
        .set_key(Some(key(C001, "PROFILE")))
        .send()
        .await
        .expect("GetItem");
    let profile = profile.item().expect("the profile");
    assert_eq!(
        (string(profile, "Name"), string(profile, "Email")),
        ("Nguyen Van A", "a@mail.com")
    );
    let april = query(
        &client,
        None,
        "PK = :pk AND begins_with(SK, :april)",
        &[(":pk", C001), (":april", "ORDER#2026-04")],
    )
    .await;
    assert_eq!(
        sort_keys(&april),
        [
            "ORDER#2026-04-15#O099",
            "ORDER#2026-04-15#O099#ITEM#1",
            "ORDER#2026-04-18#O100",
            "ORDER#2026-04-18#O100#ITEM#1"
        ]
    );
    let between = query(
        &client,
        None,
        "PK = :pk AND SK BETWEEN :from AND :to",
        &[
            (":pk", C001),
            (":from", "ORDER#2026-04-01"),
            (":to", "ORDER#2026-04-16"),
        ],
    )
    .await;
    assert_eq!(
        sort_keys(&between),
        ["ORDER#2026-04-15#O099", "ORDER#2026-04-15#O099#ITEM#1"]
    );
    let delivered = query(&client, Some("GSI1"), "GSI1PK = :s", &[(":s", "STATUS#delivered")]).await;
    assert_eq!(
        sort_keys(&delivered),
        ["ORDER#2026-03-30#O098", "ORDER#2026-04-15#O099"]
    );
    let by_email = query(&client, Some("GSI1"), "GSI1PK = :e", &[(":e", "EMAIL#a@mail.com")]).await;
    assert_eq!(sort_keys(&by_email), ["PROFILE"]);
    let unpaid = query(&client, Some("Unpaid"), "UnpaidGSIPK = :u", &[(":u", "UNPAID")]).await;
    assert_eq!(sort_keys(&unpaid), ["ORDER#2026-04-18#O100"]);
    assert_eq!(unpaid[0].len(), 4, "KEYS_ONLY: the table's and the index's keys");
    let pages: Vec<_> = client
        .query()
        .table_name(TABLE)
        .key_condition_expression("PK = :pk")
        .expression_attribute_values(":pk", s(C001))
        .limit(2)
        .into_paginator()
        .send()
        .collect::<Result<Vec<_>, _>>()
        .await
        .expect("the paginator");
    assert!(pages.len() >= 3, "{} pages for 6 items with Limit 2", pages.len());
    assert!(pages.iter().all(|p| p.items().len() <= 2));
    let all: Vec<Item> = pages.iter().flat_map(|p| p.items().to_vec()).collect();
    assert_eq!(
        sort_keys(&all),
        [
            "ORDER#2026-03-30#O098",
            "ORDER#2026-04-15#O099",
            "ORDER#2026-04-15#O099#ITEM#1",
            "ORDER#2026-04-18#O100",
            "ORDER#2026-04-18#O100#ITEM#1",
            "PROFILE"
        ]
    );

    // 4. A conditional write that fails, with the old item.
    let failed = client
        .put_item()
        .table_name(TABLE)
        .set_item(Some(key(C001, "PROFILE")))
        .condition_expression("attribute_not_exists(PK)")
        .return_values_on_condition_check_failure(aws_sdk_dynamodb::types::ReturnValuesOnConditionCheckFailure::AllOld)
        .send()
        .await
        .expect_err("the condition holds no more");
    match failed.into_service_error() {
        PutItemError::ConditionalCheckFailedException(e) => {
            assert_eq!(e.message(), Some("The conditional request failed"));
            assert_eq!(string(e.item().expect("the old item"), "Name"), "Nguyen Van A");
        }
        other => panic!("want ConditionalCheckFailedException, got {other:?}"),
    }

    // 5. A cancelled transaction, with its CancellationReasons.
    let cancelled = client
        .transact_write_items()
        .transact_items(
            TransactWriteItem::builder()
                .put(
                    Put::builder()
                        .table_name(TABLE)
                        .set_item(Some(key(C001, "ORDER#2026-04-20#O101")))
                        .condition_expression("attribute_not_exists(PK)")
                        .build()
                        .unwrap(),
                )
                .build(),
        )
        .transact_items(
            TransactWriteItem::builder()
                .condition_check(
                    ConditionCheck::builder()
                        .table_name(TABLE)
                        .set_key(Some(key("CUSTOMER#C002", "PROFILE")))
                        .condition_expression("Email = :wrong")
                        .expression_attribute_values(":wrong", s("wrong@mail.com"))
                        .return_values_on_condition_check_failure(
                            aws_sdk_dynamodb::types::ReturnValuesOnConditionCheckFailure::AllOld,
                        )
                        .build()
                        .unwrap(),
                )
                .build(),
        )
        .transact_items(
            TransactWriteItem::builder()
                .update(
                    Update::builder()
                        .table_name(TABLE)
                        .set_key(Some(key(C001, "ORDER#2026-04-18#O100")))
                        .update_expression("SET #s = :shipped")
                        .expression_attribute_names("#s", "Status")
                        .expression_attribute_values(":shipped", s("shipped"))
                        .build()
                        .unwrap(),
                )
                .build(),
        )
        .send()
        .await
        .expect_err("the check fails");
    match cancelled.into_service_error() {
        TransactWriteItemsError::TransactionCanceledException(e) => {
            let codes: Vec<_> = e
                .cancellation_reasons()
                .iter()
                .map(|r| r.code().unwrap_or(""))
                .collect();
            assert_eq!(codes, ["None", "ConditionalCheckFailed", "None"]);
            assert_eq!(
                string(e.cancellation_reasons()[1].item().expect("the item"), "Email"),
                "b@mail.com"
            );
        }
        other => panic!("want TransactionCanceledException, got {other:?}"),
    }
    let o100 = client
        .get_item()
        .table_name(TABLE)
        .set_key(Some(key(C001, "ORDER#2026-04-18#O100")))
        .send()
        .await
        .unwrap();
    assert_eq!(string(o100.item().unwrap(), "Status"), "processing");

    // 6. BatchWriteItem of 30 items in chunks of 25, unprocessed ones resent.
    let requests: Vec<WriteRequest> = (1..=30)
        .map(|i| {
            let it = item(&[
                ("PK", s("ORDER#O102")),
                ("SK", s(&format!("ITEM#{i:02}"))),
                ("Qty", n(1)),
                ("Price", n(1000 * i)),
            ]);
            WriteRequest::builder()
                .put_request(PutRequest::builder().set_item(Some(it)).build().unwrap())
                .build()
        })
        .collect();
    for chunk in requests.chunks(25) {
        let mut pending = chunk.to_vec();
        for attempt in 0.. {
            assert!(attempt < 10, "unprocessed items after 10 attempts");
            let out = client
                .batch_write_item()
                .request_items(TABLE, pending)
                .send()
                .await
                .expect("BatchWriteItem");
            pending = out
                .unprocessed_items()
                .and_then(|u| u.get(TABLE))
                .cloned()
                .unwrap_or_default();
            if pending.is_empty() {
                break;
            }
        }
    }
    let counted = client
        .query()
        .table_name(TABLE)
        .select(Select::Count)
        .key_condition_expression("PK = :pk")
        .expression_attribute_values(":pk", s("ORDER#O102"))
        .send()
        .await
        .expect("Query COUNT");
    assert_eq!((counted.count(), counted.items().len()), (30, 0));

    // 7. The stream: an INSERT with a NewImage per item of step 2, in order per partition key.
    let streams = aws_sdk_dynamodbstreams::Client::new(&sdk_config("MONOTABLE_ENDPOINT").await);
    let arn = table.latest_stream_arn().expect("a stream").to_string();
    let described = streams
        .describe_stream()
        .stream_arn(&arn)
        .send()
        .await
        .expect("DescribeStream");
    let mut inserted: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for shard in described.stream_description().unwrap().shards() {
        let mut iterator = streams
            .get_shard_iterator()
            .stream_arn(&arn)
            .shard_id(shard.shard_id().unwrap())
            .shard_iterator_type(ShardIteratorType::TrimHorizon)
            .send()
            .await
            .expect("GetShardIterator")
            .shard_iterator()
            .map(String::from);
        for _ in 0..100 {
            let Some(current) = iterator.take() else { break };
            let page = streams
                .get_records()
                .shard_iterator(current)
                .send()
                .await
                .expect("GetRecords");
            if page.records().is_empty() {
                break; // the open shard's end, for now
            }
            for r in page.records() {
                let change = r.dynamodb().unwrap();
                if r.event_name() == Some(&OperationType::Insert) && change.new_image().is_some() {
                    let keys = change.keys().unwrap();
                    let text = |k: &str| keys[k].as_s().unwrap().clone();
                    inserted.entry(text("PK")).or_default().push(text("SK"));
                }
            }
            iterator = page.next_shard_iterator().map(String::from);
        }
    }
    let mut written: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for it in seed_items() {
        written
            .entry(string(&it, "PK").to_string())
            .or_default()
            .push(string(&it, "SK").to_string());
    }
    for (pk, sks) in &written {
        assert_eq!(inserted.get(pk), Some(sks), "INSERT records of {pk}");
    }

    // 9. Time to Live deletes an expired item.
    client
        .update_time_to_live()
        .table_name(TABLE)
        .time_to_live_specification(
            TimeToLiveSpecification::builder()
                .attribute_name("ExpiresAt")
                .enabled(true)
                .build()
                .unwrap(),
        )
        .send()
        .await
        .expect("UpdateTimeToLive");
    let ttl = client
        .describe_time_to_live()
        .table_name(TABLE)
        .send()
        .await
        .expect("DescribeTimeToLive");
    assert_eq!(
        ttl.time_to_live_description().unwrap().time_to_live_status(),
        Some(&TimeToLiveStatus::Enabled)
    );
    let past = SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs() as i64 - 3600;
    let mut cart = key(C001, "CART");
    cart.insert("ExpiresAt".into(), n(past));
    client
        .put_item()
        .table_name(TABLE)
        .set_item(Some(cart))
        .send()
        .await
        .expect("PutItem");
    let deadline = Instant::now() + Duration::from_secs(30);
    while client
        .get_item()
        .table_name(TABLE)
        .set_key(Some(key(C001, "CART")))
        .send()
        .await
        .unwrap()
        .item()
        .is_some()
    {
        assert!(Instant::now() < deadline, "the expired item is still there after 30 s");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}
