#include "iam/request_context.h"

namespace monotable::iam {
namespace {

char Lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

}  // namespace

bool EqualsIgnoreCaseSameSize(std::string_view a, std::string_view b) {
  for (size_t i = 0; i < a.size(); ++i) {
    if (Lower(a[i]) != Lower(b[i])) return false;
  }
  return true;
}

void RequestContext::SetList(std::string_view name, std::vector<std::string> values) {
  for (auto& key : keys) {
    if (EqualsIgnoreCase(key.name, name)) {
      key.values = std::move(values);
      return;
    }
  }
  keys.push_back({std::string(name), std::move(values)});
}

void RequestContext::Set(std::string_view name, std::string value) {
  std::vector<std::string> values;
  values.push_back(std::move(value));
  SetList(name, std::move(values));
}

const std::vector<std::string>* FindKey(const std::vector<ContextKey>& keys,
                                        std::string_view name) {
  for (const auto& key : keys) {
    if (EqualsIgnoreCase(key.name, name)) return &key.values;
  }
  return nullptr;
}

std::optional<KeyValues> RequestContext::Find(std::string_view name) const {
  if (principal_keys != nullptr) {
    if (const auto* found = FindKey(*principal_keys, name)) return KeyValues(*found);
  }
  if (!keys.empty()) {
    if (const auto* found = FindKey(keys, name)) return KeyValues(*found);
  }
  if (resource_keys != nullptr && !resource_keys->empty()) {
    if (const auto* found = FindKey(*resource_keys, name)) return KeyValues(*found);
  }
  if (source != nullptr) return source->Find(name);
  return std::nullopt;
}

std::optional<KeyValues> RequestContext::FindRequestKey(std::string_view name) const {
  if (!keys.empty()) {
    if (const auto* found = FindKey(keys, name)) return KeyValues(*found);
  }
  if (source != nullptr) return source->Find(name);
  return std::nullopt;
}

}  // namespace monotable::iam
