# The 3x3 two-phase cache: a damaged, a short and a foreign file are each rejected with a notice
# and rebuilt; the rebuilt file then loads. Each rebuild takes about a minute, so this is skipped
# under valgrind (CUBEGOD_SLOW_TOOLS), whose run only ever loads the shared cache.
# The mutation run's 60-second timeout is too short for three builds: skipped there too.
if [ -n "${CUBEGOD_SLOW_TOOLS:-}" ]; then echo "skipped under valgrind"; exit 77; fi
if [ "${CUBEGOD_TEST_TIMEOUT:-600}" -lt 600 ]; then
  echo "skipped: three table builds need more than the ${CUBEGOD_TEST_TIMEOUT} s per-test timeout"
  exit 77
fi
. "$(dirname "$0")/../cli/lib.sh"

good=${CUBEGOD_TWOPHASE_CACHE:?}
[ -f "$good" ] || fail "no prebuilt cache at $good (the tables_ready_twophase fixture makes it)"
cache="$TMP/twophase.tbl"

check_rebuilt() { # what: the cache file has just been spoiled that way
  "$CUBEGOD" tables --size 3 --cache "$cache" > "$TMP/out" 2> "$TMP/err" || fail "tables ($1) exited $?"
  expect_grep "ignoring the 3x3 table cache" "$TMP/err"
  expect_grep "building the 3x3 two-phase tables (once; under a minute)" "$TMP/err"
  expect_grep "previous cache file was invalid" "$TMP/out"
  expect_grep "built and saved to $cache" "$TMP/out"
  "$CUBEGOD" tables --size 3 --cache "$cache" > "$TMP/out" || fail "tables (after $1) exited $?"
  expect_grep "loaded from $cache" "$TMP/out"
}

# one byte flipped deep in the phase-1 table: the checksum catches it
cp "$good" "$cache"
printf '\x55' | dd of="$cache" bs=1 seek=50000000 conv=notrunc status=none
check_rebuilt "damaged"
expect_grep "checksum" "$TMP/err"

# cut short
head -c 4096 "$good" > "$cache"
check_rebuilt "short"

# a table file of another kind (the 2x2 cache's header and size are not ours)
printf 'CUBEGOD\002 something else entirely\n' > "$cache"
check_rebuilt "foreign"

# and a solve through the rebuilt cache is right: bench applies every answer to the model
"$CUBEGOD" bench solve --size 3 -n 20 --cache "$cache" > "$TMP/out" || fail "bench exited $?"
expect_grep "wrong answers    0" "$TMP/out"
echo "e2e_twophase_cache: all checks passed"
