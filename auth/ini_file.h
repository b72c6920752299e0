#pragma once
// The AWS shared configuration files as the CLI reads them: ~/.aws/credentials
// ("[name]" sections) and ~/.aws/config ("[default]" and "[profile name]" sections),
// with "key = value" lines and '#' or ';' comment lines. The server reads access keys
// from such a file (--credentials), the import/export client its profile. Pure
// functions, thread-safe.

#include <map>
#include <string>
#include <string_view>

#include "auth/verifier.h"
#include "engine/base/status.h"

namespace monotable::auth {

// Section name -> key -> value. Names and keys as written (keys lower-cased).
using IniSections = std::map<std::string, std::map<std::string, std::string>>;

// Errors: kValidation with the line number of a line that is neither a section, a
// key = value pair, a comment nor blank.
Result<IniSections> ParseIni(std::string_view text);

// Errors: kValidation when the file cannot be read, or ParseIni's.
Result<IniSections> ReadIniFile(const std::string& path);

// The access keys of a credentials file: every section with both aws_access_key_id and
// aws_secret_access_key. Errors: kValidation when no section has them.
Result<SecretsByKey> SecretsOf(const IniSections& sections, const std::string& path);

}  // namespace monotable::auth
