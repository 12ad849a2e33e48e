#!/usr/bin/env python3
"""A stranger's 3x3 whose prompt line ends in a closing parenthesis and then a line end:
'Type the moves (space separated, 40 at most)'. The net in colour letters; one line of moves;
'Accepted.' or 'Rejected.'.

  python3 paren_prompt.py [--rounds N] [--games N] [--alarm S] [--port-file F]"""
import cubes
import harness

COLOURS = dict(zip("URFDLB", "WRGYOB"))


def play(conn, args, rng):
    conn.send("Welcome to the cube desk.\n")
    show = lambda rnd, cube: "\n-- cube %d of %d --\n%s" % (rnd, args.rounds, cubes.net(cubes.paint(cube, COLOURS)))
    if not harness.line_rounds(conn, args, rng, 3, show, "Type the moves (space separated, 40 at most)\n",
                               verdicts=("Accepted.", "Rejected.")):
        return False
    conn.send("The desk is impressed: flag{a_paren_ends_the_question}\n")
    return True


if __name__ == "__main__":
    harness.serve(play, description=__doc__, rounds=2)
