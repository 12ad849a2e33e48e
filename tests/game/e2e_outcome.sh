#!/usr/bin/env bash
# How a game ends (issue 41; docs/playing.md, "How a game ends"), against servers written for
# this test from the issue's words and phrased otherwise (tests/game/strangers/: misleading.py,
# counters.py, quarter_keys.py, never_asks.py; their own cube model), played with NO options:
#   - every misleading text in a lost game (a flag format in the banner, a success marker in
#     the banner, an acknowledgement before the refusal, a close after fewer rounds than
#     announced or after a round's counter, a close with no verdict) gives exit 1 and a
#     "lost" summary, and no flag;
#   - a yes on round 1 stands once round 2's cube comes (one line of stickers): a no before its
#     prompt is round 2's and takes nothing back (kills between.c:25's dropped cgi_yes_stands);
#   - a won game with a format in its banner reports only the real flag;
#   - round counters in five wordings are read (won N/N); after the last one a question of the
#     server's own ends the game, won, without waiting for the timeout;
#   - a 2x2 whose keys legend allows quarter turns only, no limit stated, cubes of 12 to 14
#     quarter turns (measured by the server's own search): won, 20 games of 20 (--style line
#     and each);
#   - a server that shows a cube and then asks for something else (a plaintext in hex) and
#     waits: play ends before the server's 8 s alarm (play's own timeout is 10 s) and says it
#     never asked for moves.
# Every game is recorded and replayed (replayed_same, lib_serve.sh): the same outcome.
HERE=$(dirname "$0")
. "$HERE/lib_serve.sh"
S="$HERE/strangers"

stranger() {
  local name=$1 script=$2; shift 2
  script_server "$name" "$S/$script" "$@"
}
rplay() {
  local name=$1; shift
  play "$name" -q --record "$TMP/$name.rec" "$@"
}

for mode in hex_format x_format plus_banner ack_first short_close stage_close silent_close slow_second; do
  stranger "$mode" misleading.py --mode "$mode" --seed 5 --alarm 60
  rplay "$mode" 127.0.0.1 "$PORT"
  wait "$SPID"; src=$?
  [ "$src" = 1 ] || fail "$mode: the server itself did not lose (exit $src)"
  [ "$RC" = 1 ] || fail "$mode: play exit $RC, a lost game: $(cat "$TMP/$mode.out")"
  grep -q '^\[-\] lost: ' "$TMP/$mode.out" || fail "$mode: no 'lost' summary: $(cat "$TMP/$mode.out")"
  if grep -q '^flag:' "$TMP/$mode.out"; then fail "$mode: a flag reported: $(cat "$TMP/$mode.out")"; fi
  echo "ok: $mode lost: $(grep '^\[-\] lost' "$TMP/$mode.out")"
done
# the yes on cube 1 stood once cube 2 came (one line, no drawing in progress): the no is cube 2's
has '^\[-\] lost: 1 round passed; round 2: the server said: \[-\] Too slow, bye.' "$TMP/slow_second.out"

stranger won_format misleading.py --mode won_format --seed 5 --alarm 60
rplay won_format 127.0.0.1 "$PORT"
wait "$SPID" || fail "won_format: the server did not see its cube solved"
[ "$RC" = 0 ] || fail "won_format: play exit $RC: $(cat "$TMP/won_format.out")"
has '^flag: FLAG{0d15ea5e0ff1ce}$' "$TMP/won_format.out"
echo "ok: won_format: only the real flag"

for w in cube level bracket slash round; do
  stranger "count_$w" counters.py --wording "$w" --seed 7 --alarm 60
  rplay "count_$w" 127.0.0.1 "$PORT"
  wait "$SPID" || fail "counters --wording $w: the server lost"
  [ "$RC" = 0 ] || fail "counters --wording $w: play exit $RC: $(cat "$TMP/count_$w.out")"
  has '^\[+\] won: 5/5 rounds passed' "$TMP/count_$w.out"
done
echo "ok: round counters in five wordings read"

# After 'Cube 5 of 5' the server asks a question of its own and waits: play ends there, won.
# Its alarm (20 s) is shorter than play's timeout (60 s): a play that waited for the timeout
# would meet the alarm (exit 3) instead of leaving (the server's game then ends lost, exit 1).
stranger ask counters.py --wording cube --ask --seed 8 --alarm 20
rplay ask --timeout 60 127.0.0.1 "$PORT"
wait "$SPID"; src=$?
[ "$src" = 1 ] || fail "counters --ask: server exit $src (3: play waited for its timeout)"
[ "$RC" = 0 ] || fail "counters --ask: play exit $RC: $(cat "$TMP/ask.out")"
has '^\[+\] won: 5/5 rounds passed' "$TMP/ask.out"
echo "ok: the server's own question after the last round ends the game, won"

# The 20 games are issue 41's measure, run whole in the release run; under ASan and valgrind,
# where they check memory and not the dialogue, 2 of each style.
per=10
[ -n "${CUBEGOD_SLOW_TOOLS:-}${CUBEGOD_SANITIZED:-}" ] && per=2
won=0
for style in line each; do
  for seed in $(seq 1 $per); do
    stranger "keys_${style}_$seed" quarter_keys.py --style "$style" --rounds 3 --seed "$seed" --alarm 60
    rplay "keys_${style}_$seed" 127.0.0.1 "$PORT"
    wait "$SPID"; src=$?
    if [ "$RC" = 0 ] && [ "$src" = 0 ]; then won=$((won + 1)); else
      echo "lost: quarter_keys --style $style --seed $seed: play $RC, server $src: $(head -2 "$TMP/keys_${style}_$seed.out")" >&2
    fi
  done
done
echo "quarter-turn keys, no limit stated, cubes of 12 to 14 quarter turns: won $won of $((2 * per))"
[ "$won" = $((2 * per)) ] || fail "quarter_keys: won $won of $((2 * per))"

# A cube shown and a question for something else: play ends within the server's alarm (8 s,
# shorter than play's 10 s timeout) and says so.
stranger never never_asks.py --seed 3 --alarm 8
play never 127.0.0.1 "$PORT"
wait "$SPID"; src=$?
[ "$src" = 1 ] || fail "never_asks: server exit $src (3: play waited for its timeout)"
[ "$RC" = 1 ] || fail "never_asks: play exit $RC"
has "never asked for moves" "$TMP/never.out"
has "a cube came, then 'plaintext (hex) >' and the server waits" "$TMP/never.out" # whole, no '…'
has "the cube may be data for another task" "$TMP/never.out" # no drawing with moves: not turn's
echo "ok: a cube and a question for something else: $(head -1 "$TMP/never.out")"
echo ok
