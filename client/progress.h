#pragma once
// Progress: "exported 120000 items (35000/s)" on stderr, rewritten in place twice a
// second, only when stderr is a terminal (a redirected log gets no carriage returns).
// Thread-safe: Add() from any thread; the reporter is a thread of its own.

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>

namespace monotable::client {

class Progress {
 public:
  // `verb`: "exported" or "imported".
  explicit Progress(std::string verb);
  ~Progress();  // ends the line

  void Add(int64_t items) { items_.fetch_add(items, std::memory_order_relaxed); }
  int64_t items() const { return items_.load(std::memory_order_relaxed); }

 private:
  void Report(bool last);

  const std::string verb_;
  const std::chrono::steady_clock::time_point start_;
  std::atomic<int64_t> items_{0};
  std::mutex mu_;
  std::condition_variable stop_cv_;
  bool stop_ = false;
  std::thread reporter_;  // only on a terminal
};

}  // namespace monotable::client
