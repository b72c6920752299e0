// libFuzzer harness: the expression language. The first byte picks the kind
// (condition, filter, key condition, update, projection), the rest is the text. A text
// that parses is resolved against fixed ExpressionAttributeNames/Values (#a #b #c,
// :a :b :c :d of several types) and then evaluated (a condition), applied (an update)
// or projected over a fixed item, so the resolver and evaluator see what parses.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/expr/expression.h"
#include "engine/expr/parser.h"

namespace expr = monotable::expr;
using monotable::AttributeValue;
using monotable::Item;

namespace {

const expr::ExpressionAttributeNames& Names() {
  static const expr::ExpressionAttributeNames names{{"#a", "a"}, {"#b", "b"}, {"#c", "pk"}};
  return names;
}

const expr::ExpressionAttributeValues& Values() {
  static const expr::ExpressionAttributeValues values{
      {":a", AttributeValue::String("x")},
      {":b", AttributeValue::NumberText("1")},
      {":c",
       AttributeValue::ListOf({AttributeValue::NumberText("2"), AttributeValue::String("y")})},
      {":d", AttributeValue::MapOf({{"m", AttributeValue::Bool(true)}})}};
  return values;
}

const Item& SampleItem() {
  static const Item item{
      {"pk", AttributeValue::String("p")},
      {"a", AttributeValue::String("xyz")},
      {"b", AttributeValue::NumberText("5")},
      {"l", AttributeValue::ListOf({AttributeValue::NumberText("1"), AttributeValue::Null()})},
      {"m", AttributeValue::MapOf(
                {{"n", AttributeValue::MapOf({{"o", AttributeValue::NumberText("9")}})}})},
      {"s", AttributeValue::SetOf(monotable::AttributeType::kSS, {"u", "v"})}};
  return item;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  constexpr expr::ExpressionKind kKinds[] = {
      expr::ExpressionKind::kCondition, expr::ExpressionKind::kFilter,
      expr::ExpressionKind::kKeyCondition, expr::ExpressionKind::kUpdate,
      expr::ExpressionKind::kProjection};
  const expr::ExpressionKind kind = kKinds[data[0] % 5];
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  auto parsed = expr::ParseExpression(text, kind);
  if (!parsed.ok()) return 0;
  expr::Placeholders placeholders(&Names(), &Values());
  const std::string_view keys[] = {"pk"};
  if (expr::IsConditionKind(kind)) {
    auto condition = expr::Condition::Resolve(*parsed, kind, placeholders);
    if (condition.ok()) {
      condition->Evaluate(&SampleItem());
      condition->Evaluate(nullptr);
    }
  } else if (kind == expr::ExpressionKind::kUpdate) {
    auto update = expr::Update::Resolve(*parsed, placeholders);
    if (update.ok() && update->CheckKeyAttributes(keys).ok()) {
      auto updated = update->Apply(SampleItem(), keys);
      if (updated.ok()) update->UpdatedPaths().Apply(*updated);
    }
  } else {
    auto projection = expr::Projection::Resolve(*parsed, placeholders);
    if (projection.ok()) projection->Apply(SampleItem());
  }
  return 0;
}
