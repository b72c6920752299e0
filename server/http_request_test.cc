// RequestParser and HttpRequest: what Beast's grammar reports is stored and found again
// (fields by id and by name, case-insensitively, in arrival order), bodies by length and
// chunked, keep-alive by version and Connection, limits and malformed input as Beast's
// errors, and one HttpRequest reused for the next request keeps nothing of the last.

#include "server/http_request.h"

#include <gtest/gtest.h>

#include <boost/asio/buffer.hpp>
#include <boost/beast/http/error.hpp>
#include <string>
#include <string_view>

namespace monotable::server {
namespace {

// Parses `wire` whole into `request`; returns Beast's error (none when complete).
boost::beast::error_code Parse(std::string_view wire, HttpRequest& request,
                               size_t body_limit = 1 << 20, uint32_t header_limit = 8192) {
  RequestParser parser(request);
  parser.body_limit(body_limit);
  parser.header_limit(header_limit);
  parser.eager(true);
  boost::beast::error_code ec;
  while (!wire.empty() && !parser.is_done()) {
    const size_t used = parser.put(boost::asio::buffer(wire.data(), wire.size()), ec);
    wire.remove_prefix(used);
    if (ec || used == 0) break;
  }
  if (!ec && !parser.is_done()) ec = http::error::need_more;
  return ec;
}

TEST(HttpRequestTest, StoresTheRequestLineFieldsAndBody) {
  HttpRequest request;
  ASSERT_FALSE(
      Parse("POST /a?b=1 HTTP/1.1\r\n"
            "Host: localhost\r\n"
            "X-Amz-Target: DynamoDB_20120810.GetItem\r\n"
            "content-type: application/x-amz-json-1.0\r\n"
            "Content-Length: 2\r\n"
            "\r\n"
            "{}",
            request));
  EXPECT_EQ(request.method(), http::verb::post);
  EXPECT_EQ(request.method_string(), "POST");
  EXPECT_EQ(request.target(), "/a?b=1");
  EXPECT_EQ(request.version(), 11u);
  EXPECT_EQ(request.body(), "{}");
  // By id, by name in any case; a known field found by its name too.
  EXPECT_EQ(request[http::field::content_type], "application/x-amz-json-1.0");
  EXPECT_EQ(request["Content-Type"], "application/x-amz-json-1.0");
  EXPECT_EQ(request["x-amz-target"], "DynamoDB_20120810.GetItem");
  EXPECT_EQ(request["X-AMZ-TARGET"], "DynamoDB_20120810.GetItem");
  EXPECT_EQ(request[http::field::authorization], "");
  EXPECT_EQ(request["X-Amz-Date"], "");
  // In arrival order, names as sent.
  ASSERT_EQ(request.field_count(), 4u);
  EXPECT_EQ(request.field(0).name, "Host");
  EXPECT_EQ(request.field(0).id, http::field::host);
  EXPECT_EQ(request.field(1).id, http::field::unknown);
  EXPECT_EQ(request.field(2).name, "content-type");
  EXPECT_EQ(request.field(3).value, "2");
}

// RFC 9112 §3.2.2: an absolute-form target is served as its path and query.
TEST(HttpRequestTest, AnAbsoluteFormTargetIsStoredAsItsPath) {
  HttpRequest request;
  ASSERT_FALSE(Parse("POST http://127.0.0.1:8000/ HTTP/1.1\r\nHost: h\r\n\r\n", request));
  EXPECT_EQ(request.target(), "/");
  ASSERT_FALSE(Parse("GET HTTPS://h/metrics?x=1 HTTP/1.1\r\nHost: h\r\n\r\n", request));
  EXPECT_EQ(request.target(), "/metrics?x=1");
  EXPECT_EQ(OriginForm("http://h"), "/");
  EXPECT_EQ(OriginForm("http://h?q"), "/?q");
  EXPECT_EQ(OriginForm("/a?b"), "/a?b");
  EXPECT_EQ(OriginForm("*"), "*");
  EXPECT_EQ(OriginForm("1http://h/x"), "1http://h/x");  // a scheme starts with a letter
  EXPECT_EQ(OriginForm("a b://h/x"), "a b://h/x");
}

TEST(HttpRequestTest, TheFirstOfRepeatedFieldsIsFound) {
  HttpRequest request;
  ASSERT_FALSE(
      Parse("GET / HTTP/1.1\r\nX-A: 1\r\nx-a: 2\r\nAccept: a\r\nAccept: b\r\n\r\n", request));
  EXPECT_EQ(request["X-A"], "1");
  EXPECT_EQ(request[http::field::accept], "a");
  EXPECT_EQ(request.field_count(), 4u);
}

// unknown_field finds what operator[] finds by name, for the names Beast has no id for;
// the DynamoDB headers the router reads that way must stay such names.
TEST(HttpRequestTest, UnknownFieldsAreFoundWithoutBeastsTable) {
  EXPECT_EQ(http::string_to_field("X-Amz-Target"), http::field::unknown);
  HttpRequest request;
  ASSERT_FALSE(
      Parse("POST / HTTP/1.1\r\nHost: h\r\nx-amz-target: DynamoDB_20120810.GetItem\r\n"
            "X-Amz-Target: second\r\nContent-Length: 0\r\n\r\n",
            request));
  EXPECT_EQ(request.unknown_field("X-Amz-Target"), "DynamoDB_20120810.GetItem");
  EXPECT_EQ(request.unknown_field("X-Amz-Target"), request["X-Amz-Target"]);
  EXPECT_EQ(request.unknown_field("Host"), "");  // a known field is not among them
  EXPECT_EQ(request.unknown_field("X-Amz-Date"), "");
}

TEST(HttpRequestTest, ReadsAChunkedBody) {
  HttpRequest request;
  ASSERT_FALSE(
      Parse("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"
            "3\r\nabc\r\n4\r\ndefg\r\n0\r\n\r\n",
            request));
  EXPECT_EQ(request.body(), "abcdefg");
}

TEST(HttpRequestTest, KeepAliveFollowsTheVersionAndConnection) {
  struct Case {
    std::string_view wire;
    bool keep_alive;
  };
  for (const Case& c : {Case{"GET / HTTP/1.1\r\n\r\n", true},
                        Case{"GET / HTTP/1.1\r\nConnection: close\r\n\r\n", false},
                        Case{"GET / HTTP/1.1\r\nConnection: Upgrade, CLOSE\r\n\r\n", false},
                        Case{"GET / HTTP/1.0\r\n\r\n", false},
                        Case{"GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n", true},
                        Case{"GET / HTTP/1.0\r\nConnection: close\r\n\r\n", false}}) {
    HttpRequest request;
    ASSERT_FALSE(Parse(c.wire, request)) << c.wire;
    EXPECT_EQ(request.keep_alive(), c.keep_alive) << c.wire;
    // Beast's own view agrees.
    RequestParser parser(request);
    boost::beast::error_code ec;
    parser.put(boost::asio::buffer(c.wire.data(), c.wire.size()), ec);
    ASSERT_FALSE(ec) << c.wire;
    EXPECT_EQ(parser.keep_alive(), c.keep_alive) << c.wire;
  }
}

TEST(HttpRequestTest, LimitsAndMalformedInputAreBeastsErrors) {
  HttpRequest request;
  EXPECT_EQ(Parse("POST / HTTP/1.1\r\nContent-Length: 11\r\n\r\n", request, /*body_limit=*/10),
            http::error::body_limit);
  EXPECT_EQ(Parse("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nb\r\nhello world\r\n",
                  request, /*body_limit=*/10),
            http::error::body_limit);
  EXPECT_EQ(Parse("GET / HTTP/1.1\r\nX: " + std::string(200, 'a') + "\r\n\r\n", request,
                  /*body_limit=*/10, /*header_limit=*/100),
            http::error::header_limit);
  EXPECT_TRUE(Parse("GET / HTTP/1.1\r\nBad Name: x\r\n\r\n", request));
  EXPECT_TRUE(
      Parse("POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab", request));
  EXPECT_EQ(Parse("POST / HTTP/1.1\r\nContent-Length: 5\r\n\r\nab", request),
            http::error::need_more);
}

TEST(HttpRequestTest, AReusedRequestKeepsNothingOfTheLast) {
  HttpRequest request;
  ASSERT_FALSE(
      Parse("POST /first HTTP/1.0\r\nX-Amz-Target: A\r\nContent-Length: 3\r\n\r\nabc", request));
  ASSERT_FALSE(Parse("GET /second HTTP/1.1\r\nAccept: */*\r\n\r\n", request));
  EXPECT_EQ(request.method(), http::verb::get);
  EXPECT_EQ(request.target(), "/second");
  EXPECT_EQ(request.version(), 11u);
  EXPECT_EQ(request["X-Amz-Target"], "");
  EXPECT_EQ(request.field_count(), 1u);
  EXPECT_EQ(request.body(), "");
}

TEST(HttpRequestTest, ALargeBodyIsNotKeptForTheNextRequest) {
  HttpRequest request;
  const size_t large = HttpRequest::kKeptBodyCapacity + 1;
  ASSERT_FALSE(Parse("POST / HTTP/1.1\r\nContent-Length: " + std::to_string(large) + "\r\n\r\n" +
                         std::string(large, 'x'),
                     request));
  EXPECT_EQ(request.body().size(), large);
  request.Clear();
  EXPECT_LE(request.body().capacity(), HttpRequest::kKeptBodyCapacity);
  // A small one keeps its room.
  ASSERT_FALSE(Parse("POST / HTTP/1.1\r\nContent-Length: 5\r\n\r\nhello", request));
  const size_t capacity = request.body().capacity();
  request.Clear();
  EXPECT_EQ(request.body().capacity(), capacity);
}

TEST(HttpRequestTest, ABodyOfKnownLengthHasRoomForPadding) {
  HttpRequest request;
  ASSERT_FALSE(Parse("POST / HTTP/1.1\r\nContent-Length: 5\r\n\r\nhello", request));
  EXPECT_GE(request.body().capacity(), 5 + kBodyPadding);
}

TEST(HttpRequestTest, BuiltByHandSetReplacesFields) {
  HttpRequest request(http::verb::post, "/x", 11);
  EXPECT_EQ(request.method_string(), "POST");
  EXPECT_EQ(request.target(), "/x");
  request.set("X-Amz-Target", "one");
  request.set("x-amz-target", "two");
  request.set(http::field::authorization, "a");
  request.set("Authorization", "b");
  EXPECT_EQ(request["X-Amz-Target"], "two");
  EXPECT_EQ(request[http::field::authorization], "b");
  EXPECT_EQ(request.field_count(), 2u);
}

}  // namespace
}  // namespace monotable::server
