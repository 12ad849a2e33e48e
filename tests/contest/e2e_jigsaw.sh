#!/usr/bin/env bash
# cubegod jigsaw end to end: the problem's samples, degenerate puzzles counted by hand, bad input
# (line number and reason on stderr, exit 2, the counts before the bad line on stdout), --help,
# and the benchmark's report.
source "$(dirname "$0")/lib.sh"

# The samples: expected output from the problem statement.
"$CUBEGOD" jigsaw < "$F/jigsaw-sample.in" > "$TMP/out" 2> "$TMP/err" || bad "samples: exit $?"
cmp -s "$TMP/out" "$F/jigsaw-sample.out" || bad "samples: got $(tr '\n' ' ' < "$TMP/out")"
[ -s "$TMP/err" ] && bad "samples: stderr not empty: $(cat "$TMP/err")"

# Outside the promises, with CRLF line ends. Counted by hand:
#   nine RRrr: each row all in turns {0,1} or {2,3}, each column all in {0,3} or {1,2}:
#              2^3 * 2^3 turn grids, times 9! ways to place the copies = 64 * 362880;
#   nine RrRr: a checkerboard of its two patterns (2 ways), each piece in 2 turns: 2 * 2^9 * 9!;
#   nine RRRR: R never faces R, 0;
#   RRrr written in its four turns: the same piece, so the same count as nine RRrr;
#   RGrg in its four turns: every turn's right edge pairs only with its own left edge (and the
#              same for bottom and top), so all nine share one turn: 4 * 9!;
#   five RRRR and four rrrr: one checkerboard (RRRR in the corners and the centre), every piece
#              in any of its 4 turns (all alike), the copies in 5! * 4! ways: 4^9 * 5! * 4!.
"$CUBEGOD" jigsaw < "$F/jigsaw-degenerate.in" > "$TMP/out" 2> "$TMP/err" || bad "degenerate: exit $?"
cmp -s "$TMP/out" "$F/jigsaw-degenerate.out" || bad "degenerate: got $(tr '\n' ' ' < "$TMP/out")"

# bad_input FILE LINE REASON STDOUT: exit 2, "line LINE: ...REASON..." on stderr, STDOUT on stdout.
bad_input() {
  local file=$1 line=$2 reason=$3 want=$4 rc=0
  "$CUBEGOD" jigsaw < "$F/$file" > "$TMP/out" 2> "$TMP/err" || rc=$?
  [ "$rc" -eq 2 ] || bad "$file: exit $rc, expected 2"
  grep -q "line $line: .*$reason" "$TMP/err" || bad "$file: stderr '$(cat "$TMP/err")' lacks 'line $line: ...$reason'"
  [ "$(cat "$TMP/out")" = "$want" ] || bad "$file: stdout '$(cat "$TMP/out")', expected '$want'"
}
bad_input jigsaw-bad-length.in 4 "piece 9 'WBg' at column 41 has 3 symbols" $'40\n8'
bad_input jigsaw-bad-symbol.in 3 "'x' at column 44 is not a symbol" '40'
bad_input jigsaw-bad-eight.in 4 "8 pieces; a puzzle has 9" $'40\n8'
bad_input jigsaw-bad-short.in 4 "the input ends after 2 of the 4 puzzles" $'40\n8'
bad_input jigsaw-bad-n.in 1 "'six' is not a number of puzzles" ''
bad_input jigsaw-bad-extra.in 3 "more text after the 1 puzzles" '40'

# Usage.
"$CUBEGOD" jigsaw --help > "$TMP/out" || bad "--help: exit $?"
grep -q "usage: cubegod jigsaw" "$TMP/out" || bad "--help: no usage line"
rc=0; "$CUBEGOD" jigsaw extra < /dev/null 2> "$TMP/err" || rc=$?
[ "$rc" -eq 2 ] || bad "an argument: exit $rc, expected 2"

# The benchmark.
rc=0; "$CUBEGOD" bench jigsaw -n 20 --seed 3 > "$TMP/out" 2> "$TMP/err" || rc=$?
[ "$rc" -eq 0 ] || bad "bench: exit $rc: $(cat "$TMP/err")"
grep -q "^jigsaw: 20 puzzles (seed 3), 10 fully random and 10 cut from solved grids" "$TMP/out" \
  || bad "bench: unexpected report: $(cat "$TMP/out")"
grep -q "us per puzzle" "$TMP/out" || bad "bench: no per-puzzle time"
rc=0; "$CUBEGOD" bench jigsaw -n 0 2> /dev/null || rc=$?
[ "$rc" -eq 2 ] || bad "bench -n 0: exit $rc, expected 2"

finish jigsaw
