#!/usr/bin/env python3
"""A 2x2 server that takes one move a prompt without saying so: it reads a line, keeps its first
word as the move and drops the rest, turns the cube, shows it again and asks 'next> '. Nothing
in its text mentions moves per line; a client can only see it from the cube shown after its
first move. Solved: 'All six faces match.' and the flag. With --late it looks at the cube only
after printing it and the prompt again, as a C loop with its check at the top does: after the
last move a prompt comes, then the verdict with nothing read. With --each it takes every word
of the line, one at a time, showing the cube after each, for --rounds cubes; --twist K turns the
K-th move it applies the other way (a server that misreads a move). (Built on the strangers' harness and cube
model, tests/game/strangers/.)

  python3 first_word.py [--seed S] [--alarm S] [--port-file F] [--limit MOVES] [--late]
                        [--each [--twist K] [--rounds N]]"""
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "strangers"))
import cubes  # noqa: E402
import harness  # noqa: E402

FLAG = "flag{the_first_word_only}"


def each(conn, args, cube, rng):
    """--each: every word of one line, the cube shown after each; then the next cube."""
    for r in range(args.rounds):
        if r:
            _, cube = cubes.scramble(rng, 2)
            conn.send("Another one.\n" + cubes.net(cube) + "next> ")
        for k, word in enumerate(conn.line().split(), 1):
            if k == args.twist:
                word = word[0] + {"": "'", "'": "", "2": "2"}[word[1:]]
            cube.apply(word)
            conn.send(cubes.net(cube))
        if not cube.uniform():
            conn.send("Still scrambled.\n")
            return False
    conn.send("All six faces match. %s\n" % FLAG)
    return True


def play(conn, args, rng):
    _, cube = cubes.scramble(rng, 2)
    conn.send("Pocket cube, colours as face letters.\n" + cubes.net(cube) + "next> ")
    if args.each:
        return each(conn, args, cube, rng)
    for _ in range(args.limit):
        words = conn.line().split()
        if words:
            cube.apply(words[0])
        if args.late:
            conn.send(cubes.net(cube) + "next> ")
        if cube.uniform():
            if args.late:
                time.sleep(0.3)  # the prompt is seen before the verdict, not in one read with it
            conn.send("All six faces match. %s\n" % FLAG)
            return True
        if not args.late:
            conn.send(cubes.net(cube) + "next> ")
    conn.send("Out of moves.\n")
    return False


if __name__ == "__main__":
    def options(ap):
        ap.add_argument("--limit", type=int, default=40)
        ap.add_argument("--late", action="store_true")
        ap.add_argument("--each", action="store_true")
        ap.add_argument("--twist", type=int, default=0)

    harness.serve(play, options, description=__doc__)
