#!/usr/bin/env python3
"""A menu-driven 3x3 challenge, written for cubegod's tests from the description of a published
CTF game (docs/playing.md, "Menus and questions"); it shares no code with cubegod.

One game per connection: a banner, the solved cube ("origin:") as an ANSI truecolour net (each
sticker ESC[38;2;R;G;Bm + a square + ESC[39m; U above L F R B above D), a level menu and
"your choice: " with no newline; only 3 goes on. Then, per round, a cube scrambled with 200
random moves including slice moves (so the centres move), and before every action
"Please make your choice" / "(1) show the cube (2) move (3) check (4) some information
(0) exit" / "your choice: ". 2 asks "your step:" (no newline) for one line of one-character
moves (U D L R F B clockwise, lower case anticlockwise, RR a half turn, no separators) and
prints "after move:" and the cube; 3 says "Congratulations!" and "your score: N" on a solved
cube (then "after disruption:" and a new cube), or "The magic cube has not been restored yet!".
After ROUNDS checks passed: "Give you flag:" and the flag. Every answer within ALARM seconds.

  python3 menu_app.py --listen 0 [--rounds N] [--alarm S] [--seed S] [--games N]
"""
import argparse
import random
import select
import socket
import sys

# A sticker is (position, normal) with integer vectors, x right, y up, z towards the viewer;
# a quarter turn clockwise (seen from outside) about outward normal n maps v to (n.v)n - n x v.
FACES = "UDFBLR"
NORMAL = {"U": (0, 1, 0), "D": (0, -1, 0), "F": (0, 0, 1), "B": (0, 0, -1),
          "L": (-1, 0, 0), "R": (1, 0, 0)}
RGB = {"U": (255, 255, 255), "D": (255, 255, 0), "F": (0, 155, 72), "B": (0, 70, 173),
       "L": (255, 88, 0), "R": (183, 18, 52)}


def position(face, row, col):
    """The centre of the cubie holding sticker (row, col) of face, as the net draws it."""
    return {
        "U": (col - 1, 1, row - 1),
        "D": (col - 1, -1, 1 - row),
        "F": (col - 1, 1 - row, 1),
        "B": (1 - col, 1 - row, -1),
        "L": (-1, 1 - row, col - 1),
        "R": (1, 1 - row, 1 - col),
    }[face]


def dot(a, b):
    return sum(x * y for x, y in zip(a, b))


def cross(a, b):
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def rot(n, v):
    d, c = dot(n, v), cross(n, v)
    return tuple(d * n[i] - c[i] for i in range(3))


STICKERS = [(position(f, r, c), NORMAL[f]) for f in FACES for r in range(3) for c in range(3)]
INDEX = {s: i for i, s in enumerate(STICKERS)}


def turn_perm(axis, layer):
    """Where each sticker goes in a clockwise quarter turn about axis of the cubies whose
    coordinate along axis is `layer` (1: the face, 0: the slice behind it)."""
    perm = list(range(54))
    for i, (p, n) in enumerate(STICKERS):
        if dot(p, axis) == layer:
            perm[i] = INDEX[(rot(axis, p), rot(axis, n))]
    return perm


TURNS = {f: turn_perm(NORMAL[f], 1) for f in FACES}
SLICES = {"M": turn_perm(NORMAL["L"], 0), "E": turn_perm(NORMAL["D"], 0),
          "S": turn_perm(NORMAL["F"], 0)}


def apply(state, perm, times=1):
    for _ in range(times):
        out = [None] * 54
        for i, j in enumerate(perm):
            out[j] = state[i]
        state = out
    return state


def solved(state):
    return all(len(set(state[9 * f:9 * f + 9])) == 1 for f in range(6))


def net(state):
    def cell(c):
        r, g, b = RGB[c]
        return f"\x1b[38;2;{r};{g};{b}m\u25a0\x1b[39m"

    def row(face, r):
        f = FACES.index(face)
        return " ".join(cell(state[9 * f + 3 * r + c]) for c in range(3))

    lines = ["       " + row("U", r) for r in range(3)]
    lines += ["  ".join(row(face, r) for face in "LFRB") for r in range(3)]
    lines += ["       " + row("D", r) for r in range(3)]
    return "\n".join(lines) + "\n"


class Game:
    def __init__(self, conn, args, rng):
        self.conn, self.a, self.rng = conn, args, rng
        self.buf = b""

    def say(self, text):
        self.conn.sendall(text.encode())

    def ask(self, text):
        """Prints text (no newline) and reads a line within the alarm; None: time's up or gone."""
        self.say(text)
        while b"\n" not in self.buf:
            ready, _, _ = select.select([self.conn], [], [], self.a.alarm)
            if not ready:
                self.say("\nTime out!\n")
                return None
            chunk = self.conn.recv(4096)
            if not chunk:
                return None
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return line.decode(errors="replace").strip()

    def scramble(self):
        state = [c for c in FACES for _ in range(9)]
        names = list(TURNS) + list(SLICES)
        for _ in range(200):
            name = self.rng.choice(names)
            perm = TURNS.get(name) or SLICES[name]
            state = apply(state, perm, self.rng.randint(1, 3))
        return state

    def step(self, state, text):
        for ch in text:
            if ch.upper() not in FACES:
                return None
            state = apply(state, TURNS[ch.upper()], 1 if ch.isupper() else 3)
        return state

    def play(self):
        self.say("Welcome to the magic cube!\norigin:\n" + net([c for c in FACES for _ in range(9)]))
        if self.ask("(1) baby (2) world record (3) insane\nyour choice: ") != "3":
            self.say("Too easy, no flag for you.\n")
            return
        state, score, label = self.scramble(), 0, ""
        self.say(net(state))
        while True:
            choice = self.ask("Please make your choice\n(1) show the cube (2) move (3) check "
                              "(4) some information (0) exit\nyour choice: ")
            if choice is None or choice == "0":
                return
            if choice == "1":
                self.say(net(state))
            elif choice == "2":
                text = self.ask("your step:")
                if text is None:
                    return
                new = self.step(state, text)
                if new is None:
                    self.say("Invalid step!\n")
                    return
                state = new
                self.say("after move:\n" + net(state))
            elif choice == "3":
                if not solved(state):
                    self.say("The magic cube has not been restored yet!\n")
                    continue
                score += 1
                self.say(f"Congratulations!\nyour score: {score}\n")
                if score == self.a.rounds:
                    self.say("Give you flag: flag{menu_py}\n")
                    return
                state = self.scramble()
                self.say("after disruption:\n" + net(state))
            elif choice == "4":
                self.say("Restore the cube and check it, again and again.\n")
            else:
                self.say("What?\n")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--listen", type=int, default=0)
    p.add_argument("--rounds", type=int, default=50)
    p.add_argument("--alarm", type=float, default=3.0)
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--games", type=int, default=1)
    args = p.parse_args()
    # the model checked once: four quarter turns of anything are nothing, and a sexy move
    # repeated six times comes home
    home = [c for c in FACES for _ in range(9)]
    for perm in list(TURNS.values()) + list(SLICES.values()):
        assert apply(home, perm, 4) == home
    s = home
    for _ in range(6):
        s = apply(apply(apply(apply(s, TURNS["R"]), TURNS["U"]), TURNS["R"], 3), TURNS["U"], 3)
    assert s == home, "the 3x3 model is wrong"
    lsock = socket.socket()
    lsock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    lsock.bind(("127.0.0.1", args.listen))
    lsock.listen(4)
    lsock.settimeout(120)  # a test that never connects still ends
    print(lsock.getsockname()[1], flush=True)
    rng = random.Random(args.seed)
    for _ in range(args.games):
        try:
            conn, _ = lsock.accept()
        except socket.timeout:
            break
        try:
            Game(conn, args, rng).play()
        except (BrokenPipeError, ConnectionResetError):
            pass
        conn.close()


if __name__ == "__main__":
    main()
