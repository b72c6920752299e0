// monotable_authorization_bench: the instructions --iam adds to a request, measured in
// the protocol alone (no HTTP, no sockets), where authorization runs. Run under
// `valgrind --tool=callgrind --instr-atstart=no` (bench/callgrind_authorization.sh):
// instrumentation is on only around the measured requests, so the dump's total Ir
// divided by REQUESTS is the protocol's cost of one request, parse to response.
//
//   monotable_authorization_bench [--iam] [--requests N] [--warmup N] [--keys N] [--op get|put]
//
// Table Shop (PK string hash, SK string range) holds KEYS items of tenant "alice".
// Without --iam the protocol has no authorizer; with it, alice's three-statement policy
// decides every request (the tenant policy of DynamoDB's fine-grained access control:
// her own partition through dynamodb:LeadingKeys and ${aws:username}; DescribeTable on
// every table; an explicit deny of table changes).
#include <valgrind/callgrind.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>

#include "engine/base/clock.h"
#include "engine/engine.h"
#include "iam/principals.h"
#include "protocol/authorization/authorizer.h"
#include "protocol/operations.h"

namespace {

using monotable::Engine;
using monotable::EngineOptions;
using monotable::SystemClock;
namespace protocol = monotable::protocol;

constexpr const char* kPrincipals = R"json({"accountId": "123456789012", "principals": [
 {"accessKeyId": "AKIDALICE", "secretAccessKey": "s",
  "arn": "arn:aws:iam::123456789012:user/alice",
  "policies": [{"Version": "2012-10-17", "Statement": [
   {"Sid": "OwnPartition", "Effect": "Allow",
    "Action": ["dynamodb:GetItem", "dynamodb:PutItem", "dynamodb:UpdateItem",
               "dynamodb:DeleteItem", "dynamodb:Query"],
    "Resource": "arn:aws:dynamodb:*:123456789012:table/Shop",
    "Condition": {"ForAllValues:StringEquals": {"dynamodb:LeadingKeys": ["${aws:username}"]}}},
   {"Sid": "TableMetadata", "Effect": "Allow", "Action": "dynamodb:DescribeTable",
    "Resource": "arn:aws:dynamodb:*:123456789012:table/*"},
   {"Sid": "NoTableChanges", "Effect": "Deny",
    "Action": ["dynamodb:DeleteTable", "dynamodb:UpdateTable"], "Resource": "*"}]}]},
 {"accessKeyId": "AKIDADMIN", "secretAccessKey": "s",
  "arn": "arn:aws:iam::123456789012:user/admin",
  "policies": [{"Version": "2012-10-17", "Statement": [
   {"Effect": "Allow", "Action": "dynamodb:*", "Resource": "*"}]}]}]})json";

constexpr const char* kCreateTable = R"json({"TableName": "Shop",
 "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"},
                          {"AttributeName": "SK", "AttributeType": "S"}],
 "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"},
               {"AttributeName": "SK", "KeyType": "RANGE"}],
 "BillingMode": "PAY_PER_REQUEST"})json";

std::string Key(int i) {
  return R"({"PK": {"S": "alice"}, "SK": {"S": "order-)" + std::to_string(i) + R"("}})";
}

std::string GetItem(int i) { return R"({"TableName": "Shop", "Key": )" + Key(i) + "}"; }

std::string PutItem(int i) {
  return R"({"TableName": "Shop", "Item": {"PK": {"S": "alice"}, "SK": {"S": "order-)" +
         std::to_string(i) + R"("}, "total": {"N": ")" + std::to_string(i * 7) +
         R"("}, "status": {"S": "PLACED"}}})";
}

[[noreturn]] void Fail(const std::string& what) {
  std::fprintf(stderr, "monotable_authorization_bench: %s\n", what.c_str());
  std::exit(1);
}

int IntFlag(int argc, char** argv, int& i) {
  if (i + 1 >= argc) Fail(std::string("missing value of ") + argv[i]);
  return std::atoi(argv[++i]);
}

}  // namespace

int main(int argc, char** argv) {
  bool iam = false;
  int requests = 2000, warmup = 500, keys = 1000;
  std::string op = "get";
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--iam") == 0) {
      iam = true;
    } else if (std::strcmp(argv[i], "--requests") == 0) {
      requests = IntFlag(argc, argv, i);
    } else if (std::strcmp(argv[i], "--warmup") == 0) {
      warmup = IntFlag(argc, argv, i);
    } else if (std::strcmp(argv[i], "--keys") == 0) {
      keys = IntFlag(argc, argv, i);
    } else if (std::strcmp(argv[i], "--op") == 0 && i + 1 < argc) {
      op = argv[++i];
    } else {
      Fail(std::string("unknown argument ") + argv[i]);
    }
  }
  if (op != "get" && op != "put") Fail("--op is get or put");
  if (requests <= 0 || keys <= 0) Fail("--requests and --keys must be positive");

  EngineOptions options;
  options.in_memory = true;
  options.ttl_sweep_interval_ms = 0;
  options.ttl_change_interval_ms = 0;
  auto engine = Engine::Open(options, std::make_unique<SystemClock>());
  if (!engine.ok()) Fail("cannot open the engine: " + engine.status().message());
  SystemClock clock;
  protocol::ProtocolOptions protocol_options;
  if (iam) {
    auto principals = monotable::iam::ParsePrincipals(kPrincipals);
    if (!principals.ok()) Fail(principals.status().message());
    protocol_options.account_id = principals->account_id;
    protocol_options.authorizer = std::make_shared<protocol::authorization::Authorizer>(
        std::make_shared<const monotable::iam::Principals>(std::move(*principals)), &clock);
  }
  protocol::Protocol protocol(engine->get(), protocol_options);
  protocol::JsonParser parser;
  const protocol::CallerIdentity admin{iam ? "AKIDADMIN" : "AKIDALICE", "us-east-1"};
  const protocol::CallerIdentity alice{"AKIDALICE", "us-east-1", "127.0.0.1", false};

  auto call = [&](const protocol::CallerIdentity& caller, std::string_view operation,
                  const std::string& body) {
    protocol::Response response = protocol.Handle(operation, body, caller, parser);
    if (response.http_status != 200) {
      Fail(std::string(operation) + " answered " + std::to_string(response.http_status) + ": " +
           response.body);
    }
  };
  call(admin, "CreateTable", kCreateTable);
  for (int i = 0; i < keys; ++i) call(admin, "PutItem", PutItem(i));

  // The bodies are made before the measurement: only Handle is counted.
  const std::string_view operation = op == "get" ? "GetItem" : "PutItem";
  std::vector<std::string> bodies;
  bodies.reserve(static_cast<size_t>(requests) + static_cast<size_t>(warmup));
  for (int i = 0; i < requests + warmup; ++i) {
    bodies.push_back(op == "get" ? GetItem(i % keys) : PutItem(i % keys));
  }
  for (int i = 0; i < warmup; ++i) call(alice, operation, bodies[static_cast<size_t>(i)]);
  CALLGRIND_START_INSTRUMENTATION;
  CALLGRIND_ZERO_STATS;
  for (int i = warmup; i < warmup + requests; ++i) {
    call(alice, operation, bodies[static_cast<size_t>(i)]);
  }
  CALLGRIND_STOP_INSTRUMENTATION;
  std::printf("%s %s: %d requests measured\n", op.c_str(), iam ? "with --iam" : "without --iam",
              requests);
  return 0;
}
