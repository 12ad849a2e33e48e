#!/usr/bin/env bash
# needs: tables3 (a 3x3 is solved through a co-process)
# Options and paths that are taken, not refused: a value each option gives changes what runs
# (play --layout and --end with --send-each reach the game; draw --layout draws), a text that is
# no option goes to the readers ('-1' to turn's move reader), a refused value is a usage error
# (exit 2). solve --explain of a 3x3 lists eight corners and twelve edges; a drawing with a
# line of moves after it that solve answers gets no `turn` hint, one it cannot answer does; a
# 3x3 answer reaches a co-process before its next cube is sent.
. "$(dirname "$0")/lib.sh"
: "${CUBEGOD:?}" "${FIXTURES:?}"

run() { # ARGS...: cubegod ARGS, the status in RC, the streams in $TMP/out and $TMP/err
  "$CUBEGOD" "$@" < /dev/null > "$TMP/out" 2> "$TMP/err"
  RC=$?
}

# turn: a word starting with '-' and a digit is text for the move reader, not an option
echo UUUURRRRFFFFDDDDLLLLBBBB > "$TMP/c2.txt"
run turn -1 "$TMP/c2.txt"
expect_eq "$RC" 2 "turn -1"
expect_grep "moves: move 1 '-1' (column 1) is not a move" "$TMP/err"
grep -q "unknown option" "$TMP/err" && fail "turn -1 was taken for an option: $(cat "$TMP/err")"

# play: options that reach the game (a process that says nothing: the game is lost, exit 1),
# and a value refused before it (exit 2)
run play --send-each --end . --exec true
expect_eq "$RC" 1 "play --send-each --end . (a game against a process that says nothing)"
run play --layout "$FIXTURES/layouts/rows2-labelled.layout" --exec true
expect_eq "$RC" 1 "play --layout FILE (a game against a process that says nothing)"
run play --time-limit 60001 --exec true
expect_eq "$RC" 2 "play --time-limit 60001"
expect_grep "play: --time-limit: '60001' is not a whole number from 0 to 60000" "$TMP/err"

# draw --layout: a drawing in the layout is drawn
run draw --layout "$FIXTURES/layouts/rows2-labelled.layout" "$FIXTURES/layouts/rows2-labelled.txt"
expect_eq "$RC" 0 "draw --layout: $(cat "$TMP/err")"
expect_eq "$(wc -l < "$TMP/out")" 6 "draw --layout's rows"
[ ! -s "$TMP/err" ] || fail "draw --layout said: $(cat "$TMP/err")"

# solve --explain of a 3x3: every piece's place, eight corners and twelve edges
run solve --explain --size 3 --scramble "R U F"
expect_eq "$RC" 0 "solve --explain of a 3x3"
expect_eq "$(grep -E '^  corners ' "$TMP/err" | grep -o '<-' | wc -l)" 8 "the corners --explain lists"
expect_eq "$(grep -E '^  edges ' "$TMP/err" | grep -o '<-' | wc -l)" 12 "the edges --explain lists"

# a drawing and a line of moves: answered (solved: no moves), no hint; unanswerable, the hint
boxes() { # LAST: the six faces of a solved 2x2 as boxes, R's last sticker LAST
  local f last
  for f in U D F B L R; do
    last=$f
    [ "$f" != R ] || last=$1
    printf 'Face %s:\n+-----+\n| %s %s |\n| %s %s |\n+-----+\n' "$f" "$f" "$f" "$f" "$last"
  done
}
{ boxes R; echo "R U R' U'"; } > "$TMP/solved.txt"
run solve "$TMP/solved.txt"
expect_eq "$RC" 0 "solve of a solved drawing with moves after it"
[ ! -s "$TMP/err" ] || fail "solve of a drawing it answered said: $(cat "$TMP/err")"
{ boxes X; echo "R U R' U'"; } > "$TMP/seven.txt"
run solve "$TMP/seven.txt"
expect_eq "$RC" 2 "solve of a drawing of seven colours with moves after it"
expect_grep "no cube could be solved; lines 1-30 hold a drawing and line 31 reads as moves" "$TMP/err"

# a 3x3 answer is written out at once: a co-process sends its next cube only after it
python3 - "$CUBEGOD" <<'PY' || fail "solve --line as a co-process of 3x3 cubes"
import select, subprocess, sys
p = subprocess.Popen([sys.argv[1], "solve", "--line"], stdin=subprocess.PIPE,
                     stdout=subprocess.PIPE, stderr=subprocess.PIPE)
def answer(cube):
    p.stdin.write(cube.encode() + b"\n")
    p.stdin.flush()
    line = b""
    while not line.endswith(b"\n"):
        ready, _, _ = select.select([p.stdout], [], [], 20)
        assert ready, "no answer within 20 s to " + cube
        chunk = p.stdout.read1(4096)
        assert chunk, "solve ended: " + p.stderr.read().decode()
        line += chunk
    return line.decode().strip()
solved = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB"      # URFDLB
u_turned = "UUUUUUUUUBBBRRRRRRRRRFFFFFFDDDDDDDDDFFFLLLLLLLLLBBBBBB"   # U from solved
assert answer(u_turned) == "U'", "the U-turned cube"
assert answer(solved) == "", "the solved cube"
p.stdin.close()
assert p.wait(20) == 0
PY
echo "e2e_options_taken: all checks passed"
