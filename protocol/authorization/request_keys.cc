#include "protocol/authorization/request_keys.h"

#include <ctime>

#include "protocol/authorization/item_facts.h"

namespace monotable::protocol::authorization {
namespace {

// aws:CurrentTime's form: "2026-06-01T12:00:00Z".
std::string IsoTime(int64_t seconds) {
  std::time_t t = static_cast<std::time_t>(seconds);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buffer[32];
  std::strftime(buffer, sizeof(buffer), "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buffer;
}

// `slot`'s values, set by `make` (which leaves an absent key unset) the first time.
template <typename Make>
std::optional<iam::KeyValues> Lazily(std::optional<LazyValues>& slot, Make make) {
  if (!slot) make(slot.emplace());
  return slot->get();
}

}  // namespace

std::optional<iam::KeyValues> CallerKeys::Find(std::string_view name) const {
  using iam::EqualsIgnoreCase;
  if (EqualsIgnoreCase(name, "aws:SecureTransport")) {
    return Lazily(secure_transport_,
                  [&](LazyValues& v) { v.Set(caller_.secure_transport ? "true" : "false"); });
  }
  if (EqualsIgnoreCase(name, "aws:SourceIp")) {
    return Lazily(source_ip_, [&](LazyValues& v) {
      if (!caller_.source_ip.empty()) v.Set(std::string(caller_.source_ip));
    });
  }
  if (EqualsIgnoreCase(name, "aws:CurrentTime")) {
    return Lazily(current_time_, [&](LazyValues& v) { v.Set(IsoTime(clock_.NowMillis() / 1000)); });
  }
  if (EqualsIgnoreCase(name, "aws:EpochTime")) {
    return Lazily(epoch_time_,
                  [&](LazyValues& v) { v.Set(std::to_string(clock_.NowMillis() / 1000)); });
  }
  return std::nullopt;
}

std::optional<iam::KeyValues> ItemKeys::Find(std::string_view name) const {
  using iam::EqualsIgnoreCase;
  if (EqualsIgnoreCase(name, "dynamodb:LeadingKeys")) {
    return Lazily(leading_keys_, [&](LazyValues& v) {
      // One key names one partition: no list to build, and the value is copied once.
      std::optional<JsonObject> key = key_;
      JsonObject found;
      if (!key && !request_[key_member_].get_object().get(found)) key = found;
      std::optional<std::string_view> value;
      if (key) value = PartitionValueOf(*key, table_);
      if (value) {
        v.SetText(*value);
      } else {
        v.Set(std::vector<std::string>{});
      }
    });
  }
  if (EqualsIgnoreCase(name, "dynamodb:Attributes")) {
    return Lazily(attributes_, [&](LazyValues& v) {
      v.Set(KeyedItemFacts(request_, key_member_, &table_).attributes);
    });
  }
  if (EqualsIgnoreCase(name, get_ ? "dynamodb:Select" : "dynamodb:ReturnValues")) {
    return Lazily(setting_, [&](LazyValues& v) {
      if (get_) {
        v.Set(std::string(SelectOf(request_, HasProjection(request_), /*index=*/false)));
      } else {
        std::string_view value = StringMember(request_, "ReturnValues");
        v.Set(std::string(value.empty() ? "NONE" : value));
      }
    });
  }
  if (EqualsIgnoreCase(name, "dynamodb:ReturnConsumedCapacity")) {
    return Lazily(capacity_, [&](LazyValues& v) {
      std::string_view value = StringMember(request_, "ReturnConsumedCapacity");
      v.Set(std::string(value.empty() ? "NONE" : value));
    });
  }
  return caller_.Find(name);
}

}  // namespace monotable::protocol::authorization
