#include "server/crc32.h"

#include <zlib.h>

#include <algorithm>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace monotable::server {
namespace crc32_internal {
namespace {

// The folding constants are derived here from the polynomial rather than written as
// magic numbers. In the bit-reflected domain a carry-less product comes out shifted by
// one bit, hence the `<< 1`.
constexpr uint64_t kPolynomial = 0x104C11DB7;  // x^32 + x^26 + ... + 1

constexpr uint64_t Reflect(uint64_t value, int bits) {
  uint64_t out = 0;
  for (int i = 0; i < bits; ++i) out |= ((value >> i) & 1) << (bits - 1 - i);
  return out;
}

// Reflect(x^n mod P) << 1: multiplying by it moves a 64-bit lane n bits further.
constexpr uint64_t FoldConstant(int n) {
  uint64_t r = 1;
  for (int i = 0; i < n; ++i) {
    r <<= 1;
    if (r & (uint64_t{1} << 32)) r ^= kPolynomial;
  }
  return Reflect(r, 32) << 1;
}

// Barrett reduction's mu = floor(x^64 / P), reflected over its 33 bits.
constexpr uint64_t BarrettMu() {
  // Long division: bring the dividend's bits in from x^64 down; whenever the window
  // reaches degree 32, subtract P and record a quotient term of the current degree.
  uint64_t window = 0;
  uint64_t quotient = 0;
  for (int degree = 64; degree >= 0; --degree) {
    window = (window << 1) | (degree == 64 ? 1 : 0);
    if (window & (uint64_t{1} << 32)) {
      window ^= kPolynomial;
      quotient |= uint64_t{1} << degree;
    }
  }
  return Reflect(quotient, 33);
}

// Fold distances: 4 x 128 bits in the main loop, 128 bits to merge lanes, then 64.
constexpr uint64_t kFold512Low = FoldConstant(512 + 32);
constexpr uint64_t kFold512High = FoldConstant(512 - 32);
constexpr uint64_t kFold128Low = FoldConstant(128 + 32);
constexpr uint64_t kFold128High = FoldConstant(128 - 32);
constexpr uint64_t kFold64 = FoldConstant(64);
constexpr uint64_t kReflectedPolynomial = Reflect(kPolynomial, 33);
constexpr uint64_t kMu = BarrettMu();

// Below this size the setup and the final reduction cost more than zlib's tables.
constexpr size_t kClmulMinBytes = 64;

}  // namespace

uint32_t Crc32Zlib(uint32_t crc, std::string_view data) {
  uLong c = crc;
  // zlib takes uInt lengths; bodies are far below 4 GB, but feed in chunks anyway.
  constexpr size_t kChunk = 1u << 30;
  for (size_t offset = 0; offset < data.size(); offset += kChunk) {
    const size_t n = std::min(kChunk, data.size() - offset);
    c = crc32(c, reinterpret_cast<const Bytef*>(data.data() + offset), static_cast<uInt>(n));
  }
  return static_cast<uint32_t>(c);
}

#if defined(__x86_64__)

namespace {

__attribute__((target("pclmul,sse2"))) inline __m128i Fold(__m128i lanes, __m128i constants,
                                                           __m128i next) {
  __m128i low = _mm_clmulepi64_si128(lanes, constants, 0x00);
  __m128i high = _mm_clmulepi64_si128(lanes, constants, 0x11);
  return _mm_xor_si128(_mm_xor_si128(low, high), next);
}

__attribute__((target("pclmul,sse2"))) inline __m128i Load(const char* p) {
  return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
}

}  // namespace

bool CpuHasClmul() {
  static const bool has = __builtin_cpu_supports("pclmul") && __builtin_cpu_supports("sse2");
  return has;
}

__attribute__((target("pclmul,sse2"))) uint32_t Crc32Clmul(uint32_t crc, std::string_view data) {
  if (data.size() < kClmulMinBytes) return Crc32Zlib(crc, data);
  const char* p = data.data();
  size_t n = data.size();

  // zlib's CRC is pre- and post-inverted; the folding works on the raw register.
  __m128i x0 = _mm_xor_si128(Load(p), _mm_cvtsi32_si128(static_cast<int>(~crc)));
  __m128i x1 = Load(p + 16), x2 = Load(p + 32), x3 = Load(p + 48);
  p += 64;
  n -= 64;

  // Four independent lanes hide the multiplier's latency.
  const __m128i fold512 = _mm_set_epi64x(kFold512High, kFold512Low);
  while (n >= 64) {
    x0 = Fold(x0, fold512, Load(p));
    x1 = Fold(x1, fold512, Load(p + 16));
    x2 = Fold(x2, fold512, Load(p + 32));
    x3 = Fold(x3, fold512, Load(p + 48));
    p += 64;
    n -= 64;
  }

  // Merge the four lanes into one, then take any remaining whole 16-byte blocks.
  const __m128i fold128 = _mm_set_epi64x(kFold128High, kFold128Low);
  __m128i x = Fold(x0, fold128, x1);
  x = Fold(x, fold128, x2);
  x = Fold(x, fold128, x3);
  while (n >= 16) {
    x = Fold(x, fold128, Load(p));
    p += 16;
    n -= 16;
  }

  // 128 -> 64 bits.
  const __m128i low32 = _mm_setr_epi32(~0, 0, ~0, 0);
  x = _mm_xor_si128(_mm_clmulepi64_si128(x, fold128, 0x10), _mm_srli_si128(x, 8));
  // 64 -> 32 bits (in the upper half of the low lane).
  x = _mm_xor_si128(_mm_clmulepi64_si128(_mm_and_si128(x, low32), _mm_cvtsi64_si128(kFold64), 0x00),
                    _mm_srli_si128(x, 4));
  // Barrett reduction to the 32-bit remainder.
  const __m128i barrett = _mm_set_epi64x(kMu, kReflectedPolynomial);
  __m128i t = _mm_clmulepi64_si128(_mm_and_si128(x, low32), barrett, 0x10);
  t = _mm_clmulepi64_si128(_mm_and_si128(t, low32), barrett, 0x00);
  x = _mm_xor_si128(x, t);
  const uint32_t folded = ~static_cast<uint32_t>(_mm_cvtsi128_si32(_mm_srli_si128(x, 4)));

  // The last 0..15 bytes continue the CRC in zlib.
  return Crc32Zlib(folded, std::string_view(p, n));
}

#else

bool CpuHasClmul() { return false; }
uint32_t Crc32Clmul(uint32_t crc, std::string_view data) { return Crc32Zlib(crc, data); }

#endif

}  // namespace crc32_internal

uint32_t Crc32(std::string_view data) {
  return crc32_internal::CpuHasClmul() ? crc32_internal::Crc32Clmul(0, data)
                                       : crc32_internal::Crc32Zlib(0, data);
}

}  // namespace monotable::server
