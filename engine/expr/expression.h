#pragma once
// The DynamoDB expression language: ConditionExpression, FilterExpression,
// KeyConditionExpression (the condition grammar), UpdateExpression and
// ProjectionExpression.
//
// Two steps, so that parsing can be cached while placeholders change per request:
//   1. ParseExpression (parser.h) lexes and parses text into an immutable syntax tree
//      (ast.h). Only syntax, emptiness and size/operator limits are checked. Trees are
//      shared and cached (expression_cache.h) by (kind, text).
//   2. Condition/Update/Projection::Resolve bind one request's
//      ExpressionAttributeNames/Values to a tree and run every other check in
//      DynamoDB's order: reserved words, unknown or misused functions, undefined
//      placeholders, operand counts and types, overlapping paths, ...
// The ::Parse functions do both. Legacy parameters (Expected, QueryFilter/ScanFilter,
// AttributeUpdates, AttributesToGet) are translated into the same objects by legacy.h.
//
// Every error is kValidation with DynamoDB's exact message; engine/expr/errors.h and
// the .cc files name the source of each text. Nothing here throws.
//
// Lifetimes: a resolved Condition or Update points into the request's placeholder maps
// (no copies on the hot path), so it must not outlive the maps given to Placeholders.
// Projection owns its data. All three are cheap to copy, immutable after Resolve and
// safe to use from several threads at once.
//
// Typical use for UpdateItem (protocol, then engine):
//   MT_RETURN_IF_ERROR(Placeholders::CheckMapsHaveExpressions(names != nullptr,
//       values != nullptr, {{"UpdateExpression", has_update, true},
//                           {"ConditionExpression", has_condition, true}}));
//   MT_RETURN_IF_ERROR(Placeholders::ValidateMaps(names, values));
//   Placeholders placeholders(names, values);
//   MT_ASSIGN_OR_RETURN(update, Update::Parse(update_text, placeholders, &cache));
//   MT_ASSIGN_OR_RETURN(condition, Condition::Parse(condition_text,
//       ExpressionKind::kCondition, placeholders, &cache));
//   MT_RETURN_IF_ERROR(placeholders.CheckAllUsed());
//   MT_RETURN_IF_ERROR(update.CheckKeyAttributes(keys));      // before any I/O
//   ... lock, read old item ...
//   if (!condition.Evaluate(old_item_or_null)) -> ConditionalCheckFailed
//   Item new_item = old_item ? *old_item : key_only_item;
//   MT_RETURN_IF_ERROR(update.ApplyTo(new_item, keys));
//   UPDATED_NEW: update.UpdatedPaths().Apply(new_item)

#include <initializer_list>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/attribute_value.h"
#include "engine/base/status.h"
#include "engine/expr/ast.h"
#include "engine/expr/bindings.h"
#include "engine/expr/kind.h"

namespace monotable::expr {

class ExpressionCache;  // expression_cache.h

// The request parameters, as the protocol decodes them. Values are already-validated
// AttributeValues with canonical numbers.
using ExpressionAttributeNames = std::map<std::string, std::string>;
using ExpressionAttributeValues = std::map<std::string, AttributeValue>;

// One request's ExpressionAttributeNames and ExpressionAttributeValues. Records which
// placeholders the request's expressions used, so that the request can be refused when
// one was provided but never used. Not thread-safe (one per request).
class Placeholders {
 public:
  // Either map may be null: the request did not give that parameter. The maps must
  // outlive this object and every Condition/Update resolved with it.
  Placeholders(const ExpressionAttributeNames* names, const ExpressionAttributeValues* values)
      : names_(names), values_(values) {}

  // The checks of the maps themselves, which DynamoDB makes before parsing any
  // expression; names first, then values. Null maps are skipped. Errors (kValidation):
  //   ExpressionAttributeNames must not be empty
  //   ExpressionAttributeNames contains invalid key: The expression attribute map
  //     contains a key that is too long; size of key: 256        (over 255 bytes)
  //   ExpressionAttributeNames contains invalid key: Syntax error; key: "a"
  //   ExpressionAttributeNames contains invalid value: Empty attribute name for key #a
  //   ExpressionAttributeValues must not be empty
  //   ExpressionAttributeValues contains invalid key: The expression attribute map
  //     contains a key that is too long;
  //   ExpressionAttributeValues contains invalid key: Syntax error; key: "b"
  // Keys must be '#' (names) or ':' (values) followed by one or more [A-Za-z0-9_].
  static Status ValidateMaps(const ExpressionAttributeNames* names,
                             const ExpressionAttributeValues* values);

  // One expression parameter of the operation, for CheckMapsHaveExpressions.
  struct ExpressionParameter {
    std::string_view name;  // "ConditionExpression", ...
    bool present;           // given in the request
    bool takes_values;      // false for ProjectionExpression
  };
  // DynamoDB refuses placeholder maps in a request without an expression to use them.
  // List the operation's expression parameters in DynamoDB's order, e.g. UpdateItem:
  // {UpdateExpression, ConditionExpression}; Query: {FilterExpression,
  // KeyConditionExpression, ProjectionExpression}; Scan: {FilterExpression,
  // ProjectionExpression}; GetItem: {ProjectionExpression}. Errors (kValidation):
  //   ExpressionAttributeNames can only be specified when using expressions
  //     (names given, no expression present)
  //   ExpressionAttributeValues can only be specified when using expressions:
  //     UpdateExpression and ConditionExpression are null
  //     (values given, none of the value-taking expressions present; the list names
  //     them, "is null" for one)
  // Call it after the "Can not use both expression and non-expression parameters"
  // check and before ValidateMaps, as DynamoDB does.
  static Status CheckMapsHaveExpressions(bool names_given, bool values_given,
                                         std::initializer_list<ExpressionParameter> parameters);

  // The attribute name behind `placeholder` ("#a"), marking it used; null when the
  // request does not define it.
  const std::string* UseName(const std::string& placeholder);
  // The value behind `placeholder` (":v"), marking it used; null when undefined.
  const AttributeValue* UseValue(const std::string& placeholder);

  // After every expression of the request has been resolved: names are checked first,
  // keys listed in sorted order (DynamoDB's order is its hash order). Errors:
  //   Value provided in ExpressionAttributeNames unused in expressions: keys: {#a, #b}
  //   Value provided in ExpressionAttributeValues unused in expressions: keys: {:x}
  Status CheckAllUsed() const;

 private:
  const ExpressionAttributeNames* names_;
  const ExpressionAttributeValues* values_;
  std::vector<const std::string*> used_names_;   // keys of *names_, maybe repeated
  std::vector<const std::string*> used_values_;  // keys of *values_, maybe repeated
};

// A resolved ConditionExpression, FilterExpression or KeyConditionExpression (or a
// translated Expected/QueryFilter/ScanFilter).
class Condition {
 public:
  // A condition that always holds (an absent or empty legacy Expected).
  Condition() = default;

  // Parses (through `cache` when given) and resolves; `kind` is kCondition, kFilter or
  // kKeyCondition. Errors are kValidation, "Invalid <Kind>: ..." with DynamoDB's
  // texts, reported in DynamoDB's order:
  //   The expression can not be empty;
  //   Expression size has exceeded the maximum allowed size; expression size: 4097
  //     (the size suffix for Condition/Filter only, as the service does)
  //   Syntax error; token: "<tok>", near: "<prev tok> <tok> <next tok>"
  //     (the source text from the previous token to the next; "<EOF>" at the end)
  //   The expression contains too many operators; operator count: 301
  //   The expression has redundant parentheses;
  //   Invalid function name; function: <f>
  //   The function is not allowed in a condition expression; function: if_not_exists
  //   The function is not allowed to be used this way in an expression; function: <f>
  //   Attribute name is a reserved keyword; reserved keyword: <word>
  //   then, per comparison/function in text order:
  //   An expression attribute name used in the document path is not defined;
  //     attribute name: #n
  //   An expression attribute value used in expression is not defined;
  //     attribute value: :v
  //   Incorrect number of operands for operator or function; operator or function:
  //     <f>, number of operands: <n>
  //   The IN operator is provided with too many operands; number of operands: 101
  //   The first operand must be distinct from the remaining operands for this operator
  //     or function; operator: =, first operand: [a]
  //   Operator or function requires a document path; operator or function: <f>
  //   Incorrect operand type for operator or function; operator or function: <op>,
  //     operand type: <T>   (literal operands of < <= > >= BETWEEN begins_with size
  //     attribute_type)
  //   Invalid attribute type name found; type: X, valid types: {B,NULL,SS,BOOL,L,BS,
  //     N,NS,S,M}
  //   The BETWEEN operator requires same data type for lower and upper bounds; lower
  //     bound operand: AttributeValue: {N:1}, upper bound operand: AttributeValue:
  //     {S:a}
  //   The BETWEEN operator requires upper bound to be greater than or equal to lower
  //     bound; lower bound operand: AttributeValue: {N:5}, upper bound operand:
  //     AttributeValue: {N:4}
  // KeyConditionExpression's own rules (key attributes only, =/</BETWEEN/begins_with,
  // AND only) are not checked here: they belong to the key-range analysis, which reads
  // root().
  static Result<Condition> Parse(std::string_view text, ExpressionKind kind,
                                 Placeholders& placeholders, ExpressionCache* cache = nullptr);
  // Resolves an already parsed tree (see ParseExpression); errors as Parse after the
  // syntax step. `kind` names the expression in messages.
  static Result<Condition> Resolve(std::shared_ptr<const ast::Expression> parsed,
                                   ExpressionKind kind, Placeholders& placeholders);

  // Evaluates against `item`; null when the item does not exist. DynamoDB semantics:
  // comparisons of different types, and anything on a missing attribute, are false
  // (`<>` is then true); never an error. Does not copy the item.
  bool Evaluate(const Item* item) const;

  // True for the default (always true) condition.
  bool empty() const { return ast_ == nullptr; }
  // True when translated from a legacy parameter (Expected, KeyConditions, ...).
  bool legacy() const { return ast_ != nullptr && ast_->legacy; }

  // The tree and its bindings, for KeyConditionExpression analysis. Not for empty().
  const ast::Node& root() const { return ast_->condition; }
  // The attribute name of a path element (a kNameRef resolved through the request).
  std::string_view Name(const ast::PathElement& element) const { return bindings_.Name(element); }
  // The value of a kValue or kLiteral operand node.
  const AttributeValue& Value(const ast::Node& node) const { return bindings_.Value(node); }

 private:
  std::shared_ptr<const ast::Expression> ast_;
  Bindings bindings_;
};

// A resolved ProjectionExpression or AttributesToGet: which parts of an item to keep.
class Projection {
 public:
  struct Node;  // a trie of the projected paths; defined in projection_tree.h

  // A projection that keeps nothing.
  Projection();

  // Parses (through `cache` when given) and resolves. Errors (kValidation, "Invalid
  // ProjectionExpression: ..."): empty; size ("Expression size has exceeded the
  // maximum allowed size;", no size suffix); syntax; reserved keyword; undefined
  // attribute name; "Two document paths overlap with each other; ... path one: [a],
  // path two: [a, b]"; "Two document paths conflict with each other; ...".
  static Result<Projection> Parse(std::string_view text, Placeholders& placeholders,
                                  ExpressionCache* cache = nullptr);
  static Result<Projection> Resolve(const std::shared_ptr<const ast::Expression>& parsed,
                                    Placeholders& placeholders);
  // Keeps the named top-level attributes (AttributesToGet, KEYS_ONLY, ...). Duplicates
  // are the caller's to refuse.
  static Projection OfAttributes(std::span<const std::string> names);

  // The projected copy of `item`. Nested structure is kept: `a.b` yields {a: {b}}; list
  // indexes yield a list of just the chosen elements, in index order (a[2], a[0] ->
  // [a0, a2]). Paths that are missing or cross a value of the wrong type add nothing,
  // and a map or list that would come out empty is left out.
  Item Apply(const Item& item) const;

  // The top-level attribute names the projection reads, sorted.
  std::vector<std::string> TopLevelAttributes() const;

 private:
  friend class Update;
  std::shared_ptr<const Node> root_;
};

// A resolved UpdateExpression (or translated AttributeUpdates).
class Update {
 public:
  // An update that changes nothing (an absent or empty AttributeUpdates).
  Update() = default;
  // True for that update: no actions at all.
  bool changes_nothing() const { return ast_ == nullptr; }

  // Parses (through `cache` when given) and resolves. Errors (kValidation, "Invalid
  // UpdateExpression: ...") in DynamoDB's order: empty; size; syntax; too many
  // operators; reserved keyword; "Invalid function name; function: f"; "The function
  // is not allowed in an update expression; function: contains"; 'The "SET" section
  // can only be used once in an update expression;'; undefined attribute name; then
  // value; overlapping paths ("Two document paths overlap with each other; ... path
  // one: [a], path two: [a, b]"), then conflicting ones; "Incorrect operand type for
  // operator or function; operator: ADD, operand type: STRING" (ADD takes N or a set,
  // DELETE a set); then per function "Incorrect number of operands ...", "Operator or
  // function requires a document path; operator or function: if_not_exists",
  // "Incorrect operand type for operator or function; operator or function:
  // list_append, operand type: S" (also for + and -).
  static Result<Update> Parse(std::string_view text, Placeholders& placeholders,
                              ExpressionCache* cache = nullptr);
  static Result<Update> Resolve(std::shared_ptr<const ast::Expression> parsed,
                                Placeholders& placeholders);

  // DynamoDB refuses any action on a key attribute or below it, before reading the
  // item: "One or more parameter values were invalid: Cannot update attribute pk. This
  // attribute is part of the key" (the first offending action in text order).
  Status CheckKeyAttributes(std::span<const std::string_view> key_attributes) const;

  // Applies the update to `item` in place. `item` is the current item or, when there
  // is none, an item of just the request's Key attributes: DynamoDB evaluates operands
  // against that (`SET b = if_not_exists(b, pk)` copies the key). Every SET value is
  // computed from the item as it was, then the actions are applied: list elements are
  // addressed by their original indexes (REMOVE a[1], a[2] removes two elements;
  // SET a[9] past the end appends, several appends in index order). Calls
  // CheckKeyAttributes first. Errors (kValidation, no "Invalid UpdateExpression:"):
  //   One or more parameter values were invalid: Cannot update attribute ...
  //   The provided expression refers to an attribute that does not exist in the item
  //   An operand in the update expression has an incorrect data type
  //     (+/- on non-numbers, list_append on non-lists, ADD/DELETE on another type;
  //     "Type mismatch for attribute to update" for translated AttributeUpdates)
  //   The document path provided in the update expression is invalid for update
  //     (a missing parent, or a step through a value of the wrong type)
  //   Number::Add/Subtract's overflow, underflow and precision errors
  //   Nesting Levels have exceeded supported limits (deeper than 32 levels)
  // On error `item` is left partly updated: apply to a copy when that matters. The
  // 400 KB item size limit is the caller's (it applies to the whole write).
  // `item_exists` false: `item` stands for an item that does not exist (its key only),
  // where DynamoDB ignores a REMOVE of a nested path instead of refusing its missing
  // parent (scylladb's test_nested_attribute_remove_from_missing_item, run against
  // DynamoDB; REMOVE x.y of an existing item without x is still refused).
  Status ApplyTo(Item& item, std::span<const std::string_view> key_attributes,
                 bool item_exists = true) const;
  // The same on a copy of `item`.
  Result<Item> Apply(const Item& item, std::span<const std::string_view> key_attributes) const;

  // The paths the update writes, as a Projection: ReturnValues UPDATED_OLD is
  // UpdatedPaths().Apply(old item) and UPDATED_NEW is UpdatedPaths().Apply(new item).
  // This is DynamoDB's nested behaviour: `SET b.c = :x, l[1] = :y` returns
  // {b: {c}, l: [element 1]} (dynalite's "should update nested attributes" test).
  Projection UpdatedPaths() const;

 private:
  std::shared_ptr<const ast::Expression> ast_;
  Bindings bindings_;
};

}  // namespace monotable::expr
