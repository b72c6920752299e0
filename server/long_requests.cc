#include "server/long_requests.h"

namespace monotable::server {

bool IsLongGet(std::string_view path) {
  return path == "/metrics" || path.starts_with("/monotable/");
}

}  // namespace monotable::server
