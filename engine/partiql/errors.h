#pragma once
// DynamoDB's PartiQL error texts, built in one place.
//
// DynamoDB runs statements through the PartiQL reference parser and reports its
// syntax errors as "Statement wasn't well formed, can't be processed: <detail>", with
// the parser's own detail text. The texts below were taken from:
//   [C] paritysuite/dynamodb-conformance tests/tier3/error-messages/partiqlGrammar,
//       partiqlFunctions and partiqlParameterNumbers .test.ts, pinned against the real
//       service (eu-west-2 and other regions, October 2026);
//   [K] partiql/partiql-lang-kotlin's SqlParser.kt and LexerConstants.kt (the parser
//       DynamoDB's texts come from), for details [C] does not pin;
//   [L] a Go driver's notes recorded against DynamoDB Local (comments, ';');
//   [D] DynamoDB Local's PartiQL validation texts (its ValidationExceptionMessages
//       class), AWS's own implementation, for the lowering's refusals.
// Texts marked "monotable" are our own where no DynamoDB text was found.
// Thread-safe (pure functions).

#include <cstdint>
#include <string>
#include <string_view>

#include "engine/base/status.h"

namespace monotable::partiql {

// [C] The envelope of every syntax error. A lexical error (a '#', an unterminated
// comment or string, an exponent out of 32-bit range) has nothing after the colon.
inline constexpr std::string_view kMalformedPrefix =
    "Statement wasn't well formed, can't be processed: ";

// kValidation: kMalformedPrefix + detail.
Status Malformed(std::string_view detail);
// kValidation: "...: Expected <TOKEN_TYPE>", the parser's name of the missing token
// (RIGHT_PAREN, RIGHT_BRACKET, RIGHT_CURLY, RIGHT_DOUBLE_ANGLE_BRACKET, COLON, BY). [K]
Status ExpectedToken(std::string_view token_type);

// Details after kMalformedPrefix.
inline constexpr std::string_view kUnexpectedTerm = "Unexpected term";          // [C]
inline constexpr std::string_view kUnexpectedKeyword = "Unexpected keyword";    // [C]
inline constexpr std::string_view kUnexpectedOperator = "Unexpected operator";  // [C]
inline constexpr std::string_view kMissingRightHandSide =
    "Missing right-hand side expression of infix operator";  // [C]
inline constexpr std::string_view kExpectedIdentifierForSimplePath =
    "Expected identifier for simple path";                                                  // [C]
inline constexpr std::string_view kInvalidPathDotComponent = "Invalid path dot component";  // [C]
inline constexpr std::string_view kInvalidPathDotComponentForSimplePath =
    "Invalid path dot component for simple path";  // [K]
inline constexpr std::string_view kInvalidPathComponentForSimplePath =
    "Invalid path component for simple path";                                // [K]
inline constexpr std::string_view kExpectedTypeName = "Expected type name";  // [C]
inline constexpr std::string_view kExpectedDataManipulation =
    "Expected data manipulation";  // [C] (BatchExecuteStatement test: "SLECT * FROM ...")
inline constexpr std::string_view kUnexpectedTokenAfterExpression =
    "Unexpected token after expression";  // [C]
inline constexpr std::string_view kUnexpectedTokenAfterSemicolon =
    "Unexpected token after semicolon. (Only one query is allowed.)";                       // [K]
inline constexpr std::string_view kExpectedAssignment = "Expected '='";                     // [K]
inline constexpr std::string_view kExpectedFromAfterDelete = "Expected FROM after DELETE";  // [K]
inline constexpr std::string_view kExpectedFromAfterSelectList =
    "Expected FROM after SELECT list";                                           // [K]
inline constexpr std::string_view kExpectedAndKeyword = "Expected AND keyword";  // [K]
inline constexpr std::string_view kExpectedExpressionAfterAnd =
    "Expected expression after AND";  // [K]
inline constexpr std::string_view kExpectedIdentifierForAlias =
    "Expected identifier for AS-alias";  // [K]
inline constexpr std::string_view kStarNotAlone =
    "Other expressions may not be present in the select list when '*' is used without "
    "dot notation.";  // [K]
inline constexpr std::string_view kExpectedReturningMapping =
    "Expected ( MODIFIED | ALL ) ( NEW | OLD ) in each returning element.";  // [K]
inline constexpr std::string_view kUnsupportedReturningColumn =
    "Unsupported syntax in RETURNING columns.";  // [K]
// [K] "Expected identifier or an expression but found unexpected keyword 'from' in a
// select list." for the keywords that cannot start a select-list item.
Status ReservedKeywordInSelectList(std::string_view keyword);
// [K] "<name>(*) is not allowed".
Status StarArgument(std::string_view function_name);
// monotable: deeper nesting than the parser allows (a guard against stack exhaustion;
// DynamoDB's limit and text are unknown) is reported as a lexical error is.
Status TooDeep();

// Errors DynamoDB reports after a statement parsed, without the envelope.
inline constexpr std::string_view kAliasingNotSupported = "Aliasing is not supported";  // [C]
// [C] "Unsupported operation: IsType" for a statement that is a bare expression; the
// name is the PartiQL AST class of the top node (see ast::OpClassName).
Status UnsupportedOperation(std::string_view ast_class);
// [C] "Unexpected path component at 1:8:16": a select-list item that is not a path.
Status UnexpectedPathComponent(std::string_view text, uint32_t offset, uint32_t length);

// kValidation with `message` as it is: the lowering's texts (lower.h, expr_builder.h,
// values.h), which DynamoDB sends without an envelope.
Status Refused(std::string_view message);

// DynamoDB's position suffix: "<line>:<column>:<length>", line and column counted
// from 1 in characters (UTF-8 code points), length in characters of the token. [C]
std::string FormatLocation(std::string_view text, uint32_t offset, uint32_t length);

// Texts the lowering step (statement -> engine requests) will report; collected here
// so they are found in one place. Not produced by the parser.
namespace lowering {
inline constexpr std::string_view kMissingKeyEquality =
    "Where clause does not contain a mandatory equality on all key attributes";  // [C]
inline constexpr std::string_view kOverlappingRangeConditions =
    "Overlapping conditions with range keys are not supported in where clause";  // [C]
inline constexpr std::string_view kTransactionSelectNeedsKey =
    "Select statements within ExecuteTransaction must specify the primary key in the "
    "where clause.";  // [C]
inline constexpr std::string_view kBatchSelectNeedsKey =
    "Select statements within BatchExecuteStatement must specify the primary key in the "
    "where clause.";  // [C]
inline constexpr std::string_view kExistsNeedsCondition =
    "EXISTS() must contain a single item read with additional condition";  // [C]
inline constexpr std::string_view kTransactionReadAndWrite =
    "ExecuteTransaction API does not support both read and write operations in the same "
    "request.";  // [L]
// [C] ExecuteTransaction prefixes a statement's error: "Validation failed in
// TransactStatements[0]: <message>".
inline constexpr std::string_view kTransactionStatementPrefix =
    "Validation failed in TransactStatements[";
inline constexpr std::string_view kExistsOutsideTransaction =
    "EXISTS can only be used in ExecuteTransaction write requests.";  // [D]
inline constexpr std::string_view kIndexReadInTransaction =
    "Reads on indices are not supported within transactions.";  // [C]
inline constexpr std::string_view kIndexInTransactionCheck =
    "Operations on indices are not supported in transactions";  // [D]
inline constexpr std::string_view kReturningInTransaction =
    "RETURNING clause is not supported in ExecuteTransaction.";  // [C]
inline constexpr std::string_view kBatchReadAndWrite =
    "Read and write requests together in the same batch is not supported.";  // [D]
// [D] A DELETE/UPDATE whose WHERE gives a key attribute two values (recorded against
// DynamoDB by floci's PartiQL edge-case tests):
// "Multiple conditions on same key <name>. Only single item Update/Insert/Delete are
// supported".
std::string MultipleKeyConditions(std::string_view name);
// [D] A read whose partition key IN list (times any sort key IN list) gives more than
// 50 reads.
inline constexpr std::string_view kTooManyDecomposedReads =
    "Too many decomposed read operations for a given query.";
// [D] With more than one partition key value, ORDER BY must name the partition key.
inline constexpr std::string_view kOrderByNeedsHashKey =
    "Must have hash key in ORDER BY clause when more than one hash key condition specified "
    "in WHERE clause.";
// [C] Each followed by " at <FormatLocation>":
//   "Unrecognized function: exists"           (name in lower case)
//   "The first argument to SET_ADD must equal the assignment value"   (also SET_DELETE)
//   "The second argument to SET_ADD must be a value with type SET"    (at the 1st argument)
//   "SET_ADD must have exactly two arguments"
//   "Unsupported data type: set_add under key root"   (a function in an INSERT value)
inline constexpr std::string_view kEmptyBag = "Empty bags are not supported";  // [C]
// [C] "One or more parameter values were invalid: Input collection [x, x] contains
// duplicates." for a set literal with a repeated member.
// [C] A number literal out of DynamoDB's range: engine/number.h's text + " under root",
// the path inside the value appended (" under root.x", " under root[1]"); the path is
// relative to each top-level attribute of an INSERT.
// [C] Parameters: "The parameter cannot be converted to a numeric value: <text>"
// (nothing after the colon for ""), and "Nesting Levels have exceeded supported limits:
// Attributes in the item have nested levels beyond supported limit".
// [C] Condition functions reuse the expression texts, e.g. "Operator or function
// requires a document path; operator or function: attribute_exists" and "Incorrect
// number of operands for operator or function; operator or function: attribute_exists,
// number of operands: 0"; set_add/set_delete type errors reuse "An operand in the
// update expression has an incorrect data type".
}  // namespace lowering

}  // namespace monotable::partiql
