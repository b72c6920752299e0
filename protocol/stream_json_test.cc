#include "protocol/stream_json.h"

#include <gtest/gtest.h>

#include "engine/testing/value_builders.h"

namespace monotable::protocol {
namespace {

using test_values::S;

TEST(StreamJsonTest, ArnsRoundTrip) {
  const StreamName name{"Orders.v2", "2026-10-08T23:07:31.275"};
  const std::string arn = StreamArn("eu-west-1", "123456789012", name);
  EXPECT_EQ(arn,
            "arn:aws:dynamodb:eu-west-1:123456789012:table/Orders.v2/stream/"
            "2026-10-08T23:07:31.275");
  auto parsed = ParseStreamArn(arn);
  ASSERT_TRUE(parsed.has_value());
  EXPECT_EQ(parsed->table_name, "Orders.v2");
  EXPECT_EQ(parsed->label, "2026-10-08T23:07:31.275");
  EXPECT_FALSE(ParseStreamArn("arn:aws:dynamodb:eu-west-1:1:table/Orders").has_value());
  EXPECT_FALSE(ParseStreamArn("arn:aws:s3:::bucket/stream/x").has_value());
  EXPECT_FALSE(ParseStreamArn("arn:aws:dynamodb:r:1:table//stream/x").has_value());
}

TEST(StreamJsonTest, SequenceNumbersAre21DigitsInNumericOrder) {
  EXPECT_EQ(SequenceNumberText(0), "100000000000000000000");
  EXPECT_EQ(SequenceNumberText(UINT64_MAX), "118446744073709551615");
  EXPECT_LT(SequenceNumberText(99), SequenceNumberText(100));
  EXPECT_EQ(ParseSequenceNumber(SequenceNumberText(123456789)), 123456789u);
  EXPECT_FALSE(ParseSequenceNumber("200000000000000000000").has_value());
  EXPECT_FALSE(ParseSequenceNumber("10000000000000000000").has_value());
  EXPECT_FALSE(ParseSequenceNumber("199999999999999999999").has_value());  // over 2^64
}

TEST(StreamJsonTest, ATimeToLiveRecordNamesTheService) {
  StreamRecord record;
  record.event = StreamEventName::kRemove;
  record.view_type = StreamViewType::kKeysOnly;
  record.keys = item_codec::Encode({{"pk", S("a")}});
  record.size_bytes = 3;
  record.creation_ms = 1700000000000;
  record.sequence_number = 5;
  record.event_id = "e";
  record.time_to_live = true;
  JsonWriter w;
  ASSERT_TRUE(WriteStreamRecord(w, record, "us-east-1").ok());
  EXPECT_EQ(w.Take(),
            R"({"awsRegion":"us-east-1","dynamodb":{"ApproximateCreationDateTime":1700000000,)"
            R"("Keys":{"pk":{"S":"a"}},"SequenceNumber":"100000000000000000005","SizeBytes":3,)"
            R"("StreamViewType":"KEYS_ONLY"},"eventID":"e","eventName":"REMOVE",)"
            R"("eventSource":"aws:dynamodb","eventVersion":"1.1","userIdentity":)"
            R"({"PrincipalId":"dynamodb.amazonaws.com","Type":"Service"}})");
  record.time_to_live = false;
  ASSERT_TRUE(WriteStreamRecord(w, record, "us-east-1").ok());
  EXPECT_EQ(w.Take().find("userIdentity"), std::string::npos);
}

TEST(StreamJsonTest, ACorruptStoredImageIsAnInternalError) {
  StreamRecord record;
  record.keys = item_codec::Encode({{"pk", S("a")}});
  record.new_image = "\x02garbage";
  JsonWriter w;
  EXPECT_EQ(WriteStreamRecord(w, record, "us-east-1").code(), ErrorCode::kInternal);
}

}  // namespace
}  // namespace monotable::protocol
