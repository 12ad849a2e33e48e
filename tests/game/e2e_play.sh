#!/usr/bin/env bash
# needs: tables3 (its `play` opens both sizes' tables before connecting)
# cubegod play against real servers on 127.0.0.1: cubegod serve (plain and TLS), and the Python
# copy of the challenge in app.py bent into awkward shapes (over --exec pipes and over TCP).
# Each case checks the exit status and what play says.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib_serve.sh"

# 1. A won game against cubegod serve, recorded; replay agrees.
serve won --games 1 --seed 9 --flag 'flag{e2e_play}'
play won 127.0.0.1 "$PORT" --record "$TMP/won.rec"
[ "$RC" = 0 ] || fail "won game exited $RC"
has "\[+\] won: 100/100 rounds passed" "$TMP/won.out"
has "flag: flag{e2e_play}" "$TMP/won.out"
has "client part (prompt in -> answer out): median" "$TMP/won.out"
[ "$(grep -c '^\[\*\] round [0-9]*/100 ' "$TMP/won.err")" = 100 ] || fail "not one progress line per round"
"$CUBEGOD" replay "$TMP/won.rec" > "$TMP/replay.out" 2>&1 || fail "replay of play's transcript failed"
has "100 rounds, 100 correct" "$TMP/replay.out"

# 2. A lost game: the server allows 6 moves, most optimal answers are longer. Given
#    --max-moves 11 the client sends and the server refuses; by default the client reads the
#    banner's "at most 6 moves", says so and sends nothing too long.
serve strict --games 1 --max-moves 6 --seed 2
play strict 127.0.0.1 "$PORT" -q --max-moves 11
[ "$RC" = 1 ] || fail "lost game exited $RC"
has "\[-\] lost" "$TMP/strict.out"
grep -q "round 1: the server said: \[-\] Too many moves" "$TMP/strict.out" || fail "lost game does not say which round and why"
serve strict-auto --games 1 --max-moves 6 --seed 2
play strict-auto 127.0.0.1 "$PORT" -q
[ "$RC" = 1 ] || fail "a banner limit below the shortest solution: exited $RC"
has "round 1: the solution is 8 moves in notation standard, more than the 6 allowed (the limit of the server's text: \"at most 6 moves\")" "$TMP/strict-auto.err"

# 3. TLS with a throwaway certificate: refused by default, played with --insecure.
if openssl req -x509 -newkey rsa:2048 -nodes -keyout "$TMP/key.pem" -out "$TMP/cert.pem" \
     -days 1 -subj /CN=localhost > /dev/null 2>&1; then
  serve tls --games 2 --rounds 5 --tls-cert "$TMP/cert.pem" --tls-key "$TMP/key.pem"
  play tls-verify 127.0.0.1 "$PORT" --tls -q
  [ "$RC" = 1 ] || fail "unverifiable TLS peer accepted (exit $RC)"
  has "certificate verify failed" "$TMP/tls-verify.err"
  has "(--insecure skips verification)" "$TMP/tls-verify.err"
  play tls 127.0.0.1 "$PORT" --tls --insecure -q
  [ "$RC" = 0 ] || fail "TLS game with --insecure exited $RC"
  has "won: 5/5" "$TMP/tls.out"
else
  echo "openssl could not make a certificate: TLS case skipped"
fi

# 4. Nothing listening: a clear error, exit 1.
play refused 127.0.0.1 1 -q
[ "$RC" = 1 ] || fail "connection refused exited $RC"
has "refused" "$TMP/refused.err"

# 5. Usage errors exit 2.
play usage1 -q; [ "$RC" = 2 ] || fail "no target exited $RC"
play usage2 127.0.0.1 1 --exec true; [ "$RC" = 2 ] || fail "HOST PORT and --exec exited $RC"
play usage3 127.0.0.1 1 --timeout soon; [ "$RC" = 2 ] || fail "bad --timeout exited $RC"
# A timeout of 0 would lose every round at once: refused, with the reason.
play usage4 127.0.0.1 1 --timeout 0; [ "$RC" = 2 ] || fail "--timeout 0 exited $RC"
has "above 0" "$TMP/usage4.err"

# 6. The last line may lack its newline: a flag printed with end="" is still found.
{ printf 'Face U:\n+-----+\n| U U |\n| U U |\n+-----+\n'
  for f in D F B L R; do printf 'Face %s:\n+-----+\n| %s %s |\n| %s %s |\n+-----+\n' $f $f $f $f $f; done
  printf 'Enter your solution:\n[+] Correct! (0 moves)\n\nflag{no_newline}'; } > "$TMP/game.txt"
play nonl --exec "sh -c 'cat $TMP/game.txt; head -c 1 > /dev/null'" -q
[ "$RC" = 0 ] || fail "flag without a newline: exit $RC"
has "flag: flag{no_newline}" "$TMP/nonl.out"

if ! command -v python3 > /dev/null; then
  echo "python3 missing: app.py cases skipped"
  exit 0
fi

# 7. --exec: a Python challenge over pipes, prompt without a newline, faces shuffled.
play exec --exec "python3 $HERE/app.py --rounds 20 --seed 4 --bare-prompt --shuffle" -q
[ "$RC" = 0 ] || fail "--exec game exited $RC"
has "won: 20/20" "$TMP/exec.out"
has "flag: flag{python_edition}" "$TMP/exec.out"

# 8. A server that dribbles three bytes at a time with \r\n, over TCP.
pyserve dribble --rounds 20 --seed 5 --dribble --crlf
play dribble 127.0.0.1 "$PORT" -q
[ "$RC" = 0 ] || fail "dribbling CRLF server: exit $RC"
has "won: 20/20" "$TMP/dribble.out"

# 9. Colour tokens that are not face letters: solved to any orientation.
play colours --exec "python3 $HERE/app.py --rounds 20 --seed 6 --colours WYGBOR" -q
[ "$RC" = 0 ] || fail "colour letters: exit $RC"
has "won: 20/20" "$TMP/colours.out"

# 10. A server that goes silent: play gives up after --timeout and says where.
pyserve silent --rounds 5 --silent-after 3
play silent 127.0.0.1 "$PORT" --timeout 0.5 -q
[ "$RC" = 1 ] || fail "silent server: exit $RC"
has "round 3: .*timeout\|round 3: .*timed out\|round 3: .*within" "$TMP/silent.err"

# 11. A server that closes in the middle of a round.
play closed --exec "python3 $HERE/app.py --rounds 5 --close-after 2" -q
[ "$RC" = 1 ] || fail "closed connection: exit $RC"
has "round 2: the connection closed before the prompt" "$TMP/closed.err"

# 12. A round with four faces: a clear error naming the round, the game is lost.
play four --exec "python3 $HERE/app.py --rounds 5 --four-faces-at 4" -q
[ "$RC" = 1 ] || fail "four faces: exit $RC"
has "round 4: only 4 faces shown" "$TMP/four.err"
echo "e2e_play: all checks passed"
