#!/usr/bin/env bash
# cubegod: set up, build, run.
#   ./run.sh           build, then the main job (a local server and a full game against it)
#   ./run.sh test      build normally and with ASan+UBSan, run every test through ctest in both,
#                      then under valgrind memcheck (-O1 -g build), then each fuzz target briefly
#                      (when clang is installed)
#   ./run.sh build     build only (build/cubegod)
#   ./run.sh bench     the benchmarks whose figures the README quotes
#   ./run.sh fuzz TARGET|all SECONDS [JOBS]
#                      a libFuzzer campaign (clang) of SECONDS per target, JOBS targets at a time
#                      (default 1); crashes are kept in build-fuzz/artifacts/TARGET (copy them to
#                      fuzz/regressions/TARGET)
#   ./run.sh faults    the full server fault-injection run (tests/faults/server_faults.py)
set -euo pipefail
cd "$(dirname "$0")"
ROOT=$PWD
JOBS=$(nproc 2>/dev/null || echo 2)

# Debian packages the build and tests need; installed only when missing.
PACKAGES=(cmake make gcc libc6-dev libcmocka-dev libssl-dev openssl valgrind python3)
# Only for `./run.sh test`: the pwntools compatibility test (skipped when it cannot be had).
TEST_PACKAGES=(python3-pwntools)
# For ./run.sh fuzz and the short fuzz runs of ./run.sh test: libFuzzer comes with clang's
# runtime libraries.
FUZZ_PACKAGES=(clang libclang-rt-14-dev)

# ensure_packages PACKAGE...
ensure_packages() {
  local missing=()
  for p in "$@"; do
    dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "run.sh: installing ${missing[*]}" >&2
  local sudo=()
  [ "$(id -u)" -ne 0 ] && sudo=(sudo)
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
}

# build DIR [cmake args...]
build() {
  local dir=$1; shift
  cmake -S "$ROOT" -B "$ROOT/$dir" "$@" >/dev/null
  cmake --build "$ROOT/$dir" -j "$JOBS" >/dev/null
}

build_release() { build build -DCMAKE_BUILD_TYPE=Release; }
build_sanitized() {
  # Shares the release build's table cache: the sanitized tests check the code, not the cache file.
  build build-asan -DCMAKE_BUILD_TYPE=Debug -DCUBEGOD_SANITIZE=ON \
    -DCUBEGOD_TEST_CACHE="$ROOT/build/cache/pocket.tbl"
}

run_tests() {
  local dir=$1
  echo "== ctest in $dir"
  (cd "$ROOT/$dir" && ctest -j "$JOBS" --output-on-failure)
}

# The whole suite under valgrind memcheck, on a plain -O1 -g build. Every test program (and the
# cubegod the end-to-end scripts run) goes through tests/tools/memcheck.sh; slow tests shrink
# (CUBEGOD_SLOW_TOOLS=1); the table comes from the release build's cache, never built here.
build_valgrind() {
  build build-valgrind -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g" \
    -DCUBEGOD_TEST_WRAPPER="$ROOT/tests/tools/memcheck.sh" \
    -DCUBEGOD_TEST_CACHE="$ROOT/build/cache/pocket.tbl"
}
run_valgrind() {
  local logs="$ROOT/build-valgrind/memcheck"
  rm -f "$logs"/*.log
  run_tests build-valgrind
  # Programs nobody waits for (a server stopped by a signal) report only in their logs.
  local bad
  bad=$(grep -lE "ERROR SUMMARY: [1-9]|definitely lost: [1-9]|indirectly lost: [1-9]|possibly lost: [1-9]" \
        "$logs"/*.log 2>/dev/null || true)
  if [ -n "$bad" ]; then
    echo "valgrind reported errors or leaks:" >&2
    for f in $bad; do cat "$f" >&2; done
    return 1
  fi
  echo "valgrind: $(ls "$logs"/*.log | wc -l) processes checked, no errors, no leaks"
}

FUZZ_TARGETS=()
fuzz_targets() {
  FUZZ_TARGETS=()
  for f in "$ROOT"/fuzz/fuzz_*.c; do
    f=${f##*/fuzz_}
    FUZZ_TARGETS+=("${f%.c}")
  done
}
build_fuzz() {
  CC=clang build build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCUBEGOD_FUZZ=ON
}
# fuzz_run TARGET SECONDS: new inputs go to build-fuzz/corpus/TARGET, the seeds stay as they are.
fuzz_run() {
  local t=$1 secs=$2
  local work="$ROOT/build-fuzz/corpus/$t" art="$ROOT/build-fuzz/artifacts/$t"
  mkdir -p "$work" "$art"
  echo "== fuzz $t for ${secs}s"
  CUBEGOD_CACHE="$ROOT/build/cache/pocket.tbl" nice "$ROOT/build-fuzz/fuzz/fuzz_$t" \
    -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$art/" "$work" "$ROOT/fuzz/corpus/$t" 2>"$ROOT/build-fuzz/$t.log" || {
    echo "fuzz $t: FAILED, see build-fuzz/$t.log and $art/" >&2
    grep -E "ERROR|runtime error|check failed" "$ROOT/build-fuzz/$t.log" | head -5 >&2
    return 1
  }
  # One line per target, so that parallel runs stay readable.
  echo "fuzz $t: $(awk '/^stat::number_of_executed_units/ {e=$2} /^stat::peak_rss_mb/ {r=$2}
    END {printf "%s executions in '"$secs"' s, peak RSS %s MB, no crash", e, r}' "$ROOT/build-fuzz/$t.log")"
}
fuzz_main() {
  local which=${1:-} secs=${2:-} jobs=${3:-1}
  fuzz_targets
  if [ -z "$which" ] || ! [[ "$secs" =~ ^[0-9]+$ ]] || ! [[ "$jobs" =~ ^[1-9][0-9]*$ ]]; then
    echo "usage: ./run.sh fuzz TARGET|all SECONDS [JOBS]   (targets: ${FUZZ_TARGETS[*]})" >&2
    exit 2
  fi
  [ "$which" = all ] || [[ " ${FUZZ_TARGETS[*]} " == *" $which "* ]] || {
    echo "run.sh fuzz: no target '$which' (targets: ${FUZZ_TARGETS[*]})" >&2; exit 2; }
  ensure_packages "${PACKAGES[@]}" "${FUZZ_PACKAGES[@]}"
  build_release
  ./build/cubegod tables >/dev/null
  build_fuzz
  fuzz_each "$which" "$secs" "$jobs"
}
# fuzz_each TARGET|all SECONDS JOBS: JOBS targets at a time, each in the background; a slot frees
# when any of them ends. Fails when any target failed.
fuzz_each() {
  local which=$1 secs=$2 jobs=$3 status=0
  for t in "${FUZZ_TARGETS[@]}"; do
    [ "$which" = all ] || [ "$which" = "$t" ] || continue
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || status=1; done
    fuzz_run "$t" "$secs" &
  done
  while [ "$(jobs -rp | wc -l)" -gt 0 ]; do wait -n || status=1; done
  return $status
}
# Part of ./run.sh test (so of CI): each target a few seconds, so the targets keep building and
# their corpora keep passing under libFuzzer with ASan+UBSan.
fuzz_smoke() {
  fuzz_targets
  build_fuzz
  fuzz_each all 3 1
}

# A local server on a free port, and a full 100-round game against it.
MAIN_TMP=""
MAIN_SERVER=""
main_cleanup() {
  [ -n "$MAIN_SERVER" ] && kill "$MAIN_SERVER" 2>/dev/null
  [ -n "$MAIN_TMP" ] && rm -rf "$MAIN_TMP"
  return 0
}
main_job() {
  ./build/cubegod tables
  MAIN_TMP=$(mktemp -d)
  trap main_cleanup EXIT
  local tmp=$MAIN_TMP
  ./build/cubegod serve --port 0 --games 1 > "$tmp/port" 2> "$tmp/serve.log" &
  local server=$!
  MAIN_SERVER=$server
  local port=""
  for _ in $(seq 200); do port=$(head -n1 "$tmp/port" 2>/dev/null); [ -n "$port" ] && break; sleep 0.05; done
  [ -n "$port" ] || { echo "run.sh: the local server did not start:" >&2; cat "$tmp/serve.log" >&2; exit 1; }
  local rc=0
  ./build/cubegod play 127.0.0.1 "$port" || rc=$?
  wait "$server" 2>/dev/null || true
  MAIN_SERVER=""
  cat "$tmp/serve.log" >&2
  return $rc
}

bench_all() {
  ./build/cubegod bench solve -n 100000
  ./build/cubegod bench solve -n 100000 --target any
  ./build/cubegod bench net --games 10 --svg build/bench-net.svg
  command -v python3 > /dev/null && CUBEGOD=./build/cubegod bench/python_server_latency.sh 10
  ./build/cubegod bench sim3
  ./build/cubegod bench order
  ./build/cubegod bench jigsaw
}

case "${1:-}" in
  fuzz)   fuzz_main "${2:-}" "${3:-}" "${4:-}"; exit ;;
esac
ensure_packages "${PACKAGES[@]}"
if [ "${1:-}" = test ]; then
  ensure_packages "${FUZZ_PACKAGES[@]}"
  ensure_packages "${TEST_PACKAGES[@]}" || echo "run.sh: could not install ${TEST_PACKAGES[*]}; those tests will be skipped" >&2
fi
case "${1:-}" in
  "")     build_release; main_job ;;
  build)  build_release ;;
  test)   build_release; run_tests build; build_sanitized; run_tests build-asan
          build_valgrind; run_valgrind; fuzz_smoke ;;
  bench)  build_release; bench_all ;;
  faults) build_release; ./build/cubegod tables >/dev/null
          CUBEGOD="$ROOT/build/cubegod" python3 tests/faults/server_faults.py --full ;;
  *)      echo "usage: ./run.sh [test|build|bench|faults|fuzz TARGET|all SECONDS [JOBS]]" >&2; exit 2 ;;
esac
