#!/usr/bin/env python3
"""A stranger's 2x2 in the six usual colours that compares the cube with its solved picture:
white on top, green in front (so red right, orange left, blue back, yellow below). A cube
solved in another orientation is not the picture and loses. The net in colour letters,
'Solve it: ', the moves on one line.

  python3 six_colours.py [--rounds N] [--games N] [--alarm S] [--port-file F]"""
import cubes
import harness

COLOURS = dict(zip("URFDLB", "WRGYOB"))
PICTURE = cubes.Cube(2).stickers


def play(conn, args, rng):
    conn.send("Make it look like the box it came in: white top, green front.\n")
    show = lambda rnd, cube: "\nRound %d/%d\n%s" % (rnd, args.rounds, cubes.net(cubes.paint(cube, COLOURS)))
    if not harness.line_rounds(conn, args, rng, 2, show, "Solve it: ",
                               solved=lambda cube: cube.stickers == PICTURE,
                               verdicts=("Looks right.", "That is not how the box shows it.")):
        return False
    conn.send("flag{white_up_green_front}\n")
    return True


if __name__ == "__main__":
    harness.serve(play, description=__doc__, rounds=4)
