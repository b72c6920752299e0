#include "server/java_shim.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

namespace monotable::server {
namespace {

// Directories that "exist" for -dbPath's check.
const std::set<std::string> kShimDirectories = {"./data", "/data", "/tmp/ddb"};

bool ShimIsDirectory(const std::string& path) { return kShimDirectories.count(path) > 0; }

Config ShimServe(const std::vector<std::string>& args) {
  Result<JavaShimCommand> r = ParseJavaCommandLine(args, ShimIsDirectory);
  EXPECT_TRUE(r.ok()) << r.status().message();
  if (!r.ok()) return Config{};
  EXPECT_EQ(r->action, JavaShimCommand::Action::kServe);
  return r->config;
}

std::string ShimError(const std::vector<std::string>& args) {
  Result<JavaShimCommand> r = ParseJavaCommandLine(args, ShimIsDirectory);
  if (r.ok()) return "<ok>";
  EXPECT_EQ(r.status().code(), ErrorCode::kValidation);
  return r.status().message();
}

JavaShimCommand::Action ShimAction(const std::vector<std::string>& args) {
  Result<JavaShimCommand> r = ParseJavaCommandLine(args, ShimIsDirectory);
  EXPECT_TRUE(r.ok()) << r.status().message();
  return r.ok() ? r->action : JavaShimCommand::Action::kServe;
}

TEST(JavaShimTest, StartedAsJavaByAnyPath) {
  EXPECT_TRUE(IsJavaShim("java"));
  EXPECT_TRUE(IsJavaShim("/usr/local/bin/java"));
  EXPECT_FALSE(IsJavaShim("monotable"));
  EXPECT_FALSE(IsJavaShim("/usr/local/bin/monotable"));
  EXPECT_FALSE(IsJavaShim("/opt/java/monotable"));
  EXPECT_FALSE(IsJavaShim("javac"));
}

// What Testcontainers for Go runs: its entry point, then its command and options.
TEST(JavaShimTest, TestcontainersGoCommandLine) {
  Config c = ShimServe({"-Djava.library.path=./DynamoDBLocal_lib", "-jar", "DynamoDBLocal.jar",
                        "-sharedDb", "-inMemory"});
  EXPECT_EQ(c.host, "0.0.0.0");  // DynamoDB Local listens on every address
  EXPECT_EQ(c.port, 8000);
  EXPECT_TRUE(c.shared_db);
  EXPECT_TRUE(c.in_memory);
  EXPECT_TRUE(c.dynamodb_local);
  EXPECT_EQ(c.cors_origins, "");
}

TEST(JavaShimTest, WithoutDbPathOrInMemoryTheDataGoesToTheCurrentDirectory) {
  Config c = ShimServe({"-jar", "DynamoDBLocal.jar"});
  EXPECT_FALSE(c.in_memory);
  EXPECT_EQ(c.db_path, ".");
  EXPECT_FALSE(c.shared_db);
}

TEST(JavaShimTest, DynamoDbLocalOptionsWithOneOrTwoDashes) {
  Config c =
      ShimServe({"-Xmx512m", "-XX:+UseG1GC", "-ea", "-cp", "lib/*", "--add-opens",
                 "java.base/java.lang=ALL-UNNAMED", "-jar", "/home/dynamodblocal/DynamoDBLocal.jar",
                 "--port", "9000", "-dbPath", "./data", "--cors", "\"*\"",
                 "-delayTransientStatuses", "-optimizeDbBeforeStartup", "-disableTelemetry"});
  EXPECT_EQ(c.port, 9000);
  EXPECT_EQ(c.db_path, "./data");
  EXPECT_FALSE(c.in_memory);
  EXPECT_EQ(c.cors_origins, "*");  // one pair of quotes stripped, as Commons CLI does
}

TEST(JavaShimTest, TheFirstOccurrenceCountsAndOtherWordsAreIgnored) {
  Config c = ShimServe({"-jar", "DynamoDBLocal.jar", "-port", "8001", "stray", "-port", "8002", "-",
                        "--", "-whatever"});
  EXPECT_EQ(c.port, 8001);
}

TEST(JavaShimTest, HelpAndVersion) {
  EXPECT_EQ(ShimAction({"-jar", "DynamoDBLocal.jar", "-help"}), JavaShimCommand::Action::kHelp);
  EXPECT_EQ(ShimAction({"-jar", "DynamoDBLocal.jar", "-port", "x", "--help"}),
            JavaShimCommand::Action::kHelp);  // -help is checked before the port
  EXPECT_EQ(ShimAction({"-jar", "DynamoDBLocal.jar", "-version"}),
            JavaShimCommand::Action::kVersion);
  EXPECT_EQ(ShimAction({"-version"}), JavaShimCommand::Action::kVersion);  // the JVM's
  EXPECT_NE(JavaShimUsage().find("-jar DynamoDBLocal.jar"), std::string::npos);
}

// DynamoDB Local's own messages, in the order it checks.
TEST(JavaShimTest, DynamoDbLocalErrors) {
  EXPECT_EQ(ShimError({"-jar", "DynamoDBLocal.jar", "-foo"}),
            "Error while parsing options. Unrecognized option: -foo");
  EXPECT_EQ(ShimError({"-jar", "DynamoDBLocal.jar", "-port=8000"}),
            "Error while parsing options. Unrecognized option: -port=8000");
  EXPECT_EQ(ShimError({"-jar", "DynamoDBLocal.jar", "-port"}),
            "Error while parsing options. Missing argument for option: port");
  EXPECT_EQ(ShimError({"-jar", "DynamoDBLocal.jar", "-dbPath", "-inMemory"}),
            "Error while parsing options. Missing argument for option: dbPath");
  const std::string invalid_port = "Invalid Port. Port number must lie between 1 and 65535.";
  for (const char* port : {"0", "1", "65536", "eighty", "", "2147483648", "80.5"}) {
    EXPECT_EQ(ShimError({"-jar", "DynamoDBLocal.jar", "-port", port}), invalid_port) << port;
  }
  EXPECT_EQ(ShimServe({"-jar", "DynamoDBLocal.jar", "-port", "+2"}).port, 2);
  EXPECT_EQ(ShimError({"-jar", "DynamoDBLocal.jar", "-optimizeDbBeforeStartup"}),
            "optimizeDbBeforeStartup option must be used with dbPath to determine the "
            "location of database files to optimize.");
  EXPECT_EQ(ShimError({"-jar", "DynamoDBLocal.jar", "-inMemory", "-dbPath", "/data"}),
            "dbPath and inMemory cannot be set at the same time.");
  EXPECT_EQ(ShimError({"-jar", "DynamoDBLocal.jar", "-dbPath", "/missing"}),
            "Invalid directory for database creation.");
  EXPECT_EQ(ShimError({"-jar", "DynamoDBLocal.jar", "-port", "0", "-dbPath", "/missing"}),
            invalid_port);
}

// Before the jar, java's own refusals.
TEST(JavaShimTest, JavaErrors) {
  EXPECT_EQ(ShimError({"-jar"}), "Error: -jar requires jar file specification");
  EXPECT_EQ(ShimError({"-jar", "Other.jar", "-inMemory"}),
            "Error: Unable to access jarfile Other.jar");
  EXPECT_EQ(ShimError({"-Dx=y", "com.example.Main"}),
            "Error: Could not find or load main class com.example.Main");
  EXPECT_EQ(ShimError({"-cp"}), "Error: -cp requires an argument");
  EXPECT_EQ(ShimError({}).rfind("Usage: java [JVM options] -jar DynamoDBLocal.jar", 0), 0u);
  EXPECT_EQ(ShimError({"-Xmx1g"}).rfind("Usage: java", 0), 0u);
}

}  // namespace
}  // namespace monotable::server
