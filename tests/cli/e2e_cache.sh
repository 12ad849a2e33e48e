# The table cache as the command line uses it: a long CUBEGOD_CACHE is used whole, a cache file
# others can write is refused (and said so), its replacement is private. Skipped under valgrind
# (CUBEGOD_SLOW_TOOLS): it builds the table, which the release and ASan runs check.
if [ -n "${CUBEGOD_SLOW_TOOLS:-}" ]; then echo "skipped under valgrind"; exit 77; fi
. "$(dirname "$0")/lib.sh"

# 1. A 600-byte path (the old code kept 512 bytes of it and saved elsewhere).
long="$TMP"
while [ ${#long} -lt 600 ]; do long="$long/a-rather-long-directory-name"; done
long="$long/pocket.tbl"
CUBEGOD_CACHE="$long" "$CUBEGOD" tables > "$TMP/out" || fail "tables exited $?"
[ -f "$long" ] || fail "the cache was not saved under the whole path"
expect_grep "built and saved to $long" "$TMP/out"
[ "$(stat -c %a "$(dirname "$long")")" = 700 ] || fail "cache directory not private"

# 2. The same file made writable by everyone: refused before it is mapped, rebuilt, replaced by
#    a private file.
chmod 666 "$long"
echo UUUUDDDDRRFFLLBBFFLLBBRR | CUBEGOD_CACHE="$long" "$CUBEGOD" solve --line > "$TMP/ans" 2> "$TMP/err" \
  || fail "solve through a writable cache exited $?"
expect_eq "$(cat "$TMP/ans")" "U'" "solve after refusing the cache"
expect_grep "ignoring the table cache" "$TMP/err"
expect_grep "writable by others" "$TMP/err"
[ "$(stat -c %a "$long")" = 600 ] || fail "the replaced cache is mode $(stat -c %a "$long"), not 600"
CUBEGOD_CACHE="$long" "$CUBEGOD" tables > "$TMP/out"
expect_grep "loaded from" "$TMP/out"
echo "e2e_cache: all checks passed"
