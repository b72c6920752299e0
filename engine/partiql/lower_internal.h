#pragma once
// The lowering's shared parts (lower.h): the WHERE analysis helpers and the Lowering
// class, whose methods live in lower.cc (ExecuteStatement's forms) and lower_keyed.cc
// (the single-item forms of BatchExecuteStatement and ExecuteTransaction). Internal to
// engine/partiql.

#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "engine/api/requests.h"
#include "engine/base/status.h"
#include "engine/expr/expression.h"
#include "engine/partiql/ast.h"
#include "engine/partiql/expr_builder.h"
#include "engine/partiql/lower.h"

namespace monotable::partiql::internal {

using XNode = expr::ast::Node;
using XOp = expr::ast::Op;

// The key attribute names of the table, or of the index read.
struct KeyNames {
  std::string_view hash;
  std::string_view range;  // empty: none
};
KeyNames KeysOf(const std::vector<KeySchemaElement>& schema);

// The top-level AND terms of a WHERE, in text order.
void Conjuncts(const ast::Node& node, std::vector<const ast::Node*>& out);
// True for a path that is the top-level attribute `name` and nothing below it.
bool IsAttribute(const ast::Node& node, std::string_view name);
// The value node of `name = value` (either way round), or null.
const ast::Node* EqualityValue(const ast::Node& c, std::string_view name);
// The value list of `name IN (...)` / `name IN [...]` whose members are all values, or
// null.
const std::vector<ast::Node>* InValues(const ast::Node& c, std::string_view name);
// A condition a KeyConditionExpression can hold on the sort key `name`.
bool IsSortKeyCondition(const ast::Node& c, std::string_view name);
// True when any path under `node` starts at one of the key attributes.
bool MentionsKey(const ast::Node& node, const KeyNames& keys);
// AND of the converted conjuncts; null when there are none.
Result<std::optional<XNode>> AndOf(ExprBuilder& b, const std::vector<const ast::Node*>& terms);
Result<expr::Condition> Resolve(ExprBuilder& b, XNode root, expr::ExpressionKind kind);
// "Number of parameters in request and statement don't match." when there are fewer
// parameters than '?' (more are ignored, as on AWS).
Status CheckParameterCount(const ast::Statement& statement,
                           std::span<const AttributeValue> parameters);

// DynamoDB decomposes a read whose partition key is given by IN into one read per value,
// at most this many (lowering::kTooManyDecomposedReads beyond).
inline constexpr size_t kMaxDecomposedReads = 50;

class Lowering {
 public:
  Lowering(std::string_view text, std::span<const AttributeValue> parameters,
           const TableDefinition& table, const Target& target)
      : text_(text), parameters_(parameters), table_(table), target_(target) {}

  // lower.cc
  Result<Lowered> LowerSelect(const ast::Select& select);
  Result<Lowered> LowerInsert(const ast::Insert& insert);
  Result<Lowered> LowerUpdate(const ast::Update& update);
  Result<Lowered> LowerDelete(const ast::Delete& del);

  // lower_keyed.cc (lower.h states their errors)
  Result<GetItemRequest> LowerKeyRead(const ast::Select& select, Surface surface);
  Result<TransactWrite> LowerTransactWrite(const ast::Statement& statement);

  // How KeyFromWhere treats a second equality on a key attribute.
  enum class Repeats {
    kRefuseOther,  // the same value again is ignored, another value refused [D]
    kCondition,    // it is one more condition (EXISTS in a transaction)
  };
  // The full primary key from the WHERE's equalities; the other conjuncts in `rest`.
  // Errors: kMissingKeyEquality, kMultipleKeyConditions (Repeats::kRefuseOther), ValueOf's.
  Result<Item> KeyFromWhere(bool has_where, const ast::Node& where,
                            std::vector<const ast::Node*>& rest, Repeats repeats);
  Status Project(const ast::Select& select, ReadPageRequest& read);
  Result<std::optional<expr::Projection>> ProjectionOf(const ast::Select& select);
  // The Query of one partition key value: `hash = partition` AND the sort-key terms,
  // the rest as its filter, the select list as its projection.
  Result<QueryRequest> QueryOf(const ast::Select& select, std::string_view hash,
                               AttributeValue partition, const std::vector<const ast::Node*>& sort,
                               const std::vector<const ast::Node*>& rest, bool forward);
  // A write's condition: attribute_exists(<partition key>) (or attribute_not_exists
  // when !exists), joined by `join` to the AND of `rest` when there is any.
  Result<expr::Condition> KeyCondition(bool exists, XOp join,
                                       const std::vector<const ast::Node*>& rest);

 private:
  ExprBuilder Builder(expr::ExpressionKind kind) const { return {kind, text_, parameters_}; }
  Result<expr::Update> UpdateOf(const std::vector<ast::UpdateAction>& actions);
  Result<XNode> SetAction(ExprBuilder& b, const ast::UpdateAction& action, expr::ast::Action& out);

  std::string_view text_;
  std::span<const AttributeValue> parameters_;
  const TableDefinition& table_;
  const Target& target_;
};

}  // namespace monotable::partiql::internal
