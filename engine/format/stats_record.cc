#include "engine/format/stats_record.h"

#include <cstring>

namespace monotable {
namespace {

void PutFixed64(std::string* out, int64_t v) {
  uint64_t u = static_cast<uint64_t>(v);
  for (int i = 0; i < 8; ++i) out->push_back(static_cast<char>(u >> (8 * i)));
}

int64_t GetFixed64(std::string_view in) {
  uint64_t u = 0;
  for (int i = 7; i >= 0; --i) u = (u << 8) | static_cast<unsigned char>(in[i]);
  return static_cast<int64_t>(u);
}

}  // namespace

std::string EncodeStats(const StatsDelta& delta) {
  std::string out;
  PutFixed64(&out, delta.items);
  PutFixed64(&out, delta.bytes);
  return out;
}

StatsDelta DecodeStats(std::string_view bytes) {
  if (bytes.size() != 16) return {};
  return {GetFixed64(bytes.substr(0, 8)), GetFixed64(bytes.substr(8, 8))};
}

}  // namespace monotable
