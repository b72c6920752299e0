#include "client/aws_config.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>

#include "client/dynamo_client.h"

namespace monotable::client {
namespace {

class AwsConfigTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("mt-awsconfig-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::create_directories(dir_ / ".aws");
    Write(".aws/credentials",
          "[default]\naws_access_key_id = DEFAULTKEY\naws_secret_access_key = ds\n"
          "[dev]\naws_access_key_id = DEVKEY\naws_secret_access_key = devs\n"
          "aws_session_token = tok\n");
    Write(".aws/config",
          "[default]\nregion = us-east-2\n[profile dev]\nregion = eu-west-1\n"
          "[profile cfgonly]\naws_access_key_id = CFGKEY\n"
          "aws_secret_access_key = cs\nregion = ap-south-1\n");
    vars_["HOME"] = dir_.string();
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  void Write(const std::string& name, const std::string& text) {
    std::ofstream(dir_ / name) << text;
  }
  EnvLookup Env() {
    return [this](const std::string& name) -> std::optional<std::string> {
      auto it = vars_.find(name);
      if (it == vars_.end()) return std::nullopt;
      return it->second;
    };
  }

  std::filesystem::path dir_;
  std::map<std::string, std::string> vars_;
};

TEST_F(AwsConfigTest, DefaultProfile) {
  auto id = ResolveIdentity("", "", Env());
  ASSERT_TRUE(id.ok()) << id.status().message();
  EXPECT_EQ(id->access_key_id, "DEFAULTKEY");
  EXPECT_EQ(id->secret_access_key, "ds");
  EXPECT_EQ(id->region, "us-east-2");
}

TEST_F(AwsConfigTest, ProfileFromEnvironmentOrFlag) {
  vars_["AWS_PROFILE"] = "dev";
  auto id = ResolveIdentity("", "", Env());
  ASSERT_TRUE(id.ok());
  EXPECT_EQ(id->access_key_id, "DEVKEY");
  EXPECT_EQ(id->session_token, "tok");
  EXPECT_EQ(id->region, "eu-west-1");
  id = ResolveIdentity("cfgonly", "", Env());  // keys in the config file only
  ASSERT_TRUE(id.ok());
  EXPECT_EQ(id->access_key_id, "CFGKEY");
  EXPECT_EQ(id->region, "ap-south-1");
}

TEST_F(AwsConfigTest, EnvironmentKeysAndRegionWin) {
  vars_["AWS_ACCESS_KEY_ID"] = "ENVKEY";
  vars_["AWS_SECRET_ACCESS_KEY"] = "es";
  vars_["AWS_DEFAULT_REGION"] = "us-west-1";
  auto id = ResolveIdentity("", "", Env());
  ASSERT_TRUE(id.ok());
  EXPECT_EQ(id->access_key_id, "ENVKEY");
  EXPECT_EQ(id->region, "us-west-1");
  vars_["AWS_REGION"] = "us-west-2";
  EXPECT_EQ(ResolveIdentity("", "", Env())->region, "us-west-2");
  EXPECT_EQ(ResolveIdentity("", "local", Env())->region, "local");
  // --profile beats the environment's keys.
  EXPECT_EQ(ResolveIdentity("dev", "", Env())->access_key_id, "DEVKEY");
}

TEST_F(AwsConfigTest, FilesFromEnvironmentAndErrors) {
  Write("creds", "[default]\naws_access_key_id = OTHER\naws_secret_access_key = o\n");
  vars_["AWS_SHARED_CREDENTIALS_FILE"] = (dir_ / "creds").string();
  vars_["AWS_CONFIG_FILE"] = (dir_ / "absent").string();
  auto id = ResolveIdentity("", "r", Env());
  ASSERT_TRUE(id.ok());
  EXPECT_EQ(id->access_key_id, "OTHER");
  auto no_region = ResolveIdentity("", "", Env());
  ASSERT_FALSE(no_region.ok());
  EXPECT_NE(no_region.status().message().find("You must specify a region"), std::string::npos);
  auto no_keys = ResolveIdentity("nobody", "r", Env());
  ASSERT_FALSE(no_keys.ok());
  EXPECT_NE(no_keys.status().message().find("Unable to locate credentials"), std::string::npos);
}

TEST(EndpointTest, Parse) {
  auto e = ParseEndpoint("http://127.0.0.1:8000/");
  ASSERT_TRUE(e.ok());
  EXPECT_FALSE(e->https);
  EXPECT_EQ(e->host, "127.0.0.1");
  EXPECT_EQ(e->port, "8000");
  EXPECT_EQ(e->host_header, "127.0.0.1:8000");
  e = ParseEndpoint("https://dynamodb.us-east-1.amazonaws.com");
  ASSERT_TRUE(e.ok());
  EXPECT_TRUE(e->https);
  EXPECT_EQ(e->port, "443");
  EXPECT_EQ(e->host_header, "dynamodb.us-east-1.amazonaws.com");
  EXPECT_FALSE(ParseEndpoint("localhost:8000").ok());
  EXPECT_FALSE(ParseEndpoint("http://host/path").ok());
}

TEST(BackoffTest, DoublesWithJitterUpToFiveSeconds) {
  for (uint64_t r : {0ull, 7ull, 123456789ull}) {
    EXPECT_GE(DynamoClient::BackoffMillis(0, r), 25);
    EXPECT_LE(DynamoClient::BackoffMillis(0, r), 50);
    EXPECT_GE(DynamoClient::BackoffMillis(3, r), 200);
    EXPECT_LE(DynamoClient::BackoffMillis(3, r), 400);
    EXPECT_LE(DynamoClient::BackoffMillis(30, r), 5000);
    EXPECT_GE(DynamoClient::BackoffMillis(30, r), 2500);
  }
}

}  // namespace
}  // namespace monotable::client
