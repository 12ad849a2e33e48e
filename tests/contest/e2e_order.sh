#!/usr/bin/env bash
# cubegod order end to end: the known values (argument and standard input), --state and
# --explain, a million-move line, and bad characters (line, position, exit 2).
source "$(dirname "$0")/lib.sh"

grep -v '^#' "$F/order_known.tsv" >"$TMP/known"
while IFS= read -r line; do
  alg=${line%%$'\t'*} want=${line##*$'\t'}
  same "order '$alg'" "$("$CUBEGOD" order "$alg")" "$want"
done <"$TMP/known"
# The same sequences one per line on standard input (with CRLF ends).
cut -f1 "$TMP/known" | sed 's/$/\r/' | "$CUBEGOD" order >"$TMP/got"
cut -f2 "$TMP/known" | diff - "$TMP/got" >/dev/null || bad "stdin answers: $(tr '\n' ' ' <"$TMP/got")"

same "--state R" "$("$CUBEGOD" order --state R)" \
  "{{5,2},{1,1},{3,0},{4,0},{6,1},{2,2},{7,0},{8,0},{9,0},{13,1},{11,0},{12,0},{18,1},{10,1},{15,0},{16,0},{17,0},{14,1},{19,0},{20,0}}"
same "--explain R" "$("$CUBEGOD" order --explain R)" "corners (URF UBR DRB DFR) edges (UR BR DR FR) order 4"
same "several arguments" "$("$CUBEGOD" order R U "R'")" 4
same "rotation" "$("$CUBEGOD" order --explain x)" "corners (URF UBR DRB DFR) (ULB DBL DLF UFL) edges (UF UB DB DF) (UR BR DR FR) (UL BL DL FL) centres (U B D F) order 4"

# One line of a million moves: (R U R' U') 250000 times; the sexy move has order 6, and
# gcd(6, 250000) = 2, so the answer is 3.
awk 'BEGIN { for (i = 0; i < 250000; i++) printf "R U R'"'"' U'"'"' "; printf "\n" }' >"$TMP/long"
same "million moves" "$("$CUBEGOD" order <"$TMP/long")" 3

printf "R\nRUQ\nF\n" | "$CUBEGOD" order >"$TMP/out" 2>"$TMP/err"
status=$?
same "bad character: exit" "$status" 2
same "bad character: earlier lines answered" "$(cat "$TMP/out")" 4
grep -q "line 2: position 3: 'Q' is not a move" "$TMP/err" || bad "bad character: stderr '$(cat "$TMP/err")'"
"$CUBEGOD" order "R U X" >/dev/null 2>"$TMP/err"
same "bad argument: exit" "$?" 2
grep -q "position 5: 'X' is not a move" "$TMP/err" || bad "bad argument: stderr '$(cat "$TMP/err")'"
"$CUBEGOD" order --nope R >/dev/null 2>&1
same "unknown option: exit" "$?" 2
"$CUBEGOD" order --help | grep -q -- --explain || bad "--help does not describe --explain"

# The notation cubers paste: groups with counts, commutators, conjugates, nested; the
# typographic apostrophe; a byte-order mark before the first line; --explain on the result.
same "group with count" "$("$CUBEGOD" order "(R U R' U')2")" 3
same "commutator" "$("$CUBEGOD" order "[R, U]")" "$("$CUBEGOD" order "R U R' U'")"
same "conjugate explained" "$("$CUBEGOD" order --explain "[F: R U R' U']")" \
  "$("$CUBEGOD" order --explain "F R U R' U' F'")"
same "nested" "$("$CUBEGOD" order --state "[F: (R U R' U')2]")" "$("$CUBEGOD" order --state "F R U R' U' R U R' U' F'")"
same "typographic apostrophe" "$("$CUBEGOD" order "R U R’ U’")" 6
printf '\xef\xbb\xbf(R U)2\n[R’, U]\n' | "$CUBEGOD" order >"$TMP/out" 2>"$TMP/err"
same "BOM and apostrophe on stdin: exit" "$?" 0
same "BOM and apostrophe on stdin" "$(tr '\n' ' ' <"$TMP/out")" "105 6 "
printf 'R\n(R U\nF\n' | "$CUBEGOD" order >"$TMP/out" 2>"$TMP/err"
same "unclosed group: exit" "$?" 2
grep -q "line 2: the '(' at position 1 is never closed" "$TMP/err" || bad "unclosed group: stderr '$(cat "$TMP/err")'"
"$CUBEGOD" order "[R U]" >/dev/null 2>"$TMP/err"
grep -q "position 5: the '\[' opened at position 1 has no ',' (commutator) or ':' (conjugate)" "$TMP/err" ||
  bad "bracket without separator: stderr '$(cat "$TMP/err")'"
"$CUBEGOD" order --explian R >/dev/null 2>"$TMP/err"
grep -q "did you mean '--explain'" "$TMP/err" || bad "misspelled option: stderr '$(cat "$TMP/err")'"

finish order
