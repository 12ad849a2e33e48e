#!/usr/bin/env bash
# cubegod: set up, build, run.
#   ./run.sh           build, then the main job (a local server and a full game against it)
#   ./run.sh test      build the working tree (release) and play the first 3x3 game on it (a 1 s
#                      alarm, which gcov's counters would miss); run every test through ctest in a fresh
#                      clone of the tracked tree built as Release with gcov (the release run and its
#                      coverage), with ASan+UBSan, and its test programs under valgrind memcheck
#                      (-O1 -g, the portable build); then each fuzz target briefly, then the musl
#                      build; prints each stage's time at the end
#   ./run.sh valgrind  the whole suite under valgrind memcheck, end-to-end scripts included
#   ./run.sh test quick
#                      the release build and its ctest only (the edit loop)
#   ./run.sh build     build only (build/cubegod)
#   ./run.sh bench     the benchmarks whose figures the README and docs/ quote
#   ./run.sh fuzz TARGET|all SECONDS [JOBS]
#                      a libFuzzer campaign (clang) of SECONDS per target, JOBS targets at a time
#                      (default 1); crashes are kept in build-fuzz/artifacts/TARGET (copy them to
#                      fuzz/regressions/TARGET)
#   ./run.sh faults    the full server fault-injection run (tests/faults/server_faults.py)
#   ./run.sh mutants [--check] [-j JOBS] [NAME...]
#                      the mutation run: each mutant of tests/mutants/ (or only those NAMEs) put
#                      into a copy of the tree, rebuilt, run through the release ctest; one line
#                      per mutant (killed by which tests, survived, did not apply/build) and
#                      "killed N of M". JOBS copies of the tree work at once (default 1). Slow:
#                      not part of ./run.sh test. --check only checks that each mutant applies
#   ./run.sh mutants --since REF|all [-j JOBS] [--per-line K] [--max N] [--keys K,...] [--minutes M] [--list]
#                    [--paths 'FILE...'] [--remap] [--no-covmap] [--results FILE] [--no-results] [--budget S]
#                    [--root DIR] [--map FILE] [--equivalent FILE]
#                      automatic mutants (tests/tools/automutate.py) on the lines of src/ changed
#                      since REF (all: every line), each run against the tests that executed its
#                      line (the per-test coverage map build-mutants/covmap.json, made by
#                      --since all when missing or by --remap: tests/tools/covmap.py; without a
#                      map, a line changed since it, or --no-covmap: the tests
#                      tests/mutants/testmap.txt gives its file);
#                      a mutant on a line no test executes survives at no cost (its tests: its
#                      own module's first, each part fastest first; --budget S: only the first
#                      within S s of their map times), and one whose
#                      file compiles to the same objects as unmutated is "the same object code"
#                      (equivalent: no test can see it) at one compile's cost. Each outcome is
#                      kept (--since all: in tests/mutants/results.tsv, committed, so a stopped
#                      run continues in a later session; --results FILE: there) and reused
#                      while its line and its tests' sources are unchanged. Prints each survivor
#                      (file:line [KEY] change) and the counts (generated, equivalent, the same
#                      object code, did not build, killed, survived); exits 1 on a survivor. Mark an equivalent one in
#                      tests/mutants/equivalent.txt (KEY ... -- reason). Cost: the map (one run of
#                      the suite under gcov), the slots' first build (a full build each), then
#                      seconds a mutant (one object compiled, the programs its tests need relinked,
#                      its tests in that order until one fails; figures in docs/testing.md);
#                      --per-line/--max sample deterministically, --minutes stops starting mutants
#   ./run.sh docs-figures [NAME...]
#                      measures every figure README.md and --help quote (table builds, the suite's
#                      times, bench results: tests/tools/docs_figures.py --list) and fails when a
#                      quote is off by more than its margin. A measurement for an idle machine,
#                      slow (the suite's entries run ./run.sh test in a clone): not in ./run.sh test
#   ./run.sh coverage [CTEST_ARGS...]
#                      the release suite (or the tests CTEST_ARGS pick) under gcov (build-coverage): line and branch coverage
#                      per module of src/ and in total, an HTML report, the branches of src/tube/
#                      and src/game/serve never taken (gcovr, installed with apt if missing)
set -euo pipefail
cd "$(dirname "$0")"
ROOT=$PWD
JOBS=$(nproc 2>/dev/null || echo 2)
# Tests at once in the suite's ctest runs: one more than the cores, since a third of a test's time
# is spent waiting (deadlines, servers' alarms, replies): ASan's run took 226 s of CPU in 540 s of
# test time. The tests a busy machine can fail run alone (RUN_SERIAL in tests/CMakeLists.txt).
TEST_JOBS=${CUBEGOD_TEST_JOBS:-$((JOBS + 1))}

# Debian packages the build and tests need; installed only when missing.
PACKAGES=(cmake make gcc libc6-dev libcmocka-dev libssl-dev openssl valgrind python3 git)
# Only for `./run.sh test`: the pwntools compatibility test (skipped when it cannot be had).
TEST_PACKAGES=(python3-pwntools)
# Only for `./run.sh test`, each skipped with its reason when it cannot be had: the Python
# package's offline pip install (tests/package/e2e_python_install.sh) and the headless browser
# that loads replay --html's page (tests/game/e2e_replay_html.sh).
PIP_TEST_PACKAGES=(python3-pip python3-setuptools python3-wheel python3-venv)
BROWSER_TEST_PACKAGES=(chromium)
# Also for ./run.sh test: the install check (pkg-config, man pages) and the shell completions.
INSTALL_TEST_PACKAGES=(pkgconf mandoc man-db zsh gcovr)
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
  echo "run.sh: installing ${#missing[@]} missing Debian package(s) with apt-get: ${missing[*]}" >&2
  local sudo=()
  [ "$(id -u)" -ne 0 ] && sudo=(sudo)
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null || {
    echo "run.sh: apt-get install ${missing[*]} failed" >&2; return 1; }
  echo "run.sh: installed ${missing[*]}" >&2
}

# configure DIR [cmake args...]
configure() {
  local dir=$1; shift
  echo "== configuring $dir (cmake)"
  cmake -S "$ROOT" -B "$ROOT/$dir" -DCUBEGOD_WERROR=ON "$@" >/dev/null
}
# build DIR [cmake args...]
build() {
  configure "$@"
  local t0=$SECONDS
  cmake --build "$ROOT/$1" -j "$JOBS" | build_progress "$1"
  echo "built $1 in $((SECONDS - t0)) s"
}
# build_progress DIR: cmake's "[ 42%] Building C object ..." lines (standard input) as a short
# progress: on a terminal one line updated in place, otherwise a line at each tenth of the way.
# Compiler messages go to standard error and pass as they are.
build_progress() {
  local tty=0
  [ -t 1 ] && tty=1
  awk -v dir="$1" -v tty=$tty '
    match($0, /^\[ *[0-9]+%\] /) {
      pct = substr($0, 2, RLENGTH - 3) + 0
      what = substr($0, RLENGTH + 1)
      if (what ~ /^Building/) {
        n++; sub(/.* object /, "", what); sub(/^CMakeFiles\/[^\/]*\.dir\//, "", what); sub(/\.o$/, "", what)
      }
      if (tty) printf "\r\033[Kbuilding %s: %3d%% (%d files compiled) %s", dir, pct, n, substr(what, 1, 40)
      else if (int(pct / 10) > last) { last = int(pct / 10); printf "building %s: %3d%% (%d files compiled)\n", dir, pct, n }
      fflush()
    }
    END { if (tty) printf "\r\033[K" }'
}

build_release() { build build -DCMAKE_BUILD_TYPE=Release; }
build_sanitized() {
  # Shares the release build's table cache: the sanitized tests check the code, not the cache file.
  # -O1, as the sanitizers' authors advise: the suite in 2 minutes rather than 3 at -O0; asserts
  # stay on (no NDEBUG), as in a Debug build.
  build build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g" \
    -DCUBEGOD_SANITIZE=ON \
    -DCUBEGOD_TEST_CACHE="$ROOT/build/cache/pocket.tbl" \
    -DCUBEGOD_TEST_CACHE3="$ROOT/build/cache/twophase.tbl" \
    -DCUBEGOD_TEST_OPTIMAL_CACHE="$ROOT/build/cache/optimal-small.tbl"
}

run_tests() {
  local dir=$1
  shift
  echo "== ctest in $dir $*"
  (cd "$ROOT/$dir" && ctest -j "$TEST_JOBS" --output-on-failure "$@")
}

# The whole suite under valgrind memcheck, on a plain -O1 -g build. Every test program (and the
# first processes of each end-to-end script: CUBEGOD_MEMCHECK_FIRST in tests/CMakeLists.txt) goes
# through tests/tools/memcheck.sh; slow tests shrink
# (CUBEGOD_SLOW_TOOLS=1); the table comes from the release build's cache, never built here.
# The valgrind build is also the portable one (docs/platforms.md): every Linux-only call replaced
# by its POSIX fallback, so the fallbacks run the whole suite under memcheck while the release,
# clone and ASan+UBSan builds run the Linux calls (one suite run less than a stage of its own).
build_valgrind() {
  build build-valgrind -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g" \
    -DCUBEGOD_PORTABLE=ON -DCUBEGOD_TEST_WRAPPER="$ROOT/tests/tools/memcheck.sh" \
    -DCUBEGOD_TEST_CACHE="$ROOT/build/cache/pocket.tbl" \
    -DCUBEGOD_TEST_CACHE3="$ROOT/build/cache/twophase.tbl" \
    -DCUBEGOD_TEST_OPTIMAL_CACHE="$ROOT/build/cache/optimal-small.tbl"
}
# In ./run.sh test the valgrind stage runs the test programs only (the cmocka tests and the fuzz
# corpora's replays, every line they run under memcheck); the end-to-end scripts, whose cubegod
# processes it memchecked four at a time, took most of its time and ran in every other stage
# too, and the suite was over its 12 minutes (868 s at 1c242ac). `./run.sh valgrind` runs the
# whole suite under it, scripts included.
run_valgrind() {
  local logs="$ROOT/build-valgrind/memcheck"
  rm -f "$logs"/*.log "$logs"/count.*
  run_tests build-valgrind "$@"
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
# Only the targets of FUZZ_TARGETS (fuzz_targets) and the library under them: the command line
# and the shared library of that build would never run.
build_fuzz() {
  local t targets=()
  for t in "${FUZZ_TARGETS[@]}"; do targets+=("fuzz_$t"); done
  CC=clang configure build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCUBEGOD_FUZZ=ON
  cmake --build "$ROOT/build-fuzz" -j "$JOBS" --target "${targets[@]}" > /dev/null
}
# fuzz_run TARGET SECONDS: new inputs go to build-fuzz/corpus/TARGET, the seeds stay as they are.
fuzz_run() {
  local t=$1 secs=$2
  local work="$ROOT/build-fuzz/corpus/$t" art="$ROOT/build-fuzz/artifacts/$t" dict=()
  mkdir -p "$work" "$art"
  # the grammar's tokens (fuzz/dict/TARGET.dict), when the target has them
  [ -f "$ROOT/fuzz/dict/$t.dict" ] && dict=(-dict="$ROOT/fuzz/dict/$t.dict")
  echo "== fuzz $t for ${secs}s${dict:+ (dictionary fuzz/dict/$t.dict)}"
  CUBEGOD_CACHE="$ROOT/build/cache/pocket.tbl" nice "$ROOT/build-fuzz/fuzz/fuzz_$t" "${dict[@]}" \
    -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 ${FUZZ_SEED:+-seed="$FUZZ_SEED"} \
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
# Part of ./run.sh test (so of CI): each target 2 seconds, one per core, so the targets keep building and
# their corpora keep passing under libFuzzer with ASan+UBSan.
# A fixed seed: the gate replays the same inputs each run (a finding is reproducible, and a run
# never fails on a new random draw); ./run.sh fuzz campaigns draw anew each time.
fuzz_smoke() {
  fuzz_targets
  build_fuzz
  FUZZ_SEED=1 fuzz_each all 1 "$JOBS" # a second each: the campaigns (./run.sh fuzz) go long
}

# The suite's release run, on a clean clone. The tracked working tree (HEAD, with any uncommitted
# change to a tracked file: git stash create) is cloned into an empty temporary folder, so that an
# untracked file or anything else beside this checkout cannot make it pass; built as Release (-O2)
# with gcov's counters compiled in; every test run there; then its coverage (coverage_run). The
# table caches are the working tree's build/cache, built there by this run's fixtures when missing,
# and used by the stages after it.
clone_test() {
  if ! git -C "$ROOT" rev-parse --git-dir >/dev/null 2>&1; then
    echo "== clone test skipped: $ROOT is not a git checkout; the release suite runs here"
    run_tests build
    return
  fi
  local tmp rev what
  tmp=$(mktemp -d)
  # a commit object of the working tree's tracked files, on no branch (a name for it, in case this
  # machine's git has none configured)
  rev=$(GIT_AUTHOR_NAME=run.sh GIT_AUTHOR_EMAIL=run.sh@localhost GIT_COMMITTER_NAME=run.sh \
        GIT_COMMITTER_EMAIL=run.sh@localhost git -C "$ROOT" stash create 2>/dev/null) || {
    echo "run.sh: git stash create failed: the clone tests HEAD without the uncommitted changes" >&2
    rev=""
  }
  if [ -n "$rev" ]; then
    what="HEAD $(git -C "$ROOT" rev-parse --short HEAD) with the uncommitted changes to tracked files"
  else
    rev=$(git -C "$ROOT" rev-parse HEAD)
    what=$(git -C "$ROOT" rev-parse --short HEAD)
  fi
  echo "== clone test: $what, in $tmp/cubegod: release build with gcov, every test"
  # --shared: the clone reads this repository's objects, the stash commit among them
  git clone -q --shared --no-checkout "$ROOT" "$tmp/cubegod" &&
    git -C "$tmp/cubegod" checkout -q --detach "$rev" || { rm -rf "$tmp"; return 1; }
  local rc=0
  mkdir -p "$ROOT/build/cache"
  # the report is written where it stays: the clone is deleted below
  COVERAGE_OUT="$ROOT/build/coverage" coverage_run "$tmp/cubegod" "$tmp/cubegod/build" release || rc=$?
  rm -rf "$tmp"
  return $rc
}
# Installs the release build into a temporary prefix and builds tests/consumer/ against it twice,
# with find_package(cubegod) and with pkg-config, and runs both; the installed man pages must
# render and pass mandoc -Tlint.
install_test() {
  local tmp rc=0
  tmp=$(mktemp -d)
  install_check "$tmp" || rc=$?
  rm -rf "$tmp"
  return $rc
}
install_check() {
  local tmp=$1 prefix=$1/prefix cache=$ROOT/build/cache/pocket.tbl out
  echo "== install into a temporary prefix, consumer built with find_package and with pkg-config"
  cmake --install "$ROOT/build" --prefix "$prefix" >/dev/null || return 1
  cmake -S "$ROOT/tests/consumer" -B "$tmp/cmake" -DCMAKE_PREFIX_PATH="$prefix" \
    -DCMAKE_C_FLAGS="-Wall -Wextra -Werror" >/dev/null || return 1
  cmake --build "$tmp/cmake" >/dev/null || return 1
  out=$("$tmp/cmake/consumer" "$cache") || return 1
  echo "find_package: $out"
  local pc=(env PKG_CONFIG_PATH="$prefix/lib/pkgconfig" pkg-config)
  local flags
  flags=$("${pc[@]}" --cflags --libs cubegod) || return 1
  # shellcheck disable=SC2086 # pkg-config's output is a list of words
  cc -std=c17 -Wall -Wextra -Werror -o "$tmp/consumer-pc" "$ROOT/tests/consumer/consumer.c" \
    $flags -Wl,-rpath,"$("${pc[@]}" --variable=libdir cubegod)" || return 1
  out=$("$tmp/consumer-pc" "$cache") || return 1
  echo "pkg-config: $out"
  local pages=("$prefix"/share/man/man*/*)
  [ -e "${pages[0]}" ] || { echo "no man pages installed" >&2; return 1; }
  for page in "${pages[@]}"; do
    mandoc -Tlint -W warning "$page" || return 1
    [ -n "$(MANWIDTH=80 man -l "$page" 2>/dev/null)" ] || { echo "man -l $page printed nothing" >&2; return 1; }
  done
  echo "man pages: ${#pages[@]} render, mandoc -Tlint clean"
}

# ---- portability (docs/platforms.md) ----
# The POSIX fallbacks run in the valgrind build (build_valgrind, CUBEGOD_PORTABLE).
# musl (Debian's musl-tools; Debian has no OpenSSL or cmocka built for musl): the library
# without its TLS, TCP, server and proof-of-work (OpenSSL's hashes) parts, compiled with musl-gcc
# and the feature checks as musl answers them; then every fuzz target that links without them replays its corpus and kept
# crashing inputs (the same checks as the ctest fuzz_* tests).
MUSL_SKIP='/src/cli/|/src/tube/tls\.c$|/src/tube/tcp\.c$|/src/game/server\.c$|/src/pow/'
musl_check() {
  ensure_packages musl-tools
  local out="$ROOT/build-musl"
  rm -rf "$out"
  mkdir -p "$out/probe" "$out/obj"
  printf '%s\n' 'cmake_minimum_required(VERSION 3.18)' 'project(probe C)' \
    "include($ROOT/cmake/platform.cmake)" 'get_directory_property(d COMPILE_DEFINITIONS)' \
    'file(WRITE ${CMAKE_BINARY_DIR}/defs.txt "${d}")' > "$out/probe/CMakeLists.txt"
  CC=musl-gcc cmake -S "$out/probe" -B "$out/probe/build" > /dev/null
  local defs=() d
  for d in $(tr ';' ' ' < "$out/probe/build/defs.txt"); do defs+=("-D$d"); done
  local cflags=(-std=c11 -O2 -Wall -Wextra -Werror -D_GNU_SOURCE "${defs[@]}"
                -I"$ROOT/include" -I"$ROOT/build/include" -I"$ROOT/src")
  local objs=() srcs=() src
  while IFS= read -r src; do
    srcs+=("$src")
    objs+=("$out/obj/$(echo "${src#"$ROOT"/src/}" | tr / _).o")
  done < <(find "$ROOT/src" -name '*.c' | grep -vE "$MUSL_SKIP" | sort)
  # compiled $JOBS at a time, source and object in pairs (xargs fails if any compile fails)
  for i in "${!srcs[@]}"; do printf '%s\0%s\0' "${srcs[$i]}" "${objs[$i]}"; done |
    xargs -0 -n 2 -P "$JOBS" bash -c "$(declare -p cflags); "'musl-gcc "${cflags[@]}" -c "$1" -o "$2"' _
  ar rcs "$out/libcubegod-core.a" "${objs[@]}"
  local t name ran=0 skipped=()
  for t in "$ROOT"/fuzz/fuzz_*.c; do
    name=${t##*/fuzz_}; name=${name%.c}
    if ! musl-gcc "${cflags[@]}" -static "$t" "$ROOT/fuzz/replay_main.c" "$out/libcubegod-core.a" \
         -lm -lpthread -o "$out/fuzz_replay_$name" 2> "$out/$name.link.log"; then
      skipped+=("$name"); continue
    fi
    local inputs=()
    for d in corpus regressions; do [ -d "$ROOT/fuzz/$d/$name" ] && inputs+=("$ROOT/fuzz/$d/$name"); done
    CUBEGOD_CACHE="$ROOT/build/cache/pocket.tbl" "$out/fuzz_replay_$name" "${inputs[@]}" > /dev/null \
      || { echo "musl: fuzz_replay_$name failed" >&2; return 1; }
    ran=$((ran + 1))
  done
  echo "musl: ${#objs[@]} library files built with musl-gcc; $ran fuzz corpora replayed, all passed${skipped[*]:+; not linked without TLS: ${skipped[*]}}"
  [ "$ran" -gt 0 ]
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
  command -v python3 > /dev/null && CUBEGOD=./build/cubegod bench/prompt_latency.sh 10
  ./build/cubegod bench sim3
  ./build/cubegod bench order
  ./build/cubegod bench jigsaw
  ./build/cubegod bench pow
  command -v openssl > /dev/null && bench/pow_openssl.sh
}

# ---- the mutation run -------------------------------------------------------------------------
# Mutants are put into copies of the tree under build-mutants/slotK/tree, never into this one, so
# an interrupted run leaves the working tree as it was; the copy is restored after each mutant
# (and on Ctrl-C) and resynchronised at the next run. Each slot has its own incremental release
# build, its own pristine table cache (a mutant may save a wrong one) and must pass every test
# unmutated before any mutant counts.
MUT_DIR="${CUBEGOD_MUTANTS_DIR:-$ROOT/build-mutants}"   # another directory: a second run beside the first
MUT_TIMEOUT=120  # seconds per test: a mutant may make a test hang (twice the slowest test under load)
MUT_CTEST_JOBS=1
MUT_SRC=$ROOT    # the tree mutated (./run.sh mutants --since --root DIR: another CMake project)
MUT_CMAKE_ARGS=() # more configure arguments for the slots
MUT_COV_CACHE=/nonexistent # the coverage map's table caches (./run.sh mutants --since)

# mut_sync TREE: TREE becomes a copy of the working tree's tracked and untracked-unignored files;
# files that differ get a fresh mtime (so an incremental build sees them), the others keep theirs.
mut_sync() {
  local tree=$1 f list
  mkdir -p "$tree"
  list=$(git -C "$MUT_SRC" ls-files --cached --others --exclude-standard) && [ -n "$list" ] ||
    { echo "mutants: cannot list the tree's files (git ls-files)" >&2; return 1; }
  printf '%s\n' "$list" | LC_ALL=C sort > "$tree.files"
  (cd "$tree" && find . -type f | sed 's|^\./||' | LC_ALL=C sort) | LC_ALL=C comm -23 - "$tree.files" |
    while IFS= read -r f; do rm -f "$tree/$f"; done
  while IFS= read -r f; do
    [ -e "$MUT_SRC/$f" ] || continue
    cmp -s "$MUT_SRC/$f" "$tree/$f" && continue
    mkdir -p "$(dirname "$tree/$f")"
    cp "$MUT_SRC/$f" "$tree/$f"
  done < "$tree.files"
}

# mut_build SLOT [TARGET...]: an incremental build of the copy; with TARGETs, only those (the
# programs a mutant's tests run: one file and a few relinks, not all eighty programs).
mut_build() {
  local slot=$1; shift
  nice cmake --build "$slot/build" -j "$JOBS" ${1:+--target "$@"} > "$slot/build.log" 2>&1
}

# mut_ctest SLOT [FILE [REGEX]]: runs the suite; prints the failing tests' names (with why, when not
# a plain failure), space-separated; fails when any test failed. With REGEX (./run.sh mutants
# --since), only the tests it matches, stopping at the first failure. With FILE (a mutant's), the tests of its
# module go first (src/X/... -> tests X_*, python/... -> python_*) and each part stops at its first
# failure: a mutant is killed as soon as one test fails, and most fail in their own module, so a
# killed mutant costs a fraction of the suite and only a survivor runs all of it. The table
# caches are the unmutated build's, except when the mutant is in the code that builds them: then
# their fixture builds them with the mutant (FILE src/solver3/pdb*: the optimal solver's small
# tables; src/solver3/twophase_build.c, _sym.c, _coord.c: the 3x3 two-phase tables).
mut_ctest() {
  local slot=$1 file=${2:-} regex=${3-} area=""
  if [ -f "$slot/pristine.tbl" ]; then # cubegod's table caches (not in another --root's tree)
    cp "$slot/pristine.tbl" "$slot/build/cache/pocket.tbl"
    if [[ $file =~ ^src/solver3/twophase_(build|sym|coord)\.c$ ]]; then
      rm -f "$slot/build/cache/twophase.tbl" # the fixture builds it with the mutant (30 s)
    else
      cp "$slot/pristine-twophase.tbl" "$slot/build/cache/twophase.tbl"
    fi
    if [ -f "$slot/pristine-optimal.tbl" ] && [[ $file != src/solver3/pdb* ]]; then
      cp "$slot/pristine-optimal.tbl" "$slot/build/cache/optimal-small.tbl"
    else
      rm -f "$slot/build/cache/optimal-small.tbl"
    fi
  fi
  case $file in
    src/*/*) area=${file#src/}; area=${area%%/*} ;;
    python/*) area=python ;;
  esac
  if [ $# -ge 3 ] && [ -z "$file" ]; then
    # the unmutated run (--since): the tests numbered in REGEX's place (N,N,...; a union of the
    # map's regexes is too big for CMake's regex: it ran nothing) at once; their times order and
    # bound the mutants' runs. No test run is a failure, not a pass.
    (cd "$slot/build" && nice ctest -j "$MUT_CTEST_JOBS" ${regex:+-I "0,0,0,$regex"} > "$slot/ctest.log" 2>&1)
    local rc=$?
    sed -nE 's/^.*Test +#[0-9]+: ([^ ]+) [ .*]*[A-Za-z]+ +([0-9.]+) sec$/\2 \1/p' "$slot/ctest.log" \
      > "$slot/clean-times"
    [ -s "$slot/clean-times" ] || { echo "no test ran"; return 1; }
    [ $rc != 0 ] || return 0
  elif [ $# -ge 3 ]; then
    # one test at a time, the fastest of the unmutated run first, stopping at the first failure;
    # each under timeout(1): 30 s + 4 times its unmutated time (MUT_TIMEOUT at most), the whole
    # process group killed. Only the first run has the fixtures' setup tests (the table checks,
    # which a mutant may fail or make rebuild: 120 s more when its file builds tables).
    local secs name limit rc=0 fixtures=() extra=30 order=() targets=() rest=() all=0 k
    [[ $file != src/solver/* && ! $file =~ ^src/solver3/(twophase_(build|sym|coord)\.c|pdb) ]] || extra=120
    : > "$slot/ctest.log"
    # a test named after the mutant's file (puzzle_test_colours for colours.c) before the others
    local stem=${file##*/}
    stem=${stem%.*}
    if [[ $regex == =* ]]; then
      # the coverage map's tests of the mutant's line ("=NAME:SECS,...", its module's first): as given
      mapfile -t order < <(tr ',' '\n' <<< "${regex#=}" | awk -F: 'NF == 2 { print $2, $1 }')
    else
      mapfile -t order < <(cd "$slot/build" && ctest -N ${regex:+-R "$regex"} | sed -n 's/^ *Test *#[0-9]*: //p' |
        awk -v times="$slot/../slot1/clean-times" -v stem="$stem" 'BEGIN { while ((getline l < times) > 0) {
          split(l, f, " "); t[f[2]] = f[1] } }
          { print (index($0, stem) ? 0 : 1), ($0 in t ? t[$0] : 1e6), $0 }' | sort -k1,1n -k2,2g | cut -d' ' -f2-)
    fi
    # the programs: each of the first three tests' alone before it (a mutant they kill has
    # relinked only those), then the others' at once (one more build); a test whose programs are
    # not known (MUT_TEST_TARGETS) makes that build everything
    for ((k = 3; k < ${#order[@]}; k++)); do
      read -ra targets <<< "${MUT_TEST_TARGETS[${order[k]#* }]-}"
      [ ${#targets[@]} -gt 0 ] || all=1
      rest+=("${targets[@]}")
    done
    [ $all = 0 ] || rest=()
    for ((k = 0; k < ${#order[@]}; k++)); do
      secs=${order[k]%% *} name=${order[k]#* }
      if [ $k -le 3 ]; then
        if [ $k -lt 3 ]; then read -ra targets <<< "${MUT_TEST_TARGETS[$name]-}"; else targets=("${rest[@]}"); fi
        mut_build "$slot" "${targets[@]}" || { echo "(did not build)"; return 3; }
      fi
      limit=$(awk -v s="$secs" -v x="$extra" -v m="$MUT_TIMEOUT" 'BEGIN { t = 30 + 4 * s + x; print int(t < m ? t : m) }')
      (cd "$slot/build" && timeout -k 5 "$limit" nice ctest --timeout "$MUT_TIMEOUT" "${fixtures[@]}" \
         -R "^$name\$" >> "$slot/ctest.log" 2>&1)
      rc=$?
      fixtures=(-FA '.*') extra=0
      if [ $rc = 124 ] || [ $rc = 137 ]; then
        echo "$name" > "$slot/killer"
        echo "$name (Timeout) after $limit s"
        return 1
      fi
      [ $rc = 0 ] || { echo "$name" > "$slot/killer"; break; }
    done
    [ $rc != 0 ] || return 0
  elif [ -z "$area" ]; then
    (cd "$slot/build" && nice ctest -j "$MUT_CTEST_JOBS" > "$slot/ctest.log" 2>&1) && return 0
  elif (cd "$slot/build" && nice ctest -j "$MUT_CTEST_JOBS" --stop-on-failure -R "^${area}_" > "$slot/ctest.log" 2>&1 &&
        nice ctest -j "$MUT_CTEST_JOBS" --stop-on-failure -E "^${area}_" > "$slot/ctest.log" 2>&1); then
    return 0
  fi
  sed -n '/The following tests FAILED:/,$p' "$slot/ctest.log" |
    sed -nE 's/^[[:space:]]*[0-9]+ - ([^ ]+) \((.*)\)$/\1 \2/p' |
    awk '{ n = $1; $1 = ""; sub(/^ /, "") }
         $0 == "Not Run" { skipped++; next }
         { printf "%s%s%s", sep, n, ($0 == "Failed" ? "" : " (" $0 ")"); sep = ", " }
         END { if (skipped) printf " (and %d test%s that needed it not run)", skipped, skipped == 1 ? "" : "s" }'
  return 1
}

# mut_slot_setup K: copy, configure, build and make the table caches (the slots at once).
mut_slot_setup() {
  local slot="$MUT_DIR/slot$1"
  mut_sync "$slot/tree" || return 1
  cmake -S "$slot/tree" -B "$slot/build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_EXPORT_COMPILE_COMMANDS=ON \
    -DCUBEGOD_TEST_TIMEOUT="$MUT_TIMEOUT" "${MUT_CMAKE_ARGS[@]}" > "$slot/configure.log" 2>&1 ||
    { echo "mutants: configuring slot $1 failed, see $slot/configure.log" >&2; return 1; }
  mut_build "$slot" || { echo "mutants: the unmutated tree does not build, see $slot/build.log" >&2; return 1; }
  # every object's hash, unmutated: a mutant that compiles to the same ones is not tested
  rm -f "$slot/pristine-objects"
  python3 "$ROOT/tests/tools/automutate.py" objects "$slot/build" > "$slot/pristine-objects.tmp" 2> /dev/null &&
    mv "$slot/pristine-objects.tmp" "$slot/pristine-objects"
  [ -x "$slot/build/cubegod" ] || return 0 # another --root: no tables to make
  mkdir -p "$slot/build/cache"
  # the release build's tables when it has valid ones (checked, not rebuilt: 40 s of CPU saved)
  local built
  built=$(mut_release_cache CUBEGOD_TEST_CACHE pocket.tbl)
  [ -f "$built" ] || built="$MUT_COV_CACHE/pocket.tbl" # else the coverage map's (same tables)
  [ -f "$slot/pristine.tbl" ] || [ ! -f "$built" ] || cp "$built" "$slot/pristine.tbl"
  "$slot/build/cubegod" tables --cache "$slot/pristine.tbl" > /dev/null
  # the 3x3 two-phase tables take about a minute, more than a test's timeout here: made once
  # (from the release build's file when there is a valid one), then copied like pocket.tbl
  built=$(mut_release_cache CUBEGOD_TEST_CACHE3 twophase.tbl)
  [ -f "$built" ] || built="$MUT_COV_CACHE/twophase.tbl"
  [ -f "$slot/pristine-twophase.tbl" ] || [ ! -f "$built" ] || cp "$built" "$slot/pristine-twophase.tbl"
  "$slot/build/cubegod" tables --size 3 --cache "$slot/pristine-twophase.tbl" > /dev/null
  rm -f "$slot/pristine-optimal.tbl" # an earlier run's may be stale: the fixture builds it anew
}

# mut_release_cache VARIABLE NAME: the table file the release build's tests use (the cache path
# it was configured with, else build/cache/NAME).
mut_release_cache() {
  local f
  f=$(sed -n "s/^$1:FILEPATH=//p" "$ROOT/build/CMakeCache.txt" 2>/dev/null)
  echo "${f:-$ROOT/build/cache/$2}"
}

# mut_unmutated JOBS: every test must pass unmutated (in slot 1, every core; the slots are copies
# of one tree); the optimal solver's small tables its fixture builds go to every slot.
mut_unmutated() {
  local slot="$MUT_DIR/slot1" failed k
  failed=$(MUT_CTEST_JOBS=$JOBS mut_ctest "$slot") || {
    echo "mutants: tests fail without any mutant ($failed); see $slot/ctest.log" >&2; return 1; }
  for ((k = 1; k <= $1; k++)); do
    cp "$slot/build/cache/optimal-small.tbl" "$MUT_DIR/slot$k/pristine-optimal.tbl"
  done
}

# mut_sweep SLOT: kills what a mutant's tests left running in SLOT. A test's timeout kills its
# process group, but a server a test started in a session of its own outlives it, and a mutant
# that makes cubegod spin left such processes eating the CPU of every later run.
mut_sweep() {
  pkill -9 -f -- "$1/" 2> /dev/null || true
}

# mut_one SLOTDIR NAME: applies, builds, tests and restores one mutant; prints its line and
# records its outcome in build-mutants/results/NAME (killed|survived|error).
mut_one() {
  local slot=$1 name=$2 file="$ROOT/tests/mutants/$2.mutant" out rel failed why
  out="$MUT_DIR/results/$name"
  if ! rel=$(python3 "$ROOT/tests/tools/mutate.py" "$file" "$slot/tree" 2> "$slot/apply.log"); then
    why=$(head -n1 "$slot/apply.log")
    printf 'error\ndid not apply: %s\n' "$why" > "$out"
    printf '%-32s DID NOT APPLY: %s\n' "$name" "$why"
    return
  fi
  MUT_RESTORE="$slot/tree/$rel"
  if ! mut_build "$slot"; then
    why=$(grep -m1 -E 'error' "$slot/build.log" || true)
    printf 'error\ndid not build: %s\n' "$why" > "$out"
    printf '%-32s DID NOT BUILD: %s\n' "$name" "$why"
  elif failed=$(mut_ctest "$slot" "$rel"); then
    mut_sweep "$slot"
    printf 'survived\n' > "$out"
    printf '%-32s SURVIVED\n' "$name"
  else
    mut_sweep "$slot"
    printf 'killed\n%s\n' "$failed" > "$out"
    printf '%-32s killed by %s\n' "$name" "$failed"
  fi
  cp "$ROOT/$rel" "$MUT_RESTORE"   # a fresh mtime: the next build recompiles it
  MUT_RESTORE=""
}

# mut_worker K NAME...: one slot's share of the mutants, in order. On an interrupt (the main
# shell passes Ctrl-C on as TERM: background shells ignore INT) the copy's mutated file is put
# back before leaving.
MUT_RESTORE=""
mut_worker() {
  local k=$1; shift
  local slot="$MUT_DIR/slot$k" rel
  trap '[ -n "$MUT_RESTORE" ] && cp "$ROOT/${MUT_RESTORE#"$slot/tree/"}" "$MUT_RESTORE"; exit 130' INT TERM
  for name in "$@"; do mut_one "$slot" "$name"; done
}

# mut_table NAME...: the run's outcome as a Markdown table (docs/testing.md keeps one).
mut_table() {
  local f m detail
  echo "| mutant | file | the bug it stands for | caught by |"
  echo "|---|---|---|---|"
  for f in "$@"; do
    m="$ROOT/tests/mutants/$f.mutant"
    detail=$(sed -n 2p "$MUT_DIR/results/$f" 2>/dev/null)
    case $(head -n1 "$MUT_DIR/results/$f" 2>/dev/null) in
      killed) ;;
      survived) detail="**survived**" ;;
      *) detail="**${detail:-not run}**" ;;
    esac
    printf '| %s | %s | %s | %s |\n' "$f" "$(sed -n 's/^file: //p' "$m")" \
      "$(sed -n 's/^bug: //p' "$m" | sed 's/|/\\|/g')" "$detail"
  done
}

mutants_main() {
  local jobs=1 names=() all=() f check=0
  case " $* " in *" --since "*) mutants_since_main "$@"; return ;; esac
  while [ $# -gt 0 ]; do
    case $1 in
      --check) check=1; shift ;;
      -j) jobs=${2:-}; shift 2 || true ;;
      -j*) jobs=${1#-j}; shift ;;
      *) names+=("$1"); shift ;;
    esac
  done
  [[ "$jobs" =~ ^[1-9][0-9]*$ ]] || { echo "usage: ./run.sh mutants [--check] [-j JOBS] [NAME...]" >&2; exit 2; }
  for f in "$ROOT"/tests/mutants/*.mutant; do f=${f##*/}; all+=("${f%.mutant}"); done
  if [ ${#names[@]} -eq 0 ]; then
    names=("${all[@]}")
  else
    for f in "${names[@]}"; do
      [ -f "$ROOT/tests/mutants/$f.mutant" ] || { echo "run.sh mutants: no mutant '$f' in tests/mutants/" >&2; exit 2; }
    done
  fi
  if [ "$check" = 1 ]; then
    local bad=0
    for f in "${names[@]}"; do
      python3 "$ROOT/tests/tools/mutate.py" --dry-run "$ROOT/tests/mutants/$f.mutant" "$ROOT" > /dev/null || bad=$((bad + 1))
    done
    echo "mutants: $(( ${#names[@]} - bad )) of ${#names[@]} apply"
    [ "$bad" = 0 ]
    return
  fi
  [ "$jobs" -le ${#names[@]} ] || jobs=${#names[@]}
  MUT_CTEST_JOBS=$(( JOBS / jobs > 0 ? JOBS / jobs : 1 ))
  rm -rf "$MUT_DIR/results"
  mkdir -p "$MUT_DIR/results"
  local k pids=()
  echo "== mutants: ${#names[@]} mutant(s), $jobs cop$([ "$jobs" = 1 ] && echo y || echo ies) of the tree, ${MUT_TIMEOUT} s per test"
  local setups=()
  for ((k = 1; k <= jobs; k++)); do mut_slot_setup "$k" 9>&- & setups+=($!); done
  for k in "${setups[@]}"; do wait "$k" || exit 1; done
  mut_unmutated "$jobs" 9>&- || exit 1
  local started=$SECONDS
  for ((k = 1; k <= jobs; k++)); do
    local share=() i
    for ((i = k - 1; i < ${#names[@]}; i += jobs)); do share+=("${names[$i]}"); done
    mut_worker "$k" "${share[@]}" 9>&- &
    pids+=($!)
  done
  trap 'kill -TERM "${pids[@]}" 2>/dev/null; wait; echo "mutants: interrupted" >&2; exit 130' INT TERM
  wait
  trap - INT TERM
  local killed=0 survived=() errors=() r
  for f in "${names[@]}"; do
    r=$(head -n1 "$MUT_DIR/results/$f" 2>/dev/null || echo error)
    case $r in
      killed) killed=$((killed + 1)) ;;
      survived) survived+=("$f") ;;
      *) errors+=("$f") ;;
    esac
  done
  echo "killed $killed of ${#names[@]} ($(( (SECONDS - started) / 60 )) min)"
  mut_table "${names[@]}" > "$MUT_DIR/table.md"
  echo "the table for docs/testing.md: $MUT_DIR/table.md"
  [ ${#survived[@]} -eq 0 ] || echo "survived: ${survived[*]}"
  [ ${#errors[@]} -eq 0 ] || { echo "FAILED, did not apply or build: ${errors[*]}" >&2; exit 1; }
}

# ---- automatic mutants on the lines changed since a commit (./run.sh mutants --since REF) -------
# tests/tools/automutate.py lists the mutants (operators, sampling, keys: its header); each is run
# like a hand-written one, in the same kind of slots (build-mutants/since/slotK, configured without
# -Werror: a mutant that only warns still counts), against only the tests the map gives its file.

# mut_auto_one SLOT ID: applies, builds, tests and restores one mutant of $MUT_LIST; records
# build-mutants/since/results/ID (killed|survived|nobuild).
mut_auto_one() {
  local slot=$1 id=$2 row rel line key tests change out="$MUT_DIR/results/$2" failed t0=$SECONDS
  row=$(awk -F'\t' -v id="$id" '$1 == id' "$MUT_LIST")
  IFS=$'\t' read -r _ rel line key tests _ change _ <<< "$row"
  if [ "$tests" = "=" ]; then # the coverage map: no test executes the line
    printf 'survived\n0\n' > "$out"
    printf '%s %s:%s  SURVIVED  [%s] %s  (no test executes the line) 0 s\n' "$id" "$rel" "$line" "$key" "$change"
    return
  fi
  rm -f "$slot/killer"
  # the copy's own file is kept and put back, not the working tree's: that may have moved on
  # meanwhile (a rebase during a long run put newer files into the copies)
  cp "$slot/tree/$rel" "$slot/original"
  if ! python3 "$ROOT/tests/tools/automutate.py" apply "$MUT_LIST" "$id" "$slot/tree" > /dev/null 2> "$slot/apply.log"; then
    printf 'nobuild\n%s\n' "$(head -n1 "$slot/apply.log")" > "$out"
    printf '%s %s:%s  did not apply: %s\n' "$id" "$rel" "$line" "$(head -n1 "$slot/apply.log")"
    return
  fi
  MUT_RESTORE="$slot/tree/$rel"
  local rc=0
  # the same object code as unmutated (every object compiled from the file): nothing to test
  if [ -f "$slot/pristine-objects" ] && python3 "$ROOT/tests/tools/automutate.py" same "$slot/build" \
       "$slot/pristine-objects" "$slot/tree/$rel" 2> "$slot/same.log"; then
    printf 'same\n%s\n' "$((SECONDS - t0))" > "$out"
    printf '%s %s:%s  the same object code  [%s] %s  %d s\n' "$id" "$rel" "$line" "$key" "$change" $((SECONDS - t0))
    [ -z "$MUT_RESULTS" ] || python3 "$ROOT/tests/tools/automutate.py" record --root "$MUT_SRC" \
      "$MUT_RESULTS" "$key" same "" "$rel:$line $change" || true
    cp "$slot/original" "$MUT_RESTORE"
    MUT_RESTORE=""
    return
  fi
  failed=$(mut_ctest "$slot" "$rel" "$tests") || rc=$?
  mut_sweep "$slot"
  local outcome ran=""
  if [ $rc = 3 ]; then # the build before its first test failed (mut_ctest builds)
    outcome=nobuild
    printf 'nobuild\n%s\n' "$((SECONDS - t0))" > "$out"
    printf '%s %s:%s  did not build  (%s) %d s\n' "$id" "$rel" "$line" "$change" $((SECONDS - t0))
  elif [ $rc = 0 ]; then
    outcome=survived
    # the tests it ran (a survivor of the coverage map's list: all of them)
    [[ $tests != =* ]] || ran=$(tr ',' '\n' <<< "${tests#=}" | cut -d: -f1 | paste -sd,)
    printf 'survived\n%s\n' "$((SECONDS - t0))" > "$out"
    printf '%s %s:%s  SURVIVED  [%s] %s  %d s\n' "$id" "$rel" "$line" "$key" "$change" $((SECONDS - t0))
  else
    outcome=killed
    ran=$(cat "$slot/killer" 2>/dev/null || echo "${failed%% *}")
    printf 'killed\n%s\n%s\n' "$failed" "$((SECONDS - t0))" > "$out"
    printf '%s %s:%s  killed by %s  %d s\n' "$id" "$rel" "$line" "$failed" $((SECONDS - t0))
  fi
  [ -z "$MUT_RESULTS" ] || python3 "$ROOT/tests/tools/automutate.py" record --root "$MUT_SRC" \
    "$MUT_RESULTS" "$key" "$outcome" "${ran%,}" "$rel:$line $change" || true
  cp "$slot/original" "$MUT_RESTORE" # a fresh mtime: the next build recompiles it
  MUT_RESTORE=""
}

# mut_auto_worker K DEADLINE ID...: one slot's share; no new mutant starts after DEADLINE (epoch s).
mut_auto_worker() {
  local k=$1 deadline=$2; shift 2
  local slot="$MUT_DIR/slot$k" id
  trap '[ -n "$MUT_RESTORE" ] && cp "$slot/original" "$MUT_RESTORE"; exit 130' INT TERM
  for id in "$@"; do
    [ "$deadline" = 0 ] || [ "$(date +%s)" -lt "$deadline" ] || break
    mut_auto_one "$slot" "$id"
  done
}

# mut_covmap BASE: the per-test coverage map BASE/covmap.json (tests/tools/covmap.py): a gcov build
# of the tree in BASE/cov (its tables in BASE/cov-cache, made by the fixtures under gcov so the
# table builders' lines count), every test run alone with its own counters. One suite's run,
# niced; cached in BASE (the map is a function of the exact tree: other engineers' edits would
# make a committed one stale at once, and a file changed since it falls back to testmap.txt).
mut_covmap() {
  local base=$1 jobs=$JOBS
  mkdir -p "$base/cov-cache"
  echo "== mutants: the coverage map (a gcov build of $MUT_SRC, then each test alone: one suite's time)"
  # the sources as built: hashed before the build and after it (a file edited meanwhile is left
  # out of the map), never after the tests, when the tree may have moved on
  python3 "$ROOT/tests/tools/covmap.py" snapshot --root "$MUT_SRC" --out "$base/cov-sources.json" &&
  cmake -S "$MUT_SRC" -B "$base/cov" -DCMAKE_BUILD_TYPE=Release "${MUT_CMAKE_ARGS[@]}" \
    -DCMAKE_C_FLAGS="--coverage -fprofile-update=atomic" \
    -DCMAKE_EXE_LINKER_FLAGS=--coverage -DCMAKE_SHARED_LINKER_FLAGS=--coverage \
    -DCUBEGOD_TEST_CACHE="$base/cov-cache/pocket.tbl" -DCUBEGOD_TEST_CACHE3="$base/cov-cache/twophase.tbl" \
    -DCUBEGOD_TEST_OPTIMAL_CACHE="$base/cov-cache/optimal-small.tbl" \
    -DCUBEGOD_TEST_TIMEOUT=1800 > "$base/cov-configure.log" 2>&1 &&
  nice cmake --build "$base/cov" -j "$JOBS" > "$base/cov-build.log" 2>&1 &&
  python3 "$ROOT/tests/tools/covmap.py" snapshot --root "$MUT_SRC" --out "$base/cov-sources-after.json" ||
    { echo "mutants: the coverage build failed, see $base/cov-build.log" >&2; return 1; }
  find "$base/cov" -name '*.gcda' -delete
  # the fixtures build the tables anew under gcov: tables left by an earlier map would be read,
  # and no builder line would be any test's (their mutants "executed by no test", at no cost)
  rm -f "$base/cov-cache"/*.tbl
  nice python3 "$ROOT/tests/tools/covmap.py" collect --root "$MUT_SRC" --build "$base/cov" \
    --sources "$base/cov-sources.json" --sources-after "$base/cov-sources-after.json" \
    --out "$base/covmap.json" -j "$jobs" --timeout "$MUT_TIMEOUT" 2> "$base/covmap.log" 9>&- ||
    { echo "mutants: the coverage map failed, see $base/covmap.log" >&2; return 1; }
  tail -n1 "$base/covmap.log"
}

mutants_since_main() {
  local usage="usage: ./run.sh mutants --since REF|all [--root DIR] [--map FILE] [--equivalent FILE] [-j JOBS] [--per-line K] [--max N] [--keys K1,K2] [--minutes M] [--paths 'FILE...'] [--list] [--no-covmap] [--remap] [--results FILE] [--no-results] [--budget SECS]"
  local since="" jobs=1 per_line=0 max=0 minutes=0 list_only=0 map="" equiv="" keys="" paths="" gen=()
  local covmap=1 remap=0 results="" use_results=1 budget=0
  while [ $# -gt 0 ]; do
    case $1 in
      --since) since=${2:-}; shift 2 || true ;;
      --root) MUT_SRC=$(cd "${2:-.}" && pwd); shift 2 || true ;;
      --map) map=$(realpath "${2:-}"); shift 2 || true ;;
      --equivalent) equiv=$(realpath "${2:-}"); shift 2 || true ;;
      --per-line) per_line=${2:-}; shift 2 || true ;;
      --max) max=${2:-}; shift 2 || true ;;
      --keys) keys=${2:-}; shift 2 || true ;;
      --minutes) minutes=${2:-}; shift 2 || true ;;
      --paths) paths=${2:-}; shift 2 || true ;;  # only these files' changed lines (a helper's own)
      --list) list_only=1; shift ;;
      --no-covmap) covmap=0; shift ;;   # each file's tests from --map's regexes (before issue 44)
      --remap) remap=1; shift ;;        # make the coverage map anew first
      --results) results=$(realpath "${2:-}"); shift 2 || true ;;
      --no-results) use_results=0; shift ;; # run every mutant, keep nothing (a measurement)
      --budget) budget=${2:-}; shift 2 || true ;; # seconds of a mutant's tests (their map times)
      -j) jobs=${2:-}; shift 2 || true ;;
      -j*) jobs=${1#-j}; shift ;;
      *) echo "$usage" >&2; exit 2 ;;
    esac
  done
  [ -n "$since" ] && [[ "$jobs" =~ ^[1-9][0-9]*$ && "$per_line$max$minutes" =~ ^[0-9]+$ ]] ||
    { echo "$usage" >&2; exit 2; }
  local base="${CUBEGOD_MUTANTS_DIR:-$MUT_SRC/build-mutants}"
  MUT_DIR="$base/since"
  MUT_COV_CACHE="$base/cov-cache"
  MUT_CMAKE_ARGS=(-DCUBEGOD_WERROR=OFF)
  # on a machine shared with other work the end-to-end tests run several times slower (a 16 s
  # test took 105 s): a longer timeout, and kills by a timeout alone counted apart
  MUT_TIMEOUT=${CUBEGOD_MUTANTS_TIMEOUT:-300}
  MUT_LIST="$MUT_DIR/mutants.tsv"
  # the results cache: committed, so a run continues in a later session (a fresh work tree)
  # (kept by default for the full run, --since all; a run over one change keeps it with --results)
  MUT_RESULTS=""
  [ "$use_results" = 0 ] || [ -z "$results" ] || MUT_RESULTS=$results
  [ "$use_results" = 0 ] || [ "$since" != all ] || MUT_RESULTS=${results:-$MUT_SRC/tests/mutants/results.tsv}
  mkdir -p "$MUT_DIR"
  if [ "$list_only" = 1 ]; then
    MUT_LIST=$(mktemp)
    trap 'rm -f "$MUT_LIST"' EXIT
  else
    # the lock is this shell's alone: the slots and their tests run with fd 9 closed, so a test's
    # process left running (a hung cubegod) never holds it past the run
    exec 9> "$MUT_DIR/lock"
    flock -n 9 || { echo "mutants: another run is using $MUT_DIR (CUBEGOD_MUTANTS_DIR=DIR: a second one elsewhere)" >&2; exit 1; }
  fi
  # the map is made for the full run (--since all) or on --remap; a run over one change uses it
  # when an earlier run left one, else the test map (the map costs one suite's run under gcov)
  if [ "$covmap" = 1 ] && [ "$list_only" = 0 ] &&
     { [ "$remap" = 1 ] || { [ ! -f "$base/covmap.json" ] && [ "$since" = all ]; }; }; then
    mut_covmap "$base" || exit 1
  fi
  gen=(--root "$MUT_SRC" --since "$since" --per-line "$per_line" --max "$max")
  [ -z "$map" ] || gen+=(--map "$map")
  [ -z "$equiv" ] || gen+=(--equivalent "$equiv")
  # shellcheck disable=SC2206
  [ -z "$paths" ] || gen+=(--paths $paths)
  [ -z "$keys" ] || gen+=(--keys "$keys")
  [ "$covmap" = 0 ] || [ ! -f "$base/covmap.json" ] || gen+=(--covmap "$base/covmap.json")
  [ -z "$MUT_RESULTS" ] || gen+=(--results "$MUT_RESULTS")
  [ "$budget" = 0 ] || gen+=(--budget "$budget")
  python3 "$ROOT/tests/tools/automutate.py" list "${gen[@]}" > "$MUT_LIST" || exit 1
  local ids=() equivalent=0 id eq cached=() c tests uncovered=()
  while IFS=$'\t' read -r id _ _ _ tests eq _ _ _ _ _ c; do
    if [ "$eq" = 1 ]; then equivalent=$((equivalent + 1))
    elif [ -n "$c" ]; then cached+=("$id")
    elif [ "$tests" = "=" ]; then uncovered+=("$id")
    else ids+=("$id"); fi
  done < "$MUT_LIST"
  if [ "$list_only" = 1 ]; then
    awk -F'\t' '{ printf "%s %s:%s  [%s]%s %s  (tests: %s)%s\n", $1, $2, $3, $4, ($6 == 1 ? " equivalent," : ""), $7, ($5 == "" ? "all" : $5 == "=" ? "none executes it" : $5), ($12 == "" ? "" : " cached: " $12) }' "$MUT_LIST"
    return
  fi
  echo "== mutants --since $since: ${#ids[@]} to run, ${#uncovered[@]} on lines no test executes, ${#cached[@]} with a valid result in ${MUT_RESULTS:-(no cache)}, $equivalent marked equivalent; $jobs cop$([ "$jobs" = 1 ] && echo y || echo ies) of $MUT_SRC, ${MUT_TIMEOUT} s per test"
  rm -rf "$MUT_DIR/results"
  mkdir -p "$MUT_DIR/results"
  # the cache's outcomes, as a run's (one pass: thousands of them)
  awk -F'\t' -v dir="$MUT_DIR/results" '$6 == 0 && $12 != "" {
      f = dir "/" $1
      if ($12 ~ /^killed by /) printf "killed\n%s\n0\n", substr($12, 11) > f; else printf "%s\n0\n", $12 > f
      close(f) }' "$MUT_LIST"
  # the lines no test executes: survivors at no cost, all of them whatever --minutes says
  awk -F'\t' -v dir="$MUT_DIR/results" '$6 == 0 && $12 == "" && $5 == "=" {
      f = dir "/" $1; printf "survived\n0\n" > f; close(f) }' "$MUT_LIST"
  local started=$SECONDS
  if [ ${#ids[@]} -gt 0 ]; then
    [ "$jobs" -le ${#ids[@]} ] || jobs=${#ids[@]}
    mut_since_setup "$jobs" || exit 1
    local deadline=0 k pids=()
    [ "$minutes" = 0 ] || deadline=$(( $(date +%s) + minutes * 60 ))
    started=$SECONDS
    for ((k = 1; k <= jobs; k++)); do
      local share=() i
      for ((i = k - 1; i < ${#ids[@]}; i += jobs)); do share+=("${ids[$i]}"); done
      mut_auto_worker "$k" "$deadline" "${share[@]}" 9>&- &
      pids+=($!)
    done
    trap 'kill -TERM "${pids[@]}" 2>/dev/null; wait; echo "mutants: interrupted" >&2; exit 130' INT TERM
    wait
    trap - INT TERM
  fi
  mut_since_report "$equivalent" "$started" "${#cached[@]}" "${ids[@]}" "${uncovered[@]}" "${cached[@]}"
}

# mut_since_setup JOBS: the slots, built; the tests the mutants of the regex map may run must pass
# unmutated (the coverage map's tests passed when it was made: a failing one is in no line's list).
mut_since_setup() {
  local jobs=$1 k setups=() all_tests rx
  MUT_CTEST_JOBS=$(( JOBS / jobs > 0 ? JOBS / jobs : 1 ))
  for ((k = 1; k <= jobs; k++)); do mut_slot_setup "$k" 9>&- & setups+=($!); done
  for k in "${setups[@]}"; do wait "$k" || return 1; done
  local regexes
  regexes=$(awk -F'\t' '$6 == 0 && $12 == "" && $5 !~ /^=/ { print $5 }' "$MUT_LIST" | sort -u)
  # every test a mutant may run must pass unmutated (in slot 1, every core): their numbers
  all_tests=$(while IFS= read -r rx; do
      [ -n "$rx" ] || { echo all; continue; }
      (cd "$MUT_DIR/slot1/build" && ctest -N -R "$rx" | sed -n 's/^ *Test *#\([0-9]*\):.*/\1/p')
    done <<< "$regexes" | sort -un | paste -sd,)
  [[ $all_tests != *all* ]] || all_tests=""
  while IFS= read -r rx; do # a map line that names no test would make every mutant survive
    [ -z "$rx" ] || (cd "$MUT_DIR/slot1/build" && ctest -N -R "$rx" | grep -q '^Total Tests: [1-9]') ||
      { echo "mutants: the test map's '$rx' matches no test" >&2; return 1; }
  done <<< "$regexes"
  # the programs each test runs (a mutant's build before it relinks only those; none known: all)
  declare -gA MUT_TEST_TARGETS=()
  local name targets
  while read -r name targets; do
    MUT_TEST_TARGETS[$name]=$targets
  done < <(python3 "$ROOT/tests/tools/automutate.py" targets "$MUT_DIR/slot1/build")
  local failed
  if [ -n "$regexes" ]; then
    failed=$(MUT_CTEST_JOBS=$JOBS mut_ctest "$MUT_DIR/slot1" "" "$all_tests" 9>&-) || {
      echo "mutants: tests fail without any mutant ($failed); see $MUT_DIR/slot1/ctest.log" >&2; return 1; }
  fi
  # the optimal solver's small tables: the unmutated run's, else the coverage map's fixture's
  local opt="$MUT_DIR/slot1/build/cache/optimal-small.tbl"
  [ -f "$opt" ] || opt="$MUT_DIR/../cov-cache/optimal-small.tbl"
  if [ -f "$opt" ]; then
    for ((k = 1; k <= jobs; k++)); do cp "$opt" "$MUT_DIR/slot$k/pristine-optimal.tbl"; done
  fi
}

# mut_since_report EQUIVALENT STARTED NCACHED ID...: the survivors and the counts.
mut_since_report() {
  local equivalent=$1 started=$2 ncached=$3 killed=0 survived=0 nobuild=0 same=0 notrun=0 timeouts=0 uncovered=0 id
  shift 3
  local ids=("$@")
  for id in "${ids[@]}"; do
    case $(head -n1 "$MUT_DIR/results/$id" 2>/dev/null || echo notrun) in
      killed) killed=$((killed + 1))
              [[ $(sed -n 2p "$MUT_DIR/results/$id") != *"(Timeout)"* ]] || timeouts=$((timeouts + 1)) ;;
      survived) survived=$((survived + 1)) ;;
      nobuild) nobuild=$((nobuild + 1)) ;;
      same) same=$((same + 1)) ;;
      *) notrun=$((notrun + 1)) ;;
    esac
  done
  uncovered=$(awk -F'\t' '$6 == 0 && $5 == "=" && $12 == "" { n++ } END { print n + 0 }' "$MUT_LIST")
  echo "== survivors (mark an equivalent one in tests/mutants/equivalent.txt: KEY ... -- reason)"
  { (cd "$MUT_DIR/results" && grep -lx survived -- * 2>/dev/null) || true; } |
    awk -F'\t' 'NR == FNR { alive[$1] = 1; next }
      $1 in alive { printf "%s:%s  [%s] %s%s\n", $2, $3, $4, $7, ($5 == "=" ? "  (no test executes it)" : "") }' - "$MUT_LIST" |
    sort -t: -k1,1 -k2,2n
  # the cost: the wall time of this run's mutants (setup not counted), over all it decided (the
  # lines no test executes at no cost) and over those it built and tested
  local done_now=$(( ${#ids[@]} - ncached - notrun )) secs=$((SECONDS - started))
  echo "generated $(( ${#ids[@]} + equivalent )), equivalent $equivalent, the same object code $same, did not build $nobuild, killed $killed ($timeouts by a timeout), survived $survived ($uncovered on lines no test executes)$([ "$notrun" = 0 ] || echo ", not run (--minutes) $notrun"); $ncached from the results cache ($((secs / 60)) min, $(awk -v t=$secs -v n=$done_now -v u="$uncovered" 'BEGIN { printf "%.1f s a mutant, %.1f s a mutant tested", (n ? t / n : 0), (n - u > 0 ? t / (n - u) : 0) }'))"
  python3 "$ROOT/tests/tools/automutate.py" score "$MUT_LIST" "$MUT_DIR/results" > "$MUT_DIR/score.md" &&
    echo "the score per module (docs/testing.md keeps one): $MUT_DIR/score.md"
  [ "$survived" = 0 ]
}

# ---- ./run.sh test: the stages, each timed; the table of times is printed at the end --------
STAGE_TIMES=()
# stage NAME COMMAND...: runs COMMAND (under set -e: a failure ends the run, and the report
# names the stage that failed), recording its wall time under NAME.
STAGE_NOW=""
STAGE_T0=0
stage() {
  STAGE_NOW=$1 STAGE_T0=$SECONDS
  shift
  "$@"
  STAGE_TIMES+=("$(printf '%-16s %4d s' "$STAGE_NOW" $((SECONDS - STAGE_T0)))")
  STAGE_NOW=""
}
stage_report() {
  [ -n "$STAGE_NOW" ] && STAGE_TIMES+=("$(printf '%-16s %4d s  FAILED' "$STAGE_NOW" $((SECONDS - STAGE_T0)))")
  [ ${#STAGE_TIMES[@]} -gt 0 ] || return 0
  echo "== stage times (wall)"
  printf '%s\n' "${STAGE_TIMES[@]}"
  echo "total            $((SECONDS - TEST_T0)) s"
}
# The first 3x3 game against a 1 s alarm, on the release build: the clone's gcov counters slow its
# quick search past the alarm (the test skips itself there). Its tables become the cache the clone
# run then loads, so the suite still builds the 3x3 tables once.
first_game() {
  (cd "$ROOT/build" && ctest -R '^game_e2e_first_game3$' --output-on-failure)
}
# The unit tests that shrink to samples under gcov, ASan and valgrind (tests/testutil.h), whole,
# on the release build: the clone's gcov run takes their samples (their full size there took
# over 300 s of the suite's time).
release_full() {
  local names
  names=$(grep -lE 'test_scale_now|slow_tools\(\)' "$ROOT"/tests/*/test_*.c |
          sed -E 's|.*/tests/([^/]+)/(test_[^/]+)\.c$|\1_\2|' | paste -sd'|' -)
  (cd "$ROOT/build" && ctest -j "$TEST_JOBS" --output-on-failure -R "^($names)\$")
}
test_all() {
  stage release build_release
  stage first-game first_game
  stage release-full release_full
  stage clone clone_test
  stage install install_test
  stage asan build_sanitized
  stage asan-ctest run_tests build-asan
  stage valgrind build_valgrind
  stage valgrind-ctest run_valgrind -E '_e2e_'
  stage fuzz fuzz_smoke
  stage musl musl_check
}

# ---- coverage ----
# coverage_run SRC BUILD MODE [CTEST_ARGS...]: SRC's suite (or the tests CTEST_ARGS pick) on a gcov
# build in BUILD, with the table caches under CUBEGOD_COVERAGE_CACHES (pocket.tbl, twophase.tbl,
# optimal-small.tbl; default the release build's, made by their fixtures when missing). MODE release:
# the Release build type (-O2, NDEBUG) with counters, the suite's release run (clone_test); MODE
# source: -O1 -g, where gcc's branches are the source's, for reading which ones a test never takes
# (./run.sh coverage). Counters atomic: threads (the server's games, the proof-of-work search, the
# Python binding's solves) then count exactly; plain counters race there and gcov reads negative
# counts, which gcovr refuses. Prints line and branch coverage per module and in total and the
# uncovered branches of src/tube and src/game/serve; the HTML report goes to BUILD/coverage
# (or COVERAGE_OUT).
# Fails when a test failed; coverage is measured all the same.
coverage_run() {
  local src=$1 dir=$2 mode=$3
  shift 3
  local caches=${CUBEGOD_COVERAGE_CACHES:-$ROOT/build/cache} type=()
  case $mode in
    release) type=(-DCMAKE_BUILD_TYPE=Release) ;;
    source) type=(-DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O1 -g") ;;
    *) echo "coverage_run: mode release or source, not '$mode'" >&2; return 2 ;;
  esac
  cmake -S "$src" -B "$dir" -DCUBEGOD_WERROR=ON "${type[@]}" \
    -DCMAKE_C_FLAGS="--coverage -fprofile-update=atomic" \
    -DCMAKE_EXE_LINKER_FLAGS=--coverage -DCMAKE_SHARED_LINKER_FLAGS=--coverage \
    -DCUBEGOD_TEST_CACHE="$caches/pocket.tbl" -DCUBEGOD_TEST_CACHE3="$caches/twophase.tbl" \
    -DCUBEGOD_TEST_OPTIMAL_CACHE="$caches/optimal-small.tbl" > /dev/null || return 1
  cmake --build "$dir" -j "$JOBS" | build_progress "${dir##*/}" || return 1
  local out=${COVERAGE_OUT:-$dir/coverage}
  # CUBEGOD_COVERAGE_KEEP=1 adds to the counts of the run before (a suite run in two parts)
  [ -n "${CUBEGOD_COVERAGE_KEEP:-}" ] || find "$dir" -name '*.gcda' -delete
  rm -rf "$out" && mkdir -p "$out"
  local failed=0
  echo "== ctest in $dir ($mode build, gcov) $*"
  (cd "$dir" && ctest -j "$TEST_JOBS" --output-on-failure "$@") || failed=1
  # CMake's compiler probe (CMakeFiles/VERSION/CompilerIdC) was compiled with --coverage too and
  # never run: gcov would warn that its counts and source are missing
  # --gcov-ignore-parse-errors: a thread still running when its process exits (a detached 3x3
  # build: cg3_twophase_close never waits for one) can update counters while they are written,
  # and gcov then derives a negative branch count ("branch 1 taken -1" stopped gcovr in a
  # clean-clone run at 2dd203b); such a line is skipped and named on stderr, the rest counted
  gcovr -r "$src" --object-directory "$dir" "$dir" --filter "$src/src/" --exclude-unreachable-branches \
    --gcov-ignore-parse-errors \
    --exclude-directories '.*/CMakeFiles/[0-9.]+$' \
    --json "$out/coverage.json" --html-details "$out/index.html" || return 1
  python3 "$src/tests/tools/coverage.py" "$out/coverage.json" --list src/tube src/game/serve \
    > "$out/summary.txt" || return 1
  # the per-module table and totals; the list of uncovered branches stays in the file
  sed -n '1,/^$/p' "$out/summary.txt"
  echo "coverage: summary with the uncovered branches in $out/summary.txt, HTML report $out/index.html"
  [ $failed -eq 0 ] || { echo "coverage: some tests failed (above)" >&2; return 1; }
}
# ./run.sh coverage [CTEST_ARGS...]: the working tree's suite under gcov, in build-coverage.
coverage_main() {
  ensure_packages "${PACKAGES[@]}" gcovr
  if [ -z "${CUBEGOD_COVERAGE_CACHES:-}" ]; then
    build_release
    # the table fixtures only (the first-3x3-game test is only ordered before tables_ready_twophase)
    (cd "$ROOT/build" && ctest -R '^(tables_ready|tables_ready_qtm|tables_ready_twophase|optimal_tables_ready)$' \
      >/dev/null)
  fi
  coverage_run "$ROOT" "$ROOT/build-coverage" source "$@"
}

case "${1:-}" in
  coverage) shift; coverage_main "$@"; exit ;;
  mutants) shift; ensure_packages "${PACKAGES[@]}"; mutants_main "$@"; exit ;;
  fuzz)   fuzz_main "${2:-}" "${3:-}" "${4:-}"; exit ;;
esac
ensure_packages "${PACKAGES[@]}"
TEST_T0=$SECONDS
trap stage_report EXIT
if { [ "${1:-}" = test ] && [ "${2:-}" != quick ]; } || [ "${1:-}" = valgrind ]; then
  ensure_packages "${FUZZ_PACKAGES[@]}" "${INSTALL_TEST_PACKAGES[@]}"
  ensure_packages "${TEST_PACKAGES[@]}" || echo "run.sh: could not install ${TEST_PACKAGES[*]}; those tests will be skipped" >&2
  for p in "${PIP_TEST_PACKAGES[*]}" "${BROWSER_TEST_PACKAGES[*]}"; do
    # shellcheck disable=SC2086 # a list of package names
    ensure_packages $p || echo "run.sh: could not install $p; those tests will be skipped" >&2
  done
fi
case "${1:-}" in
  "")     build_release; main_job ;;
  build)  build_release ;;
  test)   if [ "${2:-}" = quick ]; then
            stage release build_release; stage release-ctest run_tests build
          else
            test_all
          fi ;;
  bench)  build_release; bench_all ;;
  docs-figures) shift; build_release; python3 tests/tools/docs_figures.py build/cubegod "$ROOT" "$@" ;;
  valgrind) build_release; stage valgrind build_valgrind; stage valgrind-ctest run_valgrind ;;
  faults) build_release; ./build/cubegod tables >/dev/null
          CUBEGOD="$ROOT/build/cubegod" python3 tests/faults/server_faults.py --full ;;
  *)      echo "usage: ./run.sh [test|valgrind|build|bench|docs-figures [NAME...]|faults|coverage|fuzz TARGET|all SECONDS [JOBS]|mutants [-j JOBS] [NAME...]|mutants --since REF]" >&2; exit 2 ;;
esac
