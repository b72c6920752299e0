// Clients for the servers that tests/sdk/with_servers.py started, configured the way an
// application overrides the endpoint (config.LoadDefaultConfig, then BaseEndpoint).
package sdk

import (
	"context"
	"os"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodbstreams"
)

// The endpoint in the environment variable `name`; fails the test when it is unset.
func endpoint(t *testing.T, name string) string {
	t.Helper()
	value := os.Getenv(name)
	if value == "" {
		t.Fatalf("%s is not set: run the tests through tests/sdk/go/run.sh", name)
	}
	return value
}

// The SDK's configuration from the environment: region and static credentials, which
// with_servers.py sets (AWS_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY).
func sdkConfig(t *testing.T) aws.Config {
	t.Helper()
	cfg, err := config.LoadDefaultConfig(context.Background())
	if err != nil {
		t.Fatalf("LoadDefaultConfig: %v", err)
	}
	return cfg
}

// A DynamoDB client for the server at $endpointVariable; `more` adjusts its options
// (retries, say).
func dynamoClient(t *testing.T, endpointVariable string, more ...func(*dynamodb.Options)) *dynamodb.Client {
	url := endpoint(t, endpointVariable)
	set := append([]func(*dynamodb.Options){func(o *dynamodb.Options) { o.BaseEndpoint = aws.String(url) }}, more...)
	return dynamodb.NewFromConfig(sdkConfig(t), set...)
}

func streamsClient(t *testing.T) *dynamodbstreams.Client {
	url := endpoint(t, "MONOTABLE_ENDPOINT")
	return dynamodbstreams.NewFromConfig(sdkConfig(t), func(o *dynamodbstreams.Options) {
		o.BaseEndpoint = aws.String(url)
	})
}
