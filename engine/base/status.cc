#include "engine/base/status.h"

#include "engine/base/log.h"

namespace monotable::status_detail {

Status OkStatusGivenToResult() {
  constexpr char kMessage[] = "a Result was built from an ok Status (a bug in monotable)";
  log::Error(kMessage);
  return Status::Internal(kMessage);
}

}  // namespace monotable::status_detail
