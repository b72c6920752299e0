#include "engine/schema/tag_rules.h"

#include <algorithm>
#include <cstdint>
#include <set>

namespace monotable {
namespace {

constexpr size_t kMaxKeyChars = 128;
constexpr size_t kMaxValueChars = 256;

Status TooManyTags() {
  return Status::Validation("Number of Tags exceed the current limit for the provided ResourceArn");
}

// Decodes one UTF-8 sequence at `pos` (the JSON parser has already rejected invalid
// UTF-8); returns the code point and advances `pos`.
uint32_t NextCodePoint(std::string_view text, size_t& pos) {
  auto byte = [&](size_t i) { return static_cast<uint8_t>(text[i]); };
  uint8_t lead = byte(pos);
  int length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
  if (pos + length > text.size()) length = 1;
  uint32_t cp = length == 1   ? lead
                : length == 2 ? lead & 0x1F
                : length == 3 ? lead & 0x0F
                              : lead & 0x07;
  for (int i = 1; i < length; ++i) cp = (cp << 6) | (byte(pos + i) & 0x3F);
  pos += length;
  return cp;
}

// DynamoDB's pattern is [\p{L}\p{Z}\p{N}_.:/=+\-@]*. ASCII is exact; beyond ASCII,
// letters and digits of every script and the space separators pass, while the blocks
// of punctuation, symbols, emoji and private use are refused. (A full Unicode category
// table would be exact; these blocks cover what tags meet in practice.)
bool IsTagCodePoint(uint32_t cp) {
  if (cp < 0x80) {
    return (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') || (cp >= '0' && cp <= '9') ||
           cp == ' ' ||
           std::string_view("_.:/=+-@").find(static_cast<char>(cp)) != std::string_view::npos;
  }
  if (cp < 0xC0) {  // Latin-1 punctuation and symbols, but NBSP, ª º µ and ² ³ ¹ ¼ ½ ¾
    return cp == 0xA0 || cp == 0xAA || cp == 0xBA || cp == 0xB5 || cp == 0xB2 || cp == 0xB3 ||
           cp == 0xB9 || (cp >= 0xBC && cp <= 0xBE);
  }
  if (cp == 0xD7 || cp == 0xF7) return false;     // × ÷
  if (cp >= 0x2000 && cp <= 0x200A) return true;  // spaces
  if (cp == 0x2028 || cp == 0x2029 || cp == 0x202F || cp == 0x205F) return true;
  if (cp >= 0x200B && cp <= 0x2BFF) return false;    // punctuation, symbols, arrows
  if (cp >= 0x3001 && cp <= 0x3004) return false;    // CJK punctuation
  if (cp >= 0x3008 && cp <= 0x3020) return false;    // CJK brackets and marks
  if (cp >= 0xE000 && cp <= 0xF8FF) return false;    // private use
  if (cp >= 0xFE00 && cp <= 0xFE0F) return false;    // variation selectors
  if (cp >= 0xFF01 && cp <= 0xFF0F) return false;    // full-width punctuation
  if (cp >= 0x1F000 && cp <= 0x1FAFF) return false;  // emoji and pictographs
  return cp < 0xF0000;                               // not supplementary private use
}

Status CheckKey(std::string_view key) {
  if (key.empty() || !IsTagText(key, kMaxKeyChars)) {
    return Status::Validation("The Tag Key provided is invalid, Key: " + std::string(key));
  }
  // Reserved for AWS's own tags in any letter case, as AWS's tagging rules state.
  if (key.size() >= 4) {
    std::string prefix(key.substr(0, 4));
    std::transform(prefix.begin(), prefix.end(), prefix.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (prefix == "aws:") {
      return Status::Validation("Tag Key cannot be prefixed with aws:, Key: " + std::string(key));
    }
  }
  return Status::Ok();
}

}  // namespace

bool IsTagText(std::string_view text, size_t max_chars) {
  size_t chars = 0;
  for (size_t pos = 0; pos < text.size(); ++chars) {
    if (chars == max_chars || !IsTagCodePoint(NextCodePoint(text, pos))) return false;
  }
  return true;
}

Result<std::vector<Tag>> CheckTags(const std::vector<TagInput>& tags) {
  std::vector<Tag> checked;
  std::set<std::string_view> seen;
  for (const auto& tag : tags) {
    if (!tag.key) return Status::Validation("The Tag Key provided is invalid, Key: null");
    MT_RETURN_IF_ERROR(CheckKey(*tag.key));
    if (!tag.value) return Status::Validation("The Tag Value provided is invalid, Value: null");
    if (!IsTagText(*tag.value, kMaxValueChars)) {
      return Status::Validation("The Tag Value provided is invalid, Value: " + *tag.value);
    }
    if (!seen.insert(*tag.key).second) {
      return Status::Validation("Duplicate Tag Keys provided as input: Duplicate Tag Key found " +
                                *tag.key);
    }
    checked.push_back({*tag.key, *tag.value});
  }
  if (checked.size() > kMaxTagsPerTable) return TooManyTags();
  return checked;
}

Status CheckTagKeys(const std::vector<std::string>& keys) {
  for (const auto& key : keys) MT_RETURN_IF_ERROR(CheckKey(key));
  if (keys.size() > kMaxTagsPerTable) return TooManyTags();
  return Status::Ok();
}

Result<std::vector<Tag>> MergeTags(const std::vector<Tag>& current, const std::vector<Tag>& added) {
  std::vector<Tag> merged = current;
  for (const auto& tag : added) {
    auto it =
        std::find_if(merged.begin(), merged.end(), [&](const Tag& t) { return t.key == tag.key; });
    if (it != merged.end()) {
      it->value = tag.value;
    } else {
      merged.push_back(tag);
    }
  }
  if (merged.size() > kMaxTagsPerTable) return TooManyTags();
  return merged;
}

std::vector<Tag> RemoveTags(const std::vector<Tag>& current, const std::vector<std::string>& keys) {
  std::vector<Tag> kept;
  for (const auto& tag : current) {
    if (std::find(keys.begin(), keys.end(), tag.key) == keys.end()) kept.push_back(tag);
  }
  return kept;
}

}  // namespace monotable
