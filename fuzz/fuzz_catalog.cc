// libFuzzer harness: the catalog's records (table definitions, stream records and
// their shards, throughput partition maps, catalog keys). Decoding arbitrary bytes
// must fail cleanly; what decodes must survive a round trip. The first byte picks the
// decoder.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/format/catalog_keys.h"
#include "engine/storage/catalog_codec.h"
#include "engine/streams/stream_info.h"
#include "engine/throughput/partition_map.h"
#include "fuzz/round_trip.h"

using monotable::fuzz::CheckRoundTrip;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const std::string_view bytes(reinterpret_cast<const char*>(data + 1), size - 1);
  switch (data[0] % 4) {
    case 0:
      CheckRoundTrip("table definition", bytes, monotable::catalog_codec::Decode,
                     [](const auto& v) { return monotable::catalog_codec::Encode(v); });
      break;
    case 1:
      CheckRoundTrip("stream info", bytes, monotable::streams::DecodeStreamInfo,
                     [](const auto& v) { return monotable::streams::EncodeStreamInfo(v); });
      break;
    case 2:
      CheckRoundTrip("partition map", bytes, monotable::throughput::PartitionMap::Decode,
                     [](const auto& v) { return v.Encode(); });
      break;
    case 3: (void)monotable::catalog_keys::NamespaceOfTableKey(bytes); break;
  }
  return 0;
}
