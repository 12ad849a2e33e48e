#!/usr/bin/env bash
# The command line's rarely taken paths, each checked by its exit status and its words:
#   - refusals (exit 2, the option or value named, nothing on standard output) of play, replay,
#     serve, turn, order, tables, solve and the contest benches that no other script makes;
#   - inputs that cannot be read (a directory, a file too large, a NUL byte, a full disk) and
#     what each command then says;
#   - output forms seldom asked for: solve --explain of a 2x2 and its messages naming the file
#     when several are given, --line with --json comments, --explain-input and --target first,
#     a cube answered when the writer pauses; order -- and -h; tables --size 2 and --rebuild;
#     replay --html escaping the server's text and a round with no cube; play's --max-replies,
#     --json after a SIGTERM, the judge note's quoting, --interactive after the game (silence,
#     and a server that stopped reading); pow's estimate; profile flags written yes and no; the
#     text reports of bench order and bench sim3; the "did you mean" of a unique prefix.
# Nothing here needs the 3x3 tables: every solved cube is a 2x2.
. "$(dirname "$0")/lib.sh"
: "${CUBEGOD:?}" "${CUBEGOD_CACHE:?}" "${FIXTURES:?}"
HERE=$(cd "$(dirname "$0")" && pwd)

# refuse WANT ARGS...: cubegod ARGS (standard input empty) exits 2 with WANT, a fixed string,
# in its standard error and nothing on standard output
refuse() {
  local want=$1
  shift
  "$CUBEGOD" "$@" < /dev/null > "$TMP/out" 2> "$TMP/err"
  expect_eq "$?" 2 "exit status of 'cubegod $*'"
  grep -qF -- "$want" "$TMP/err" || fail "'cubegod $*': '$want' not in: $(cat "$TMP/err")"
  [ ! -s "$TMP/out" ] || fail "'cubegod $*' printed on standard output: $(cat "$TMP/out")"
}
# run ARGS...: cubegod ARGS, its status in RC, its output in $TMP/out and $TMP/err
run() {
  "$CUBEGOD" "$@" > "$TMP/out" 2> "$TMP/err"
  RC=$?
}
has() { grep -qF -- "$1" "$2" || { echo "--- $2:" >&2; cat "$2" >&2; fail "'$1' not in $2"; }; }

mkdir "$TMP/dir"
head -c 70000 /dev/zero | tr '\0' a > "$TMP/big.txt"
cube3=UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB
echo "$cube3" > "$TMP/cube3.txt"
# a 2x2 in URFDLB: solved, and R U from solved (answer U' R'), in colours W Y G B O R
echo UUUURRRRFFFFDDDDLLLLBBBB > "$TMP/solved2.txt"
scrambled=UUFFUBRRRRFDDBDBFDLLLLUB
echo "$scrambled" | tr UFDLR WGYOR > "$TMP/colours2.txt"

# ---- the shared helpers (cli.c) ----------------------------------------------------------------
# a unique prefix gets its option; two options sharing it, none
refuse "unknown option '--scra'; did you mean '--scramble'?" solve --scra
refuse "unknown option '--interac'; did you mean '--interactive'?" play --interac
refuse "unknown option '--expl'" solve --expl
expect_eq "$(head -n1 "$TMP/err")" "cubegod solve: unknown option '--expl'" "two options start with --expl"
refuse "tables: unexpected argument 'foo'" tables foo
refuse "bench jigsaw: unexpected argument 'foo'" bench jigsaw foo
# a file larger than its bound, a directory that opens but cannot be read
refuse "turn: $TMP/big.txt: larger than 65536 bytes" turn --move-map "$TMP/big.txt" R "$TMP/cube3.txt"
refuse "turn: $TMP/dir: read error" turn R "$TMP/dir"

# ---- tables --------------------------------------------------------------------------------------
refuse "tables: --metric: 'bogus' is not htm or qtm" tables --metric bogus
run tables --size 2 --cache "$CUBEGOD_CACHE"
expect_eq "$RC" 0 "tables --size 2"
grep -qxE "table ready in [0-9.]+ ms, loaded from $CUBEGOD_CACHE" "$TMP/out" ||
  fail "tables --size 2: $(cat "$TMP/out")"
# --rebuild: a valid cache is built again and saved over (0.3 s)
cp "$CUBEGOD_CACHE" "$TMP/copy.tbl"
run tables --rebuild --cache "$TMP/copy.tbl"
expect_eq "$RC" 0 "tables --rebuild"
grep -qxE "table ready in [0-9.]+ ms, built and saved to $TMP/copy.tbl" "$TMP/out" ||
  fail "tables --rebuild: $(cat "$TMP/out")"
has "positions by distance from home: 1 18 243 2874 28000 205416 1168516 5402628 20776176 45391616 15139616 64736" "$TMP/out"
grep -q "invalid" "$TMP/out" && fail "a valid cache rebuilt was called invalid: $(cat "$TMP/out")"
# a cache file that is no table is replaced; one that cannot be (a directory) is said so
printf 'not a table\n' > "$TMP/junk.tbl"
run tables --cache "$TMP/junk.tbl"
expect_eq "$RC" 0 "tables over a file that is no table"
expect_eq "$(sed -n 2p "$TMP/out")" "the previous cache file was invalid and has been replaced" "tables over junk"
run tables --cache "$TMP/dir"
expect_eq "$RC" 0 "tables with a directory as its cache"
grep -qxE "table ready in [0-9.]+ ms, built, not saved to $TMP/dir" "$TMP/out" || fail "tables --cache DIR: $(cat "$TMP/out")"
expect_eq "$(sed -n 2p "$TMP/out")" "the cache file is not a valid table file, and the tables built could not replace it" \
  "tables with a directory as its cache"

# ---- order ---------------------------------------------------------------------------------------
refuse "order: the '(' at position 1 is never closed" order "(R U"
"$CUBEGOD" order < "$TMP/dir" > "$TMP/out" 2> "$TMP/err"
expect_eq "$?" 2 "order reading a directory"
expect_eq "$(cat "$TMP/err")" "cubegod order: reading standard input failed" "order reading a directory"
expect_eq "$("$CUBEGOD" order -- R U)" 105 "order -- R U"
expect_eq "$("$CUBEGOD" order -h | head -n1)" "usage: cubegod order [--state] [--explain] [ALG...]" "order -h"

# ---- play: refusals before anything starts -------------------------------------------------------
refuse "play: unexpected argument 'i'" play a b c d e f g h i
refuse "play: --prompt: the prompt text is empty" play --prompt '' --exec true
refuse "play: --send-each sends every move at one prompt; --one-move waits for a prompt before each: give one of them" \
  play --send-each --one-move --exec true
refuse "play: --tls goes with HOST PORT, not --exec" play --tls --exec true
refuse "play: --proxy goes with HOST PORT, not --exec" play --proxy socks5://127.0.0.1:1 --exec true
refuse "play: --target $scrambled does not go with --one-move" play --target "$scrambled" --one-move --exec true
refuse "play: --record: $TMP/no/dir.rec: No such file or directory" play --size 2 --record "$TMP/no/dir.rec" --exec true

# ---- play: games against a local process (--size 2: no 3x3 solver made) -------------------------
# --max-replies: a rule that keeps firing ends the game at the bound given
"$CUBEGOD" play -q --size 2 --max-replies 2 --reply 'Password?=x' \
  --exec "sh -c 'while :; do echo Password?; read a || exit; done'" < /dev/null > "$TMP/out" 2> "$TMP/err"
expect_eq "$?" 1 "a reply rule past --max-replies"
has "play: reply rule 'Password?=x' fired 2 times with no cube read in between; the server kept sending 'Password?'" "$TMP/err"
# --json stopped by SIGTERM (the process play runs sends it to play): the summary names it
"$CUBEGOD" play --json --size 2 --exec "sh -c 'kill -TERM \$PPID; exec cat'" < /dev/null > "$TMP/out" 2> "$TMP/err"
expect_eq "$?" 143 "play --json stopped by SIGTERM"
expect_eq "$(wc -l < "$TMP/out")" 1 "lines of play --json stopped by SIGTERM"
has '{"won":false,' "$TMP/out"
has '"stopped_by":"SIGTERM"' "$TMP/out"
# the judge note quotes a prompt holding the characters a command line splits on, for replay
# shellcheck disable=SC2016 # the $1 and `x` are the prompt's text
"$CUBEGOD" play -q --size 2 --record "$TMP/judge.rec" --prompt 'say "$1" `x` \ok' --exec true \
  < /dev/null > /dev/null 2>&1
# shellcheck disable=SC2016
grep -qF -- ' judge: --prompt "say \"\$1\" \`x\` \\ok" --notation "standard"' "$TMP/judge.rec" ||
  fail "the judge note: $(grep judge "$TMP/judge.rec")"
# --interactive after a won game: a 2x2 round, a verdict and a flag, then a server that says
# nothing more and ends once play has closed its side (hold.py)
sed -n '4,31p' "$FIXTURES/captures/game-wrong-answer-round-3.txt" > "$TMP/round.txt"
printf 'import select\np = select.poll()\np.register(1, 0)\np.poll(10000)\n' > "$TMP/hold.py"
game="cat $TMP/round.txt; read a; echo \"[+] Correct!\"; echo flag{cli_paths}"
# standard input ended and the server silent for --timeout: the transcript says so, the game won
"$CUBEGOD" play -q --size 2 --interactive --timeout 0.2 --record "$TMP/silent.rec" \
  --exec "sh -c '$game; exec python3 -S $TMP/hold.py'" < /dev/null > "$TMP/out" 2> "$TMP/err"
expect_eq "$?" 0 "--interactive, the server silent: $(cat "$TMP/err")"
has "[+] won: 1/1 rounds passed" "$TMP/out"
has "flag: flag{cli_paths}" "$TMP/out"
grep -qE "^! [0-9.]+ interactive: the server stayed silent for 0.2 s after standard input ended$" "$TMP/silent.rec" ||
  fail "no note of the silence: $(grep '^!' "$TMP/silent.rec")"
# a server that closed its standard input: what the terminal typed cannot be sent, exit 1
echo hello | "$CUBEGOD" play -q --size 2 --interactive \
  --exec "sh -c 'cat $TMP/round.txt; read a; exec 0<&-; echo \"[+] Correct!\"; echo flag{cli_paths}; exec python3 -S $TMP/hold.py'" \
  > "$TMP/out" 2> "$TMP/err"
expect_eq "$?" 1 "--interactive, the server not reading"
has "[+] won: 1/1 rounds passed" "$TMP/out"
grep -qE "^cubegod play: interactive: process 'sh -c .*: send: write: Broken pipe$" "$TMP/err" ||
  fail "--interactive send failure: $(cat "$TMP/err")"

# ---- replay --------------------------------------------------------------------------------------
# a capture: round 1 right, round 2 asked with no cube (its answer has < and >), the flag after
sed -n '1,32p' "$FIXTURES/captures/game-wrong-answer-round-3.txt" > "$TMP/cap.txt"
printf '=== Round 2/100 ===\nEnter your solution:\nR <U>\n[-] Not solved!\nflag{a<b>&"c"}\n' >> "$TMP/cap.txt"
refuse "replay: --notation needs a value" replay --notation
refuse "replay: --notation: 'bogus' is not standard, digits, quarter or quarter-cw" replay --notation bogus "$TMP/cap.txt"
refuse "replay: --input needs a value" replay --input
refuse "replay: --input: 'blob' is not a shape: auto, boxes" replay --input blob "$TMP/cap.txt"
refuse "replay: --check needs a value" replay --check
refuse "replay: --check: 'auto' is not any or home" replay --check auto "$TMP/cap.txt"
refuse "replay: --max-moves: '65' is not a whole number from 0 to 64" replay --max-moves 65 "$TMP/cap.txt"
refuse "replay: --scheme needs a value" replay --scheme
refuse "replay: --scheme: scheme gives no colour for face D" replay --scheme U=W "$TMP/cap.txt"
refuse "replay: one FILE only ('$TMP/cap.txt' and 'other')" replay "$TMP/cap.txt" other
run replay --html "$TMP/game.html" "$TMP/cap.txt"
expect_eq "$RC" 1 "replay of a capture with a round without a cube"
expect_eq "$(cat "$TMP/out")" "round 1/100: correct, 10 moves (optimal)
  answer: U L U2 L U2 L2 B' R D2 F
round 2/100: unreadable
  answer: R <U>
  line 34: no face boxes before the prompt
$TMP/cap.txt: terminal capture, 2 rounds, 1 correct (1 optimal), 1 wrong, first wrong: round 2
after the last round: flag{a<b>&\"c\"}" "replay's report"
has '<p id="summary" data-rounds="2" data-correct="1">terminal capture, 2 rounds, 1 correct, 1 wrong; after the last round: flag{a&lt;b&gt;&amp;&quot;c&quot;}</p>' "$TMP/game.html"
has '<h2>Round 2/100: <span class="result">unreadable</span></h2>
<p class="nocube">no cube was read before the prompt</p>' "$TMP/game.html"
has '<dt>answer</dt><dd class="answer">R &lt;U&gt;</dd>' "$TMP/game.html"
[ "$(grep -c 'class="nocube"' "$TMP/game.html")" = 1 ] || fail "round 1 had its cube: it is drawn"
# --html to a folder that does not exist: the report printed, the page's error, exit 2
run replay --html "$TMP/no/page.html" "$TMP/cap.txt"
expect_eq "$RC" 2 "replay --html into a missing folder"
expect_eq "$(cat "$TMP/err")" "cubegod replay: --html $TMP/no/page.html: No such file or directory" "replay --html into a missing folder"
has "$TMP/cap.txt: terminal capture, 2 rounds" "$TMP/out"
# --cache: the table comes from the file given, not from CUBEGOD_CACHE's (which would be built)
table=$CUBEGOD_CACHE
CUBEGOD_CACHE=$TMP/none/pocket.tbl "$CUBEGOD" replay -q --cache "$table" "$TMP/cap.txt" > "$TMP/out" 2> "$TMP/err"
expect_eq "$?" 1 "replay --cache"
[ ! -s "$TMP/err" ] || fail "replay --cache said: $(cat "$TMP/err")"
# a transcript with a bad record: the error, and the page of what was replayed (nothing)
rec=$FIXTURES/transcripts/twisted-second-move.rec
{ cat "$rec"; printf '< 0.2 oops \\q\n'; } > "$TMP/bad.rec"
bad_line=$(($(wc -l < "$rec") + 1))
run replay --html "$TMP/bad.html" "$TMP/bad.rec"
expect_eq "$RC" 2 "replay of a transcript with a bad record"
expect_eq "$(cat "$TMP/err")" "cubegod replay: $TMP/bad.rec: line $bad_line: column 12: bad escape '\\q'" "the bad record"
has '<p id="summary" data-rounds="0" data-correct="0">transcript, 0 rounds, 0 correct, 0 wrong</p>' "$TMP/bad.html"
# a judge note replay does not understand: its own message, then which file
sed 's/judge: .*/judge: --bogus/' "$rec" > "$TMP/judge-bad.rec"
refuse "replay: unknown option '--bogus'" replay "$TMP/judge-bad.rec"
expect_eq "$(tail -n1 "$TMP/err")" "cubegod replay: $TMP/judge-bad.rec: the transcript's judge note is not understood" "a judge note not understood"

# ---- serve ---------------------------------------------------------------------------------------
printf 'U1 U2\0\n' > "$TMP/nul.layout"
refuse "serve: --layout $TMP/nul.layout: longer than 65535 bytes, or not text" serve --layout "$TMP/nul.layout"
refuse "serve: --layout $TMP/big.txt: longer than 65535 bytes, or not text" serve --layout "$TMP/big.txt"
refuse "serve: unexpected argument 'foo'" serve foo
refuse "serve: --end is the line that ends the moves of --send-each" serve --end x
refuse "serve: --pow-difficulty goes with --pow KIND" serve --pow-difficulty 3

# ---- solve ---------------------------------------------------------------------------------------
# --explain of a 2x2: the colour of each face and where each corner is; with two files each
# message names its file, with one it does not
run solve --order URFDLB --explain "$TMP/solved2.txt" "$TMP/colours2.txt"
expect_eq "$RC" 0 "solve --explain of two files"
expect_eq "$(cat "$TMP/out")" "
U' R'" "the answers to a solved and a scrambled 2x2"
expect_eq "$(cat "$TMP/err")" "cubegod solve: $TMP/solved2.txt: puzzle 1 (line 1): a 2x2; U=U D=D F=F B=B L=L R=R
  corners URF<-URF UFL<-UFL ULB<-ULB UBR<-UBR DFR<-DFR DLF<-DLF DBL<-DBL DRB<-DRB
cubegod solve: $TMP/colours2.txt: puzzle 2 (line 1): a 2x2; U=G D=B F=R B=O L=Y R=W
  corners URF<-URF UFL<-UFL ULB<-UBR+ UBR<-DRB- DFR<-DLF DLF<-ULB- DBL<-DBL+ DRB<-DFR" "solve --explain"
run solve --order URFDLB --explain "$TMP/colours2.txt"
expect_eq "$(head -n1 "$TMP/err")" "cubegod solve: puzzle 1 (line 1): a 2x2; U=G D=B F=R B=O L=Y R=W" "--explain of one file"
# a goal of another size than the cube: the cube refused ('!'), the sizes named
run solve --target UUUURRRRFFFFDDDDLLLLBBBB "$TMP/cube3.txt"
expect_eq "$RC" 2 "a 2x2 goal for a 3x3"
expect_eq "$(cat "$TMP/out")" "!" "the answer to a 3x3 toward a 2x2 goal"
expect_eq "$(cat "$TMP/err")" "cubegod solve: puzzle 1 (line 1): the goal is a 2x2 and the cube a 3x3" "a 2x2 goal for a 3x3"
# no cube, but a drawing with its moves: the turn command that reads it
cp "$FIXTURES/turn/flag-net.txt" "$TMP/flag-net.txt"
run solve "$TMP/flag-net.txt"
expect_eq "$RC" 2 "solve of a drawing with moves"
has "no cube found: nothing in 13 lines is a cube (boxes, labelled faces, a net, a string or ANSI colours); lines 3-11 hold a drawing and line 13 reads as moves" "$TMP/err"
has "'cubegod turn --moves last-line $TMP/flag-net.txt' applies them, --undo takes them back" "$TMP/err"
# --input boxes and nothing like a box: what boxes look like
echo hello > "$TMP/hello.txt"
refuse "solve: no cube found: no 'Face X:' box in 1 line; boxes look like 'Face U:' then '+-----+', '| U U |', '| U U |', '+-----+'; for one cube per line use --line" \
  solve --input boxes "$TMP/hello.txt"
# --explain-input of a 2x2 whose colours cannot be told
echo UUUUDDDDFFFFBBBBLLLLRRRD > "$TMP/five-d.txt"
run solve --explain-input --order UDFBLR "$TMP/five-d.txt"
expect_eq "$RC" 2 "a 2x2 with five D stickers"
has "  colours: not told (colour 'D' is seen more than four times)
  hidden: 0 stickers" "$TMP/err"
# --line: a comment as JSON; --explain-input (the order given, or auto); --target first pairs
printf '# hi "x"\n%s\n' "$scrambled" > "$TMP/lines.txt"
run solve --line --json --order URFDLB "$TMP/lines.txt"
expect_eq "$(cat "$TMP/out")" '{"comment":"# hi \"x\""}
{"puzzle":1,"file":"'"$TMP"'/lines.txt","line":2,"moves":"U'"'"' R'"'"'","count":2}' "solve --line --json with a comment"
run solve --line --explain-input --order URFDLB "$TMP/lines.txt"
expect_eq "$(sed -n 2p "$TMP/out")" "U' R'" "solve --line --explain-input's answer"
expect_eq "$(head -n1 "$TMP/err")" "cubegod solve: puzzle 1 (line 2): string of a 2x2; faces in the order URFDLB" "--line --explain-input"
# no --order: the order the automatic choice took (UDFBLR when it gives a cube, else the first
# common order that does), not "auto"
echo UUUUDDDDFFFFBBBBLLLLRRRR | "$CUBEGOD" solve --line --explain-input > /dev/null 2> "$TMP/err"
expect_eq "$(head -n1 "$TMP/err")" "cubegod solve: puzzle 1 (line 1): string of a 2x2; faces in the order UDFBLR" "--line --explain-input, no --order"
echo UUUURRRRFFFFDDDDLLLLBBBB | "$CUBEGOD" solve --line --explain-input > /dev/null 2> "$TMP/err"
expect_eq "$(head -n1 "$TMP/err")" "cubegod solve: puzzle 1 (line 1): string of a 2x2; faces in the order URFDLB" "--line --explain-input, URFDLB found"
printf '%s\n' "$scrambled" UUUURRRRFFFFDDDDLLLLBBBB UUUURRRRFFFFDDDDLLLLBBBB "$scrambled" > "$TMP/pairs.txt"
run solve --line --order URFDLB --target first "$TMP/pairs.txt"
expect_eq "$RC" 0 "solve --line --target first"
expect_eq "$(cat "$TMP/out")" "R U
U' R'" "two pairs, goal first"
# a net whose writer pauses before its D rows (the pipe stays open): answered then, and refused
# here (no order of the side faces gives a possible cube), before the input ends
coproc SOLVE { "$CUBEGOD" solve 2> "$TMP/pause.err"; }
# shellcheck disable=SC2153 # SOLVE_PID is set by coproc
solve_pid=$SOLVE_PID
printf '    U U\n    U U\nL L F F R R B B\nL L F F R R B D\n' >&"${SOLVE[1]}"
read -r -t 10 answer <&"${SOLVE[0]}" || answer="(nothing within 10 s)"
eval "exec ${SOLVE[1]}>&-" # the input's end
wait "$solve_pid"
expect_eq "$?" 2 "solve of a paused net that is no cube"
expect_eq "$answer" "!" "the answer to a paused net that is no cube"
has "cubegod solve: puzzle 1 (line 4): a net of 2x2 faces (lines 1-4): corners DLF (? L F) and DBL (? D L) are the same corner" "$TMP/pause.err"
# a directory to read; --layout with --line
run solve "$TMP/dir"
expect_eq "$RC" 2 "solve of a directory"
has "cubegod solve: $TMP/dir: reading failed: Is a directory" "$TMP/err"
expect_eq "$(wc -l < "$TMP/err")" 1 "solve of a directory says only that it cannot be read: $(cat "$TMP/err")"
refuse "solve: --layout reads drawings in the layout only: it goes with neither --line nor --input" \
  solve --layout "$FIXTURES/layouts/rows2-labelled.layout" --line
# profiles: a flag written '= yes' is given, '= no' is not; a --profile with no file
printf '[solve]\nline = yes\njson = no\n' > "$TMP/p.profile"
"$CUBEGOD" solve --profile "$TMP/p.profile" --order URFDLB < "$TMP/lines.txt" > "$TMP/out" 2> "$TMP/err"
expect_eq "$?" 0 "a profile of flags: $(cat "$TMP/err")"
expect_eq "$(cat "$TMP/out")" "#
U' R'" "line = yes, json = no"
refuse "solve: --profile needs a value" solve --profile

# ---- draw ----------------------------------------------------------------------------------------
refuse "draw: $TMP/dir: reading failed: Is a directory" draw "$TMP/dir"
if [ -w /dev/full ]; then
  refuse "draw: -o /dev/full: No space left on device" draw -o /dev/full "$TMP/cube3.txt"
  # an SVG is larger than the C library's buffer: its first flush fails inside a write
  refuse "draw: -o /dev/full: " draw --svg -o /dev/full "$TMP/cube3.txt"
  # standard output full: the status says so, and why when the last flush can tell
  "$CUBEGOD" --help > /dev/full 2> "$TMP/err"
  expect_eq "$?" 1 "cubegod --help to a full disk"
  expect_eq "$(cat "$TMP/err")" "cubegod: writing standard output: No space left on device" "cubegod --help to a full disk"
  "$CUBEGOD" solve --scramble "R U" --size 2 > /dev/full 2> "$TMP/err"
  expect_eq "$?" 1 "solve's answer to a full disk"
  expect_eq "$(cat "$TMP/err")" "cubegod: writing standard output: a write failed" "solve's answer to a full disk"
  "$CUBEGOD" draw --svg "$TMP/cube3.txt" > /dev/full 2> "$TMP/err"
  expect_eq "$?" 1 "draw's picture to a full disk"
  has "cubegod: writing standard output: " "$TMP/err"
fi
# --png to a terminal: refused before anything is written
python3 "$HERE/../game/pty_run.py" "$TMP/png.tty" "$CUBEGOD" draw --png "$TMP/cube3.txt"
expect_eq "$?" 2 "draw --png to a terminal"
has "draw: --png writes binary: give -o FILE or redirect standard output" "$TMP/png.tty"
grep -q PNG "$TMP/png.tty" && fail "draw --png wrote to the terminal"

# ---- turn ----------------------------------------------------------------------------------------
refuse "turn: unexpected argument 'extra'" turn R "$TMP/cube3.txt" extra
refuse "turn: unexpected argument 'extra'" turn --moves last-line "$TMP/cube3.txt" extra
echo R > "$TMP/moves.txt"
refuse "turn: --moves last-line and --moves-from both say where the moves are" \
  turn --moves last-line --moves-from "$TMP/moves.txt" "$TMP/cube3.txt"
refuse "turn: $TMP/none.txt: No such file or directory" turn R "$TMP/none.txt"
expect_eq "$(wc -l < "$TMP/err")" 1 "lines said about a missing file"
printf 'a\0b\n' > "$TMP/nul.txt"
refuse "turn: input: a NUL byte at byte 2" turn R "$TMP/nul.txt"

# ---- pow: the estimate of a long search, said before its answer -------------------------------
# (a full digest: about half the 62^5 candidates expected; the answer is the 27th tried)
digest=$(printf 'aaabatail' | sha256sum | cut -d' ' -f1)
answer=$("$CUBEGOD" pow --threads 1 --limit 100000 "sha256(XXXXX+tail) == $digest" 2> "$TMP/err")
expect_eq "$?" 0 "pow of a known digest"
expect_eq "$answer" aaaba "pow's answer"
grep -qE "^cubegod pow: sha256 prefix, 5 unknown of 62 characters \(916132832 candidates\): about .* expected \(4\.58e\+08 candidates at [0-9.]+ M/s on 1 thread\)$" "$TMP/err" ||
  fail "pow's estimate: $(cat "$TMP/err")"

# ---- the contest benches' text (tiny sizes) and refusals -----------------------------------------
refuse "bench jigsaw: --seed: '-1' is not a whole number from 0 to 2147483647" bench jigsaw --seed -1
refuse "bench order: -n needs a value" bench order -n
run bench order -n 10 -r 1 --seed 1
expect_eq "$RC" 0 "bench order"
grep -qxE "order: 10 moves \(29 characters\), order 18: mean [0-9.]+ ms, best [0-9.]+ ms over 1 runs \([0-9.]+ ns per move\)" "$TMP/out" ||
  fail "bench order's line: $(cat "$TMP/out")"
run bench sim3 --ops 1 -n 1 --seed 1
expect_eq "$RC" 0 "bench sim3"
grep -qxE "sim3: 100 data sets of 1 operations \(50 Yes\), 1 runs: [0-9.]+ us per 100 data sets \(limit 1 s: [0-9]+x under\); reader state [0-9]+ bytes; process peak RSS [0-9]+ KB \(limit 32 MB\)" "$TMP/out" ||
  fail "bench sim3's line: $(cat "$TMP/out")"

echo "e2e_cli_paths: all checks passed"
