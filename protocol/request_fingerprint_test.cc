#include "protocol/request_fingerprint.h"

#include <gtest/gtest.h>

#include <string>

namespace monotable::protocol {
namespace {

std::string Fingerprint(const std::string& body) {
  simdjson::dom::parser parser;
  JsonObject object = parser.parse(body).get_object().value();
  return RequestFingerprint(object, "ClientRequestToken");
}

TEST(RequestFingerprintTest, MemberOrderAndTheTokenDoNotMatter) {
  const std::string a = Fingerprint(
      R"({"ClientRequestToken":"t1","TransactItems":[{"Put":{"TableName":"T","Item":{"a":{"S":"1"},"b":{"N":"2"}}}}]})");
  const std::string b = Fingerprint(
      R"({"TransactItems":[{"Put":{"Item":{"b":{"N":"2"},"a":{"S":"1"}},"TableName":"T"}}],"ClientRequestToken":"t2"})");
  EXPECT_EQ(a, b);
  EXPECT_EQ(a.size(), 16u);
}

TEST(RequestFingerprintTest, AnyOtherDifferenceMatters) {
  const std::string base = Fingerprint(R"({"TransactItems":[{"a":"x"},{"b":"y"}]})");
  for (const char* other : {
           R"({"TransactItems":[{"b":"y"},{"a":"x"}]})",  // list order matters
           R"({"TransactItems":[{"a":"x"},{"b":"z"}]})",
           R"({"TransactItems":[{"a":"x"},{"b":"y"}],"ReturnConsumedCapacity":"TOTAL"})",
           R"({"TransactItems":[{"ab":"x"},{"b":"y"}]})",
           R"({"TransactItems":[{"a":"x","b":"y"}]})",
       }) {
    EXPECT_NE(Fingerprint(other), base) << other;
  }
}

}  // namespace
}  // namespace monotable::protocol
