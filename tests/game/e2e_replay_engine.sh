#!/usr/bin/env bash
# Replay is the same engine as play, offline (issue 34): games play won against servers that
# are not cubegod's, recorded, then replayed with NO options, are judged as play judged them.
#   - first_word.py takes the first move of a line only: play sees it from the cube shown
#     after that move and goes on one move a prompt (with --late: a prompt after the last move,
#     then the verdict; with --each: the whole line applied a word at a time, the cube shown
#     after each);
#   - the C challenge of the issue (strangers/ansi_keys.py) won with --send-each --notation
#     quarter and its key map: every key a line;
#   - bad transcripts (a record cut in its time, an unknown escape, nothing but text) are a
#     clear error naming the line, never a crash or a loop.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib_serve.sh"

# start NAME SCRIPT ARGS...: a Python server with its port in its own file; sets PORT and SPID
start() {
  local name=$1 script=$2; shift 2
  script_server "$name" "$script" --alarm 60 "$@"
}
# replays NAME N: replay of $TMP/NAME.rec with no options: exit 0, N rounds, N correct
replays() {
  "$CUBEGOD" replay "$TMP/$1.rec" > "$TMP/$1.replay" 2>&1 ||
    fail "$1: replay with no options of a game play won: $(tail -n 6 "$TMP/$1.replay")"
  has ": transcript, $2 rounds\?, $2 correct" "$TMP/$1.replay"
  # the cubes shown between the moves of an answer are the answer's (the engine walked as play)
  ! grep -q "the engine and the recording part" "$TMP/$1.replay" ||
    fail "$1: $(grep "the engine and the recording part" "$TMP/$1.replay")"
}

for how in "" --late --each; do
  name=word${how#--}
  start "$name" "$HERE/first_word.py" --seed 3 $how
  "$CUBEGOD" play -q --record "$TMP/$name.rec" 127.0.0.1 "$PORT" > "$TMP/$name.out" 2>&1 ||
    fail "$name: play lost: $(tail -n 3 "$TMP/$name.out")"
  wait "$SPID" || fail "$name: the server did not see its cube solved"
  replays "$name" 1
done
# The round's answer is the moves the server took: the first word of play's first line, then
# one a line (each later line of play's is one word).
want=$(sed -n 's/^> [0-9.]* \(.*\)\\n$/\1/p' "$TMP/word.rec" | awk '{ printf "%s%s", (NR > 1 ? " " : ""), $1 }')
got=$(sed -n 's/^  answer: //p' "$TMP/word.replay")
[ -n "$want" ] && [ "$got" = "$want" ] || fail "word: replay's answer '$got', the moves the server took '$want'"

KEYMAP="U=u,U'=U,R=r,R'=R,F=f,F'=F,L=l,L'=L,D=d,D'=D,B=b,B'=B"
start keys "$HERE/strangers/ansi_keys.py" --seed 21
"$CUBEGOD" play -q --reply 'Press ENTER=' --send-each --notation quarter --move-map "$KEYMAP" \
  --record "$TMP/keys.rec" 127.0.0.1 "$PORT" > "$TMP/keys.out" 2>&1 ||
  fail "keys: play lost: $(tail -n 3 "$TMP/keys.out")"
wait "$SPID" || fail "keys: the server did not see its cube solved"
replays keys 1

# The last move play sent changed to another: the server's yes stands in the transcript, and
# replay judges the round unsolved.
last=$(grep -n '^> ' "$TMP/word.rec" | tail -n 1 | cut -d: -f1)
other=U2; grep -q "^> [0-9.]* U2\\n$" <(sed -n "${last}p" "$TMP/word.rec") && other=D2
awk -v n="$last" -v m="$other" 'NR == n { print "> " $2 " " m "\\n"; next } { print }' \
  "$TMP/word.rec" > "$TMP/bad.rec"
"$CUBEGOD" replay "$TMP/bad.rec" > "$TMP/bad.replay" 2>&1
[ $? = 1 ] || fail "a wrong move in the transcript: exit not 1: $(tail -n 4 "$TMP/bad.replay")"
has "round 1: not solved" "$TMP/bad.replay"
has "0 correct (0 optimal), 1 wrong" "$TMP/bad.replay"

# A server that turns the second move the other way: play loses there; replay judges the answer
# against the cube (correct) and says where the cubes the server showed part from play's moves,
# at a line of the server's.
start twist "$HERE/first_word.py" --seed 3 --each --twist 2
"$CUBEGOD" play -q --record "$TMP/twist.rec" 127.0.0.1 "$PORT" > "$TMP/twist.out" 2>&1
[ $? = 1 ] || fail "twist: play did not lose: $(tail -n 3 "$TMP/twist.out")"
"$CUBEGOD" replay "$TMP/twist.rec" > "$TMP/twist.replay" 2>&1
has "the engine and the recording part [0-9]* times\?, first at line [0-9]*: round 1, move 2 (.*): the cube shown after it is not the one expected" "$TMP/twist.replay"
at=$(sed -n 's/.*first at line \([0-9]*\):.*/\1/p' "$TMP/twist.replay")
sed -n "${at}p" "$TMP/twist.rec" | grep -q '^< ' || fail "twist: line $at is not the server's: $(sed -n "${at}p" "$TMP/twist.rec")"

# A 3x3 answered in 28 quarter turns (14 half turns): correct under --metric qtm --max-moves
# 40, too many under the default 26 quarter turns.
python3 - "$HERE/strangers" > "$TMP/qtm.tr" <<'PY'
import sys
sys.path.insert(0, sys.argv[1])
import cubes
moves = "R2 U2 F2 L2 D2 B2 R2 U2 F2 L2 D2 B2 R2 U2".split()
cube = cubes.Cube(3).apply(" ".join(moves))
print("# cubegod transcript 1")
for line in cubes.net(cube).splitlines() + ["Your moves:"]:
    print("< 0.001 %s\\n" % line)
print("> 0.002 %s\\n" % " ".join(reversed(moves)))
print("< 0.003 [+] Correct!\\n")
PY
"$CUBEGOD" replay --metric qtm --max-moves 40 "$TMP/qtm.tr" > "$TMP/qtm.out" 2>&1 ||
  fail "28 quarter turns under --max-moves 40: $(cat "$TMP/qtm.out")"
has "round 1: correct, 28 moves" "$TMP/qtm.out"
"$CUBEGOD" replay --metric qtm "$TMP/qtm.tr" > "$TMP/qtm26.out" 2>&1
[ $? = 1 ] || fail "28 quarter turns under the default limit: $(cat "$TMP/qtm26.out")"
has "Too many moves (28 quarter turns, at most 26 allowed)" "$TMP/qtm26.out"

# Bad transcripts: exit 2, the line and what is wrong; a cut one ends without a loop.
printf '# cubegod transcript 1\n< 0.1 Face U:\\n\n< 0.2x oops\\n\n' > "$TMP/time.tr"
timeout 10 "$CUBEGOD" replay "$TMP/time.tr" > "$TMP/time.out" 2>&1
[ $? = 2 ] || fail "a bad time: $(cat "$TMP/time.out")"
has "line 3" "$TMP/time.out"
head -c 900 "$TMP/word.rec" > "$TMP/cut.rec"
timeout 10 "$CUBEGOD" replay "$TMP/cut.rec" > "$TMP/cut.out" 2>&1
rc=$?
[ $rc = 1 ] || [ $rc = 2 ] || fail "a transcript cut short: exit $rc: $(tail -n 3 "$TMP/cut.out")"
echo "e2e_replay_engine: all passed"
