// The web console's serving rules: where it is on, redirects, the embedded files, ETags.
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
  EXPECT_FALSE(ServeConsole(true, "/", "", reply));
  EXPECT_FALSE(ServeConsole(true, "/metrics", "", reply));
  EXPECT_FALSE(ServeConsole(true, "/consoles", "", reply));
  EXPECT_FALSE(ServeConsole(false, "/monotable/tables", "", reply));
}

TEST(ConsoleTest, OffAnswers404SayingHowToTurnItOn) {
  HttpReply reply;
  ASSERT_TRUE(ServeConsole(false, "/console/", "", reply));
  EXPECT_EQ(reply.status, 404u);
  EXPECT_NE(reply.body.find("--console"), std::string::npos);
}

TEST(ConsoleTest, TheDirectoryRedirectsAndServesIndex) {
  HttpReply redirect;
  ASSERT_TRUE(ServeConsole(true, "/console?x=1", "", redirect));
  EXPECT_EQ(redirect.status, 308u);
  EXPECT_TRUE(HasHeader(redirect, "Location: /console/\r\n"));
  HttpReply index;
  ASSERT_TRUE(ServeConsole(true, "/console/?accessKey=a&region=b", "", index));
  EXPECT_EQ(index.status, 200u);
  EXPECT_TRUE(HasHeader(index, "Content-Type: text/html; charset=utf-8\r\n"));
  EXPECT_NE(index.body.find("app.js"), std::string::npos);
}

TEST(ConsoleTest, EveryEmbeddedFileIsServedWithItsTypeAndEtag) {
  ASSERT_FALSE(ConsoleAssets().empty());
  for (const ConsoleAsset& asset : ConsoleAssets()) {
    HttpReply reply;
    ASSERT_TRUE(ServeConsole(true, "/console/" + std::string(asset.name), "", reply));
    EXPECT_EQ(reply.status, 200u) << asset.name;
    EXPECT_EQ(reply.body, asset.body);
    EXPECT_FALSE(asset.body.empty()) << asset.name;
    EXPECT_TRUE(HasHeader(reply, "Content-Type: " + std::string(asset.content_type)));
    EXPECT_TRUE(HasHeader(reply, "ETag: " + std::string(asset.etag)));
    EXPECT_EQ(asset.etag.size(), 34u);  // a quoted MD5
    HttpReply again;
    ASSERT_TRUE(ServeConsole(true, "/console/" + std::string(asset.name), asset.etag, again));
    EXPECT_EQ(again.status, 304u);
    EXPECT_TRUE(again.body.empty());
  }
}

TEST(ConsoleTest, UnknownFilesAre404) {
  HttpReply reply;
  ASSERT_TRUE(ServeConsole(true, "/console/../main.cc", "", reply));
  EXPECT_EQ(reply.status, 404u);
}

}  // namespace
}  // namespace monotable::server
