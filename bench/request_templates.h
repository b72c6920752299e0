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
  std::string expires_at;   // digits: profiles carry "expiresAt" (N); empty: none
};

// A complete HTTP/1.1 request (head and body) whose key digits sit at known offsets.
// The load driver keeps one per connection and operation and patches the keys in
// place, so issuing a request formats nothing and allocates nothing. Each key slot is
// one number written at one or more offsets: a GetItem has one slot; a BatchWriteItem
// of 25 orders has 50 (each item's partition and order number).
class RequestTemplate {
 public:
  RequestTemplate() = default;
  RequestTemplate(std::string bytes, std::vector<std::vector<size_t>> slot_offsets)
      : bytes_(std::move(bytes)), slot_offsets_(std::move(slot_offsets)) {}

  // Rewrites every occurrence of slot 0 (the only slot of single-key requests);
  // key < kMaxKeys.
  void SetKey(uint64_t key) { SetKey(0, key); }
  // Rewrites every occurrence of one slot; slot < slots(), key < kMaxKeys.
  void SetKey(size_t slot, uint64_t key);

  size_t slots() const { return slot_offsets_.size(); }
  std::string_view bytes() const { return bytes_; }

 private:
  std::string bytes_;
  std::vector<std::vector<size_t>> slot_offsets_;
};

// The items a bench table holds. Profiles serve GetItem/PutItem/UpdateItem (and
// TransactWriteItems, which writes ITEM#<i> siblings of the profile); orders
// serve Query and Scan: the single-table "all orders of a customer" partition.
enum class Dataset {
  kProfiles,  // PK=USER#<key>, SK=PROFILE: one ~200-byte item per key
  kOrders,    // PK=USER#<key>, SK=ORDER#<n>: items_per_key ~200-byte items per key
};

// Key slots each item of a dataset takes in a BatchWriteItem template: the
// partition key, then for orders the order number.
size_t SlotsPerItem(Dataset dataset);

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

// DeleteItem of {PK: "USER#<key>", SK: "PROFILE"}, no condition, no ReturnValues.
RequestTemplate MakeDeleteItemTemplate(const RequestContext& context);

// Query of PK = USER#<key> AND begins_with(SK, "ORDER#") with the given Limit: one
// customer's orders, the commonest single-table read.
RequestTemplate MakeQueryTemplate(const RequestContext& context, int limit);

// Query of the profiles' GSI1 (IndexName GSI1) for GSI1PK = EMAIL#user<key>@example.com:
// the one profile of that e-mail, read through a global secondary index.
RequestTemplate MakeGsiQueryTemplate(const RequestContext& context);

// The same read in PartiQL: ExecuteStatement of SELECT * FROM "<table>" WHERE PK = ?
// AND begins_with(SK, ?) with Parameters [USER#<key>, ORDER#] and the given Limit.
RequestTemplate MakeSelectTemplate(const RequestContext& context, int limit);

// BatchWriteItem of `items` PutRequests (1..25) of the dataset's items. Item i takes
// key slots [i * SlotsPerItem, (i + 1) * SlotsPerItem): its partition, then (orders)
// its order number.
RequestTemplate MakeBatchWriteTemplate(const RequestContext& context, Dataset dataset,
                                       size_t items);

// BatchGetItem of `keys` (1..100) profile keys {PK: "USER#<key>", SK: "PROFILE"} of
// one table, key i in slot i; the caller keeps them distinct, as DynamoDB requires.
RequestTemplate MakeBatchGetTemplate(const RequestContext& context, size_t keys);

// Scan body for one segment of a parallel scan; exclusive_start_key is the raw JSON of
// the previous page's LastEvaluatedKey, or empty for the first page.
std::string MakeScanBody(std::string_view table, int segment, int total_segments,
                         std::string_view exclusive_start_key);

// The most GSIs a bench table can have (--gsis).
inline constexpr int kMaxBenchGsis = 5;

// CreateTable body: PK (HASH) and SK (RANGE) strings, PAY_PER_REQUEST, and the first
// `gsis` of five global secondary indexes over the PutItem item's attributes (GSI1 on
// GSI1PK/GSI1SK, then email, status/createdAt, name, createdAt/PK), projecting ALL.
std::string MakeCreateTableBody(std::string_view table, int gsis);

// DescribeTable body.
std::string MakeDescribeTableBody(std::string_view table);

// True if name satisfies DynamoDB's table-name rules (3-255 of [A-Za-z0-9_.-]),
// which also means it needs no JSON escaping.
bool IsValidTableName(std::string_view name);

}  // namespace monotable::bench
