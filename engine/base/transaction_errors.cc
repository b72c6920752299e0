#include "engine/base/transaction_errors.h"

namespace monotable {

Status TransactionCanceled(std::vector<CancellationReason> reasons) {
  std::string message =
      "Transaction cancelled, please refer cancellation reasons for specific reasons [";
  for (size_t i = 0; i < reasons.size(); ++i) {
    if (i > 0) message += ", ";
    message += reasons[i].code;
  }
  message += "]";
  auto detail = std::make_shared<ErrorDetail>();
  detail->cancellation_reasons = std::move(reasons);
  return Status(ErrorCode::kTransactionCanceled, std::move(message)).WithDetail(std::move(detail));
}

std::optional<CancellationReason> ReasonFor(const Status& status) {
  switch (status.code()) {
    case ErrorCode::kConditionalCheckFailed: {
      CancellationReason reason{"ConditionalCheckFailed", status.message(), std::nullopt};
      if (status.detail()) reason.item = status.detail()->item;
      return reason;
    }
    case ErrorCode::kValidation:
      return CancellationReason{"ValidationError", status.message(), std::nullopt};
    default: return std::nullopt;
  }
}

}  // namespace monotable
