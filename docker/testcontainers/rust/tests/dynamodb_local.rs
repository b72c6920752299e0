//! Testcontainers for Rust against the monotable image, as a user's existing code for
//! amazon/dynamodb-local runs it with only the image name changed: testcontainers-modules'
//! `dynamodb_local::DynamoDb` (its name `amazon/dynamodb-local` and tag swapped with
//! `ImageExt::with_name`/`with_tag`), whose ready conditions are DynamoDB Local's
//! start-up banner on stdout and then 3 s; the image's own command runs (the module sets
//! none). Then the AWS SDK for Rust creates a table, puts an item and gets it back.
//!
//! The container's port 8000 is published on a host port chosen here
//! (`ImageExt::with_mapped_port`), not looked up with `get_host_port_ipv4`: podman 4's
//! Docker API (Debian bookworm's 4.3.1) reports a port published on every address with
//! `"HostIp": ""` where Docker says `"0.0.0.0"`, and testcontainers skips a binding
//! whose HostIp is not an address, so the look-up answers PortNotExposed. With Docker,
//! `get_host_port_ipv4(8000.tcp())` answers as the README shows.
//!
//!     MONOTABLE_IMAGE=localhost/monotable:dev DOCKER_HOST=unix:///run/podman.sock \
//!     cargo test -- --nocapture

use aws_sdk_dynamodb::config::{BehaviorVersion, Credentials, Region};
use aws_sdk_dynamodb::types::{
    AttributeDefinition, AttributeValue, BillingMode, KeySchemaElement, KeyType,
    ScalarAttributeType,
};
use aws_sdk_dynamodb::Client;
use testcontainers_modules::dynamodb_local::DynamoDb;
use testcontainers_modules::testcontainers::core::IntoContainerPort;
use testcontainers_modules::testcontainers::runners::AsyncRunner;
use testcontainers_modules::testcontainers::{Image, ImageExt, TestcontainersError};

/// A port nobody listens on now, for the container's 8000 on the host.
fn free_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind a free port");
    listener.local_addr().expect("its address").port()
}

/// MONOTABLE_IMAGE split into the name and tag the module's builder takes: the tag is
/// what follows the last ':' after the last '/' (a registry's port is not a tag).
fn image_name_and_tag() -> (String, String) {
    let image =
        std::env::var("MONOTABLE_IMAGE").expect("MONOTABLE_IMAGE names the image under test");
    let slash = image.rfind('/').map_or(0, |i| i + 1);
    match image[slash..].rfind(':') {
        Some(colon) => (
            image[..slash + colon].to_string(),
            image[slash + colon + 1..].to_string(),
        ),
        None => (image, "latest".to_string()),
    }
}

#[tokio::test]
async fn dynamodb_local_module_then_the_aws_sdk() -> Result<(), Box<dyn std::error::Error>> {
    // What is swapped: the module names DynamoDB Local's image.
    assert_eq!(DynamoDb::default().name(), "amazon/dynamodb-local");
    let (name, tag) = image_name_and_tag();
    let port = free_port();
    let node = DynamoDb::default()
        .with_name(&name)
        .with_tag(&tag)
        .with_mapped_port(port, 8000.tcp())
        .start()
        .await?;
    let host = node.get_host().await?;
    // The look-up a user writes with Docker: the port chosen, or (podman 4) PortNotExposed.
    match node.get_host_port_ipv4(8000.tcp()).await {
        Ok(looked_up) => assert_eq!(looked_up, port),
        Err(TestcontainersError::PortNotExposed { .. }) => {
            println!(
                "note: get_host_port_ipv4 answered PortNotExposed (the engine reports HostIp \"\")"
            )
        }
        Err(e) => return Err(e.into()),
    }

    let config = aws_sdk_dynamodb::Config::builder()
        .behavior_version(BehaviorVersion::latest())
        .region(Region::new("us-east-1"))
        .credentials_provider(Credentials::new("dummy", "dummy", None, None, "static"))
        .endpoint_url(format!("http://{host}:{port}"))
        .build();
    let db = Client::from_conf(config);

    db.create_table()
        .table_name("books")
        .attribute_definitions(
            AttributeDefinition::builder()
                .attribute_name("title")
                .attribute_type(ScalarAttributeType::S)
                .build()?,
        )
        .key_schema(
            KeySchemaElement::builder()
                .attribute_name("title")
                .key_type(KeyType::Hash)
                .build()?,
        )
        .billing_mode(BillingMode::PayPerRequest)
        .send()
        .await?;
    db.put_item()
        .table_name("books")
        .item("title", AttributeValue::S("Dune".into()))
        .item("year", AttributeValue::N("1965".into()))
        .send()
        .await?;
    let got = db
        .get_item()
        .table_name("books")
        .key("title", AttributeValue::S("Dune".into()))
        .consistent_read(true)
        .send()
        .await?;
    let item = got.item().ok_or("GetItem found no item")?;
    assert_eq!(item.get("year"), Some(&AttributeValue::N("1965".into())));

    // The banner the module waited for, with the values in force (the image's command:
    // no -inMemory, no -sharedDb).
    let stdout = String::from_utf8(node.stdout_to_vec().await?)?;
    assert!(
        stdout.contains("Initializing DynamoDB Local with the following configuration:\nPort:\t8000\nInMemory:\tfalse\n"),
        "no banner on stdout:\n{stdout}"
    );
    println!("proved: testcontainers-modules 0.15's dynamodb_local (with_name {name}, with_tag {tag}) waited for the banner on stdout, then CreateTable, PutItem, GetItem with aws-sdk-dynamodb");
    Ok(())
}
