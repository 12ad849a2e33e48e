#!/usr/bin/env bash
# cubegod sim3 end to end: the samples (also straight from the seed document), tolerated
# layouts, and bad inputs (line number on stderr, exit 2, earlier data sets still answered).
source "$(dirname "$0")/lib.sh"

# expect NAME WANT_STATUS WANT_STDOUT [STDERR_PATTERN] < input
expect() {
  local name=$1 status=$2 out=$3 pattern=${4:-}
  "$CUBEGOD" sim3 >"$TMP/out" 2>"$TMP/err"
  local got=$?
  [ "$got" -eq "$status" ] || bad "$name: exit $got, want $status ($(cat "$TMP/err"))"
  [ "$(cat "$TMP/out")" = "$out" ] || bad "$name: stdout '$(cat "$TMP/out")', want '$out'"
  if [ -n "$pattern" ]; then
    grep -q -- "$pattern" "$TMP/err" || bad "$name: stderr '$(cat "$TMP/err")' lacks '$pattern'"
  fi
}

want=$(cat "$F/sim3_samples.out")
expect samples 0 "$want" <"$F/sim3_samples.in"

# CRLF line ends, tabs and more spaces before and between the colours.
sed -e 's/^ *\([A-Z]\) /\t   \1  /' -e 's/$/\r/' "$F/sim3_samples.in" >"$TMP/crlf.in"
expect crlf 0 "$want" <"$TMP/crlf.in"

# The sample input exactly as the seed document prints it.
# (fixtures/contest/sim3_seed_document.in keeps its no-break spaces.)
expect seed-document 0 "$want" <"$F/sim3_seed_document.in"

# Bad inputs after one good data set (lines 1-15).
head -n 15 "$F/sim3_samples.in" >"$TMP/one"
NET=$(sed -n 2,10p "$F/sim3_samples.in")
{ cat "$TMP/one"; printf 'START\n%s\nfront up\nEND\nENDOFINPUT\n' "$NET"; } |
  expect unknown-operation 2 Yes "line 26: unknown operation 'front up'"
{ cat "$TMP/one"; printf 'START\n      O O O\n      O O\n'; } |
  expect short-net-line 2 Yes "line 18: expected 3 colours"
{ cat "$TMP/one"; printf 'START\n%s\n' "$NET" | sed '5s/.$//'; printf 'END\nENDOFINPUT\n'; } |
  expect short-strip-line 2 Yes "line 20: expected 12 colours"
{ cat "$TMP/one"; printf 'START\n%s\nEND\nENDOFINPUT\n' "$NET" | sed '2s/O/W/'; } |
  expect colour-counts 2 Yes "line 17: the net (lines 17-25) must show six colours nine times each"
{ cat "$TMP/one"; printf 'START\n%s\nfront right\nSTART\n' "$NET"; } |
  expect missing-end 2 Yes "line 27: START before the END of the data set of line 16"
{ cat "$TMP/one"; printf 'START\n%s\nfront right\n' "$NET"; } |
  expect end-of-input-in-set 2 Yes "line 27: the input ends before the END"
cat "$TMP/one" | expect missing-endofinput 2 Yes "line 16: the input ends without ENDOFINPUT"
{ cat "$F/sim3_samples.in"; echo "START"; } | expect after-endofinput 2 "$want" "line 35: 'START' after ENDOFINPUT"
printf 'hello\n' | expect garbage 2 "" "line 1: expected START or ENDOFINPUT, found 'hello'"
: </dev/null | expect empty 2 "" "line 1: the input ends without ENDOFINPUT"
head -c 100000 /dev/zero | tr '\0' ' ' | expect long-blank-line 2 "" "the input ends without ENDOFINPUT"

"$CUBEGOD" sim3 --help | grep -q ENDOFINPUT || bad "--help does not describe the input"
"$CUBEGOD" sim3 extra </dev/null >/dev/null 2>&1
[ $? -eq 2 ] || bad "an argument is not refused with 2"

finish sim3
