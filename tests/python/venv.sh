#!/usr/bin/env bash
# Creates the tests' Python virtual environment, VENV_DIR, from requirements.txt (every
# package pinned with `==` and its hashes), with the interpreter PYTHON. CTest runs it
# as the fixture python_venv before the tests that need it (tests/CMakeLists.txt).
#
#   tests/python/venv.sh PYTHON VENV_DIR
#
# Does nothing when VENV_DIR was already made from this requirements.txt by this
# interpreter (a stamp file records both), so only the first run downloads (pip's
# cache in ~/.cache/pip keeps the wheels for the next fresh build tree).
set -euo pipefail
python=$1
venv=$2
requirements="$(cd "$(dirname "$0")" && pwd)/requirements.txt"
stamp="$venv/monotable-requirements.txt"

want="$("$python" -c 'import sys; print(sys.version)')"$'\n'"$(cat "$requirements")"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
  exit 0
fi

rm -rf "$venv"
if ! "$python" -m venv "$venv"; then
  echo "python_venv: '$python -m venv' failed; on Debian it needs python3-venv" \
       "(docker/install-deps.sh test installs it)" >&2
  exit 1
fi
# The venv's own pip (Debian bookworm's ensurepip gives 23.0.1) is enough for hashes.
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-input \
  --require-hashes --no-deps -r "$requirements"
printf '%s' "$want" > "$stamp"
echo "python_venv: $venv made from $requirements"
