#include "engine/storage/rocksdb_logger.h"

#include <cstdio>
#include <string>

#include "engine/base/log.h"

namespace monotable {

void RocksLogger::Logv(const char* format, va_list ap) {
  Logv(rocksdb::InfoLogLevel::INFO_LEVEL, format, ap);
}

void RocksLogger::Logv(rocksdb::InfoLogLevel level, const char* format, va_list ap) {
  if (level < GetInfoLogLevel()) return;
  char line[kMaxLineBytes];
  int n = std::vsnprintf(line, sizeof line, format, ap);
  if (n < 0) return;
  size_t length = static_cast<size_t>(n) < sizeof line ? static_cast<size_t>(n) : sizeof line - 1;
  std::string message = "rocksdb: " + std::string(line, length);
  switch (level) {
    case rocksdb::InfoLogLevel::DEBUG_LEVEL: log::Debug(message); break;
    case rocksdb::InfoLogLevel::INFO_LEVEL:
    case rocksdb::InfoLogLevel::HEADER_LEVEL: log::Info(message); break;
    case rocksdb::InfoLogLevel::WARN_LEVEL: log::Warn(message); break;
    default:  // ERROR, FATAL
      log::Error(message);
      break;
  }
}

}  // namespace monotable
