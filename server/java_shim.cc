#include "server/java_shim.h"

#include <array>
#include <charconv>
#include <optional>

#include "server/realism_defaults.h"

namespace monotable::server {
namespace {

constexpr std::string_view kJarName = "DynamoDBLocal.jar";
constexpr std::string_view kInvalidPort = "Invalid Port. Port number must lie between 1 and 65535.";

// JVM options whose value is the next word (java's own list, the ones a command line
// for DynamoDB Local could carry); every other word starting with '-' stands alone.
constexpr std::array<std::string_view, 12> kJvmOptionsWithValue = {
    "-cp",           "-classpath",     "--class-path",    "-p",
    "--module-path", "--add-modules",  "--add-opens",     "--add-exports",
    "--add-reads",   "--patch-module", "--limit-modules", "--upgrade-module-path"};

// DynamoDB Local's options and whether each takes a value.
struct LocalOption {
  std::string_view name;
  bool takes_value;
};
constexpr std::array<LocalOption, 10> kLocalOptions = {{
    {"port", true},
    {"dbPath", true},
    {"sharedDb", false},
    {"inMemory", false},
    {"disableTelemetry", false},
    {"version", false},
    {"help", false},
    {"cors", true},
    {"optimizeDbBeforeStartup", false},
    {"delayTransientStatuses", false},
}};

Status RefuseCommandLine(std::string message) { return Status::Validation(std::move(message)); }

// The option a word names, as Commons CLI matches it: after one or two leading dashes.
const LocalOption* FindLocalOption(std::string_view word) {
  if (word.size() < 2 || word[0] != '-') return nullptr;
  word.remove_prefix(word.substr(0, 2) == "--" ? 2 : 1);
  for (const LocalOption& option : kLocalOptions) {
    if (option.name == word) return &option;
  }
  return nullptr;
}

// Commons CLI strips one pair of surrounding double quotes from a value.
std::string Unquote(const std::string& value) {
  if (value.size() >= 2 && value.front() == '"' && value.back() == '"') {
    return value.substr(1, value.size() - 2);
  }
  return value;
}

// DynamoDB Local's options as its parser reads them: a known option's value is the next
// word unless that word is itself an option; the first occurrence of an option counts;
// `--` ends the options, and other words are ignored.
struct LocalArguments {
  std::vector<std::pair<std::string_view, std::optional<std::string>>> given;
  bool Flag(std::string_view name) const {
    for (const auto& [option, value] : given) {
      if (option == name) return true;
    }
    return false;
  }
  const std::string* Value(std::string_view name) const {
    for (const auto& [option, value] : given) {
      if (option == name && value) return &*value;
    }
    return nullptr;
  }
};

Result<LocalArguments> ReadLocalArguments(const std::vector<std::string>& args, size_t i) {
  LocalArguments parsed;
  for (; i < args.size(); ++i) {
    const std::string& word = args[i];
    if (word == "--") break;
    if (word.size() < 2 || word[0] != '-') continue;
    const LocalOption* option = FindLocalOption(word);
    if (option == nullptr) {
      return RefuseCommandLine(std::string(kJavaShimParsingError) + "Unrecognized option: " + word);
    }
    if (!option->takes_value) {
      parsed.given.emplace_back(option->name, std::nullopt);
      continue;
    }
    if (i + 1 >= args.size() || FindLocalOption(args[i + 1]) != nullptr) {
      return RefuseCommandLine(std::string(kJavaShimParsingError) +
                               "Missing argument for option: " + std::string(option->name));
    }
    parsed.given.emplace_back(option->name, Unquote(args[++i]));
  }
  return parsed;
}

// Java's Integer.parseInt: an optional sign, then decimal digits, within 32 bits.
std::optional<int64_t> ParseJavaInt(std::string_view text) {
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);
  int64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || value < INT32_MIN ||
      value > INT32_MAX) {
    return std::nullopt;
  }
  return value;
}

// The words before the jar are the JVM's. Returns the index of the jar's first option.
Result<size_t> SkipJvmOptions(const std::vector<std::string>& args) {
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& word = args[i];
    if (word == "-jar") {
      if (i + 1 >= args.size())
        return RefuseCommandLine("Error: -jar requires jar file specification");
      const std::string& jar = args[i + 1];
      const size_t slash = jar.rfind('/');
      if (jar.substr(slash == std::string::npos ? 0 : slash + 1) != kJarName) {
        return RefuseCommandLine("Error: Unable to access jarfile " + jar);
      }
      return i + 2;
    }
    if (word.empty() || word[0] != '-') {
      return RefuseCommandLine("Error: Could not find or load main class " + word);
    }
    for (std::string_view with_value : kJvmOptionsWithValue) {
      if (word == with_value) {
        if (++i >= args.size())
          return RefuseCommandLine("Error: " + word + " requires an argument");
        break;
      }
    }
  }
  return RefuseCommandLine(
      "Usage: java [JVM options] -jar DynamoDBLocal.jar [DynamoDB Local options]\n"
      "(this java is monotable: it runs DynamoDB Local's command line only; see -help)");
}

}  // namespace

bool IsJavaShim(std::string_view argv0) {
  const size_t slash = argv0.rfind('/');
  return argv0.substr(slash == std::string_view::npos ? 0 : slash + 1) == "java";
}

Result<JavaShimCommand> ParseJavaCommandLine(
    const std::vector<std::string>& args,
    const std::function<bool(const std::string&)>& is_directory) {
  JavaShimCommand command;
  // `java -version` asks the JVM, before any jar.
  for (const std::string& word : args) {
    if (word == "-jar") break;
    if (word == "-version" || word == "--version") {
      command.action = JavaShimCommand::Action::kVersion;
      return command;
    }
  }
  MT_ASSIGN_OR_RETURN(first, SkipJvmOptions(args));
  MT_ASSIGN_OR_RETURN(local, ReadLocalArguments(args, first));
  // In the order DynamoDB Local checks them.
  if (local.Flag("help")) {
    command.action = JavaShimCommand::Action::kHelp;
    return command;
  }
  if (local.Flag("version")) {
    command.action = JavaShimCommand::Action::kVersion;
    return command;
  }
  Config& config = command.config;
  config.host = "0.0.0.0";
  config.port = 8000;
  if (const std::string* port = local.Value("port")) {
    std::optional<int64_t> value = ParseJavaInt(*port);
    // DynamoDB Local refuses 1 as well as 0 ("port <= 1").
    if (!value || *value <= 1 || *value > 65535)
      return RefuseCommandLine(std::string(kInvalidPort));
    config.port = static_cast<uint16_t>(*value);
  }
  const std::string* db_path = local.Value("dbPath");
  if (local.Flag("optimizeDbBeforeStartup") && db_path == nullptr) {
    return RefuseCommandLine(
        "optimizeDbBeforeStartup option must be used with dbPath to determine the location "
        "of database files to optimize.");
  }
  config.in_memory = local.Flag("inMemory");
  if (config.in_memory && db_path != nullptr) {
    return RefuseCommandLine("dbPath and inMemory cannot be set at the same time.");
  }
  if (db_path != nullptr && !is_directory(*db_path)) {
    return RefuseCommandLine("Invalid directory for database creation.");
  }
  // Without -dbPath, DynamoDB Local writes its database into the current directory.
  config.db_path = db_path != nullptr ? *db_path : ".";
  config.shared_db = local.Flag("sharedDb");
  if (const std::string* cors = local.Value("cors")) config.cors_origins = *cors;
  config.dynamodb_local = true;
  if (local.Flag("delayTransientStatuses"))
    config.transient_statuses = kDynamoDbLocalTransientDelays;
  return command;
}

std::string JavaShimUsage() {
  return R"(usage: java [JVM options] -jar DynamoDBLocal.jar [-port <port-no.>] [-inMemory]
       [-dbPath <path>] [-sharedDb] [-cors <allow-list>] [-delayTransientStatuses]
       [-optimizeDbBeforeStartup] [-disableTelemetry] [-version] [-help]

This `java` is monotable, a DynamoDB-compatible server, run with DynamoDB Local's
command line (JVM options are ignored):
 -port <port-no.>          port to listen on, every address (default 8000)
 -dbPath <path>            an existing directory for the data (default: the current
                           directory)
 -inMemory                 keep the data in memory only (not with -dbPath)
 -sharedDb                 one set of tables for every access key and region
 -cors <allow-list>        answer CORS requests from these origins (comma-separated,
                           or '*')
 -delayTransientStatuses   GSIs stay CREATING and DELETING for a while
 -optimizeDbBeforeStartup  accepted (with -dbPath); nothing to optimize
 -disableTelemetry         accepted; monotable sends no telemetry
 -version                  print the version
 -help                     print this text
)";
}

}  // namespace monotable::server
