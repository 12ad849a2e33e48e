# The table cache: a fresh build matches the known depth figures's depth figures; a damaged cache is rebuilt.
# Under valgrind (CUBEGOD_SLOW_TOOLS) this test is skipped: it builds the table four times, which
# the release and ASan runs check; the valgrind run only ever loads the shared cache.
if [ -n "${CUBEGOD_SLOW_TOOLS:-}" ]; then echo "skipped under valgrind"; exit 77; fi
. "$(dirname "$0")/lib.sh"

cache="$TMP/cache/pocket.tbl"
"$CUBEGOD" tables --cache "$cache" > "$TMP/out" || fail "tables exited $?"
expect_grep "built and saved to $cache" "$TMP/out"
# fixtures/solver/depth-counts.txt: positions at each distance from home (docs/protocol.md).
want=$(grep -v '^#' "$FIXTURES/solver/depth-counts.txt" | awk '{print $2}' | xargs)
[ "$(echo "$want" | wc -w)" -eq 12 ] || fail "could not read 12 depth figures from depth-counts.txt"
got=$(sed -n 's/^positions by distance from home: //p' "$TMP/out")
expect_eq "$got" "$want" "positions by distance"

"$CUBEGOD" tables --cache "$cache" > "$TMP/out" || fail "tables (load) exited $?"
expect_grep "loaded from $cache" "$TMP/out"

# Flip one byte deep in the table, then the last byte: the checksum catches each and the table
# is rebuilt. (tests/solver/test_solver.c damages every lane of the checksum.)
size=$(wc -c < "$cache")
for offset in 12345678 $((size - 1)); do
  printf '\x55' | dd of="$cache" bs=1 seek="$offset" conv=notrunc status=none
  "$CUBEGOD" tables --cache "$cache" > "$TMP/out" || fail "tables (damaged at $offset) exited $?"
  expect_grep "previous cache file was invalid" "$TMP/out"
  "$CUBEGOD" tables --cache "$cache" > "$TMP/out"
  expect_grep "loaded from" "$TMP/out"
done

# A truncated cache, and a cache that is not a table at all, are rebuilt the same way; solving
# through them still gives the right answer.
head -c 1000 "$cache" > "$TMP/short.tbl"
expect_eq "$(echo UUUUDDDDRRFFLLBBFFLLBBRR | "$CUBEGOD" solve --line --cache "$TMP/short.tbl" 2> "$TMP/err")" "U'" "solve through a truncated cache"
expect_grep "ignoring the table cache" "$TMP/err"
echo "not a table" > "$TMP/junk.tbl"
expect_eq "$(echo UUUUDDDDFFLLBBRRLLBBRRFF | "$CUBEGOD" solve --line --cache "$TMP/junk.tbl" 2>/dev/null)" "D'" "solve through a junk cache"
"$CUBEGOD" tables --cache "$TMP/junk.tbl" | grep -q "loaded from" || fail "junk cache was not replaced"
# A cache that cannot be saved (its directory is a dangling link, so there is no file to load
# either): said once, and the table is built and used all the same. The quarter-turn table, whose
# notice names it.
ln -s "$TMP/nowhere" "$TMP/dangling"
expect_eq "$(echo UUUUDDDDRRFFLLBBFFLLBBRR | "$CUBEGOD" solve --line --metric qtm --cache "$TMP/dangling/qtm.tbl" 2> "$TMP/err")" \
  "U'" "solve through an unsaveable cache"
expect_eq "$(cat "$TMP/err")" "cubegod: building the solver table for quarter turns (once; about a second)
cubegod: cannot save the table cache (cannot create the directory $TMP/dangling: Not a directory); continuing" \
  "notices of an unsaveable cache"
echo "e2e_tables: all checks passed"
