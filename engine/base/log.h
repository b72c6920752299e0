#pragma once
// Logging for the engine and the protocol, through spdlog's default logger: the server
// chooses its sink, format and level (--log-level). The functions take finished text so
// that no spdlog or fmt header reaches the engine's headers (spdlog is a private
// dependency of monotable_base); they are meant for rare events such as background
// failures and internal errors, not for hot paths.
//
// Thread-safe (spdlog's default logger is). Errors: none reported; a message that cannot
// be written is dropped by spdlog's own error handler.

#include <string_view>

namespace monotable::log {

void Error(std::string_view message);
void Warn(std::string_view message);
void Info(std::string_view message);
void Debug(std::string_view message);

}  // namespace monotable::log
