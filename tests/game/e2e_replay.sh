#!/usr/bin/env bash
# cubegod replay on the two terminal captures in $FIXTURES/captures, on variants of them (CRLF,
# answers on the prompt line, a 12-move answer), and on bad input.
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
