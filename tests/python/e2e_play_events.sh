#!/usr/bin/env bash
# cubegod.play(io, on_event=..., progress=...) (issue 36): the events the command line shows (a
# round after each answer, the notes) reach Python as the game goes, against `cubegod serve`
# over a plain socket; a lost game and an exception in the callback; the pwntools example shows
# the game on one log.progress line ending with the verdict (skipped without pwntools).
. "$(dirname "$0")/lib.sh"
: "${CUBEGOD:?}"
TMP=$(mktemp -d)
trap 'kill $SERVER 2>/dev/null; rm -rf "$TMP"' EXIT
SERVER=
fail() { echo "FAIL: $*"; exit 1; }

serve --games 3 --rounds 6 --alarm 10 --flag 'flag{py_events}'
"$PY" - "$PORT" <<'PY' || fail "cubegod.play() events"
import socket, sys
import cubegod
port = int(sys.argv[1])
events, shown = [], []

class Progress:  # what pwntools' log.progress offers
    def status(self, text): shown.append(("status", text))
    def success(self, text): shown.append(("success", text))
    def failure(self, text): shown.append(("failure", text))

with socket.create_connection(("127.0.0.1", port)) as s:
    r = cubegod.play(s, on_event=lambda k, d: events.append((k, d)), progress=Progress())
assert r.won and r.rounds_passed == 6 and r.rounds_announced == 6, r
assert r.flags == ["flag{py_events}"], r
rounds = [d for k, d in events if k == "round"]
assert [d["round"] for d in rounds] == [1, 2, 3, 4, 5, 6], rounds
assert all(d["rounds"] == 6 and d["size"] == 2 and 0 < d["moves"] <= 11 and d["solve_us"] > 0
           and d["metric"] == "htm" for d in rounds), rounds
notes = [d for k, d in events if k == "note"]
assert any('limit 11, from the server\'s text: "at most 11 moves"' in n for n in notes), notes
statuses = [t for k, t in shown if k == "status"]
assert len(statuses) == len(rounds) + len(notes) and statuses[-1].startswith("round 6/6: "), shown
# each line as the engine classified it: a prompt and a verdict a round, the rest text
kinds = [k for k, d in events if k not in ("round", "note")]
assert kinds.count("prompt") == 6 and kinds.count("verdict") == 6, kinds
assert [d for k, d in events if k == "prompt"] == ["Enter your solution:"] * 6, events
assert all(d.startswith("[+] Correct") for k, d in events if k == "verdict"), events
assert any(k == "text" and d.startswith("Welcome to the cube god trial") for k, d in events), events
assert shown[-1] == ("success", "won: 6/6 rounds passed, flag: flag{py_events}"), shown[-1]

# An exception in on_event cannot cross the C frames: the game goes on, then it is raised.
def boom(kind, data):
    raise KeyError("from the callback")
with socket.create_connection(("127.0.0.1", port)) as s:
    try:
        cubegod.play(s, on_event=boom)
        raise SystemExit("the callback's exception was lost")
    except KeyError:
        pass
try:
    cubegod.play(socket.socket(), on_event="not callable")
    raise SystemExit("a callback that is not callable was taken")
except TypeError:
    pass

# A game that cannot go on (a prompt that never comes): the library's error is raised and the
# progress line ends with it.
shown.clear()
with socket.create_connection(("127.0.0.1", port)) as s:
    try:
        r = cubegod.play(s, prompt="no such prompt", timeout=0.5, progress=Progress())
        raise SystemExit("a game with a prompt that never comes was won: %r" % r)
    except cubegod.Error as e:
        assert "never came" in str(e) or "but not the prompt" in str(e), e
assert shown[-1][0] == "failure" and "no such prompt" in shown[-1][1], shown
print("events: ok")
PY
wait $SERVER

if need_pwntools > /dev/null; then
  serve --games 1 --rounds 20 --alarm 10 --flag 'flag{progress}'
  "$PWNPY" "$CUBEGOD_SOURCE/python/examples/play_progress.py" 127.0.0.1 "$PORT" > "$TMP/out" 2>&1 ||
    { cat "$TMP/out"; fail "play_progress.py"; }
  cat "$TMP/out"
  grep -q "cube god: won: 20/20 rounds passed, flag: flag{progress}" "$TMP/out" ||
    fail "no verdict on the progress line"
  grep -q "limit 11, from the server's text" "$TMP/out" || fail "no note"
  wait $SERVER
else
  echo "pwntools not installed: the example's part skipped"
fi
echo "e2e_play_events: ok"
