#pragma once
// BackupWorker: the background thread that copies backups, loads restored tables and
// trims point-in-time recovery histories, so that CreateBackup and the restores answer
// at once (CREATING) and writes to the source table never wait for them. Jobs run one
// at a time in submission order, on one worker of a JobRunner (jobs/job_runner.h): each
// job and maintenance pass runs inside the exception boundary, its failure logged and
// counted ("backup" in /metrics). Thread-safe.

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <string>

#include "engine/base/status.h"
#include "engine/jobs/job_runner.h"

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
  // The jobs and maintenance passes run and failed (for /metrics).
  jobs::JobCounts Counts() const { return runner_.Counts(); }

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
  jobs::JobRunner runner_{"backup"};  // last: its thread stops before the rest goes
};

}  // namespace monotable::backup
