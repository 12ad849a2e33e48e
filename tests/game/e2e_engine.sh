#!/usr/bin/env bash
# The dialogue engine (issue 34, src/engine/), with no options, against servers of its own:
#   - first_word.py takes one move a line without saying so: play sees from the cube shown after
#     its first move that the rest of its line was dropped and goes on one move a prompt; with
#     --late the server prompts once more after the last move and only then says solved: play
#     waits for that verdict instead of failing for want of a move;
#   - the prompt is where the server waits: a newline-ended prompt is found in round 1 by its
#     silence, reported apart (settle_us in --json, not solve time), and answered at once in the
#     rounds after (strangers/newline_prompt.py).
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib_serve.sh"

# pyword NAME ARGS...: first_word.py with its port in its own file; sets PORT and SPID
pyword() {
  local name=$1; shift
  script_server "$name" "$HERE/first_word.py" --alarm 60 "$@"
}

for late in "" --late; do
  name=word${late:+late}
  pyword "$name" --seed 3 $late
  play "$name" -v 127.0.0.1 "$PORT"
  wait "$SPID" || fail "$name: the server did not see its cube solved: $(tail -2 "$TMP/$name.log")"
  [ "$RC" = 0 ] || fail "$name: play exited $RC"
  has "flag{the_first_word_only}" "$TMP/$name.out"
  has "the server applied 1 move of the answer and asks again: one move a prompt from now on" "$TMP/$name.err"
done
has "the solution is used up and the cube shown is at the goal: waiting for the verdict" "$TMP/wordlate.err"

# A server that applies the answer a word at a time, showing the cube after each: the same round,
# won; one that turns the second move the other way: the game ends naming that move.
pyword each --seed 3 --each
play each -v 127.0.0.1 "$PORT"
wait "$SPID" || fail "each: the server did not see its cube solved"
[ "$RC" = 0 ] || fail "each: play exited $RC"
has "\[+\] won: 1/1 rounds passed" "$TMP/each.out"
# three cubes in a row, each applied a word at a time: what was seen of one answer's moves
# starts again at the next
pyword each3 --seed 5 --each --rounds 3
play each3 -v 127.0.0.1 "$PORT"
wait "$SPID" || fail "each3: the server did not see its cubes solved"
[ "$RC" = 0 ] || fail "each3: play exited $RC: $(tail -2 "$TMP/each3.err")"
pyword twist --seed 3 --each --twist 2
play twist 127.0.0.1 "$PORT"
[ "$RC" = 1 ] || fail "twist: play exited $RC"
has "round 1, move 2 (.*): the cube shown after it is not the one expected: face . row . column . shows ., expected ." "$TMP/twist.err"

# The settle: round 1 waits for the server's silence after 'Solution please:' and says so apart;
# rounds 2-20 answer the learned prompt with no wait.
python3 "$HERE/strangers/newline_prompt.py" --rounds 20 --seed 4 --alarm 60 \
  --port-file "$TMP/nl.port" 2> "$TMP/nl.log" &
PIDS+=($!)
for _ in $(seq 200); do [ -s "$TMP/nl.port" ] && break; sleep 0.05; done
play nl --json 127.0.0.1 "$(cat "$TMP/nl.port")"
[ "$RC" = 0 ] || fail "newline prompt: play exited $RC"
python3 - "$TMP/nl.out" <<'PY' || fail "settle: $(head -3 "$TMP/nl.out")"
import json, sys
rounds = [r for r in map(json.loads, open(sys.argv[1])) if "round" in r and "settle_us" in r]
assert len(rounds) == 20, len(rounds)
first, rest = rounds[0], rounds[1:]
assert first["settle_us"] >= 40000, first          # found by 50 ms of silence
assert first["solve_us"] < first["settle_us"], first  # and not counted as solve time
assert all(r["settle_us"] == 0 for r in rest), [r["settle_us"] for r in rest]
PY
echo "e2e_engine: all passed"
