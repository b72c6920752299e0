#!/usr/bin/env bash
# Runs the JavaScript integration tests (CTest's integration_js): the AWS SDK v3
# Document Client (ecommerce.test.mjs), ElectroDB on top of it (electrodb.test.mjs),
# the DynamoDB Streams client (streams.test.mjs), PartiQL through both SDK packages
# (partiql.test.mjs), seed 004's scenario of tests/sdk/README.md (scenario.test.mjs),
# throttling under --throughput enforce (throughput.test.mjs), SigV4 verification under
# --require-signature (security.test.mjs), IAM policies under --iam (iam.test.mjs),
# Dynamoose 4's `expires` (Time to Live) model option (dynamoose.test.mjs), injected
# faults (faults.test.mjs), a waiter through CREATING (transient.test.mjs) and
# eventually consistent reads, GSI lag and stream delay (consistency.test.mjs).
#
#   MONOTABLE_BIN=build/monotable tests/integration/js/run.sh
#
# Installs the pinned SDK, ElectroDB and Dynamoose from package-lock.json with `npm ci` only when
# node_modules is missing or was installed from another lockfile, so repeated runs stay
# offline and fast. Exits 77 (CTest: skipped) when Node.js or npm is not installed; install them
# with docker/install-deps.sh test.
set -euo pipefail
cd "$(dirname "$0")"

for tool in node npm; do
  if ! command -v "$tool" >/dev/null; then
    echo "integration_js skipped: $tool not found (docker/install-deps.sh test installs it)" >&2
    exit 77
  fi
done

# A copy of the lockfile that node_modules was installed from.
stamp=node_modules/.monotable-installed-lock.json
if ! cmp -s package-lock.json "$stamp" 2>/dev/null; then
  npm ci --no-audit --no-fund
  cp package-lock.json "$stamp"
fi

exec node --test ecommerce.test.mjs electrodb.test.mjs streams.test.mjs partiql.test.mjs \
  scenario.test.mjs throughput.test.mjs security.test.mjs iam.test.mjs dynamoose.test.mjs \
  faults.test.mjs transient.test.mjs consistency.test.mjs
