#include "client/import.h"

#include <atomic>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>

#include "engine/base/catch_all.h"
#include "protocol/attribute_value_json.h"
#include "protocol/json_reader.h"
#include "protocol/json_writer.h"

namespace monotable::client {
namespace {

constexpr size_t kBatchItems = 25;  // BatchWriteItem's limit
constexpr int kMaxUnprocessedRounds = 20;

struct PendingItem {
  int64_t line;
  std::string item_json;  // {"pk":{"S":"a"},...}
};
using Batch = std::vector<PendingItem>;

// The reader's batches for the writers, bounded so that reading waits for writing.
class BatchQueue {
 public:
  explicit BatchQueue(size_t capacity) : capacity_(capacity) {}
  // False when the import was stopped.
  bool Push(Batch batch) {
    std::unique_lock lock(mu_);
    not_full_.wait(lock, [&] { return queue_.size() < capacity_ || stopped_; });
    if (stopped_) return false;
    queue_.push_back(std::move(batch));
    not_empty_.notify_one();
    return true;
  }
  bool Pop(Batch* batch) {
    std::unique_lock lock(mu_);
    not_empty_.wait(lock, [&] { return !queue_.empty() || closed_ || stopped_; });
    if (queue_.empty() || stopped_) return false;
    *batch = std::move(queue_.front());
    queue_.pop_front();
    not_full_.notify_one();
    return true;
  }
  void Close() {
    std::lock_guard lock(mu_);
    closed_ = true;
    not_empty_.notify_all();
  }
  void Stop() {
    std::lock_guard lock(mu_);
    stopped_ = true;
    not_empty_.notify_all();
    not_full_.notify_all();
  }

 private:
  std::mutex mu_;
  std::condition_variable not_full_, not_empty_;
  std::deque<Batch> queue_;
  size_t capacity_;
  bool closed_ = false;
  bool stopped_ = false;
};

class Importer {
 public:
  Importer(const ImportOptions& options, std::FILE* errors, Progress& progress)
      : options_(options), errors_(errors), progress_(progress), queue_(options.writers * 4) {}

  void BadLine(int64_t line, std::string_view reason) {
    std::lock_guard lock(mu_);
    std::fprintf(errors_, "line %lld: %.*s\n", static_cast<long long>(line),
                 static_cast<int>(reason.size()), reason.data());
    ++result_.bad_lines;
  }

  void Fatal(Status status) {
    {
      std::lock_guard lock(mu_);
      if (fatal_.ok()) fatal_ = std::move(status);
    }
    queue_.Stop();
  }

  // One line: its item re-encoded by the protocol's codec, or a reported bad line.
  void ReadLine(int64_t line_number, std::string& line, Batch& batch) {
    size_t end = line.find_last_not_of(" \t\r\n");
    if (end == std::string::npos) return;  // blank
    line.resize(end + 1);
    line.reserve(line.size() + simdjson::SIMDJSON_PADDING);
    auto object = parser_.ParseObject(line);
    if (!object.ok()) return BadLine(line_number, "not a JSON object");
    simdjson::dom::object item_object;
    if ((*object)["Item"].get(item_object) != simdjson::SUCCESS) {
      return BadLine(line_number, "expected {\"Item\": {...}}");
    }
    auto item = protocol::DecodeItem(item_object);
    if (!item.ok()) return BadLine(line_number, item.status().message());
    protocol::JsonWriter w;
    protocol::WriteItem(w, *item);
    batch.push_back({line_number, w.Take()});
  }

  void Read(std::FILE* in) {
    char* buffer = nullptr;
    size_t capacity = 0;
    int64_t line_number = 0;
    Batch batch;
    std::string line;
    ssize_t n;
    while ((n = getline(&buffer, &capacity, in)) >= 0) {
      line.assign(buffer, static_cast<size_t>(n));
      ReadLine(++line_number, line, batch);
      if (batch.size() == kBatchItems) {
        if (!queue_.Push(std::move(batch))) break;
        batch.clear();
      }
    }
    std::free(buffer);
    if (!batch.empty()) queue_.Push(std::move(batch));
    queue_.Close();
  }

  void Write(DynamoClient& client) {
    Batch batch;
    while (queue_.Pop(&batch)) {
      Status status = WriteBatch(client, batch);
      if (!status.ok()) return Fatal(status);
    }
  }

  ImportResult result() const { return result_; }
  const Status& fatal() const { return fatal_; }
  BatchQueue& queue() { return queue_; }

 private:
  std::string BatchBody(const Batch& batch) const {
    protocol::JsonWriter w(batch.size() * 128);
    w.BeginObject().Key("RequestItems").BeginObject().Key(options_.table).BeginArray();
    for (const PendingItem& p : batch) {
      w.BeginObject().Key("PutRequest").BeginObject().Key("Item").Raw(p.item_json);
      w.EndObject().EndObject();
    }
    w.EndArray().EndObject().EndObject();
    return w.Take();
  }

  Status WriteBatch(DynamoClient& client, const Batch& batch) {
    auto reply = client.CallWithRetries("BatchWriteItem", BatchBody(batch));
    if (!reply.ok()) return reply.status();
    if (!reply->ok()) {
      if (reply->error_type != "ValidationException") {
        return Status::Validation(reply->error_type + ": " + reply->message);
      }
      return WriteOneByOne(client, batch);  // find the item the server refuses
    }
    // UnprocessedItems: resent as DynamoDB returned them, with backoff.
    std::string body = std::move(reply->body);
    for (int round = 0;; ++round) {
      body.reserve(body.size() + simdjson::SIMDJSON_PADDING);
      auto page = writer_parser_.ParseObject(body);
      if (!page.ok()) return Status::Internal("unreadable BatchWriteItem reply");
      simdjson::dom::object left;
      size_t count = 0;
      if ((*page)["UnprocessedItems"].get(left) == simdjson::SUCCESS) {
        for (auto [table, requests] : left) count += simdjson::dom::array(requests).size();
      }
      if (count == 0) break;
      if (round >= kMaxUnprocessedRounds) {
        return Status::Internal("items stayed unprocessed after " +
                                std::to_string(kMaxUnprocessedRounds) + " retries");
      }
      std::this_thread::sleep_for(
          std::chrono::milliseconds(DynamoClient::BackoffMillis(round, count * 7919 + round)));
      std::string retry = "{\"RequestItems\":" + simdjson::minify(left) + "}";
      auto again = client.CallWithRetries("BatchWriteItem", retry);
      if (!again.ok()) return again.status();
      if (!again->ok()) return Status::Validation(again->error_type + ": " + again->message);
      body = std::move(again->body);
    }
    Done(static_cast<int64_t>(batch.size()));
    return Status::Ok();
  }

  Status WriteOneByOne(DynamoClient& client, const Batch& batch) {
    int64_t written = 0;
    for (const PendingItem& p : batch) {
      protocol::JsonWriter w;
      w.BeginObject().Key("TableName").String(options_.table).Key("Item").Raw(p.item_json);
      w.EndObject();
      auto reply = client.CallWithRetries("PutItem", w.Take());
      if (!reply.ok()) return reply.status();
      if (reply->ok()) {
        ++written;
      } else if (reply->error_type == "ValidationException") {
        BadLine(p.line, reply->error_type + ": " + reply->message);
      } else {
        return Status::Validation(reply->error_type + ": " + reply->message);
      }
    }
    Done(written);
    return Status::Ok();
  }

  void Done(int64_t items) {
    progress_.Add(items);
    std::lock_guard lock(mu_);
    result_.imported += items;
  }

  const ImportOptions& options_;
  std::FILE* errors_;
  Progress& progress_;
  BatchQueue queue_;
  protocol::JsonParser parser_;  // the reader's
  static thread_local protocol::JsonParser writer_parser_;
  std::mutex mu_;  // guards errors_, result_, fatal_
  ImportResult result_;
  Status fatal_;
};

thread_local protocol::JsonParser Importer::writer_parser_;

}  // namespace

Result<ImportResult> RunImport(const ClientFactory& connect, const ImportOptions& options,
                               std::FILE* in, std::FILE* errors, Progress& progress) {
  Importer importer(options, errors, progress);
  std::vector<std::thread> writers;
  for (int i = 0; i < options.writers; ++i) {
    writers.emplace_back([&] {
      Status thrown = CatchAll([&] {
        std::unique_ptr<DynamoClient> client = connect();
        importer.Write(*client);
      });
      if (!thrown.ok()) importer.Fatal(thrown);
    });
  }
  Status read = CatchAll([&] { importer.Read(in); });
  if (!read.ok()) importer.Fatal(read);
  for (auto& t : writers) t.join();
  if (!importer.fatal().ok()) return importer.fatal();
  return importer.result();
}

}  // namespace monotable::client
