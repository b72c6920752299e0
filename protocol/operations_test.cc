// Protocol::Handle as the exception boundary of a request: handlers injected through
// the route table throw, and the client must get InternalServerError while the error
// is logged. Without the boundary these tests end the test process. And what the
// service model lets a client reach but monotable does not serve: a clear
// ValidationException, never UnknownOperationException, a 500 or a silent accept.
#include "protocol/operations.h"

#include <gtest/gtest.h>

#include <memory>
#include <set>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "engine/base/clock.h"
#include "engine/testing/in_memory_engine.h"
#include "engine/testing/log_capture.h"
#include "protocol/model_constraints.h"

namespace monotable::protocol {
namespace {

constexpr char kInternalBody[] =
    R"({"__type":"com.amazonaws.dynamodb.v20120810#InternalServerError",)"
    R"("message":"Internal server error"})";

Result<std::string> ThrowsOutOfRange(const OperationContext&, JsonObject) {
  return std::to_string(std::vector<int>().at(1));
}
Result<std::string> ThrowsInt(const OperationContext&, JsonObject) { throw 7; }
Result<std::string> FailsInternally(const OperationContext&, JsonObject) {
  return Status::Internal("the disk is gone");
}
Result<std::string> Succeeds(const OperationContext&, JsonObject) { return std::string("{}"); }

constexpr Route kTestRoutes[] = {
    {"OutOfRange", ThrowsOutOfRange, Runs::kInline},
    {"ThrowsInt", ThrowsInt, Runs::kInline},
    {"Internal", FailsInternally, Runs::kInline},
    {"Ok", Succeeds, Runs::kOnWorker},
};

using test_log::LogCapture;

class ProtocolBoundaryTest : public ::testing::Test {
 protected:
  void SetUp() override {
    engine_ = test_engine::OpenInMemory(std::make_unique<SystemClock>());
    ASSERT_NE(engine_, nullptr);
    protocol_ = std::make_unique<Protocol>(engine_.get(), ProtocolOptions{}, kTestRoutes);
  }

  Response Call(std::string_view operation, std::string_view* table_name = nullptr) {
    return protocol_->Handle(operation, body_, {"AKID", "us-east-1"}, parser_, table_name);
  }

  std::string body_ = R"({"TableName":"orders","Key":{}})";
  JsonParser parser_;
  std::unique_ptr<Engine> engine_;
  std::unique_ptr<Protocol> protocol_;
  LogCapture log_;
};

TEST_F(ProtocolBoundaryTest, StandardExceptionBecomesInternalServerError) {
  Response r = Call("OutOfRange");
  EXPECT_EQ(r.http_status, 500);
  EXPECT_EQ(r.error, ErrorCode::kInternal);
  EXPECT_EQ(r.body, kInternalBody);
  EXPECT_NE(log_.text().find("[error] OutOfRange threw an exception"), std::string::npos)
      << log_.text();
}

TEST_F(ProtocolBoundaryTest, NonStandardExceptionBecomesInternalServerError) {
  Response r = Call("ThrowsInt");
  EXPECT_EQ(r.http_status, 500);
  EXPECT_EQ(r.body, kInternalBody);
  EXPECT_NE(log_.text().find("ThrowsInt threw an exception: unknown exception"), std::string::npos)
      << log_.text();
  // The protocol keeps serving after a throw.
  EXPECT_EQ(Call("Ok").http_status, 200);
}

TEST_F(ProtocolBoundaryTest, InternalErrorIsLoggedWithItsOperation) {
  Response r = Call("Internal");
  EXPECT_EQ(r.http_status, 500);
  EXPECT_EQ(r.error, ErrorCode::kInternal);
  EXPECT_NE(log_.text().find("[error] Internal failed with an internal error: the disk is gone"),
            std::string::npos)
      << log_.text();
}

TEST_F(ProtocolBoundaryTest, TableNameOnlyWhenAsked) {
  std::string_view table = "untouched";
  Response r = Call("Ok", &table);
  EXPECT_EQ(r.http_status, 200);
  EXPECT_EQ(r.error, ErrorCode::kOk);
  EXPECT_EQ(table, "orders");

  body_ = R"({"Limit":3})";
  table = {};
  Call("Ok", &table);
  EXPECT_TRUE(table.empty());
  EXPECT_TRUE(log_.text().empty()) << log_.text();
}

// The server's own routes, as the HTTP server has them.
class ServedOperationsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    engine_ = test_engine::OpenInMemory(std::make_unique<SystemClock>());
    ASSERT_NE(engine_, nullptr);
    protocol_ = std::make_unique<Protocol>(engine_.get(), ProtocolOptions{});
  }

  Response Call(std::string_view operation, std::string_view body) {
    return protocol_->Handle(operation, body, {"AKID", "us-east-1"}, parser_, nullptr);
  }

  // The response is HTTP 400 with a ValidationException saying `message`.
  void ExpectNotSupported(std::string_view operation, std::string_view body,
                          const std::string& message) {
    Response r = Call(operation, body);
    EXPECT_EQ(r.http_status, 400) << operation << ": " << r.body;
    EXPECT_EQ(r.error, ErrorCode::kNotImplemented) << operation << ": " << r.body;
    EXPECT_NE(r.body.find("ValidationException"), std::string::npos) << r.body;
    EXPECT_NE(r.body.find(message), std::string::npos) << r.body;
  }

  JsonParser parser_;
  std::unique_ptr<Engine> engine_;
  std::unique_ptr<Protocol> protocol_;
  LogCapture log_;
};

// A regenerated model (tools/gen_model_constraints.py) brings new operations: each must
// be served or listed as known (kKnownOperations), so that SDK users see "not
// supported yet" rather than an unknown operation.
TEST_F(ServedOperationsTest, EveryOperationOfTheModelIsServedOrKnown) {
  ASSERT_FALSE(model::Generated().operations.empty());
  for (const model::Operation& op : model::Generated().operations) {
    Response r = Call(op.name, "{}");
    EXPECT_NE(r.error, ErrorCode::kUnknownOperation) << op.name << ": " << r.body;
    EXPECT_NE(r.http_status, 500) << op.name << ": " << r.body;
  }
}

// Each route states where it runs (Route::runs): the operations that read or write many
// items, PartiQL and the column-family changes go to the worker pool, and nothing that
// is not served does.
TEST_F(ServedOperationsTest, LongOperationsRunOnTheWorkerPool) {
  const std::set<std::string_view> on_worker = {"BatchExecuteStatement",
                                                "BatchGetItem",
                                                "BatchWriteItem",
                                                "CreateTable",
                                                "DeleteTable",
                                                "ExecuteStatement",
                                                "ExecuteTransaction",
                                                "ExportTableToPointInTime",
                                                "ImportTable",
                                                "Query",
                                                "RestoreTableFromBackup",
                                                "RestoreTableToPointInTime",
                                                "Scan",
                                                "TransactGetItems",
                                                "TransactWriteItems",
                                                "UpdateTable",
                                                "DynamoDBStreams_20120810.GetRecords"};
  size_t seen = 0;
  for (const Route& route : protocol_->routes()) {
    EXPECT_EQ(protocol_->RunsOnWorker(route.name), on_worker.count(route.name) == 1) << route.name;
    seen += on_worker.count(route.name);
  }
  EXPECT_EQ(seen, on_worker.size());
  EXPECT_FALSE(protocol_->RunsOnWorker("SearchVectors"));  // known, not served
  EXPECT_FALSE(protocol_->RunsOnWorker("NoSuchOperation"));
}

// botocore 1.44's operations (vector search and bulk writes).
TEST_F(ServedOperationsTest, NewerOperationsAreNotSupportedYet) {
  for (std::string_view op : {"SearchVectors", "StartBulkPutItems", "DescribeBulkOperation",
                              "ListBulkOperations", "CancelBulkOperation"}) {
    ExpectNotSupported(op, "{}",
                       "The " + std::string(op) + " operation is not supported by monotable yet");
  }
}

TEST_F(ServedOperationsTest, UnservedMembersAreRefusedNotIgnored) {
  ExpectNotSupported("CreateTable", R"({"TableName":"vectors",
      "AttributeDefinitions":[{"AttributeName":"PK","AttributeType":"S"}],
      "KeySchema":[{"AttributeName":"PK","KeyType":"HASH"}],"BillingMode":"PAY_PER_REQUEST",
      "VectorIndexes":[]})",
                     "VectorIndexes is not supported by monotable yet");
  ExpectNotSupported("UpdateTable", R"({"TableName":"vectors","VectorIndexUpdates":[]})",
                     "VectorIndexUpdates is not supported by monotable yet");
  ExpectNotSupported("UpdateTable",
                     R"({"TableName":"vectors","DisassociationProtectionEnabled":true})",
                     "DisassociationProtectionEnabled is not supported by monotable yet");
  ExpectNotSupported(
      "RestoreTableFromBackup",
      R"({"TargetTableName":"copy","BackupArn":)"
      R"("arn:aws:dynamodb:us-east-1:000000000000:table/t/backup/01234567890123-abcdefgh",)"
      R"("VectorIndexOverride":[]})",
      "VectorIndexOverride is not supported by monotable yet");
  // A JSON null is an absent member, as everywhere in DynamoDB's JSON.
  Response r = Call("UpdateTable", R"({"TableName":"vectors","VectorIndexUpdates":null})");
  EXPECT_NE(r.error, ErrorCode::kNotImplemented) << r.body;
}

TEST_F(ServedOperationsTest, ShardIteratorAtTimestampIsNotSupportedYet) {
  ExpectNotSupported(
      "DynamoDBStreams_20120810.GetShardIterator",
      R"({"StreamArn":"arn:aws:dynamodb:us-east-1:000000000000:table/t/stream/)"
      R"(2026-01-01T00:00:00.000","ShardId":"shardId-00000000000000000000-00000001",)"
      R"("ShardIteratorType":"AT_TIMESTAMP","Timestamp":1767225600})",
      "ShardIteratorType AT_TIMESTAMP is not supported by monotable yet");
}

}  // namespace
}  // namespace monotable::protocol
