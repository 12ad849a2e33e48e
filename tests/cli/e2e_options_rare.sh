#!/usr/bin/env bash
# needs: tables3 (one game's cube is a 3x3)
# Options and inputs seldom given, each checked by what the user sees (exit status, messages,
# what is written):
#   - play: a SIGTERM during a TLS handshake with a listener that never answers ends play at
#     once (--size 2: no 3x3 tables); --order refused with exit 2; --max-moves N (0 too) is the
#     limit, so the server's own stated limit is not read; --max-moves auto after --max-moves N
#     takes back the 3x3 limit too; off a terminal no live one-line summary of the game; --tries
#     answers a long gate line with a rule of its first 143 characters (--save-profile), and
#     says it whole;
#   - solve: a bad answer option (--notation) is exit 2; --explain-input names the colour of
#     each of the six faces of a 2x2 read from its corners;
#   - serve --hide out of range: exit 2; turn: a NUL byte in --moves-from refused before any
#     turn, a byte-order mark before a facelet string skipped (three bytes, not four);
#   - pow - reads at most 1 MiB of standard input, a move map file at most 64 KiB (exactly
#     that much is read); a profile's flag written '= true' or '= false'; replay builds a missing 2x2 table into CUBEGOD_CACHE's file and says so;
#   - play -vv: the tube's "[DEBUG]" lines as written; the cube of a line of 4096 bytes drawn,
#     none from a line of 4097 (longer than the picture's reader takes);
#   - serve --menu's first log line: a 3x3 game, the --alarm given (not the menu's 3 s);
#   - replay of a one-move answer: "1 move" and the answer in the page; valued options given
#     no value (replay --layout, draw --across) and sim3 after a broken byte-order mark: exit 2;
#   - solve: a first line of three words is a capture's text (--line); --explain-input names
#     the reading order of a net; an ambiguous 3x3 string gets no --order hint (it is a cube
#     in its order); --explain of a 3x3 names a file of a 297-character path whole; a profile
#     name of 62 characters is no 'name = value'.
. "$(dirname "$0")/lib.sh"
: "${CUBEGOD:?}" "${CUBEGOD_CACHE:?}" "${FIXTURES:?}"
LPID=
trap '[ -n "$LPID" ] && kill "$LPID" 2>/dev/null; rm -rf "$TMP"' EXIT

run() { # ARGS...: cubegod ARGS (standard input empty), the status in RC, the streams in out/err
  "$CUBEGOD" "$@" < /dev/null > "$TMP/out" 2> "$TMP/err"
  RC=$?
}
refuse() { # WANT ARGS...: exit 2, WANT (a fixed string) the first line of stderr, stdout empty
  local want=$1
  shift
  run "$@"
  expect_eq "$RC" 2 "exit status of 'cubegod $*'"
  expect_eq "$(head -n1 "$TMP/err")" "$want" "'cubegod $*' said"
  [ ! -s "$TMP/out" ] || fail "'cubegod $*' printed: $(cat "$TMP/out")"
}
# what play said on stderr, process ids out
said() { sed -E 's/\(?pid [0-9]+\)?/PID/' "$TMP/err"; }

# a 2x2 round as the fixture's server shows it (a limit stated above it), and the same without
sed -n '1,31p' "$FIXTURES/captures/game-wrong-answer-round-3.txt" > "$TMP/limit-round.txt"
sed -n '4,31p' "$FIXTURES/captures/game-wrong-answer-round-3.txt" > "$TMP/round.txt"
won="echo \"[+] Correct!\"; echo flag{rare}"

# ---- play: a stop during the TLS handshake ---------------------------------------------------
python3 -c '
import socket, sys, time
s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(1)
print(s.getsockname()[1], flush=True); s.settimeout(30); c, _ = s.accept()
print("connected", flush=True); time.sleep(30)' > "$TMP/mute.port" &
LPID=$!
for _ in $(seq 100); do [ -s "$TMP/mute.port" ] && break; sleep 0.05; done
port=$(head -n1 "$TMP/mute.port")
[ -n "$port" ] || fail "the silent listener printed no port"
"$CUBEGOD" play --size 2 --tls --insecure --timeout 30 127.0.0.1 "$port" < /dev/null > "$TMP/out" 2> "$TMP/err" &
pid=$!
for _ in $(seq 100); do grep -q connected "$TMP/mute.port" && break; sleep 0.05; done
grep -q connected "$TMP/mute.port" || fail "play did not connect to the silent listener"
kill -TERM $pid
waits=100 # 5 s (20 under valgrind) when the handshake would wait 10 s
[ -n "${CUBEGOD_SLOW_TOOLS:-}" ] && waits=400
for _ in $(seq $waits); do kill -0 $pid 2>/dev/null || break; sleep 0.05; done
kill -0 $pid 2>/dev/null && { kill -9 $pid; fail "play still in the TLS handshake $((waits / 20)) s after SIGTERM"; }
wait $pid
expect_eq "$?" 143 "play stopped by SIGTERM during the handshake"
expect_eq "$(cat "$TMP/out")" "[-] stopped by SIGTERM: 0 rounds passed, while connecting" "play stopped during the handshake"
kill "$LPID" 2>/dev/null
LPID=

# ---- play: refusals and limits -----------------------------------------------------------------
refuse "cubegod play: --order: face order 'XYZ': 'X' at position 1 is not a face letter (U D F B L R)" \
  play --order XYZ --exec true
# --max-moves 0: the user's limit; the server's "at most 11 moves" is not taken for it
run play --size 2 -v --max-moves 0 --exec "sh -c 'cat $TMP/limit-round.txt; read a; $won'"
expect_eq "$RC" 1 "play --max-moves 0"
expect_eq "$(head -n1 "$TMP/out")" "[-] lost: 0 rounds passed; round 1: the shortest solution has 10 moves, more than the 0 allowed" \
  "play --max-moves 0"
expect_eq "$(said | grep -v '^\[+\] Starting\|^\[\*\] Stopped')" "[*] prompt: 'Enter your solution:'
cubegod play: round 1: the shortest solution has 10 moves, more than the 0 allowed" "what play -v --max-moves 0 said"
# --max-moves auto after --max-moves 15: no limit of the player's on a 3x3 either (R U from
# solved, no limit stated by the server)
echo UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB > "$TMP/solved3.txt"
{ echo "Round 1"; "$CUBEGOD" turn "R U" "$TMP/solved3.txt" | head -n1; echo "Your answer:"; } > "$TMP/round3.txt"
run play --json --prompt 'Your answer:' --max-moves 15 --max-moves auto --exec "sh -c 'cat $TMP/round3.txt; read a; $won'"
expect_eq "$RC" 0 "play --max-moves 15 --max-moves auto: $(cat "$TMP/err")"
expect_eq "$(tail -n1 "$TMP/out")" '{"won":true,"outcome":"won","rounds_passed":1,"rounds_answered":1,"metric":"htm","flag":"flag{rare}","last_line":"flag{rare}","connected":true}' \
  "the summary of a 3x3 game under --max-moves auto"
# off a terminal each round has its own line; no one-line summary of the game after them
run play --size 2 --exec "sh -c 'cat $TMP/round.txt; read a; $won'"
expect_eq "$RC" 0 "a won 2x2 game: $(cat "$TMP/err")"
expect_eq "$(head -n1 "$TMP/out")" "[+] won: 1/1 rounds passed" "a won 2x2 game"
said | grep -qxE "\[\*\] round 1  10 moves  solve [0-9]+ µs  round [0-9]+ µs(  \(prompt known after [0-9.]+ ms of quiet\))?" ||
  fail "no line of round 1: $(cat "$TMP/err")"
expect_eq "$(wc -l < "$TMP/err")" 3 "lines play said off a terminal: $(cat "$TMP/err")"
# --tries: a gate line of 209 characters, answered with an empty line by a rule of its first 143
long=$(python3 -c 'print(" ".join("word%02d" % i for i in range(30)))')
run play -q --size 2 --tries 2 --timeout 0.3 --save-profile "$TMP/won.profile" \
  --exec "sh -c 'echo \"$long\"; read a; cat $TMP/round.txt; read a; $won'"
expect_eq "$RC" 0 "play --tries past a long gate: $(cat "$TMP/err")"
expect_eq "$(tail -n1 "$TMP/won.profile")" "reply = \"start:${long:0:143}=\"" "the rule of the long gate"
# the same, said: the rule whole, closing quote and all, as a shell takes it
run play --size 2 --tries 2 --timeout 0.3 --exec "sh -c 'echo \"$long\"; read a; cat $TMP/round.txt; read a; $won'"
expect_eq "$RC" 0 "play --tries past a long gate, not quiet: $(cat "$TMP/err")"
rule="--reply 'start:${long:0:143}='"
grep -qF "trying again with $rule" "$TMP/err" || fail "the rule tried, whole: $(cat "$TMP/err")"
grep -qF "2: won with $rule" "$TMP/err" || fail "the rule that won, whole: $(cat "$TMP/err")"

# ---- solve -------------------------------------------------------------------------------------------
refuse "cubegod solve: --notation: 'bogus' is not standard, digits, quarter or quarter-cw" solve --notation bogus
# R U from solved in colours W Y G B O R: each face's colour told by the corners
echo UUFFUBRRRRFDDBDBFDLLLLUB | tr UFDLR WGYOR > "$TMP/colours2.txt"
run solve --line --explain-input --order URFDLB "$TMP/colours2.txt"
expect_eq "$RC" 0 "solve --explain-input of a 2x2"
expect_eq "$(sed -n 2p "$TMP/err")" "  colours: U=G D=B F=R B=O L=Y R=W (from the corners, up to a turn of the whole cube)" \
  "the colours --explain-input names"

# ---- serve, turn -------------------------------------------------------------------------------------
refuse "cubegod serve: --hide: '6' is not a whole number from 0 to 5" serve --hide 6
printf 'R\0U\n' > "$TMP/nul-moves.txt"
refuse "cubegod turn: $TMP/nul-moves.txt: a NUL byte at byte 2" turn --moves-from "$TMP/nul-moves.txt" "$TMP/solved3.txt"
printf '\xef\xbb\xbf' > "$TMP/bom3.txt"
cat "$TMP/solved3.txt" >> "$TMP/bom3.txt"
run turn R "$TMP/bom3.txt"
expect_eq "$RC" 0 "turn R of a string after a byte-order mark: $(cat "$TMP/err")"
expect_eq "$(cat "$TMP/out")" "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB
UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB" "turn R after a byte-order mark"

# ---- pow -, profiles, replay's table -------------------------------------------------------------------
head -c 1500000 /dev/zero | tr '\0' a | "$CUBEGOD" pow - > "$TMP/out" 2> "$TMP/err"
expect_eq "$?" 2 "pow - of 1.5 MB"
expect_eq "$(cat "$TMP/err")" "cubegod pow: -: larger than 1048576 bytes" "pow - of 1.5 MB"
# a file of exactly the bound is read whole (its text is then judged); one byte more is not
echo UUUURRRRFFFFDDDDLLLLBBBB > "$TMP/c2.txt"
head -c 65536 /dev/zero | tr '\0' a > "$TMP/map65536"
"$CUBEGOD" turn --move-map "$TMP/map65536" R "$TMP/c2.txt" > /dev/null 2> "$TMP/err"
expect_eq "$?" 2 "turn --move-map of 65536 bytes"
expect_grep "is not MOVE=NAME" "$TMP/err"
grep -q "larger than" "$TMP/err" && fail "a move map of exactly 65536 bytes refused as larger"
printf 'a' >> "$TMP/map65536"
"$CUBEGOD" turn --move-map "$TMP/map65536" R "$TMP/c2.txt" > /dev/null 2> "$TMP/err"
expect_eq "$?" 2 "turn --move-map of 65537 bytes"
expect_eq "$(head -n1 "$TMP/err")" "cubegod turn: $TMP/map65536: larger than 65536 bytes" "turn --move-map of 65537 bytes"
printf '[solve]\nline = true\njson = false\n' > "$TMP/tf.profile"
printf '# a comment\n%s\n' UUFFUBRRRRFDDBDBFDLLLLUB | "$CUBEGOD" solve --profile "$TMP/tf.profile" --order URFDLB \
  > "$TMP/out" 2> "$TMP/err"
expect_eq "$?" 0 "a profile of flags written true and false: $(cat "$TMP/err")"
expect_eq "$(cat "$TMP/out")" "#
U' R'" "line = true (a comment line answered with '#'), json = false"
# no table in CUBEGOD_CACHE's file: replay builds it (a second) and keeps it there
mkdir "$TMP/cache"
sed -n '1,32p' "$FIXTURES/captures/game-wrong-answer-round-3.txt" > "$TMP/cap.txt"
CUBEGOD_CACHE=$TMP/cache/pocket.tbl "$CUBEGOD" replay -q "$TMP/cap.txt" > "$TMP/out" 2> "$TMP/err"
expect_eq "$?" 0 "replay with a table to build: $(cat "$TMP/err")"
expect_eq "$(tail -n1 "$TMP/out")" "$TMP/cap.txt: terminal capture, 1 round, 1 correct (1 optimal), 0 wrong" "replay's summary"
expect_eq "$(head -n1 "$TMP/err")" "cubegod: building the solver table (once; about a second)" "replay's notice"
cmp -s "$TMP/cache/pocket.tbl" "$CUBEGOD_CACHE" || fail "replay did not save the table it built"

# ---- play -vv: the log's lines, the pictures of long lines -------------------------------------
run play -vv --size 2 --exec "sh -c 'cat $TMP/round.txt; read a; $won'"
expect_eq "$RC" 0 "play -vv: $(tail -n3 "$TMP/err")"
grep -qE '^\[DEBUG\] Received 0x[0-9a-f]+ bytes:$' "$TMP/err" || fail "no [DEBUG] line: $(head -n5 "$TMP/err")"
# every line that starts with a mark starts with a whole one
grep '^\[' "$TMP/err" | grep -qvE '^\[(DEBUG|[-+*!])\] ' &&
  fail "play -vv wrote a broken mark: $(grep '^\[' "$TMP/err" | grep -vE '^\[(DEBUG|[-+*!])\] ' | head -n3)"
# a cube string after blanks: a line of 4096 bytes is drawn, one of 4097 is not (the game reads both)
pictures=
for pad in 4072 4073; do
  python3 -c "print(' ' * $pad + 'UUFFUBRRRRFDDBDBFDLLLLUB')" > "$TMP/long$pad.txt"
  run play -vv --size 2 --order URFDLB --prompt 'Enter your solution:' \
    --exec "sh -c 'cat $TMP/long$pad.txt; echo Enter your solution:; read a; $won'"
  expect_eq "$RC" 0 "a cube after $pad blanks: $(tail -n3 "$TMP/err")"
  pictures="$pictures $(grep -c "the cube read:" "$TMP/err")"
done
expect_eq "$pictures" " 1 0" "pictures of lines of 4096 and 4097 bytes"

# ---- serve --menu: what its log says first --------------------------------------------------------
"$CUBEGOD" serve --menu --alarm 7 --rounds 1 < /dev/null > "$TMP/serve.out" 2> "$TMP/serve.err" &
LPID=$!
for _ in $(seq 200); do grep -qs listening "$TMP/serve.err" && break; sleep 0.05; done
kill -TERM "$LPID"
wait "$LPID"
expect_eq "$?" 0 "serve stopped by SIGTERM"
LPID=
port=$(head -n1 "$TMP/serve.out")
expect_eq "$(head -n1 "$TMP/serve.err")" "serve: listening on 127.0.0.1 port $port, 1 rounds of a 3x3, alarm 7 s" \
  "serve --menu --alarm 7's log"

# ---- replay of one move; valued options without their value ----------------------------------------
box() { printf 'Face %s:\n+-----+\n| %s %s |\n| %s %s |\n+-----+\n' "$@"; }
# R' from solved, D hidden: the answer R
{ echo "=== Round 1/1 ==="; box U U B U B; box F F U F U; box B D B D B; box L L L L L; box R R R R R
  echo "Enter your solution:"; echo R; echo "[+] Correct!"; } > "$TMP/one.txt"
run replay --html "$TMP/one.html" "$TMP/one.txt"
expect_eq "$RC" 0 "replay of a one-move answer: $(cat "$TMP/err")"
expect_eq "$(head -n2 "$TMP/out")" "round 1/1: correct, 1 move (optimal)
  answer: R" "replay of a one-move answer"
grep -qF '<dt>answer</dt><dd class="answer">R</dd>' "$TMP/one.html" ||
  fail "the page's answer: $(grep -o '<dd class="answer">[^<]*</dd>' "$TMP/one.html")"
refuse "cubegod replay: --layout needs a value" replay --layout
refuse "cubegod draw: --across needs a value" draw --across
printf '\xefSTART\n' | "$CUBEGOD" sim3 > "$TMP/out" 2> "$TMP/err"
expect_eq "$?" 2 "sim3 after a broken byte-order mark"
expect_eq "$(cat "$TMP/err")" "cubegod sim3: the input starts with byte 0xef, but not with a UTF-8 byte-order mark" \
  "sim3 after a broken byte-order mark"

# ---- solve: prose, a net's order, an ambiguous string, a long path, a long profile name ------------
printf 'Hello there friend\nUUUURRRRFFFFDDDDLLLLBBBB\n' > "$TMP/three-words.txt"
run solve --line --order URFDLB "$TMP/three-words.txt"
expect_eq "$RC" 2 "solve --line of three words and a cube"
expect_eq "$(cat "$TMP/err")" "cubegod solve: line 1 ('Hello there friend') is text, not a cube: the input looks like a capture of a game (text and drawings), which --line does not read; drop --line (every shape is read without it)" \
  "solve --line of three words and a cube"
printf '    U U\n    U U\nL L F F R R B B\nL L F F R R B B\n    D D\n    D D\n' > "$TMP/net2.txt"
run solve --explain-input "$TMP/net2.txt"
expect_eq "$RC" 0 "solve --explain-input of a net"
expect_eq "$(head -n1 "$TMP/err")" "cubegod solve: puzzle 1 (lines 1-6): net of a 2x2; faces in the order net (U, then L F R B across, then D)" \
  "solve --explain-input of a net"
# two edges' stickers hidden: the cube as shown and the one with both edges flipped fit
echo 'UUUUU?U?UR?RRRRRRRF?FFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB' > "$TMP/ambiguous3.txt"
run solve --line --order URFDLB "$TMP/ambiguous3.txt"
expect_eq "$RC" 2 "solve of an ambiguous 3x3"
expect_eq "$(cat "$TMP/err")" "cubegod solve: puzzle 1 (line 1): 2 cubes fit what is shown: the hidden stickers do not tell them apart (--ambiguous pick takes the first found, which may not be the server's cube)" \
  "solve of an ambiguous 3x3 (no --order hint: it is a cube in its order)"
long=$TMP/$(printf 'd%.0s' $(seq 200))
long=$long/$(printf 'e%.0s' $(seq $((297 - ${#long} - 8))))
mkdir -p "$long"
long=$long/c3.txt
expect_eq "${#long}" 297 "the long path's length"
cp "$TMP/solved3.txt" "$long"
run solve --explain --order URFDLB "$TMP/solved3.txt" "$long"
expect_eq "$RC" 0 "solve --explain of a file at a 297-character path"
expect_eq "$(grep -c "^cubegod solve: $long: puzzle 2 (line 1): a 3x3; U=U D=D F=F B=B L=L R=R; 1 cube fits$" "$TMP/err")" 1 \
  "solve --explain names a 297-character path whole: $(grep 'puzzle 2' "$TMP/err")"
name62=$(printf 'a%.0s' $(seq 62))
printf '[solve]\n%s = 1\n' "$name62" > "$TMP/long.profile"
refuse "cubegod solve: profile $TMP/long.profile line 2: '${name62:0:40}' is not 'name = value'" \
  solve --profile "$TMP/long.profile"
echo "e2e_options_rare: all checks passed"
