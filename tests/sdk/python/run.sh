#!/usr/bin/env bash
# CTest's sdk_python: the scenario of tests/sdk/README.md with boto3 and PynamoDB, from
# the tests' virtual environment (tests/python/requirements.txt, made by venv.sh; CTest
# makes it first, in its fixture python_venv).
#   MONOTABLE_BIN=build/monotable tests/sdk/python/run.sh
# Needs Python 3.10 or newer with venv (Debian: python3-venv, which
# docker/install-deps.sh test installs).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/../toolchain.sh"

python=${MONOTABLE_SYSTEM_PYTHON:-python3}
need_command sdk_python "$python" "docker/install-deps.sh test installs python3"
need_version sdk_python Python "$("$python" -c 'import platform; print(platform.python_version())')" \
  3.10 "boto3 1.44 and PynamoDB 6.1"
venv=${MONOTABLE_PYTHON_VENV:-$here/../../../build/python-venv}  # CTest sets it
"$here/../../python/venv.sh" "$python" "$venv"

cd "$here"
with_servers "$venv/bin/python" -m pytest -q -p no:cacheprovider test_scenario.py test_throttling.py
