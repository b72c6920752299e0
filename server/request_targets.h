#pragma once
// What a DynamoDB request names, for fault rules that pick requests by table or index:
// its TableName, the tables of RequestItems (BatchGetItem, BatchWriteItem) and of
// TransactItems (each action's TableName, in request order), its IndexName, and the
// number of a transaction's actions (TransactItems or TransactStatements). PartiQL
// statements name their tables inside the statement text, which is not read here.
//
// Thread-safety: a pure function. The views point into the parsed body: valid until
// its parser parses again. Errors: none (a body that is not a JSON object names nothing).

#include <cstddef>
#include <string_view>
#include <vector>

#include "protocol/json_reader.h"

namespace monotable::server {

struct RequestTargets {
  std::vector<std::string_view> tables;  // a transaction's: one per action, "" for none
  std::string_view index;
  size_t actions = 0;  // a transaction's actions; 0 for other requests
};

RequestTargets ReadRequestTargets(protocol::JsonParser& parser, std::string_view body);

}  // namespace monotable::server
