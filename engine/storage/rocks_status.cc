#include "engine/storage/rocks_status.h"

#include <string>

namespace monotable::rocks_status_detail {

Status Error(const rocksdb::Status& s, std::string_view context) {
  std::string message(context);
  message += ": ";
  message += s.ToString();
  return Status::Internal(std::move(message));
}

}  // namespace monotable::rocks_status_detail
