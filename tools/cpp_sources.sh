#!/usr/bin/env bash
# Prints the project's C++ sources (*.cc, *.h), NUL-separated, for the `format` check:
# git's tracked files in a checkout; in a source export without git's history (a
# release tarball, `git archive`), every such file outside build trees and dependency
# folders. Exits 1 when it finds none, so that a check fed by it cannot pass on nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
list() {
  if [ -d .git ] && command -v git >/dev/null; then
    git ls-files -z '*.cc' '*.h'
  else
    find . \( -name .git -o -name 'build' -o -name 'build-*' -o -name node_modules \
              -o -name target \) -prune -o -type f \( -name '*.cc' -o -name '*.h' \) -print0
  fi
}
files=$(list | tr '\0' '\n')
[ -n "$files" ] || { echo "cpp_sources: no C++ sources found under $(pwd)" >&2; exit 1; }
list
