#!/usr/bin/env python3
"""A stranger's challenge in three stages, of which the cube is only the middle one (the shape a
pwntools script hands over to cubegod.play and takes back): a name asked for first, then
--rounds 2x2 rounds announced 'Round i/N' (net in colour letters, prompt 'Your moves: ', the
moves on one line), then a last question ('what is 6*7? ', no line end) whose right answer,
42, gets the flag.

  python3 stages.py [--rounds N] [--games N] [--alarm S] [--port-file F]"""
import cubes
import harness

COLOURS = dict(zip("URFDLB", "WRGYOB"))


def play(conn, args, rng):
    conn.send("Three stages stand between you and the flag.\nWho goes there? ")
    name = conn.line().strip()
    conn.send("Stage 2, %s: the cubes.\n" % name)
    show = lambda rnd, cube: "Round %d/%d\n%s" % (rnd, args.rounds, cubes.net(cubes.paint(cube, COLOURS)))
    if not harness.line_rounds(conn, args, rng, 2, show, "Your moves: ", verdicts=("Correct.", "Wrong.")):
        return False
    conn.send("Stage 3. Last question: what is 6*7? ")
    if conn.line().strip() != "42":
        conn.send("No.\n")
        return False
    conn.send("flag{three_stages_one_tube}\n")
    return True


if __name__ == "__main__":
    harness.serve(play, description=__doc__, rounds=3)
