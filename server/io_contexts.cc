#include "server/io_contexts.h"

#include <algorithm>
#include <thread>

#include "server/io_thread.h"

namespace monotable::server {

IoContexts::IoContexts(int threads) {
  const int n = std::max(1, threads);
  for (int i = 0; i < n; ++i) {
    // Concurrency hint 1: one thread runs each loop (other threads still post to it,
    // e.g. a worker's reply, which stays safe: the hint does not remove the locking).
    loops_.push_back(std::make_unique<boost::asio::io_context>(1));
    guards_.push_back(boost::asio::make_work_guard(*loops_.back()));
  }
}

IoContexts::~IoContexts() { Stop(); }

boost::asio::io_context& IoContexts::Next() {
  return *loops_[next_.fetch_add(1, std::memory_order_relaxed) % loops_.size()];
}

void IoContexts::Run() {
  std::vector<std::thread> threads;
  for (size_t i = 1; i < loops_.size(); ++i) {
    threads.emplace_back([loop = loops_[i].get()] { RunIoContext(*loop); });
  }
  RunIoContext(*loops_.front());
  for (auto& thread : threads) thread.join();
}

void IoContexts::Stop() {
  for (auto& loop : loops_) loop->stop();
}

}  // namespace monotable::server
