#pragma once
// LogCapture: sends spdlog's default logger (where engine/base/log.h and the server
// write) to a string for the capture's lifetime, so that a test can assert that a
// failure was logged. Test-only; a test that includes it links spdlog::spdlog.
// Not thread-safe to construct or destroy while other threads log; text() may be read
// once they are done.

#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>

#include <memory>
#include <sstream>
#include <string>

namespace monotable::test_log {

class LogCapture {
 public:
  LogCapture() : previous_(spdlog::default_logger()) {
    auto logger = std::make_shared<spdlog::logger>(
        "capture", std::make_shared<spdlog::sinks::ostream_sink_mt>(out_));
    logger->set_level(spdlog::level::trace);
    spdlog::set_default_logger(std::move(logger));
  }
  ~LogCapture() { spdlog::set_default_logger(previous_); }
  LogCapture(const LogCapture&) = delete;
  LogCapture& operator=(const LogCapture&) = delete;
  std::string text() const { return out_.str(); }

 private:
  std::ostringstream out_;
  std::shared_ptr<spdlog::logger> previous_;
};

}  // namespace monotable::test_log
