"""A small cube challenge written without cubegod's code, the way a stranger would: it draws
each round's cube in a shape cubegod was not first written for and asks for moves toward a
goal. The cube model is tests/cli/cube3_model.py (independent of cubegod; a 2x2 is the corners
of a 3x3).

  --style blfr    a 3x3 net whose side faces run B L F R, then
                  'Enter your moves: (One at a time: Use # to finish early)'; one move a line,
                  '#' to stop; the goal is solved
  --style label   'Round N. State: <54 letters, URFDLB>' then 'Solution? ' (no newline); the
                  whole answer on one line, judged 'ok'
  --style dict    a Python dict (--size 2: JSON, rows) of colour words; answer on one line
  --style goal    'Target:' and a 3x3 net of another scrambled state, 'Current:' and the
                  cube's net; moves one per line, '#' to stop: the cube must reach the target

Prints the port on its first line, serves --games connections (one at a time), then exits."""
import argparse
import json
import os
import random
import socket
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "cli"))
import cube3_model as m  # noqa: E402

FACES = "UDFBLR"
COLOUR = {"U": "W", "D": "Y", "F": "G", "B": "B", "L": "O", "R": "R"}
WORD = {"U": "white", "D": "yellow", "F": "green", "B": "blue", "L": "orange", "R": "red"}
MOVES = [f + s for f in "UDFBLR" for s in ("", "2", "'")]


def scramble(rng):
    return m.apply(m.solved(), " ".join(rng.choice(MOVES) for _ in range(25)))


def face(state, f):
    i = FACES.index(f)
    return state[9 * i:9 * i + 9]


def net(state, across="LFRB"):
    lines = []
    for r in range(3):
        lines.append("          " + " ".join(COLOUR[c] for c in face(state, "U")[3 * r:3 * r + 3]))
    for r in range(3):
        lines.append("  " + " | ".join(" ".join(COLOUR[c] for c in face(state, f)[3 * r:3 * r + 3])
                                        for f in across))
    for r in range(3):
        lines.append("          " + " ".join(COLOUR[c] for c in face(state, "D")[3 * r:3 * r + 3]))
    return "\n".join(lines) + "\n"


def corners(state):
    return "".join(state[f * 9 + i] for f in range(6) for i in (0, 2, 6, 8))


def as_dict(state, size):
    if size == 3:
        return repr({f: [WORD[c] for c in face(state, f)] for f in "URFDLB"}) + "\n"
    c = corners(state)
    d = {name: [[WORD[x] for x in c[4 * i:4 * i + 2]], [WORD[x] for x in c[4 * i + 2:4 * i + 4]]]
         for i, name in enumerate(["up", "down", "front", "back", "left", "right"])}
    return json.dumps(d, indent=2) + "\n"


class Conn:
    def __init__(self, sock):
        self.s, self.buf = sock, b""

    def send(self, text):
        self.s.sendall(text.encode())

    def line(self):
        while b"\n" not in self.buf:
            data = self.s.recv(4096)
            if not data:
                raise EOFError
            self.buf += data
        line, self.buf = self.buf.split(b"\n", 1)
        return line.decode().strip()


def moves_one_a_line(c, limit):
    """One move a line until '#' (or an empty line); a line of several moves is the whole
    answer, as many such servers also take."""
    got = []
    while len(got) <= limit:
        words = c.line().split()
        if not words or words == ["#"]:
            return got
        for mv in words:
            if mv not in MOVES:
                raise ValueError("bad move " + mv)
        got += words
        if len(words) > 1:
            return got
    raise ValueError("too many moves")


def play(c, style, size, rng, rounds):
    for rnd in range(1, rounds + 1):
        cube = scramble(rng)
        goal = m.solved()
        if style == "blfr":
            c.send("Round %d\n%sEnter your moves: (One at a time: Use # to finish early)\n"
                   % (rnd, net(cube, "BLFR")))
            answer = " ".join(moves_one_a_line(c, 30))
        elif style == "label":
            c.send("Round %d. State: %s\nSolution? " % (rnd, m.line(cube, "URFDLB")))
            answer = c.line()
        elif style == "dict":
            c.send("Cube %d is:\n%sanswer> " % (rnd, as_dict(cube, size)))
            answer = c.line()
        else:
            goal = scramble(rng)
            c.send("Level %d\nTarget:\n%sCurrent:\n%sYour moves, one per line, # to end:\n"
                   % (rnd, net(goal), net(cube)))
            answer = " ".join(moves_one_a_line(c, 30))
        after = m.apply(cube, answer)
        ok = corners(after) == corners(goal) if size == 2 else after == goal
        if style == "dict" and size == 2:  # any orientation of the 2x2 counts as solved
            ok = all(len(set(corners(after)[4 * f:4 * f + 4])) == 1 for f in range(6))
        if not ok:
            c.send("wrong\n")
            return False
        c.send("ok\n")
    c.send("Well done: CTF{unseen_%s}\n" % style)
    return True


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--style", required=True, choices=["blfr", "label", "dict", "goal"])
    ap.add_argument("--size", type=int, default=3)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--games", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(1)
    srv.settimeout(30)
    print(srv.getsockname()[1], flush=True)
    rng = random.Random(a.seed)
    for _ in range(a.games):
        sock, _ = srv.accept()
        sock.settimeout(10)
        try:
            play(Conn(sock), a.style, a.size, rng, a.rounds)
        except (EOFError, ValueError, OSError) as e:
            print("game ended: %s" % e, file=sys.stderr)
        sock.close()


if __name__ == "__main__":
    main()
