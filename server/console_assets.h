#pragma once
// The web console's files (console/ in the source tree), embedded in the binary at
// build time by cmake/embed_console.py, which generates the definition of
// ConsoleAssets() into the build tree: the binary serves /console with no runtime files.
// Beside the source files it embeds the bundle of every module (console.<hash>.js), the
// stylesheet under a hashed name, the index.html that loads those two, and a gzip copy
// of each file.
//
// Thread-safety: immutable static data. Errors: none.

#include <span>
#include <string_view>

namespace monotable::server {

struct ConsoleAsset {
  std::string_view name;          // file name in console/, e.g. "index.html"
  std::string_view content_type;  // by extension
  std::string_view body;
  std::string_view gzip;       // the body gzip-compressed; empty when that is not smaller
  std::string_view etag;       // the quoted MD5 of the body
  std::string_view gzip_etag;  // the gzip copy's: the MD5 with "-gzip"
  bool immutable;              // a hashed name: its content never changes
};

// Every embedded file, sorted by name.
std::span<const ConsoleAsset> ConsoleAssets();

}  // namespace monotable::server
