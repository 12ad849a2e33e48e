#!/usr/bin/env python3
"""A stranger who, in each round, takes the first answer without judging it aloud and shows the
same cube again ("Hmm. Show me that once more."), then judges the second answer: the round is
passed only then. Rounds are announced 'Level i of N'. Won (exit 0) when every round's second
answer solves its cube (cubes.py), with the flag after the last.

  python3 asks_again.py [--rounds N] [--games N] [--alarm S] [--port-file F]"""
import cubes
import harness

COLOURS = dict(zip("URFDLB", "WRGYOB"))


def play(conn, args, rng):
    conn.send("Every cube twice, to be sure it was no accident.\n")
    for level in range(1, args.rounds + 1):
        _, cube = cubes.scramble(rng, 2)
        picture = cubes.net(cubes.paint(cube, COLOURS))
        conn.send("Level %d of %d\n%sYour moves: " % (level, args.rounds, picture))
        conn.line()  # the first answer: not judged aloud
        conn.send("Hmm. Show me that once more.\n%sYour moves: " % picture)
        try:
            solved = cube.copy().apply(conn.line()).uniform()
        except ValueError:
            solved = False
        if not solved:
            conn.send("No, that leaves it scrambled.\n")
            return False
        conn.send("Good.\n")
    conn.send("flag{asked_twice_answered_twice}\n")
    return True


if __name__ == "__main__":
    harness.serve(play, description=__doc__, rounds=2)
