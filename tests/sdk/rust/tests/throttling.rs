//! Step 8 of tests/sdk/README.md through the AWS SDK for Rust, against `monotable
//! --throughput enforce`: the typed ProvisionedThroughputExceededException with its
//! ThrottlingReasons, and the default retry strategy resending throttled writes.

mod common;

use aws_sdk_dynamodb::operation::put_item::PutItemError;
use aws_sdk_dynamodb::types::{BillingMode, ProvisionedThroughput};
use aws_sdk_dynamodb::Client;
use common::*;

/// Step 8: the typed ProvisionedThroughputExceededException with its ThrottlingReasons,
/// and the default retry strategy resending throttled writes.
#[tokio::test]
async fn throttling() {
    const HOT: &str = "Hot_rust";
    let config = sdk_config("MONOTABLE_THROTTLED_ENDPOINT").await;
    let attempts = Attempts::default();
    let retrying = Client::from_conf(
        aws_sdk_dynamodb::config::Builder::from(&config)
            .interceptor(attempts.clone())
            .build(),
    );
    let once = Client::from_conf(
        aws_sdk_dynamodb::config::Builder::from(&config)
            .retry_config(aws_sdk_dynamodb::config::retry::RetryConfig::disabled())
            .build(),
    );
    retrying
        .create_table()
        .table_name(HOT)
        .attribute_definitions(attribute("PK"))
        .set_key_schema(Some(key_schema("PK", None)))
        .billing_mode(BillingMode::Provisioned)
        .provisioned_throughput(
            ProvisionedThroughput::builder()
                .read_capacity_units(1)
                .write_capacity_units(1)
                .build()
                .unwrap(),
        )
        .send()
        .await
        .expect("CreateTable");
    let write = |client: &Client, i: i64| {
        client
            .put_item()
            .table_name(HOT)
            .item("PK", s("hot"))
            .item("n", n(i))
            .send()
    };
    let expect_throttled = |error: PutItemError| match error {
        PutItemError::ProvisionedThroughputExceededException(e) => {
            let reasons: Vec<_> = e
                .throttling_reasons()
                .iter()
                .map(|r| (r.reason().unwrap_or(""), r.resource().unwrap_or("")))
                .collect();
            assert_eq!(
                reasons,
                [(
                    "TableWriteProvisionedThroughputExceeded",
                    "arn:aws:dynamodb:us-east-1:000000000000:table/Hot_rust"
                )]
            );
        }
        other => panic!("want ProvisionedThroughputExceededException, got {other:?}"),
    };

    let mut refused = false;
    for i in 0..50 {
        if let Err(e) = write(&once, i).await {
            expect_throttled(e.into_service_error());
            refused = true;
            break;
        }
    }
    assert!(refused, "50 writes to a WCU-1 table and none was throttled");

    // One write a second is allowed: the default strategy backs off and resends; within the
    // bound a write goes through after a retry.
    for i in 0..20 {
        let before = attempts.get();
        match write(&retrying, i).await {
            Ok(_) if attempts.get() - before > 1 => return,
            Ok(_) => {}
            Err(e) => {
                assert!(attempts.get() - before > 1, "a throttled write was not retried");
                expect_throttled(e.into_service_error());
            }
        }
    }
    panic!("20 writes and none went through after a retry");
}
