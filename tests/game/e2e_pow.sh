#!/usr/bin/env bash
# needs: tables3 (its `play` opens both sizes' tables before connecting)
# Proofs of work over real sockets: play against serve --pow KIND for each kind, against
# pow_server.py (gates worded as real challenges word them, checked with Python's hashlib and
# integers, then app.py's game), play --pow off, and cubegod pow on its own.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib_serve.sh"

# Under valgrind, ASan or gcov's atomic counters hashing is 3 to 50 times slower: three X's
# there (the search runs on its threads all the same). Four in the release build.
XS=4
[ -n "${CUBEGOD_SLOW_TOOLS:-}${CUBEGOD_SANITIZED:-}${CUBEGOD_COVERAGE:-}" ] && XS=3

# 1. Each kind of serve --pow: the gate answered, the game won, the server saw it right.
for spec in "sha256 --pow-difficulty $XS" "sha256 --pow-difficulty 2" "hashcash --pow-difficulty 16" "kctf --pow-difficulty 40"; do
  name=$(echo "$spec" | tr -c 'a-z0-9\n' _)
  serve "$name" --games 1 --rounds 3 --flag "flag{pow_$name}" --pow $spec
  play "$name" 127.0.0.1 "$PORT"
  [ "$RC" = 0 ] || fail "serve --pow $spec: play exited $RC"
  has "flag: flag{pow_$name}" "$TMP/$name.out"
  has "\[\*\] proof of work: .*answered in" "$TMP/$name.err"
  wait_log() { for _ in $(seq 100); do grep -q "games, " "$TMP/$name.log" && return; sleep 0.05; done; }
  wait_log
  has "3/3 rounds, won" "$TMP/$name.log"
done
has "sloth (kCTF/redpwn), difficulty 40" "$TMP/kctf___pow_difficulty_40.err"
has "hashcash, 16 bits" "$TMP/hashcash___pow_difficulty_16.err"
has "sha256 prefix, 2 unknown" "$TMP/sha256___pow_difficulty_2.err"

# 2. --pow off leaves the gate alone: the client waits for a game that never starts.
serve off --games 1 --rounds 3 --pow sha256 --pow-difficulty 2
play off 127.0.0.1 "$PORT" --pow off --timeout 1
[ "$RC" = 1 ] || fail "--pow off: exit $RC, expected a timeout"
has "timeout" "$TMP/off.err"
if grep -q "proof of work:" "$TMP/off.err"; then fail "--pow off answered a gate"; fi

# 2b. --pow-limit: a gate expected to take longer is refused before the search, with the
# estimate and the limit given; a limit of no time is a usage error.
# Four unknowns always (refused before any search, so no cost under valgrind): 7.4e6 expected
# candidates, over 0.001 s below 7 G/s (three were estimated near 0.01 s and answered once).
serve limit --games 1 --rounds 3 --pow sha256 --pow-difficulty 4
play limit 127.0.0.1 "$PORT" --pow-limit 0.001 --timeout 5
[ "$RC" = 1 ] || fail "--pow-limit 0.001: exit $RC, expected a refused gate"
has "would take about .* over the limit of 0.001 s" "$TMP/limit.err"
if grep -q "answered in" "$TMP/limit.err"; then fail "--pow-limit 0.001: the gate was answered"; fi
"$CUBEGOD" play --pow-limit 0 127.0.0.1 1 2> "$TMP/limit0.err"
[ $? = 2 ] || fail "--pow-limit 0 was accepted"
has "pow-limit: '0' is not a number of seconds above 0" "$TMP/limit0.err"

# 3. The independent Python server: every wording, two gates in a row, then its game.
if command -v python3 > /dev/null; then
  for gates in sha256 md5 sha1 zeros-hex zeros-bits zeros-first prose tail endswith middle words \
      words-of never "never,tail" hashcash kctf redpwn "hashcash,redpwn"; do
    name=py_$(echo "$gates" | tr -c 'a-z0-9\n' _)
    bg_server "$name" "python server" \
      python3 "$HERE/pow_server.py" --listen 0 --gates "$gates" --rounds 2 --timeout 300 --xs "$XS"
    play "$name" 127.0.0.1 "$PORT"
    [ "$RC" = 0 ] || fail "pow_server.py --gates $gates: play exited $RC"
    has "flag: flag{python_edition}" "$TMP/$name.out"
    for g in ${gates//,/ }; do has "gate $g: ok" "$TMP/$name.log"; done
  done
fi

# 4. cubegod pow: the answer line only, checked by a second implementation.
SUFFIX=k2Lm9QpZ
if command -v python3 > /dev/null; then
  DIGEST=$(python3 -c "import hashlib;print(hashlib.sha256(b'aa7Q$SUFFIX').hexdigest())")
  "$CUBEGOD" pow -q "sha256(XXXX+$SUFFIX) == $DIGEST" > "$TMP/pow.out" 2> "$TMP/pow.err" || fail "pow exited $?"
  [ "$(cat "$TMP/pow.out")" = aa7Q ] || fail "pow answered '$(cat "$TMP/pow.out")'"
  STAMP=$(echo "Run: hashcash -mb16 me@example" | "$CUBEGOD" pow -q -) || fail "pow - exited $?"
  python3 - "$STAMP" <<'EOF' || fail "hashcash stamp refused by hashlib: $STAMP"
import hashlib, sys
s = sys.argv[1]
p = s.split(":")
assert p[0] == "1" and p[1] == "16" and p[3] == "me@example", s
d = int.from_bytes(hashlib.sha1(s.encode()).digest(), "big")
assert 160 - d.bit_length() >= 16, s
EOF
fi
# a target no four characters reach: the search ends and says so
"$CUBEGOD" pow -q "md5(XX+abc) == 00000000000000000000000000000000" > "$TMP/none.out" 2> "$TMP/none.err"
[ $? = 1 ] || fail "an unreachable target did not exit 1"
has "no candidate of the 3844" "$TMP/none.err"
[ ! -s "$TMP/none.out" ] || fail "an answer was printed for an unreachable target"
# a difficulty in the millions: refused before it starts, with the estimate
"$CUBEGOD" pow -q --limit 10 "solve s.PQkA.AQ==" > /dev/null 2> "$TMP/slow.err"
[ $? = 1 ] || fail "a sloth of difficulty 4000000 was not refused"
has "would take about .* over the limit of 10 s" "$TMP/slow.err"
# looks like a gate, cannot be read; English that mentions a hash; no gate at all; usage
"$CUBEGOD" pow "sha256(XXXX+abc) == nothex" 2> "$TMP/bad.err"
[ $? = 2 ] || fail "an unreadable gate did not exit 2"
has "not read as a gate: .* looks like a proof of work" "$TMP/bad.err"
"$CUBEGOD" pow 'We keep sha256(flag) == the digest you saw' > "$TMP/prose.out" 2> "$TMP/prose.err"
[ $? = 2 ] || fail "prose about a digest did not exit 2"
[ ! -s "$TMP/prose.out" ] || fail "prose about a digest got an answer"
has "not read as a gate" "$TMP/prose.err"
"$CUBEGOD" pow "Welcome to the cube god trial" 2> "$TMP/nogate.err"
[ $? = 2 ] || fail "text without a gate did not exit 2"
has "no proof of work found" "$TMP/nogate.err"
"$CUBEGOD" serve --pow sha3 2> "$TMP/serve-bad.err"
[ $? = 2 ] || fail "serve --pow sha3 was accepted"
has "is not sha256, hashcash or kctf" "$TMP/serve-bad.err"
# play: text that only looks like a gate is the game's text (a gate is a gate only when it
# parses): the game goes on, and stderr says why the line was not read as one
python3 - > "$TMP/odd.port" <<'EOF' &
import socket
s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(1); s.settimeout(30)
print(s.getsockname()[1], flush=True)
c, _ = s.accept(); c.sendall(b"sha3_256(XXXX+abc) == 00\nsha256(XXXX+abc) == zz\nGive me XXXX: "); c.settimeout(30)
try:
    c.recv(100)
except OSError:
    pass
EOF
PIDS+=($!)
wait_port odd "python server"
play odd 127.0.0.1 "$PORT" --timeout 2
[ "$RC" = 1 ] || fail "an unreadable gate: play exited $RC"
has "proof of work: read as text: 'sha256(XXXX+abc) == zz' looks like a proof of work" "$TMP/odd.err"
has "timeout after 2 s" "$TMP/odd.err"
# play: a name the gate uses, defined at the end of a line longer than what play keeps of the
# text before a gate (1 KB): the line's last kilobyte is kept, the name read from it, and the
# answer meets the gate (the server, run by --exec, checks it)
cat > "$TMP/longdef.py" <<'EOF'
import hashlib, sys
sys.stdout.write("x" * 1500 + " prefix: Pq7\n")
sys.stdout.write("Good luck.\n")  # lines are kept apart: the name's value ends with its line
sys.stdout.write("Find a string X such that sha1(prefix + X) starts with 3 zero hex digits\n")
sys.stdout.flush()
ans = sys.stdin.readline().strip()
ok = hashlib.sha1(("Pq7" + ans).encode()).hexdigest().startswith("000")
open(sys.argv[1], "w").write("ok\n" if ok else "refused: " + ans + "\n")
EOF
timeout 60 "$CUBEGOD" play -q --timeout 3 --exec "python3 $TMP/longdef.py $TMP/longdef.res" \
  > "$TMP/longdef.out" 2> "$TMP/longdef.err"
[ "$(cat "$TMP/longdef.res" 2>/dev/null)" = ok ] ||
  fail "a name defined at the end of a 1.5 KB line: $(cat "$TMP/longdef.res" 2>/dev/null) $(tail -2 "$TMP/longdef.err")"
echo "e2e_pow: all passed"
