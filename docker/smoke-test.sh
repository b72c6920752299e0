#!/usr/bin/env bash
# Builds the container image and proves it works the way a user will use it: at most
# 22 MB (busybox's shell included), started detached with the port published, running as a non-root user, healthy
# (the image's own HEALTHCHECK, which is the binary's --health-check: the image has no
# curl), answering the AWS CLI (list-tables, create-table, put-item, get-item), keeping
# its data across a restart (which also proves the non-root user can write the /data
# volume), and started the way docker-compose files for amazon/dynamodb-local start
# it (`-jar DynamoDBLocal.jar -sharedDb -dbPath ./data`), with DynamoDB Local's answer
# to `GET /` (400) and its banner in the logs. Prints the image size, the time from
# `run` to the first answer and the idle RSS. Testcontainers' own runs of the image are
# docker/testcontainers/run.sh; the arm64 image, docker/multiarch.sh.
#
#   docker/smoke-test.sh        exit 0 on success, non-zero otherwise
#
# Needs podman or docker (CONTAINER_ENGINE=podman|docker picks one; podman is preferred
# when both are there), a debian:bookworm base image the engine can use, the AWS CLI,
# curl and python3 (docker/install-deps.sh test). The container is removed on exit,
# whatever happens.
#
# MONOTABLE_CONTAINER_PREP, when set, names a script run first to prepare the container
# engine and its base images (for a machine without a registry, say).
set -euo pipefail

root=$(git -C "$(dirname "$0")" rev-parse --show-toplevel 2>/dev/null ||
       (cd "$(dirname "$0")/.." && pwd))
cd "$root"

image=monotable:smoke
engine=""  # podman or docker, chosen below
name=monotable-smoke-$$
table=smoke_items

log() { printf '\n== %s\n' "$*" >&2; }
fail() {
  printf 'SMOKE TEST FAILED: %s\n' "$*" >&2
  if [ -n "$engine" ] && "$engine" container inspect "$name" >/dev/null 2>&1; then
    echo "--- container logs:" >&2
    "$engine" logs --tail 50 "$name" >&2 || true
  fi
  exit 1
}

for tool in aws curl python3; do
  command -v "$tool" >/dev/null || fail "$tool not found (docker/install-deps.sh test)"
done

# The preparation first: it may be what installs the engine (podman, on a machine whose
# only other engine is a docker client without a daemon).
if [ -n "${MONOTABLE_CONTAINER_PREP:-}" ]; then
  log "preparing the container engine: $MONOTABLE_CONTAINER_PREP"
  "$MONOTABLE_CONTAINER_PREP" || fail "the preparation script failed"
fi

chosen=${CONTAINER_ENGINE:-}
if [ -z "$chosen" ]; then
  if command -v podman >/dev/null; then chosen=podman; else chosen=docker; fi
fi
command -v "$chosen" >/dev/null || fail "neither podman nor docker found (or set CONTAINER_ENGINE)"
engine=$chosen

log "building $image"
# podman: --format docker, since the OCI format has no HEALTHCHECK and podman would drop
# it; --pull=never uses the local base images. docker builds the docker format anyway.
build_flags=()
[ "$engine" = podman ] && build_flags=(--pull=never --format docker)
"$engine" build "${build_flags[@]}" -f docker/Dockerfile -t "$image" .
size=$("$engine" image inspect --format '{{.Size}}' "$image")
echo "image size: $size bytes" >&2
max_size=${MONOTABLE_MAX_IMAGE_BYTES:-22000000}
[ "$size" -le "$max_size" ] || fail "image is $size bytes, over the $max_size-byte budget"

# The image answers `GET /` as DynamoDB Local does (its entry point's --dynamodb-local):
# HTTP 400 with a MissingAuthenticationToken body.
answers() {
  local status
  status=$(curl -s -o /dev/null -w '%{http_code}' "$1/" 2>/dev/null) || return 1
  [ "$status" = 400 ]
}

# A free port chosen by the kernel; racy in theory, fine for a one-off test.
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
endpoint=http://127.0.0.1:$port

# -v: also remove the anonymous /data volume, or every run would leave one behind.
cleanup() { "$engine" rm -f -v "$name" "$name-ddblocal" >/dev/null 2>&1 || true; }
trap cleanup EXIT

# Without systemd, podman complains that it cannot schedule the healthcheck timer;
# that is expected here (we run the check by hand), so its stderr is shown only
# when the command fails.
quiet_engine() {
  local out
  out=$("$engine" "$@" 2>&1) || fail "$engine $1 failed: $out"
  printf '%s\n' "$out" | grep -v 'systemd' >&2 || true
}

log "starting $name on $endpoint"
run_started=$(date +%s%N)
quiet_engine run -d --name "$name" -p "127.0.0.1:$port:8000" "$image"
until answers "$endpoint"; do
  [ $(( $(date +%s%N) - run_started )) -lt 30000000000 ] || fail "no answer 30 s after run"
  sleep 0.02
done
echo "from run to the first answer: $(( ($(date +%s%N) - run_started) / 1000000 )) ms" >&2

# The server's process as the host sees it (rootful podman, or docker on Linux): its
# uid must not be 0. Without that view, the image's configured user is checked.
pid=$("$engine" inspect --format '{{.State.Pid}}' "$name")
if [ -r "/proc/$pid/status" ]; then
  uid=$(awk '/^Uid:/ {print $2}' "/proc/$pid/status")
  echo "server uid: $uid, idle RSS: $(awk '/^VmRSS:/ {print $2, $3}' "/proc/$pid/status")" >&2
else
  uid=$("$engine" image inspect --format '{{.Config.User}}' "$image")
  uid=${uid%%:*}
fi
[ -n "$uid" ] && [ "$uid" != 0 ] && [ "$uid" != root ] || fail "the server runs as root"

# The image's HEALTHCHECK, run now: podman runs it on demand; docker runs it on its
# own schedule, so its latest verdict is read instead.
container_healthy() {
  if [ "$engine" = podman ]; then
    podman healthcheck run "$name" >/dev/null 2>&1
  else
    [ "$(docker inspect --format '{{.State.Health.Status}}' "$name")" = healthy ]
  fi
}

# Healthy means: the image's own HEALTHCHECK passes inside the container, and the
# published port answers from outside (which needs --host 0.0.0.0 in CMD).
wait_healthy() {
  for _ in $(seq 1 60); do
    [ "$("$engine" inspect --format '{{.State.Running}}' "$name")" = true ] ||
      fail "container exited"
    if container_healthy &&
       answers "$endpoint"; then
      return 0
    fi
    sleep 0.5
  done
  fail "not healthy after 30 s"
}
wait_healthy

# Fake credentials: the server takes the access key and region as a namespace and
# does not verify signatures by default. No config files, so nothing on this machine
# can redirect or slow the CLI.
export AWS_ACCESS_KEY_ID=x AWS_SECRET_ACCESS_KEY=x AWS_DEFAULT_REGION=us-east-1
export AWS_CONFIG_FILE=/dev/null AWS_SHARED_CREDENTIALS_FILE=/dev/null
export AWS_EC2_METADATA_DISABLED=true AWS_PAGER=""
ddb() { aws --endpoint-url "$endpoint" --output json dynamodb "$@"; }

log "list-tables"
out=$(ddb list-tables) || fail "list-tables failed: $out"
echo "$out"
grep -q '"TableNames"' <<< "$out" || fail "list-tables printed no TableNames"

log "create-table $table"
out=$(ddb create-table --table-name "$table" \
        --attribute-definitions AttributeName=PK,AttributeType=S \
        --key-schema AttributeName=PK,KeyType=HASH \
        --billing-mode PAY_PER_REQUEST) || fail "create-table failed: $out"
status=""
for _ in $(seq 1 60); do
  status=$(ddb describe-table --table-name "$table" --query Table.TableStatus \
             --output text) || fail "describe-table failed"
  [ "$status" = ACTIVE ] && break
  sleep 0.5
done
[ "$status" = ACTIVE ] || fail "table not ACTIVE after 30 s (status: $status)"

log "put-item / get-item"
ddb put-item --table-name "$table" \
  --item '{"PK":{"S":"smoke#1"},"greeting":{"S":"hello from monotable"},"n":{"N":"42"}}' \
  >/dev/null || fail "put-item failed"
check_item() {
  local got
  got=$(ddb get-item --table-name "$table" --consistent-read \
          --key '{"PK":{"S":"smoke#1"}}') || fail "get-item failed ($1)"
  echo "$got"
  grep -q 'hello from monotable' <<< "$got" || fail "get-item did not return the item ($1)"
}
check_item "after put"

log "restart: data must survive in the /data volume"
# stop sends SIGTERM. As PID 1 the server only dies of it if it handles it,
# otherwise `podman stop`/`docker compose down` wait 10 s and SIGKILL it.
started=$(date +%s)
stop_out=$("$engine" stop -t 10 "$name" 2>&1) || fail "stop failed: $stop_out"
if grep -q 'resorting to SIGKILL' <<< "$stop_out" || [ $(($(date +%s) - started)) -ge 10 ]; then
  echo "WARNING: the server ignored SIGTERM (it needs a handler when it runs as PID 1)" >&2
fi
quiet_engine start "$name"
wait_healthy
check_item "after restart"
out=$(ddb list-tables) || fail "list-tables after restart failed"
grep -q "\"$table\"" <<< "$out" || fail "table $table missing after restart: $out"

log "DynamoDB Local's command line: -jar DynamoDBLocal.jar -sharedDb -dbPath ./data"
# As a compose file written for amazon/dynamodb-local runs it (docker/compose.yaml):
# the options replace CMD; the data goes to ./data in DynamoDB Local's working directory.
ddb_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
quiet_engine run -d --name "$name-ddblocal" -p "127.0.0.1:$ddb_port:8000" "$image" \
  -jar DynamoDBLocal.jar -sharedDb -dbPath ./data
endpoint=http://127.0.0.1:$ddb_port
for _ in $(seq 1 150); do answers "$endpoint" && break; sleep 0.2; done
# The engine's log of the container can lag its output by a moment.
banner=""
for _ in $(seq 1 50); do
  "$engine" logs "$name-ddblocal" 2>/dev/null | grep -q '^SharedDb:	true$' && { banner=1; break; }
  sleep 0.1
done
[ -n "$banner" ] || fail "no DynamoDB Local banner with SharedDb: true in the logs"
out=$(AWS_ACCESS_KEY_ID=other ddb create-table --table-name "$table" \
        --attribute-definitions AttributeName=PK,AttributeType=S \
        --key-schema AttributeName=PK,KeyType=HASH \
        --billing-mode PAY_PER_REQUEST) || fail "create-table (DynamoDB Local flags) failed: $out"
# -sharedDb: the table is visible under any access key.
out=$(ddb list-tables) || fail "list-tables (DynamoDB Local flags) failed"
grep -q "\"$table\"" <<< "$out" || fail "-sharedDb: $table not listed under another key: $out"

log "smoke test passed"
