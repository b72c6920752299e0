#pragma once
// HttpRequest: one HTTP/1.x request as the server keeps it (request line, header fields
// in arrival order, body), and RequestParser, which fills one from the wire.
//
// Beast's basic_parser does all of HTTP's grammar: the request line, the fields, bodies
// by Content-Length or chunked, the header and body limits. RequestParser only stores
// what it reports. It replaces Beast's request_parser<string_body> because that one's
// basic_fields allocates a node per field and links it into a case-insensitive tree,
// for requests whose handful of fields are each looked up once or twice: 6 fields cost
// ~2,000 instructions to store and ~1,700 more to find again (callgrind, PutItem).
// Here the fields go into one flat buffer that the connection keeps from request to
// request, so a warm connection parses a request without allocating, and a lookup is a
// scan of a few entries.
//
// Thread-compatible: one connection's chain of operations uses its request at a time.

#include <boost/beast/http/basic_parser.hpp>
#include <boost/beast/http/field.hpp>
#include <boost/beast/http/verb.hpp>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace monotable::server {

namespace http = boost::beast::http;

// Bytes of spare capacity RequestParser reserves past a body of known length, so that a
// reader that needs padding after the text (simdjson: 64 bytes) can have it without a
// reallocation and copy of the body.
inline constexpr size_t kBodyPadding = 64;

class HttpRequest {
 public:
  struct Field {
    http::field id;  // http::field::unknown for a name Beast does not know
    std::string_view name;
    std::string_view value;
  };

  HttpRequest() = default;
  // A request built by hand (tests, tools): no fields, an empty body.
  HttpRequest(http::verb method, std::string_view target, unsigned version);

  http::verb method() const { return method_; }
  std::string_view method_string() const { return Text(0, method_size_); }
  std::string_view target() const { return Text(method_size_, target_size_); }
  unsigned version() const { return version_; }  // 10 or 11
  // As RFC 9112 §9.3 says: HTTP/1.1 unless a Connection field lists "close"; HTTP/1.0
  // only when one lists "keep-alive".
  bool keep_alive() const;

  // The value of the first field of that name (case-insensitive), or "" when absent.
  std::string_view operator[](http::field id) const;
  std::string_view operator[](std::string_view name) const;
  // The same among the fields Beast has no id for (http::field::unknown: X-Amz-Target,
  // X-Amz-Date, ...), for a name known to be one of them: it skips the lookup of the name
  // in Beast's table of known fields, which cost more than the scan itself on every
  // request's X-Amz-Target (callgrind).
  std::string_view unknown_field(std::string_view name) const;
  // The fields in the order they came.
  size_t field_count() const { return fields_.size(); }
  Field field(size_t i) const;

  std::string& body() { return body_; }
  const std::string& body() const { return body_; }

  // The connection the request came on, as its session set it (aws:SourceIp and
  // aws:SecureTransport): the peer's address ("127.0.0.1", "::1"; empty when unknown,
  // as for a request built by hand) and whether it is TLS. Clear() keeps them: they
  // belong to the connection.
  std::string_view peer_address() const { return peer_address_; }
  bool secure_transport() const { return secure_transport_; }
  void set_connection(std::string_view peer_address, bool secure_transport) {
    peer_address_.assign(peer_address);
    secure_transport_ = secure_transport;
  }

  // Building. Clear() forgets the request and keeps the buffers' capacity, except a
  // body's past kKeptBodyCapacity: one large request (a BatchWriteItem of megabytes) must
  // not stay resident for as long as its keep-alive connection lives.
  static constexpr size_t kKeptBodyCapacity = 64 * 1024;
  void Clear();
  void SetRequestLine(http::verb method, std::string_view method_string, std::string_view target,
                      unsigned version);
  void AddField(http::field id, std::string_view name, std::string_view value);
  // Replaces the fields of that name with one (or adds it); for requests built by hand.
  void set(http::field id, std::string_view value);
  void set(std::string_view name, std::string_view value);

 private:
  // Offsets into text_, which holds the method, the target, then each field's name and
  // value: they stay valid when text_ grows.
  struct FieldAt {
    http::field id;
    uint32_t name_at, name_size, value_at, value_size;
  };
  std::string_view Text(size_t at, size_t size) const { return {text_.data() + at, size}; }
  uint32_t Append(std::string_view s);
  void Erase(http::field id, std::string_view name);

  http::verb method_ = http::verb::unknown;
  unsigned version_ = 11;
  uint32_t method_size_ = 0;
  uint32_t target_size_ = 0;
  std::string text_;
  std::vector<FieldAt> fields_;
  std::string body_;
  std::string peer_address_;
  bool secure_transport_ = false;
};

// A request target in origin-form ("/path?query"). RFC 9112 §3.2.2 requires a server to
// accept the absolute-form a client sends through a proxy ("http://host:8000/?q"), which
// is served as its path and query ("/?q"; "/" when it has no path); any other form is
// returned as it is. RequestParser stores targets in this form.
std::string OriginForm(std::string_view target);

// Parses one request into an HttpRequest (cleared first), which must outlive the
// parser. Limits, eager mode and put() are basic_parser's: errors are Beast's
// (http::error::need_more, body_limit, header_limit, and the grammar's). A parser reads
// one request: make a new one for the next, over the same HttpRequest.
class RequestParser final : public http::basic_parser<true> {
 public:
  explicit RequestParser(HttpRequest& request);
  HttpRequest& get() { return request_; }
  const HttpRequest& get() const { return request_; }

 private:
  void on_request_impl(http::verb method, boost::beast::string_view method_string,
                       boost::beast::string_view target, int version,
                       boost::beast::error_code& ec) override;
  void on_response_impl(int, boost::beast::string_view, int, boost::beast::error_code&) override {}
  void on_field_impl(http::field id, boost::beast::string_view name,
                     boost::beast::string_view value, boost::beast::error_code& ec) override;
  void on_header_impl(boost::beast::error_code&) override {}
  void on_body_init_impl(boost::optional<std::uint64_t> const& content_length,
                         boost::beast::error_code& ec) override;
  std::size_t on_body_impl(boost::beast::string_view body, boost::beast::error_code& ec) override;
  void on_chunk_header_impl(std::uint64_t, boost::beast::string_view,
                            boost::beast::error_code&) override {}
  std::size_t on_chunk_body_impl(std::uint64_t remain, boost::beast::string_view body,
                                 boost::beast::error_code& ec) override;
  void on_finish_impl(boost::beast::error_code&) override {}

  HttpRequest& request_;
};

}  // namespace monotable::server
