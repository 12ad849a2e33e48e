#!/usr/bin/env bash
# needs: tables3 (its `play` opens both sizes' tables before connecting)
# One move per prompt over real sockets: cubegod serve --one-move against play --one-move, in
# several dialects; a server that shows the wrong cube after a move, and the two modes mixed up,
# are lost with the round, the move and the reason.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib_serve.sh"
MOVE_PROMPT="Enter your move:"

# won NAME OPTIONS...: serve and play one move at a time with OPTIONS; 20 rounds won.
won() {
  local name=$1; shift
  serve "$name" --games 1 --rounds 20 --seed 11 --one-move --max-moves 64 "$@"
  play "$name" 127.0.0.1 "$PORT" -q --one-move --prompt "$MOVE_PROMPT" --max-moves 64 "$@"
  [ "$RC" = 0 ] || fail "$name: exited $RC with $*"
  has "\[+\] won: 20/20 rounds passed" "$TMP/$name.out"
}
won one-move
won one-move-digits --notation digits
won one-move-cw --notation quarter-cw --move-map "U=u,D=d,F=f,B=b,L=l,R=r"
won one-move-qtm --metric qtm --notation quarter

# A recorded one-move game replays move by move: every round correct; without --one-move too,
# since replay runs play's engine, which sees the server take one move a prompt as play would.
serve rec --games 1 --rounds 10 --seed 13 --one-move --notation digits
play rec 127.0.0.1 "$PORT" -q --one-move --prompt "$MOVE_PROMPT" --notation digits --record "$TMP/rec.tr"
[ "$RC" = 0 ] || fail "recorded one-move game: exited $RC"
"$CUBEGOD" replay --one-move --prompt "$MOVE_PROMPT" --notation digits "$TMP/rec.tr" > "$TMP/replay.out" 2>&1 \
  || fail "replay --one-move of a won game failed: $(cat "$TMP/replay.out")"
has "10 rounds, 10 correct (10 optimal)" "$TMP/replay.out"
"$CUBEGOD" replay --prompt "$MOVE_PROMPT" --notation digits "$TMP/rec.tr" > "$TMP/replay2.out" 2>&1
[ $? = 0 ] || fail "a one-move game replayed without --one-move: $(tail -n 3 "$TMP/replay2.out")"
has "10 rounds, 10 correct (10 optimal)" "$TMP/replay2.out"
# The first move dropped from the record: that round is not solved, and the server's [+] disagrees.
sed '0,/^\(> [0-9.]* \)[UDFBLR][123]\\n/s//\1\\n/' "$TMP/rec.tr" > "$TMP/bad.tr"
cmp -s "$TMP/rec.tr" "$TMP/bad.tr" && fail "the record was not changed"
"$CUBEGOD" replay --one-move --prompt "$MOVE_PROMPT" --notation digits "$TMP/bad.tr" > "$TMP/replay3.out" 2>&1
[ $? = 1 ] || fail "a changed move still replayed correct"
has "round 1/10: not solved" "$TMP/replay3.out"
has "the server disagreed: \[+\] Correct!" "$TMP/replay3.out"

# The server's log shows a move per line: more prompts than rounds.
serve count --games 1 --rounds 3 --seed 2 --one-move --alarm 60 # a solve per prompt, slow under valgrind
python3 - "$PORT" "$CUBEGOD" > "$TMP/count.out" <<'PY'
import socket, subprocess, sys
port, cubegod = int(sys.argv[1]), sys.argv[2]
s = socket.create_connection(("127.0.0.1", port)); f = s.makefile("rwb", buffering=0)
prompts = moves_shown = 0
buf = b""
while True:
    line = f.readline()
    if not line:
        break
    buf += line
    if line.startswith(b"Move "):
        moves_shown += 1
    if line.strip() == b"Enter your move:":
        prompts += 1
        # Solve what was shown since the last prompt and send its first move only.
        out = subprocess.run([cubegod, "solve"], input=buf, capture_output=True).stdout.split()
        f.write((out[0] if out else b"") + b"\n")
        buf = b""
print("prompts", prompts, "moves shown", moves_shown)
PY
read -r _ prompts _ _ shown < "$TMP/count.out"
[ "$prompts" -gt 3 ] || fail "one-move: $prompts prompts for 3 rounds"
[ "$shown" = $((prompts - 3)) ] || fail "one-move: $shown cubes shown again for $prompts prompts"
grep -q "game 1 .*3/3 rounds, won" "$TMP/count.log" || fail "a client solving move by move did not win"

# Colours that are not face letters (so the scheme is deduced, up to a rotation, and the target is
# any): a proxy in front of serve --one-move recolours every box, the first view and each one shown
# after a move; the cubes play reads back must still match.
serve colours --games 1 --rounds 10 --seed 12 --one-move --alarm 30
cat > "$TMP/recolour.py" <<'PY'
import re, subprocess, sys
COLOUR = {"U": "white", "D": "yellow", "F": "green", "B": "blue", "L": "orange", "R": "red"}
import socket
s = socket.create_connection(("127.0.0.1", int(sys.argv[1])))
r = s.makefile("rb"); w = s.makefile("wb", buffering=0)
while True:
    line = r.readline()
    if not line:
        break
    text = line.decode()
    if text.startswith("| "):
        text = "| " + " ".join(COLOUR[t] for t in text[2:].split()[:-1]) + " |\n"
    sys.stdout.write(text); sys.stdout.flush()
    if text.startswith("Enter your move:"):
        w.write(sys.stdin.readline().encode())
PY
play colours --exec "python3 $TMP/recolour.py $PORT" -q --one-move --prompt "$MOVE_PROMPT" --record "$TMP/colours.tr"
[ "$RC" = 0 ] || fail "one-move with colour words: exited $RC"
has "\[+\] won: 10/10" "$TMP/colours.out"
grep -q "^< | yellow" "$TMP/colours.tr" || has "| yellow" "$TMP/colours.tr"
grep -q "^< Move 1: " "$TMP/colours.tr" || has "Move 1: " "$TMP/colours.tr"

# A one-move server whose banner says "One move per prompt": play answers one move a prompt
# without the option (issue 34), and says where it read that (-v)
serve whole --games 1 --rounds 2 --seed 3 --one-move
play whole 127.0.0.1 "$PORT" -v --prompt "$MOVE_PROMPT"
[ "$RC" = 0 ] || fail "a one-move server that says so, without --one-move: exited $RC"
has "one move a prompt, from the server's text: \"One move per prompt" "$TMP/whole.err"

# A server that shows, after the first move, the cube as it was before it.
serve capture --games 1 --rounds 1 --seed 4 --one-move
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
grep -q "^Face" "$TMP/round.txt" || fail "no round captured from serve --one-move"
cat > "$TMP/liar.py" <<'PY'
import sys
text = open(sys.argv[1]).read()
boxes = text[text.index("Face "):text.index("Enter your move:")]
sys.stdout.write(text); sys.stdout.flush()
move = sys.stdin.readline().strip()
open(sys.argv[2], "w").write(move)
sys.stdout.write("Move 1: %s\n%sEnter your move:\n" % (move, boxes)); sys.stdout.flush()
sys.stdin.readline()
PY
play liar --exec "python3 $TMP/liar.py $TMP/round.txt $TMP/liar.move" -q --one-move --prompt "$MOVE_PROMPT"
[ "$RC" = 1 ] || fail "a wrong cube after a move: exited $RC"
# the message names the move sent
has "round 1, move 1 ($(cat "$TMP/liar.move")): the cube shown after it is not the one expected: face . row . column . shows ., expected ." "$TMP/liar.err"
# A relay that changes one sticker of the cube shown after the first move: the last one (face
# R's last in the engine's order U D F B L R), which the comparison must reach too.
serve last --games 1 --rounds 1 --seed 5 --one-move --alarm 30
cat > "$TMP/last.py" <<'PY'
import socket, sys
s = socket.create_connection(("127.0.0.1", int(sys.argv[1])))
r = s.makefile("rb"); w = s.makefile("wb", buffering=0)
moved = in_b = False
rows = 0
while True:
    line = r.readline()
    if not line:
        break
    text = line.decode()
    moved |= text.startswith("Move 1:")
    if moved and text.startswith("Face R"):
        in_b, rows = True, 0
    elif in_b and text.startswith("| "):
        rows += 1
        if rows == 2:
            t = text[2:].split()[:-1]
            t[-1] = "U" if t[-1] != "U" else "D"
            text, in_b, moved = "| " + " ".join(t) + " |\n", False, False
    sys.stdout.write(text); sys.stdout.flush()
    if text.startswith("Enter your move:"):
        w.write(sys.stdin.readline().encode())
PY
play last --exec "python3 $TMP/last.py $PORT" -q --one-move --prompt "$MOVE_PROMPT"
[ "$RC" = 1 ] || fail "the last sticker changed after a move: exited $RC"
has "round 1, move 1 (.*): the cube shown after it is not the one expected: face R row 2 column 2 shows" "$TMP/last.err"
# A server that does not show the cube between moves: the moves go out one a prompt all the same,
# and together they are the solution.
cat > "$TMP/blind.py" <<'PY'
import subprocess, sys
text = open(sys.argv[1]).read()
want = subprocess.run([sys.argv[2], "solve"], input=text.encode(), capture_output=True).stdout.split()
sys.stdout.write(text); sys.stdout.flush()
got = []
while len(got) < len(want):
    got.append(sys.stdin.readline().strip().encode())
    if len(got) < len(want):
        sys.stdout.write("Enter your move:\n"); sys.stdout.flush()
ok = got == want
sys.stdout.write("[+] Correct!\n\nflag{blind}\n" if ok else "[-] moves %r, solution %r\n" % (got, want))
PY
play blind --exec "python3 $TMP/blind.py $TMP/round.txt $CUBEGOD" -q --one-move --prompt "$MOVE_PROMPT"
[ "$RC" = 0 ] || fail "one move at a time to a server that shows no cube: exited $RC"
has "flag: flag{blind}" "$TMP/blind.out"
echo "e2e one-move: ok"
