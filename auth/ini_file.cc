#include "auth/ini_file.h"

#include <cctype>
#include <fstream>
#include <sstream>

namespace monotable::auth {
namespace {

std::string_view Trim(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) {
    text.remove_prefix(1);
  }
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) {
    text.remove_suffix(1);
  }
  return text;
}

}  // namespace

Result<IniSections> ParseIni(std::string_view text) {
  IniSections sections;
  std::string section;
  size_t line_number = 0;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    std::string_view line = Trim(text.substr(pos, end == text.npos ? text.npos : end - pos));
    pos = end == text.npos ? text.size() : end + 1;
    ++line_number;
    if (line.empty() || line.front() == '#' || line.front() == ';') continue;
    if (line.front() == '[') {
      if (line.back() != ']') {
        return Status::Validation("line " + std::to_string(line_number) +
                                  ": a section header must end with ']'");
      }
      section = std::string(Trim(line.substr(1, line.size() - 2)));
      sections[section];
      continue;
    }
    size_t eq = line.find('=');
    if (eq == line.npos) {
      return Status::Validation("line " + std::to_string(line_number) +
                                ": expected 'key = value', a [section] or a comment");
    }
    std::string key(Trim(line.substr(0, eq)));
    for (char& c : key) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    sections[section][key] = std::string(Trim(line.substr(eq + 1)));
  }
  return sections;
}

Result<IniSections> ReadIniFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Status::Validation("cannot read " + path);
  std::stringstream text;
  text << in.rdbuf();
  auto sections = ParseIni(text.str());
  if (!sections.ok()) return Status::Validation(path + ": " + sections.status().message());
  return sections;
}

Result<SecretsByKey> SecretsOf(const IniSections& sections, const std::string& path) {
  SecretsByKey secrets;
  for (const auto& [name, keys] : sections) {
    auto id = keys.find("aws_access_key_id");
    auto secret = keys.find("aws_secret_access_key");
    if (id != keys.end() && secret != keys.end() && !id->second.empty()) {
      secrets[id->second] = secret->second;
    }
  }
  if (secrets.empty()) {
    return Status::Validation(path +
                              ": no section with both aws_access_key_id and aws_secret_access_key");
  }
  return secrets;
}

}  // namespace monotable::auth
