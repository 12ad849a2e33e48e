#!/usr/bin/env bash
# needs: tables3 (its `play` opens both sizes' tables before connecting)
# A UTF-8 byte-order mark at the start of the input (a file saved by an editor that adds one) is
# ignored by every command that reads text: the answers are those of the same input without it.
# A stray 0xEF that is not a whole mark is refused with a message.
. "$(dirname "$0")/lib.sh"
HERE=$(cd "$(dirname "$0")" && pwd)
C=$FIXTURES/contest
bom() { printf '\xef\xbb\xbf'; cat "$1"; }

bom "$C/sim3_samples.in" | "$CUBEGOD" sim3 > "$TMP/out" 2> "$TMP/err" || fail "sim3 after a BOM: $(cat "$TMP/err")"
cmp -s "$TMP/out" "$C/sim3_samples.out" || fail "sim3 answers differ after a BOM"
bom "$C/jigsaw-sample.in" | "$CUBEGOD" jigsaw > "$TMP/out" 2> "$TMP/err" || fail "jigsaw after a BOM: $(cat "$TMP/err")"
cmp -s "$TMP/out" "$C/jigsaw-sample.out" || fail "jigsaw answers differ after a BOM"
{ printf '\xef\x41'; cat "$C/jigsaw-sample.in"; } | "$CUBEGOD" jigsaw > /dev/null 2> "$TMP/err"
expect_eq "$?" 2 "jigsaw with a broken mark"
expect_grep "starts with byte 0xef, but not with a UTF-8 byte-order mark" "$TMP/err"

# replay: a transcript written by play, then the same with a mark in front.
"$CUBEGOD" play -q --exec "python3 $HERE/../game/app.py --rounds 2 --seed 3" --record "$TMP/game.rec" > /dev/null 2>&1 ||
  fail "play for the transcript"
bom "$TMP/game.rec" > "$TMP/bom.rec"
"$CUBEGOD" replay -q "$TMP/bom.rec" > "$TMP/out" 2> "$TMP/err" || fail "replay after a BOM: $(cat "$TMP/err")"
expect_grep "transcript, 2 rounds, 2 correct" "$TMP/out"

# solve and order read it too (their own tests check it in detail).
printf '\xef\xbb\xbfUUUUDDDDRRFFLLBBFFLLBBRR\n' | "$CUBEGOD" solve --line > "$TMP/out" || fail "solve after a BOM"
expect_eq "$(cat "$TMP/out")" "U'" "solve after a BOM"
printf '\xef\xbb\xbfR U\n' | "$CUBEGOD" order > "$TMP/out" || fail "order after a BOM"
expect_eq "$(cat "$TMP/out")" 105 "order after a BOM"
echo "e2e_bom: all checks passed"
