#!/usr/bin/env bash
# The image for linux/amd64 and linux/arm64 under one tag, and the arm64 binary's smoke
# test under emulation. The arm64 image builds on an amd64 machine without emulation:
# docker/Dockerfile's build stage runs on the build machine and cross-compiles (Debian's
# crossbuild-essential-arm64 and arm64 -dev packages, docker/install-deps.sh cross), and
# its runtime stage only copies files. The arm64 binary then runs under
# qemu-aarch64-static (Debian's qemu-user-static; user-mode emulation of one process
# needs no binfmt registration, which `podman run` of an arm64 image would): the
# server with DynamoDB Local's banner, the AWS CLI against it, GET /, --health-check,
# the `java` link's command line and the image's busybox shell.
#
#   docker/multiarch.sh [TAG]      default TAG: localhost/monotable:multiarch
#
# Builds TAG-amd64 and TAG-arm64 unless MONOTABLE_SKIP_BUILD=1 (then they must exist),
# and makes TAG a manifest list of the two (`podman manifest`; push it with
# `podman manifest push TAG docker://REGISTRY/monotable:VERSION`). Needs podman,
# qemu-user-static, the AWS CLI, curl and python3. Prints what it proved; exit 0 on success.
set -euo pipefail

root=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
tag=${1:-localhost/monotable:multiarch}
log() { printf '\n== %s\n' "$*" >&2; }
fail() { printf 'MULTIARCH CHECK FAILED: %s\n' "$*" >&2; exit 1; }

for tool in podman qemu-aarch64-static aws curl python3 readelf; do
  command -v "$tool" >/dev/null || fail "$tool not found (qemu-aarch64-static: apt-get install qemu-user-static)"
done

if [ "${MONOTABLE_SKIP_BUILD:-}" != 1 ]; then
  for arch in amd64 arm64; do
    log "building $tag-$arch"
    started=$SECONDS
    # BUILDPLATFORM: podman 4 does not set it (docker buildx does); the build stage runs
    # on this machine's platform.
    podman build --pull=never --format docker --platform "linux/$arch" \
      --build-arg "BUILDPLATFORM=linux/$(podman info --format '{{.Host.Arch}}')" \
      -f "$root/docker/Dockerfile" -t "$tag-$arch" "$root"
    echo "built $tag-$arch in $((SECONDS - started)) s" >&2
  done
fi
for arch in amd64 arm64; do
  got=$(podman image inspect --format '{{.Os}}/{{.Architecture}}' "$tag-$arch")
  [ "$got" = "linux/$arch" ] || fail "$tag-$arch is $got"
  echo "$tag-$arch: linux/$arch, $(podman image inspect --format '{{.Size}}' "$tag-$arch") bytes" >&2
done

work=$(mktemp -d /tmp/monotable-multiarch.XXXXXX)
pids=()
cleanup() {
  # SIGTERM, then wait: the servers flush into $work before it is removed.
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  podman image unmount "$tag-arm64" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

log "the arm64 image's files"
mnt=$(podman image mount "$tag-arm64")
cp "$mnt/usr/local/bin/monotable" "$mnt/bin/busybox" "$work/"
[ "$(readlink "$mnt/usr/local/bin/java")" = monotable ] || fail "no java link in the arm64 image"
podman image unmount "$tag-arm64" >/dev/null
readelf -h "$work/monotable" | grep -q 'Machine:.*AArch64' || fail "the binary is not AArch64"
if readelf -l "$work/monotable" | grep -q 'program interpreter'; then fail "not static"; fi
ln -s monotable "$work/java"
qemu() { qemu-aarch64-static "$@"; }

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}
# start NAME ARGS...: the arm64 binary under qemu, in $work, until its banner is out.
start() {
  local name=$1; shift
  (cd "$work" && exec qemu-aarch64-static "$@" >"$work/$name.out" 2>"$work/$name.err") &
  pids+=($!)
  for _ in $(seq 1 300); do
    grep -q '^CorsParams:' "$work/$name.out" 2>/dev/null && return 0
    kill -0 "${pids[-1]}" 2>/dev/null || break
    sleep 0.1
  done
  cat "$work/$name.err" >&2
  fail "$name: no banner"
}

export AWS_ACCESS_KEY_ID=x AWS_SECRET_ACCESS_KEY=x AWS_DEFAULT_REGION=us-east-1
export AWS_CONFIG_FILE=/dev/null AWS_SHARED_CREDENTIALS_FILE=/dev/null AWS_PAGER=""
export AWS_EC2_METADATA_DISABLED=true

log "arm64 server under qemu-aarch64-static"
port=$(free_port)
start server "$work/monotable" --host 127.0.0.1 --port "$port" --db-path "$work/data" \
  --dynamodb-local
ddb() { aws --endpoint-url "http://127.0.0.1:$port" --output json dynamodb "$@"; }
ddb create-table --table-name arm64 --billing-mode PAY_PER_REQUEST \
  --attribute-definitions AttributeName=PK,AttributeType=S \
  --key-schema AttributeName=PK,KeyType=HASH >/dev/null || fail "create-table"
ddb put-item --table-name arm64 --item '{"PK":{"S":"k"},"v":{"S":"from arm64"}}' ||
  fail "put-item"
ddb get-item --table-name arm64 --key '{"PK":{"S":"k"}}' | grep -q 'from arm64' ||
  fail "get-item"
status=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/")
[ "$status" = 400 ] || fail "GET / answered $status, not DynamoDB Local's 400"
qemu "$work/monotable" --health-check "http://127.0.0.1:$port/" || fail "--health-check"
echo "proved: the arm64 server (create-table, put-item, get-item, GET / 400, --health-check)" >&2

log "arm64 java link: -jar DynamoDBLocal.jar -inMemory -sharedDb"
port=$(free_port)
start java "$work/java" -Djava.library.path=./DynamoDBLocal_lib -jar DynamoDBLocal.jar \
  -inMemory -sharedDb -port "$port"
grep -q "^Port:	$port$" "$work/java.out" || fail "java: banner without the port"
ddb list-tables | grep -q TableNames || fail "java: list-tables"
echo "proved: the arm64 java link runs DynamoDB Local's command line" >&2

log "arm64 busybox: the in-container port check"
# Each applet under qemu: a program that an emulated shell execs would run unemulated.
qemu "$work/busybox" sh -c 'true && echo sh-ok' | grep -q sh-ok || fail "busybox sh"
qemu "$work/busybox" cat /proc/net/tcp /proc/net/tcp6 | qemu "$work/busybox" awk '{print $2}' |
  qemu "$work/busybox" grep -i ":$(printf %04x "$port")" >/dev/null ||
  fail "busybox cat/awk/grep"  # grep reads it all: -q would SIGPIPE cat under pipefail
echo "proved: the arm64 busybox runs Testcontainers' listening-port pipeline" >&2

log "one tag for both: $tag"
podman manifest rm "$tag" >/dev/null 2>&1 || true
podman manifest create "$tag" >/dev/null
for arch in amd64 arm64; do
  podman manifest add "$tag" "containers-storage:$tag-$arch" >/dev/null
done
platforms=$(podman manifest inspect "$tag" |
  python3 -c 'import json,sys; print(" ".join(sorted(m["platform"]["os"]+"/"+m["platform"]["architecture"] for m in json.load(sys.stdin)["manifests"])))')
[ "$platforms" = "linux/amd64 linux/arm64" ] || fail "manifest lists $platforms"
echo "proved: $tag lists $platforms" >&2
log "multiarch checks passed"
