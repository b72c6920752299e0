#!/usr/bin/env bash
# The long form of the container contracts (the test command checks them without a
# container: tests/integration/test_dynamodb_local_mode.py). Against the built image,
# through the Docker API that `podman system service` serves, as users' code for
# amazon/dynamodb-local runs with only the image name changed:
#
#   go      testcontainers-go v0.45 with modules/dynamodb v0.44.0 (the newest the Go
#           module proxy serves): dynamodb.Run (`java` entry point, -jar DynamoDBLocal.jar,
#           wait.ForListeningPort and its in-container shell check), WithSharedDB,
#           WithDisableTelemetry, ConnectionString, then the AWS SDK for Go v2
#   java    testcontainers 2.0.5 GenericContainer: the default wait strategy, and
#           Wait.forHttp("/").forStatusCode(400), then the AWS SDK for Java v2
#   python  testcontainers 4.15 DockerContainer + wait_for_logs(banner), then boto3; the
#           banner's lines on stdout, and the .NET module's contract (GET / is 400)
#   rust    testcontainers-modules 0.15's dynamodb_local with the image's name and tag
#           swapped in (it waits for the banner on stdout), then aws-sdk-dynamodb
#   compose docker/compose.yaml with podman-compose: up, healthy, the AWS CLI, down
#   actions the GitHub Actions `services:` example of the README: the image's default
#           command, the published port, its --health-cmd/--health-interval options
#
#   docker/testcontainers/run.sh [go|java|python|rust|compose|actions ...]   (default: all)
#
# Environment: MONOTABLE_IMAGE (default: build docker/Dockerfile as
# localhost/monotable:testcontainers), DOCKER_HOST (default: this script serves podman's
# API on a socket of its own, stopped on exit), MONOTABLE_CONTAINER_PREP (a script run
# first, as docker/smoke-test.sh does). Ryuk, Testcontainers' reaper, is turned off
# (TESTCONTAINERS_RYUK_DISABLED=true): its image comes from a registry this machine does
# not reach; every test stops its own containers (Testcontainers for Rust has no Ryuk).
# Needs podman, go, mvn, python3 (venv), cargo (the Rust part builds in
# build/testcontainers/rust-target unless CARGO_TARGET_DIR says otherwise),
# podman-compose (docker/install-deps.sh does not install these: see the README) and the
# AWS CLI. Prints what each part proved; exit status 0 when all passed.
set -euo pipefail

root=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
here=$root/docker/testcontainers
parts=("$@")
[ ${#parts[@]} -gt 0 ] || parts=(go java python rust compose actions)

log() { printf '\n== %s\n' "$*" >&2; }
fail() { printf 'TESTCONTAINERS CHECK FAILED: %s\n' "$*" >&2; exit 1; }
free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}

if [ -n "${MONOTABLE_CONTAINER_PREP:-}" ]; then
  log "preparing the container engine: $MONOTABLE_CONTAINER_PREP"
  "$MONOTABLE_CONTAINER_PREP" || fail "the preparation script failed"
fi

image=${MONOTABLE_IMAGE:-}
if [ -z "$image" ]; then
  image=localhost/monotable:testcontainers
  log "building $image"
  podman build --pull=never --format docker -f "$root/docker/Dockerfile" -t "$image" "$root"
fi
export MONOTABLE_IMAGE=$image

service_pid=""
cleanup() {
  [ -z "$service_pid" ] || kill "$service_pid" 2>/dev/null || true
}
trap cleanup EXIT
if [ -z "${DOCKER_HOST:-}" ]; then
  socket=/run/monotable-testcontainers-$$.sock
  podman system service --time=0 "unix://$socket" &
  service_pid=$!
  for _ in $(seq 1 100); do [ -S "$socket" ] && break; sleep 0.1; done
  [ -S "$socket" ] || fail "podman system service did not create $socket"
  export DOCKER_HOST=unix://$socket
fi
export TESTCONTAINERS_RYUK_DISABLED=true
# Testcontainers for Python takes a /.dockerenv (which some sandboxes have) to mean it
# runs inside a container and looks for the container's gateway; the engine here is on
# this machine, so its published ports are reached on the Docker host.
export TESTCONTAINERS_CONNECTION_MODE=${TESTCONTAINERS_CONNECTION_MODE:-docker_host}
echo "image: $MONOTABLE_IMAGE, Docker API: $DOCKER_HOST, Ryuk disabled" >&2

export AWS_ACCESS_KEY_ID=dummy AWS_SECRET_ACCESS_KEY=dummy AWS_DEFAULT_REGION=us-east-1
export AWS_CONFIG_FILE=/dev/null AWS_SHARED_CREDENTIALS_FILE=/dev/null AWS_PAGER=""
export AWS_EC2_METADATA_DISABLED=true

# Every attempt's output, so a failure shows why.
run_part() {
  local name=$1; shift
  local started=$SECONDS
  log "$name"
  "$@" || fail "$name"
  echo "$name passed in $((SECONDS - started)) s" >&2
}

go_part() { (cd "$here/go" && go test -count=1 -v ./... 2>&1 | grep -E '^(=== RUN|--- |    dynamodb_test.go:.*proved|ok|FAIL|PASS)|proved'; exit "${PIPESTATUS[0]}"); }
java_part() { (cd "$here/java" && mvn -B -q test "-Dmonotable.image=$MONOTABLE_IMAGE"); }
python_part() {
  local venv=$root/build/testcontainers/python-venv
  [ -x "$venv/bin/python" ] || /usr/bin/python3 -m venv "$venv"
  "$venv/bin/pip" install -q -r "$here/python/requirements.txt"
  (cd "$here/python" && "$venv/bin/python" -m pytest -q -s -p no:cacheprovider \
     -W ignore::DeprecationWarning test_testcontainers.py)
}
rust_part() {
  (cd "$here/rust" &&
     CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$root/build/testcontainers/rust-target} \
       cargo test --locked -q -- --nocapture 2>&1 | grep -E '^(test |proved|note|error|failures|thread)|test result'
   exit "${PIPESTATUS[0]}")
}

# A DynamoDB call through the published port: the AWS CLI lists tables.
list_tables() { aws --endpoint-url "http://127.0.0.1:$1" --output json dynamodb list-tables; }

compose_part() {
  local port project=monotable-testcontainers-$$
  port=$(free_port)
  local compose=(podman-compose -p "$project" -f "$root/docker/compose.yaml")
  export MONOTABLE_PORT=$port MONOTABLE_CONTAINER_NAME=$project-ddb
  "${compose[@]}" up -d >/dev/null
  local ok=""
  for _ in $(seq 1 100); do
    if podman healthcheck run "$MONOTABLE_CONTAINER_NAME" >/dev/null 2>&1 &&
       list_tables "$port" >/dev/null 2>&1; then ok=1; break; fi
    sleep 0.2
  done
  # -sharedDb in the banner; the engine's log can lag the container's output a moment.
  local banner=""
  for _ in $(seq 1 50); do
    podman logs "$MONOTABLE_CONTAINER_NAME" 2>/dev/null | grep -q '^SharedDb:	true$' &&
      { banner=1; break; }
    sleep 0.1
  done
  [ -n "$banner" ] || ok=""
  "${compose[@]}" down >/dev/null 2>&1
  [ -n "$ok" ] || return 1
  echo "proved: podman-compose up of docker/compose.yaml (-jar DynamoDBLocal.jar -sharedDb -inMemory), the HEALTHCHECK healthy, list-tables through the published port, down"
}

actions_part() {
  local port name=monotable-actions-$$
  port=$(free_port)
  # What GitHub Actions runs for the README's `services:` entry: the image's own
  # command, `ports`, and `options` passed to `docker create`.
  podman run -d --name "$name" -p "127.0.0.1:$port:8000" \
    --health-cmd "/usr/local/bin/monotable --health-check http://127.0.0.1:8000/" \
    --health-interval 2s --health-timeout 3s --health-retries 15 "$MONOTABLE_IMAGE" >/dev/null
  local ok=""
  for _ in $(seq 1 100); do
    if podman healthcheck run "$name" >/dev/null 2>&1 && list_tables "$port" >/dev/null 2>&1; then
      ok=1; break
    fi
    sleep 0.2
  done
  podman rm -f -v "$name" >/dev/null 2>&1
  [ -n "$ok" ] || return 1
  echo "proved: the services: example (default command, ports, health options): healthy, list-tables"
}

for part in "${parts[@]}"; do
  case "$part" in
    go|java|python|rust|compose|actions) run_part "$part" "${part}_part" ;;
    *) fail "unknown part $part (go, java, python, rust, compose, actions)" ;;
  esac
done
log "all passed: ${parts[*]}"
