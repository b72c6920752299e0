#include "engine/backup/backup_worker.h"

#include <chrono>

#include "engine/base/ignore_error.h"

namespace monotable::backup {

BackupWorker::BackupWorker(std::function<Status()> maintenance, int64_t maintenance_interval_ms)
    : maintenance_(std::move(maintenance)), maintenance_interval_ms_(maintenance_interval_ms) {
  runner_.StartWorker("worker", [this](const std::atomic<bool>&) { Run(); });
}

BackupWorker::~BackupWorker() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  runner_.StopAll();
}

void BackupWorker::Submit(std::string what, Job job) {
  {
    std::lock_guard lock(mutex_);
    queue_.emplace_back(std::move(what), std::move(job));
  }
  wake_.notify_all();
}

void BackupWorker::Drain() {
  std::unique_lock lock(mutex_);
  idle_.wait(lock, [&] { return stopping_ || (queue_.empty() && !running_job_); });
}

void BackupWorker::Run() {
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    if (queue_.empty()) {
      const bool periodic = maintenance_ && maintenance_interval_ms_ > 0;
      const bool woken =
          periodic ? wake_.wait_for(lock, std::chrono::milliseconds(maintenance_interval_ms_),
                                    [&] { return stopping_ || !queue_.empty(); })
                   : (wake_.wait(lock, [&] { return stopping_ || !queue_.empty(); }), true);
      if (!woken && periodic) {
        lock.unlock();
        IgnoreError(runner_.RunGuarded("backup maintenance", maintenance_));
        lock.lock();
      }
      continue;
    }
    // Not a structured binding: clang 14 (the fuzz tree's compiler) cannot capture one in
    // the lambda below.
    std::string what = std::move(queue_.front().first);
    Job job = std::move(queue_.front().second);
    queue_.pop_front();
    running_job_ = true;
    lock.unlock();
    IgnoreError(runner_.RunGuarded(what, [&] { return job(stopping_); }));
    lock.lock();
    running_job_ = false;
    if (queue_.empty()) idle_.notify_all();
  }
  idle_.notify_all();
}

}  // namespace monotable::backup
