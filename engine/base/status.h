#pragma once
// Status and Result<T>: errors are values in monotable. No exception crosses a
// library boundary; protocol/errors maps ErrorCode to DynamoDB's wire error names.
//
// Thread-safety: both are values. Several threads may call const methods of one Status
// or Result at once; if any thread may call a non-const method (assignment, a move,
// WithDetail, value() on a non-const Result), every thread touching that object needs
// external synchronization. Copies are independent (a Status's ErrorDetail is shared
// but immutable).

#include <cassert>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace monotable {

// Structured data some errors carry to the client (the old item of a failed
// condition, a transaction's cancellation reasons); defined in engine/error_detail.h.
struct ErrorDetail;

// What went wrong, in DynamoDB's terms. Not persisted; order is free to change.
enum class ErrorCode {
  kOk,
  kValidation,                     // ValidationException
  kConditionalCheckFailed,         // ConditionalCheckFailedException
  kResourceNotFound,               // ResourceNotFoundException
  kResourceInUse,                  // ResourceInUseException
  kLimitExceeded,                  // LimitExceededException
  kTransactionCanceled,            // TransactionCanceledException
  kTransactionConflict,            // TransactionConflictException
  kProvisionedThroughputExceeded,  // provisioned tables and GSIs (ErrorDetail: reasons)
  kThrottling,  // ThrottlingException: on-demand tables and GSIs (ErrorDetail: reasons)
  kItemCollectionSizeLimitExceeded,
  kIdempotentParameterMismatch,
  kTransactionInProgress,       // TransactionInProgressException (same token in flight)
  kDuplicateItem,               // DuplicateItemException (PartiQL INSERT of an existing key)
  kPolicyNotFound,              // PolicyNotFoundException (resource-based policies)
  kAccessDenied,                // AccessDeniedException (an ARN of another account)
  kTableNotFound,               // TableNotFoundException (the continuous-backup operations)
  kTableAlreadyExists,          // TableAlreadyExistsException (restores into an existing name)
  kTableInUse,                  // TableInUseException (a backup of a table being restored)
  kBackupNotFound,              // BackupNotFoundException
  kBackupInUse,                 // BackupInUseException (a backup still being created)
  kInvalidRestoreTime,          // InvalidRestoreTimeException (outside the PITR window)
  kPitrUnavailable,             // PointInTimeRecoveryUnavailableException
  kImportNotFound,              // ImportNotFoundException (no S3 imports exist)
  kExportNotFound,              // ExportNotFoundException (no S3 exports exist)
  kSerialization,               // SerializationException (malformed request body)
  kUnknownOperation,            // UnknownOperationException
  kMissingAuthenticationToken,  // MissingAuthenticationTokenException
  kUnrecognizedClient,          // UnrecognizedClientException (unknown access key)
  kInvalidSignature,            // InvalidSignatureException (wrong or expired signature)
  kIncompleteSignature,         // IncompleteSignatureException (malformed Authorization)
  kRequestTooLarge,             // request body over the 16 MB limit
  kTrimmedDataAccess,           // TrimmedDataAccessException (Streams: read past retention)
  kExpiredIterator,             // ExpiredIteratorException (Streams: an old shard iterator)
  kNotImplemented,              // a DynamoDB operation monotable does not serve yet
  kInternal,                    // InternalServerError: a bug or an I/O failure
};

class [[nodiscard]] Status {
 public:
  Status() = default;
  Status(ErrorCode code, std::string message) : code_(code), message_(std::move(message)) {}

  static Status Ok() { return Status(); }
  static Status Validation(std::string m) { return {ErrorCode::kValidation, std::move(m)}; }
  static Status NotFound(std::string m) { return {ErrorCode::kResourceNotFound, std::move(m)}; }
  static Status InUse(std::string m) { return {ErrorCode::kResourceInUse, std::move(m)}; }
  static Status Internal(std::string m) { return {ErrorCode::kInternal, std::move(m)}; }

  bool ok() const { return code_ == ErrorCode::kOk; }
  ErrorCode code() const { return code_; }
  const std::string& message() const { return message_; }

  // Null unless the error carries structured data.
  const std::shared_ptr<const ErrorDetail>& detail() const { return detail_; }
  Status WithDetail(std::shared_ptr<const ErrorDetail> detail) && {
    detail_ = std::move(detail);
    return std::move(*this);
  }

 private:
  ErrorCode code_ = ErrorCode::kOk;
  std::string message_;
  std::shared_ptr<const ErrorDetail> detail_;
};

namespace status_detail {
// Logs that a Result was built from an ok Status and returns the kInternal it holds
// instead (status.cc, out of line: the error path only).
Status OkStatusGivenToResult();
}  // namespace status_detail

// A value or a Status that is not ok.
template <typename T>
class [[nodiscard]] Result {
 public:
  Result(T value) : data_(std::move(value)) {}  // NOLINT: implicit on purpose
  // An ok `status` is a bug: a debug build stops on the assertion; a release build
  // logs it and holds kInternal instead, so the caller still sees an error (never an
  // ok status with no value).
  Result(Status status) : data_(std::move(status)) {  // NOLINT
    if (std::get<Status>(data_).ok()) [[unlikely]] {
      assert(false && "Result built from an ok Status");
      data_ = status_detail::OkStatusGivenToResult();
    }
  }

  bool ok() const { return std::holds_alternative<T>(data_); }
  const Status& status() const { return std::get<Status>(data_); }
  T& value() & { return std::get<T>(data_); }
  const T& value() const& { return std::get<T>(data_); }
  T&& value() && { return std::get<T>(std::move(data_)); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }

 private:
  std::variant<T, Status> data_;
};

}  // namespace monotable

// `name` and `var` name declarations, so they cannot be parenthesised.
// NOLINTBEGIN(bugprone-macro-parentheses)

// Returns early from the enclosing function when `expr` (a Status) is not ok.
// The local's name is unique per use (__COUNTER__): `expr` may hold a lambda that uses
// the macro itself, and one fixed name would shadow the outer one (-Wshadow).
#define MT_RETURN_IF_ERROR(expr) \
  MT_RETURN_IF_ERROR_NAMED_(MT_CONCAT_(mt_status_, __COUNTER__), expr)
#define MT_CONCAT_INNER_(a, b) a##b
#define MT_CONCAT_(a, b) MT_CONCAT_INNER_(a, b)
#define MT_RETURN_IF_ERROR_NAMED_(name, expr) \
  do {                                        \
    ::monotable::Status name = (expr);        \
    if (!name.ok()) return name;              \
  } while (0)

// Declares `var` as a reference to the value of `expr` (a Result<T>), or returns its
// Status from the enclosing function.
#define MT_ASSIGN_OR_RETURN(var, expr)                  \
  auto var##_result = (expr);                           \
  if (!var##_result.ok()) return var##_result.status(); \
  auto& var = *var##_result
// NOLINTEND(bugprone-macro-parentheses)
