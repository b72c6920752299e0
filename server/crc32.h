#pragma once
// CRC-32 of response bodies for DynamoDB's x-amz-crc32 header: the gzip/zlib CRC
// (polynomial 0x04C11DB7, reflected 0xEDB88320), which botocore recomputes and checks.
// On x86-64 CPUs with PCLMULQDQ it folds 64 bytes per step with carry-less multiplies
// (Intel, "Fast CRC Computation for Generic Polynomials Using PCLMULQDQ Instruction");
// elsewhere, and for short inputs, it calls zlib. Pure functions: thread-safe.

#include <cstdint>
#include <string_view>

namespace monotable::server {

// The CRC-32 of `data`, as zlib's crc32(0, data, size) computes it.
uint32_t Crc32(std::string_view data);

namespace crc32_internal {
// Both implementations, exposed so that tests can compare them on any input.
// `crc` continues a previous value, like zlib's crc32(crc, ...).
uint32_t Crc32Zlib(uint32_t crc, std::string_view data);
// Requires CpuHasClmul().
uint32_t Crc32Clmul(uint32_t crc, std::string_view data);
bool CpuHasClmul();
}  // namespace crc32_internal

}  // namespace monotable::server
