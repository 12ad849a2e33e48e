# cubegod solve end to end: the captures, the compact form, errors and options.
. "$(dirname "$0")/lib.sh"

# 1. The recorded 100-round game: one answer per round, each as short as the answer the
#    independent server accepted (both optimal, so equal length).
cap="$FIXTURES/captures/game-100-rounds.txt"
"$CUBEGOD" solve < "$cap" > "$TMP/out" || fail "solve on the capture exited $?"
expect_eq "$(wc -l < "$TMP/out")" 100 "answers for the capture"
grep -A1 '^Enter your solution:' "$cap" | grep -v '^Enter\|^--' | awk '{print NF}' > "$TMP/theirs"
awk '{print NF}' "$TMP/out" > "$TMP/ours"
cmp -s "$TMP/ours" "$TMP/theirs" || fail "solution lengths differ from the capture's accepted answers"

# 2. The compact form: answers stay aligned with puzzles; failures are '!' with a message.
#    Every input line gets exactly one output line: '#' for a comment, '!' for a blank line.
printf '%s\n' UUUUDDDDRRFFLLBBFFLLBBRR '# a comment' UUUUDDDDRRFFLLBBFFLLBBR \
  '' BDURFDULFBDB????DLFRUFLB UUUUDDDDFFFFBBBBLLLLRRRR | "$CUBEGOD" solve --line > "$TMP/out" 2> "$TMP/err"
expect_eq "$?" 2 "exit status with a bad puzzle"
expect_eq "$(sed -n 1p "$TMP/out")" "U'" "answer to U"
expect_eq "$(sed -n 2p "$TMP/out")" "#" "answer to a comment"
expect_eq "$(sed -n 3p "$TMP/out")" "!" "marker for the bad puzzle"
expect_eq "$(sed -n 4p "$TMP/out")" "!" "marker for the blank line"
expect_eq "$(sed -n 6p "$TMP/out")" "" "answer for a solved cube"
expect_eq "$(wc -l < "$TMP/out")" 6 "lines out"
expect_grep "puzzle 2 (line 3): 23 stickers, expected 24" "$TMP/err"
expect_grep "puzzle 3 (line 4): blank line" "$TMP/err"
[ "$(sed -n 5p "$TMP/out")" != "!" ] || fail "a cube with a hidden face was not solved"

# 3. Colours that are not face letters: solved to any orientation by default; home needs the
#    scheme, and with it the answer brings the cube home (longer or equal).
words=$(echo UUUUDDDDRRFFLLBBFFLLBBRR | tr UDFBLR WYGBOR)
expect_eq "$(echo "$words" | "$CUBEGOD" solve --line)" "U'" "any-orientation answer for colour letters"
echo "$words" | "$CUBEGOD" solve --line --target home > "$TMP/out" 2> "$TMP/err" && fail "home without a scheme succeeded"
expect_grep "needs the colour scheme" "$TMP/err"
expect_eq "$(echo "$words" | "$CUBEGOD" solve --line --target home --scheme U=W,D=Y,F=G,B=B,L=O,R=R)" "U'" "home with a scheme"
# A whole-cube turn (U D') is solved for 'any' but two moves from home.
turned=$(echo UUUUDDDDRRRRLLLLFFFFBBBB)
expect_eq "$(echo "$turned" | "$CUBEGOD" solve --line --target any)" "" "a turned cube is solved for any"
expect_eq "$(echo "$turned" | "$CUBEGOD" solve --line | wc -w)" 2 "a turned cube is two moves from home"

# 4. --max-moves: a clear failure when the optimum is longer.
echo BDURFDULFBDBLRURDLFRUFLB | "$CUBEGOD" solve --line --max-moves 3 > "$TMP/out" 2> "$TMP/err"
expect_eq "$?" 2 "exit status when the optimum is too long"
expect_grep "shortest solution has 4 moves, more than the 3 allowed" "$TMP/err"

# 5. Boxes: an error names the puzzle, the next puzzle is still answered.
printf 'Face U:\n+-----+\n| U U |\n+-----+\nEnter\nFace U:\n+-----+\n| U U |\n| U U |\n+-----+\n' > "$TMP/in"
for f in D F B L R; do printf 'Face %s:\n+-----+\n| %s %s |\n| %s %s |\n+-----+\n' $f $f $f $f $f >> "$TMP/in"; done
"$CUBEGOD" solve < "$TMP/in" > "$TMP/out" 2> "$TMP/err"
expect_eq "$?" 2 "exit status with a broken box"
expect_eq "$(cat "$TMP/out" | tr '\n' '|')" "!||" "answers for a broken and a solved puzzle"
expect_grep "puzzle 1 (line 4): Face U: line 3 of the box" "$TMP/err"

# 6. Bytes a line reader could lose: a NUL inside a line is reported with its column (the rest
#    of the line is not dropped unseen), and a line longer than the reader's buffer is refused
#    whole; the puzzles after them are still answered, and no newline at the end is needed.
{ printf '  UUUUDDDDRRFF\0LLBBFFLLBBRR\n'; head -c 5000 /dev/zero | tr '\0' U; printf '\nUUUUDDDDRRFFLLBBFFLLBBRR'; } |
  "$CUBEGOD" solve --line > "$TMP/out" 2> "$TMP/err"
expect_eq "$?" 2 "exit status with a NUL byte and a long line"
expect_eq "$(cat "$TMP/out" | tr '\n' '|')" "!|!|U'|" "answers around a NUL byte and a long line"
expect_grep "puzzle 1 (line 1): control byte 0x00 at column 15" "$TMP/err"
expect_grep "puzzle 2 (line 2): line is longer than 4095 bytes" "$TMP/err"

# 7. No cube found is an error that says what was seen, never a silent exit 0.
nocube() { # INPUT-FILE EXPECTED-MESSAGE [ARGS]
  local in=$1 want=$2; shift 2
  "$CUBEGOD" solve "$@" < "$in" > "$TMP/out" 2> "$TMP/err"
  expect_eq "$?" 2 "exit status without a cube ($want)"
  expect_eq "$(cat "$TMP/out")" "" "output without a cube ($want)"
  expect_grep "$want" "$TMP/err"
}
: > "$TMP/empty"
nocube "$TMP/empty" "no cube found: nothing in 0 lines is a cube (boxes, labelled faces, a net, a string or ANSI colours); the input is empty"
nocube "$TMP/empty" "no cube found: no 'Face X:' box in 0 lines; the input is empty" --input boxes
printf 'Enter your solution:\nhello\n' > "$TMP/text"
nocube "$TMP/text" "nothing in 2 lines is a cube (boxes, labelled faces, a net, a string or ANSI colours); docs/shapes.md shows each shape"
nocube "$TMP/text" "nothing in 2 lines is a cube (net); docs/shapes.md shows each shape; --input SHAPE reads only one" --input net
echo UUUUDDDDRRFFLLBBFFLLBBRR > "$TMP/compact"
nocube "$TMP/compact" "no 'Face X:' box in 1 line; line 1 holds a cube as string: --input string (or auto) reads it" --input boxes
printf 'UUUUDDDDRRFFLLBBFFLLBBRX\n' > "$TMP/compact-bad" # no cube in any shape: what it looks like
nocube "$TMP/compact-bad" "no 'Face X:' box in 1 line; 1 line of 24 stickers: for one cube per line use --line" --input boxes
# a cube in another shape than the one asked for: where, and which shape reads it
printf "Round 1\nU: ['W', 'W', 'W', 'W']\nF: ['G', 'G', 'G', 'G']\nR: ['R', 'R', 'R', 'R']\nB: ['B', 'B', 'B', 'B']\nL: ['O', 'O', 'O', 'O']\nbye\n" > "$TMP/lists"
nocube "$TMP/lists" "nothing in 7 lines is a cube (net); lines 2-6 hold a cube as dict: --input dict (or auto) reads it" --input net
nocube "$TMP/lists" "no 'Face X:' box in 7 lines; lines 2-6 hold a cube as dict: --input dict (or auto) reads it" --input boxes
printf 'the cube:\nUUUUDDDDRRFFLLBBFFLLBBRR\n' > "$TMP/string"
nocube "$TMP/string" "nothing in 2 lines is a cube (net); line 2 holds a cube as string: --input string (or auto) reads it" --input net
printf 'U:\n+-----+\n| U U |\n| U U |\n+-----+\n' > "$TMP/bare"
nocube "$TMP/bare" "1 line like 'U:' starts a face: each box must be headed 'Face U:'" --input boxes
printf '# cubegod transcript 1\n< 0.000412 Face U:\\n\n' > "$TMP/transcript"
nocube "$TMP/transcript" "this is a 'play --record' transcript: check it with 'cubegod replay FILE'"

# 8. FILE arguments: read in turn, '-' is standard input; messages name the file; a missing
#    file is reported and the others are still answered.
sed -n '/Face U:/,$p' "$cap" | head -60 > "$TMP/cap"
"$CUBEGOD" solve "$TMP/cap" > "$TMP/one" || fail "solve FILE exited $?"
[ -s "$TMP/one" ] || fail "solve FILE printed nothing"
echo UUUUDDDDRRFFLLBBFFLLBBRR | "$CUBEGOD" solve --line "$TMP/compact" - "$TMP/nope" > "$TMP/out" 2> "$TMP/err"
expect_eq "$?" 2 "exit status with a missing file"
expect_eq "$(cat "$TMP/out" | tr '\n' '|')" "U'|U'|" "answers from a file and standard input"
expect_grep "$TMP/nope: No such file or directory" "$TMP/err"
"$CUBEGOD" solve "$TMP/cap" "$TMP/empty" > /dev/null 2> "$TMP/err"
expect_eq "$?" 2 "exit status with an empty file among others"
expect_grep "$TMP/empty: no cube found" "$TMP/err"

# 9. A UTF-8 byte-order mark at the start is not a sticker or a line of text.
printf '\xef\xbb\xbfUUUUDDDDRRFFLLBBFFLLBBRR\n' | "$CUBEGOD" solve --line > "$TMP/out" 2> "$TMP/err"
expect_eq "$?" 0 "compact line after a byte-order mark"
expect_eq "$(cat "$TMP/out")" "U'" "answer after a byte-order mark"
{ printf '\xef\xbb\xbf'; cat "$TMP/cap"; } | "$CUBEGOD" solve > "$TMP/out" || fail "boxes after a BOM"
cmp -s "$TMP/out" "$TMP/one" || fail "boxes after a byte-order mark answered differently"

# 10. Usage errors.
"$CUBEGOD" solve --target sideways < /dev/null 2> "$TMP/err"; expect_eq "$?" 2 "bad --target"
expect_grep "is not home, any, auto, first, a file or a state" "$TMP/err"
"$CUBEGOD" solve --max-moves x < /dev/null 2> "$TMP/err"; expect_eq "$?" 2 "bad --max-moves"
"$CUBEGOD" solve --scheme U=W < /dev/null 2> "$TMP/err"; expect_eq "$?" 2 "bad --scheme"
expect_grep "no colour for face D" "$TMP/err"
"$CUBEGOD" solve --jsno < /dev/null 2> "$TMP/err"; expect_eq "$?" 2 "misspelled option"
expect_grep "unknown option '--jsno'; did you mean '--json'?" "$TMP/err"
# An option given last without its value: a usage error, never a read past the arguments.
for opt in --target --scheme --max-moves --cache; do
  "$CUBEGOD" solve $opt < /dev/null 2> "$TMP/err"; expect_eq "$?" 2 "$opt without a value"
  expect_grep "$opt needs a value" "$TMP/err"
done
"$CUBEGOD" solve --help | grep -q "usage: cubegod solve" || fail "solve --help"

# 11. --line given a capture of a game: one message that says what the input is and what to do,
#     not one a line; the seed's 2x2 capture (text first), a net drawn before any text, and lines
#     that fail before a good one (each still answered, as before).
for c in "$FIXTURES/captures/game-wrong-answer-round-3.txt" "$FIXTURES/captures/game-100-rounds.txt"; do
  "$CUBEGOD" solve --line "$c" > "$TMP/out" 2> "$TMP/err"
  expect_eq "$?" 2 "exit status of --line on a capture"
  expect_eq "$(wc -l < "$TMP/err")" 1 "messages for --line on $c"
  expect_grep "line 1 ('Welcome to the cube god trial!') is text, not a cube: the input looks like a capture of a game.*drop --line" "$TMP/err"
  [ -s "$TMP/out" ] && fail "--line on a capture answered: $(head -2 "$TMP/out")"
done
printf '      W W W\n      W W W\nO O O G G G\nHere is your cube, solve it please\n' > "$TMP/net-first"
"$CUBEGOD" solve --line "$TMP/net-first" > "$TMP/out" 2> "$TMP/err"
expect_eq "$(wc -l < "$TMP/err")" 1 "messages for a net before the text"
expect_grep "line 4 ('Here is your cube, solve it please') is text, not a cube" "$TMP/err"
printf 'W W W\nUUUUDDDDRRFFLLBBFFLLBBRR\n' | "$CUBEGOD" solve --line > "$TMP/out" 2> "$TMP/err"
expect_eq "$(cat "$TMP/out" | tr '\n' '|')" "!|U'|" "a bad line before a good one, each answered"
expect_grep "puzzle 1 (line 1):" "$TMP/err"
echo "e2e_solve: all checks passed"
