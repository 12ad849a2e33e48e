# cubegod solve reads every shape of docs/shapes.md: the hand-made fixtures of fixtures/shapes/
# (both sizes, awkward spacing, CRLF, stray text) give what --explain-input says and an answer
# that solves the cube the fixture shows, checked on an independent model (cube3_model.py; a
# 2x2 is the corners of a 3x3). Bad input is an error that says where.
# needs: tables3 (the 3x3 two-phase tables fixture)
. "$(dirname "$0")/lib.sh"
MODEL_DIR=$(cd "$(dirname "$0")" && pwd)
D="$FIXTURES/shapes"

grep -v '^#' "$D/expected.txt" | while IFS="$(printf '\t')" read -r file opts state want; do
  [ "$opts" = "-" ] && opts=""
  # shellcheck disable=SC2086
  "$CUBEGOD" solve --explain-input $opts "$D/$file" > "$TMP/out" 2> "$TMP/err"
  rc=$?
  grep -qF -- "$want" "$TMP/err" || fail "$file $opts: expected '$want' in: $(cat "$TMP/err")"
  if [ "$state" = "!" ]; then
    expect_eq "$rc" 2 "exit status of $file $opts"
    continue
  fi
  expect_eq "$rc" 0 "exit status of $file $opts ($(cat "$TMP/err"))"
  expect_eq "$(wc -l < "$TMP/out")" 1 "one answer for $file $opts"
  python3 - "$MODEL_DIR" "$state" "$(cat "$TMP/out")" <<'PY' || fail "$file $opts: the answer does not solve the cube"
import sys
sys.path.insert(0, sys.argv[1])
import cube3_model as m
state, answer = sys.argv[2], sys.argv[3]
if len(state) == 24:  # a 2x2: its stickers are the corner facelets of a 3x3
    full = m.solved()
    for f in range(6):
        for k in range(4):
            full[f * 9 + (k // 2) * 6 + (k % 2) * 2] = state[f * 4 + k]
    after = m.apply(full, answer)
    corners = [after[f * 9 + i] for f in range(6) for i in (0, 2, 6, 8)]
    assert all(len(set(corners[f * 4:f * 4 + 4])) == 1 for f in range(6)), answer
else:
    assert m.is_solved(m.apply(list(state), answer)), answer
PY
done || exit 1

# --line reads any string: blank-separated tokens, the net order, ANSI colours.
sed -n 2p "$D/string3-urfdlb.txt" > "$TMP/l"
cat "$D/string3-net.txt" >> "$TMP/l"
"$CUBEGOD" solve --line --order URFDLB < "$TMP/l" > "$TMP/out" 2> "$TMP/err"
expect_eq "$?" 2 "a net-order line read in URFDLB order is not a cube"
expect_eq "$(wc -l < "$TMP/out")" 2 "--line: one output line per input line"
expect_eq "$(sed -n 2p "$TMP/out")" "!" "--line: the second line is refused"
"$CUBEGOD" solve --line --order net < "$D/string3-net.txt" > "$TMP/out" 2> "$TMP/err"
expect_eq "$?" 0 "--line --order net ($(cat "$TMP/err"))"

# Options: bad values are usage errors that list the choices.
"$CUBEGOD" solve --input blocks < /dev/null > "$TMP/out" 2> "$TMP/err"
expect_eq "$?" 2 "bad --input"
expect_grep "'blocks' is not a shape: auto, boxes, faces, net, string, ansi, dict or json" "$TMP/err"
"$CUBEGOD" solve --order NETS < /dev/null > "$TMP/out" 2> "$TMP/err"
expect_eq "$?" 2 "bad --order"
"$CUBEGOD" solve --line --input net < /dev/null > "$TMP/out" 2> "$TMP/err"
expect_eq "$?" 2 "--line with --input net"
expect_grep "\-\-input net does not go with it" "$TMP/err"

# A co-process never waits for a line after a cube: a net is answered at its last D row, five
# labelled faces when the writer pauses.
python3 - "$CUBEGOD" "$D" <<'PY' || fail "a co-process was not answered"
import subprocess, sys
p = subprocess.Popen([sys.argv[1], "solve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                     stderr=subprocess.DEVNULL)
for name in ("net2-nosep.txt", "faces2-letters.txt"):
    text = open(sys.argv[2] + "/" + name, "rb").read()
    if name.startswith("faces"):
        text = text[:text.rindex(b"> ")]  # five faces, no prompt after them: the writer waits
    p.stdin.write(text)
    p.stdin.flush()
    line = p.stdout.readline()  # blocks until answered: the input is still open
    assert line.strip() and line.strip() != b"!", (name, line)
p.stdin.close()
assert p.wait() == 0
PY

# A transcript's typed answer is no face (issue 36): "Enter your solution:" then the move "U" on
# its own line. solve answers the capture's three rounds and stops there; draw pictures them.
C="$FIXTURES/captures/game-wrong-answer-round-3.txt"
"$CUBEGOD" solve "$C" > "$TMP/out" 2> "$TMP/err"
expect_eq "$?" 0 "solve of a capture that ends in a typed 'U' ($(cat "$TMP/err"))"
expect_eq "$(wc -l < "$TMP/out")" 3 "three rounds, three answers"
"$CUBEGOD" draw "$C" > "$TMP/out" 2> "$TMP/err"
expect_eq "$?" 0 "draw of the same capture ($(cat "$TMP/err"))"
