#include "server/console.h"

#include <boost/asio/ip/address.hpp>
#include <string>

#include "server/console_assets.h"

namespace monotable::server {
namespace {

constexpr std::string_view kPrefix = "/console";

void Text(HttpReply& reply, unsigned status, std::string body) {
  reply.status = status;
  reply.AddHeader("Content-Type", "text/plain; charset=utf-8");
  reply.body = std::move(body);
}

}  // namespace

bool ConsoleEnabled(const Config& config) {
  if (config.console) return *config.console;
  boost::system::error_code ec;
  const auto address = boost::asio::ip::make_address(config.host, ec);
  return !ec && address.is_loopback();
}

bool ServeConsole(bool enabled, std::string_view target, std::string_view if_none_match,
                  HttpReply& reply) {
  const std::string_view path = target.substr(0, target.find('?'));
  if (path.substr(0, kPrefix.size()) != kPrefix) return false;
  std::string_view rest = path.substr(kPrefix.size());
  if (!rest.empty() && rest[0] != '/') return false;  // e.g. /consoles
  if (!enabled) {
    Text(reply, 404,
         "the console is off: it is served on loopback addresses by default, elsewhere "
         "only with --console\n");
    return true;
  }
  if (rest.empty()) {
    // Relative module imports resolve against the directory: the page lives at /console/.
    reply.status = 308;
    reply.AddHeader("Location", "/console/");
    return true;
  }
  rest.remove_prefix(1);
  if (rest.empty()) rest = "index.html";
  for (const ConsoleAsset& asset : ConsoleAssets()) {
    if (asset.name != rest) continue;
    reply.AddHeader("ETag", asset.etag);
    // Revalidate every time (a new build changes the files): a 304 costs one round trip.
    reply.AddHeader("Cache-Control", "no-cache");
    if (if_none_match == asset.etag) {
      reply.status = 304;
      return true;
    }
    reply.AddHeader("Content-Type", asset.content_type);
    reply.AddHeader("X-Content-Type-Options", "nosniff");
    // Only its own files and the same origin's API: no inline script, no other origin.
    reply.AddHeader("Content-Security-Policy",
                    "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; "
                    "frame-ancestors 'none'");
    reply.body = asset.body;
    return true;
  }
  Text(reply, 404, "not found: " + std::string(path) + "\n");
  return true;
}

}  // namespace monotable::server
