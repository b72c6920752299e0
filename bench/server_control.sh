# Sourced by the bench scripts: start and stop a monotable server on $port with data in
# $data/db and its log appended to $log, call the AWS CLI against it, wait for a log
# line. Expects $root, $build_dir, $port, $data and $log to be set.

# Configures $build_dir if it has no CMake cache (a tree that exists is reused as
# configured, e.g. BUILD_DIR=build, the test tree), builds the server and the load
# driver, and sets $server_bin and $bench.
build_server_and_bench() {
  if [ ! -f "$build_dir/CMakeCache.txt" ]; then
    cmake -S "$root" -B "$build_dir" -DCMAKE_BUILD_TYPE=Release -DMONOTABLE_TESTS=OFF >/dev/null
  fi
  cmake --build "$build_dir" --target monotable monotable_bench -j"$(nproc)" >/dev/null
  server_bin=$build_dir/monotable
  bench=$build_dir/monotable_bench
}

server_pid=
start_server() {  # start_server [SERVER FLAGS...]
  "$server_bin" --port "$port" --db-path "$data/db" "$@" >>"$log" 2>&1 &
  server_pid=$!
  for _ in $(seq 100); do
    curl -s -o /dev/null "http://127.0.0.1:$port/" && return 0
    sleep 0.1
  done
  echo "server did not start; log: $log" >&2
  exit 3
}
stop_server() {
  [ -n "$server_pid" ] || return 0
  kill -TERM "$server_pid" 2>/dev/null || true
  wait "$server_pid" 2>/dev/null || true
  server_pid=
}
trap stop_server EXIT

aws_() {
  AWS_ACCESS_KEY_ID=AKIDBENCH AWS_SECRET_ACCESS_KEY=x AWS_DEFAULT_REGION=us-east-1 \
    AWS_PAGER= aws --endpoint-url "http://127.0.0.1:$port" dynamodb "$@" --output text
}

wait_for_log() {  # wait_for_log PATTERN TIMEOUT_S -> prints the last matching line
  for _ in $(seq $(($2 * 10))); do
    if grep -q "$1" "$log"; then grep "$1" "$log" | tail -1; return 0; fi
    sleep 0.1
  done
  echo "timed out waiting for '$1' in $log" >&2
  return 1
}
