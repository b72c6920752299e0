// `monotable iam simulate`: the policy simulator over an --iam file.
#include "server/iam_command.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>

namespace monotable::server {
namespace {

class IamCommandTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::ofstream(file_) << R"({"principals":[{"accessKeyId":"AKIDT","secretAccessKey":"s",
      "arn":"arn:aws:iam::123456789012:user/t1","policies":[{"Version":"2012-10-17","Statement":[
      {"Sid":"Own","Effect":"Allow","Action":"dynamodb:GetItem","Resource":"*",
       "Condition":{"ForAllValues:StringEquals":{"dynamodb:LeadingKeys":["${aws:username}"]}}},
      {"Sid":"NoScan","Effect":"Deny","Action":"dynamodb:Scan","Resource":"*"}]}]}]})";
  }
  void TearDown() override { std::remove(file_.c_str()); }

  int Run(std::vector<std::string> args) {
    out_.str("");
    err_.str("");
    return RunIamCommand(args, out_, err_);
  }

  std::string file_ = ::testing::TempDir() + "iam_command_test.json";
  std::ostringstream out_, err_;
};

TEST_F(IamCommandTest, AllowsAndDeniesWithTheDecidingStatement) {
  const std::string table = "arn:aws:dynamodb:us-east-1:123456789012:table/Shop";
  EXPECT_EQ(Run({"simulate", "--iam", file_, "--principal", "AKIDT", "--action", "dynamodb:GetItem",
                 "--resource", table, "--context", "dynamodb:LeadingKeys=t1"}),
            0);
  EXPECT_EQ(out_.str(), "allow by identity[0] Own\n");
  EXPECT_EQ(Run({"simulate", "--iam", file_, "--principal", "arn:aws:iam::123456789012:user/t1",
                 "--action", "dynamodb:GetItem", "--resource", table, "--context",
                 "dynamodb:LeadingKeys=t1", "--context", "dynamodb:LeadingKeys=t2"}),
            1);
  EXPECT_EQ(out_.str(),
            "deny (implicit)\nUser: arn:aws:iam::123456789012:user/t1 is not authorized to "
            "perform: dynamodb:GetItem on resource: " +
                table + " because no identity-based policy allows the dynamodb:GetItem action\n");
  EXPECT_EQ(Run({"simulate", "--iam", file_, "--principal", "AKIDT", "--action", "dynamodb:Scan",
                 "--resource", table}),
            1);
  EXPECT_EQ(out_.str().substr(0, out_.str().find('\n')), "deny by identity[0] NoScan");
}

TEST_F(IamCommandTest, UsageErrors) {
  EXPECT_EQ(Run({"simulate", "--iam", file_}), 2);
  EXPECT_NE(err_.str().find("--iam, --principal and --action are required"), std::string::npos);
  EXPECT_EQ(Run({"simulate", "--iam", file_, "--principal", "AKIDNONE", "--action", "x:y"}), 2);
  EXPECT_NE(err_.str().find("no principal with the ARN or access key AKIDNONE"), std::string::npos);
  EXPECT_EQ(Run({"explain"}), 2);
  EXPECT_EQ(Run({"simulate", "--context", "novalue", "--iam", file_}), 2);
  EXPECT_NE(err_.str().find("--context expects KEY=VALUE: novalue"), std::string::npos);
}

}  // namespace
}  // namespace monotable::server
