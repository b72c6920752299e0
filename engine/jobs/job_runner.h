#pragma once
// JobRunner: the engine's one way to run work in the background. Each job runs on a
// thread of its own inside the exception boundary (base/catch_all.h); its end is logged
// (an error always, with what the job was; a success at debug level) and counted, and
// the finished threads are joined the next time a job starts (or at Stop/StopAll), so
// no thread is left unjoined. One runner per kind of job (the GSI backfill, the TTL
// backfill and sweeper, stream maintenance, the backup worker); Counts() is what
// /metrics shows of it.
//
// Background work is bounded and resumable: a job checks its `stop` flag between
// bounded steps (a batch of a table walk, a chunk of a sweep) and returns; what it was
// doing resumes from its own progress record when it next starts. A failed job is not
// retried by the runner: its owner decides (a periodic pass retries at the next
// interval; a backfill resumes when the engine next opens).
//
// Threads are named after the kind ("ttl_sweep" runs as "ttl-sweep", as top -H and
// bench/ttl_sweep.sh see it).
//
// Thread-safe. Errors: none of its own; a job's Status is logged and counted.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "engine/base/status.h"
#include "engine/jobs/job_counts.h"

namespace monotable::jobs {

class JobRunner {
 public:
  // A job's work. `stop` turns true when the job is asked to end (Stop, StopAll, the
  // runner's destruction): the work checks it between bounded steps and returns.
  using Work = std::function<Status(const std::atomic<bool>& stop)>;

  // `kind` names the runner in /metrics (a Prometheus label value).
  explicit JobRunner(std::string kind) : kind_(std::move(kind)) {}
  // StopAll.
  ~JobRunner();
  JobRunner(const JobRunner&) = delete;
  JobRunner& operator=(const JobRunner&) = delete;

  // Starts `work` on a thread of its own unless a job with `key` is running (or the
  // runner is stopping); returns whether it started. `what` names the job in the log
  // ("<what> failed: <message><after_failure>").
  bool Start(std::string key, std::string what, Work work, std::string after_failure = "");
  // Runs `pass` every `interval` on one thread, until stopped; nothing for a zero or
  // negative interval. A failed pass is logged and counted, and the next one runs.
  void StartPeriodic(std::string key, std::string what, std::chrono::milliseconds interval,
                     std::function<Status()> pass);
  // Starts a long-lived thread whose own loop (a queue's) hands each piece of work to
  // RunGuarded; the thread itself is no run. It ends when `body` returns; `body` watches
  // `stop` and whatever the owner uses to wake it. Returns whether it started.
  bool StartWorker(std::string key, std::function<void(const std::atomic<bool>& stop)> body);
  // Asks the job `key` to stop, if one runs, and waits until it has ended. Never from
  // inside a job of this runner (it would wait for itself).
  void Stop(const std::string& key);
  // Asks every job to stop and joins them all; later Starts start nothing. Idempotent.
  void StopAll();

  // Runs `fn` here, inside the exception boundary, then logs and counts its end as a
  // run of this runner: for work that has a thread already (a queue's jobs). Returns
  // its Status.
  Status RunGuarded(const std::string& what, const std::function<Status()>& fn,
                    const std::string& after_failure = "");
  // Waits up to `duration`, or less once the runner stops; false when it is stopping.
  bool SleepFor(std::chrono::steady_clock::duration duration);
  bool stopping() const { return stopping_.load(std::memory_order_relaxed); }

  JobCounts Counts() const;

  // A job key naming one object (a Table: the job holds it, so its address is not
  // reused while the job runs) and, optionally, a part of it (an index name).
  static std::string KeyOf(const void* object, const std::string& part = "");

 private:
  struct Job {
    std::string key;
    std::atomic<bool> stop{false};
    bool done = false;  // guarded by mutex_
    std::thread thread;
  };
  void ReapLocked();  // joins the finished jobs' threads (mutex_ held)

  const std::string kind_;
  std::atomic<bool> stopping_{false};
  std::atomic<uint64_t> runs_{0};
  std::atomic<uint64_t> failures_{0};
  mutable std::mutex mutex_;
  std::condition_variable changed_;         // a job ended, or the runner is stopping
  std::vector<std::shared_ptr<Job>> jobs_;  // guarded by mutex_
};

}  // namespace monotable::jobs
