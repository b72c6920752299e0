#pragma once
// StreamRegistry: every DynamoDB stream of the database, enabled or kept readable until
// retention ends, with the Streams API over them (ListStreams, DescribeStream,
// GetShardIterator, GetRecords; stream_api.cc) and the background thread that rolls
// shards and trims records (Maintain).
//
// A table's enabled stream is attached to its Table (storage/catalog.h), where ItemBatch
// finds it; Sync() makes the attachment follow the table's definition.
//
// Thread-safety: every method is thread-safe. The registry's mutex guards the map of
// streams only; each Stream has its own. The maintenance passes are a periodic job of a
// JobRunner (jobs/job_runner.h): logged and counted ("stream_maintenance" in /metrics).

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "engine/api/stream_requests.h"
#include "engine/base/clock.h"
#include "engine/base/status.h"
#include "engine/jobs/job_runner.h"
#include "engine/storage/catalog.h"
#include "engine/storage/storage.h"
#include "engine/streams/stream.h"

namespace monotable::streams {

class StreamRegistry {
 public:
  // `storage` and `clock` must outlive the registry.
  StreamRegistry(Storage& storage, const Clock& clock, StreamOptions options);
  ~StreamRegistry();  // stops the maintenance thread
  StreamRegistry(const StreamRegistry&) = delete;
  StreamRegistry& operator=(const StreamRegistry&) = delete;

  const StreamOptions& options() const { return options_; }

  // Reads every stream record and resumes each shard's counter. Errors: kInternal.
  Status Load();
  // A new stream's id, unique for the database's life.
  uint64_t NewStreamId();

  // After CreateTable, UpdateTable and at start-up (after the table's throughput
  // resources are attached): attaches the table's enabled stream, creating it with one
  // shard per partition the first time, or disables the stream it had. Errors: kInternal.
  Status Sync(const std::string& ns, Table& table);
  // DeleteTable: the table's stream is disabled, and readable until retention ends.
  Status TableDropped(Table& table);

  // Starts the background thread (trimming, rollover); runs every
  // options().maintenance_interval_ms.
  void StartMaintenance();
  // The maintenance passes run and failed (for /metrics).
  jobs::JobCounts MaintenanceCounts() const { return runner_.Counts(); }
  // One pass of the background work over every stream (tests call it directly).
  // Errors: the first failure (every stream is still visited).
  Status MaintainAll();

  // The Streams API. DescribeStream lists shards in the lexicographic order of their ids
  // (creation order, stream.cc) and starts after ExclusiveStartShardId's place in it,
  // whether or not a shard has that id. Errors: kValidation, kResourceNotFound,
  // kTrimmedDataAccess, kExpiredIterator (GetRecords), kInternal.
  Result<ListStreamsResult> ListStreams(const std::string& ns, const ListStreamsRequest& request);
  Result<StreamDescription> DescribeStream(const std::string& ns,
                                           const DescribeStreamRequest& request);
  Result<std::string> GetShardIterator(const std::string& ns,
                                       const GetShardIteratorRequest& request);
  Result<GetRecordsResult> GetRecords(const std::string& ns, const GetRecordsRequest& request);
  // The table and label of the stream `token` reads; nullopt when it is not an iterator
  // of this server or its stream is gone.
  std::optional<StreamName> StreamOfIterator(std::string_view token) const;

  // Resource-based policies of streams (control/resource_policies.h), kept in each
  // stream's record: any stream the registry keeps, enabled or disabled, its table
  // there or deleted, until its retention ends. ChangePolicy applies `change` to the
  // stream's policy (Stream::ChangePolicy); PolicyOf reads it (nullopt: none).
  // Errors: kResourceNotFound "Requested resource not found: Stream: <label> not found
  // for Table: <name>" (no such stream, or one past retention), whatever `change`
  // returns, kInternal.
  Status ChangePolicy(const std::string& ns, const StreamName& name,
                      const std::function<Status(std::optional<ResourcePolicy>& policy)>& change);
  Result<std::optional<ResourcePolicy>> PolicyOf(const std::string& ns,
                                                 const StreamName& name) const;

 private:
  std::shared_ptr<Stream> Find(const std::string& ns, const StreamName& name) const;
  std::shared_ptr<Stream> FindById(uint64_t id) const;

  Storage& storage_;
  const Clock& clock_;
  const StreamOptions options_;
  std::atomic<uint64_t> next_id_{1};

  mutable std::mutex mu_;
  std::map<uint64_t, std::shared_ptr<Stream>> streams_;  // by id: creation order

  jobs::JobRunner runner_{"stream_maintenance"};  // last: its thread stops first
};

}  // namespace monotable::streams
