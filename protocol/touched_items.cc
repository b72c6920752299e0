#include "protocol/touched_items.h"

#include <charconv>
#include <cmath>

#include "engine/base/number.h"

namespace monotable::protocol {
namespace {

bool Unreserved(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
         c == '_' || c == '.' || c == '~';
}

void AppendEscaped(std::string* out, std::string_view bytes) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  for (const char c : bytes) {
    if (Unreserved(c)) {
      out->push_back(c);
      continue;
    }
    const auto b = static_cast<unsigned char>(c);
    out->push_back('%');
    out->push_back(kHex[b >> 4]);
    out->push_back(kHex[b & 15]);
  }
}

void AppendKey(std::string* out, const AttributeValue& value) {
  if (value.type == AttributeType::kNull) return;  // no key: a Scan page
  out->append(AttributeTypeName(value.type));
  out->push_back(':');
  AppendEscaped(out, value.scalar);
}

Status Bad(std::string_view entry, std::string_view why) {
  return Status::Validation("items: " + std::string(why) + ": " + std::string(entry));
}

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

Result<AttributeValue> DecodeKey(std::string_view entry, std::string_view text) {
  const size_t colon = text.find(':');
  if (colon == std::string_view::npos) return Bad(entry, "a key is TYPE:VALUE");
  const std::string_view type = text.substr(0, colon);
  std::string value;
  for (size_t i = colon + 1; i < text.size(); ++i) {
    const char c = text[i];
    if (c != '%') {
      if (!Unreserved(c)) return Bad(entry, "a key has a byte that should be escaped");
      value.push_back(c);
      continue;
    }
    const int high = i + 2 < text.size() ? HexDigit(text[i + 1]) : -1;
    const int low = i + 2 < text.size() ? HexDigit(text[i + 2]) : -1;
    if (high < 0 || low < 0) return Bad(entry, "% is followed by two hex digits");
    value.push_back(static_cast<char>(high * 16 + low));
    i += 2;
  }
  if (type == "S") return AttributeValue::String(std::move(value));
  if (type == "N") {
    auto number = Number::Parse(value);
    if (!number.ok()) return Bad(entry, "an N key is a number");
    return AttributeValue::NumberText(number->ToString());
  }
  if (type == "B") return AttributeValue::Binary(std::move(value));
  return Bad(entry, "a key's type is S, N or B");
}

template <typename T>
bool ParseNumber(std::string_view text, T* out) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), *out);
  return ec == std::errc() && end == text.data() + text.size();
}

Result<ItemTouch> DecodeEntry(std::string_view entry) {
  std::string_view fields[6];
  size_t count = 0, start = 0;
  bool ended = false;  // the last field was read up to the end of the entry
  while (count < 6 && !ended) {
    const size_t slash = entry.find('/', start);
    ended = slash == std::string_view::npos;
    fields[count++] = entry.substr(start, ended ? slash : slash - start);
    start = slash + 1;
  }
  if (count != 6 || !ended) {
    return Bad(entry, "an entry is TARGET/OP/PK/SK/BYTES/UNITS");
  }
  ItemTouch touch;
  const size_t colon = fields[0].find(':');
  touch.table = std::string(fields[0].substr(0, colon));
  if (colon != std::string_view::npos) touch.index = std::string(fields[0].substr(colon + 1));
  if (touch.table.empty() || (colon != std::string_view::npos && touch.index.empty())) {
    return Bad(entry, "the target is TABLE or TABLE:INDEX");
  }
  if (fields[1] != "read" && fields[1] != "write") return Bad(entry, "the op is read or write");
  touch.write = fields[1] == "write";
  if (fields[2].empty()) {  // no key: a Scan page
    if (!fields[3].empty() || touch.write) return Bad(entry, "a keyless entry is a read, no SK");
  } else {
    MT_ASSIGN_OR_RETURN(partition_key, DecodeKey(entry, fields[2]));
    touch.partition_key = std::move(partition_key);
  }
  if (!fields[3].empty()) {
    MT_ASSIGN_OR_RETURN(sort_key, DecodeKey(entry, fields[3]));
    touch.sort_key = std::move(sort_key);
  }
  if (!ParseNumber(fields[4], &touch.bytes)) return Bad(entry, "bytes is a whole number");
  if (!ParseNumber(fields[5], &touch.units) || !std::isfinite(touch.units) || touch.units < 0) {
    return Bad(entry, "units is a number, 0 or more");
  }
  return touch;
}

}  // namespace

std::string EncodeTouchedItems(const std::vector<ItemTouch>& items) {
  std::string out;
  for (const ItemTouch& item : items) {
    if (!out.empty()) out.push_back(';');
    out.append(item.table);
    if (!item.index.empty()) {
      out.push_back(':');
      out.append(item.index);
    }
    out.append(item.write ? "/write/" : "/read/");
    AppendKey(&out, item.partition_key);
    out.push_back('/');
    if (item.sort_key) AppendKey(&out, *item.sort_key);
    out.push_back('/');
    out.append(std::to_string(item.bytes));
    out.push_back('/');
    // The shortest text that reads back as the same double ("0.5", "1", "12.5").
    char units[32];
    const auto written = std::to_chars(units, units + sizeof units, item.units);
    out.append(units, written.ptr);
  }
  return out;
}

Result<std::vector<ItemTouch>> DecodeTouchedItems(std::string_view text) {
  std::vector<ItemTouch> items;
  size_t start = 0;
  while (start <= text.size()) {
    const size_t semicolon = text.find(';', start);
    const std::string_view entry =
        text.substr(start, semicolon == std::string_view::npos ? semicolon : semicolon - start);
    MT_ASSIGN_OR_RETURN(item, DecodeEntry(entry));
    items.push_back(std::move(item));
    if (semicolon == std::string_view::npos) break;
    start = semicolon + 1;
  }
  return items;
}

}  // namespace monotable::protocol
