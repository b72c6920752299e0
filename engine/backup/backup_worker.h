#pragma once
// BackupWorker: the background thread that copies backups, loads restored tables and
// trims point-in-time recovery histories, so that CreateBackup and the restores answer
// at once (CREATING) and writes to the source table never wait for them. Jobs run one
// at a time in submission order; each runs inside the exception boundary and its
// failure is logged. Thread-safe.

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

#include "engine/base/status.h"

namespace monotable::backup {

class BackupWorker {
 public:
  // `stopping` turns true at shutdown: a long job checks it between batches and returns.
  using Job = std::function<Status(const std::atomic<bool>& stopping)>;

  // `maintenance` runs every `maintenance_interval_ms` while the queue is idle (0: never).
  BackupWorker(std::function<Status()> maintenance, int64_t maintenance_interval_ms);
  // Stops: the running job sees `stopping`, queued jobs are dropped (start-up resumes
  // what they were for).
  ~BackupWorker();
  BackupWorker(const BackupWorker&) = delete;
  BackupWorker& operator=(const BackupWorker&) = delete;

  // `what` names the job in the log if it fails.
  void Submit(std::string what, Job job);
  // Blocks until every job submitted so far has run (tests, benchmarks, tools).
  void Drain();

 private:
  void Run();

  std::function<Status()> maintenance_;
  int64_t maintenance_interval_ms_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable idle_;
  std::deque<std::pair<std::string, Job>> queue_;  // guarded by mutex_
  bool running_job_ = false;                       // guarded by mutex_
  std::atomic<bool> stopping_{false};
  std::thread thread_;
};

}  // namespace monotable::backup
