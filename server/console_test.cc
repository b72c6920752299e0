// The web console's serving rules: where it is on, redirects, the embedded files, ETags,
// gzip and caching.
#include "server/console.h"

#include <gtest/gtest.h>

#include "server/console_assets.h"

namespace monotable::server {
namespace {

bool HasHeader(const HttpReply& reply, std::string_view line) {
  return reply.headers.find(line) != std::string::npos;
}

TEST(ConsoleTest, OnByDefaultOnLoopbackOnly) {
  Config config;
  for (const char* host : {"127.0.0.1", "127.8.9.10", "::1"}) {
    config.host = host;
    EXPECT_TRUE(ConsoleEnabled(config)) << host;
  }
  for (const char* host : {"0.0.0.0", "10.1.2.3", "::"}) {
    config.host = host;
    EXPECT_FALSE(ConsoleEnabled(config)) << host;
  }
  config.console = true;
  EXPECT_TRUE(ConsoleEnabled(config));
  config.host = "127.0.0.1";
  config.console = false;
  EXPECT_FALSE(ConsoleEnabled(config));
}

TEST(ConsoleTest, OtherPathsAreNotTheConsoles) {
  HttpReply reply;
  EXPECT_FALSE(ServeConsole(true, "/", {}, reply));
  EXPECT_FALSE(ServeConsole(true, "/metrics", {}, reply));
  EXPECT_FALSE(ServeConsole(true, "/consoles", {}, reply));
  EXPECT_FALSE(ServeConsole(false, "/monotable/tables", {}, reply));
}

TEST(ConsoleTest, OffAnswers404SayingHowToTurnItOn) {
  HttpReply reply;
  ASSERT_TRUE(ServeConsole(false, "/console/", {}, reply));
  EXPECT_EQ(reply.status, 404u);
  EXPECT_NE(reply.body.find("--console"), std::string::npos);
}

TEST(ConsoleTest, TheDirectoryRedirectsAndServesIndex) {
  HttpReply redirect;
  ASSERT_TRUE(ServeConsole(true, "/console?x=1", {}, redirect));
  EXPECT_EQ(redirect.status, 308u);
  EXPECT_TRUE(HasHeader(redirect, "Location: /console/\r\n"));
  HttpReply index;
  ASSERT_TRUE(ServeConsole(true, "/console/?accessKey=a&region=b", {}, index));
  EXPECT_EQ(index.status, 200u);
  EXPECT_TRUE(HasHeader(index, "Content-Type: text/html; charset=utf-8\r\n"));
  // The bundle and the hashed stylesheet, nothing else.
  EXPECT_NE(index.body.find("<script type=\"module\" src=\"console."), std::string::npos);
  EXPECT_NE(index.body.find("<link rel=\"stylesheet\" href=\"style."), std::string::npos);
  EXPECT_EQ(index.body.find("app.js"), std::string::npos);
  EXPECT_EQ(index.body.find("modulepreload"), std::string::npos);
}

TEST(ConsoleTest, EveryEmbeddedFileIsServedWithItsTypeAndEtag) {
  ASSERT_FALSE(ConsoleAssets().empty());
  for (const ConsoleAsset& asset : ConsoleAssets()) {
    HttpReply reply;
    ASSERT_TRUE(ServeConsole(true, "/console/" + std::string(asset.name), {}, reply));
    EXPECT_EQ(reply.status, 200u) << asset.name;
    EXPECT_EQ(reply.body, asset.body);
    EXPECT_FALSE(asset.body.empty()) << asset.name;
    EXPECT_TRUE(HasHeader(reply, "Content-Type: " + std::string(asset.content_type)));
    EXPECT_TRUE(HasHeader(reply, "ETag: " + std::string(asset.etag)));
    EXPECT_EQ(asset.etag.size(), 34u);  // a quoted MD5
    HttpReply again;
    ASSERT_TRUE(ServeConsole(true, "/console/" + std::string(asset.name), {asset.etag, ""}, again));
    EXPECT_EQ(again.status, 304u);
    EXPECT_TRUE(again.body.empty());
  }
}

TEST(ConsoleTest, GzipIsSentWhenAcceptedAndHashedFilesAreImmutable) {
  int hashed = 0;
  for (const ConsoleAsset& asset : ConsoleAssets()) {
    const std::string target = "/console/" + std::string(asset.name);
    HttpReply plain;
    ASSERT_TRUE(ServeConsole(true, target, {"", "br"}, plain));
    EXPECT_FALSE(HasHeader(plain, "Content-Encoding"));
    EXPECT_TRUE(HasHeader(plain, asset.immutable
                                     ? "Cache-Control: public, max-age=31536000, immutable"
                                     : "Cache-Control: no-cache"));
    hashed += asset.immutable;
    if (asset.gzip.empty()) continue;
    HttpReply packed;
    ASSERT_TRUE(ServeConsole(true, target, {"", "gzip, deflate, br"}, packed));
    EXPECT_TRUE(HasHeader(packed, "Content-Encoding: gzip\r\n")) << asset.name;
    EXPECT_TRUE(HasHeader(packed, "Vary: Accept-Encoding\r\n"));
    EXPECT_TRUE(HasHeader(packed, "ETag: " + std::string(asset.gzip_etag)));
    EXPECT_EQ(packed.body, asset.gzip);
    EXPECT_LT(asset.gzip.size(), asset.body.size());
    HttpReply again;  // the gzip copy's ETag revalidates the gzip copy
    ASSERT_TRUE(ServeConsole(true, target, {asset.gzip_etag, "gzip"}, again));
    EXPECT_EQ(again.status, 304u);
  }
  EXPECT_EQ(hashed, 2);  // the bundle and the stylesheet
}

TEST(ConsoleTest, AcceptEncodingIsReadAsRfc9110Says) {
  EXPECT_TRUE(AcceptsGzip("gzip"));
  EXPECT_TRUE(AcceptsGzip("deflate, gzip;q=0.5"));
  EXPECT_TRUE(AcceptsGzip(" br ,  * "));
  EXPECT_FALSE(AcceptsGzip(""));
  EXPECT_FALSE(AcceptsGzip("identity, br"));
  EXPECT_FALSE(AcceptsGzip("gzip;q=0"));
  EXPECT_FALSE(AcceptsGzip("gzip; q=0.000, br"));
  EXPECT_FALSE(AcceptsGzip("xgzip"));
}

TEST(ConsoleTest, UnknownFilesAre404) {
  HttpReply reply;
  ASSERT_TRUE(ServeConsole(true, "/console/../main.cc", {}, reply));
  EXPECT_EQ(reply.status, 404u);
  EXPECT_EQ(reply.body, "not found\n");  // the path is not echoed back
}

}  // namespace
}  // namespace monotable::server
