// The harnesses' driver outside libFuzzer: in the ordinary (gcc) build each harness is
// linked with this main instead of -fsanitize=fuzzer, and replays every file under the
// paths it is given through LLVMFuzzerTestOneInput once. The test command runs it over
// the committed corpora (CTest entries fuzz_corpus_<harness>), so each input any fuzzing
// run kept is a regression test in every build, the sanitizer build included, without
// a clang tree. A harness reports a finding by aborting, which fails the entry.
//
//   fuzz_<harness> PATH...     PATH: a file, or a directory read recursively
//
// Exits 1 when a path cannot be read or no input was found: a replay of nothing would
// pass without checking anything.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <system_error>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

namespace fs = std::filesystem;

// Reads one input; false (with a message) when the file cannot be read.
bool Replay(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    std::cerr << "cannot read " << file << "\n";
    return false;
  }
  const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  // A copy of exactly `size` bytes, as libFuzzer gives: reading past it is a finding
  // under ASan rather than a read of the string's terminator.
  const std::vector<uint8_t> input(bytes.begin(), bytes.end());
  LLVMFuzzerTestOneInput(input.data(), input.size());
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: " << argv[0] << " PATH...\n";
    return 2;
  }
  size_t replayed = 0;
  for (int i = 1; i < argc; ++i) {
    const fs::path root(argv[i]);
    std::error_code error;
    if (fs::is_regular_file(root, error)) {
      if (!Replay(root)) return 1;
      ++replayed;
      continue;
    }
    // Sorted, so a failing run names the same input every time.
    std::vector<fs::path> files;
    for (fs::recursive_directory_iterator it(root, error), end; !error && it != end;
         it.increment(error)) {
      if (it->is_regular_file()) files.push_back(it->path());
    }
    if (error) {
      std::cerr << "cannot read " << root << ": " << error.message() << "\n";
      return 1;
    }
    std::sort(files.begin(), files.end());
    for (const auto& file : files) {
      if (!Replay(file)) return 1;
      ++replayed;
    }
  }
  if (replayed == 0) {
    std::cerr << "no input found\n";
    return 1;
  }
  std::cout << fs::path(argv[0]).filename().string() << ": " << replayed
            << " inputs replayed, no finding\n";
  return 0;
}
