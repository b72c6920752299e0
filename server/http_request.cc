#include "server/http_request.h"

#include <algorithm>
#include <boost/beast/core/string.hpp>
#include <boost/beast/http/rfc7230.hpp>
#include <cctype>

namespace monotable::server {
namespace {

std::string_view View(boost::beast::string_view s) { return {s.data(), s.size()}; }
boost::beast::string_view Beast(std::string_view s) { return {s.data(), s.size()}; }

bool IEquals(std::string_view a, std::string_view b) {
  return boost::beast::iequals(Beast(a), Beast(b));
}

// Whether a Connection field's comma-separated tokens include `token`.
bool ListsToken(std::string_view value, std::string_view token) {
  for (const auto& t : http::token_list(Beast(value))) {
    if (IEquals(View(t), token)) return true;
  }
  return false;
}

bool IsSchemeCharacter(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '+' ||
         c == '-' || c == '.';
}

}  // namespace

std::string OriginForm(std::string_view target) {
  // absolute-form = scheme "://" authority path-abempty [ "?" query ] (RFC 9112 §3.2.2,
  // RFC 3986 §3): anything else (origin-form, "*", a malformed target) is kept as sent.
  const size_t scheme_end = target.find("://");
  if (target.empty() || target[0] == '/' || scheme_end == std::string_view::npos ||
      scheme_end == 0 || !std::isalpha(static_cast<unsigned char>(target[0])) ||
      !std::all_of(target.begin(), target.begin() + static_cast<std::ptrdiff_t>(scheme_end),
                   IsSchemeCharacter)) {
    return std::string(target);
  }
  const std::string_view rest = target.substr(scheme_end + 3);
  const size_t path_at = rest.find_first_of("/?");
  if (path_at == std::string_view::npos) return "/";
  if (rest[path_at] == '/') return std::string(rest.substr(path_at));
  return "/" + std::string(rest.substr(path_at));  // "http://host?q": the empty path is "/"
}

HttpRequest::HttpRequest(http::verb method, std::string_view target, unsigned version) {
  SetRequestLine(method, View(http::to_string(method)), target, version);
}

bool HttpRequest::keep_alive() const {
  const std::string_view wanted = version_ >= 11 ? "close" : "keep-alive";
  bool listed = false;
  for (size_t i = 0; i < fields_.size() && !listed; ++i) {
    if (fields_[i].id == http::field::connection) listed = ListsToken(field(i).value, wanted);
  }
  return version_ >= 11 ? !listed : listed;
}

std::string_view HttpRequest::operator[](http::field id) const {
  for (const FieldAt& f : fields_) {
    if (f.id == id) return Text(f.value_at, f.value_size);
  }
  return {};
}

std::string_view HttpRequest::operator[](std::string_view name) const {
  const http::field id = http::string_to_field(Beast(name));
  if (id != http::field::unknown) return (*this)[id];
  return unknown_field(name);
}

std::string_view HttpRequest::unknown_field(std::string_view name) const {
  for (const FieldAt& f : fields_) {
    if (f.id == http::field::unknown && IEquals(Text(f.name_at, f.name_size), name)) {
      return Text(f.value_at, f.value_size);
    }
  }
  return {};
}

HttpRequest::Field HttpRequest::field(size_t i) const {
  const FieldAt& f = fields_[i];
  return Field{f.id, Text(f.name_at, f.name_size), Text(f.value_at, f.value_size)};
}

void HttpRequest::Clear() {
  method_ = http::verb::unknown;
  version_ = 11;
  method_size_ = target_size_ = 0;
  text_.clear();
  fields_.clear();
  if (body_.capacity() > kKeptBodyCapacity) {
    std::string().swap(body_);
  } else {
    body_.clear();
  }
}

uint32_t HttpRequest::Append(std::string_view s) {
  const auto at = static_cast<uint32_t>(text_.size());
  text_.append(s);
  return at;
}

void HttpRequest::SetRequestLine(http::verb method, std::string_view method_string,
                                 std::string_view target, unsigned version) {
  // The request line comes first: it is the start of text_.
  Clear();
  method_ = method;
  version_ = version;
  method_size_ = static_cast<uint32_t>(method_string.size());
  target_size_ = static_cast<uint32_t>(target.size());
  Append(method_string);
  Append(target);
}

void HttpRequest::AddField(http::field id, std::string_view name, std::string_view value) {
  const uint32_t name_at = Append(name);
  const uint32_t value_at = Append(value);
  fields_.push_back({id, name_at, static_cast<uint32_t>(name.size()), value_at,
                     static_cast<uint32_t>(value.size())});
}

void HttpRequest::Erase(http::field id, std::string_view name) {
  // The erased fields' bytes stay in text_ unreferenced: hand-built requests only.
  std::erase_if(fields_, [&](const FieldAt& f) {
    return id != http::field::unknown ? f.id == id : IEquals(Text(f.name_at, f.name_size), name);
  });
}

void HttpRequest::set(http::field id, std::string_view value) {
  const std::string_view name = View(http::to_string(id));
  Erase(id, name);
  AddField(id, name, value);
}

void HttpRequest::set(std::string_view name, std::string_view value) {
  const http::field id = http::string_to_field(Beast(name));
  Erase(id, name);
  AddField(id, name, value);
}

RequestParser::RequestParser(HttpRequest& request) : request_(request) { request_.Clear(); }

void RequestParser::on_request_impl(http::verb method, boost::beast::string_view method_string,
                                    boost::beast::string_view target, int version,
                                    boost::beast::error_code&) {
  std::string_view line_target = View(target);
  std::string origin;  // only an absolute-form target is rewritten (rare: a proxy's)
  if (!line_target.empty() && line_target[0] != '/') {
    origin = OriginForm(line_target);
    line_target = origin;
  }
  request_.SetRequestLine(method, View(method_string), line_target, static_cast<unsigned>(version));
}

void RequestParser::on_field_impl(http::field id, boost::beast::string_view name,
                                  boost::beast::string_view value, boost::beast::error_code&) {
  request_.AddField(id, View(name), View(value));
}

void RequestParser::on_body_init_impl(boost::optional<std::uint64_t> const& content_length,
                                      boost::beast::error_code&) {
  // basic_parser has already refused a Content-Length over the body limit.
  if (content_length) {
    request_.body().reserve(static_cast<size_t>(*content_length) + kBodyPadding);
  }
}

std::size_t RequestParser::on_body_impl(boost::beast::string_view body, boost::beast::error_code&) {
  request_.body().append(body.data(), body.size());
  return body.size();
}

std::size_t RequestParser::on_chunk_body_impl(std::uint64_t, boost::beast::string_view body,
                                              boost::beast::error_code&) {
  request_.body().append(body.data(), body.size());
  return body.size();
}

}  // namespace monotable::server
