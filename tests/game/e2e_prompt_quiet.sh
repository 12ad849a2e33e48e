#!/usr/bin/env bash
# A prompt without a line end and without ':', '?' or '>' at its end is taken after 0.2 s of
# silence by default (cg_play_options.quiet 0: the library's 0.2 s); never at once
# (./run.sh mutants --since 8adab20: the default's test 'quiet == 0' -> '== 1' survived, which
# took such a prompt with no wait at all). The figure read is play's own round line; the
# waits are lower bounds (a loaded machine only makes them longer).
HERE=$(dirname "$0")
. "$HERE/lib_serve.sh"
quiet_ms() { sed -n 's/.*prompt known after \([0-9.]*\) ms of quiet.*/\1/p' "$1" | head -n 1; }
serve q1 --games 1 --rounds 1 --seed 3 --prompt "Your turn, go" --bare-prompt
play q1 127.0.0.1 "$PORT"
[ "$RC" = 0 ] || fail "the bare prompt game: exit $RC"
ms=$(quiet_ms "$TMP/q1.err")
[ -n "$ms" ] || fail "no 'prompt known after' in play's round line: $(cat "$TMP/q1.err")"
awk -v ms="$ms" 'BEGIN { exit !(ms >= 195) }' || fail "the default quiet: the prompt taken after $ms ms, not 200"
echo ok
