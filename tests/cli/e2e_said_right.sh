#!/usr/bin/env bash
# needs: tables3 (bench solve --size 3 writes its cubes)
# What a command says of its input and its output, where stop 59's changes made it say more:
# `cubegod --version` prints the version and takes no argument, `cubegod help CMD` is CMD's help;
# bench net's picture and bench solve's cubes to a full disk are a failure (exit 1, named), not
# a file written, also when the picture outgrows the C library's buffer; turn's '-' is standard
# input; solve --line --explain-input says a line of ANSI colours is one.
. "$(dirname "$0")/lib.sh"
: "${CUBEGOD:?}"

"$CUBEGOD" --version > "$TMP/out" || fail "cubegod --version exited $?"
grep -qxE 'cubegod [0-9]+\.[0-9]+\.[0-9]+' "$TMP/out" || fail "cubegod --version printed: $(cat "$TMP/out")"
"$CUBEGOD" help tables > "$TMP/out" || fail "cubegod help tables exited $?"
expect_eq "$(head -c 22 "$TMP/out")" "usage: cubegod tables " "cubegod help tables"
"$CUBEGOD" --version extra > "$TMP/out" 2> "$TMP/err"
expect_eq "$?" 2 "cubegod --version extra"
expect_eq "$(head -n1 "$TMP/err")" "cubegod version: unexpected argument 'extra'" "cubegod --version extra"
[ ! -s "$TMP/out" ] || fail "cubegod --version extra printed: $(cat "$TMP/out")"

if [ -w /dev/full ]; then
  "$CUBEGOD" bench net --games 1 --rounds 2 --svg /dev/full > /dev/null 2> "$TMP/err"
  expect_eq "$?" 1 "bench net --svg /dev/full"
  expect_eq "$(cat "$TMP/err")" "cubegod bench net: --svg: cannot write /dev/full" "bench net --svg /dev/full"
  # 300 rounds: a picture of some 7 KB, whose first flush fails inside a write
  "$CUBEGOD" bench net --games 1 --rounds 300 --svg /dev/full > /dev/null 2> "$TMP/err"
  expect_eq "$?" 1 "bench net --rounds 300 --svg /dev/full"
  expect_eq "$(cat "$TMP/err")" "cubegod bench net: --svg: cannot write /dev/full" "bench net --rounds 300 --svg /dev/full"
  "$CUBEGOD" bench solve --size 3 -n 2 --write-cubes /dev/full > /dev/null 2> "$TMP/err"
  expect_eq "$?" 1 "bench solve --write-cubes /dev/full"
  expect_eq "$(cat "$TMP/err")" "cubegod bench solve: --write-cubes /dev/full: No space left on device" \
    "bench solve --write-cubes /dev/full"
fi

# turn: '-' alone is standard input, not an option
echo UUUURRRRFFFFDDDDLLLLBBBB | "$CUBEGOD" turn R - > "$TMP/out" 2> "$TMP/err"
expect_eq "$?" 0 "turn R - (standard input): $(cat "$TMP/err")"
expect_eq "$(tail -n1 "$TMP/out")" "UFUFRRRRFDFDDBDBLLLLUBUB" "turn R of the solved 2x2 from standard input"

# a 2x2 as one line of 24 coloured cells (two blanks on an ANSI background each)
python3 -c '
col = {"U": 47, "D": 43, "F": 42, "B": 44, "L": 45, "R": 41}
print("".join("\x1b[%dm  \x1b[0m" % col[c] for c in "UUUUDDDDFFFFBBBBLLLLRRRR"))' > "$TMP/ansi.txt"
"$CUBEGOD" solve --line --explain-input < "$TMP/ansi.txt" > "$TMP/out" 2> "$TMP/err"
expect_eq "$?" 0 "solve --line --explain-input of ANSI cells: $(cat "$TMP/err")"
expect_eq "$(head -n1 "$TMP/err")" "cubegod solve: puzzle 1 (line 1): string of a 2x2 in ANSI colours; faces in the order UDFBLR" \
  "--explain-input of a line of ANSI cells"
expect_eq "$(cat "$TMP/out")" "" "the answer to a solved cube"
echo "e2e_said_right: all checks passed"
