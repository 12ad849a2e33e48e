#!/usr/bin/env python3
"""2x2 challenges worded as strangers word them, for cubegod's tests of rules read from the
server's text (docs/playing.md, "A challenge you have not seen"). It shares no code with
cubegod: the cube model is app.py's, built from docs/protocol.md's tables.

  python3 dialogue_app.py --listen 0 [options]
  --banner TEXT     the rules line (e.g. "Quarter turns only (R R for R2), at most 14 moves each")
  --max N           the longest answer accepted, counted per --count (default 11)
  --count htm|qtm   how answers are counted (qtm: a half turn is 2)
  --accept NOTATION standard (R R' R2), digits (R1 R3 R2), quarter (R R'), quarter-cw (R)
  --prompt TEXT     the prompt (default "Enter your solution:"); --bare: no newline after it
  --string          the cube as "Round i. State:" and a 24-letter line in URFDLB order,
                    instead of Face boxes
  --verdict WORD    the word of a passed round (default "[+] Correct!"); a failed one is "no"
  --each            moves one a line after the prompt until a line "#"
  --hello TEXT      say nothing until the client sends the line TEXT
  --rounds N, --seed S, --games N
"""
import argparse
import os
import random
import socket
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import app  # noqa: E402  (the test model, not cubegod's code)

TOKENS = {
    "standard": {m: [m] for m in app.VALID},
    "digits": {m[0] + {"": "1", "'": "3", "2": "2"}[m[1:]]: [m] for m in app.VALID},
    "quarter": {m: [m] for m in app.VALID if not m.endswith("2")},
    "quarter-cw": {f: [f] for f in "UDFBLR"},
}


def read_line(f):
    line = f.readline()
    return None if not line else line.decode(errors="replace").rstrip("\r\n")


def play(conn, f, a, rng):
    say = lambda text: conn.sendall(text.encode())  # noqa: E731
    if a.hello is not None and read_line(f) != a.hello:
        say("Say hello first.\n")
        return
    say("Welcome, cuber!\n")
    say((a.banner or f"Solve {a.rounds} rounds, each in 1 second(s) and at most {a.max} "
         "moves, to get the flag!") + "\n")
    tokens = TOKENS[a.accept]
    for rnd in range(1, a.rounds + 1):
        state = app.HOME
        for _ in range(rng.randint(114, 514)):
            state = app.apply(state, rng.choice(app.VALID))
        if a.string:
            # URFDLB, each face row by row, as the boxes would show them
            by_face = {f: state[4 * i:4 * i + 4] for i, f in enumerate(app.FACES)}
            say(f"Round {rnd}. State:\n" + "".join(by_face[x] for x in "URFDLB") + "\n")
        else:
            say(f"=== Round {rnd}/{a.rounds} ===\n")
            for i, face in enumerate(app.FACES[:5]):
                s = state[4 * i:4 * i + 4]
                say(f"Face {face}:\n+-----+\n| {s[0]} {s[1]} |\n| {s[2]} {s[3]} |\n+-----+\n")
        say(a.prompt + ("" if a.bare else "\n"))
        if a.each:
            moves = []
            while True:
                line = read_line(f)
                if line is None:
                    return
                if line.strip() == "#":
                    break
                moves.append(line.strip())
        else:
            line = read_line(f)
            if line is None:
                return
            moves = line.split()
        count = 0
        for m in moves:
            if m not in tokens:
                say(f"no: '{m}' is not a move here\n")
                return
            for move in tokens[m]:
                state = app.apply(state, move)
                count += 2 if a.count == "qtm" and move.endswith("2") else 1
        if count > a.max:
            say(f"no: {count} is too many\n")
            return
        if not app.solved(state):
            say("no: still scrambled\n")
            return
        say(a.verdict + "\n")
    say("Here you go: flag{dialogue_py}\n")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--listen", type=int, default=0)
    p.add_argument("--banner", default=None)
    p.add_argument("--max", type=int, default=11)
    p.add_argument("--count", choices=["htm", "qtm"], default="htm")
    p.add_argument("--accept", choices=list(TOKENS), default="standard")
    p.add_argument("--prompt", default="Enter your solution:")
    p.add_argument("--bare", action="store_true")
    p.add_argument("--string", action="store_true")
    p.add_argument("--verdict", default="[+] Correct!")
    p.add_argument("--each", action="store_true")
    p.add_argument("--hello", default=None)
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--games", type=int, default=1)
    a = p.parse_args()
    app.check_model()
    lsock = socket.socket()
    lsock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    lsock.bind(("127.0.0.1", a.listen))
    lsock.listen(4)
    lsock.settimeout(60)  # a test that never connects still ends
    print(lsock.getsockname()[1], flush=True)
    rng = random.Random(a.seed)
    for _ in range(a.games):
        try:
            conn, _ = lsock.accept()
        except socket.timeout:
            break
        conn.settimeout(10)
        f = conn.makefile("rb")
        try:
            play(conn, f, a, rng)
        except (BrokenPipeError, ConnectionResetError, socket.timeout):
            pass
        f.close()
        conn.close()


if __name__ == "__main__":
    main()
