# The 3x3 two-phase cache: a damaged, a short and a foreign file are each refused with a notice
# that says why, before any build starts.
# A refusal is seen without waiting for its rebuild: the notice comes before the build, which a
# CPU-time limit stops there. The build itself, the file it saves and a solve through it are
# checked once, by tests/game/e2e_first_game3.sh (a first game from an empty cache), and the
# replacement of a refused file by tests/cli/e2e_tables.sh (the one table-file code, src/util/
# tablefile.c, keeps both sizes' caches): a second 3x3 build here cost 40 s of every release run.
# Skipped under valgrind, where even the checksum of 75 MB takes long.
if [ -n "${CUBEGOD_SLOW_TOOLS:-}" ]; then echo "skipped under valgrind"; exit 77; fi
. "$(dirname "$0")/../cli/lib.sh"

good=${CUBEGOD_TWOPHASE_CACHE:?}
[ -f "$good" ] || fail "no prebuilt cache at $good (the tables_ready_twophase fixture makes it)"
cache="$TMP/twophase.tbl"

# refused WHAT: the spoiled cache is refused with a notice, and a build starts. The build is cut
# short by a limit of 3 s of CPU time (SIGXCPU): the refusal and the notice come well before, and
# nothing here has to race the process with a kill.
refused() {
  (ulimit -t 3; exec "$CUBEGOD" tables --size 3 --cache "$cache") > "$TMP/out" 2> "$TMP/err"
  local rc=$?
  [ "$rc" -gt 128 ] || { cat "$TMP/err" >&2; fail "tables ($1) exited $rc, not stopped mid-build"; }
  expect_grep "ignoring the 3x3 table cache" "$TMP/err"
  expect_grep "building the 3x3" "$TMP/err"
}

# one byte flipped deep in the phase-1 table: the checksum catches it
spoil_damaged() {
  cp "$good" "$cache"
  printf '\x55' | dd of="$cache" bs=1 seek=50000000 conv=notrunc status=none
}
spoil_damaged
refused "damaged"
expect_grep "checksum" "$TMP/err"

# cut short
head -c 4096 "$good" > "$cache"
refused "short"

# a table file of another kind (the 2x2 cache's header and size are not ours)
printf 'CUBEGOD\002 something else entirely\n' > "$cache"
refused "foreign"

echo "e2e_twophase_cache: all checks passed"
