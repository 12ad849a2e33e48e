#!/usr/bin/env python3
"""Two small challenges that cubegod play loses without an option, for the hints it then gives
(standard input and output, for `play --exec`). The 2x2 model is app.py's.

  hint_app.py pattern [--rounds N]  each round draws the pattern to reach, then the cube; an
                                    answer must turn the cube into exactly that pattern
  hint_app.py menu                  a numbered menu first; '1' starts one round of the usual game
"""
import os
import random
import signal
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from app import FACES, HOME, VALID, apply, solved  # noqa: E402


def say(text="", end="\n"):
    sys.stdout.write(text + end)
    sys.stdout.flush()


def boxes(state):
    for f, name in enumerate(FACES):
        s = state[4 * f:4 * f + 4]
        say(f"Face {name}:")
        say("+-----+")
        say(f"| {s[0]} {s[1]} |")
        say(f"| {s[2]} {s[3]} |")
        say("+-----+")


def scrambled(rng):
    state = HOME
    for _ in range(60):
        state = apply(state, rng.choice(VALID))
    return state


def answer_moves():
    line = sys.stdin.readline()
    moves = line.split()
    return moves if all(m in VALID for m in moves) else None


def pattern(rounds, rng):
    say(f"Shape the cube {rounds} times, as shown each time.")
    for r in range(rounds):
        want, have = scrambled(rng), scrambled(rng)
        say(f"-- {r + 1} of {rounds} --")
        say("Pattern to reach:")
        boxes(want)
        say("Your cube:")
        boxes(have)
        say("moves> ", end="")
        moves = answer_moves()
        for m in moves or []:
            have = apply(have, m)
        if moves is None or have != want:
            say("Nope, that is not the pattern. Bye.")
            return
        say("Matches!")
    say("well done: CTF{pattern_matched}")


def menu(rng):
    say("Cube arcade")
    say("1) a 2x2 game  2) leave")
    say("Note: each answer within 10 s")
    say("choice> ", end="")
    if sys.stdin.readline().strip() != "1":
        say("Bye.")
        return
    state = scrambled(rng)
    boxes(state)
    say("Solution: ", end="")
    for m in answer_moves() or ["?"]:
        state = apply(state, m) if m in VALID else state
    say("Solved! CTF{menu_picked}" if solved(state) else "Not solved, bye.")


if __name__ == "__main__":
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # a client that left: end quietly
    rng = random.Random(7)
    if sys.argv[1] == "pattern":
        pattern(int(sys.argv[3]) if len(sys.argv) > 3 else 3, rng)
    else:
        menu(rng)
