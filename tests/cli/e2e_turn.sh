# cubegod turn: a flag hidden in a scrambled net decoded end to end (the net and its scramble
# written by an independent model, tests/cli/turn_model.py, that turns points in space);
# cubegod's moves compared with the model's on random sequences of every kind, both sizes;
# random drawings (nets with any separators and indentation, labelled faces, boxes, strings,
# emoji) turned and turned back byte for byte; --check; --moves-from; --move-map; the errors.
. "$(dirname "$0")/lib.sh"
# Suite time: the release run has it whole; its readers are fuzzed under ASan (fuzz_turn_moves, fuzz_drawing) and its units run there (puzzle_test_turn).
if [ -n "${CUBEGOD_SANITIZED:-}" ]; then echo "skipped under ASan+UBSan"; exit 77; fi
MODEL_DIR=$(cd "$(dirname "$0")" && pwd)

# 1. The decode task: a 54-character flag written into a net line by line, scrambled by the
#    model with slices, wide moves and rotations, printed with its scramble under it.
python3 - "$TMP" "$MODEL_DIR" <<'PY' || fail "could not write the challenge"
import random, string, sys
sys.path.insert(0, sys.argv[2])
import turn_model as tm
rng = random.Random(2020)
body = ''.join(rng.choice(string.ascii_letters + string.digits + '_') for _ in range(48))
flag = 'flag{' + body + '}'
assert len(flag) == 54
n = 3
# The reading order of a net: U's rows, then each row across L F R B, then D's rows.
places = []
for r in range(n):
    places += [('U', r, c) for c in range(n)]
for r in range(n):
    for f in 'LFRB':
        places += [(f, r, c) for c in range(n)]
for r in range(n):
    places += [('D', r, c) for c in range(n)]
index = {p: tm.ORDER.index(p[0]) * n * n + p[1] * n + p[2] for p in places}
syms = [None] * 54
for ch, p in zip(flag, places):
    syms[index[p]] = ch
scramble = tm.random_moves(n, rng, 30)
out = tm.apply(n, syms, scramble)
shown = [out[index[p]] for p in places]
lines = ['Welcome! The flag was written on this cube, then scrambled:', '']
for r in range(n):
    lines.append('      ' + ' '.join(shown[r * 3:r * 3 + 3]))
for r in range(n):
    row = shown[9 + r * 12:9 + r * 12 + 12]
    lines.append(' '.join(row))
for r in range(n):
    lines.append('      ' + ' '.join(shown[45 + r * 3:45 + r * 3 + 3]))
lines.append('Scramble: ' + scramble)
open(sys.argv[1] + '/challenge.txt', 'w').write('\n'.join(lines) + '\n')
open(sys.argv[1] + '/flag', 'w').write(flag + '\n')
open(sys.argv[1] + '/scramble', 'w').write(scramble + '\n')
PY
"$CUBEGOD" turn --undo --moves last-line "$TMP/challenge.txt" > "$TMP/out" 2> "$TMP/err" || fail "decode: $(cat "$TMP/err")"
expect_eq "$(tail -n 1 "$TMP/out")" "$(cat "$TMP/flag")" "the flag read off the unscrambled net"
expect_eq "$(wc -l < "$TMP/out")" 10 "nine net rows and the reading line"
"$CUBEGOD" turn --undo --moves-from "$TMP/scramble" < "$TMP/challenge.txt" > "$TMP/out2" || fail "--moves-from"
cmp -s "$TMP/out" "$TMP/out2" || fail "--moves-from and --moves last-line disagree"
# Turning the flag's net forward again gives the challenge's net back.
head -n 9 "$TMP/out" | "$CUBEGOD" turn --moves-from "$TMP/scramble" > "$TMP/fwd"
expect_eq "$(head -n 9 "$TMP/fwd")" "$(sed -n '3,11p' "$TMP/challenge.txt")" "the scramble applied to the flag's net"

# 1b. last-line is the last line that reads as moves: the hidden-text capture's shape (the net,
#     a sentence, the scramble alone on the last line, blank lines between) decodes the same;
#     with the sentence last, the error names its line and why it is no move.
{ sed -n '1,11p' "$TMP/challenge.txt"; printf '\nThat was hard. Keep going: it might help you.\n\n'
  cat "$TMP/scramble"; printf '\n'; } > "$TMP/capture.txt"
"$CUBEGOD" turn --undo --moves last-line "$TMP/capture.txt" > "$TMP/out3" 2> "$TMP/err" ||
  fail "decode of the capture: $(cat "$TMP/err")"
expect_eq "$(tail -n 1 "$TMP/out3")" "$(cat "$TMP/flag")" "the flag, moves on the last line"
{ sed -n '1,11p' "$TMP/challenge.txt"; echo 'Good luck, have fun!'; } |
  "$CUBEGOD" turn --undo --moves last-line > /dev/null 2> "$TMP/err"
expect_eq "$?" 2 "exit status, no line of moves"
expect_grep "no line after the drawing (which ends at line 11) reads as moves; the last one (line 12): move 1 'Good' (column 1) is not a move" "$TMP/err"
# a transcript play recorded (a password on a 2x2's faces, then the route that hid it): turn
# reads the server's text in it, and only that
"$CUBEGOD" turn --undo --moves last-line "$FIXTURES/transcripts/sealed-note.rec" > "$TMP/out" 2> "$TMP/err" ||
  fail "turn of a transcript: $(cat "$TMP/err")"
expect_eq "$(tail -n 1 "$TMP/out")" "pocket-cube-courier-2026" "the password read off the transcript's cube"
expect_eq "$(wc -l < "$TMP/out")" 19 "six labelled faces and the reading line"
# a transcript (turn reads the server's text in it) with a bad record: its line is named
printf '# cubegod transcript 1\n< 0.1 Face U:\\n\n< 0.2 oops \\q\n' > "$TMP/bad.rec"
"$CUBEGOD" turn --undo --moves last-line "$TMP/bad.rec" > /dev/null 2> "$TMP/err"
expect_eq "$?" 2 "exit status, a bad transcript record"
expect_grep "bad.rec: line 3: column 12: bad escape" "$TMP/err"
expect_eq "$(wc -l < "$TMP/err")" 1 "lines on stderr: the bad record's only, turn reads no further"

# 1c. One reading: every cube of colours that solve reads is the same state to turn. solve's
#     answer, applied by turn to the file itself and to draw's ANSI picture of it, leaves every
#     face one symbol (the shapes turn reads directly: nets in any side order, the cross with B
#     under D, boxes, labelled faces, strings in any common order, ANSI cells; draw's picture of
#     every fixture). A 2x2 that hides a face is left out (its hidden stickers are all '?' but
#     are not one colour).
F="$FIXTURES"
for f in "$F"/shapes/ansi*.txt "$F"/shapes/boxes3.txt "$F"/shapes/faces3-words.txt \
         "$F"/shapes/net*.txt "$F"/shapes/string2-tokens.txt "$F"/shapes/string3-net.txt \
         "$F"/shapes/string3-urfdlb.txt "$F"/layouts/cross3-b-under.txt; do
  answer=$("$CUBEGOD" solve "$f" 2> /dev/null) || fail "solve $f"
  "$CUBEGOD" turn --check "$answer" "$f" > "$TMP/out" 2>&1 || fail "turn reads $f otherwise: $(cat "$TMP/out")"
done
for f in "$F"/shapes/*.txt "$F"/layouts/*.txt; do
  case $f in */bad-*|*/expected.txt|*/faces2-letters.txt|*/list3-faces.txt) continue ;; esac
  answer=$("$CUBEGOD" solve "$f" 2> /dev/null) || fail "solve $f"
  "$CUBEGOD" draw "$f" | "$CUBEGOD" turn --check "$answer" > "$TMP/out" 2>&1 ||
    fail "draw $f | turn reads another cube: $(cat "$TMP/out")"
done
# a layout template is parsed by the shape reader's one parser: its literals ("top:") and grouped
# names read in turn as in solve
for lay in rows2-labelled cross3-b-under; do
  answer=$("$CUBEGOD" solve --layout "$F/layouts/$lay.layout" "$F/layouts/$lay.txt" 2> /dev/null)
  "$CUBEGOD" turn --check "$answer" --layout "$F/layouts/$lay.layout" "$F/layouts/$lay.txt" > "$TMP/out" 2>&1 ||
    fail "turn --layout $lay reads another cube: $(cat "$TMP/out")"
done
"$CUBEGOD" turn R --layout "$F/layouts/bad-twice.layout" "$F/layouts/rows2-labelled.txt" > /dev/null 2> "$TMP/err"
expect_eq "$?" 2 "a bad layout"
expect_grep "layout: layout line [0-9]*: [URFDLB][0-9] given twice" "$TMP/err"
# unturned, a scrambled picture is not solved; the README's kind of check on a net of colour cells
"$CUBEGOD" draw "$F/shapes/net3-blfr.txt" | "$CUBEGOD" turn --check '' > "$TMP/out"
expect_eq "$?" 1 "draw net3-blfr | turn --check '' (scrambled)"

# 1d. The same cube in every shape solve reads (fixtures/turn/same-cube.txt: each shape's
#     shortest and longest form and one hiding a face; dicts, JSON, labelled strings and five
#     faces too): undoing its scramble solves it in turn, unturned it is not, and solve's answer
#     solves it in turn. Then the drawing turn writes is read again by solve: solved.
awk -v dir="$TMP" '/^=== /{n++; sub(/^=== /, ""); print > (dir "/case" n ".head"); next}
                   n && !/^#/{print > (dir "/case" n ".txt")}' "$F/turn/same-cube.txt"
cases=0
for head in "$TMP"/case*.head; do
  f=${head%.head}.txt
  IFS="$(printf '\t')" read -r name sopts topts scramble < "$head"
  [ "$sopts" = "-" ] && sopts=""
  [ "$topts" = "-" ] && topts=""
  # shellcheck disable=SC2086
  "$CUBEGOD" turn $topts --undo --check "$scramble" "$f" > "$TMP/out" 2>&1
  expect_eq "$?" 0 "$name: turn --undo --check its scramble ($(cat "$TMP/out"))"
  # shellcheck disable=SC2086
  "$CUBEGOD" turn $topts --check '' "$f" > "$TMP/out" 2>&1
  expect_eq "$?" 1 "$name: turn --check '' of the scrambled cube ($(cat "$TMP/out"))"
  # shellcheck disable=SC2086
  answer=$("$CUBEGOD" solve $sopts "$f" 2> "$TMP/err") || fail "$name: solve: $(cat "$TMP/err")"
  # shellcheck disable=SC2086
  "$CUBEGOD" turn $topts --check "$answer" "$f" > "$TMP/out" 2>&1
  expect_eq "$?" 0 "$name: turn --check of solve's answer '$answer' ($(cat "$TMP/out"))"
  # shellcheck disable=SC2086
  "$CUBEGOD" turn $topts --undo "$scramble" "$f" > "$TMP/out" 2> "$TMP/err" || fail "$name: turn --undo: $(cat "$TMP/err")"
  sed '$d' "$TMP/out" > "$TMP/turned" # the drawing without turn's line of stickers
  # shellcheck disable=SC2086
  again=$("$CUBEGOD" solve $sopts "$TMP/turned" 2> "$TMP/err") || fail "$name: solve of what turn wrote: $(cat "$TMP/err")"
  expect_eq "$(echo "$again" | head -1)" "" "$name: solve of what turn wrote, the scramble undone"
  cases=$((cases + 1))
done
[ "$cases" -ge 20 ] || fail "only $cases cases read from same-cube.txt"

# 1f. The first cube is solve's first: a scrambled dict, then a solved net below it, is the dict
#     (turn's own net reading shows other stickers, so solve's cube is written as it was read).
sed -n '/^=== dict3-python/,/^===/p' "$F/turn/same-cube.txt" | sed '1d;$d' > "$TMP/dictnet"
printf '      W W W\n      W W W\n      W W W\nO O O G G G R R R B B B\nO O O G G G R R R B B B\nO O O G G G R R R B B B\n      Y Y Y\n      Y Y Y\n      Y Y Y\n' >> "$TMP/dictnet"
"$CUBEGOD" turn --check '' "$TMP/dictnet" > "$TMP/out" 2>&1
expect_eq "$?" 1 "a scrambled dict before a solved net: the dict ($(cat "$TMP/out"))"
"$CUBEGOD" turn --check "$("$CUBEGOD" solve "$TMP/dictnet" | head -1)" "$TMP/dictnet" > "$TMP/out" 2>&1
expect_eq "$?" 0 "solve's first answer solves turn's reading of the dict ($(cat "$TMP/out"))"

# 1g. A colour cell carries its own reset: in fixtures/turn/cells-resets.txt (a string of 24
#     cells) U1 (cyan) has none, so after U the cell from U3 keeps its reset and cyan, now U2,
#     still has none.
E=$(printf '\033')
"$CUBEGOD" turn U "$F/turn/cells-resets.txt" | head -1 | cut -c1-40 > "$TMP/out"
expect_eq "$(cat "$TMP/out")" "${E}[42m  ${E}[0m${E}[46m  ${E}[43m  ${E}[0m${E}[41m  ${E}[0m" "a cell's reset moves with it"
# 1h. --moves last-line right after a dict: the line after the cube's last line
sed -n '/^=== dict3-python/,/^===/p' "$F/turn/same-cube.txt" | sed '1d;$d' > "$TMP/dictmoves"
echo "R U F" >> "$TMP/dictmoves"
expect_eq "$("$CUBEGOD" turn --moves last-line "$TMP/dictmoves" 2>&1)" "$("$CUBEGOD" turn "R U F" "$TMP/dictmoves" 2>&1)" "--moves last-line after a dict"

# 1i. The line of stickers joins words with a blank, single characters with nothing.
expect_eq "$("$CUBEGOD" turn '' "$F/shapes/faces3-words.txt" | tail -1 | cut -d' ' -f1-4)" "white orange white red" "a line of words"
expect_eq "$("$CUBEGOD" turn '' "$F/shapes/boxes3.txt" | tail -1 | cut -c1-9)" "ULURURRLL" "a line of letters"

# 1e. A net flattened into one line whose side faces stand in another order: --order net
#     --across BLFR reads each row across as B L F R, the same as the string with each row's
#     blocks put in L F R B order read with the default, then put back.
S='abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ01'
lfrb() { python3 -c "import sys; s, back = sys.argv[1], sys.argv[2] == '1'
rows = [s[9 + 12 * r:21 + 12 * r] for r in range(3)]
blocks = [[row[3 * k:3 * k + 3] for k in range(4)] for row in rows]
perm = [3, 0, 1, 2] if back else [1, 2, 3, 0]
print(s[:9] + ''.join(''.join(b[k] for k in perm) for b in blocks) + s[45:])" "$1" "$2"; }
got=$("$CUBEGOD" turn --order net --across BLFR "R U' x" <<< "$S" | tail -1)
want=$(lfrb "$("$CUBEGOD" turn --order net "R U' x" <<< "$(lfrb "$S" 0)" | tail -1)" 1)
expect_eq "$got" "$want" "--order net --across BLFR"
[ "$got" != "$("$CUBEGOD" turn --order net "R U' x" <<< "$S" | tail -1)" ] || fail "--across BLFR changed nothing"

# 2. cubegod against the model: random sequences of every kind, on facelet strings of distinct
#    symbols in Kociemba's order, both sizes.
python3 - "$TMP" "$MODEL_DIR" <<'PY' || fail "could not write the cases"
import random, sys
sys.path.insert(0, sys.argv[2])
import turn_model as tm
rng = random.Random(30)
with open(sys.argv[1] + '/cases', 'w') as f:
    for trial in range(60):
        n = 2 + trial % 2
        syms = [chr(ord('0') + i) for i in range(6 * n * n)]
        moves = tm.random_moves(n, rng, rng.randint(1, 12))
        f.write('%d\t%s\t%s\t%s\n' % (n, moves, ''.join(syms), ''.join(tm.apply(n, syms, moves))))
PY
while IFS="$(printf '\t')" read -r n moves syms want; do
  got=$(echo "$syms" | "$CUBEGOD" turn --size "$n" "$moves" | tail -n 1)
  expect_eq "$got" "$want" "size $n, $moves"
done < "$TMP/cases"

# 3. Random drawings of both sizes, turned by random sequences and back: byte for byte.
python3 - "$TMP" "$MODEL_DIR" <<'PY' || fail "could not write the drawings"
import random, sys
sys.path.insert(0, sys.argv[2])
import turn_model as tm
rng = random.Random(7)
EMOJI = ['\U0001F34E', '\U0001F44D\U0001F3FD', '\u2764\ufe0f', '\U0001F1EB\U0001F1F7', 'e\u0301']
def symbol(pool):
    return rng.choice(pool)
def net(n, pool, sep, bar):
    syms = [symbol(pool) for _ in range(6 * n * n)]
    pad = ' ' * rng.randint(0, 3)
    indent = pad + ' ' * (n * (1 + len(sep)) + len(bar))
    rows = []
    k = 0
    for r in range(n):
        rows.append(indent + sep.join(syms[k:k + n])); k += n
    for r in range(n):
        faces = []
        for f in range(4):
            faces.append(sep.join(syms[k:k + n])); k += n
        rows.append(pad + (sep + bar).join(faces))
    for r in range(n):
        rows.append(indent + sep.join(syms[k:k + n])); k += n
    return '\n'.join(rows) + '\n'
def faces(n, pool, boxes):
    out = []
    for f in rng.sample('URFDLB', 6):
        out.append(('Face %s:' if boxes else rng.choice(['%s:', '%s face:', 'Face %s'])) % f)
        if boxes: out.append('+' + '-' * (2 * n + 1) + '+')
        for r in range(n):
            row = ' '.join(symbol(pool) for _ in range(n))
            out.append('| %s |' % row if boxes else '  ' + row)
        if boxes: out.append('+' + '-' * (2 * n + 1) + '+')
    return '\r\n'.join(out) + '\r\n'
ascii_pool = [chr(c) for c in range(33, 127) if chr(c) not in '|']
words = ['white', 'red', 'green', 'yellow', 'orange', 'blue']
k = 0
for n in (2, 3):
    for trial in range(12):
        kind = trial % 6
        if kind == 0: text = net(n, ascii_pool, ' ', '| ')
        elif kind == 1: text = net(n, ascii_pool, '', '')
        elif kind == 2: text = net(n, EMOJI + ascii_pool, ' ', '')
        elif kind == 3: text = faces(n, words, False)
        elif kind == 4: text = faces(n, ascii_pool, True)
        else: text = ''.join(symbol(ascii_pool) for _ in range(6 * n * n)) + '\n'
        open('%s/d%02d' % (sys.argv[1], k), 'w', newline='').write(text)
        open('%s/m%02d' % (sys.argv[1], k), 'w').write(tm.random_moves(n, rng, rng.randint(3, 20)))
        k += 1
PY
for d in "$TMP"/d??; do
  m=${d%/*}/m${d##*/d}
  lines=$(wc -l < "$d")
  "$CUBEGOD" turn --moves-from "$m" "$d" > "$TMP/fwd" 2> "$TMP/err" || fail "$d: $(cat "$TMP/err")"
  head -n "$lines" "$TMP/fwd" | "$CUBEGOD" turn --undo --moves-from "$m" > "$TMP/back" || fail "$d back"
  head -n "$lines" "$TMP/back" | cmp -s - "$d" || fail "$d: not the same bytes after $(cat "$m") and back"
  head -n "$lines" "$TMP/fwd" | cmp -s - "$d" && fail "$d: $(cat "$m") changed nothing"
done

# 4. --check on colours: a scramble and the answer that undoes it.
printf '    W W\n    W W\nO O G G R R B B\nO O G G R R B B\n    Y Y\n    Y Y\n' > "$TMP/solved2"
"$CUBEGOD" turn "R U F'" "$TMP/solved2" | head -n 6 > "$TMP/scr2"
"$CUBEGOD" turn --check "F U' R'" "$TMP/scr2" > "$TMP/out"; expect_eq "$?" 0 "--check of the right answer"
expect_grep "^solved" "$TMP/out"
"$CUBEGOD" turn --check "F U R'" "$TMP/scr2" > "$TMP/out"; expect_eq "$?" 1 "--check of a wrong answer"
expect_grep "^not solved" "$TMP/out"
"$CUBEGOD" turn --check "x y2 Rw" "$TMP/solved2" > /dev/null; expect_eq "$?" 0 "rotations keep a cube solved"

# 5. --move-map, --across, --order, --layout.
"$CUBEGOD" turn --move-map "R=a,R'=b" "a a b b M" "$TMP/challenge.txt" > "$TMP/out" || fail "--move-map"
"$CUBEGOD" turn "M" "$TMP/challenge.txt" | cmp -s - "$TMP/out" || fail "a b with the map is R R' "
printf '   ab\n   cd\nefghijkl\nmnopqrst\n   uv\n   wx\n' > "$TMP/n2"
"$CUBEGOD" turn --size 3 R "$TMP/n2" > /dev/null 2> "$TMP/err"; expect_eq "$?" 2 "a 2x2 read as a 3x3"
expect_grep "no cube drawing found: the cube found is a 2x2, the size asked 3x3" "$TMP/err"
"$CUBEGOD" turn --across FRBL R "$TMP/n2" | tail -n 1 > "$TMP/a1"
"$CUBEGOD" turn R "$TMP/n2" | tail -n 1 > "$TMP/a2"
cmp -s "$TMP/a1" "$TMP/a2" && fail "--across FRBL changed nothing"
# The same cube as a net in the order F R B L: the across rows rotated by one face.
printf 'ab\ncd\nghijklef\nopqrstmn\nuv\nwx\n' > "$TMP/n2b"
expect_eq "$("$CUBEGOD" turn --across FRBL x "$TMP/n2b" | sed -n 3p)" \
  "$("$CUBEGOD" turn x "$TMP/n2" | sed -n 3p | cut -c3-)$("$CUBEGOD" turn x "$TMP/n2" | sed -n 3p | cut -c1-2)" "--across FRBL"
echo 'UUUURRRRFFFFDDDDLLLLBBBB' | "$CUBEGOD" turn y > "$TMP/out"
expect_eq "$(tail -n 1 "$TMP/out")" "UUUUBBBBRRRRDDDDFFFFLLLL" "y on a 2x2 string (URFDLB)"
echo 'UUUUDDDDFFFFBBBBLLLLRRRR' | "$CUBEGOD" turn --order UDFBLR y > "$TMP/out"
expect_eq "$(tail -n 1 "$TMP/out")" "UUUUDDDDRRRRLLLLFFFFBBBB" "y on a 2x2 string (UDFBLR)"
python3 -c "
faces='URFDLB'
print('\n'.join(' '.join('%s%d' % (f, k) for k in range(1, 10)) for f in faces))" > "$TMP/layout"
python3 -c "
import string
s=(string.ascii_letters+string.digits)[:54]
print('\n'.join(' '.join(s[f*9:f*9+9]) for f in range(6)))" > "$TMP/laid"
"$CUBEGOD" turn --layout "$TMP/layout" "S x" "$TMP/laid" | tail -n 1 > "$TMP/out"
expect_eq "$(cat "$TMP/out")" "$(tr -d ' \n' < "$TMP/laid" | "$CUBEGOD" turn "S x" | tail -n 1)" "--layout in Kociemba's order"

# 6. Errors: the token and its column, the line and the count, usage.
"$CUBEGOD" turn "R U Q" "$TMP/challenge.txt" > /dev/null 2> "$TMP/err"; expect_eq "$?" 2 "bad move"
expect_grep "move 3 'Q' (column 5) is not a move" "$TMP/err"
"$CUBEGOD" turn M "$TMP/n2" > /dev/null 2> "$TMP/err"; expect_eq "$?" 2 "M on a 2x2"
expect_grep "a 2x2 has no middle layer" "$TMP/err"
printf '   abc\n   def\n   ghi\njklmnopqrstuvw\n' | "$CUBEGOD" turn R > /dev/null 2> "$TMP/err"
expect_eq "$?" 2 "a row too long"
expect_grep "line 4 has 14 stickers where 12 (a row across the side faces) were expected" "$TMP/err"
echo 'hello' | "$CUBEGOD" turn R > /dev/null 2> "$TMP/err"; expect_eq "$?" 2 "no cube"
expect_grep "no cube drawing found in 1 line: no net" "$TMP/err"
head -n 11 "$TMP/challenge.txt" | "$CUBEGOD" turn --moves last-line > /dev/null 2> "$TMP/err"
expect_eq "$?" 2 "no moves line"
expect_grep "no line after the drawing (which ends at line 11)" "$TMP/err"
"$CUBEGOD" turn > /dev/null 2> "$TMP/err"; expect_eq "$?" 2 "no moves"
expect_grep "no moves given" "$TMP/err"
"$CUBEGOD" turn --moves first-line x < /dev/null 2> "$TMP/err"; expect_eq "$?" 2 "bad --moves"
expect_grep "is not last-line" "$TMP/err"
"$CUBEGOD" turn --size 4 R < /dev/null 2> "$TMP/err"; expect_eq "$?" 2 "bad --size"
"$CUBEGOD" turn --across LFRX R "$TMP/n2" 2> "$TMP/err"; expect_eq "$?" 2 "bad --across"
expect_grep "not the four side faces" "$TMP/err"
"$CUBEGOD" turn --undoo R < /dev/null 2> "$TMP/err"; expect_eq "$?" 2 "unknown option"
expect_grep "did you mean '--undo'" "$TMP/err"
"$CUBEGOD" turn --help | grep -q -- "--moves last-line" || fail "--help"
# 7. The README's example prints what the README shows.
README="$FIXTURES/../README.md"
cmd='$ cubegod turn --undo --moves last-line fixtures/turn/flag-net.txt'
awk -v c="$cmd" '$0 == c {on = 1; next} on && /^```/ {exit} on' "$README" > "$TMP/readme-out"
[ -s "$TMP/readme-out" ] || fail "the README's turn example was not found"
(cd "$FIXTURES/.." && "$CUBEGOD" turn --undo --moves last-line fixtures/turn/flag-net.txt) > "$TMP/out"
cmp -s "$TMP/out" "$TMP/readme-out" || fail "the README's turn example: got $(cat "$TMP/out")"
expect_eq "$(tail -n 1 "$TMP/out")" "flag{every_sticker_is_a_letter_and_M_x_Rw_undo_it_all}" "the README's flag"
echo "e2e_turn: ok"
