# needs: tables3 (its `play` opens both sizes' tables before connecting)
# cubegod draw: every fixture of fixtures/shapes (both sizes, every shape) and a capture with a
# hidden face, drawn in ANSI, SVG and PNG, each checked by draw_check.py against the cube the
# fixture shows (same colour exactly where the cube shows the same face's colour; hidden drawn
# as hidden; a blank column between the terminal's stickers; the SVG's face letters off every
# sticker and legible; the PNG compressed, its CRCs and Adler-32 checked by Python's zlib). The
# ANSI picture reads back as the same cube; NO_COLOR gives no escape. solve --explain-input and play -v draw the cube they read. Bad input: exit 2.
# needs: tables3 (the 3x3 two-phase tables fixture)
. "$(dirname "$0")/lib.sh"
# Suite time: the release run has it whole; its readers and drawings are fuzzed under ASan (fuzz_draw, fuzz_drawing, fuzz_box).
if [ -n "${CUBEGOD_SANITIZED:-}" ]; then echo "skipped under ASan+UBSan"; exit 77; fi
HERE=$(cd "$(dirname "$0")" && pwd)
D="$FIXTURES/shapes"
n=0
while IFS="$(printf '\t')" read -r file opts state _; do
  [ "$state" = "!" ] && continue
  [ "$opts" = "-" ] && opts=""
  # faces the fixture does not show (as --explain-input says) are drawn hidden
  # shellcheck disable=SC2086
  hidden=$("$CUBEGOD" solve --explain-input $opts "$D/$file" 2>&1 >/dev/null | sed -n 's/.*hidden: .*(face \(.*\))/\1/p')
  for face in $hidden; do
    i=$(expr index UDFBLR "$face"); per=$((${#state} / 6))
    state=${state:0:$(((i - 1) * per))}$(printf '?%.0s' $(seq $per))${state:$((i * per))}
  done
  for f in ansi svg png; do
    n=$((n + 1))
    # shellcheck disable=SC2086
    "$CUBEGOD" draw --$f $opts -o "$TMP/pic$n.$f" "$D/$file" 2> "$TMP/err" || fail "draw --$f $opts $file: $(cat "$TMP/err")"
    echo "$f $TMP/pic$n.$f $state" >> "$TMP/pictures" # checked all at once below
  done
  # the terminal picture reads back as the same cube: the same answer (3x3: same centres)
  if [ ${#state} -eq 54 ]; then
    # shellcheck disable=SC2086
    want=$("$CUBEGOD" solve $opts "$D/$file")
    got=$("$CUBEGOD" solve < "$TMP/pic$((n - 2)).ansi")
    expect_eq "$got" "$want" "solve of the drawing of $file"
  fi
done < <(grep -v '^#' "$D/expected.txt")
[ $n -ge 30 ] || fail "only $n pictures checked"
python3 "$HERE/draw_check.py" --batch < "$TMP/pictures" || fail "a fixture's picture (above)"
[ "$(grep -c . "$TMP/pictures")" = $n ] || fail "pictures listed: $(grep -c . "$TMP/pictures") of $n"

# A 2x2 with a face hidden: its first round, the hidden face drawn as four '? ' cells.
cap="$FIXTURES/captures/game-100-rounds.txt"
awk '/Round 2\//{exit} {print}' "$cap" > "$TMP/round1"
state=$(awk '/^Face /{f=substr($2,1,1)} /^\| /{s[f]=s[f] $2 $3} END{for(i=1;i<=6;i++){c=substr("UDFBLR",i,1); printf "%s", (c in s)?s[c]:"????"}}' "$TMP/round1")
[ ${#state} -eq 24 ] || fail "state of round 1: '$state'"
for f in ansi svg png; do
  "$CUBEGOD" draw --$f -o "$TMP/h.$f" "$TMP/round1" || fail "draw --$f of round 1"
  python3 "$HERE/draw_check.py" $f "$TMP/h.$f" "$state" || fail "draw --$f of a hidden face"
done
expect_eq "$(grep -o '?' "$TMP/h.ansi" | wc -l)" 4 "hidden stickers in the ANSI net"
# every round of the game: the drawings read back as the same cubes (colours named by the
# picture: the face letters' colours under the scheme of draw.h)
scheme=$("$CUBEGOD" draw --svg "$TMP/round1" | python3 -c '
import re, sys
fill = {}
for m in re.finditer(r"fill=\"#(..)(..)(..)\" stroke=\"#000\"><title>([A-Z])<", sys.stdin.read()):
    fill[m.group(4)] = "rgb%d_%d_%d" % tuple(int(m.group(k), 16) for k in (1, 2, 3))
print(",".join(f + "=" + fill[f] for f in "UDFBLR"))')
"$CUBEGOD" draw "$cap" > "$TMP/all.ansi"
expect_eq "$("$CUBEGOD" solve --scheme "$scheme" < "$TMP/all.ansi" | md5sum)" "$("$CUBEGOD" solve "$cap" | md5sum)" \
  "solve of the 100 drawn rounds (scheme $scheme)"

# solve --explain-input draws the cube read; off a terminal as its tokens, a net of 3n rows
"$CUBEGOD" solve --explain-input "$D/faces3-words.txt" > /dev/null 2> "$TMP/why"
expect_eq "$(grep -A9 '  hidden: ' "$TMP/why" | tail -n 9 | wc -w)" 54 "stickers in the explained net"
expect_eq "$(grep -A9 '  hidden: ' "$TMP/why" | sed -n 5p | wc -w)" 12 "stickers across L F R B"
# play -vv draws each round's cube (a Python server: the cube read is the one it showed)
"$CUBEGOD" play -vv --exec "python3 $HERE/../game/app.py --rounds 3 --seed 4" > "$TMP/play.out" 2> "$TMP/play.err" ||
  fail "play -vv: $(tail -3 "$TMP/play.err")"
expect_eq "$(grep -c 'the cube read:' "$TMP/play.err")" 3 "cubes drawn by play -vv"
expect_eq "$(grep -A6 'the cube read:' "$TMP/play.err" | grep -o '?' | wc -l)" 12 "hidden stickers drawn by play -vv (app.py hides a face)"

# NO_COLOR (https://no-color.org): the default picture is the net as its tokens, no escape at
# all, and still reads back as the same cube; --ansi asks for the colours and gets them; an
# empty NO_COLOR is not set.
box=$D/boxes3.txt
NO_COLOR=1 "$CUBEGOD" draw "$box" > "$TMP/nc.txt" || fail "NO_COLOR=1 draw"
expect_eq "$(grep -c $'\x1b' "$TMP/nc.txt")" 0 "lines with an escape under NO_COLOR"
expect_eq "$(wc -l < "$TMP/nc.txt")" 9 "rows of the net under NO_COLOR"
expect_eq "$("$CUBEGOD" solve < "$TMP/nc.txt")" "$("$CUBEGOD" solve "$box")" "solve of the NO_COLOR net"
expect_eq "$(NO_COLOR=1 "$CUBEGOD" draw --ansi "$box" | grep -c $'\x1b\\[38;2;')" 9 "rows in colour with --ansi under NO_COLOR"
expect_eq "$(NO_COLOR= "$CUBEGOD" draw "$box" | grep -c $'\x1b\\[38;2;')" 9 "rows in colour with NO_COLOR empty"
NO_COLOR=1 "$CUBEGOD" draw --svg "$box" | grep -q '<svg' || fail "NO_COLOR changed --svg"

# bad input: exit 2 and a message that says what
printf 'hello\nworld\n' > "$TMP/none"
"$CUBEGOD" draw "$TMP/none" > /dev/null 2> "$TMP/err"; expect_eq $? 2 "exit of draw without a cube"
expect_grep "no cube found" "$TMP/err"
"$CUBEGOD" draw --cube 3 "$D/boxes3.txt" > /dev/null 2> "$TMP/err"; expect_eq $? 2 "exit of --cube 3 of 1"
expect_grep "only 1 cube read" "$TMP/err"
"$CUBEGOD" draw --svg "$cap" > /dev/null 2> "$TMP/err"; expect_eq $? 0 "exit of --svg of 100 cubes"
expect_grep "100 cubes read, the first drawn" "$TMP/err"
"$CUBEGOD" draw --sgv "$cap" > /dev/null 2> "$TMP/err"; expect_eq $? 2 "exit of a typo"
expect_grep "did you mean '--svg'" "$TMP/err"
"$CUBEGOD" draw "$D/bad-net3-short-row.txt" > /dev/null 2> "$TMP/err"; expect_eq $? 2 "exit of a bad net"
expect_grep "line 7" "$TMP/err"
echo "draw: $n pictures of the shapes' fixtures match their cubes"
