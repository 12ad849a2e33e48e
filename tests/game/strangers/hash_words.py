#!/usr/bin/env python3
"""A stranger's 2x2 whose banner speaks of hashes without asking for any work: it says it
keeps md5(answer) and asks for moves 's.t.' every side is one colour. Nothing is to be
hashed: the net, 'Answer: ', the moves on one line.

  python3 hash_words.py [--rounds N] [--games N] [--alarm S] [--port-file F]"""
import cubes
import harness

COLOURS = dict(zip("URFDLB", "WRGYOB"))


def play(conn, args, rng):
    conn.send("Rules: send face turns s.t. all six sides end up a single colour each.\n"
              "Privacy: we only store md5(answer) and sha256(name || answer), never the moves.\n"
              "h = sha256(flag) is printed at the end, so you can check it.\n\n")
    show = lambda rnd, cube: "Puzzle %d\n%s" % (rnd, cubes.net(cubes.paint(cube, COLOURS)))
    if not harness.line_rounds(conn, args, rng, 2, show, "Answer: ", verdicts=("good", "bad")):
        return False
    conn.send("flag{hash_words_are_not_a_proof_of_work}\n")
    return True


if __name__ == "__main__":
    harness.serve(play, description=__doc__, rounds=3)
