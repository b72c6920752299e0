# Shared by the bench scripts that start servers (source it; it defines functions only).

# free_port: a free TCP port on the loopback interface.
free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# wait_port PORT PID: waits up to 30 s for a listener on PORT; fails if PID exits first.
wait_port() {
  local i
  for i in $(seq 1 150); do
    kill -0 "$2" 2>/dev/null || return 1
    (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return 0
    sleep 0.2
  done
  return 1
}

# find_binaries BUILD_DIR: sets server_bin and bench_bin (monotable_bench at the top of
# the build tree or under bench/); exits 2 when either is missing.
find_binaries() {
  server_bin="$1/monotable"
  bench_bin="$1/monotable_bench"
  [ -x "$bench_bin" ] || bench_bin="$1/bench/monotable_bench"
  local f
  for f in "$server_bin" "$bench_bin"; do
    [ -x "$f" ] || { echo "missing executable: $f" >&2; exit 2; }
  done
}

# start_memory_server LOG [FLAGS...]: starts $server_bin in memory on a free loopback
# port with its output in LOG; sets port and server_pid. Exits 3 (printing LOG) when it
# does not come up.
start_memory_server() {
  local log=$1
  shift
  port=$(free_port)
  "$server_bin" --host 127.0.0.1 --port "$port" --in-memory "$@" >"$log" 2>&1 &
  server_pid=$!
  wait_port "$port" "$server_pid" || { cat "$log" >&2; exit 3; }
}

# cpu_ns PID: nanoseconds PID's live threads have run, user and kernel (the sum of
# /proc/PID/task/*/schedstat's first field: the time utime + stime of /proc/PID/stat
# count, at nanosecond rather than clock-tick resolution; a thread that exits takes its
# time with it, which the servers' long-lived threads do not).
cpu_ns() {
  cat /proc/"$1"/task/*/schedstat 2>/dev/null | awk '{ns += $1} END {printf "%.0f\n", ns}'
}

# install_dynalite DIR: dynalite as pinned by bench/peers/package-lock.json, installed
# into DIR by `npm ci` (skipped when DIR already holds that lock's install); prints the
# command that starts it.
install_dynalite() {
  local dir=$1 peers
  peers="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/peers"
  mkdir -p "$dir"
  if ! cmp -s "$peers/package-lock.json" "$dir/package-lock.json" \
     || [ ! -f "$dir/node_modules/dynalite/cli.js" ]; then
    cp "$peers/package.json" "$peers/package-lock.json" "$dir/"
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error >&2)
  fi
  echo "node $dir/node_modules/dynalite/cli.js"
}
