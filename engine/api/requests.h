#pragma once
// Typed requests and results of the engine's operations. The protocol layer decodes
// DynamoDB JSON into these after checking the request's shape; the engine checks
// everything that needs the table's schema.

#include <optional>
#include <string>
#include <vector>

#include "engine/api/item_touches.h"
#include "engine/base/attribute_value.h"
#include "engine/capacity/capacity.h"
#include "engine/expr/expression.h"
#include "engine/format/item_codec.h"
#include "engine/schema/table_requests.h"
#include "engine/schema/table_schema.h"

namespace monotable {

// Who is asking: tables are separated per namespace (access key id + region, or one
// shared namespace with --shared-db).
struct RequestContext {
  std::string ns;
  // --log-requests: receives the items the request touched (item_touches.h); null
  // otherwise, and then nothing is recorded.
  ItemTouches* touches = nullptr;
};

enum class ReturnValues { kNone, kAllOld, kUpdatedOld, kAllNew, kUpdatedNew };

// A write's condition (ConditionExpression or Expected; empty: none) and whether a
// failed check returns the item as it was (ReturnValuesOnConditionCheckFailure).
struct WriteCondition {
  expr::Condition condition;
  bool return_old_on_failure = false;
};

struct PutItemRequest {
  std::string table_name;
  Item item;
  WriteCondition condition;
  ReturnValues return_values = ReturnValues::kNone;
};

struct GetItemRequest {
  std::string table_name;
  Item key;
  bool consistent_read = false;
  // ProjectionExpression or AttributesToGet; nullopt returns the whole item.
  std::optional<expr::Projection> projection;
};

struct DeleteItemRequest {
  std::string table_name;
  Item key;
  WriteCondition condition;
  ReturnValues return_values = ReturnValues::kNone;
};

struct UpdateItemRequest {
  std::string table_name;
  Item key;
  expr::Update update;  // UpdateExpression or AttributeUpdates; empty: none
  WriteCondition condition;
  ReturnValues return_values = ReturnValues::kNone;
};

// BatchWriteItem: Put and Delete requests over several tables, validated together
// before any is applied (each is applied on its own; a batch is not a transaction).
struct BatchWriteRequest {
  struct Entry {
    std::string table_name;
    bool is_put = true;
    Item item;  // the item to put, or the key to delete
  };
  std::vector<Entry> entries;
};

// BatchGetItem: keys per table, each table with its own projection.
struct BatchGetRequest {
  struct TableKeys {
    std::string table_name;
    std::vector<Item> keys;
    std::optional<expr::Projection> projection;
    bool consistent_read = false;
  };
  std::vector<TableKeys> tables;
};

struct BatchGetResult {
  // Per request table (same order): the items found, and the indexes of the keys left
  // unprocessed because the response reached 16 MB.
  std::vector<std::vector<item_codec::EncodedItem>> items;  // as stored (projected)
  std::vector<std::vector<size_t>> unprocessed;
  std::vector<ConsumedCapacity> consumed;  // per request table (same order)
};

struct BatchWriteResult {
  // Per table written, in the order the tables first appear in the request.
  std::vector<ConsumedCapacity> consumed;
  // Writes to tables with LSIs: each item collection written, with its size after the
  // batch (for ReturnItemCollectionMetrics=SIZE), in the order first written.
  struct ItemCollection {
    std::string table_name;
    Item key;  // the partition key
    int64_t bytes = 0;
  };
  std::vector<ItemCollection> item_collections;
  // Entries (indexes into the request's entries) throttled and not written: the
  // response's UnprocessedItems.
  std::vector<size_t> unprocessed;
};

// TransactWriteItems: up to 100 actions over several tables, applied all or nothing.
struct TransactWriteAction {
  enum class Kind { kPut, kUpdate, kDelete, kConditionCheck };
  Kind kind = Kind::kPut;
  std::string table_name;
  Item item;            // Put: the item; the others: the key
  expr::Update update;  // Update only
  WriteCondition condition;
};

struct TransactWriteRequest {
  std::vector<TransactWriteAction> actions;
  // ClientRequestToken, with a fingerprint of the request's parameters that decides
  // whether a repeat with the same token is the same request.
  std::optional<std::string> client_request_token;
  std::string fingerprint;
};

// TransactGetItems: up to 100 Gets, read from one consistent snapshot.
struct TransactGetRequest {
  struct Get {
    std::string table_name;
    Item key;
    std::optional<expr::Projection> projection;  // ProjectionExpression
  };
  std::vector<Get> gets;
};

struct TransactGetResult {
  // Per Get, in request order, as stored (projected), so an item goes to its JSON
  // response without being decoded.
  std::vector<std::optional<item_codec::EncodedItem>> items;
  std::vector<ConsumedCapacity> consumed;  // per table, in request order
};

struct TransactWriteResult {
  // Per table, in request order; empty for a replay of an idempotent request, which
  // writes nothing.
  std::vector<ConsumedCapacity> consumed;
};

// What a Query or Scan returns of each item (Select).
enum class Select { kAllAttributes, kAllProjectedAttributes, kSpecificAttributes, kCount };

// The parts Query and Scan share.
struct ReadPageRequest {
  std::string table_name;
  std::optional<std::string> index_name;  // read a secondary index instead of the table
  expr::Condition filter;                 // FilterExpression / QueryFilter / ScanFilter
  std::optional<expr::Projection> projection;
  Select select = Select::kAllAttributes;
  std::optional<int64_t> limit;  // items evaluated (before the filter)
  bool consistent_read = false;
  std::optional<Item> exclusive_start_key;
};

struct QueryRequest : ReadPageRequest {
  expr::Condition key_condition;  // KeyConditionExpression or translated KeyConditions
  bool scan_forward = true;
  // Name of the filter parameter, for the key-attribute error ("Filter Expression",
  // "QueryFilter").
  std::string filter_parameter = "Filter Expression";
};

struct ScanRequest : ReadPageRequest {
  std::optional<int64_t> segment;
  std::optional<int64_t> total_segments;
};

// One page of a Query or Scan.
struct ReadPage {
  std::vector<item_codec::EncodedItem> items;  // as stored; empty for Select COUNT
  int64_t count = 0;                           // items that passed the filter
  int64_t scanned_count = 0;                   // items read
  uint64_t bytes_read = 0;                     // their size, which ends a page at 1 MB
  std::optional<Item> last_evaluated_key;
  ConsumedCapacity consumed;  // by the items read, before the filter
};

// The item before (Put/Delete with ALL_OLD) or after (Update's ReturnValues), when any;
// GetItem answers `item_encoded` instead.
struct ItemResult {
  std::optional<Item> item;
  // GetItem: the item read, as stored (projected), so that it goes to its JSON
  // response without being decoded.
  std::optional<item_codec::EncodedItem> item_encoded;
  ConsumedCapacity consumed;
  // GetItem: the size of the item read (for --log-requests).
  uint64_t item_bytes = 0;
  // Writes to tables with LSIs: the partition key and the size of the item collection
  // (for ReturnItemCollectionMetrics=SIZE).
  std::optional<Item> item_collection_key;
  int64_t item_collection_bytes = 0;
};

}  // namespace monotable
