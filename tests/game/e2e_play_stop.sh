#!/usr/bin/env bash
# needs: tables3 (the --ambiguous pick game is a 3x3)
# play as a player in a hurry meets it, over real sockets:
#   - a stop while connecting (a TLS handshake with a listener that never accepts): the
#     handlers are in place before the transcript opens and the connection starts, so SIGTERM
#     gives 143, the summary, and the transcript's closing note (issue 25, defect 2);
#   - Ctrl-C while waiting on a wrong prompt says what it waited for and what arrived;
#   - Ctrl-C during a proof-of-work search ends play at once (issue 35);
#   - tcp://HOST:PORT and tls://HOST:PORT addresses; --json (one record a round, a summary);
#     --metric qtm round lines in quarter turns; a lost --ambiguous pick game's last line is the
#     server's last line.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib_serve.sh"

# 1. SIGTERM during the TLS handshake with a listener that never answers it (it says when the
#    connection came, so the signal falls in the handshake, not before the connection).
bg_server mute "the silent listener" python3 -c '
import socket, sys, time
s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(4)
print(s.getsockname()[1], flush=True); s.settimeout(30); c, _ = s.accept()
print("connected", flush=True); time.sleep(30)'
"$CUBEGOD" play --tls --insecure --record "$TMP/mute.rec" 127.0.0.1 "$PORT" \
  > "$TMP/mute.out" 2> "$TMP/mute.err" < /dev/null &
pid=$!
wait_for "$TMP/mute.port" "^connected" || fail "play did not connect to the silent listener"
kill -TERM $pid
# under valgrind the signal reached play about 10 s late (its handshake wait); the release and
# ASan runs hold it to 5 s
waits=100
[ -n "${CUBEGOD_SLOW_TOOLS:-}" ] && waits=400
for _ in $(seq $waits); do kill -0 $pid 2>/dev/null || break; sleep 0.05; done
kill -0 $pid 2>/dev/null && { kill -9 $pid; fail "play still running $((waits / 20)) s after SIGTERM while connecting"; }
wait $pid; rc=$?
[ "$rc" = 143 ] || fail "SIGTERM while connecting: exit $rc, expected 143"
has "\[-\] stopped by SIGTERM: 0 rounds passed, while connecting" "$TMP/mute.out"
tail -n1 "$TMP/mute.rec" | grep -q "^! [0-9.]* stopped by SIGTERM after 0 passed rounds, while connecting" ||
  fail "the transcript does not end with the note: $(tail -n1 "$TMP/mute.rec")"

# 2. Ctrl-C while waiting for a prompt that does not come: what it waited for, what arrived.
serve wrong --games 1 --rounds 2 --alarm 30
"$CUBEGOD" play --prompt 'Your move:' --record "$TMP/int.rec" 127.0.0.1 "$PORT" > "$TMP/int.out" \
  2> "$TMP/int.err" < /dev/null &
pid=$!
# the transcript has the server's prompt once play has read it (it records what arrives)
wait_for "$TMP/int.rec" "Enter your solution:" || fail "the round's prompt never reached play"
kill -INT $pid
wait $pid; rc=$?
[ "$rc" = 130 ] || fail "SIGINT: exit $rc, expected 130"
has "\[-\] stopped by SIGINT: 0 rounds passed, while waiting for the prompt ('Your move:') after the cube of round 1; last text received: 'Enter your solution:'" "$TMP/int.out"

# 3. tcp:// and tls:// addresses.
serve url --games 1 --rounds 3
play url -q "tcp://127.0.0.1:$PORT"
[ "$RC" = 0 ] || fail "tcp://127.0.0.1:$PORT: exit $RC: $(tail -2 "$TMP/url.err")"
if openssl req -x509 -newkey rsa:2048 -nodes -keyout "$TMP/key.pem" -out "$TMP/cert.pem" \
     -days 1 -subj /CN=localhost > /dev/null 2>&1; then
  serve url-tls --games 1 --rounds 3 --tls-cert "$TMP/cert.pem" --tls-key "$TMP/key.pem"
  play url-tls -q --insecure "tls://127.0.0.1:$PORT/"
  [ "$RC" = 0 ] || fail "tls://127.0.0.1:$PORT/: exit $RC: $(tail -2 "$TMP/url-tls.err")"
else
  echo "openssl could not make a certificate: tls:// case skipped"
fi

# 4. --json: a record per round and a summary, as JSON a program reads.
serve json --games 1 --rounds 4 --seed 3
play json -q --json 127.0.0.1 "$PORT"
[ "$RC" = 0 ] || fail "--json game: exit $RC"
python3 - "$TMP/json.out" <<'PY' || fail "--json output: $(head -c 600 "$TMP/json.out")"
import json, sys
recs = [json.loads(l) for l in open(sys.argv[1])]
rounds, summary = recs[:-1], recs[-1]
assert [r["round"] for r in rounds] == [1, 2, 3, 4], rounds
assert all(0 < r["moves"] <= 11 and r["metric"] == "htm" and r["size"] == 2 for r in rounds)
assert summary["won"] is True and summary["rounds_passed"] == 4, summary
assert summary["flag"] == "flag{cubegod_local_practice}" and summary["limit"] == 11, summary
PY

# a lost game's summary: its outcome as the server gave it, and why (the server allows 6 moves)
serve json-lost --games 1 --max-moves 6 --seed 2
play json-lost -q --json --max-moves 11 127.0.0.1 "$PORT"
[ "$RC" = 1 ] || fail "--json lost game: exit $RC"
python3 - "$TMP/json-lost.out" <<'PY' || fail "--json lost game: $(tail -c 600 "$TMP/json-lost.out")"
import json, sys
summary = json.loads(open(sys.argv[1]).read().splitlines()[-1])
assert summary["won"] is False and summary["outcome"] == "lost", summary
assert summary["rounds_passed"] == 0 and "Too many moves" in summary["reason"], summary
assert "stopped_by" not in summary and summary["connected"] is True, summary
PY
# and no advice about a drawing that never came (a hint names only what it saw)
grep -q "turn --moves" "$TMP/json-lost.err" &&
  fail "a lost game with no hidden text pointed at turn: $(cat "$TMP/json-lost.err")"

# 5. --metric qtm: the round lines count quarter turns and say so.
serve qtm --games 1 --rounds 3 --metric qtm --max-moves 14
play qtm --metric qtm 127.0.0.1 "$PORT"
[ "$RC" = 0 ] || fail "--metric qtm game: exit $RC"
[ "$(grep -c 'quarter turns  solve' "$TMP/qtm.err")" = 3 ] || fail "round lines do not say quarter turns"
grep -q "[0-9] moves  solve" "$TMP/qtm.err" && fail "a round line says moves under --metric qtm"

# 6. --ambiguous pick, lost on a guess: the summary's last line is the server's last line.
serve amb --games 1 --size 3 --hide 3 --rounds 10 --seed 5 --alarm 30
play amb --ambiguous pick --record "$TMP/amb.rec" 127.0.0.1 "$PORT"
if [ "$RC" = 1 ]; then
  last=$(grep '^< ' "$TMP/amb.rec" | tail -n1 | cut -d' ' -f3- | sed 's/\\n$//')
  grep -qF -- "last line: $last" "$TMP/amb.out" || fail "the last line is not the server's: $last"
  echo "ambiguous pick: lost, last line '$last'"
else
  has "won" "$TMP/amb.out" # every guess right: nothing to check
fi
# 7. Ctrl-C during a proof-of-work search (issue 35, item 6: the hash loop never looked at the
# stop flag, so play went on hashing for the whole search). A gate no candidate reaches (64 zero
# bits), estimated at about 20 s, so only the stop can end it early.
# Under ASan or valgrind the search runs at another rate: 4 unknowns were searched through
# before the SIGINT came, 5 are estimated past play's 60 s limit. The release run checks this
# part; test_stop_flag_ends_a_search checks the stop flag under every build.
if [ -n "${CUBEGOD_SLOW_TOOLS:-}${CUBEGOD_SANITIZED:-}" ]; then
  echo "part 7 (SIGINT during a proof of work) skipped under ASan/valgrind"
else
XS=5
python3 - "$XS" > "$TMP/gate.port" <<'PYEOF' &
import socket, sys
s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(1); s.settimeout(60)
print(s.getsockname()[1], flush=True)
c, _ = s.accept(); c.settimeout(60)
c.sendall(b"Proof first: md5 of (" + b"?" * int(sys.argv[1]) + b" + 'tail') must be\n"
          b"sha256(" + b"?" * int(sys.argv[1]) + b"+tail) == 0000000000000000\nanswer: ")
try:
    c.recv(100)
except OSError:
    pass
PYEOF
PIDS+=($!)
wait_port gate "the gate server"
# --pow-limit: the estimate is this machine's rate, 69 s on a loaded CI machine; the default
# 60 s refused it there (the refusal is checked by e2e_pow).
"$CUBEGOD" play --pow-limit 100000 127.0.0.1 "$PORT" > "$TMP/gate.out" 2> "$TMP/gate.err" < /dev/null &
pid=$!
for _ in $(seq 200); do grep -q "expected" "$TMP/gate.err" 2>/dev/null && break; sleep 0.05; done
grep -q "over the limit" "$TMP/gate.err" && fail "the gate was refused as too long: $(cat "$TMP/gate.err")"
sleep 1
kill -INT $pid
for _ in $(seq 200); do kill -0 $pid 2>/dev/null || break; sleep 0.05; done
kill -0 $pid 2>/dev/null && { kill -9 $pid; fail "play still hashing 10 s after SIGINT: $(tail -3 "$TMP/gate.err")"; }
wait $pid; rc=$?
[ "$rc" = 130 ] || fail "SIGINT during a proof of work: exit $rc, expected 130: $(tail -3 "$TMP/gate.err")"
has "stopped by SIGINT" "$TMP/gate.out"
fi
# 8. Ctrl-C during a table build before connecting (issue 42: play --size 3 on an empty cache
# ran on until the 3x3 build was saved, 23 s, then exited 130): play ends within a second
# (two allowed here, for a loaded machine), saves nothing, and says why. The 3x3 build 2 s in,
# and the 2x2 table's (a second's build) 0.2 s in. No server: the build comes first.
# Under ASan or valgrind the builds' steps are slower: the release run checks this part.
if [ -n "${CUBEGOD_SLOW_TOOLS:-}${CUBEGOD_SANITIZED:-}" ]; then
  echo "part 8 (SIGINT during a table build) skipped under ASan/valgrind"
else
# stop_build NAME AFTER ARGS...: play ARGS with an empty cache folder but for FILES, SIGINT
# AFTER seconds in
stop_build() {
  local name=$1 after=$2; shift 2
  CUBEGOD_CACHE=$TMP/$name/pocket.tbl "$CUBEGOD" play "$@" 127.0.0.1 9 \
    > "$TMP/$name.out" 2> "$TMP/$name.err" < /dev/null &
  local pid=$! t0 ms
  sleep "$after"
  kill -0 $pid 2>/dev/null || fail "$name: play ended before the signal: $(cat "$TMP/$name.err")"
  kill -INT $pid
  t0=$(date +%s%N)
  for _ in $(seq 40); do kill -0 $pid 2>/dev/null || break; sleep 0.05; done
  ms=$(( ($(date +%s%N) - t0) / 1000000 ))
  kill -0 $pid 2>/dev/null && { kill -9 $pid; fail "$name: play still building 2 s after SIGINT"; }
  wait $pid; rc=$?
  [ "$rc" = 130 ] || fail "$name: SIGINT during the build: exit $rc, expected 130"
  has "stopped by a signal" "$TMP/$name.err"
  echo "$name: play ended ${ms} ms after SIGINT during the build"
}
mkdir -p "$TMP/build3" "$TMP/build2"
cp "${CUBEGOD_CACHE:?}" "$TMP/build3/pocket.tbl"
stop_build build3 2 --size 3
has "building the 3x3 two-phase tables" "$TMP/build3.err"
[ -e "$TMP/build3/twophase.tbl" ] && fail "build3: a stopped build was saved"
stop_build build2 0.2
has "building the solver table" "$TMP/build2.err"
[ -e "$TMP/build2/pocket.tbl" ] && fail "build2: a stopped build was saved"
# on a terminal the build before connecting draws its progress bar (--size 3: a mutant of
# cmd_play.c:673 gave it the background build's progress, hidden until after a game)
mkdir -p "$TMP/build3tty"
cp "$CUBEGOD_CACHE" "$TMP/build3tty/pocket.tbl"
CUBEGOD_CACHE=$TMP/build3tty/pocket.tbl python3 "$HERE/pty_run.py" "$TMP/build3.tty" \
  timeout --foreground --preserve-status -s INT 2 "$CUBEGOD" play --size 3 127.0.0.1 9
rc=$?
[ "$rc" = 130 ] || fail "build3tty: SIGINT during the build on a terminal: exit $rc"
grep -qE "building 3x3 [a-z0-9 -]*table[s]? +[0-9]+%" "$TMP/build3.tty" ||
  fail "build3tty: no progress bar on the terminal: $(tr '\r' '\n' < "$TMP/build3.tty" | head -5)"
# and the background build's bar waits for the game's end: a first 3x3 game on a terminal with an
# empty 3x3 cache, stopped 3 s in (which skips finishing the build), shows no bar before its
# verdict (a mutant of cmd_play.c:662 drew the build's bar across the game's lines)
mkdir -p "$TMP/bg3tty"
cp "$CUBEGOD_CACHE" "$TMP/bg3tty/pocket.tbl"
serve bg3tty --size 3 --rounds 20 --games 1 --alarm 30
CUBEGOD_CACHE=$TMP/bg3tty/pocket.tbl python3 "$HERE/pty_run.py" "$TMP/bg3.tty" \
  timeout --foreground --preserve-status -s INT 3 "$CUBEGOD" play 127.0.0.1 "$PORT"
rc=$?
[ "$rc" = 0 ] || fail "bg3tty: a won game stopped while finishing the build: exit $rc"
python3 - "$TMP/bg3.tty" <<'PY' || fail "bg3tty: $(tr '\r' '\n' < "$TMP/bg3.tty" | tail -5)"
import sys
raw = open(sys.argv[1], "rb").read().decode(errors="replace")
won = raw.find("won: 20/20 rounds passed")
assert won > 0, "no verdict"
assert "building 3x3" not in raw[:won], "the build's bar before the verdict"
PY
fi
echo "e2e_play_stop: ok"
