#!/usr/bin/env bash
# needs: tables3 (the menu game is a 3x3)
# The dialogue over real sockets, against serve and against independent Python servers
# (menu_app.py, dialogue_app.py: they share no code with cubegod):
#   - issue 29's menu game, 50 rounds at a 3 s limit, won with the documented options and three
#     --reply rules, with the rules from a file, and with the bundled profile; an opening line;
#     a rule that never matches named with what arrived last; bad rules refused before
#     connecting, naming the rule;
#   - rules read from the server's text: limits in words of its own (both sizes), quarter turns,
#     an example answer's notation, verdicts in other words, the flag as the win;
#   - prompts without a newline, with text after them, and auto; --send-each with --end and
#     --pace (the gaps between the moves read from the transcript).
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib_serve.sh"
PROFILES=$(cd "$HERE/../../profiles" && pwd)
DOCS=$(cd "$HERE/../../docs" && pwd)
MAP="U=U,U'=u,D=D,D'=d,F=F,F'=f,B=B,B'=b,L=L,L'=l,R=R,R'=r"
MENU=(--input ansi --prompt 'your step:' --notation quarter --move-map "$MAP" --separator none)
RULES=(--reply 'start:your choice:=3' --reply 'cube:your choice:=2' --reply 'answered:your choice:=3')

# pyapp NAME SCRIPT ARGS...: an independent Python server; sets PORT
pyapp() {
  local name=$1 script=$2; shift 2
  bg_server "$name" "$script" python3 "$HERE/$script" --listen 0 "$@"
}
won() { # won NAME N: exit 0 and N/N rounds
  [ "$RC" = 0 ] || fail "$1: exited $RC: $(tail -2 "$TMP/$1.err")"
  has "\[+\] won: $2/$2 rounds passed" "$TMP/$1.out"
}

# 1. The menu game (serve --menu: 50 rounds, 3 s, by default), the documented command line.
serve menu --menu --games 1 --seed 29
start=$(date +%s.%N)
play menu "${MENU[@]}" "${RULES[@]}" 127.0.0.1 "$PORT"
end=$(date +%s.%N)
won menu 50
has "flag: flag{cubegod_local_practice}" "$TMP/menu.out"
echo "menu game, 50 rounds: $(echo "$end - $start" | bc) s"
# the same against the Python server written from the issue's description
pyapp menu-py menu_app.py --rounds 50 --seed 29
play menu-py "${MENU[@]}" "${RULES[@]}" 127.0.0.1 "$PORT"
won menu-py 50
has "flag: flag{menu_py}" "$TMP/menu-py.out"
# the rules from the example file in docs/, and the bundled profile
pyapp menu-file menu_app.py --rounds 5 --seed 30
play menu-file "${MENU[@]}" --replies "$DOCS/examples/magic-cube.replies" -v 127.0.0.1 "$PORT"
won menu-file 5
has "reply rule 'answered:your choice:=3' (answered) matched 'your choice:': sent '3'" "$TMP/menu-file.err"
has "a cube at the goal: shown, not asked" "$TMP/menu-file.err"
pyapp menu-prof menu_app.py --rounds 5 --seed 31
play menu-prof --profile "$PROFILES/magic-cube-menu.profile" 127.0.0.1 "$PORT"
won menu-prof 5

# 2. A rule that never matches: named (the engine then reads the level menu itself and
#    chooses its first mode, which gives no flag).
pyapp never menu_app.py --rounds 1 --alarm 5
play never "${MENU[@]}" --reply 'start:Your pick?=3' --timeout 1 127.0.0.1 "$PORT"
[ "$RC" = 1 ] || fail "a rule that never matches: exited $RC"
has "reply rule 'start:Your pick?=3' never matched" "$TMP/never.out"
# a game that fails (a timeout, a server gone silent) names it on its error line too
bg_server silent "the silent server" python3 -c '
import socket, time
s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(1)
print(s.getsockname()[1], flush=True); s.settimeout(20); c, _ = s.accept()
c.sendall(b"Welcome.\n"); time.sleep(5)'
play silent --reply 'start:Your pick?=3' --timeout 1 127.0.0.1 "$PORT"
[ "$RC" = 1 ] || fail "a silent server: exited $RC"
has "^cubegod play: .*timeout.*; reply rule 'start:Your" "$TMP/silent.err" # (cut with … at the message's bound)

# 3. Bad rules: refused before connecting (nothing listens on port 9), naming the rule.
for bad in "no equals sign" "later:x=y" "re:(unclosed=1" "cube:=hello"; do
  play bad --reply "$bad" 127.0.0.1 9
  [ "$RC" = 2 ] || fail "bad rule '$bad': exited $RC"
  has "reply rule '$bad'" "$TMP/bad.err"
  grep -q "refused\|Opening" "$TMP/bad.err" && fail "bad rule '$bad': play tried to connect"
done
printf 'start:ok=1\n\n# fine\nnothing here\n' > "$TMP/bad.replies"
play bad-file --replies "$TMP/bad.replies" 127.0.0.1 9
[ "$RC" = 2 ] || fail "a bad rules file: exited $RC"
has "line 4: reply rule 'nothing here': no '='" "$TMP/bad-file.err"

# 4. An opening line before anything arrives: --send-first, and start:= in a rule.
pyapp hello dialogue_app.py --hello "hi there" --rounds 2 --seed 4
play hello --send-first "hi there" -q 127.0.0.1 "$PORT"
won hello 2
pyapp hello2 dialogue_app.py --hello "hi there" --rounds 2 --seed 4
play hello2 --reply "start:=hi there" -q 127.0.0.1 "$PORT"
won hello2 2

# 5. Rules from the server's text, no option at all.
# a 2x2 taking quarter turns only, at most 14 each: notation and metric and limit from the banner
pyapp quarter dialogue_app.py --banner "Quarter turns only (R R for R2), at most 14 moves each" \
  --accept quarter --count qtm --max 14 --rounds 20 --seed 5
play quarter -v 127.0.0.1 "$PORT"
won quarter 20
has 'limit 14, from the server'"'"'s text: "at most 14 moves each"' "$TMP/quarter.err"
has "notation quarter, from the server's text" "$TMP/quarter.err"
has "quarter turns  solve" "$TMP/quarter.err"
# the same server met with --notation quarter alone: the count follows the notation
pyapp quarter2 dialogue_app.py --banner "At most 14 moves each." --accept quarter --count qtm \
  --max 14 --rounds 20 --seed 5
play quarter2 -q --notation quarter 127.0.0.1 "$PORT"
won quarter2 20
# an example answer sets the notation; "no more than 11"
pyapp digits dialogue_app.py --banner "Answers like R1 R3 F2, no more than 11 of them." \
  --accept digits --rounds 5 --seed 6
play digits -q 127.0.0.1 "$PORT"
won digits 5
# clockwise quarter turns one a prompt, 42 turns at most, from serve
serve cw --games 1 --rounds 5 --seed 7 --one-move --notation quarter-cw --max-moves 42 \
  --metric qtm --banner "Clockwise turns only, 42 turns at most"
play cw -q --one-move --notation quarter-cw --prompt 'Enter your move:' 127.0.0.1 "$PORT"
won cw 5
# a 3x3 that refuses answers longer than 19 moves (a 10 s alarm: the first round loads the 3x3
# tables, over a second on a loaded machine; the limit is checked, not the speed)
serve three --games 1 --size 3 --rounds 5 --seed 8 --max-moves 19 --alarm 10 \
  --banner "Answers longer than 19 moves are refused."
play three -v 127.0.0.1 "$PORT"
won three 5
has 'limit 19, from the server'"'"'s text: "longer than 19 moves are refused"' "$TMP/three.err"
# an answer the server refuses as written: the message names the notations and --move-map
pyapp written dialogue_app.py --accept digits --rounds 2 --seed 6
play written -q 127.0.0.1 "$PORT"
[ "$RC" = 1 ] || fail "an answer in the wrong notation: exited $RC"
has "round 1: the server said: no: '.*' is not a move here" "$TMP/written.out"
has "hint: the server refused how the answer was written: say how it wants moves with --notation standard|digits|quarter|quarter-cw, --move-map" "$TMP/written.err"
# a stated limit below the shortest solution: said, the round failed, nothing too long sent
serve low --games 1 --rounds 3 --seed 2 --banner "Be quick: up to 4 moves per answer." --max-moves 64
play low -q --record "$TMP/low.rec" 127.0.0.1 "$PORT"
[ "$RC" = 1 ] || fail "a limit below the shortest solution: exited $RC"
has "more than the 4 allowed (the limit of the server's text: \"up to 4 moves per answer\")" "$TMP/low.err"
grep -q "^> " "$TMP/low.rec" && fail "an answer longer than the stated limit was sent"
# the smallest limit a text can state, one move, is a limit too
serve one --games 1 --rounds 3 --seed 2 --banner "Be quick: up to 1 move per answer." --max-moves 64
play one -q --record "$TMP/one.rec" 127.0.0.1 "$PORT"
[ "$RC" = 1 ] || fail "a limit of one move below the shortest solution: exited $RC"
has "more than the 1 allowed (the limit of the server's text: \"up to 1 move per answer\")" "$TMP/one.err"
grep -q "^> " "$TMP/one.rec" && fail "an answer longer than a stated limit of one move was sent"

# 6. Prompts: no newline, text after it, auto; a Solution?-style server whose verdicts are ok.
pyapp bare dialogue_app.py --prompt "Your answer > " --bare --rounds 5 --seed 9
play bare -q 127.0.0.1 "$PORT"
won bare 5
serve bare2 --games 1 --rounds 5 --seed 9 --prompt "Your answer >" --bare-prompt
play bare2 -q 127.0.0.1 "$PORT"
won bare2 5
serve trail --games 1 --rounds 5 --seed 10 --prompt "Enter your moves: (One at a time: Use # to finish early)"
play trail -q --prompt 'Enter your moves:' 127.0.0.1 "$PORT"
won trail 5
pyapp sol dialogue_app.py --prompt "Solution? " --bare --string --verdict ok --rounds 3 --seed 11
play sol -q --order URFDLB 127.0.0.1 "$PORT"
won sol 3
has "flag: flag{dialogue_py}" "$TMP/sol.out"
# verdicts in words nobody listed: the new cube passes the round, the flag wins the game
pyapp shrug dialogue_app.py --verdict "Next one." --rounds 4 --seed 12
play shrug -q 127.0.0.1 "$PORT"
won shrug 4
# --verdict-fail: a server's own word for a loss
pyapp strict dialogue_app.py --verdict "hmm" --max 3 --rounds 2 --seed 12
play strict -q --max-moves 11 --verdict-fail '^no:' 127.0.0.1 "$PORT"
[ "$RC" = 1 ] || fail "--verdict-fail: exited $RC"
has "round 1: the server said: no: " "$TMP/strict.out"
# a prompt that never comes: what arrived last, and the --prompt hint, also when the server closes
pyapp noprompt dialogue_app.py --prompt "Go" --bare --rounds 1 --seed 13
play noprompt -q --prompt 'Answer:' --timeout 1 127.0.0.1 "$PORT"
[ "$RC" = 1 ] || fail "a prompt that never comes: exited $RC"
has "last text received: 'Go'; if the server asks differently, give --prompt TEXT" "$TMP/noprompt.err"

# 7. One prompt, many moves: one a line until '#', against Python and serve; --pace.
pyapp each dialogue_app.py --each --prompt "Enter your moves: (One at a time: Use # to finish early)" \
  --rounds 5 --seed 14
play each -q --prompt 'Enter your moves:' --send-each --end '#' 127.0.0.1 "$PORT"
won each 5
serve each2 --games 1 --rounds 5 --seed 14 --send-each --end '#'
play each2 -q --send-each --end '#' --pace 30 --record "$TMP/each2.rec" 127.0.0.1 "$PORT"
won each2 5
python3 - "$TMP/each2.rec" <<'PY' || fail "--pace 30: moves less than 30 ms apart"
import sys
sent = [l.split(" ", 2) for l in open(sys.argv[1]) if l.startswith("> ")]
gaps, last = [], None
for _, t, text in sent:  # the gaps within each round: its moves, then '#'
    if last is not None:
        gaps.append(float(t) - last)
    last = None if text.startswith("#") else float(t)
assert gaps and min(gaps) >= 0.029, gaps
print("pace: %d gaps, the shortest %.1f ms" % (len(gaps), 1000 * min(gaps)))
PY
serve each3 --games 1 --rounds 3 --seed 15 --send-each
play each3 -q --send-each 127.0.0.1 "$PORT"
won each3 3
# a notation that writes a move as several: clockwise quarter turns only (R' is R R R, R2 is
# R R), every one sent on a line of its own (issue 37: every --send-each game above sent one line
# per move, so a loop that dropped the moves a notation adds lost no test)
serve each4 --games 1 --rounds 5 --seed 16 --send-each --end '#' --notation quarter-cw \
  --max-moves 42 --metric qtm
# (replayed with no options as play judged it: lib_serve.sh's play, replayed_same)
play each4 -q --send-each --end '#' --notation quarter-cw --record "$TMP/each4.rec" \
  127.0.0.1 "$PORT"
won each4 5
python3 - "$TMP/each4.rec" <<'PY' || fail "--send-each --notation quarter-cw: not one clockwise quarter turn a line"
import sys
# "> SECONDS TEXT\n": a sent line, its line end written as the two characters \n
sent = [l.rstrip("\n").split(" ", 2)[2][:-2] for l in open(sys.argv[1]) if l.startswith("> ")]
moves = [m for m in sent if m != "#"]
assert moves and all(len(m) == 1 and m in "UDFBLR" for m in moves), sent
thrice = sum(1 for a, b, c in zip(moves, moves[1:], moves[2:]) if a == b == c)
assert thrice > 0, "no R' written as R R R in five rounds: %s" % sent
print("quarter-cw: %d moves sent one a line, %d runs of three" % (len(moves), thrice))
PY
# A game of words only (tests/game/strangers/watchword.py): a rule answers the one question,
# the server gives its flag and closes, no cube ever came: won, and the summary says how. The
# same door turns another word away: lost, however the server's text reads.
script_server door "$HERE/strangers/watchword.py" --word mellon
play door --reply 'Who goes there?=mellon' 127.0.0.1 "$PORT"
[ "$RC" = 0 ] || fail "door: exited $RC: $(tail -2 "$TMP/door.err")"
has "\[+\] won: the flag came after a reply, no round of moves" "$TMP/door.out"
has "flag: CTF{sp34k_fr13nd}" "$TMP/door.out"
script_server door2 "$HERE/strangers/watchword.py" --word mellon
play door2 --reply 'Who goes there?=friend' 127.0.0.1 "$PORT"
[ "$RC" = 1 ] || fail "door2: a word turned away, exit $RC"
has "\[-\] lost: 0 rounds passed; the connection closed before any cube was answered" "$TMP/door2.out"
echo "e2e_dialogue: ok"
