// DynamoDB clients of the AWS SDK for Go v2 with retries off, so that each call sends
// one request and its error is that request's answer (a retry could turn one lost
// answer into a second application, or hide it), and a timeout per call.
package main

import (
	"context"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
)

func newClient(endpoint string) (*dynamodb.Client, error) {
	cfg, err := config.LoadDefaultConfig(context.Background(),
		config.WithRegion("us-east-1"),
		config.WithCredentialsProvider(credentials.NewStaticCredentialsProvider("jepsen", "jepsen", "")),
		config.WithRetryer(func() aws.Retryer { return aws.NopRetryer{} }))
	if err != nil {
		return nil, err
	}
	return dynamodb.NewFromConfig(cfg, func(o *dynamodb.Options) {
		o.BaseEndpoint = aws.String(endpoint)
	}), nil
}

// call runs fn with a deadline of `timeout` and records it: the op's Call is taken
// before the request and Return after the answer.
func call(h *History, client int, kind string, timeout time.Duration, input any,
	fn func(ctx context.Context) (any, Status, string)) Op {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	op := Op{Client: client, Kind: kind, Input: input, Call: h.Now()}
	op.Output, op.Status, op.Error = fn(ctx)
	op.Return = h.Now()
	h.Add(op)
	return op
}
