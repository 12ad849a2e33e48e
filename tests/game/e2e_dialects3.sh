#!/usr/bin/env bash
# needs: tables3 (the ctest fixture that builds the 3x3 two-phase tables)
# Answer dialects with the 3x3 over real sockets: serve --size 3 in each notation, with a move map
# (profiles/letters3.profile), with separators, won by play given the same options; the
# quarter-turn metric counted by the server (its verdicts equal the quarter turns of the answers
# sent, counted here) and by replay; serve --show string --order for both sizes read by
# play --order and replay --order, and lost without it.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib_serve.sh"
PROFILES=$(cd "$HERE/../../profiles" && pwd)
R=3

# won NAME OPTIONS...: serve --size 3 and play agree on OPTIONS; R rounds won.
won() {
  local name=$1; shift
  serve "$name" --size 3 --games 1 --rounds $R --seed 41 --alarm 60 --max-moves 64 "$@"
  play "$name" 127.0.0.1 "$PORT" -q --max-moves 64 --record "$TMP/$name.tr" "$@"
  [ "$RC" = 0 ] || fail "$name: exited $RC with $*"
  has "\[+\] won: $R/$R rounds passed" "$TMP/$name.out"
}
won digits --notation digits
grep -q "^> [0-9.]* [UDFBLR][123] [UDFBLR][123] " "$TMP/digits.tr" || fail "no digits answer sent"
won quarter --notation quarter
grep -Eq "^> [0-9.]* .*[UDFBLR]2" "$TMP/quarter.tr" && fail "a half turn sent in quarter notation"
won quarter-cw --notation quarter-cw
grep -q "^> [0-9.]* .*'" "$TMP/quarter-cw.tr" && fail "a counter-clockwise turn sent in quarter-cw"
won comma --notation digits --separator comma
won arrow --separator ' -> '
won none --separator none
# A 3x3 challenge with its own letters for the moves, nothing between them: one profile for both.
won letters3 --profile "$PROFILES/letters3.profile"
grep -Eq "^> [0-9.]* [a-r]{8,}\\\\n" "$TMP/letters3.tr" || fail "no letters answer sent: $(grep '^>' "$TMP/letters3.tr" | head -2)"
# One move per prompt in a dialect (more: e2e_one_move3.sh).
serve one --size 3 --games 1 --rounds $R --seed 42 --alarm 60 --one-move --notation digits --separator comma
play one 127.0.0.1 "$PORT" -q --one-move --prompt "Enter your move:" --notation digits --separator comma
[ "$RC" = 0 ] || fail "3x3 one-move in digits: exited $RC"

# The quarter-turn metric: the limit defaults to 26 (the banner says so) ...
serve banner --size 3 --games 1 --rounds 1 --metric qtm
exec 3<>"/dev/tcp/127.0.0.1/$PORT"
head -n 2 <&3 > "$TMP/banner.out"
exec 3<&-
has "at most 26 quarter turns" "$TMP/banner.out"
# ... and the server counts quarter turns: each verdict's count is the answer's, a half turn 2.
# qtm_counts TRANSCRIPT...: four lines: the quarter turns of each answer sent, the count the
# server gave each, the largest sent, and how many sent were over 26.
qtm_counts() {
  python3 - "$@" <<'PY'
import re, sys
sent, said = [], []
for path in sys.argv[1:]:
    for line in open(path):
        m = re.match(r"> [0-9.]+ (.*)\\n$", line.rstrip("\n"))
        if m:
            sent.append(sum(2 if t.endswith("2") else 1 for t in m.group(1).split()))
        m = re.search(r"\[\+\] Correct! \((\d+) moves\)", line)
        if m:
            said.append(int(m.group(1)))
print(" ".join(map(str, sent)))
print(" ".join(map(str, said)))
print(max(sent, default=0))
print(sum(c > 26 for c in sent))
PY
}
serve qtm --size 3 --games 1 --rounds 5 --seed 43 --alarm 60 --metric qtm --max-moves 40
play qtm 127.0.0.1 "$PORT" -q --max-moves 40 --record "$TMP/qtm.tr"
[ "$RC" = 0 ] || fail "3x3 under a 40 quarter-turn limit: exited $RC"
qtm_counts "$TMP/qtm.tr" > "$TMP/qtm.counts"
{ read -r sent; read -r said; read -r _; read -r over; } < "$TMP/qtm.counts"
[ -n "$sent" ] && [ "$sent" = "$said" ] || fail "quarter turns sent '$sent', counted by the server '$said'"
# replay counts them too: all correct under 40, and exactly the rounds above 26 too long under
# the default limit.
"$CUBEGOD" replay --metric qtm --max-moves 40 "$TMP/qtm.tr" > "$TMP/replay.out" 2>&1 ||
  fail "replay --metric qtm --max-moves 40: $(cat "$TMP/replay.out")"
has "5 rounds, 5 correct" "$TMP/replay.out"
"$CUBEGOD" replay --metric qtm "$TMP/qtm.tr" > "$TMP/replay26.out" 2>&1
has "5 rounds, $((5 - over)) correct (5 3x3, optimum not computed), $over wrong" "$TMP/replay26.out"
[ "$over" = 0 ] || has "Too many moves ([0-9]* quarter turns, at most 26 allowed)" "$TMP/replay26.out"
# With no options, play's judge note makes replay count as the server counted: quarter turns.
"$CUBEGOD" replay "$TMP/qtm.tr" > "$TMP/replaynote.out" 2>&1 || fail "replay of the qtm game: $(tail -3 "$TMP/replaynote.out")"
counted=$(sed -n 's/^round [0-9/]*: correct, \([0-9]*\) moves.*/\1/p' "$TMP/replaynote.out" | tr '\n' ' ')
[ "${counted% }" = "$said" ] || fail "replay with play's note counted '$counted', the server '$said'"

# play --metric qtm solves the 3x3 in quarter turns: whole games won against the default limit
# of 26, every answer within it (counted here, and by the server: equal); in quarter notation
# (half turns written as two quarter turns, none sent as such); in quarter-cw, which writes R' as
# R R R, against a higher limit (64, the most serve takes); and one move per prompt.
qtm_won() { # NAME SEED OPTIONS...: serve and play with --metric qtm and OPTIONS; R rounds won
  local name=$1 seed=$2; shift 2
  serve "$name" --size 3 --games 1 --rounds $R --seed "$seed" --alarm 60 --metric qtm "$@"
  play "$name" 127.0.0.1 "$PORT" -q --metric qtm --record "$TMP/$name.tr" "$@"
  [ "$RC" = 0 ] || fail "$name: exited $RC with --metric qtm $*: $(cat "$TMP/$name.err")"
  has "\[+\] won: $R/$R rounds passed" "$TMP/$name.out"
}
qtm_won qtm26 45
qtm_won qtm26q 46 --notation quarter
grep -Eq "^> [0-9.]* .*[UDFBLR]2" "$TMP/qtm26q.tr" && fail "a half turn sent in quarter notation"
qtm_won qtm26cw 47 --notation quarter-cw --max-moves 64
grep -q "^> [0-9.]* .*'" "$TMP/qtm26cw.tr" && fail "a counter-clockwise turn sent in quarter-cw"
serve qtm26one --size 3 --games 1 --rounds $R --seed 48 --alarm 60 --metric qtm --one-move
play qtm26one 127.0.0.1 "$PORT" -q --metric qtm --one-move --prompt "Enter your move:"
[ "$RC" = 0 ] || fail "one move per prompt under --metric qtm: exited $RC: $(cat "$TMP/qtm26one.err")"
has "\[+\] won: $R/$R rounds passed" "$TMP/qtm26one.out"
qtm_counts "$TMP/qtm26.tr" "$TMP/qtm26q.tr" > "$TMP/qtm26.counts"
{ read -r sent; read -r said; read -r most; } < "$TMP/qtm26.counts"
[ -n "$sent" ] && [ "$sent" = "$said" ] || fail "quarter turns sent '$sent', counted by the server '$said'"
[ "$most" -le 26 ] || fail "an answer of $most quarter turns was sent: $sent"

# serve --show string --order: Kociemba's order for both sizes, the flattened net for the 3x3.
order_game() { # NAME SIZE ORDER COLOURS: serve in that order, play --order reading it
  serve "$1" --size "$2" --show string --order "$3" --colours "$4" --games 1 --rounds $R --seed 44 --alarm 60
  play "$1" 127.0.0.1 "$PORT" -q --order "$3" --record "$TMP/$1.tr"
  [ "$RC" = 0 ] || fail "string in order $3 (size $2): exited $RC"
  has "\[+\] won: $R/$R" "$TMP/$1.out"
}
order_game urfdlb2 2 URFDLB letters
order_game urfdlb3 3 URFDLB digits
order_game net3 3 net letters
order_game net2 2 net words
# The order really is URFDLB: the first line of the 3x3 string, read back in UDFBLR by hand, is
# the line in that order.
python3 - "$TMP/urfdlb3.tr" <<'PY' || fail "the URFDLB string is not the UDFBLR one reordered"
import re, sys
text = open(sys.argv[1]).read()
lines = re.findall(r"^< [0-9.]+ ([0-5]{54})\\n$", text, re.M)
assert lines, "no string in the record"
s = lines[0]
faces = {f: s[9 * i:9 * i + 9] for i, f in enumerate("URFDLB")}
# every centre names its own face: the string's face k is face k of the order
for i, f in enumerate("URFDLB"):
    assert faces[f][4] == str("UDFBLR".index(f)), (f, faces[f])
PY
# replay reads the recordings in their order (and not in another).
"$CUBEGOD" replay --order URFDLB --input string "$TMP/urfdlb3.tr" > "$TMP/ro.out" 2>&1 ||
  fail "replay --order URFDLB: $(tail -3 "$TMP/ro.out")"
has "$R rounds, $R correct ($R 3x3, optimum not computed)" "$TMP/ro.out"
"$CUBEGOD" replay --order net "$TMP/net2.tr" > "$TMP/ro2.out" 2>&1 || fail "replay --order net: $(tail -3 "$TMP/ro2.out")"
has "$R rounds, $R correct ($R optimal)" "$TMP/ro2.out"
# With no --order the one common order that gives possible cubes (URFDLB) is found; forced into
# UDFBLR the rounds are no cubes.
"$CUBEGOD" replay --input string "$TMP/urfdlb3.tr" > "$TMP/ro4.out" 2>&1 ||
  fail "replay of a URFDLB recording with no --order: $(tail -3 "$TMP/ro4.out")"
has "$R rounds, $R correct ($R 3x3, optimum not computed)" "$TMP/ro4.out"
"$CUBEGOD" replay --order UDFBLR "$TMP/urfdlb3.tr" > "$TMP/ro3.out" 2>&1
[ $? = 1 ] || fail "a URFDLB recording replayed in the order UDFBLR was all correct"
has "unreadable" "$TMP/ro3.out"
"$CUBEGOD" replay --order URFDLU "$TMP/urfdlb3.tr" > /dev/null 2> "$TMP/ro4.err"
[ $? = 2 ] || fail "replay --order URFDLU was not a usage error"
has "\-\-order: face order 'URFDLU' gives U twice" "$TMP/ro4.err"
# With no --order play finds URFDLB (the one common order that gives a possible cube) and says
# so; forced into UDFBLR the 3x3 strings are no cube: play loses at once.
serve found --size 3 --show string --order URFDLB --games 1 --rounds $R --seed 44 --alarm 60
play found 127.0.0.1 "$PORT" -v
[ "$RC" = 0 ] || fail "a URFDLB string with no --order: exited $RC ($(tail -3 "$TMP/found.err"))"
has "a string read in the face order URFDLB" "$TMP/found.err"
serve wrong --size 3 --show string --order URFDLB --games 1 --rounds $R --seed 44 --alarm 60
play wrong 127.0.0.1 "$PORT" -q --order UDFBLR
[ "$RC" = 1 ] || fail "a URFDLB string read as UDFBLR: exited $RC"
has "round 1: " "$TMP/wrong.out"
# A server whose first round is a string in the usual order and whose second is not: the note
# comes with the second (a round with no note before it does not use up the game's one note).
cat > "$TMP/mixed.py" <<'PY'
import sys
print("Solve 2 rounds, each in 1 second(s) and at most 11 moves, to get the flag!")
for i, s in enumerate(["UFBDRLBULBUFRRLU????RDDF", "UFBDRDDFLBUFRLBU????RRLU"]):
    print("=== Round %d/2 ===" % (i + 1))
    print(s)
    print("Enter your solution:", flush=True)
    sys.stdin.readline()
    print("[+] Correct!", flush=True)
print("Congratulations! Here is your flag: flag{mixed}", flush=True)
PY
"$CUBEGOD" play --exec "python3 $TMP/mixed.py" -v > "$TMP/mixed.out" 2> "$TMP/mixed.err"
[ $? = 0 ] || fail "mixed orders: $(tail -3 "$TMP/mixed.err")"
[ "$(grep -c "a string read in the face order URFDLB" "$TMP/mixed.err")" = 1 ] ||
  fail "the second round's order was not said once: $(grep -i order "$TMP/mixed.err")"
# The first notation the server's text shows is the one answers use: a later line with another
# example changes nothing (answers in digits, said once).
cat > "$TMP/twohints.py" <<'PY'
import sys
print("Answers like R1 U3 F2, please.")
print("Solve 1 rounds, each in 1 second(s) and at most 11 moves, to get the flag!")
print("=== Round 1/1 ===")
print("UFBDRLBULBUFRRLU????RDDF")
print("For example: R U' F", flush=True)
print("Enter your solution:", flush=True)
answer = sys.stdin.readline()
print("[+] Correct!" if "'" not in answer else "[-] Wrong notation", flush=True)
print("Congratulations! Here is your flag: flag{digits}", flush=True)
PY
"$CUBEGOD" play --exec "python3 $TMP/twohints.py" -v > "$TMP/twohints.out" 2> "$TMP/twohints.err"
[ $? = 0 ] || fail "two notation hints: $(tail -3 "$TMP/twohints.err")"
[ "$(grep -c "notation [a-z]*, from the server's text" "$TMP/twohints.err")" = 1 ] ||
  fail "the notation was said more than once: $(grep notation "$TMP/twohints.err")"
has "notation digits, from the server's text" "$TMP/twohints.err"
echo "e2e dialects 3x3: ok"
