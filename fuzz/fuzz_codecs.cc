// libFuzzer harness: the on-disk item and key codecs. Decoding arbitrary bytes must
// fail cleanly (kInternal, nullopt), never crash or read out of bounds; what decodes
// must survive a round trip. The first byte picks the decoder, the rest is its input.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/format/expiry_keys.h"
#include "engine/format/item_codec.h"
#include "engine/format/key_codec.h"
#include "engine/format/stats_record.h"
#include "engine/streams/record_codec.h"
#include "engine/streams/shard_iterator.h"
#include "fuzz/round_trip.h"

namespace item_codec = monotable::item_codec;
using monotable::fuzz::CheckRoundTrip;
using monotable::fuzz::Fail;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const std::string_view bytes(reinterpret_cast<const char*>(data + 1), size - 1);
  switch (data[0] % 8) {
    case 0:  // a stored item, in full
      CheckRoundTrip("item codec", bytes, item_codec::Decode,
                     [](const auto& v) { return item_codec::Encode(v); });
      if (auto item = item_codec::Decode(bytes); item.ok()) {
        auto size_of = item_codec::EncodedItemSize(item_codec::Encode(*item));
        if (!size_of.ok() || *size_of != monotable::ItemSize(*item)) {
          Fail("item codec", "the encoded size is not the item's size");
        }
      }
      break;
    case 1: (void)item_codec::DecodeAttributes(bytes, {"pk", "sk", "a"}); break;
    case 2: (void)item_codec::EncodedItemSize(bytes); break;
    case 3:
      for (auto type : {monotable::AttributeType::kS, monotable::AttributeType::kN,
                        monotable::AttributeType::kB}) {
        const size_t length = monotable::key_codec::EncodedValueLength(bytes, type);
        if (length != std::string_view::npos && length > bytes.size()) {
          Fail("key codec", "a value length past the end of the bytes");
        }
      }
      if (bytes.size() >= 8) (void)monotable::key_codec::HashOfKey(bytes);
      break;
    case 4: (void)monotable::expiry_keys::Decode(bytes); break;
    case 5: (void)monotable::DecodeStats(bytes); break;
    case 6:
      CheckRoundTrip("stream record", bytes, monotable::streams::DecodeRecord,
                     [](const auto& v) { return monotable::streams::EncodeRecord(v); });
      break;
    case 7: (void)monotable::streams::DecodeIterator(bytes); break;
  }
  return 0;
}
