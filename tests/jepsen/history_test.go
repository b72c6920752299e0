// Classify on the SDK's real errors: answers of a stand-in HTTP server (400s, a 500, a
// hang past the timeout, a dropped connection) and a dial to a closed port.
package main

import (
	"context"
	"hash/crc32"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
)

func answer(status int, errorType string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		body := []byte(`{"__type":"com.amazonaws.dynamodb.v20120810#` + errorType + `","message":"m"}`)
		w.Header().Set("Content-Type", "application/x-amz-json-1.0")
		w.Header().Set("X-Amz-Crc32", strconv.FormatUint(uint64(crc32.ChecksumIEEE(body)), 10))
		w.WriteHeader(status)
		w.Write(body)
	}
}

func getItemError(t *testing.T, endpoint string, timeout time.Duration) error {
	t.Helper()
	ddb, err := newClient(endpoint)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	_, err = ddb.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String("t"), Key: keyAttr("k")})
	return err
}

func TestClassifyTheSDKsErrors(t *testing.T) {
	hang := make(chan struct{}) // released before the stand-in closes, which waits for handlers
	cases := []struct {
		name    string
		handler http.HandlerFunc
		want    Status
	}{
		{"a failed condition", answer(400, "ConditionalCheckFailedException"), CondFailed},
		{"a conflict", answer(400, "TransactionConflictException"), NotApplied},
		{"a validation error", answer(400, "ValidationException"), NotApplied},
		{"a 500", answer(500, "InternalServerError"), Unknown},
		{"a hang past the timeout", func(w http.ResponseWriter, r *http.Request) { <-hang }, Unknown},
		{"a dropped connection", func(w http.ResponseWriter, r *http.Request) {
			conn, _, _ := w.(http.Hijacker).Hijack()
			conn.Close()
		}, Unknown},
	}
	for _, c := range cases {
		srv := httptest.NewServer(c.handler)
		err := getItemError(t, srv.URL, 300*time.Millisecond)
		if got, msg := Classify(err); got != c.want {
			t.Errorf("%s: Classify = %v (%s), want %v", c.name, got, msg, c.want)
		}
		if c.name == "a hang past the timeout" {
			close(hang)
		}
		srv.CloseClientConnections()
		srv.Close()
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + l.Addr().String()
	l.Close()
	if got, msg := Classify(getItemError(t, closed, time.Second)); got != NotApplied {
		t.Errorf("a refused dial: Classify = %v (%s), want not-applied (nothing was sent)", got, msg)
	}
	if got, _ := Classify(nil); got != Ok {
		t.Errorf("no error: %v, want ok", got)
	}
}
