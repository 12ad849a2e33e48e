#!/usr/bin/env bash
# needs: tables3 (the 3x3 profiles play 3x3 games)
# Profiles: every bundled profile in profiles/ read by both serve and play over real sockets;
# the shapes' profiles read by solve (Google CTF 2017's own strings, the answers checked on the
# independent 3x3 model); the command line overriding a profile; each kind of bad line refused
# with its line number.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib_serve.sh"
PROFILES=$(cd "$HERE/../../profiles" && pwd)

n=0
for prof in "$PROFILES"/*.profile; do
  name=$(basename "$prof" .profile)
  serve "p-$name" --games 1 --rounds 10 --seed 21 --alarm 30 --profile "$prof" # alarm: valgrind
  play "p-$name" 127.0.0.1 "$PORT" -q --profile "$prof"
  [ "$RC" = 0 ] || fail "profile $name: exited $RC"
  has "\[+\] won: 10/10 rounds passed" "$TMP/p-$name.out"
  n=$((n + 1))
done
[ "$n" -ge 11 ] || fail "only $n bundled profiles"

# Google CTF 2017 "Rubik" printed cubes as 54 colour letters; three of its strings (a solved
# cube, one after a move, a public key), as published in a write-up of the challenge, read with
# its profile: each answer solves its cube on the independent model (tests/cli/cube3_model.py).
cat > "$TMP/rubik.txt" <<'CUBES'
WWWWWWWWWGGGRRRBBBOOOGGGRRRBBBOOOGGGRRRBBBOOOYYYYYYYYY
OOOOOOGGGGGRWWWOBBYYYGGRWWWOBBYYYGGRWWWOBBYYYBBBRRRRRR
ORBYOYYGGGGBROWOOYOBYRBGRYWGGYBWYBBRWWGROWROOBRYWRBWWG
CUBES
"$CUBEGOD" solve --line --profile "$PROFILES/google-ctf-2017.profile" < "$TMP/rubik.txt" > "$TMP/rubik.out" 2> "$TMP/rubik.err" ||
  fail "solve with google-ctf-2017.profile: $(cat "$TMP/rubik.err")"
python3 - "$HERE/../cli" "$TMP/rubik.txt" "$TMP/rubik.out" <<'PY' || fail "a Google CTF 2017 answer does not solve its cube"
import sys
sys.path.insert(0, sys.argv[1])
import cube3_model as m
cubes = open(sys.argv[2]).read().split()
answers = open(sys.argv[3]).read().split("\n")[:len(cubes)]
assert len(cubes) == 3 and len(answers) == 3, answers
for line, answer in zip(cubes, answers):
    # the profile's order: U's rows, each row across L F R B, D's rows -> faces U D F B L R
    state = [None] * 54
    for k, c in enumerate(line):
        if k < 9:
            i = 0 * 9 + k
        elif k >= 45:
            i = 1 * 9 + k - 45
        else:
            row, col = (k - 9) // 12, (k - 9) % 12
            i = "UDFBLR".index("LFRB"[col // 3]) * 9 + row * 3 + col % 3
        state[i] = c
    assert m.is_solved(m.apply(state, answer)), (line, answer)
assert answers[0] == "", answers[0]  # the solved cube needs no move
PY
# The net profile reads the simulator problem's nets (its first sample).
sed -n 2,10p "$HERE/../../fixtures/contest/sim3_samples.in" > "$TMP/net.txt"
"$CUBEGOD" solve --profile "$PROFILES/net.profile" "$TMP/net.txt" > "$TMP/net.out" 2> "$TMP/net.err" ||
  fail "solve with net.profile: $(cat "$TMP/net.err")"

# solve reads the same files: the [play] lines are not its business.
printf 'FRBDLUFBLFURBDULRDUBLDFR\n' > "$TMP/cube.txt"
"$CUBEGOD" solve --line --profile "$PROFILES/clockwise.profile" < "$TMP/cube.txt" > "$TMP/cw.out" \
  || fail "solve with clockwise.profile failed"
grep -q "'" "$TMP/cw.out" && fail "a counter-clockwise move in notation quarter-cw"
"$CUBEGOD" solve --line --profile "$PROFILES/letters.profile" < "$TMP/cube.txt" > "$TMP/letters.out" \
  || fail "solve with letters.profile failed"
grep -qx "[a-r]*" "$TMP/letters.out" || fail "letters.profile: $(cat "$TMP/letters.out")"

# The command line overrides the profile: a digits profile, standard notation given.
serve override --games 1 --rounds 5 --seed 22
play override 127.0.0.1 "$PORT" -q --profile "$PROFILES/digits.profile" --notation standard
[ "$RC" = 0 ] || fail "--notation after --profile did not override it"
# ... and without the override the profile's dialect is what is sent.
serve digits-only --games 1 --rounds 5 --seed 22
play digits-only 127.0.0.1 "$PORT" -q --profile "$PROFILES/digits.profile"
[ "$RC" = 1 ] || fail "the digits profile was not used"
has "is not one of U D F B L R with nothing, 2 or ' after it" "$TMP/digits-only.out"

# Quoted values keep their blanks; flags take true and false.
printf '# quoted\nseparator = " , "\none-move = false\n[play]\nprompt = "Enter your solution:"\n' > "$TMP/quoted.profile"
serve quoted --games 1 --rounds 5 --seed 23 --separator ' , '
play quoted 127.0.0.1 "$PORT" -q --profile "$TMP/quoted.profile"
[ "$RC" = 0 ] || fail "quoted separator profile: exited $RC"

# bad LINE-TEXT EXPECTED: a profile whose third line is LINE-TEXT is refused, naming line 3.
bad() {
  printf '# a profile\nnotation = digits\n%s\n' "$1" > "$TMP/bad.profile"
  "$CUBEGOD" play 127.0.0.1 1 --profile "$TMP/bad.profile" > "$TMP/bad.out" 2> "$TMP/bad.err"
  [ $? = 2 ] || fail "profile line '$1' was not a usage error"
  has "bad.profile line 3: $2" "$TMP/bad.err"
}
bad "colour = red" "'colour' is not an option of this command"
bad "tls = maybe" "'tls' is a flag"
bad "timeout" "'timeout' needs a value"
bad "profile = other" "'profile': a profile cannot name another"
bad "= 3" "'= 3' is not 'name = value'"
bad "[plya]" "'\[plya\]' is not a section"
# A bad value is the option's own error.
printf 'timeout = soon\n' > "$TMP/value.profile"
"$CUBEGOD" play 127.0.0.1 1 --profile "$TMP/value.profile" > /dev/null 2> "$TMP/value.err"
[ $? = 2 ] || fail "a bad timeout in a profile was not a usage error"
has "--timeout: 'soon' is not a number of seconds" "$TMP/value.err"
"$CUBEGOD" play 127.0.0.1 1 --profile "$TMP/none.profile" > /dev/null 2> "$TMP/none.err"
[ $? = 2 ] || fail "a missing profile was not a usage error"
has "none.profile: No such file" "$TMP/none.err"
echo "e2e profiles: ok"
