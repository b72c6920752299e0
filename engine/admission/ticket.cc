#include "engine/admission/ticket.h"

#include <span>

#include "engine/base/throughput_messages.h"
#include "engine/format/key_codec.h"

namespace monotable {
namespace {

// The billing mode of the table that owns `resource`.
BillingMode BillingOf(const throughput::Resource* resource,
                      const std::vector<std::shared_ptr<const TableThroughput>>& tables) {
  for (const auto& t : tables) {
    if (t->table.get() == resource) return t->billing;
    for (const auto& index : t->global_indexes) {
      if (index.resource.get() == resource) return t->billing;
    }
  }
  return BillingMode::kPayPerRequest;
}

}  // namespace

int Ticket::Claim(const Table& table, std::string_view index, uint64_t hash, throughput::Op op,
                  double units) {
  std::shared_ptr<const TableThroughput> tp = table.throughput();
  if (!tp) return -1;
  throughput::Resource* resource = index.empty() ? tp->table.get() : tp->FindIndex(index);
  if (!resource) return -1;
  if (tables_.empty() || tables_.back() != tp) tables_.push_back(std::move(tp));
  claims_.push_back({resource, throughput::KeyRef(hash), op, units});
  actual_.push_back(units);
  return static_cast<int>(claims_.size() - 1);
}

int Ticket::Claim(const Table& table, std::string_view index, std::string_view stored_key,
                  throughput::Op op, double units) {
  const int claim = Claim(table, index, key_codec::HashOfKey(stored_key), op, units);
  if (claim < 0) return claim;
  throughput::Resource* resource = claims_[static_cast<size_t>(claim)].resource;
  if (resource->insights().mode() == throughput::InsightsMode::kDisabled &&
      !resource->splits_by_sort_key()) {
    return claim;
  }
  // The partition key's type, from the table's or the index's key schema.
  const auto definition = table.definition();
  const SecondaryIndexDefinition* gsi = index.empty() ? nullptr : definition->FindIndex(index);
  const std::string& hash_key = gsi ? gsi->hash_key() : definition->hash_key();
  const AttributeType type = definition->AttributeTypeOf(hash_key);
  constexpr size_t kHashBytes = 8;
  if (stored_key.size() <= kHashBytes) return claim;
  const size_t length = key_codec::EncodedValueLength(stored_key.substr(kHashBytes), type);
  if (length == std::string_view::npos) return claim;
  keys_.push_back({static_cast<size_t>(claim), std::string(stored_key), kHashBytes + length});
  return claim;
}

int Ticket::ClaimPiece(const Table& table, std::string_view index, uint64_t hash,
                       std::string_view piece_sort_key, throughput::Op op, double units) {
  const int claim = Claim(table, index, hash, op, units);
  if (claim < 0 || piece_sort_key.empty()) return claim;
  if (!claims_[static_cast<size_t>(claim)].resource->splits_by_sort_key()) return claim;
  // partition_length 0: the KeyRef names no partition key, only the piece's sort key.
  keys_.push_back({static_cast<size_t>(claim), std::string(piece_sort_key), 0});
  return claim;
}

void Ticket::PointKeys() {
  for (const InsightKey& k : keys_) {
    if (k.claim >= claims_.size()) continue;
    const std::string_view key = k.key;
    throughput::KeyRef& ref = claims_[k.claim].key;
    ref.partition_key = key.substr(0, k.partition_length);
    ref.sort_key = key.substr(k.partition_length);
  }
}

Status Ticket::Admit() {
  const size_t begin = admitted_end_;
  const size_t end = claims_.size();
  if (begin == end) return Status::Ok();
  if (!keys_.empty()) PointKeys();
  throughput::Admission admission =
      throughput::AdmitAll(std::span(claims_).subspan(begin, end - begin));
  if (!admission.admitted) {
    claims_.resize(begin);
    actual_.resize(begin);
    std::erase_if(keys_, [&](const InsightKey& k) { return k.claim >= begin; });
    return ThrottledStatus(admission, tables_);
  }
  rounds_.push_back({begin, end, std::move(admission)});
  admitted_end_ = end;
  return Status::Ok();
}

void Ticket::SetActual(int claim, double units) {
  if (claim >= 0 && static_cast<size_t>(claim) < actual_.size()) actual_[claim] = units;
}

void Ticket::Refund() {
  for (double& a : actual_) a = 0;
}

void Ticket::Settle() {
  if (!keys_.empty()) PointKeys();
  for (const Round& round : rounds_) {
    bool changed = false;
    for (size_t i = round.begin; i < round.end; ++i) changed |= actual_[i] != claims_[i].units;
    if (!changed) continue;
    const size_t n = round.end - round.begin;
    throughput::SettleAll(std::span(claims_).subspan(round.begin, n),
                          std::span(actual_).subspan(round.begin, n), round.admission);
  }
  rounds_.clear();
}

Status ThrottledStatus(const throughput::Admission& admission,
                       const std::vector<std::shared_ptr<const TableThroughput>>& tables) {
  auto detail = std::make_shared<ErrorDetail>();
  bool provisioned = false;
  bool index = false;
  for (const auto& throttle : admission.throttles) {
    const throughput::Resource& r = *throttle.resource;
    detail->throttling_reasons.push_back(
        {std::string(throughput::ThrottlingReasonName(throttle.reason)), r.table_name(),
         r.index_name()});
    provisioned |= BillingOf(&r, tables) == BillingMode::kProvisioned;
    index |= !r.index_name().empty();
  }
  // ProvisionedThroughputExceededException for provisioned capacity, ThrottlingException
  // for on-demand (Developer Guide, "DynamoDB throttling"); the index message when a GSI
  // held the write back.
  Status status = provisioned
                      ? Status(ErrorCode::kProvisionedThroughputExceeded,
                               index ? kProvisionedIndexThrottled : kProvisionedTableThrottled)
                      : Status(ErrorCode::kThrottling,
                               index ? kOnDemandIndexThrottled : kOnDemandTableThrottled);
  return std::move(status).WithDetail(std::move(detail));
}

CancellationReason ThrottledCancellation(const Status& throttled) {
  const char* code = throttled.code() == ErrorCode::kProvisionedThroughputExceeded
                         ? "ProvisionedThroughputExceeded"
                         : "ThrottlingError";
  return {code, throttled.message(), std::nullopt};
}

}  // namespace monotable
