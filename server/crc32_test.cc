#include "server/crc32.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <random>
#include <string>

namespace monotable::server {
namespace {

uint32_t ZlibReference(std::string_view data) {
  return static_cast<uint32_t>(
      crc32(0, reinterpret_cast<const Bytef*>(data.data()), static_cast<uInt>(data.size())));
}

TEST(Crc32Test, KnownValue) {
  // The CRC-32 check value of "123456789" for this polynomial (CRC-32/ISO-HDLC).
  EXPECT_EQ(Crc32("123456789"), 0xCBF43926u);
  EXPECT_EQ(Crc32(""), 0u);
}

TEST(Crc32Test, MatchesZlibOnRandomDataOfEveryLengthAndAlignment) {
  std::mt19937 rng(42);
  std::string buffer(10'000 + 16, '\0');
  for (char& c : buffer) c = static_cast<char>(rng());
  for (size_t length = 0; length <= 10'000; length += (length < 300 ? 1 : 37)) {
    for (size_t alignment = 0; alignment < 16; alignment += (length < 300 ? 1 : 5)) {
      std::string_view data(buffer.data() + alignment, length);
      ASSERT_EQ(Crc32(data), ZlibReference(data)) << "length " << length << " at +" << alignment;
    }
  }
}

TEST(Crc32Test, ClmulContinuesACrcLikeZlib) {
  if (!crc32_internal::CpuHasClmul()) GTEST_SKIP() << "no PCLMULQDQ on this CPU";
  std::mt19937 rng(7);
  std::string data(5'000, '\0');
  for (char& c : data) c = static_cast<char>(rng());
  for (size_t split : {0, 1, 63, 64, 65, 1000, 4999, 5000}) {
    std::string_view whole(data);
    uint32_t first = crc32_internal::Crc32Clmul(0, whole.substr(0, split));
    EXPECT_EQ(crc32_internal::Crc32Clmul(first, whole.substr(split)), ZlibReference(whole))
        << "split at " << split;
    EXPECT_EQ(crc32_internal::Crc32Clmul(first, whole.substr(split)),
              crc32_internal::Crc32Zlib(first, whole.substr(split)));
  }
}

TEST(Crc32Test, AllOnesAndAllZerosBlocks) {
  for (char fill : {'\0', '\xff'}) {
    for (size_t length : {64, 128, 1024, 4096}) {
      std::string data(length, fill);
      EXPECT_EQ(Crc32(data), ZlibReference(data)) << length;
    }
  }
}

}  // namespace
}  // namespace monotable::server
