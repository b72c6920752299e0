#include "engine/storage/rocksdb_logger.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <string>

#include "engine/testing/log_capture.h"
#include "engine/testing/storage_fixture.h"

namespace monotable {
namespace {

TEST(RocksLogger, LinesGoToMonotablesLogAtTheirLevel) {
  test_log::LogCapture capture;
  auto logger = std::make_shared<RocksLogger>(rocksdb::InfoLogLevel::WARN_LEVEL);
  rocksdb::Log(rocksdb::InfoLogLevel::WARN_LEVEL, logger, "flush failed: %s (%d)", "no space", 28);
  rocksdb::Log(rocksdb::InfoLogLevel::ERROR_LEVEL, logger, "background error");
  rocksdb::Log(rocksdb::InfoLogLevel::INFO_LEVEL, logger, "below the level");
  std::string text = capture.text();
  EXPECT_NE(text.find("[warning] rocksdb: flush failed: no space (28)"), std::string::npos) << text;
  EXPECT_NE(text.find("[error] rocksdb: background error"), std::string::npos) << text;
  EXPECT_EQ(text.find("below the level"), std::string::npos) << text;
}

TEST(RocksLogger, ALongLineIsCutNotOverrun) {
  test_log::LogCapture capture;
  auto logger = std::make_shared<RocksLogger>(rocksdb::InfoLogLevel::WARN_LEVEL);
  std::string long_text(3 * RocksLogger::kMaxLineBytes, 'x');
  rocksdb::Log(rocksdb::InfoLogLevel::WARN_LEVEL, logger, "%s", long_text.c_str());
  std::string text = capture.text();
  EXPECT_NE(text.find(std::string(RocksLogger::kMaxLineBytes - 1, 'x')), std::string::npos);
  EXPECT_EQ(text.find(std::string(RocksLogger::kMaxLineBytes, 'x')), std::string::npos);
}

// The regression of the full-disk abort (tests/integration/test_disk_full.py has the
// disk): RocksDB writes no LOG file into the data directory, and its log is ours.
TEST(RocksLogger, StorageWritesNoLogFileIntoTheDataDirectory) {
  test_storage::TempDir dir;
  {
    auto storage = test_storage::OpenStorage(dir.path());
    ASSERT_NE(storage, nullptr);
    EXPECT_NE(dynamic_cast<RocksLogger*>(storage->db()->GetDBOptions().info_log.get()), nullptr);
  }
  for (const auto& entry : std::filesystem::directory_iterator(dir.path())) {
    std::string name = entry.path().filename().string();
    EXPECT_NE(name.rfind("LOG", 0), 0u) << "RocksDB's own log file: " << name;
  }
}

}  // namespace
}  // namespace monotable
