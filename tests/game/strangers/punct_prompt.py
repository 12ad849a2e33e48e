#!/usr/bin/env python3
"""A stranger's 2x2 whose prompt is punctuation alone with no line end, like a shell's: the
net in colour letters, then only '% ' (or --prompt), the moves on one line, 'ok' or 'no'.

  python3 punct_prompt.py [--prompt TEXT] [--rounds N] [--games N] [--alarm S] [--port-file F]"""
import cubes
import harness

COLOURS = dict(zip("URFDLB", "WRGYOB"))


def play(conn, args, rng):
    conn.send("pocket cube shell v0.1 - type the moves that solve each cube\n")
    show = lambda rnd, cube: "\ncube %d\n%s" % (rnd, cubes.net(cubes.paint(cube, COLOURS)))
    if not harness.line_rounds(conn, args, rng, 2, show, args.prompt, verdicts=("ok", "no")):
        return False
    conn.send("all done: flag{punctuation_is_a_prompt_too}\n")
    return True


if __name__ == "__main__":
    harness.serve(play, lambda ap: ap.add_argument("--prompt", default="% "),
                  description=__doc__, rounds=3)
