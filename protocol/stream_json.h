#pragma once
// DynamoDB Streams' wire forms: stream ARNs, sequence numbers, view type names, stream
// records and stream descriptions as JSON (the engine knows no JSON). Pure functions;
// thread-safe.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/api/stream_requests.h"
#include "engine/base/status.h"
#include "protocol/json_writer.h"

namespace monotable::protocol {

// "arn:aws:dynamodb:<region>:<account>:table/<name>/stream/<label>"
std::string StreamArn(std::string_view region, std::string_view account_id,
                      const StreamName& stream);
// The table and label of a stream ARN; nullopt when `arn` is not of that form.
std::optional<StreamName> ParseStreamArn(std::string_view arn);

// Sequence numbers on the wire: decimal text of 21 digits ("1" then the 64-bit number
// in 20 digits), so that their text order is their numeric order within a shard, and
// they pass the SDKs' 21-40 character check.
std::string SequenceNumberText(uint64_t sequence);
std::optional<uint64_t> ParseSequenceNumber(std::string_view text);

std::string_view StreamViewTypeName(StreamViewType type);
std::optional<StreamViewType> ParseStreamViewType(std::string_view name);
// The constraint text of a StreamViewType outside the enum.
inline constexpr std::string_view kStreamViewTypeEnum =
    "Member must satisfy enum value set: [NEW_IMAGE, OLD_IMAGE, NEW_AND_OLD_IMAGES, KEYS_ONLY]";

// One record of GetRecords' "Records". Errors: kInternal (a corrupt stored image; the
// text written so far is then incomplete).
Status WriteStreamRecord(JsonWriter& w, const StreamRecord& record, std::string_view region);
// DescribeStream's "StreamDescription".
void WriteStreamDescription(JsonWriter& w, const StreamDescription& description,
                            std::string_view region, std::string_view account_id);

}  // namespace monotable::protocol
