#!/usr/bin/env bash
# needs: tables3 (the damaged files are made from the suite's 3x3 tables)
# Issue 42: a damaged 3x3 table file never costs a round. Beside the 2x2 table, play meets a
# twophase.tbl that is truncated (its first 1 MB), of another version (the header's version
# one more), damaged inside (one payload byte changed: the checksum), not a table at all, or
# another cubegod table (the 2x2's). Each time the first 3x3 game is won: the quick solver
# answers while the big tables are rebuilt (before, any file that was there was taken for a
# cache, and round 1 waited for the whole build, 13 s idle and 56 s at load 15: lost). The
# alarm is 3 s: at 1 s, at load 16 to 18, round 1 took 0.94 to 1.01 s (some games lost), and
# at load 20 1.35 s, the quick tables' build alone taking about a second there (as
# e2e_first_game3's would); 3 s still fails every game that waits for the build. The bad file
# is named once (with -q, nothing at all is said). The wait after the game (finishing the
# build) stops on Ctrl-C within a second, and the file it saves is then loaded.
if [ -n "${CUBEGOD_SLOW_TOOLS:-}" ]; then echo "skipped under valgrind"; exit 77; fi
if [ -n "${CUBEGOD_SANITIZED:-}" ]; then echo "skipped under ASan: 3x3 table builds there"; exit 77; fi
if [ -n "${CUBEGOD_COVERAGE:-}" ]; then echo "skipped under gcov: a 1 s alarm; the release build runs it"; exit 77; fi
if [ "${CUBEGOD_TEST_TIMEOUT:-600}" -lt 600 ]; then
  echo "skipped: a table build needs more than the ${CUBEGOD_TEST_TIMEOUT} s per-test timeout"
  exit 77
fi
HERE=$(dirname "$0")
. "$HERE/lib_serve.sh"
real=${CUBEGOD_TWOPHASE_CACHE:?}
[ -f "$real" ] || fail "no 3x3 tables at $real (the tables3 fixture)"
pocket=${CUBEGOD_CACHE:?}

# damage NAME: a cache folder $TMP/NAME with the 2x2 table and a bad twophase.tbl
damage() {
  local dir=$TMP/$1 f=$TMP/$1/twophase.tbl
  mkdir -p "$dir" && cp "$pocket" "$dir/pocket.tbl" || fail "cannot copy the 2x2 table"
  case $1 in
    truncated) head -c 1048576 "$real" > "$f" ;;
    version) cp "$real" "$f" && python3 - "$f" <<'PY' ;;
import struct, sys
with open(sys.argv[1], "r+b") as f:
    f.seek(8)  # after the 8-byte magic: the version, 32 bits little-endian
    v = struct.unpack("<I", f.read(4))[0]
    f.seek(8)
    f.write(struct.pack("<I", v + 1))
PY
    checksum) cp "$real" "$f" && python3 - "$f" <<'PY' ;;
import os, sys
with open(sys.argv[1], "r+b") as f:
    f.seek(os.path.getsize(sys.argv[1]) // 2)
    b = f.read(1)
    f.seek(-1, 1)
    f.write(bytes([b[0] ^ 0x5A]))
PY
    foreign) head -c 4096 /dev/urandom > "$f" ;;
    other) cp "$pocket" "$f" ;;
  esac
  cmp -s "$f" "$real" && fail "$1: the file was not changed"
}

# game NAME SEED [-q]: the first 3x3 game with NAME's cache folder; once won, Ctrl-C skips the
# build play would finish (its status stays the game's: 0), but for the truncated file's.
# With -q nothing at all is said on stderr, not even the build's progress after the game.
game() {
  local name=$1 seed=$2 quiet=${3:-}
  damage "$name"
  serve "$name" --size 3 --rounds 3 --games 1 --alarm 3 --seed "$seed"
  CUBEGOD_CACHE=$TMP/$name/pocket.tbl "$CUBEGOD" play $quiet 127.0.0.1 "$PORT" \
    > "$TMP/$name.out" 2> "$TMP/$name.err" < /dev/null &
  local pid=$!
  wait_for "$TMP/$name.out" "rounds passed" || { kill $pid; fail "$name: no verdict from play"; }
  if [ "$name" != truncated ]; then
    # Ctrl-C during the wait for the build: gone within a second (two allowed here, for a
    # loaded machine; before, the build ran on for about 20 s)
    kill -INT $pid 2>/dev/null
    local t0 ms
    t0=$(date +%s%N)
    for _ in $(seq 40); do kill -0 $pid 2>/dev/null || break; sleep 0.05; done
    ms=$(( ($(date +%s%N) - t0) / 1000000 ))
    kill -0 $pid 2>/dev/null && { kill -9 $pid; fail "$name: play still running 2 s after Ctrl-C"; }
    echo "$name: play ended ${ms} ms after Ctrl-C during the wait for the build"
  fi
  wait $pid; RC=$?
  [ "$RC" = 0 ] || fail "$name: play exited $RC: $(tail -3 "$TMP/$name.err")"
  has "\[+\] won: 3/3 rounds passed" "$TMP/$name.out"
  if [ -n "$quiet" ]; then
    [ -s "$TMP/$name.err" ] && fail "$name: -q printed on stderr: $(cat "$TMP/$name.err")"
    return 0
  fi
  local named
  named=$(grep -c "$TMP/$name/twophase.tbl" "$TMP/$name.err")
  [ "$named" = 1 ] || fail "$name: the bad file named $named times, not once: $(cat "$TMP/$name.err")"
  has "quick solver answers" "$TMP/$name.err"
  grep "round 1/3" "$TMP/$name.err"
}

game version 42
has "not a cubegod table of this version" "$TMP/version.err"
game checksum 43
has "checksum mismatch" "$TMP/checksum.err"
game foreign 44
has "size 4096, expected" "$TMP/foreign.err"
game other 45
has "holds another cubegod table" "$TMP/other.err"
cmp -s "$TMP/other/twophase.tbl" "$pocket" || fail "other: the 2x2's file was written over"

# The truncated file, with -q: the build is finished after the game and saved, and nothing at
# all is said, not even the build's progress (which a mutant of cmd_play.c:661 showed; the lines
# a log gets without -q are e2e_first_game3's).
game truncated 46 -q
"$CUBEGOD" tables --size 3 --cache "$TMP/truncated/twophase.tbl" > "$TMP/load.out" ||
  fail "tables on the rebuilt file exited $?"
has "loaded from $TMP/truncated/twophase.tbl" "$TMP/load.out"
cmp -s "$TMP/truncated/twophase.tbl" "$real" || fail "the rebuilt file differs from the suite's"
echo "e2e_tables3_damaged: ok"
