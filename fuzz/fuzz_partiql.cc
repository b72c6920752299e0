// libFuzzer harness: PartiQL. The input is a statement's text; one that parses is
// lowered, as ExecuteStatement, BatchExecuteStatement and ExecuteTransaction lower it,
// against a fixed table (pk S, sk N) with two parameters, so the lowering's checks
// see every statement the parser accepts.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "engine/partiql/lower.h"
#include "engine/partiql/parser.h"

namespace partiql = monotable::partiql;
using monotable::AttributeType;
using monotable::AttributeValue;
using monotable::KeyType;
using monotable::TableDefinition;

namespace {

const TableDefinition& Table() {
  static const TableDefinition table = [] {
    TableDefinition t;
    t.name = "t";
    t.attribute_definitions = {{"pk", AttributeType::kS}, {"sk", AttributeType::kN}};
    t.key_schema = {{"pk", KeyType::kHash}, {"sk", KeyType::kRange}};
    return t;
  }();
  return table;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto statement = partiql::ParseStatement(text);
  if (!statement.ok()) return 0;
  static const AttributeValue parameters[] = {AttributeValue::String("p"),
                                              AttributeValue::NumberText("1")};
  const std::span<const AttributeValue> args(parameters);
  (void)partiql::Lower(text, **statement, args, Table());
  (void)partiql::LowerKeyRead(text, **statement, args, Table(), partiql::Surface::kBatch);
  (void)partiql::LowerKeyRead(text, **statement, args, Table(), partiql::Surface::kTransaction);
  (void)partiql::LowerTransactWrite(text, **statement, args, Table());
  return 0;
}
