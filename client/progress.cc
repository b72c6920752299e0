#include "client/progress.h"

#include <unistd.h>

#include <cstdio>

namespace monotable::client {

Progress::Progress(std::string verb)
    : verb_(std::move(verb)), start_(std::chrono::steady_clock::now()) {
  if (isatty(STDERR_FILENO) == 0) return;
  reporter_ = std::thread([this] {
    std::unique_lock lock(mu_);
    while (!stop_cv_.wait_for(lock, std::chrono::milliseconds(500), [this] { return stop_; })) {
      Report(false);
    }
  });
}

Progress::~Progress() {
  if (!reporter_.joinable()) return;
  {
    std::lock_guard lock(mu_);
    stop_ = true;
  }
  stop_cv_.notify_all();
  reporter_.join();
  Report(true);
}

void Progress::Report(bool last) {
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  int64_t n = items();
  std::fprintf(stderr, "\r%s %lld items (%.0f/s)%s", verb_.c_str(), static_cast<long long>(n),
               seconds > 0 ? static_cast<double>(n) / seconds : 0.0, last ? "\n" : "");
  std::fflush(stderr);
}

}  // namespace monotable::client
