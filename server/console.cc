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

std::string_view Trim(std::string_view text) {
  const size_t first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  return text.substr(first, text.find_last_not_of(" \t") - first + 1);
}

}  // namespace

bool ConsoleEnabled(const Config& config) {
  if (config.console) return *config.console;
  boost::system::error_code ec;
  const auto address = boost::asio::ip::make_address(config.host, ec);
  return !ec && address.is_loopback();
}

bool AcceptsGzip(std::string_view header) {
  while (!header.empty()) {
    const size_t comma = header.find(',');
    std::string_view item = header.substr(0, comma);
    header = comma == std::string_view::npos ? std::string_view() : header.substr(comma + 1);
    const size_t semicolon = item.find(';');
    std::string_view coding = Trim(item.substr(0, semicolon));
    std::string_view params =
        semicolon == std::string_view::npos ? std::string_view() : item.substr(semicolon + 1);
    if (coding != "gzip" && coding != "*") continue;
    // q=0, q=0.0, q=0.000: "not acceptable" (RFC 9110 12.5.3).
    params = Trim(params);
    const bool refused =
        params.starts_with("q=0") && params.find_first_not_of("0.", 2) == std::string_view::npos;
    return !refused;
  }
  return false;
}

bool ServeConsole(bool enabled, std::string_view target, const ConsoleRequest& request,
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
    const bool gzip = !asset.gzip.empty() && AcceptsGzip(request.accept_encoding);
    const std::string_view etag = gzip ? asset.gzip_etag : asset.etag;
    reply.AddHeader("ETag", etag);
    // A hashed name never changes content: no request at all until it is evicted.
    // Others revalidate every time (a new build changes them): a 304 costs one round trip.
    reply.AddHeader("Cache-Control",
                    asset.immutable ? "public, max-age=31536000, immutable" : "no-cache");
    if (!asset.gzip.empty()) reply.AddHeader("Vary", "Accept-Encoding");
    if (request.if_none_match == etag) {
      reply.status = 304;
      return true;
    }
    reply.AddHeader("Content-Type", asset.content_type);
    reply.AddHeader("X-Content-Type-Options", "nosniff");
    // Only its own files and the same origin's API: no inline script, no other origin.
    reply.AddHeader("Content-Security-Policy",
                    "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; "
                    "frame-ancestors 'none'");
    if (gzip) reply.AddHeader("Content-Encoding", "gzip");
    reply.body = gzip ? asset.gzip : asset.body;
    return true;
  }
  Text(reply, 404, "not found\n");  // the path is not echoed (Router::HandleGet says why)
  return true;
}

}  // namespace monotable::server
