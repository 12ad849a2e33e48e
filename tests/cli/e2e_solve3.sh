# cubegod solve on 3x3 input: sizes told apart by what is read, every impossibility reported
# with its puzzle number and line, --order, --ambiguous, --explain. (No 3x3 solver in this
# build: a rebuilt 3x3 is answered '!' with a message that says so.)
. "$(dirname "$0")/lib.sh"

# 1. The error fixture through the command: one '!' per line, each message with its line.
grep -v '^#' "$FIXTURES/puzzle3/lines.txt" | cut -f1 > "$TMP/in"
n=$(wc -l < "$TMP/in")
"$CUBEGOD" solve --line < "$TMP/in" > "$TMP/out" 2> "$TMP/err"
expect_eq "$?" 2 "exit status with bad 3x3 lines"
expect_eq "$(wc -l < "$TMP/out")" "$n" "one output line per input line"
i=0
grep -v '^#' "$FIXTURES/puzzle3/lines.txt" | cut -f2 | while IFS= read -r want; do
  i=$((i + 1))
  [ -n "$want" ] || want="no 3x3 solver yet"
  grep -F "puzzle $i (line $i): " "$TMP/err" | grep -qF "$want" ||
    fail "line $i: expected '$want' in: $(grep -F "(line $i):" "$TMP/err")"
done || exit 1

# 2. Kociemba's order: the fixture line reads as the cube after R; in the default order it does
#    not make a cube. --explain shows the pieces the R turn moved.
"$CUBEGOD" solve --line --order URFDLB --explain < "$FIXTURES/puzzle3/after-R.urfdlb" > "$TMP/out" 2> "$TMP/err"
expect_grep "a 3x3; U=W D=Y F=G B=B L=O R=R; 1 cube fits" "$TMP/err"
expect_grep "UR<-FR" "$TMP/err"
expect_grep "ULB<-ULB" "$TMP/err"
"$CUBEGOD" solve --line < "$FIXTURES/puzzle3/after-R.urfdlb" > "$TMP/out" 2> "$TMP/err"
expect_grep "which no corner of the cube has" "$TMP/err"
"$CUBEGOD" solve --line --order URFDL < /dev/null > "$TMP/out" 2> "$TMP/err"
expect_eq "$?" 2 "bad --order"
expect_grep "face order 'URFDL' has 5 letters" "$TMP/err"

# 3. Boxes with CRLF and odd spacing, then a run that mixes a 2x2 box into a 3x3 run.
"$CUBEGOD" solve --explain "$FIXTURES/puzzle3/boxes-crlf.txt" > "$TMP/out" 2> "$TMP/err"
expect_grep "puzzle 1 (line 37): a 3x3; U=W" "$TMP/err"
printf 'Face U:\n+-------+\n| U U U |\n| U U U |\n| U U U |\n+-------+\nFace D:\n+-----+\n| D D |\n' |
  "$CUBEGOD" solve > "$TMP/out" 2> "$TMP/err"
expect_grep "puzzle 1 (line 9): Face D: line 2 is a row of a 2x2 but the run's first box is a 3x3" "$TMP/err"

# 4. An ambiguous view: the U layer hidden (the U face and the top row of each side) leaves the
#    U layer's eight pieces free among themselves.
line='?????????DDDDDDDDD???FFFFFF???BBBBBB???LLLLLL???RRRRRR'
echo "$line" | "$CUBEGOD" solve --line > "$TMP/out" 2> "$TMP/err"
expect_grep "cubes fit what is shown" "$TMP/err"
echo "$line" | "$CUBEGOD" solve --line --ambiguous pick --explain > "$TMP/out" 2> "$TMP/err"
expect_grep "cubes fit" "$TMP/err"
expect_grep "no 3x3 solver yet" "$TMP/err"
"$CUBEGOD" solve --ambiguous maybe < /dev/null > "$TMP/out" 2> "$TMP/err"
expect_eq "$?" 2 "bad --ambiguous"
expect_grep "'maybe' is not pick or fail" "$TMP/err"
echo "e2e_solve3: ok"
