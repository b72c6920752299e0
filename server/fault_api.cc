#include "server/fault_api.h"

#include <fstream>
#include <sstream>
#include <vector>

#include "protocol/json_writer.h"

namespace monotable::server {
namespace {

constexpr std::string_view kFaultsPath = "/monotable/faults";
constexpr char kJsonContentType[] = "application/json";

void Answer(HttpReply& reply, unsigned status, std::string body) {
  reply.status = status;
  reply.AddHeader("Content-Type", kJsonContentType);
  reply.body = std::move(body);
}

void AnswerError(HttpReply& reply, unsigned status, std::string_view message) {
  protocol::JsonWriter w;
  w.BeginObject().Key("message").Utf8String(message).EndObject();
  Answer(reply, status, w.Take());
}

std::string RuleJson(const FaultRule& rule) {
  protocol::JsonWriter w;
  w.BeginObject();
  WriteFaultRuleFields(w, rule);
  w.EndObject();
  return w.Take();
}

std::string ListJson(const FaultInjector& faults) {
  protocol::JsonWriter w;
  w.BeginObject().Key("seed").Int(static_cast<int64_t>(faults.seed()));
  w.Key("rules").BeginArray();
  for (const FaultInjector::Listed& listed : faults.List()) {
    w.BeginObject();
    WriteFaultRuleFields(w, listed.rule);
    w.Key("matched").Int(static_cast<int64_t>(listed.matched));
    w.Key("injected").Int(static_cast<int64_t>(listed.injected));
    w.EndObject();
  }
  w.EndArray().EndObject();
  return w.Take();
}

// A batch, {"seed": N, "rules": [...]}: every rule is checked before any is added.
Result<std::vector<FaultRule>> AddBatch(FaultInjector& faults, protocol::JsonObject batch) {
  std::optional<uint64_t> seed;
  std::vector<FaultRule> rules;
  for (auto field : batch) {
    if (field.key == "seed") {
      uint64_t value = 0;
      if (field.value.get_uint64().get(value)) {
        return Status::Validation("'seed' must be a non-negative integer");
      }
      seed = value;
    } else if (field.key == "rules") {
      protocol::JsonArray array;
      if (field.value.get_array().get(array)) {
        return Status::Validation("'rules' must be a list of rules");
      }
      for (protocol::JsonElement element : array) {
        protocol::JsonObject object;
        if (element.get_object().get(object)) {
          return Status::Validation("each of 'rules' must be an object");
        }
        MT_ASSIGN_OR_RETURN(rule, ParseFaultRule(object));
        rules.push_back(std::move(rule));
      }
    } else {
      return Status::Validation("unknown field '" + std::string(field.key) +
                                "' (a batch has seed and rules)");
    }
  }
  if (faults.List().size() + rules.size() > FaultInjector::kMaxRules) {
    return Status::Validation("fault rule: at most " + std::to_string(FaultInjector::kMaxRules) +
                              " rules");
  }
  if (seed) faults.SetSeed(*seed);
  std::vector<FaultRule> added;
  for (FaultRule& rule : rules) {
    MT_ASSIGN_OR_RETURN(stored, faults.Add(std::move(rule)));
    added.push_back(std::move(stored));
  }
  return added;
}

void Post(FaultInjector& faults, std::string_view body, protocol::JsonParser& parser,
          HttpReply& reply) {
  auto object = parser.ParseObject(body);
  if (!object.ok()) return AnswerError(reply, 400, "the body must be a JSON object: a rule");
  protocol::JsonElement ignored;
  const bool batch = !(*object)["rules"].get(ignored) || !(*object)["seed"].get(ignored);
  if (batch) {
    auto added = AddBatch(faults, *object);
    if (!added.ok()) return AnswerError(reply, 400, added.status().message());
    protocol::JsonWriter w;
    w.BeginObject().Key("rules").BeginArray();
    for (const FaultRule& rule : *added) w.Raw(RuleJson(rule));
    w.EndArray().EndObject();
    return Answer(reply, 200, w.Take());
  }
  auto rule = ParseFaultRule(*object);
  if (!rule.ok()) return AnswerError(reply, 400, rule.status().message());
  auto stored = faults.Add(std::move(*rule));
  if (!stored.ok()) return AnswerError(reply, 400, stored.status().message());
  Answer(reply, 200, RuleJson(*stored));
}

}  // namespace

bool IsFaultApiPath(std::string_view path) {
  if (path.substr(0, kFaultsPath.size()) != kFaultsPath) return false;
  return path.size() == kFaultsPath.size() || path[kFaultsPath.size()] == '/';
}

void ServeFaultApi(FaultInjector& faults, std::string_view method, std::string_view path,
                   std::string_view body, protocol::JsonParser& parser, HttpReply& reply) {
  std::string_view id = path.substr(std::min(path.size(), kFaultsPath.size() + 1));
  if (id.empty()) {
    if (method == "GET" || method == "HEAD") return Answer(reply, 200, ListJson(faults));
    if (method == "POST") return Post(faults, body, parser, reply);
    if (method == "DELETE") {
      faults.Clear();
      return Answer(reply, 200, ListJson(faults));
    }
  } else if (method == "DELETE") {
    if (!faults.Remove(id)) return AnswerError(reply, 404, "no fault rule " + std::string(id));
    return Answer(reply, 200, ListJson(faults));
  }
  reply.AddHeader("Allow", id.empty() ? "GET, POST, DELETE" : "DELETE");
  AnswerError(reply, 405, "method not allowed here (see docs/FAULTS.md)");
}

Status LoadFaultFile(FaultInjector& faults, const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Status::Validation("--faults " + path + ": cannot be read");
  std::ostringstream text;
  text << in.rdbuf();
  protocol::JsonParser parser;
  auto object = parser.ParseObject(text.str());
  if (!object.ok()) {
    return Status::Validation("--faults " + path +
                              ": not a JSON object ({\"seed\": N, \"rules\": [...]})");
  }
  auto added = AddBatch(faults, *object);
  if (!added.ok()) return Status::Validation("--faults " + path + ": " + added.status().message());
  return Status::Ok();
}

}  // namespace monotable::server
