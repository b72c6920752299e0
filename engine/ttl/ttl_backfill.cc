#include "engine/ttl/ttl_backfill.h"

#include <rocksdb/write_batch.h>

#include <chrono>

#include "engine/base/catch_all.h"
#include "engine/base/ignore_error.h"
#include "engine/base/log.h"
#include "engine/format/catalog_keys.h"
#include "engine/index/table_walk.h"
#include "engine/read/stored_item_reader.h"
#include "engine/ttl/expiry_index.h"

namespace monotable::ttl {
namespace {

void LogEnd(const Status& status, const std::string& table) {
  std::string where = "Time to Live backfill of table '" + table + "'";
  if (status.ok()) {
    log::Debug(where + " ended");
  } else {
    log::Error(where + " failed: " + status.message() +
               " (it resumes when the server next starts)");
  }
}

}  // namespace

std::string TtlBackfiller::ProgressKey(const TableDefinition& table) {
  return catalog_keys::WalkProgressKey(table.column_family, "ttl");
}

TtlBackfiller::~TtlBackfiller() {
  stopping_ = true;
  std::vector<std::pair<std::shared_ptr<Job>, std::thread>> jobs;
  {
    // Joined without the lock: a finishing backfill takes it to mark itself done.
    std::lock_guard lock(mutex_);
    for (auto& [job, thread] : jobs_) job->stop = true;
    jobs.swap(jobs_);
  }
  for (auto& [job, thread] : jobs) thread.join();
}

void TtlBackfiller::Reap() {
  for (auto it = jobs_.begin(); it != jobs_.end();) {
    if (it->first->done) {
      it->second.join();  // it has returned from Run, or is about to
      it = jobs_.erase(it);
    } else {
      ++it;
    }
  }
}

void TtlBackfiller::Start(std::string ns, std::shared_ptr<Table> table) {
  std::lock_guard lock(mutex_);
  Reap();
  for (const auto& [job, thread] : jobs_) {
    if (job->table == table) return;
  }
  auto job = std::make_shared<Job>();
  job->table = std::move(table);
  std::thread thread([this, ns = std::move(ns), job] {
    // This thread's exception boundary: a failed backfill leaves the table backfilling
    // (the next start of the engine resumes it); the log is its only trace.
    Status status = CatchAll([&] { return Run(ns, *job); });
    IgnoreError(CatchAll([&] { LogEnd(status, job->table->definition()->name); }));
    std::lock_guard done(mutex_);
    job->done = true;
    job_done_.notify_all();
  });
  jobs_.emplace_back(std::move(job), std::move(thread));
}

void TtlBackfiller::Stop(const Table& table) {
  std::unique_lock lock(mutex_);
  for (auto& [job, thread] : jobs_) {
    if (job->table.get() != &table) continue;
    job->stop = true;
    std::shared_ptr<Job> waiting = job;
    job_done_.wait(lock, [&] { return waiting->done; });
    break;
  }
  Reap();
}

Status TtlBackfiller::Run(const std::string& ns, Job& job) {
  Table& table = *job.table;
  // Writes that read the layout before TTL was enabled finish first; every later write
  // maintains the index itself.
  locks_->Barrier();
  const std::shared_ptr<const TableDefinition> started = table.definition();
  if (!started->time_to_live.enabled || !started->time_to_live.backfilling) return Status::Ok();
  TableWalk walk(*storage_, *locks_, table, ProgressKey(*started));
  const auto began = std::chrono::steady_clock::now();
  int64_t indexed = 0;
  MT_ASSIGN_OR_RETURN(end,
                      walk.Run(
                          [&](const std::string& key, rocksdb::WriteBatch& batch) -> Result<bool> {
                            // Under the item's lock: the layout a write would use now.
                            auto definition = table.definition();
                            const TimeToLiveSettings& ttl = definition->time_to_live;
                            if (!ttl.enabled || !ttl.backfilling ||
                                ttl.attribute_name != started->time_to_live.attribute_name) {
                              return false;
                            }
                            MT_ASSIGN_OR_RETURN(item, ReadStoredItem(*storage_, table, key));
                            if (!item) return true;  // deleted since the snapshot
                            if (auto entry = EntryKeyOf(*definition, key, *item)) {
                              batch.Put(storage_->expiry(), *entry, "");
                              ++indexed;
                            }
                            return true;
                          },
                          [&] {
                            return stopping_.load() || job.stop.load() ||
                                   catalog_->Find(ns, started->name).get() != &table;
                          }));
  if (end != TableWalk::End::kFinished) return Status::Ok();
  // Forgotten before the mark is cleared: a crash in between walks again, adding
  // nothing new.
  MT_RETURN_IF_ERROR(walk.ClearProgress());
  Status updated =
      catalog_->Update(ns, table, [&](const TableDefinition& current) -> Result<TableDefinition> {
        if (!current.time_to_live.enabled || !current.time_to_live.backfilling ||
            current.time_to_live.attribute_name != started->time_to_live.attribute_name) {
          return Status::NotFound("TTL was disabled during its backfill");
        }
        TableDefinition next = current;
        next.time_to_live.backfilling = false;
        return next;
      });
  if (updated.ok()) {
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                        std::chrono::steady_clock::now() - began)
                        .count();
    log::Info("Time to Live backfill of table '" + started->name + "' finished: " +
              std::to_string(indexed) + " items indexed in " + std::to_string(ms) + " ms");
  }
  return updated.code() == ErrorCode::kResourceNotFound ? Status::Ok() : updated;
}

}  // namespace monotable::ttl
