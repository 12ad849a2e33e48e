#!/usr/bin/env python3
"""A small Python copy of the cube god challenge, written for cubegod's tests and benchmarks.

It behaves like a Python challenge server does: one print() per line (so over TCP a round leaves
in many small writes, the case where Nagle's algorithm meets delayed ACKs), the prompt, one
answer line, a verdict. Options bend it into the awkward servers a client must survive.

  python3 app.py [--rounds N] [--seed S]            stdin/stdout (for `cubegod play --exec`)
  python3 app.py --listen PORT ...                  one game per connection on 127.0.0.1
  --crlf          "\\r\\n" line endings
  --dribble       send a few bytes at a time
  --shuffle       print the five faces in random order
  --colours WYGBOR  colour tokens instead of the face letters (checks every face one colour)
  --bare-prompt   the prompt without a newline, as input("...") prints it
  --silent-after N  stop talking (but keep the connection) at round N
  --close-after N   close the connection in the middle of round N
  --four-faces-at N show only four faces in round N
  --after-flag    after the flag, ask "Any last words? ", read a line and echo it
  --latency FILE  (with --listen) append, per round, the seconds from the prompt leaving to
                  the answer arriving
The cube model is built from docs/protocol.md's sticker table and move vectors, independently of
cubegod's C code.
"""
import argparse
import random
import socket
import sys
import time

FACES = "UDFBLR"
# The 18 single-move vectors of docs/protocol.md define each move as a sticker permutation: applying
# a move to home gives its vector, so the permutation is recovered by tracking unique labels.
VECTORS = {
    "U": "UUUUDDDDRRFFLLBBFFLLBBRR", "U'": "UUUUDDDDLLFFRRBBBBLLFFRR",
    "U2": "UUUUDDDDBBFFFFBBRRLLLLRR", "D": "UUUUDDDDFFLLBBRRLLBBRRFF",
    "D'": "UUUUDDDDFFRRBBLLLLFFRRBB", "D2": "UUUUDDDDFFBBBBFFLLRRRRLL",
    "F": "UULLRRDDFFFFBBBBLDLDURUR", "F'": "UURRLLDDFFFFBBBBLULUDRDR",
    "F2": "UUDDUUDDFFFFBBBBLRLRLRLR", "B": "RRUUDDLLFFFFBBBBULULRDRD",
    "B'": "LLUUDDRRFFFFBBBBDLDLRURU", "B2": "DDUUDDUUFFFFBBBBRLRLRLRL",
    "L": "BUBUFDFDUFUFBDBDLLLLRRRR", "L'": "FUFUBDBDDFDFBUBULLLLRRRR",
    "L2": "DUDUUDUDBFBFBFBFLLLLRRRR", "R": "UFUFDBDBFDFDUBUBLLLLRRRR",
    "R'": "UBUBDFDFFUFUDBDBLLLLRRRR", "R2": "UDUDDUDUFBFBFBFBLLLLRRRR",
}
# Sticker cycles of each quarter turn, derived once by hand from the table of corners in
# docs/protocol.md; the tests in cubegod check the vectors above against them at start-up.
CYCLES = {
    "U": [(0, 1, 3, 2), (8, 16, 12, 20), (9, 17, 13, 21)],
    "D": [(4, 5, 7, 6), (10, 22, 14, 18), (11, 23, 15, 19)],
    "F": [(8, 9, 11, 10), (2, 20, 5, 19), (3, 22, 4, 17)],
    "B": [(12, 13, 15, 14), (1, 16, 6, 23), (0, 18, 7, 21)],
    "L": [(16, 17, 19, 18), (0, 8, 4, 15), (2, 10, 6, 13)],
    "R": [(20, 21, 23, 22), (3, 12, 7, 11), (1, 14, 5, 9)],
}
VALID = list(VECTORS)
HOME = "".join(f * 4 for f in FACES)


def turn(state, face):
    s = list(state)
    for cyc in CYCLES[face]:
        last = s[cyc[-1]]
        for i in range(len(cyc) - 1, 0, -1):
            s[cyc[i]] = s[cyc[i - 1]]
        s[cyc[0]] = last
    return "".join(s)


def apply(state, move):
    for _ in range({"": 1, "2": 2, "'": 3}[move[1:]]):
        state = turn(state, move[0])
    return state


def check_model():
    for move, vec in VECTORS.items():
        if apply(HOME, move) != vec:
            sys.exit(f"app.py: the sticker cycles disagree with docs/protocol.md for {move}")


def solved(state):
    return all(len(set(state[i:i + 4])) == 1 for i in range(0, 24, 4))


class Game:
    def __init__(self, args, out, inp):
        self.a, self.out, self.inp = args, out, inp
        self.rng = random.Random(args.seed)
        self.eol = "\r\n" if args.crlf else "\n"

    def emit(self, text):
        data = text.encode()
        if self.a.dribble:
            for i in range(0, len(data), 3):
                self.out(data[i:i + 3])
        else:
            self.out(data)

    def line(self, text=""):
        self.emit(text + self.eol)

    def play(self):
        colours = self.a.colours or FACES
        self.line("Welcome to the cube god trial (python edition)!")
        self.line(f"Solve {self.a.rounds} rounds, each in 1 second(s) and at most 11 moves, to get the flag!")
        for rnd in range(1, self.a.rounds + 1):
            state = HOME
            for _ in range(self.rng.randint(114, 514)):
                state = apply(state, self.rng.choice(VALID))
            hidden = self.rng.randrange(6)
            if rnd == self.a.silent_after:
                time.sleep(3600)
            self.line(f"=== Round {rnd}/{self.a.rounds} ===")
            self.line("Here is the cube, one face hidden:")
            order = [f for f in range(6) if f != hidden]
            if rnd == self.a.four_faces_at:
                order = order[:4]
            if self.a.shuffle:
                self.rng.shuffle(order)
            for f in order:
                s = [colours[FACES.index(c)] for c in state[4 * f:4 * f + 4]]
                self.line(f"Face {FACES[f]}:")
                self.line("+-----+")
                self.line(f"| {s[0]} {s[1]} |")
                self.line(f"| {s[2]} {s[3]} |")
                self.line("+-----+")
                if rnd == self.a.close_after:
                    return False
            if self.a.bare_prompt:
                self.emit("Enter your solution: ")
            else:
                self.line("Enter your solution:")
            sent = time.monotonic()
            answer = self.inp()
            arrived = time.monotonic()
            if self.a.latency:
                with open(self.a.latency, "a") as f:
                    f.write(f"{arrived - sent:.9f}\n")
            if answer is None:
                return False
            moves = answer.split()
            if len(moves) > 11 or any(m not in VALID for m in moves):
                self.line("[-] Invalid answer!")
                return False
            for m in moves:
                state = apply(state, m)
            if not solved(state):
                self.line("[-] Not solved!")
                return False
            self.line(f"[+] Correct! ({len(moves)} moves)")
            self.line()
        self.line("Congratulations! Here is your flag: flag{python_edition}")
        if self.a.after_flag:
            # A challenge that goes on after the rounds: a question, one line, an echo.
            self.emit("Any last words? ")
            words = self.inp()
            self.line(f"You said: {(words or '').strip()}")
            self.line("Bye.")
        return True


def serve_stdio(args):
    def out(b):
        sys.stdout.buffer.write(b)
        sys.stdout.buffer.flush()

    def inp():
        line = sys.stdin.buffer.readline()
        return line.decode(errors="replace") if line else None

    Game(args, out, inp).play()


def serve_tcp(args):
    lsock = socket.socket()
    lsock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    lsock.bind(("127.0.0.1", args.listen))
    lsock.listen(8)
    print(lsock.getsockname()[1], flush=True)
    for _ in range(args.games):
        conn, _ = lsock.accept()
        f = conn.makefile("rb")

        def inp():
            line = f.readline()
            return line.decode(errors="replace") if line else None

        Game(args, conn.sendall, inp).play()
        f.close()
        conn.close()


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--rounds", type=int, default=100)
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--listen", type=int, default=None)
    p.add_argument("--games", type=int, default=1)
    p.add_argument("--crlf", action="store_true")
    p.add_argument("--dribble", action="store_true")
    p.add_argument("--shuffle", action="store_true")
    p.add_argument("--colours", default=None)
    p.add_argument("--bare-prompt", action="store_true")
    p.add_argument("--silent-after", type=int, default=0)
    p.add_argument("--close-after", type=int, default=0)
    p.add_argument("--four-faces-at", type=int, default=0)
    p.add_argument("--latency", default=None)
    p.add_argument("--after-flag", action="store_true")
    args = p.parse_args()
    check_model()
    if args.listen is not None:
        serve_tcp(args)
    else:
        serve_stdio(args)


if __name__ == "__main__":
    main()
