# needs: tables3 (a solved 3x3 given to solve is answered from the two-phase tables: it must not build them)
# The command line's own words (src/cli/main.c) and the error paths of `pow`, `bench pow` and
# `draw`: each bad option, missing value, extra argument or unreadable file gets exit status 2
# and a message naming what was wrong; and the few good paths those files hold beside them
# (help, version, pow -v, one short bench pow run), play's tcp:// and tls:// addresses, solve's
# order hint.
. "$(dirname "$0")/lib.sh"

# refused EXIT PATTERN COMMAND...: COMMAND exits EXIT and its standard error holds PATTERN
refused() {
  local want=$1 pattern=$2; shift 2
  "$@" < /dev/null > "$TMP/out" 2> "$TMP/err"
  expect_eq "$?" "$want" "exit status of '$*'"
  expect_grep "$pattern" "$TMP/err"
}

# ---- cubegod itself ----
refused 2 "^usage: cubegod COMMAND" "$CUBEGOD"
"$CUBEGOD" help > "$TMP/help" || fail "cubegod help exited $?"
for c in solve play serve replay draw bench tables sim3 order jigsaw pow turn version; do
  grep -q "^  $c " "$TMP/help" || fail "cubegod help does not list '$c'"
done
expect_eq "$("$CUBEGOD" --help | head -n1)" "usage: cubegod COMMAND [options]" "cubegod --help"
"$CUBEGOD" help draw > "$TMP/out" || fail "cubegod help draw exited $?"
expect_grep "^usage: cubegod draw" "$TMP/out"
refused 2 "cubegod: no command 'nosuch'" "$CUBEGOD" help nosuch
refused 2 "no command 'drwa'; did you mean 'draw'?" "$CUBEGOD" drwa
refused 2 "no command 'qqqqqqqq'$" "$CUBEGOD" qqqqqqqq
expect_grep "^usage: cubegod COMMAND" "$TMP/err" # the usage follows the refusal
version=$("$CUBEGOD" --version) || fail "--version exited $?"
[[ $version =~ ^cubegod\ [0-9]+\.[0-9]+\.[0-9]+ ]] || fail "--version printed '$version'"
expect_eq "$("$CUBEGOD" version)" "$version" "cubegod version and --version"
"$CUBEGOD" version --help | grep -q "^usage: cubegod version" || fail "version --help"
refused 2 "version: unexpected argument 'now'" "$CUBEGOD" version now

# ---- pow ----
refused 2 "needs the text of a proof of work, or - for standard input" "$CUBEGOD" pow
refused 2 "unexpected argument 'b': give the gate as one argument" "$CUBEGOD" pow a b
refused 2 "--threads: '999' is not a whole number from 0 to 256" "$CUBEGOD" pow --threads 999 x
refused 2 "--threads needs a value" "$CUBEGOD" pow --threads
refused 2 "--limit: 'soon' is not a number of seconds" "$CUBEGOD" pow --limit soon x
refused 2 "unknown option '--thread'; did you mean '--threads'?" "$CUBEGOD" pow --thread 2 x
refused 2 "no proof of work found in the text" "$CUBEGOD" pow -
refused 1 "no candidate of the 3844 reaches the target" "$CUBEGOD" pow -q "md5(XX+abc) == 00000000000000000000000000000000"
[ ! -s "$TMP/out" ] || fail "pow printed an answer for a gate none reaches: $(cat "$TMP/out")"
"$CUBEGOD" pow --help | grep -q "^usage: cubegod pow" || fail "pow --help"
# -v names the gate read and the time; the answer alone on standard output, checked here
answer=$("$CUBEGOD" pow -v --threads 1 "sha256(abc+XX) starts with 00" 2> "$TMP/err") || fail "pow -v exited $?"
expect_grep "sha256 suffix, 2 unknown of 62 characters (3844 candidates): answered in" "$TMP/err"
python3 -c 'import hashlib, sys; a = sys.argv[1]
assert len(a) == 2 and a.isalnum(), a
assert hashlib.sha256(b"abc" + a.encode()).hexdigest().startswith("00"), a' "$answer" ||
  fail "pow's answer '$answer' does not make the digest start with 00"
# the search's progress goes to standard error, -q keeps it quiet
refused 2 "" "$CUBEGOD" pow -q "sha256(abc+XX) == zz"
expect_grep "looks like a proof of work" "$TMP/err"

# ---- a bad sticker in labelled faces: the row's error, not a dropped cube ----
# (on a row after the label line, and on the label line itself)
printf 'U:\nW W\nW W\nR:\nR R\nR\001 R\nF:\nG G\nG G\nD:\nY Y\nY Y\nL:\nO O\nO O\nB:\nB B\nB B\n' > "$TMP/ctl-row.txt"
refused 2 "puzzle 1 (line 6): labelled faces: face R, line 6, column 1: colour token has the control byte 0x01" \
  "$CUBEGOD" solve "$TMP/ctl-row.txt"
printf 'U: W W W W\nR: R R R\001 R\nF: G G G G\nD: Y Y Y Y\nL: O O O O\nB: B B B B\n' > "$TMP/ctl-label.txt"
refused 2 "labelled faces: face R, line 2, column 8: colour token has the control byte 0x01" \
  "$CUBEGOD" solve "$TMP/ctl-label.txt"

# ---- a dict whose key has no ':' ends its faces there (not a face read past the missing colon) ----
echo '{"U": "WWWW", "R" "RRRR", "F": "GGGG", "D": "YYYY", "L": "OOOO", "B": "BBBB"}' > "$TMP/nocolon.txt"
refused 2 "a Python or JSON cube (lines 1-1): 1 face (U), at least five are needed" "$CUBEGOD" solve "$TMP/nocolon.txt"

# and a value that is itself a mapping is passed over whole: the faces after it are read
echo '{"U": ["W","W","W","W"], "x": {"y": "z"}, "R": "RRRR", "F": "GGGG", "D": "YYYY", "L": "OOOO", "B": "BBBB"}' > "$TMP/nested.txt"
"$CUBEGOD" solve "$TMP/nested.txt" > "$TMP/out" 2> "$TMP/err" || fail "a dict with a nested mapping value: exit $?: $(cat "$TMP/err")"
expect_eq "$(cat "$TMP/out")" "" "the solved cube's answer"

# ---- bench solve's target (cli.c cli_target) ----
refused 2 "bench solve: --target: 'bogus' is not home, any or auto" "$CUBEGOD" bench solve --target bogus -n 1
refused 2 "bench solve: --target: 'Home' is not home, any or auto" "$CUBEGOD" bench solve --target Home -n 1

# ---- bench pow ----
refused 2 "--runs: '0' is not a whole number from 1 to 1000" "$CUBEGOD" bench pow --runs 0
refused 2 "--difficulty: '100001' is not a whole number from 1 to 100000" "$CUBEGOD" bench pow --difficulty 100001
refused 2 "--threads: '-1' is not a whole number from 0 to 256" "$CUBEGOD" bench pow --threads -1
refused 2 "unknown option '--jsn'; did you mean '--json'?" "$CUBEGOD" bench pow --jsn
"$CUBEGOD" bench pow --help | grep -q "^usage: cubegod bench pow" || fail "bench pow --help"
# one short run (a second of CPU: the whole 62^4 space once); not under ASan or valgrind
if [ -z "${CUBEGOD_SLOW_TOOLS:-}${CUBEGOD_SANITIZED:-}" ]; then
  "$CUBEGOD" bench pow --threads 1 --runs 2 --difficulty 3 --json > "$TMP/bench.json" ||
    fail "bench pow exited $?: $(cat "$TMP/bench.json")"
  python3 -c 'import json, sys; b = json.load(open(sys.argv[1]))
assert b["bench"] == "pow" and b["ok"] is True and b["threads"] == 1, b
assert b["hashcash_runs"] == 2 and b["sloth_difficulty"] == 3, b
for k in ("sha256_space_s", "sha256_candidates_per_s", "hashcash20_mean_s", "sloth_s", "sloth_step_ms", "sloth_step_bignum_ms"):
    assert b[k] > 0, k
assert b["hashcash20_max_s"] >= b["hashcash20_mean_s"], b' "$TMP/bench.json" || fail "bench pow --json: $(cat "$TMP/bench.json")"
  "$CUBEGOD" bench pow --threads 1 --runs 1 --difficulty 1 > "$TMP/bench.txt" || fail "bench pow (text) exited $?"
  expect_grep "^threads: 1$" "$TMP/bench.txt"
  expect_grep "^sha256, 4 of 62 characters: whole space of 14776336 in" "$TMP/bench.txt"
  expect_grep "^hashcash 20 bits: mean .* over 1 stamps" "$TMP/bench.txt"
  expect_grep "^sloth difficulty 1: " "$TMP/bench.txt"
fi

# ---- draw ----
cube=UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB
echo "$cube" > "$TMP/cube.txt"
refused 2 "--input: 'blob' is not a shape: auto, boxes" "$CUBEGOD" draw --input blob "$TMP/cube.txt"
refused 2 "--order: face order 'UUDFBL' gives U twice" "$CUBEGOD" draw --order UUDFBL "$TMP/cube.txt"
refused 2 "side faces 'XYZW': 'X' is not L, F, R or B" "$CUBEGOD" draw --across XYZW "$TMP/cube.txt"
refused 2 "--layout $TMP/none.lay: No such file or directory" "$CUBEGOD" draw --layout "$TMP/none.lay" "$TMP/cube.txt"
refused 2 "--cube: '0' is not a whole number from 1" "$CUBEGOD" draw --cube 0 "$TMP/cube.txt"
refused 2 "--cube needs a value" "$CUBEGOD" draw --cube
refused 2 "-o $TMP/no/dir.svg: No such file or directory" "$CUBEGOD" draw --svg -o "$TMP/no/dir.svg" "$TMP/cube.txt"
refused 2 "one FILE only ('$TMP/cube.txt' and 'other')" "$CUBEGOD" draw "$TMP/cube.txt" other
refused 2 "$TMP/absent.txt: No such file or directory" "$CUBEGOD" draw "$TMP/absent.txt"
echo "${cube:0:53}" > "$TMP/short.txt"
refused 2 "$TMP/short.txt: no cube found" "$CUBEGOD" draw --input string "$TMP/short.txt"
refused 2 "draw: line 7: a net of 3x3 faces (from line 1): row 7 (line 7) has 2 stickers where 3" \
  "$CUBEGOD" draw "$FIXTURES/shapes/bad-net3-short-row.txt"
refused 2 "unknown option '--sgv'; did you mean '--svg'?" "$CUBEGOD" draw --sgv "$TMP/cube.txt"
# a net cut off by the end of the input says how far it got, of how many rows
printf '      W W W\n      W W W\n      W W W\nO O O G G G R R R B B B\n' > "$TMP/cut.txt"
refused 2 "line 4: a net of 3x3 faces (from line 1): cut off by the end of input after row 4 of 9\$" \
  "$CUBEGOD" draw "$TMP/cut.txt"
# --svg of two cubes: the first drawn, the second named in a note; --cube 2 draws the second
printf '%s\n%s\n' "$cube" "$cube" > "$TMP/two.txt"
"$CUBEGOD" draw --svg "$TMP/two.txt" > "$TMP/one.svg" 2> "$TMP/err" || fail "draw --svg of two cubes exited $?"
expect_grep "note: 2 cubes read, the first drawn (--cube N draws another)" "$TMP/err"
grep -q '<svg' "$TMP/one.svg" || fail "draw --svg wrote no SVG"
"$CUBEGOD" draw --svg --cube 2 -o "$TMP/second.svg" "$TMP/two.txt" 2> "$TMP/err" || fail "draw --cube 2 exited $?"
[ ! -s "$TMP/err" ] || fail "draw --cube 2 said: $(cat "$TMP/err")"
cmp -s "$TMP/one.svg" "$TMP/second.svg" || fail "the same cube drawn twice differs"
refused 2 "--cube 3: only 2 cubes read" "$CUBEGOD" draw --cube 3 "$TMP/two.txt"
# NO_COLOR: the net as its tokens, every one of the 54 letters shown once
NO_COLOR=1 "$CUBEGOD" draw "$TMP/cube.txt" > "$TMP/plain.txt" || fail "NO_COLOR draw exited $?"
if grep -q $'\x1b' "$TMP/plain.txt"; then fail "NO_COLOR draw wrote an escape"; fi
expect_eq "$(tr -cd 'UDFBLR' < "$TMP/plain.txt" | wc -c)" 54 "stickers of the NO_COLOR net"
# an SVG of stickers named by XML's own characters (< > & "): valid XML whose text gives each
# token back, nine times (picture.c's svg_escape with '<' dropped survived every test)
sym=""
for t in '<' '>' '&' '"' x y; do sym+=$(printf "%.0s$t" 1 2 3 4 5 6 7 8 9); done
echo "$sym" | "$CUBEGOD" draw --svg > "$TMP/xml.svg" || fail "draw --svg of XML's characters exited $?"
python3 - "$TMP/xml.svg" <<'PY' || fail "the SVG of XML's characters"
import sys, xml.etree.ElementTree as ET
text = "".join(ET.parse(sys.argv[1]).getroot().itertext())
for t in '<>&"':
    assert text.count(t) >= 9, (t, text.count(t))
PY

# ---- play's addresses: tcp://HOST:PORT and tls://HOST:PORT/ name the host whole ----
for address in tcp://localhost:1 tls://localhost:1/; do
  refused 1 "connect to localhost port 1 (127.0.0.1): Connection refused" "$CUBEGOD" play "$address"
done

# ---- solve's order hint ----
# a string that is a cube in its own order gets no "try --order" hint, even when it is one in
# the other orders too (a solved 3x3 is: a 3x3's state did not fit solve's buffer, survived)
echo "$cube" | "$CUBEGOD" solve > "$TMP/out" 2> "$TMP/err" || fail "solve of a solved 3x3 exited $?"
expect_eq "$(cat "$TMP/out")" "" "the answer to a solved cube"
[ ! -s "$TMP/err" ] || fail "solve of a solved 3x3 said: $(cat "$TMP/err")"
echo "UUUUDDDDFFFFBBBBLLLLRRRR" | "$CUBEGOD" solve > "$TMP/out" 2> "$TMP/err" || fail "solve of a solved 2x2 exited $?"
[ ! -s "$TMP/err" ] || fail "solve of a solved 2x2 said: $(cat "$TMP/err")"
echo "cli errors: ok"
