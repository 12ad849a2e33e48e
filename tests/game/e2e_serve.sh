#!/usr/bin/env bash
# cubegod serve against small bash clients over real sockets (/dev/tcp): a won game (answers from
# `cubegod solve`), every way to lose (wrong answer, garbage, binary, 12 moves, timeout,
# megabyte line, disconnect), the server surviving all of them, --seed reproducibility, TLS.
set -uo pipefail
: "${CUBEGOD:?}"
TMP=$(mktemp -d)
SERVERS=()
cleanup() {
  for pid in "${SERVERS[@]}"; do kill "$pid" 2>/dev/null; done
  wait 2>/dev/null
  rm -rf "$TMP"
}
trap cleanup EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

. "$(dirname "$0")/../lib_wait.sh"
# start NAME ARGS...: starts a server, sets PORT (through a port file of its own: lib_wait.sh);
# its log goes to $TMP/NAME.log
start() {
  local name=$1; shift
  start_bg "$TMP/$name.port" "$TMP/$name.log" "$CUBEGOD" serve --port 0 "$@"
  SERVERS+=("$BG_PID")
  [ -n "$PORT" ] || fail "server $name printed no port"
}

# read_round: reads fd 3 up to and including the prompt into $TMP/round; fails on EOF
read_round() {
  : >"$TMP/round"
  local line
  while IFS= read -r -t 10 line <&3; do
    printf '%s\n' "$line" >>"$TMP/round"
    [ "$line" = "Enter your solution:" ] && return 0
  done
  return 1
}

# verdict: the next line on fd 3
verdict() { local line; IFS= read -r -t 10 line <&3; printf '%s' "$line"; }

# lose NAME ANSWER-WRITER EXPECTED: connects, reads round 1, runs the writer, expects a [-] line
# containing EXPECTED and then the end of the connection.
lose() {
  local what=$1 writer=$2 expected=$3
  exec 3<>"/dev/tcp/127.0.0.1/$PORT" || fail "$what: connect"
  read_round || fail "$what: no round"
  $writer
  local v; v=$(verdict)
  [[ "$v" == "[-] "*"$expected"* ]] || fail "$what: verdict '$v', expected [-] ... $expected"
  local rest; rest=$(timeout 5 cat <&3)
  [ -z "$rest" ] || fail "$what: data after the [-] line: $rest"
  exec 3<&-
  echo "ok: $what -> $v"
}

# --- a won game: 5 rounds answered by cubegod solve; then the flag
# a generous alarm: this checks the dialogue, not speed (answers come from a new process)
start main --rounds 5 --flag 'flag{e2e}' --seed 7 --alarm 10
exec 3<>"/dev/tcp/127.0.0.1/$PORT"
IFS= read -r -t 10 banner1 <&3
IFS= read -r -t 10 banner2 <&3
[[ "$banner2" == *"get the flag!" ]] || fail "banner ends '$banner2'"
for i in 1 2 3 4 5; do
  read_round || fail "round $i missing"
  grep -qx "=== Round $i/5 ===" "$TMP/round" || fail "round $i header"
  [ "$(grep -c '^Face [UDFBLR]:$' "$TMP/round")" -eq 5 ] || fail "round $i: not five faces"
  answer=$("$CUBEGOD" solve --target any <"$TMP/round") || fail "solve failed on round $i"
  printf '%s\n' "$answer" >&3
  v=$(verdict)
  [[ "$v" == "[+] Correct! ("*" moves)" ]] || fail "round $i verdict '$v'"
  blank=$(verdict); [ -z "$blank" ] || fail "round $i: no empty line after the verdict"
done
flag=$(verdict)
[[ "$flag" == *"flag{e2e}"* ]] || fail "flag line '$flag'"
exec 3<&-
echo "ok: won a 5-round game: $flag"

# --- ways to lose; the same server keeps serving
send_wrong()   { printf 'U\n' >&3; }
send_garbage() { printf 'hello world\n' >&3; }
send_binary()  { printf 'U \x00\xff\n' >&3; }
send_twelve()  { printf 'U U U U U U U U U U U U\n' >&3; }
send_huge()    { head -c 1048576 /dev/zero | tr '\0' 'U' >&3 2>/dev/null; }
send_nothing() { :; }
lose "wrong answer" send_wrong "Not solved"
lose "garbage" send_garbage "Invalid move"
lose "binary" send_binary "Invalid byte 0x00"
lose "12 moves" send_twelve "Too many moves"
lose "megabyte line" send_huge "Answer too long"

# a client that vanishes mid-round, then one that connects and plays on
exec 3<>"/dev/tcp/127.0.0.1/$PORT"; read_round; exec 3<&-
exec 3<>"/dev/tcp/127.0.0.1/$PORT"
read_round || fail "server stopped serving after a disconnect"
exec 3<&-
wait_for "$TMP/main.log" "lost in round 1: Connection closed" || fail "disconnect not logged"
wait_for "$TMP/main.log" "5/5 rounds, won" || fail "won game not logged"
echo "ok: disconnect logged, server still serving"

# --- timeout with a short alarm
start quick --alarm 0.2 --seed 1
lose "timeout" send_nothing "Time's up"

# --- --seed: same seed, same rounds; another seed, other rounds
first_round() {
  start "$1" --seed "$2"
  exec 3<>"/dev/tcp/127.0.0.1/$PORT"; read_round; exec 3<&-
  cp "$TMP/round" "$TMP/$1.round"
}
first_round s1 12345; first_round s2 12345; first_round s3 12346
cmp -s "$TMP/s1.round" "$TMP/s2.round" || fail "same seed, different first rounds"
cmp -s "$TMP/s1.round" "$TMP/s3.round" && fail "different seeds, same first round"
echo "ok: --seed reproducible"

# --- bad options
"$CUBEGOD" serve --alarm 0 2>/dev/null; [ $? -eq 2 ] || fail "--alarm 0 accepted"
"$CUBEGOD" serve --tls-cert x.pem 2>/dev/null; [ $? -eq 2 ] || fail "--tls-cert alone accepted"
"$CUBEGOD" serve --port 0 --tls-cert /nonexistent --tls-key /nonexistent 2>"$TMP/tls.err" >/dev/null
[ $? -ne 0 ] && grep -q "TLS" "$TMP/tls.err" || fail "missing certificate not reported"

# --- TLS: a throwaway certificate; openssl s_client as the client
if openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=localhost \
     -keyout "$TMP/key.pem" -out "$TMP/cert.pem" 2>/dev/null; then
  start tls --tls-cert "$TMP/cert.pem" --tls-key "$TMP/key.pem" --seed 3 --rounds 1 --alarm 10 --flag 'flag{tls}'
  coproc TLS { openssl s_client -quiet -connect "127.0.0.1:$PORT" 2>/dev/null; }
  exec 3<&"${TLS[0]}" 4>&"${TLS[1]}"
  read_round || fail "TLS: no round"
  answer=$("$CUBEGOD" solve --target any <"$TMP/round")
  printf '%s\n' "$answer" >&4
  v=$(verdict); [[ "$v" == "[+] Correct!"* ]] || fail "TLS verdict '$v'"
  verdict >/dev/null
  flag=$(verdict); [[ "$flag" == *"flag{tls}"* ]] || fail "TLS flag '$flag'"
  exec 3<&- 4>&-
  echo "ok: TLS game won"
fi
# --- a SIGUSR1 from outside must not disarm the stop: SIGTERM still ends the server
start signals --seed 5
pid=${SERVERS[-1]}
kill -USR1 "$pid"
# a whole round served after the signal: it was delivered (before the server's next system call
# returned) and did not end it
exec 3<>"/dev/tcp/127.0.0.1/$PORT" && read_round || fail "SIGUSR1 ended the server"
exec 3<&-
wait_for "$TMP/signals.log" "lost in round 1: Connection closed" || fail "the game after SIGUSR1 not logged"
kill -0 "$pid" 2>/dev/null || fail "SIGUSR1 ended the server"
kill -TERM "$pid"
for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.05; done
kill -0 "$pid" 2>/dev/null && { kill -KILL "$pid"; fail "SIGTERM after SIGUSR1 did not stop the server"; }
wait "$pid"; rc=$?
[ "$rc" = 0 ] || fail "server stopped by SIGTERM exited $rc"
grep -q "serve: 1 games, 0 won" "$TMP/signals.log" || fail "no closing line after SIGTERM"
echo "ok: SIGUSR1 from outside ignored, SIGTERM stops"
echo "all serve tests passed"
