#pragma once
// FromRocks: the one translation of a RocksDB status into monotable's. Every engine
// folder that reads or writes RocksDB goes through it, so an I/O failure always says
// what was being done when it happened.
//
// Thread-safe (stateless). Errors: Ok for an ok status; otherwise kInternal with the
// text "<context>: <RocksDB's reason>" (e.g. "reading an item: IO error: ...").

#include <rocksdb/status.h>

#include <string_view>

#include "engine/base/status.h"

namespace monotable {
namespace rocks_status_detail {
// The error path, out of line: the text is built only for a status that is not ok.
Status Error(const rocksdb::Status& s, std::string_view context);
}  // namespace rocks_status_detail

// `context` names the operation in a few words ("reading an item", "walking a table").
inline Status FromRocks(const rocksdb::Status& s, std::string_view context) {
  return s.ok() ? Status::Ok() : rocks_status_detail::Error(s, context);
}

}  // namespace monotable
