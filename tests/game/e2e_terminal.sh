#!/usr/bin/env bash
# cubegod play's terminal (issue 36): on a pseudo-terminal one status line redrawn in place
# ("\r" ... ESC[K) and a short summary, "[+]" green, "[-]" red, "[*]" blue; no colour with
# NO_COLOR or --color never; TERM=dumb and pipes get today's plain lines. Log levels -q, -v, -vv.
# Hints for a lost game: a goal drawn above the cube (--target first), a menu (--reply).
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib_serve.sh"
ESC=$'\033'
GREEN="[${ESC}[32m+${ESC}[0m]" RED="[${ESC}[31m-${ESC}[0m]" BLUE="[${ESC}[34m*${ESC}[0m]"
# tty NAME ENV...: play --size 2 against $PORT on a terminal; everything shown in $TMP/NAME.tty
tty() {
  local name=$1; shift
  env -u NO_COLOR TERM=xterm "$@" python3 "$HERE/pty_run.py" "$TMP/$name.tty" \
    "$CUBEGOD" play --size 2 127.0.0.1 "$PORT" ${PLAY_ARGS:-}
  RC=$?
}
# shown FILE: the terminal's lines as a player sees them at the end (each line after its last \r)
shown() { python3 -c '
import sys
for line in open(sys.argv[1], "rb").read().decode().split("\n"):
    print(line.rstrip("\r").split("\r")[-1].replace("\033[K", ""))' "$1"; }
hasf() { grep -qF -- "$1" "$2" || fail "'$1' not in $2"; }
lacks() { ! grep -qF -- "$1" "$2" || fail "'$1' should not be in $2"; }

serve s --games 40 --rounds 6 --alarm 10 -q
# 1. A terminal: the status line is redrawn in place for each round, and only the summary stays.
tty live
[ "$RC" = 0 ] || fail "the game on a terminal exited $RC"
for r in 1 2 3 4 5 6; do hasf "round $r/6 [" "$TMP/live.tty"; done
[ "$(grep -o $'\r\[' "$TMP/live.tty" | wc -l)" -ge 7 ] || fail "fewer than 7 redraws in place"
hasf "${ESC}[K" "$TMP/live.tty"
# a status line longer than the terminal (40 columns: the wait for the first cube and each
# round's line) is cut to fill it but its last column, where the cursor waits: a line that
# wrapped could not be drawn again in place; one that fits is drawn whole (a round's, in 100)
for cols in 40 100; do
  PTY_COLUMNS=$cols env -u NO_COLOR TERM=xterm python3 "$HERE/pty_run.py" "$TMP/wide$cols.tty" \
    "$CUBEGOD" play --size 2 --exec "python3 $HERE/app.py --rounds 2 --seed 1" ||
    fail "the --exec game exited $?"
  python3 - "$TMP/wide$cols.tty" "$cols" <<'PY' || fail "the status lines are not cut to the terminal's width ($cols)"
import re, sys
raw, cols = open(sys.argv[1], "rb").read().decode(), int(sys.argv[2])
draws = [re.sub(r"\x1b\[[0-9;]*m", "", d) for d in re.findall(r"\r(\[[^\r\n]*?)\x1b\[K", raw)]
waiting = [d for d in draws if "] process '" in d]
rounds = [d for d in draws if "round 1/2 [" in d]
assert waiting and rounds, draws
assert all(len(d) <= cols - 1 for d in draws), draws
if cols == 40:
    assert all(len(d) == cols - 1 for d in waiting + rounds), draws
else:  # a round's line fits: whole, to its time
    assert all(len(d) < cols - 1 and d.endswith(" s") for d in rounds), draws
PY
done
shown "$TMP/live.tty" > "$TMP/live.shown"
grep -q "round [0-9]/6" "$TMP/live.shown" && fail "a round's status line is still shown: $(grep 'round [0-9]/6' "$TMP/live.shown")"
hasf "6 rounds in " "$TMP/live.shown"
hasf "$GREEN won: 6/6 rounds passed" "$TMP/live.tty"
hasf "$GREEN Opening connection" "$TMP/live.tty"
hasf "$BLUE 6 rounds in " "$TMP/live.tty"
hasf "$BLUE Closed connection" "$TMP/live.tty"

# 2. A lost game's verdict in red (a goal shown that the player did not ask to follow; one game:
#    a second would try --target first and win).
serve goal --games 4 --rounds 2 --goal shown -q
PLAY_ARGS="--tries 1" tty lost
[ "$RC" = 1 ] || fail "the goal game without --target first exited $RC"
hasf "$RED lost: 0 rounds passed" "$TMP/lost.tty"
hasf "hint: the server showed 2 cubes before one answer" "$TMP/lost.tty"
PORT_GOAL=$PORT

# 3. NO_COLOR and --color never: no colour at all, the status line still in place; --color
#    always colours a pipe, which still gets plain lines.
serve s2 --games 10 --rounds 4 --alarm 10 -q
tty nocolor NO_COLOR=1
[ "$RC" = 0 ] || fail "NO_COLOR game exited $RC"
grep -q "${ESC}\[3[0-9]m" "$TMP/nocolor.tty" && fail "NO_COLOR still coloured"
hasf "[+] won: 4/4 rounds passed" "$TMP/nocolor.tty"
hasf "${ESC}[K" "$TMP/nocolor.tty"
PLAY_ARGS="--color never" tty never
grep -q "${ESC}\[3[0-9]m" "$TMP/never.tty" && fail "--color never still coloured"
hasf "round 4/4 [" "$TMP/never.tty"
play always --size 2 --color always 127.0.0.1 "$PORT"
hasf "$GREEN won: 4/4" "$TMP/always.out"
hasf "$BLUE round 1/4 " "$TMP/always.err"
lacks $'\r' "$TMP/always.err"; lacks "${ESC}[K" "$TMP/always.err"

# 4. Not a terminal (TERM=dumb, or pipes): today's lines, one a round, no escape sequence.
tty dumb TERM=dumb
grep -q "$ESC" "$TMP/dumb.tty" && fail "TERM=dumb got escape sequences"
for r in 1 2 3 4; do grep -q "^\[\*\] round $r/4  *[0-9]* moves  solve [0-9]* µs  round [0-9]* µs" "$TMP/dumb.tty" || fail "TERM=dumb: no plain line for round $r"; done
play pipe --size 2 127.0.0.1 "$PORT"
[ "$RC" = 0 ] || fail "the game over pipes exited $RC"
grep -q "$ESC" "$TMP/pipe.err" "$TMP/pipe.out" && fail "pipes got escape sequences"
lacks $'\r' "$TMP/pipe.err"
[ "$(grep -c '^\[\*\] round [1-4]/4  ' "$TMP/pipe.err")" = 4 ] || fail "pipes: not one line a round"
hasf "[+] won: 4/4 rounds passed" "$TMP/pipe.out"

# 5. Log levels. -q: the summary only. -v: a line a round and what was read, no bytes. -vv: the
#    bytes too (hexdumps, the cube read drawn). On a terminal -v keeps the round lines above the
#    status line.
play q --size 2 -q -v 127.0.0.1 "$PORT"   # -q wins over -v
[ -s "$TMP/q.err" ] && fail "-q wrote to standard error: $(head -3 "$TMP/q.err")"
hasf "[+] won: 4/4 rounds passed" "$TMP/q.out"
play v --size 2 -v 127.0.0.1 "$PORT"
[ "$(grep -c '^\[\*\] round [1-4]/4  ' "$TMP/v.err")" = 4 ] || fail "-v: not one line a round"
hasf '[*] limit 11, from the server'"'"'s text: "at most 11 moves"' "$TMP/v.err"
lacks "DEBUG" "$TMP/v.err"
[ "$(grep -c "^\[\*\] prompt: 'Enter your solution:'$" "$TMP/v.err")" = 4 ] || fail "-v: not a prompt event a round"
[ "$(grep -c "^\[\*\] verdict: '\[+\] Correct" "$TMP/v.err")" = 4 ] || fail "-v: not a verdict event a round"
grep -q "^\[\*\] text: " "$TMP/v.err" && fail "-v shows plain text lines as events"
play vv --size 2 -vv 127.0.0.1 "$PORT"
hasf "[DEBUG] Received" "$TMP/vv.err"
hasf "[DEBUG] Sent" "$TMP/vv.err"
[ "$(grep -c 'the cube read:' "$TMP/vv.err")" = 4 ] || fail "-vv: not every cube drawn"
hasf "[*] limit 11" "$TMP/vv.err"
PLAY_ARGS=-v tty vtty
shown "$TMP/vtty.tty" > "$TMP/vtty.shown"
[ "$(grep -c 'round [1-4]/4  ' "$TMP/vtty.shown")" = 4 ] || fail "-v on a terminal: not one line a round"
hasf "round 4/4 [" "$TMP/vtty.tty"
play badcolor --size 2 --color sometimes 127.0.0.1 "$PORT"
[ "$RC" = 2 ] || fail "--color sometimes exited $RC"
hasf "--color sometimes: give auto, always or never" "$TMP/badcolor.err"

# 6. Hints, against a small server of our own: a pattern drawn above the cube loses without
#    --target first, and the hint names it; following it wins.
play pattern --size 2 --exec "python3 $HERE/hint_app.py pattern"
[ "$RC" = 1 ] || fail "the pattern game without --target first exited $RC"
hasf "hint: the server showed 2 cubes before one answer" "$TMP/pattern.err"
hasf "give --target first" "$TMP/pattern.err"
play pattern-first --size 2 --target first --exec "python3 $HERE/hint_app.py pattern"
[ "$RC" = 0 ] || fail "the pattern game with --target first exited $RC"
hasf "flag: CTF{pattern_matched}" "$TMP/pattern-first.out"
# (a menu of modes is read as a person reads it: '1) a 2x2 game' chosen, won with no option;
# a rule still overrides the engine's choice: '2' leaves, and the game is lost)
play menu --size 2 --exec "python3 $HERE/hint_app.py menu"
[ "$RC" = 0 ] || fail "the menu game with no option exited $RC"
hasf "flag: CTF{menu_picked}" "$TMP/menu.out"
play menu-reply --size 2 --reply "any:choice>=2" --exec "python3 $HERE/hint_app.py menu"
[ "$RC" = 1 ] || fail "the menu game with a rule that leaves exited $RC"
play pattern-noise --size 2 --target first -q --exec "python3 $HERE/hint_app.py menu" --timeout 1
lacks "give --target first" "$TMP/pattern-noise.err"

# 7. The summary's last line is text, not a row of the cube.
play goal-last --size 2 127.0.0.1 "$PORT_GOAL"
hasf "last line: [-] Not solved!" "$TMP/goal-last.out"
play cut --size 2 --exec "python3 $HERE/app.py --rounds 3 --close-after 1"
grep -q "^last line: Face [UDFBLR]:$" "$TMP/cut.out" || fail "the last line is not the face's title"  # not the border +-----+
grep -q "last text received: 'Face [UDFBLR]:'" "$TMP/cut.err" || fail "the last text is not the face's title"
echo "e2e_terminal: all checks passed"
