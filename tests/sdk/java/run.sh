#!/usr/bin/env bash
# CTest's sdk_java: the scenario of tests/sdk/README.md with the AWS SDK for Java v2,
# once through the sync clients and once through the async ones (JUnit 5, Maven).
#   MONOTABLE_BIN=build/monotable tests/sdk/java/run.sh
# Needs a JDK 17 or newer and Maven 3.8 or newer (docker/install-deps.sh test installs
# Debian's default-jdk-headless and maven): without them the entry is skipped. The
# pinned artifacts download once into Maven's repository (~/.m2/repository); the build
# goes to $MONOTABLE_SDK_BUILD_DIR.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/../toolchain.sh"

need_command sdk_java javac "docker/install-deps.sh test installs a JDK"
need_command sdk_java mvn "docker/install-deps.sh test installs Maven"
java_version=$(javac -version 2>&1 | awk '{print $2}')
need_version sdk_java "the JDK" "$java_version" 17 "the SDK's Java level"
maven_version=$(mvn -B -v 2>/dev/null | sed 's/\x1b\[[0-9;]*m//g' | awk '/^Apache Maven/ {print $3; exit}')
need_version sdk_java Maven "$maven_version" 3.8 "the pinned plugins"

out=$(sdk_build_dir java)
cd "$here"
# One Maven run (its start-up is seconds): the idle servers wait while it compiles.
# -B: no colours; -ntp: no download progress.
with_servers mvn -B -ntp -Dsdk.build.dir="$out" test
