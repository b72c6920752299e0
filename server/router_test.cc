// Router over an in-memory engine: which requests reach the DynamoDB protocol, the
// health check, CORS, the headers every DynamoDB reply carries, and which GETs need a
// signature under --require-signature.

#include "server/router.h"

#include <gtest/gtest.h>

#include <ctime>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>

#include "auth/sigv4.h"
#include "auth/verifier.h"
#include "engine/engine.h"
#include "server/crc32.h"
#include "server/router_test_protocol.h"

namespace monotable::server {
namespace {

constexpr char kTarget[] = "DynamoDB_20120810.";

std::string Authorization(const std::string& access_key) {
  return "AWS4-HMAC-SHA256 Credential=" + access_key +
         "/20250101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=abc";
}

// The value of header `name` in the reply's formatted header lines; nullopt if absent.
std::optional<std::string> Header(const HttpReply& reply, const std::string& name) {
  const std::string needle = name + ": ";
  size_t at = 0;
  while (at < reply.headers.size()) {
    const size_t end = reply.headers.find("\r\n", at);
    std::string_view line(reply.headers.data() + at, end - at);
    if (line.substr(0, needle.size()) == needle) return std::string(line.substr(needle.size()));
    at = end + 2;
  }
  return std::nullopt;
}

class RouterTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_NO_FATAL_FAILURE(test_.Open());
    protocol_ = test_.protocol.get();
    monitoring_ = test_.engine.get();
  }

  HttpReply Send(http::verb method, const std::string& cors = "",
                 const std::function<void(HttpRequest&)>& fill = {},
                 const std::string& target = "/") {
    Router router(protocol_, monitoring_, cors);
    HttpRequest request{method, target, 11};
    if (fill) fill(request);
    HttpReply reply;
    router.Handle(request, parser_, reply);
    return reply;
  }
  // A DynamoDB call: POST with the target header and, unless empty, an Authorization.
  HttpReply Call(const std::string& target, const std::string& body,
                 const std::string& authorization = Authorization("AKID1")) {
    return Send(http::verb::post, "", [&](HttpRequest& request) {
      if (!target.empty()) request.set("X-Amz-Target", target);
      if (!authorization.empty()) request.set(http::field::authorization, authorization);
      request.body() = body;
    });
  }

  TestProtocol test_;
  protocol::Protocol* protocol_ = nullptr;
  const MonitoringSource* monitoring_ = nullptr;
  protocol::JsonParser parser_;
};

TEST_F(RouterTest, GetAndHeadAreTheHealthCheck) {
  for (http::verb method : {http::verb::get, http::verb::head}) {
    HttpReply reply = Send(method);
    EXPECT_EQ(reply.status, 200u);
    EXPECT_EQ(reply.body, "healthy: dynamodb.us-east-1.amazonaws.com ");
    EXPECT_EQ(Header(reply, "Content-Type"), "text/plain");
    EXPECT_FALSE(Header(reply, "x-amzn-RequestId").has_value());
  }
}

// --dynamodb-local: DynamoDB Local's 400 to a bare GET /, which Testcontainers for .NET
// waits for; other paths are unchanged.
TEST_F(RouterTest, AsDynamoDbLocalGetAndHeadOfTheRootAre400MissingAuthenticationToken) {
  Router router(protocol_, monitoring_, "");
  router.AnswerRootAsDynamoDbLocal(true);
  for (http::verb method : {http::verb::get, http::verb::head}) {
    for (const char* target : {"/", "/?x=1"}) {
      HttpRequest request{method, target, 11};
      HttpReply reply;
      router.Handle(request, parser_, reply);
      EXPECT_EQ(reply.status, 400u) << target;
      EXPECT_EQ(reply.body,
                R"({"__type":"com.amazonaws.dynamodb.v20120810#MissingAuthenticationToken",)"
                R"("Message":"Request must contain either a valid (registered) AWS access key )"
                R"(ID or X.509 certificate."})");
      EXPECT_EQ(Header(reply, "Content-Type"), "application/x-amz-json-1.0");
      EXPECT_TRUE(Header(reply, "x-amzn-RequestId").has_value());
    }
  }
  HttpRequest other{http::verb::get, "/nope", 11};
  HttpReply not_found;
  router.Handle(other, parser_, not_found);
  EXPECT_EQ(not_found.status, 404u);
  router.AnswerRootAsDynamoDbLocal(false);
  HttpRequest root{http::verb::get, "/", 11};
  HttpReply healthy;
  router.Handle(root, parser_, healthy);
  EXPECT_EQ(healthy.status, 200u);
}

TEST_F(RouterTest, GetOfAnUnknownPathIs404) {
  for (const char* target : {"/nope", "/metrics/x", "/monotable/tables/T/nope", "/monotable"}) {
    HttpReply reply = Send(http::verb::get, "", {}, target);
    EXPECT_EQ(reply.status, 404u) << target;
    EXPECT_EQ(reply.body, "not found\n") << target;  // the path is not echoed back
  }
  EXPECT_EQ(Send(http::verb::get, "", {}, "/<script>alert(1)</script>").body, "not found\n");
  EXPECT_EQ(Send(http::verb::get, "", {}, "/?x=1").status, 200u);
}

TEST_F(RouterTest, MetricsCountRequestsByOperationAndOutcome) {
  Router router(protocol_, monitoring_, "");
  auto call = [&](const std::string& operation) {
    HttpRequest request{http::verb::post, "/", 11};
    request.set("X-Amz-Target", std::string(kTarget) + operation);
    request.set(http::field::authorization, Authorization("AKID1"));
    request.body() = operation == "ListTables" ? "{}" : R"({"TableName":"Missing"})";
    HttpReply reply;
    router.Handle(request, parser_, reply);
  };
  call("ListTables");
  call("ListTables");
  call("DescribeTable");
  call("Frobnicate");
  HttpRequest get{http::verb::get, "/metrics", 11};
  HttpReply reply;
  router.Handle(get, parser_, reply);
  EXPECT_EQ(reply.status, 200u);
  EXPECT_EQ(Header(reply, "Content-Type"), "text/plain; version=0.0.4; charset=utf-8");
  const std::string& body = reply.body;
  EXPECT_NE(body.find("monotable_requests_total{operation=\"ListTables\",outcome=\"Ok\"} 2"),
            std::string::npos)
      << body;
  EXPECT_NE(body.find("monotable_requests_total{operation=\"DescribeTable\",outcome="
                      "\"ResourceNotFoundException\"} 1"),
            std::string::npos);
  EXPECT_NE(body.find("monotable_requests_total{operation=\"Other\",outcome="
                      "\"UnknownOperationException\"} 1"),
            std::string::npos);
  EXPECT_NE(body.find("monotable_request_duration_seconds_count{operation=\"ListTables\"} 2"),
            std::string::npos);
  EXPECT_NE(body.find("monotable_request_duration_seconds_bucket{operation=\"ListTables\","
                      "le=\"+Inf\"} 2"),
            std::string::npos);
  EXPECT_NE(body.find("monotable_rocksdb_memtable_bytes "), std::string::npos);
}

TEST_F(RouterTest, OtherMethodsAreAnUnknownOperation) {
  for (http::verb method : {http::verb::put, http::verb::delete_, http::verb::patch}) {
    HttpReply reply = Send(method);
    EXPECT_EQ(reply.status, 400u);
    EXPECT_NE(reply.body.find("UnknownOperationException"), std::string::npos) << reply.body;
    EXPECT_EQ(Header(reply, "Content-Type"), "application/x-amz-json-1.0");
  }
}

TEST_F(RouterTest, APostWithoutTheDynamoDbTargetIsAnUnknownOperation) {
  for (const std::string target : {"", "ListTables", "DynamoDB_20111205.ListTables"}) {
    HttpReply reply = Call(target, "{}");
    EXPECT_EQ(reply.status, 400u) << target;
    EXPECT_NE(reply.body.find("UnknownOperationException"), std::string::npos) << reply.body;
  }
}

TEST_F(RouterTest, AnUnknownOperationNameIsTheProtocolsToRefuse) {
  HttpReply reply = Call(std::string(kTarget) + "Frobnicate", "{}");
  EXPECT_EQ(reply.status, 400u);
  EXPECT_NE(reply.body.find("UnknownOperationException"), std::string::npos) << reply.body;
}

TEST_F(RouterTest, ARequestWithoutCredentialsIsRefused) {
  HttpReply missing = Call(std::string(kTarget) + "ListTables", "{}", "");
  EXPECT_EQ(missing.status, 400u);
  EXPECT_NE(missing.body.find("MissingAuthenticationTokenException"), std::string::npos);
  EXPECT_NE(missing.body.find("Request is missing Authentication Token"), std::string::npos)
      << missing.body;

  HttpReply malformed = Call(std::string(kTarget) + "ListTables", "{}", "Bearer xyz");
  EXPECT_EQ(malformed.status, 400u);
  EXPECT_NE(malformed.body.find("Authorization header requires 'Credential' parameter. "
                                "Authorization=Bearer xyz"),
            std::string::npos)
      << malformed.body;
}

TEST_F(RouterTest, ADynamoDbCallCarriesDynamoDbsHeaders) {
  HttpReply reply = Call(std::string(kTarget) + "ListTables", "{}");
  EXPECT_EQ(reply.status, 200u);
  EXPECT_EQ(reply.body, R"({"TableNames":[]})");
  EXPECT_EQ(Header(reply, "Content-Type"), "application/x-amz-json-1.0");
  EXPECT_EQ(Header(reply, "x-amz-crc32"), std::to_string(Crc32(reply.body)));
  const auto id = Header(reply, "x-amzn-RequestId");
  ASSERT_TRUE(id.has_value());
  EXPECT_EQ(id->size(), 52u);
  EXPECT_EQ(id->find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"), std::string::npos);
}

TEST_F(RouterTest, RequestIdsOfOneRouterShareAPrefixAndNeverRepeat) {
  Router router(protocol_, monitoring_, "");
  std::set<std::string> ids;
  std::string prefix;
  for (int i = 0; i < 200; ++i) {
    HttpRequest request{http::verb::post, "/", 11};
    HttpReply reply;
    router.Handle(request, parser_, reply);
    const std::string id = Header(reply, "x-amzn-RequestId").value_or("");
    ASSERT_EQ(id.size(), 52u);
    if (prefix.empty()) prefix = id.substr(0, 39);
    EXPECT_EQ(id.substr(0, 39), prefix);
    ids.insert(id);
  }
  EXPECT_EQ(ids.size(), 200u);
}

TEST_F(RouterTest, TheCredentialsAccessKeySeparatesTables) {
  const std::string create = R"({"TableName":"tbl","AttributeDefinitions":[{"AttributeName":"pk",)"
                             R"("AttributeType":"S"}],"KeySchema":[{"AttributeName":"pk",)"
                             R"("KeyType":"HASH"}],"BillingMode":"PAY_PER_REQUEST"})";
  HttpReply created = Call(std::string(kTarget) + "CreateTable", create, Authorization("AKID1"));
  ASSERT_EQ(created.status, 200u) << created.body;
  EXPECT_EQ(Call(std::string(kTarget) + "ListTables", "{}", Authorization("AKID1")).body,
            R"({"TableNames":["tbl"]})");
  EXPECT_EQ(Call(std::string(kTarget) + "ListTables", "{}", Authorization("AKID2")).body,
            R"({"TableNames":[]})");
}

TEST_F(RouterTest, CorsHeadersOnlyForAllowedOrigins) {
  auto with_origin = [](const std::string& origin) {
    return [origin](HttpRequest& request) { request.set(http::field::origin, origin); };
  };
  // Not configured: never.
  EXPECT_FALSE(Header(Send(http::verb::options, "", with_origin("http://a")),
                      "Access-Control-Allow-Origin"));
  // Any origin.
  HttpReply any = Send(http::verb::options, "*", with_origin("http://a"));
  EXPECT_EQ(any.status, 200u);
  EXPECT_TRUE(any.body.empty());
  EXPECT_EQ(Header(any, "Access-Control-Allow-Origin"), "http://a");
  EXPECT_EQ(Header(any, "Access-Control-Allow-Methods"), "GET, POST, OPTIONS");
  // No Origin header: nothing to allow.
  EXPECT_FALSE(Header(Send(http::verb::options, "*"), "Access-Control-Allow-Origin"));
  // A list: exact matches only.
  const std::string list = "http://a,http://b:8080";
  EXPECT_EQ(Header(Send(http::verb::get, list, with_origin("http://b:8080")),
                   "Access-Control-Allow-Origin"),
            "http://b:8080");
  EXPECT_EQ(
      Header(Send(http::verb::post, list, with_origin("http://a")), "Access-Control-Allow-Origin"),
      "http://a");
  for (const std::string refused : {"http://b", "http://c", "http://a,http://b:8080"}) {
    EXPECT_FALSE(
        Header(Send(http::verb::get, list, with_origin(refused)), "Access-Control-Allow-Origin"))
        << refused;
  }
}

TEST_F(RouterTest, TooLargeIsA413InDynamoDbsShape) {
  Router router(protocol_, monitoring_, "");
  HttpReply reply;
  router.RequestTooLarge(reply);
  EXPECT_EQ(reply.status, 413u);
  EXPECT_NE(reply.body.find("RequestEntityTooLargeException"), std::string::npos) << reply.body;
  EXPECT_TRUE(Header(reply, "x-amzn-RequestId").has_value());
}

TEST_F(RouterTest, AConnectionHandlerRoutesThroughTheRouter) {
  Router router(protocol_, monitoring_, "");
  std::unique_ptr<ConnectionHandler> connection = router.NewConnection();
  HttpRequest request{http::verb::get, "/", 11};
  HttpReply reply;
  connection->Handle(request, reply);
  EXPECT_EQ(reply.body, "healthy: dynamodb.us-east-1.amazonaws.com ");
  HttpReply too_large;
  connection->BodyTooLarge(too_large);
  EXPECT_EQ(too_large.status, 413u);
}

// Which requests go to the worker pool: page reads, batches, transactions, PartiQL and
// the monitoring views; not point operations, the health check or other methods.
TEST_F(RouterTest, PageReadsBatchesAndViewsRunLongPointOperationsDoNot) {
  Router router(protocol_, monitoring_, "");
  auto post = [&router](const std::string& target) {
    HttpRequest request{http::verb::post, "/", 11};
    request.set("X-Amz-Target", target);
    return router.RunsLong(request);
  };
  for (const char* op : {"Scan", "Query", "BatchGetItem", "BatchWriteItem", "TransactGetItems",
                         "TransactWriteItems", "ExecuteStatement", "BatchExecuteStatement",
                         "ExecuteTransaction", "CreateTable", "DeleteTable"}) {
    EXPECT_TRUE(post(std::string(kTarget) + op)) << op;
  }
  EXPECT_TRUE(post("DynamoDBStreams_20120810.GetRecords"));
  for (const char* op : {"GetItem", "PutItem", "UpdateItem", "DeleteItem", "DescribeTable",
                         "ListTables", "NoSuchOperation"}) {
    EXPECT_FALSE(post(std::string(kTarget) + op)) << op;
  }
  EXPECT_FALSE(post("Scan"));  // without DynamoDB's prefix: an unknown operation
  EXPECT_FALSE(post("DynamoDBStreams_20120810.DescribeStream"));

  auto get = [&router](http::verb method, const std::string& target) {
    return router.RunsLong(HttpRequest{method, target, 11});
  };
  EXPECT_TRUE(get(http::verb::get, "/metrics"));
  EXPECT_TRUE(get(http::verb::get, "/monotable/tables?namespace=shared"));
  EXPECT_FALSE(get(http::verb::get, "/"));
  EXPECT_FALSE(get(http::verb::get, "/console/"));
  EXPECT_FALSE(get(http::verb::head, "/metrics"));
  EXPECT_FALSE(get(http::verb::options, "/"));
}

constexpr char kAccessKey[] = "AKIDGET";
constexpr char kSecret[] = "get/secret+1";
constexpr char kHost[] = "127.0.0.1:8000";

// Under --require-signature: which GETs need a SigV4 signature (the monitoring views),
// which stay open (the health check, the console's files, /metrics with
// --public-metrics, then without key values), and that a refusal is DynamoDB's error.
class RouterSignatureTest : public RouterTest {
 protected:
  // A GET of `target` through a router that requires signatures; signed with `secret`
  // (at the real time: the verifier reads the system clock) unless it is empty.
  HttpReply Get(const std::string& target, const std::string& secret, bool public_metrics = false) {
    Router router(protocol_, monitoring_, "", false, /*serve_console=*/true);
    router.RequireSignatures(std::make_shared<auth::SignatureVerifier>(
                                 auth::SecretsByKey{{kAccessKey, std::string(kSecret)}}),
                             public_metrics);
    HttpRequest request{http::verb::get, target, 11};
    request.set(http::field::host, kHost);
    if (!secret.empty()) {
      const std::string date = auth::FormatAmzDate(static_cast<int64_t>(std::time(nullptr)));
      request.set("X-Amz-Date", date);
      const std::string payload_hash = auth::Sha256Hex("");
      const size_t question = target.find('?');
      auth::CanonicalParts parts;
      parts.method = "GET";
      parts.path = std::string_view(target).substr(0, question);
      if (question != std::string::npos)
        parts.query = std::string_view(target).substr(question + 1);
      parts.headers = {{"host", kHost}, {"x-amz-date", date}};
      parts.payload_hash = payload_hash;
      request.set(http::field::authorization,
                  auth::AuthorizationHeader(kAccessKey, secret, date,
                                            {date.substr(0, 8), "us-east-1", "dynamodb"}, parts));
    }
    HttpReply reply;
    router.Handle(request, parser_, reply);
    return reply;
  }

  bool HasType(const HttpReply& reply, const std::string& type) {
    return reply.body.find("#" + type + "\"") != std::string::npos;
  }
};

TEST_F(RouterSignatureTest, MonitoringViewsNeedASignature) {
  for (const char* target : {"/monotable/tables", "/metrics", "/monotable/tables/T/partitions",
                             "/monotable/tables/T/insights?namespace=a%3Ab", "/nope"}) {
    HttpReply unsigned_reply = Get(target, "");
    EXPECT_EQ(unsigned_reply.status, 400u) << target;
    EXPECT_TRUE(HasType(unsigned_reply, "MissingAuthenticationTokenException"))
        << unsigned_reply.body;
    EXPECT_NE(unsigned_reply.body.find("Request is missing Authentication Token"),
              std::string::npos);

    HttpReply wrong = Get(target, "not-the-secret");
    EXPECT_EQ(wrong.status, 400u) << target;
    EXPECT_TRUE(HasType(wrong, "InvalidSignatureException")) << wrong.body;
  }
  EXPECT_EQ(Get("/monotable/tables", kSecret).status, 200u);
  EXPECT_EQ(Get("/metrics", kSecret).status, 200u);
  // Signed, a view still answers its own errors.
  EXPECT_EQ(Get("/monotable/tables/T/insights?namespace=a%3Ab", kSecret).status, 404u);
  EXPECT_EQ(Get("/nope", kSecret).status, 404u);
}

TEST_F(RouterSignatureTest, HealthCheckAndConsoleFilesStayOpen) {
  EXPECT_EQ(Get("/", "").status, 200u);
  EXPECT_EQ(Get("/console/", "").status, 200u);
}

TEST_F(RouterSignatureTest, PublicMetricsOpensOnlyMetrics) {
  HttpReply metrics = Get("/metrics", "", /*public_metrics=*/true);
  EXPECT_EQ(metrics.status, 200u);
  EXPECT_NE(metrics.body.find("monotable_"), std::string::npos);
  EXPECT_TRUE(HasType(Get("/monotable/tables", "", true), "MissingAuthenticationTokenException"));
}

}  // namespace
}  // namespace monotable::server
