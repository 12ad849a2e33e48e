#!/usr/bin/env bash
# needs: tables3 (its `play` opens both sizes' tables before connecting)
# cubegod play where a player in a hurry gets stuck: stopped by SIGTERM/SIGINT (child reaped,
# transcript closed, summary, 128+signal), TLS spoken to a plain server and plain to a TLS one,
# a prompt that never comes, addresses written every way (and wrongly), SOCKS5 and HTTP CONNECT
# proxies (a test proxy logs each tunnel; TLS through it), and --interactive after the game.
set -uo pipefail
: "${CUBEGOD:?}"
HERE=$(cd "$(dirname "$0")" && pwd)
TMP=$(mktemp -d)
PIDS=()
cleanup() { for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null; done; wait 2>/dev/null; rm -rf "$TMP"; }
trap cleanup EXIT
fail() { echo "FAIL: $*" >&2; for f in "$TMP"/*.out "$TMP"/*.err; do [ -f "$f" ] && { echo "--- $f" >&2; tail -5 "$f" >&2; }; done; exit 1; }
has() { grep -q -- "$1" "$2" || fail "'$1' not in $2"; }

. "$HERE/../lib_wait.sh"
# bg NAME CMD...: a server in the background that prints its port first, through a port file of
# its own (lib_wait.sh); sets PORT
bg() {
  local name=$1; shift
  start_bg "$TMP/$name.port" "$TMP/$name.log" "$@"
  PIDS+=("$BG_PID")
  [ -n "$PORT" ] || fail "$name printed no port"
}
play() {
  local name=$1; shift
  timeout 60 "$CUBEGOD" play "$@" > "$TMP/$name.out" 2> "$TMP/$name.err" < /dev/null
  RC=$?
}

# 1. Signals: play --exec against a server that goes silent in round 3, stopped by SIGTERM and
#    by SIGINT. The child is reaped, the transcript ends with a note, the summary is printed,
#    and the exit status is 128 + the signal.
for sig in TERM INT; do
  "$CUBEGOD" play --exec "python3 $HERE/app.py --rounds 5 --seed 1 --silent-after 3" \
    --record "$TMP/sig$sig.rec" > "$TMP/sig$sig.out" 2> "$TMP/sig$sig.err" < /dev/null &
  pid=$!
  for _ in $(seq 200); do grep -q "round 2/5" "$TMP/sig$sig.err" 2>/dev/null && break; sleep 0.05; done
  child=$(sed -n "s/.*Starting local process .*: pid \([0-9]*\).*/\1/p" "$TMP/sig$sig.err")
  [ -n "$child" ] || fail "SIG$sig: no child pid in the log"
  # round 2's verdict has arrived (the transcript records what arrives): 2 rounds passed
  wait_for "$TMP/sig$sig.rec" "Correct!" 2 || fail "SIG$sig: no second verdict in the transcript"
  kill -$sig $pid
  for _ in $(seq 100); do kill -0 $pid 2>/dev/null || break; sleep 0.05; done
  kill -0 $pid 2>/dev/null && { kill -9 $pid; fail "SIG$sig: play still running 5 s after the signal"; }
  wait $pid; rc=$?
  want=$((128 + $(kill -l $sig)))
  [ "$rc" = "$want" ] || fail "SIG$sig: exit status $rc, expected $want"
  has "\[-\] stopped by SIG$sig: 2 rounds passed" "$TMP/sig$sig.out"
  tail -n1 "$TMP/sig$sig.rec" | grep -q "^! [0-9.]* stopped by SIG$sig after 2 passed rounds" ||
    fail "SIG$sig: transcript does not end with the note: $(tail -n1 "$TMP/sig$sig.rec")"
  kill -0 "$child" 2>/dev/null && fail "SIG$sig: the child $child is still running"
  grep -q "Stopped process" "$TMP/sig$sig.err" || fail "SIG$sig: the child was not reaped"
done

# 2. A plain server met with --tls: the message shows what it said and says to drop --tls.
bg plain "$CUBEGOD" serve --port 0 --games 20 --alarm 5 -q
PLAIN=$PORT
play tls-to-plain --tls 127.0.0.1 "$PLAIN" -q
[ "$RC" = 1 ] || fail "--tls against a plain server exited $RC"
has "the server answered in plain text: 'Welcome to the cube god trial!'; it does not speak TLS; drop --tls" "$TMP/tls-to-plain.err"

# 3. A TLS server met without --tls: nothing ever comes, and the message says to add --tls.
if openssl req -x509 -newkey rsa:2048 -nodes -keyout "$TMP/key.pem" -out "$TMP/cert.pem" \
     -days 1 -subj /CN=localhost > /dev/null 2>&1; then
  bg tls "$CUBEGOD" serve --port 0 --games 4 --rounds 3 --tls-cert "$TMP/cert.pem" --tls-key "$TMP/key.pem" -q
  TLS=$PORT
  play plain-to-tls 127.0.0.1 "$TLS" -q --timeout 0.5
  [ "$RC" = 1 ] || fail "plain against a TLS server exited $RC"
  has "nothing at all was received: the server may speak TLS; add --tls" "$TMP/plain-to-tls.err"
else
  TLS=""
  echo "note: openssl could not make a certificate; TLS cases skipped" >&2
fi

# 4. A prompt that never comes: the faces came, the last line is shown, --prompt is named.
play prompt 127.0.0.1 "$PLAIN" -q --prompt "Your move:" --timeout 0.5
[ "$RC" = 1 ] || fail "wrong prompt exited $RC"
has "5 faces came but not the prompt 'Your move:'; last text received: 'Enter your solution:'; if the server asks differently, give --prompt TEXT" "$TMP/prompt.err"
# A last line too long for the message: its first 92 characters and "...", the whole of it on
# the summary's "last line:".
LONG="$(printf 'word%02d ' $(seq 1 20))"
bg longprompt "$CUBEGOD" serve --port 0 --games 1 --rounds 2 --prompt "$LONG" -q
play longprompt 127.0.0.1 "$PORT" -q --prompt "Your move:" --timeout 0.5
[ "$RC" = 1 ] || fail "long prompt exited $RC"
has "last text received: '$(printf 'word%02d ' $(seq 1 13))w...'; if the server" "$TMP/longprompt.err"
has "last line: ${LONG% }" "$TMP/longprompt.out"

# 5. Addresses: HOST:PORT, a pasted nc command (as words and as one word), [::1]:PORT; bad ports
#    and swapped arguments refused with a message, before any connection.
play colon "127.0.0.1:$PLAIN" -q; [ "$RC" = 0 ] || fail "HOST:PORT exited $RC"
play nc nc 127.0.0.1 "$PLAIN" -q; [ "$RC" = 0 ] || fail "nc HOST PORT exited $RC"
play nc1 "nc -v 127.0.0.1 $PLAIN" -q; [ "$RC" = 0 ] || fail "'nc -v HOST PORT' exited $RC"
if python3 -c 'import socket; s = socket.socket(socket.AF_INET6); s.bind(("::1", 0))' 2>/dev/null; then
  bg v6 "$CUBEGOD" serve --host ::1 --port 0 --games 1 --rounds 2 -q
  play v6 "[::1]:$PORT" -q; [ "$RC" = 0 ] || fail "[::1]:PORT exited $RC"
fi
play badport 127.0.0.1 99999
[ "$RC" = 2 ] || fail "port 99999 exited $RC"
has "port 99999 is out of range: ports go from 1 to 65535" "$TMP/badport.err"
play swapped "$PLAIN" 127.0.0.1
[ "$RC" = 2 ] || fail "swapped host and port exited $RC"
has "host and port look swapped; give HOST PORT" "$TMP/swapped.err"
play v6bare ::1:80
has "an IPv6 address with a port is written \[V6\]:PORT" "$TMP/v6bare.err"

# 6. Proxies: SOCKS5 and HTTP CONNECT, plain and TLS through the tunnel; each tunnel is in the
#    proxy's log with the game server's address; a refusing proxy gives its reason.
for kind in socks5 http; do
  bg $kind python3 "$HERE/proxy.py" $kind "$TMP/$kind.tunnels"
  PROXY=$PORT
  play via-$kind --proxy "$kind://127.0.0.1:$PROXY" 127.0.0.1 "$PLAIN" -q
  [ "$RC" = 0 ] || fail "game through the $kind proxy exited $RC"
  has "$kind 127.0.0.1 $PLAIN" "$TMP/$kind.tunnels"
  if [ -n "$TLS" ]; then
    play via-$kind-tls --proxy "$kind://127.0.0.1:$PROXY" --tls --insecure localhost "$TLS" -q
    [ "$RC" = 0 ] || fail "TLS game through the $kind proxy exited $RC"
    has "$kind localhost $TLS" "$TMP/$kind.tunnels"
  fi
  bg $kind-refuse python3 "$HERE/proxy.py" $kind "$TMP/$kind-refuse.tunnels" --refuse
  play refused-$kind --proxy "$kind://127.0.0.1:$PORT" 127.0.0.1 "$PLAIN" -q
  [ "$RC" = 1 ] || fail "refusing $kind proxy: exit $RC"
done
has "SOCKS5 proxy 127.0.0.1:[0-9]*: to 127.0.0.1 port $PLAIN: connection refused by the destination" "$TMP/refused-socks5.err"
has "HTTP proxy 127.0.0.1:[0-9]*: to 127.0.0.1 port $PLAIN: the proxy refused: HTTP/1.1 403 Forbidden" "$TMP/refused-http.err"
play badproxy --proxy ftp://127.0.0.1:1 127.0.0.1 "$PLAIN" -q
has "is not socks5://HOST:PORT or http://HOST:PORT" "$TMP/badproxy.err"

# 7. --interactive: after the flag the challenge asks a question; the piped standard input
#    answers it and the server's reply reaches standard output.
echo "so long" | timeout 60 "$CUBEGOD" play --interactive -q \
  --exec "python3 $HERE/app.py --rounds 3 --seed 4 --after-flag" > "$TMP/inter.out" 2> "$TMP/inter.err"
rc=$?
[ "$rc" = 0 ] || fail "--interactive exited $rc"
has "\[+\] won: 3/3 rounds passed" "$TMP/inter.out"
has "flag: flag{python_edition}" "$TMP/inter.out"
has "Any last words? You said: so long" "$TMP/inter.out"
has "Bye." "$TMP/inter.out"
grep -q "Switching to interactive mode" "$TMP/inter.err" && fail "-q still announced interactive mode"
echo "hi" | timeout 60 "$CUBEGOD" play --interactive \
  --exec "python3 $HERE/app.py --rounds 2 --seed 4 --after-flag" > "$TMP/inter-v.out" 2> "$TMP/inter-v.err"
has "\[\*\] Switching to interactive mode" "$TMP/inter-v.err"
has "You said: hi" "$TMP/inter-v.out"
# The same over TCP, with a server that stays open: stdin's end and the server's silence end it.
bg py-inter python3 "$HERE/app.py" --listen 0 --rounds 2 --seed 5 --after-flag
printf 'over tcp\n' | timeout 60 "$CUBEGOD" play --interactive -q --timeout 2 127.0.0.1 "$PORT" \
  > "$TMP/inter-tcp.out" 2> "$TMP/inter-tcp.err"
[ "$?" = 0 ] || fail "--interactive over TCP failed"
has "You said: over tcp" "$TMP/inter-tcp.out"

# 7b. --exec finds its program on PATH, as a shell would (the library is given play's PATH; it
#     reads no environment itself): a program only in a directory of the test's own.
mkdir -p "$TMP/bin"
printf '#!/bin/sh\nexec python3 "%s/app.py" --rounds 1 --seed 6\n' "$HERE" > "$TMP/bin/cube-app-on-path"
chmod +x "$TMP/bin/cube-app-on-path"
PATH="$TMP/bin:$PATH" timeout 60 "$CUBEGOD" play -q --exec cube-app-on-path > "$TMP/on-path.out" 2> "$TMP/on-path.err"
[ "$?" = 0 ] || fail "--exec of a program on PATH failed"
has "\[+\] won: 1/1 rounds passed" "$TMP/on-path.out"

# 8. Options: a misspelled one gets a suggestion, and the usage lines name every option.
play typo 127.0.0.1 "$PLAIN" --interactiv
has "unknown option '--interactiv'; did you mean '--interactive'?" "$TMP/typo.err"
echo "e2e_play_ux: all checks passed"
