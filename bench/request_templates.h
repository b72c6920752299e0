#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace monotable::bench {

// Keys are written as fixed-width decimal so that every request of one kind has the
// same length: a request can then be re-keyed by overwriting digits in place, and its
// Content-Length never changes. 10 digits allow up to 10^10 distinct keys.
inline constexpr int kKeyDigits = 10;
inline constexpr uint64_t kMaxKeys = 10'000'000'000ULL;

// What every request carries besides its body. The signature is fake: the server
// does not verify it by default, but takes the access key and region from the
// Credential scope as the table namespace, so all bench runs share one namespace.
struct RequestContext {
  std::string host_header;  // "127.0.0.1:8000"
  std::string table;        // already validated as a DynamoDB table name
};

// A complete HTTP/1.1 request (head and body) whose key digits sit at known offsets.
// The load driver keeps one per connection and operation and patches the key in
// place, so issuing a request formats nothing and allocates nothing.
class RequestTemplate {
 public:
  RequestTemplate() = default;
  RequestTemplate(std::string bytes, std::vector<size_t> key_offsets)
      : bytes_(std::move(bytes)), key_offsets_(std::move(key_offsets)) {}

  // Rewrites every occurrence of the key; key < kMaxKeys.
  void SetKey(uint64_t key);

  std::string_view bytes() const { return bytes_; }

 private:
  std::string bytes_;
  std::vector<size_t> key_offsets_;
};

// Formats key as kKeyDigits zero-padded digits into out[0, kKeyDigits).
void FormatKey(uint64_t key, char* out);

// The raw HTTP/1.1 request for X-Amz-Target DynamoDB_20120810.<operation>.
std::string BuildHttpRequest(const RequestContext& context, std::string_view operation,
                             std::string_view body);

// GetItem of {PK: "USER#<key>", SK: "PROFILE"}.
RequestTemplate MakeGetItemTemplate(const RequestContext& context);

// PutItem of the ~200-byte user-profile item of a single-table design: PK/SK,
// e-mail, name, timestamps, a status and GSI1PK/GSI1SK overloaded index keys.
RequestTemplate MakePutItemTemplate(const RequestContext& context);

// TransactWriteItems of `puts` Puts of the profile item, all under PK USER#<key> with
// SK ITEM#0 .. ITEM#<puts-1> (distinct items, as a transaction requires).
RequestTemplate MakeTransactWriteTemplate(const RequestContext& context, int puts);

// UpdateItem of the same item: ConditionExpression attribute_exists(PK) and three
// SET actions (a status, an arithmetic counter increment, a timestamp), the shape of
// a typical single-table "touch" write.
RequestTemplate MakeUpdateItemTemplate(const RequestContext& context);

// CreateTable body: PK (HASH) and SK (RANGE) strings, PAY_PER_REQUEST, and when
// with_gsi a global secondary index GSI1 on GSI1PK/GSI1SK projecting ALL.
std::string MakeCreateTableBody(std::string_view table, bool with_gsi);

// DescribeTable body.
std::string MakeDescribeTableBody(std::string_view table);

// True if name satisfies DynamoDB's table-name rules (3-255 of [A-Za-z0-9_.-]),
// which also means it needs no JSON escaping.
bool IsValidTableName(std::string_view name);

}  // namespace monotable::bench
