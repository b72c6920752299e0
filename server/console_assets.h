#pragma once
// The web console's files (console/ in the source tree), embedded in the binary at
// build time by cmake/EmbedConsole.cmake, which generates the definition of
// ConsoleAssets() into the build tree: the binary serves /console with no runtime files.
//
// Thread-safety: immutable static data. Errors: none.

#include <span>
#include <string_view>

namespace monotable::server {

struct ConsoleAsset {
  std::string_view name;          // file name in console/, e.g. "index.html"
  std::string_view content_type;  // by extension
  std::string_view body;
  std::string_view etag;  // the quoted MD5 of the body
};

// Every embedded file, sorted by name.
std::span<const ConsoleAsset> ConsoleAssets();

}  // namespace monotable::server
