#!/usr/bin/env bash
# needs: tables3 (the ctest fixture that builds the 3x3 two-phase tables)
# cubegod play against cubegod serve --size 3 over TCP: the six-face game won (every answer
# checked by the server's own 3x3 model), a hidden face with --ambiguous fail (an ambiguous round
# ends the game naming the round and the count) and pick (every lost round is one marked as a
# guess), a move limit the solver cannot meet refused before sending, and the record replayed.
HERE=$(dirname "$0")
. "$HERE/lib_serve.sh"

# Under valgrind (CUBEGOD_SLOW_TOOLS) every solve is tens of times slower: fewer rounds, and the
# hidden-face games (up to 100 rounds each) are left to the release and sanitizer runs.
SLOW=${CUBEGOD_SLOW_TOOLS:-}
R=30
[ -n "$SLOW" ] && R=3
serve six --size 3 --rounds $R --games 1 --seed 21 --alarm 60
play six 127.0.0.1 "$PORT" --record "$TMP/six.rec"
[ "$RC" = 0 ] || fail "six faces: exit $RC"
has "\[+\] won: $R/$R rounds passed" "$TMP/six.out"
[ "$(grep -c "^\[\*\] round [0-9]*/$R  3x3 " "$TMP/six.err")" = $R ] || fail "not $R 3x3 round lines"
grep -q "a guess" "$TMP/six.err" && fail "a guess with six faces shown"
# No answer above the default 20 moves.
awk '/^\[\*\] round/ { if ($4 + 0 > 20) bad = 1 } END { exit bad }' "$TMP/six.err" ||
  fail "an answer longer than 20 moves"

if [ -n "$SLOW" ]; then
  echo "e2e_play3: under valgrind, the hidden-face games are skipped (release and ASan run them)"
else
# One face hidden: the same seeded game (one server each, so each plays game 1 of seed 22)
# both ways. The seed is one whose game has ambiguous rounds (with a face hidden, several cubes
# fit the view now and then).
serve hid1 --size 3 --hide 1 --rounds 100 --games 1 --seed 22 --alarm 30
play fail 127.0.0.1 "$PORT"
[ "$RC" = 1 ] || fail "hidden face, --ambiguous fail: exit $RC"
amb=$(sed -nE 's/.*round ([0-9]+): [0-9]+ cubes fit what is shown.*/\1/p' "$TMP/fail.out" | head -n1)
[ -n "$amb" ] || fail "no ambiguous round named"
serve hid2 --size 3 --hide 1 --rounds 100 --games 1 --seed 22 --alarm 30
play pick 127.0.0.1 "$PORT" --ambiguous pick
first=$(sed -nE 's|^\[\*\] round ([0-9]+)/100 .*\(a guess: [0-9]+ cubes fit the faces shown, answered one\)$|\1|p' \
        "$TMP/pick.err" | head -n1)
[ "$first" = "$amb" ] || fail "pick's first guess is round '$first', the ambiguous round was $amb"
if [ "$RC" != 0 ]; then
  # Lost: only at a round answered with a guess.
  passed=$(sed -nE 's/^\[-\] lost: ([0-9]+) rounds? passed.*/\1/p' "$TMP/pick.out")
  grep -q "^\[\*\] round $((passed + 1))/100 .*a guess" "$TMP/pick.err" ||
    fail "pick lost round $((passed + 1)), which was not a guess"
else
  has "\[+\] won: 100/100" "$TMP/pick.out"
fi
fi

# A move limit below what the solver finds: refused before anything is sent, with the round.
serve short --size 3 --rounds 3 --games 1 --seed 23 --alarm 30
play short 127.0.0.1 "$PORT" --max-moves 8
[ "$RC" = 1 ] || fail "--max-moves 8: exit $RC"
has "round 1:" "$TMP/short.out"

# --size 3: the 3x3 tables opened before connecting, once, and no quick solver (a second open
# at the first round would leak the first: the ASan run's LeakSanitizer fails the exit)
serve sized --size 3 --rounds 2 --games 1 --seed 24 --alarm 60
play sized --size 3 127.0.0.1 "$PORT"
[ "$RC" = 0 ] || fail "--size 3: exit $RC: $(tail -3 "$TMP/sized.err")"
has "\[+\] won: 2/2 rounds passed" "$TMP/sized.out"
grep -q "quick solver" "$TMP/sized.err" && fail "--size 3 used the quick solver"

# The six-face record replays: every round correct.
"$CUBEGOD" replay -q "$TMP/six.rec" > "$TMP/replay.out" 2>&1 || fail "replay of the 3x3 record failed"
has "$R rounds, $R correct ($R 3x3, optimum not computed), 0 wrong" "$TMP/replay.out"
# The same record with round 2's answer changed to one move: replay finds it unsolved.
awk '/^> / && ++k == 2 { print "> 0.1 U\\n"; next } { print }' "$TMP/six.rec" > "$TMP/bad.rec"
"$CUBEGOD" replay -q "$TMP/bad.rec" > "$TMP/badreplay.out" 2>&1
has "round 2/$R: not solved, 1 move" "$TMP/badreplay.out"
has "$((R - 1)) correct ($R 3x3, optimum not computed), 1 wrong, first wrong: round 2" "$TMP/badreplay.out"
# bench net --size 3: the in-process 3x3 server and client, every game won.
# A long alarm: this checks the game, not the speed (which sanitizers and a busy machine change).
"$CUBEGOD" bench net --size 3 --games 1 --rounds $R --alarm 60 --json > "$TMP/bench.out" 2>&1 ||
  fail "bench net --size 3 lost or failed"
has '"size": *3' "$TMP/bench.out"
has '"won": *1' "$TMP/bench.out"
echo "e2e_play3: ok"
