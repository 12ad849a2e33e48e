#!/usr/bin/env bash
# cubegod: set up, build, run.
#   ./run.sh           build, then the main job (a local server and a full game against it)
#   ./run.sh test      build normally and with ASan+UBSan, run every test through ctest in both
#   ./run.sh build     build only (build/cubegod)
#   ./run.sh bench     the benchmarks whose figures the README quotes
set -euo pipefail
cd "$(dirname "$0")"
ROOT=$PWD
JOBS=$(nproc 2>/dev/null || echo 2)

# Debian packages the build and tests need; installed only when missing.
PACKAGES=(cmake make gcc libc6-dev libcmocka-dev libssl-dev openssl)
# Only for `./run.sh test`: the pwntools compatibility test (skipped when it cannot be had).
TEST_PACKAGES=(python3-pwntools)

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

main_job() {
  ./build/cubegod solve < fixtures/solve/positions.txt
}

ensure_packages "${PACKAGES[@]}"
[ "${1:-}" = test ] && { ensure_packages "${TEST_PACKAGES[@]}" || echo "run.sh: could not install ${TEST_PACKAGES[*]}; those tests will be skipped" >&2; }
case "${1:-}" in
  "")     build_release; main_job ;;
  build)  build_release ;;
  test)   build_release; run_tests build; build_sanitized; run_tests build-asan ;;
  bench)  build_release; ./build/cubegod bench solve -n 100000 ;;
  *)      echo "usage: ./run.sh [test|build|bench]" >&2; exit 2 ;;
esac
