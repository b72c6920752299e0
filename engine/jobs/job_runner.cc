#include "engine/jobs/job_runner.h"

#include <pthread.h>

#include <algorithm>
#include <cstdint>

#include "engine/base/catch_all.h"
#include "engine/base/ignore_error.h"
#include "engine/base/log.h"

namespace monotable::jobs {
namespace {

// pthread names hold 15 characters: the kind with dashes, cut there.
std::string ThreadName(const std::string& kind) {
  std::string name = kind.substr(0, 15);
  std::replace(name.begin(), name.end(), '_', '-');
  return name;
}

}  // namespace

JobRunner::~JobRunner() { StopAll(); }

void JobRunner::ReapLocked() {
  // A done job has left its work and only returns: joining it under the lock is quick.
  std::erase_if(jobs_, [](const std::shared_ptr<Job>& job) {
    if (!job->done) return false;
    job->thread.join();
    return true;
  });
}

Status JobRunner::RunGuarded(const std::string& what, const std::function<Status()>& fn,
                             const std::string& after_failure) {
  Status status = CatchAll([&] { return fn(); });
  runs_.fetch_add(1, std::memory_order_relaxed);
  if (!status.ok()) {
    failures_.fetch_add(1, std::memory_order_relaxed);
    // Logging allocates: it must not end the thread either.
    IgnoreError(
        CatchAll([&] { log::Error(what + " failed: " + status.message() + after_failure); }));
  }
  return status;
}

bool JobRunner::StartWorker(std::string key,
                            std::function<void(const std::atomic<bool>& stop)> body) {
  std::lock_guard lock(mutex_);
  ReapLocked();
  if (stopping()) return false;
  for (const auto& job : jobs_) {
    if (job->key == key) return false;
  }
  auto job = std::make_shared<Job>();
  job->key = std::move(key);
  // The thread touches `job` only under mutex_ or through its atomic `stop`, and Start
  // holds the lock until `job->thread` is set.
  job->thread = std::thread([this, job, body = std::move(body)] {
    pthread_setname_np(pthread_self(), ThreadName(kind_).c_str());
    body(job->stop);
    std::lock_guard done(mutex_);
    job->done = true;
    changed_.notify_all();
  });
  jobs_.push_back(std::move(job));
  return true;
}

bool JobRunner::Start(std::string key, std::string what, Work work, std::string after_failure) {
  return StartWorker(std::move(key),
                     [this, what = std::move(what), work = std::move(work),
                      after_failure = std::move(after_failure)](const std::atomic<bool>& stop) {
                       Status status = RunGuarded(
                           what, [&] { return work(stop); }, after_failure);
                       if (status.ok()) IgnoreError(CatchAll([&] { log::Debug(what + " ended"); }));
                     });
}

void JobRunner::StartPeriodic(std::string key, std::string what, std::chrono::milliseconds interval,
                              std::function<Status()> pass) {
  if (interval.count() <= 0) return;
  StartWorker(std::move(key), [this, what = std::move(what), interval,
                               pass = std::move(pass)](const std::atomic<bool>& stop) {
    std::unique_lock lock(mutex_);
    while (!changed_.wait_for(lock, interval, [&] { return stop.load(); })) {
      lock.unlock();
      // Logged and counted as a run; the next interval's pass retries.
      IgnoreError(RunGuarded(what, pass));
      lock.lock();
    }
  });
}

void JobRunner::Stop(const std::string& key) {
  std::unique_lock lock(mutex_);
  for (const auto& job : jobs_) {
    if (job->key != key) continue;
    job->stop = true;
    changed_.notify_all();
    std::shared_ptr<Job> waiting = job;
    changed_.wait(lock, [&] { return waiting->done; });
    break;
  }
  ReapLocked();
}

void JobRunner::StopAll() {
  std::unique_lock lock(mutex_);
  stopping_ = true;
  for (const auto& job : jobs_) job->stop = true;
  changed_.notify_all();
  changed_.wait(lock, [&] {
    return std::all_of(jobs_.begin(), jobs_.end(),
                       [](const std::shared_ptr<Job>& job) { return job->done; });
  });
  ReapLocked();
}

bool JobRunner::SleepFor(std::chrono::steady_clock::duration duration) {
  std::unique_lock lock(mutex_);
  return !changed_.wait_for(lock, duration, [&] { return stopping(); });
}

std::string JobRunner::KeyOf(const void* object, const std::string& part) {
  return std::to_string(reinterpret_cast<uintptr_t>(object)) + '\0' + part;
}

JobCounts JobRunner::Counts() const {
  JobCounts counts;
  counts.kind = kind_;
  counts.runs = runs_.load(std::memory_order_relaxed);
  counts.failures = failures_.load(std::memory_order_relaxed);
  std::lock_guard lock(mutex_);
  for (const auto& job : jobs_) counts.running += job->done ? 0 : 1;
  return counts;
}

}  // namespace monotable::jobs
