#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace monotable::bench {

// Just enough JSON reading for the driver's checks (TableStatus, Count,
// LastEvaluatedKey, UnprocessedItems), without a parser: each looks for the first
// "key": of a response body, which is unambiguous for the bench's own items (no
// attribute of theirs uses these names).

// Value of the first "key":"value" string pair, or "" if absent.
std::string FindJsonString(std::string_view json, std::string_view key);

// Value of the first "key":<unsigned integer> pair, or nullopt if absent.
std::optional<uint64_t> FindJsonUint(std::string_view json, std::string_view key);

// Raw text of the first "key":{...} object, braces included (strings inside may hold
// braces), or "" if absent or unterminated.
std::string_view FindJsonObject(std::string_view json, std::string_view key);

// True for "{}" with any whitespace inside.
bool IsEmptyJsonObject(std::string_view object);

// True for a TransactionCanceledException whose CancellationReasons are all None or
// TransactionConflict, with at least one conflict: what DynamoDB answers when concurrent
// transactions touch one item (the bench's transactions conflict by design, so the
// driver counts these apart from errors).
bool IsTransactionConflict(std::string_view body);

}  // namespace monotable::bench
