#include "server/worker_pool.h"

#include <spdlog/spdlog.h>

#include <algorithm>

#include "engine/base/catch_all.h"

namespace monotable::server {

WorkerPool::WorkerPool(int threads) {
  const int n = std::max(1, threads);
  workers_.reserve(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) workers_.emplace_back([this] { Work(); });
}

WorkerPool::~WorkerPool() { Stop(); }

int WorkerPool::DefaultThreads() {
  return static_cast<int>(std::max(2u, std::thread::hardware_concurrency()));
}

bool WorkerPool::Post(Task& task) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return false;
    queue_.push_back(std::move(task));
  }
  wake_.notify_one();
  return true;
}

size_t WorkerPool::Stop() {
  std::deque<Task> dropped;
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    dropped.swap(queue_);
  }
  wake_.notify_all();
  for (auto& worker : workers_) {
    if (worker.joinable()) worker.join();
  }
  // Destroyed here, outside the lock: a task's captures (a session) may do anything.
  return dropped.size();
}

void WorkerPool::Work() {
  for (;;) {
    Task task;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (stopping_) return;  // what is queued is Stop()'s to drop
      task = std::move(queue_.front());
      queue_.pop_front();
    }
    Status thrown = CatchAll([&task] { task(); });
    if (!thrown.ok()) {
      spdlog::error("worker thread caught an exception from a task: {}; it keeps serving",
                    thrown.message());
    }
  }
}

}  // namespace monotable::server
