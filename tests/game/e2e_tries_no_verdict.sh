#!/usr/bin/env bash
# play --tries against a server that reads round 1's answer and closes without a verdict: the
# loss is "round 1 not passed", never "the answer refused as written" (only the server's own
# words can say that: the mutation run's survivor where cli_refused_as_written took any reason
# for a refusal), so no --notation is guessed and no notation hint is printed.
HERE=$(dirname "$0")
. "$HERE/lib_serve.sh"
python3 "$HERE/strangers/no_verdict.py" --games 3 --seed 41 --port-file "$TMP/nv.port" --alarm 60 \
  > "$TMP/nv.log" 2>&1 &
SPID=$!
PIDS+=("$SPID")
wait_port nv stranger
play nv --tries 2 127.0.0.1 "$PORT"
[ "$RC" = 1 ] || fail "play exit $RC against a server that never says won"
kill "$SPID" 2>/dev/null
has "^stranger: answer .*, no verdict$" "$TMP/nv.log"
has "try 1 of 2: lost (round 1 not passed" "$TMP/nv.err"
has "round 1: the connection closed before the verdict" "$TMP/nv.err"
if grep -q "refused as written\|--notation\|how the answer was written" "$TMP/nv.err"; then
  fail "a loss without the server's words taken for a refused notation: $(cat "$TMP/nv.err")"
fi
echo ok
