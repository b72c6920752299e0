// Protocol::Handle as the exception boundary of a request: handlers injected through
// the route table throw, and the client must get InternalServerError while the error
// is logged. Without the boundary these tests end the test process.
#include "protocol/operations.h"

#include <gtest/gtest.h>

#include <memory>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "engine/base/clock.h"
#include "engine/testing/in_memory_engine.h"
#include "engine/testing/log_capture.h"

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
    {"OutOfRange", ThrowsOutOfRange},
    {"ThrowsInt", ThrowsInt},
    {"Internal", FailsInternally},
    {"Ok", Succeeds},
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

}  // namespace
}  // namespace monotable::protocol
