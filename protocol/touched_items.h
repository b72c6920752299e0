#pragma once
// The text of the items a request touched, as the server's request log writes them
// (`--log-requests`: `... items=ENTRY;ENTRY...`) and `monotable rehearse --trace` reads
// them back. One codec for both sides, so that they cannot drift apart.
//
// ENTRY is TARGET/OP/PK/SK/BYTES/UNITS:
//   - TARGET: the table, or TABLE:INDEX for a global secondary index (names are
//     [A-Za-z0-9_.-], so they need no escaping);
//   - OP: `read` or `write`;
//   - PK: the partition key as TYPE:VALUE, TYPE one of S, N, B and VALUE the string,
//     the canonical number or the raw bytes, percent-encoded (every byte but
//     A-Z a-z 0-9 - _ . ~ as %XX, upper-case hex), so that `/`, `;`, `:`, `%`, spaces
//     and line breaks never appear raw; SK: the sort key likewise, empty when none;
//     both empty for a Scan page, which names no key (ItemTouch::partition_key NULL):
//     `read`, and it reads the table's (or GSI's) partitions in turn;
//   - BYTES: the item's size (a write: the larger of its old and new image; a Query or
//     Scan page: the bytes it read; 0: unknown, as for a throttled request);
//   - UNITS: the read or write units consumed there (a decimal; 0: unknown).
// Example: `items=Orders/write/S:user%231/N:42/310/1;Orders:ByDay/read/S:2026-12-03//8192/1`;
// a Scan page: `Orders/read///1048576/128`.
//
// Thread-safety: pure functions. Errors: DecodeTouchedItems returns kValidation naming
// what is wrong with the text.

#include <string>
#include <string_view>
#include <vector>

#include "engine/api/item_touches.h"
#include "engine/base/status.h"

namespace monotable::protocol {

// The value of the log's `items=` field; empty when `items` is.
std::string EncodeTouchedItems(const std::vector<ItemTouch>& items);

// The entries of an `items=` value (without the `items=`).
Result<std::vector<ItemTouch>> DecodeTouchedItems(std::string_view text);

}  // namespace monotable::protocol
