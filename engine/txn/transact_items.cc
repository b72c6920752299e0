#include "engine/txn/transact_items.h"

#include <set>

#include "engine/admission/ticket.h"
#include "engine/base/limits.h"
#include "engine/base/transaction_errors.h"
#include "engine/format/key_codec.h"
#include "engine/schema/key_validation.h"
#include "engine/txn/idempotency_cache.h"
#include "engine/txn/transactions.h"
#include "engine/write/item_changes.h"

namespace monotable {
namespace {

constexpr char kMultipleOperations[] =
    "Transaction request cannot include multiple operations on one item";

// The key of one action, validated against its table. Errors: kValidation.
Result<std::string> ValidatedKey(const TransactWriteAction& action, const TableDefinition& table) {
  if (action.kind == TransactWriteAction::Kind::kPut) {
    return ValidateItemAndBuildKey(table, action.item);
  }
  MT_ASSIGN_OR_RETURN(key, ValidateKeyAndBuildKey(table, action.item));
  if (action.kind == TransactWriteAction::Kind::kUpdate) {
    MT_RETURN_IF_ERROR(action.update.CheckKeyAttributes(KeyAttributeNames(table)));
  }
  return std::move(key);
}

// Sets each planned action's key to `key_of(action)`. An invalid item or key cancels
// the transaction with a ValidationError for the first such action (DynamoDB stops at
// the first) and None for the others; two actions on one item are a ValidationException.
template <typename Planned, typename KeyOf>
Status EncodeKeys(std::vector<Planned>& planned, KeyOf key_of) {
  for (size_t i = 0; i < planned.size(); ++i) {
    Result<std::string> key = key_of(planned[i]);
    if (!key.ok()) {
      auto reason = ReasonFor(key.status());
      if (!reason) return key.status();
      std::vector<CancellationReason> reasons(planned.size(), NoReason());
      reasons[i] = std::move(*reason);
      return TransactionCanceled(std::move(reasons));
    }
    planned[i].key = std::move(*key);
  }
  std::set<std::pair<const Table*, std::string_view>> seen;
  for (const auto& p : planned) {
    if (!seen.emplace(p.table.get(), p.key).second) return Status::Validation(kMultipleOperations);
  }
  return Status::Ok();
}

// One planned entry per request entry (Planned{&entry, table, key}): tables found with
// `find_table` (kResourceNotFound), keys encoded as EncodeKeys does.
template <typename Planned, typename Entry, typename FindTable, typename KeyOf>
Result<std::vector<Planned>> Plan(const std::vector<Entry>& entries, FindTable find_table,
                                  KeyOf key_of) {
  std::vector<Planned> planned;
  planned.reserve(entries.size());
  for (const auto& entry : entries) {
    MT_ASSIGN_OR_RETURN(table, find_table(entry.table_name));
    planned.push_back({&entry, table, {}});
  }
  MT_RETURN_IF_ERROR(EncodeKeys(planned, key_of));
  return planned;
}

// Runs `execute` under the request's ClientRequestToken, if any.
template <typename Execute>
Status WithIdempotency(IdempotencyCache& cache, const RequestContext& ctx,
                       const TransactWriteRequest& request, Execute execute) {
  if (!request.client_request_token) return execute();
  const std::string token_key = ctx.ns + '\0' + *request.client_request_token;
  switch (cache.Begin(token_key, request.fingerprint)) {
    case IdempotencyCache::Verdict::kReplay: return Status::Ok();
    case IdempotencyCache::Verdict::kMismatch:
      return Status(ErrorCode::kIdempotentParameterMismatch,
                    "The request uses the same client token as a previous, but non-identical "
                    "request.");
    case IdempotencyCache::Verdict::kInProgress:
      return Status(ErrorCode::kTransactionInProgress,
                    "Transaction from previous request is still in progress");
    case IdempotencyCache::Verdict::kExecute: break;
  }
  Status status = execute();
  cache.Finish(token_key, status.ok());
  return status;
}

// Claims (claim(i) adds action i's units to the ticket) and admits each of `count`
// actions in turn; the first refusal refunds what was admitted and cancels the
// transaction with that action's throttling reason and None for the others.
template <typename ClaimFn>
Status AdmitInTurn(Ticket& ticket, size_t count, ClaimFn claim) {
  for (size_t i = 0; i < count; ++i) {
    claim(i);
    Status admitted = ticket.Admit();
    if (admitted.ok()) continue;
    ticket.Refund();
    std::vector<CancellationReason> reasons(count, NoReason());
    reasons[i] = ThrottledCancellation(admitted);
    return TransactionCanceled(std::move(reasons));
  }
  return Status::Ok();
}

// Admits every action's write on its table partition before the transaction starts,
// one action at a time so that the throttled one is known: it is cancelled with a
// ThrottlingError (on-demand) or ProvisionedThroughputExceeded (provisioned) reason and
// the others with None, and the units already admitted go back. Transactional writes
// cost twice (prepare and commit); the estimate is not settled (the transaction's
// consumption is reported per table, not per action).
Status AdmitTransaction(Ticket& ticket, const std::vector<PlannedTransactWrite>& planned) {
  return AdmitInTurn(ticket, planned.size(), [&](size_t i) {
    const TransactWriteAction& action = *planned[i].action;
    const double units = action.kind == TransactWriteAction::Kind::kPut
                             ? capacity::WriteUnits(ItemSize(action.item))
                             : 1;
    ticket.Claim(*planned[i].table, "", planned[i].key, throughput::Op::kWrite, 2 * units);
  });
}

// The same for TransactGetItems: each Get claims a transactional read of an item of
// unknown size (2 RCU, the minimum) on its table partition, before anything is read; a
// refused one cancels the transaction with its throttling reason. Not settled either.
Status AdmitTransactionReads(Ticket& ticket, const std::vector<PlannedTransactGet>& planned) {
  return AdmitInTurn(ticket, planned.size(), [&](size_t i) {
    ticket.Claim(*planned[i].table, "", planned[i].key, throughput::Op::kRead,
                 2 * capacity::ReadUnits(0, /*consistent=*/true));
  });
}

// --log-requests: a transaction refused for throughput records each action's item as
// refused, size and units unknown (0), as a throttled single write is: the rehearsal
// replays it too. `describe(p)` is the key and whether the action writes.
template <typename Planned, typename Describe>
void RecordRefused(ItemTouches* touches, const std::vector<Planned>& planned, Describe describe) {
  if (touches == nullptr) return;
  for (const Planned& p : planned) {
    const auto [key, write] = describe(p);
    const auto definition = p.table->definition();  // held while Record reads it
    touches->Record(*definition, *key, write, 0, 0);
  }
}

}  // namespace

Result<TransactWriteResult> TransactWriteItems(Transactions& transactions,
                                               IdempotencyCache& idempotency,
                                               const TableLookup& tables, const RequestContext& ctx,
                                               const TransactWriteRequest& request) {
  auto find_table = [&](const std::string& name) { return tables.Find(name); };
  TransactWriteResult result;
  MT_RETURN_IF_ERROR(WithIdempotency(idempotency, ctx, request, [&]() -> Status {
    // DynamoDB's 4 MB bound applies to the request's payload, i.e. the items it carries.
    size_t payload = 0;
    for (const auto& action : request.actions) payload += ItemSize(action.item);
    if (payload > limits::kMaxTransactionBytes) {
      return Status::Validation("Transaction request size cannot exceed 4 MB");
    }
    MT_ASSIGN_OR_RETURN(
        planned,
        Plan<PlannedTransactWrite>(request.actions, find_table, [](const PlannedTransactWrite& p) {
          auto definition = p.table->definition();
          return ValidatedKey(*p.action, *definition);
        }));
    Ticket ticket;
    Status admitted = AdmitTransaction(ticket, planned);
    if (!admitted.ok()) {  // refused for throughput, its only failure
      RecordRefused(ctx.touches, planned, [](const PlannedTransactWrite& p) {
        return std::pair(&p.action->item,
                         p.action->kind != TransactWriteAction::Kind::kConditionCheck);
      });
      return admitted;
    }
    MT_ASSIGN_OR_RETURN(consumed, transactions.Write(planned, ctx.touches));
    result.consumed = std::move(consumed);
    return Status::Ok();
  }));
  return result;
}

Result<TransactGetResult> TransactGetItems(Transactions& transactions, const TableLookup& tables,
                                           const TransactGetRequest& request,
                                           ItemTouches* touches) {
  auto find_table = [&](const std::string& name) { return tables.Find(name); };
  MT_ASSIGN_OR_RETURN(
      planned, Plan<PlannedTransactGet>(request.gets, find_table, [](const PlannedTransactGet& p) {
        auto definition = p.table->definition();
        return ValidateKeyAndBuildKey(*definition, p.get->key);
      }));
  Ticket ticket;
  Status admitted = AdmitTransactionReads(ticket, planned);
  if (!admitted.ok()) {  // refused for throughput, its only failure
    RecordRefused(touches, planned,
                  [](const PlannedTransactGet& p) { return std::pair(&p.get->key, false); });
    return admitted;
  }
  return transactions.Read(planned, touches);
}

}  // namespace monotable
