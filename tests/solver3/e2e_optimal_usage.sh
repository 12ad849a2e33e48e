#!/usr/bin/env bash
# `bench optimal` and `tables --optimal` refuse bad usage with exit status 2 and a message that
# names the option, before any table is loaded (the full tables are too large to build here:
# the solver itself is tested by test_optimal.c with the small tables).
. "$(dirname "$0")/../cli/lib.sh"
export CUBEGOD_CACHE="$TMP/cache/pocket.tbl" # nothing may be built or read there

run() { # EXPECTED-STATUS ARGS...
  local want=$1
  shift
  "$CUBEGOD" "$@" > "$TMP/out" 2> "$TMP/err"
  local got=$?
  expect_eq "$got" "$want" "cubegod $* exit status"
}
run 0 bench optimal --help
expect_grep "--time-limit MS" "$TMP/out"
expect_grep "--depth D" "$TMP/out"
run 2 bench optimal --depth 0
expect_grep "--depth" "$TMP/err"
run 2 bench optimal --depth 21
run 2 bench optimal --scramble 41
run 2 bench optimal --time-limit 0
expect_grep "--time-limit" "$TMP/err"
run 2 bench optimal -n
run 2 bench optimal --depht 3
expect_grep "did you mean '--depth'" "$TMP/err"
run 2 bench optimal --twophase-cache
expect_grep "--twophase-cache" "$TMP/err"
run 2 bench optimal --no-phase1 --depth 0
expect_grep "--depth" "$TMP/err"
run 0 bench optimal --help
expect_grep "--no-phase1" "$TMP/out"
run 2 tables --optimal --metric qtm
expect_grep "only --cache and --rebuild" "$TMP/err"
run 0 tables --optimal --help
expect_grep "--optimal" "$TMP/out"
[ ! -e "$TMP/cache" ] || fail "a refused command created the cache folder"
exit 0
