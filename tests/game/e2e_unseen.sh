#!/usr/bin/env bash
# needs: tables3 (its `play` opens both sizes' tables before connecting)
# The unseen-challenge variants over real sockets:
#   - serve --goal shown|STATE, --layout FILE, --across ORDER, --show dict|json, both sizes,
#     each won by play (--target first / STATE, --layout, --across; a 3x3 shown whole needs
#     nothing for the side order, nor the dict, a cross with B under D, a Kociemba string), and
#     replayed where replay can read it;
#   - tests/game/unseen_server.py, a server written without cubegod's code: a 3x3 net drawn
#     B L F R, a labelled state string, a Python dict (3x3) and JSON (2x2), a goal state; play
#     reads each with no reading option at all (only the prompt, and --target first).
# needs: tables3 (the 3x3 two-phase tables fixture)
HERE=$(dirname "$0")
. "$HERE/lib_serve.sh"
L="$HERE/../../fixtures/layouts"

won() { [ "$RC" = 0 ] || fail "$1: exit $RC: $(tail -3 "$TMP/$2.err")"; has "flag{cubegod_local_practice}" "$TMP/$2.out"; }

n=0
g3=$(python3 -c "
import sys; sys.path.insert(0, '$HERE/../cli'); import cube3_model as m
print(m.line(m.apply(m.solved(), \"R U2 F' D L2\"), 'URFDLB'))")
g2=$(python3 -c "
import sys; sys.path.insert(0, '$HERE/../cli'); import cube3_model as m
s = m.apply(m.solved(), \"R U2 F'\"); c = ''.join(s[f*9+i] for f in range(6) for i in (0,2,6,8))
print(''.join(c[4*'UDFBLR'.index(f):4*'UDFBLR'.index(f)+4] for f in 'URFDLB'))")
for size in 2 3; do
  goal=$g2; [ $size = 3 ] && goal=$g3
  lay="$L/rows2-labelled.layout"; [ $size = 3 ] && lay="$L/cross3-b-under.layout"
  cross="$L/cross$size-b-under.layout"
  while IFS='|' read -r sargs pargs; do
    n=$((n + 1))
    # shellcheck disable=SC2086
    serve "s$n" --size $size --rounds 4 --games 1 --seed $n --alarm 30 $sargs
    # shellcheck disable=SC2086
    play "p$n" -q --record "$TMP/p$n.rec" $pargs 127.0.0.1 "$PORT"
    won "size $size, serve $sargs, play $pargs" "p$n"
  done <<EOV
--goal shown|--target first
--goal shown --show net --colours words|--target first
--goal $goal --show string --order URFDLB|--target $goal --order URFDLB
--layout $lay|--layout $lay
--layout $lay --goal shown --colours digits|--layout $lay --target first
--show net --across BLFR|--across BLFR
--show ansi --across FRBL|--across FRBL
--goal shown --show net --across BLFR --send-each --end #|--target first --send-each --end #
--goal $goal --show string --order URFDLB --send-each|--target $goal --order URFDLB --send-each
--show dict --colours words|
--show json|
--show json --colours digits|--input dict
--layout $cross|
--layout $cross --colours digits|
--show string --order URFDLB|
EOV
done
# (the crosses with B under D and the Kociemba strings are read with no option: B turned half a
# turn, the one common face order that gives a possible cube;
# the two --send-each rows: the challenge in C of the issue, a goal shown above the cube in a
# B L F R net, the moves one a line until '#'; and a fixed goal with moves one a line until the
# cube is at the goal)
# a 3x3 shown whole: the side order is found with no option
serve auto3 --size 3 --rounds 4 --games 1 --seed 99 --alarm 30 --show net --across RBLF
play auto3 -q 127.0.0.1 "$PORT"
won "size 3, --across RBLF found" auto3
# replay reads a dict game's recording
"$CUBEGOD" replay "$TMP/p$n.rec" > "$TMP/replay.out" 2>&1 || fail "replay of a json game: $(tail -3 "$TMP/replay.out")"
has "4 rounds, 4 correct" "$TMP/replay.out"

# serve refuses what cannot be drawn, saying why
"$CUBEGOD" serve --goal RRRR --games 1 > /dev/null 2> "$TMP/bad.err" && fail "serve took a bad goal"
has "goal" "$TMP/bad.err"
"$CUBEGOD" serve --size 3 --layout "$L/rows2-labelled.layout" --games 1 > /dev/null 2> "$TMP/bad.err" && fail "serve took a 2x2 layout for a 3x3"
has "draws a 2x2, the game is a 3x3" "$TMP/bad.err"

# The independent server: each drawing read with no reading option.
ustart() {
  bg_server u "python server" python3 "$HERE/unseen_server.py" "$@"
}
ustart --style blfr --rounds 3 --seed 5
play ub -q --prompt 'Enter your moves: (One at a time: Use # to finish early)' 127.0.0.1 "$PORT"
has "CTF{unseen_blfr}" "$TMP/ub.out"
ustart --style label --rounds 3 --seed 6
play ul -q --prompt 'Solution?' --order URFDLB 127.0.0.1 "$PORT"
has "CTF{unseen_label}" "$TMP/ul.out"
for size in 3 2; do
  ustart --style dict --size $size --rounds 3 --seed 7
  play "ud$size" -q --prompt 'answer>' 127.0.0.1 "$PORT"
  has "CTF{unseen_dict}" "$TMP/ud$size.out"
done
# a shape forced that the server does not show: the message speaks of that shape
ustart --style label --rounds 1 --seed 6
play ux -q --prompt 'Solution?' --input net 127.0.0.1 "$PORT"
[ "$RC" != 0 ] || fail "play --input net read a string"
has "a prompt came without any net before it" "$TMP/ux.err"
ustart --style goal --rounds 3 --seed 8
play ug -q --prompt 'Your moves, one per line, # to end:' --target first 127.0.0.1 "$PORT"
has "CTF{unseen_goal}" "$TMP/ug.out"
echo ok
