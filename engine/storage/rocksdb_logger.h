#pragma once
// RocksLogger: RocksDB's own log (its "info log") written through monotable's log
// (engine/base/log.h) instead of RocksDB's default, a LOG file in the data directory.
// That file shared the data's filesystem: when the disk filled, an append to it failed,
// and RocksDB's next line to it (a failed flush logs one every second) tripped an
// assertion of Debian's librocksdb 7.8 (WritableFileWriter refuses any write after an
// error: "Assertion `sync_without_flush_called_' failed") and aborted the process.
// A line through spdlog needs no disk space in the data directory, and the messages
// land in the server's log with the rest.
//
// Thread-safety: Logv may be called from any thread (RocksDB's background threads and
// writers); it formats into a local buffer and calls log::*, which is thread-safe.
// Errors: none; a line longer than kMaxLineBytes is cut there.

#include <rocksdb/env.h>

#include <cstdarg>
#include <cstddef>

namespace monotable {

class RocksLogger : public rocksdb::Logger {
 public:
  static constexpr size_t kMaxLineBytes = 4096;

  // RocksDB drops lines below `level` before calling Logv.
  explicit RocksLogger(rocksdb::InfoLogLevel level) : rocksdb::Logger(level) {}

  using rocksdb::Logger::Logv;
  // Lines logged without a level (RocksDB's headers): kept as info.
  void Logv(const char* format, va_list ap) override;
  void Logv(rocksdb::InfoLogLevel level, const char* format, va_list ap) override;
};

}  // namespace monotable
