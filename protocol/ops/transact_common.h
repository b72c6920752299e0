#pragma once
// Members shared by TransactWriteItems, TransactGetItems and ExecuteTransaction: the
// TransactItems list (1..100 entries), ClientRequestToken and ReturnConsumedCapacity, in
// DynamoDB's constraint wording.

#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/format/item_codec.h"
#include "protocol/json_reader.h"
#include "protocol/json_writer.h"

namespace monotable::protocol::ops {

// Calls decode(entry, index, state) for each entry of `list`, each with a fresh State
// kept in `states` for the rest of the request (stable addresses: resolved expressions
// point into them). Stops at the first error.
template <typename State, typename Decode>
Status ForEachEntry(JsonArray list, std::vector<std::unique_ptr<State>>& states, Decode decode) {
  for (JsonElement entry : list) {
    const size_t index = states.size();
    states.push_back(std::make_unique<State>());
    MT_RETURN_IF_ERROR(decode(entry, index, *states.back()));
  }
  return Status::Ok();
}

// The object of one entry's member (`member`, e.g. "Put"); kSerialization when the
// entry or the member is not a structure.
Result<std::optional<JsonObject>> EntryMember(JsonElement entry, std::string_view member);

// ClientRequestToken (TransactWriteItems, ExecuteTransaction); its length is the
// model's.
Result<std::optional<std::string>> DecodeClientRequestToken(JsonObject request);

// Path of an action's member in constraint errors: transactItems.<i>.member.<kind>.
std::string ActionPath(size_t index, std::string_view kind);

// "Responses" of TransactGetItems and of ExecuteTransaction's reads: one object per Get,
// with "Item" (written from its stored form) when the item exists. Errors: kInternal (a
// corrupt stored item).
Status WriteTransactGetResponses(JsonWriter& w,
                                 const std::vector<std::optional<item_codec::EncodedItem>>& items);

}  // namespace monotable::protocol::ops
