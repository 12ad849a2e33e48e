#!/usr/bin/env bash
# cubegod replay on the terminal captures in $FIXTURES/captures, on variants of them (CRLF,
# answers on the prompt line, a 12-move answer), on transcripts play recorded
# ($FIXTURES/transcripts), and on bad input.
set -uo pipefail
: "${CUBEGOD:?}" "${FIXTURES:?}"
CAP=$FIXTURES/captures
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# run FILE EXPECTED-EXIT: runs replay, output in $TMP/out
run() {
  "$CUBEGOD" replay "$@" >"$TMP/out" 2>"$TMP/err"
  echo $?
}

rc=$(run "$CAP/game-100-rounds.txt")
[ "$rc" -eq 0 ] || { cat "$TMP/out" "$TMP/err"; fail "100-round capture: exit $rc"; }
grep -q "terminal capture, 100 rounds, 100 correct" "$TMP/out" || fail "100-round summary"
[ "$(grep -c '^round [0-9]*/100: correct' "$TMP/out")" -eq 100 ] || fail "100 correct round lines"
grep -q "after the last round: .*flag{" "$TMP/out" || fail "flag line not shown"
echo "ok: 100-round capture, all correct"

rc=$(run "$CAP/game-wrong-answer-round-3.txt")
[ "$rc" -eq 1 ] || fail "wrong-answer capture: exit $rc"
grep -q "^round 3/100: not solved" "$TMP/out" || fail "round 3 not reported as not solved"
grep -q "first wrong: round 3" "$TMP/out" || fail "summary does not name round 3"
grep -q "^round 1/100: correct" "$TMP/out" || fail "round 1 should be correct"
echo "ok: wrong-answer capture, round 3 named"

# a capture of a net with its own question ('moves?', counters.py): the prompt found as play
# finds it, no --prompt needed (issue 41); a wrong answer in it is the first wrong
rc=$(run "$CAP/net-moves-question.txt")
[ "$rc" -eq 0 ] && grep -q "terminal capture, 2 rounds, 2 correct" "$TMP/out" ||
  fail "net capture without --prompt: exit $rc: $(cat "$TMP/out" "$TMP/err")"
awk '/^moves\?$/ && !done { print; getline a; print "U"; done = 1; next } { print }' \
  "$CAP/net-moves-question.txt" >"$TMP/net-wrong.txt"
rc=$(run -q "$TMP/net-wrong.txt")
[ "$rc" -eq 1 ] && grep -q "first wrong: round 1" "$TMP/out" || fail "net capture, round 1 wrong: exit $rc"
echo "ok: a net capture's own question is the prompt"

# CRLF line endings change nothing
sed 's/$/\r/' "$CAP/game-100-rounds.txt" >"$TMP/crlf.txt"
rc=$(run -q "$TMP/crlf.txt")
[ "$rc" -eq 0 ] && grep -q "100 correct" "$TMP/out" || fail "CRLF capture: exit $rc"

# answers typed on the prompt line (a terminal where the prompt has no newline)
awk '/^Enter your solution:$/ { getline a; print "Enter your solution: " a; next } { print }' \
  "$CAP/game-100-rounds.txt" >"$TMP/inline.txt"
rc=$(run -q "$TMP/inline.txt")
[ "$rc" -eq 0 ] && grep -q "100 rounds, 100 correct" "$TMP/out" || fail "inline answers: exit $rc"

# round 5 answered with 12 moves
awk '/^=== Round 5\// { r5 = 1 } /^Enter your solution:$/ && r5 == 1 { print; getline; print "U U U U U U U U U U U U"; r5 = 2; next } { print }' \
  "$CAP/game-100-rounds.txt" >"$TMP/twelve.txt"
rc=$(run "$TMP/twelve.txt")
[ "$rc" -eq 1 ] || fail "12-move answer: exit $rc"
grep -q "^round 5/100: too many moves" "$TMP/out" || fail "round 5 not reported as too many"
grep -q "the server disagreed" "$TMP/out" || fail "server's [+] for round 5 not flagged"
echo "ok: variants (CRLF, inline answers, 12 moves)"

# --max-moves 8 makes the longer answers wrong
rc=$(run -q --max-moves 8 "$CAP/game-100-rounds.txt")
[ "$rc" -eq 1 ] && grep -q "too many moves" "$TMP/out" || fail "--max-moves 8: exit $rc"

# transcripts play recorded (in $FIXTURES/transcripts), judged as play judged them
T=$FIXTURES/transcripts
# a menu, then a close before any cube: no round, and not won (exit 2, as for no round at all)
rc=$(run "$T/menu-only.rec")
[ "$rc" -eq 2 ] && grep -q "no round found (no answer sent after a cube)" "$TMP/err" &&
  ! grep -q "the game: won" "$TMP/out" || fail "menu, no cube: exit $rc: $(cat "$TMP/out" "$TMP/err")"
# a password written on a cube's faces, then the moves that hid it: the transcript's server text
# (decoded, as the server sent it) points at turn, with the transcript's own name
rc=$(run "$T/sealed-note.rec")
[ "$rc" -eq 1 ] && grep -qF "no round was correct; a drawing, then moves ('F R' U2 R F' D" "$TMP/err" &&
  grep -qF "the game: lost: round 1: a cube came, then 'password>' and the server waits" "$TMP/out" &&
  grep -qF "'cubegod turn --moves last-line $T/sealed-note.rec' applies them" "$TMP/err" ||
  fail "hidden text in a transcript: exit $rc: $(cat "$TMP/err")"
# a capture with no cube at all, only a drawing of letters and a route: no round, and turn named
# with the lines that hold them (exit 2)
printf 'Welcome, courier.\n      T H E\n      Q U I\n      C K B\nO W N S V L R O W V L A\nF X J A Z Y N F X Z Y D\nM P S D G T J M P G T H\n      H E Q\n      U I C\n      K B R\nRoute: R U F'"'"' D2 L B\n' > "$TMP/courier.txt"
rc=$(run "$TMP/courier.txt")
[ "$rc" -eq 2 ] && grep -qF "courier.txt: no round found; lines 2-10 hold a drawing and line 11 reads as moves ('R U F' D2 L B')" "$TMP/err" ||
  fail "a drawing and a route, no cube: exit $rc: $(cat "$TMP/err")"
# the file named in that command as a shell takes it: standard input is FILE, a name with a
# blank is quoted, one with a quote or a dollar is FILE too
"$CUBEGOD" replay - < "$T/sealed-note.rec" > "$TMP/out" 2> "$TMP/err"
grep -qF "'cubegod turn --moves last-line FILE' applies them" "$TMP/err" ||
  fail "hidden text on standard input: $(cat "$TMP/err")"
cp "$T/sealed-note.rec" "$TMP/a note.rec" && cp "$T/sealed-note.rec" "$TMP/it's \$1.rec"
rc=$(run "$TMP/a note.rec")
grep -qF "'cubegod turn --moves last-line \"$TMP/a note.rec\"' applies them" "$TMP/err" ||
  fail "a name with a blank: $(cat "$TMP/err")"
rc=$(run "$TMP/it's \$1.rec")
grep -qF "'cubegod turn --moves last-line FILE' applies them" "$TMP/err" ||
  fail "a name with a quote: $(cat "$TMP/err")"
# the same, won by a reply rule that sent the password: the reply took the answer's place, so
# the cube was no round left unanswered (exit 0, won)
rc=$(run "$T/sealed-note-password.rec")
[ "$rc" -eq 0 ] && grep -q "transcript, no round of moves" "$TMP/out" &&
  grep -q "^the game: won" "$TMP/out" || fail "a password's reply: exit $rc: $(cat "$TMP/out" "$TMP/err")"
# a cube asked again (the server's "once more" and the same cube), its first answer edited to a
# wrong one, the transcript cut after it: the answer asked again that passed takes back "first
# wrong" (the only round: no later one asked again can hide a first wrong kept)
rc=$(run "$T/asked-again-wrong-first.rec")
[ "$rc" -eq 0 ] && grep -q "^round 1/2: not solved" "$TMP/out" &&
  grep -q "^round 1/2 (asked again): correct" "$TMP/out" &&
  grep -q "transcript, 1 round, 1 correct (0 optimal), 0 wrong$" "$TMP/out" &&
  grep -qx "the game: lost: round 1: the connection closed before the verdict" "$TMP/out" ||
  fail "round 1 wrong, then right when asked again: exit $rc: $(cat "$TMP/out")"
# a server that turned play's second move the other way, then showed the cube after each of
# its next moves (first_word.py --each --twist 2): five cubes off play's course, each counted
# once where it ends, not once a line
rc=$(run "$T/twisted-second-move.rec")
grep -q "the engine and the recording part 5 times, first at line 24: round 1, move 2 (U)" "$TMP/out" ||
  fail "a twisted move: exit $rc: $(tail -n 1 "$TMP/out")"
echo "ok: transcripts (no cube, hidden text, asked again, a twisted move)"

# bad input: exit 2 with a message that says where
printf '# cubegod transcript 1\n< 0.1 Face U:\\n\n< 0.2 oops \\q\n' >"$TMP/bad.txt"
rc=$(run "$TMP/bad.txt")
[ "$rc" -eq 2 ] && grep -q "line 3" "$TMP/err" || fail "malformed transcript: exit $rc, $(cat "$TMP/err")"
printf 'hello\nworld\n' >"$TMP/none.txt"
rc=$(run "$TMP/none.txt")
[ "$rc" -eq 2 ] && grep -q "no round" "$TMP/err" || fail "file without rounds: exit $rc"
rc=$(run "$TMP/missing.txt")
[ "$rc" -eq 2 ] || fail "missing file: exit $rc"
rc=$(run)
[ "$rc" -eq 2 ] || fail "no FILE: exit $rc"
echo "ok: bad input"
echo "all replay tests passed"
