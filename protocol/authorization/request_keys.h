#pragma once
// The context keys of one request that are not the principal's, computed only when a
// policy reads them (iam::KeySource): what the caller's connection shows (aws:SourceIp,
// aws:SecureTransport), the time (aws:CurrentTime, aws:EpochTime), and for a keyed
// item request (GetItem, PutItem, UpdateItem, DeleteItem) DynamoDB's keys
// (dynamodb:LeadingKeys, Attributes, Select, ReturnValues, ReturnConsumedCapacity) as
// access_checks.h computes them for every other operation. Not thread-safe: a source
// belongs to one request and fills its own cache; the values it returns stay valid
// while it lives.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/clock.h"
#include "engine/engine.h"
#include "iam/request_context.h"
#include "protocol/json_reader.h"

namespace monotable::protocol::authorization {

// What the server knows of the caller besides its access key.
struct CallerFacts {
  std::string_view access_key_id;
  std::string_view source_ip;  // empty: unknown (aws:SourceIp absent)
  bool secure_transport = false;
};

// One key's values: most keys hold one value, kept without a vector's allocation.
struct LazyValues {
  bool present = false;
  bool single = false;
  std::string one;
  std::vector<std::string> many;
  void Set(std::string value) {
    one = std::move(value);
    single = present = true;
  }
  // One value copied straight in (not built elsewhere and moved: two copies of a
  // short string).
  void SetText(std::string_view value) {
    one.assign(value);
    single = present = true;
  }
  void Set(std::vector<std::string> values) {
    many = std::move(values);
    present = true;
  }
  std::optional<iam::KeyValues> get() const {
    if (!present) return std::nullopt;
    return single ? iam::KeyValues(&one, 1) : iam::KeyValues(many);
  }
};

class CallerKeys : public iam::KeySource {
 public:
  // Holds the references: they must outlive this object.
  CallerKeys(const CallerFacts& caller, const Clock& clock) : caller_(caller), clock_(clock) {}
  std::optional<iam::KeyValues> Find(std::string_view name) const override;

 private:
  const CallerFacts& caller_;
  const Clock& clock_;
  // Made when first asked for: a request that asks for none builds none.
  mutable std::optional<LazyValues> current_time_, epoch_time_, secure_transport_, source_ip_;
};

class ItemKeys : public iam::KeySource {
 public:
  // `request` is the item request (its TableName names `table`), `key_member` "Key"
  // or "Item", `get`: whether it is a GetItem (dynamodb:Select) or a write
  // (dynamodb:ReturnValues). Holds the references: they must outlive this object.
  // `key`: the request's `key_member` map when the caller has found it already.
  ItemKeys(JsonObject request, std::string_view key_member, const TableDefinition& table, bool get,
           const CallerKeys& caller, std::optional<JsonObject> key = std::nullopt)
      : request_(request),
        key_(key),
        key_member_(key_member),
        table_(table),
        get_(get),
        caller_(caller) {}
  std::optional<iam::KeyValues> Find(std::string_view name) const override;

 private:
  JsonObject request_;
  std::optional<JsonObject> key_;
  std::string_view key_member_;
  const TableDefinition& table_;
  bool get_;
  const CallerKeys& caller_;
  mutable std::optional<LazyValues> leading_keys_, attributes_, setting_, capacity_;
};

}  // namespace monotable::protocol::authorization
