#include "server/open_file_limit.h"

#include <spdlog/spdlog.h>
#include <sys/resource.h>

#include <algorithm>

namespace monotable::server {
namespace {
// Kept for RocksDB's table and log files, the listening socket, stdio and a margin: a
// quarter of the limit, at most 1024. RocksDB keeps every table file open
// (max_open_files -1), which for a local server's data sets stays well under this.
constexpr int64_t kMaxReservedDescriptors = 1024;
}  // namespace

int64_t FitConnectionsToOpenFileLimit(int64_t wanted) {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return wanted;
  if (limit.rlim_cur < limit.rlim_max) {
    rlimit raised = limit;
    raised.rlim_cur = limit.rlim_max;
    if (setrlimit(RLIMIT_NOFILE, &raised) == 0) limit = raised;
  }
  if (limit.rlim_cur == RLIM_INFINITY) return wanted;
  const auto cur = static_cast<int64_t>(limit.rlim_cur);
  const int64_t room = std::max<int64_t>(1, cur - std::min(kMaxReservedDescriptors, cur / 4));
  if (wanted <= room) return wanted;
  spdlog::warn(
      "--max-connections {} lowered to {}: the open-file limit is {} (raise it with "
      "`ulimit -n` or the container's nofile ulimit)",
      wanted, room, cur);
  return room;
}

}  // namespace monotable::server
