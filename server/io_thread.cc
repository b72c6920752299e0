#include "server/io_thread.h"

#include <spdlog/spdlog.h>

#include "engine/base/catch_all.h"

namespace monotable::server {

void RunIoContext(boost::asio::io_context& ioc) {
  for (;;) {
    Status thrown = CatchAll([&ioc] { ioc.run(); });
    if (thrown.ok()) return;
    // run() may be called again after an exception without restart().
    spdlog::error("I/O thread caught an exception from a handler: {}; it keeps serving",
                  thrown.message());
  }
}

}  // namespace monotable::server
