#include "engine/base/log.h"

#include <spdlog/spdlog.h>

namespace monotable::log {
namespace {

void Write(spdlog::level::level_enum level, std::string_view message) {
  spdlog::default_logger_raw()->log(level, message);
}

}  // namespace

void Error(std::string_view message) { Write(spdlog::level::err, message); }
void Warn(std::string_view message) { Write(spdlog::level::warn, message); }
void Info(std::string_view message) { Write(spdlog::level::info, message); }
void Debug(std::string_view message) { Write(spdlog::level::debug, message); }

}  // namespace monotable::log
