//! Clients for the servers that tests/sdk/with_servers.py started, and seed 004's data
//! (tests/sdk/README.md) as the SDK's AttributeValue maps: the Rust SDK has no mapper.
//! Each test crate uses part of it.
#![allow(dead_code)]

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use aws_sdk_dynamodb::config::interceptors::BeforeTransmitInterceptorContextRef;
use aws_sdk_dynamodb::config::{ConfigBag, Intercept, RuntimeComponents};
use aws_sdk_dynamodb::types::{AttributeDefinition, AttributeValue, KeySchemaElement, KeyType, ScalarAttributeType};

pub type Item = HashMap<String, AttributeValue>;

pub const C001: &str = "CUSTOMER#C001";

/// The endpoint in environment variable `name`.
pub fn endpoint(name: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| panic!("{name} is not set: run the tests through tests/sdk/rust/run.sh"))
}

/// The SDK's configuration from the environment (region and credentials, which
/// with_servers.py sets), with the endpoint override an application writes.
pub async fn sdk_config(endpoint_variable: &str) -> aws_config::SdkConfig {
    aws_config::defaults(aws_config::BehaviorVersion::latest())
        .endpoint_url(endpoint(endpoint_variable))
        .load()
        .await
}

/// Counts the HTTP attempts of the clients it is added to (retries included).
#[derive(Debug, Default, Clone)]
pub struct Attempts(pub Arc<AtomicUsize>);

impl Attempts {
    pub fn get(&self) -> usize {
        self.0.load(Ordering::SeqCst)
    }
}

impl Intercept for Attempts {
    fn name(&self) -> &'static str {
        "Attempts"
    }

    fn read_before_transmit(
        &self,
        _: &BeforeTransmitInterceptorContextRef<'_>,
        _: &RuntimeComponents,
        _: &mut ConfigBag,
    ) -> Result<(), aws_sdk_dynamodb::error::BoxError> {
        self.0.fetch_add(1, Ordering::SeqCst);
        Ok(())
    }
}

pub fn s(value: &str) -> AttributeValue {
    AttributeValue::S(value.to_string())
}

pub fn n(value: i64) -> AttributeValue {
    AttributeValue::N(value.to_string())
}

pub fn item(pairs: &[(&str, AttributeValue)]) -> Item {
    pairs.iter().map(|(k, v)| (k.to_string(), v.clone())).collect()
}

pub fn key(pk: &str, sk: &str) -> Item {
    item(&[("PK", s(pk)), ("SK", s(sk))])
}

pub fn string<'a>(item: &'a Item, name: &str) -> &'a str {
    item.get(name)
        .and_then(|v| v.as_s().ok())
        .map(String::as_str)
        .unwrap_or("")
}

fn customer(id: &str, name: &str, email: &str) -> Item {
    item(&[
        ("PK", s(&format!("CUSTOMER#{id}"))),
        ("SK", s("PROFILE")),
        ("Name", s(name)),
        ("Email", s(email)),
        ("GSI1PK", s(&format!("EMAIL#{email}"))),
        ("GSI1SK", s(&format!("CUSTOMER#{id}"))),
    ])
}

fn order(date: &str, id: &str, total: i64, status: &str, unpaid: bool) -> Item {
    let mut o = item(&[
        ("PK", s(C001)),
        ("SK", s(&format!("ORDER#{date}#{id}"))),
        ("Total", n(total)),
        ("Status", s(status)),
        ("GSI1PK", s(&format!("STATUS#{status}"))),
        ("GSI1SK", s(date)),
    ]);
    if unpaid {
        o.insert("UnpaidGSIPK".into(), s("UNPAID"));
        o.insert("UnpaidGSISK".into(), s(date));
    }
    o
}

fn order_item(order_sk: &str, product: &str, qty: i64, price: i64) -> Item {
    item(&[
        ("PK", s(C001)),
        ("SK", s(&format!("{order_sk}#ITEM#1"))),
        ("Product", s(product)),
        ("Qty", n(qty)),
        ("Price", n(price)),
    ])
}

/// Step 2's seven items, in the order they are written.
pub fn seed_items() -> Vec<Item> {
    vec![
        customer("C001", "Nguyen Van A", "a@mail.com"),
        order("2026-03-30", "O098", 120000, "delivered", false),
        order("2026-04-15", "O099", 350000, "delivered", false),
        order_item("ORDER#2026-04-15#O099", "Book", 2, 175000),
        order("2026-04-18", "O100", 2500000, "processing", true),
        order_item("ORDER#2026-04-18#O100", "Laptop", 1, 2500000),
        customer("C002", "Tran Thi B", "b@mail.com"),
    ]
}

pub fn attribute(name: &str) -> AttributeDefinition {
    AttributeDefinition::builder()
        .attribute_name(name)
        .attribute_type(ScalarAttributeType::S)
        .build()
        .unwrap()
}

pub fn key_schema(hash: &str, range: Option<&str>) -> Vec<KeySchemaElement> {
    let mut keys = vec![KeySchemaElement::builder()
        .attribute_name(hash)
        .key_type(KeyType::Hash)
        .build()
        .unwrap()];
    if let Some(range) = range {
        keys.push(
            KeySchemaElement::builder()
                .attribute_name(range)
                .key_type(KeyType::Range)
                .build()
                .unwrap(),
        );
    }
    keys
}
