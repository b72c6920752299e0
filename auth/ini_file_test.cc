#include "auth/ini_file.h"

#include <gtest/gtest.h>

namespace monotable::auth {
namespace {

TEST(IniFileTest, CredentialsFile) {
  auto sections = ParseIni(
      "# a comment\n[default]\naws_access_key_id = AKID1\naws_secret_access_key=secret/1+x\n\n"
      "; another\n[ci]\n  AWS_ACCESS_KEY_ID = AKID2  \r\naws_secret_access_key = s2\r\n"
      "[incomplete]\naws_access_key_id = AKID3\n");
  ASSERT_TRUE(sections.ok()) << sections.status().message();
  EXPECT_EQ((*sections)["ci"]["aws_access_key_id"], "AKID2");
  auto secrets = SecretsOf(*sections, "f");
  ASSERT_TRUE(secrets.ok());
  EXPECT_EQ(secrets->size(), 2u);
  EXPECT_EQ(secrets->at("AKID1"), "secret/1+x");
  EXPECT_EQ(secrets->at("AKID2"), "s2");
}

TEST(IniFileTest, ConfigFileProfiles) {
  auto sections = ParseIni("[profile dev]\nregion = eu-west-1\n[default]\nregion=us-east-2\n");
  ASSERT_TRUE(sections.ok());
  EXPECT_EQ((*sections)["profile dev"]["region"], "eu-west-1");
  EXPECT_EQ((*sections)["default"]["region"], "us-east-2");
}

TEST(IniFileTest, Errors) {
  auto bad = ParseIni("[default]\nno equals sign here\n");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().message(), "line 2: expected 'key = value', a [section] or a comment");
  EXPECT_FALSE(ParseIni("[default\n").ok());
  auto none = SecretsOf(*ParseIni("[default]\nregion = x\n"), "creds");
  ASSERT_FALSE(none.ok());
  EXPECT_EQ(none.status().message(),
            "creds: no section with both aws_access_key_id and aws_secret_access_key");
  EXPECT_FALSE(ReadIniFile("/nonexistent/credentials").ok());
}

}  // namespace
}  // namespace monotable::auth
