#!/usr/bin/env bash
# needs: tables3 (the ctest fixture that builds the 3x3 two-phase tables)
# One move per prompt with a 3x3 over real sockets: serve --size 3 --one-move against
# play --one-move (standard, digits, quarter-cw with a map, a hidden face), a recorded game
# replayed move by move (and a dropped move found), and servers that show, after a move, the cube
# as it was before it, or a 2x2: lost, naming the round and the move.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib_serve.sh"
MOVE_PROMPT="Enter your move:"
R=4
[ -n "${CUBEGOD_SLOW_TOOLS:-}" ] && R=2 # valgrind: a solve and a check per prompt, tens of times slower

# won NAME OPTIONS...: serve --size 3 and play one move at a time with OPTIONS; R rounds won.
won() {
  local name=$1; shift
  serve "$name" --size 3 --games 1 --rounds $R --seed 31 --one-move --alarm 60 --max-moves 64 "$@"
  play "$name" 127.0.0.1 "$PORT" -q --one-move --prompt "$MOVE_PROMPT" --max-moves 64 "$@"
  [ "$RC" = 0 ] || fail "$name: exited $RC with $*"
  has "\[+\] won: $R/$R rounds passed" "$TMP/$name.out"
  # every move was shown back, and every shown cube was checked: more cubes shown than rounds
  has "game 1 .*$R/$R rounds, won" "$TMP/$name.log"
}
won one-move3
won one-move3-digits --notation digits
won one-move3-cw --notation quarter-cw --move-map "U=u,D=d,F=f,B=b,L=l,R=r"
# One face hidden: the seed's rounds each fit one cube; the hidden face stays hidden after moves.
serve hidden --size 3 --hide 1 --games 1 --rounds $R --seed 34 --one-move --alarm 60
play hidden 127.0.0.1 "$PORT" -q --one-move --prompt "$MOVE_PROMPT" --record "$TMP/hidden.tr"
[ "$RC" = 0 ] || fail "one-move 3x3 with a face hidden: exited $RC"
has "\[+\] won: $R/$R" "$TMP/hidden.out"
has "Here is the cube, 1 face hidden:" "$TMP/hidden.tr"
[ "$(grep -c '^< [0-9.]* Face ' "$TMP/hidden.tr")" -gt $((5 * R)) ] ||
  fail "the hidden-face game showed no cube after a move"
# Seed 35's round 2 fits two cubes: with --ambiguous pick, the guess played is the wrong one, and
# the cubes the server shows after the moves say so.
serve guess --size 3 --hide 1 --games 1 --rounds 2 --seed 35 --one-move --alarm 60
play guess 127.0.0.1 "$PORT" -q --one-move --ambiguous pick --prompt "$MOVE_PROMPT"
[ "$RC" = 1 ] || fail "a wrong guess in one-move mode: exited $RC"
grep -Eq "round 2, move [0-9]+ \(.*\): the cube shown after it is not the one expected: .* \(the round's first view fitted several cubes: the one played was a guess\)|round 2: the server asks for move" "$TMP/guess.err" ||
  fail "a wrong guess was not found by the cubes shown: $(cat "$TMP/guess.err")"

# A recorded game replays move by move: every round correct; one move dropped: not solved.
serve rec --size 3 --games 1 --rounds $R --seed 32 --one-move --notation digits --alarm 60
play rec 127.0.0.1 "$PORT" -q --one-move --prompt "$MOVE_PROMPT" --notation digits --record "$TMP/rec.tr"
[ "$RC" = 0 ] || fail "recorded 3x3 one-move game: exited $RC"
grep -q "^< [0-9.]* Move 2: [UDFBLR][123]" "$TMP/rec.tr" || fail "no 'Move 2:' in the record"
"$CUBEGOD" replay --one-move --prompt "$MOVE_PROMPT" --notation digits "$TMP/rec.tr" > "$TMP/replay.out" 2>&1 ||
  fail "replay --one-move of a won 3x3 game failed: $(cat "$TMP/replay.out")"
has "$R rounds, $R correct ($R 3x3, optimum not computed), 0 wrong" "$TMP/replay.out"
sed '0,/^\(> [0-9.]* \)[UDFBLR][123]\\n/s//\1\\n/' "$TMP/rec.tr" > "$TMP/bad.tr"
cmp -s "$TMP/rec.tr" "$TMP/bad.tr" && fail "the record was not changed"
"$CUBEGOD" replay --one-move --prompt "$MOVE_PROMPT" --notation digits "$TMP/bad.tr" > "$TMP/replay2.out" 2>&1
[ $? = 1 ] || fail "a 3x3 one-move record with a move dropped still replayed correct"
has "round 1/$R: not solved" "$TMP/replay2.out"
has "the server disagreed: \[+\] Correct!" "$TMP/replay2.out"
# The same record under a move limit below its rounds' lengths: too many moves.
"$CUBEGOD" replay --one-move --prompt "$MOVE_PROMPT" --notation digits --max-moves 5 "$TMP/rec.tr" > "$TMP/replay3.out" 2>&1
[ $? = 1 ] || fail "a 5-move limit passed 3x3 rounds of more moves"
has "Too many moves ([0-9]*, at most 5 allowed)" "$TMP/replay3.out"

# Fake servers: a real round's text, then after the first move a cube that is not the one the
# move made.
serve capture --size 3 --games 1 --rounds 1 --seed 34 --one-move
python3 - "$PORT" > "$TMP/round.txt" <<'PY'
import socket, sys
s = socket.create_connection(("127.0.0.1", int(sys.argv[1]))); f = s.makefile("rb")
out = b""
while not out.endswith(b"Enter your move:\n"):
    line = f.readline()
    if not line:
        break
    out += line
sys.stdout.buffer.write(out)
PY
grep -q "^| . . . |$" "$TMP/round.txt" || fail "no 3x3 round captured from serve --size 3 --one-move"
serve capture2 --games 1 --rounds 1 --seed 34 --one-move
python3 - "$PORT" > "$TMP/round2.txt" <<'PY'
import socket, sys
s = socket.create_connection(("127.0.0.1", int(sys.argv[1]))); f = s.makefile("rb")
out = b""
while not out.endswith(b"Enter your move:\n"):
    line = f.readline()
    if not line:
        break
    out += line
sys.stdout.buffer.write(out)
PY
cat > "$TMP/liar.py" <<'PY'
import sys
text = open(sys.argv[1]).read()
shown = open(sys.argv[2]).read()
boxes = shown[shown.index("Face "):shown.index("Enter your move:")]
sys.stdout.write(text); sys.stdout.flush()
move = sys.stdin.readline().strip()
sys.stdout.write("Move 1: %s\n%sEnter your move:\n" % (move, boxes)); sys.stdout.flush()
sys.stdin.readline()
PY
# the cube as it was before the move
play liar --exec "python3 $TMP/liar.py $TMP/round.txt $TMP/round.txt" -q --one-move --prompt "$MOVE_PROMPT"
[ "$RC" = 1 ] || fail "a wrong 3x3 after a move: exited $RC"
has "round 1, move 1 ([UDFBLR]['2]*): the cube shown after it is not the one expected: face [UDFBLR] row [123] column [123] shows [UDFBLR], expected [UDFBLR]" "$TMP/liar.err"
# a 2x2 after a 3x3's move
play liar2 --exec "python3 $TMP/liar.py $TMP/round.txt $TMP/round2.txt" -q --one-move --prompt "$MOVE_PROMPT"
[ "$RC" = 1 ] || fail "a 2x2 shown after a 3x3's move: exited $RC"
has "round 1, move 1 (.*): the cube shown after it is a 2x2, the round's was a 3x3" "$TMP/liar2.err"
echo "e2e one-move 3x3: ok"
