#!/usr/bin/env python3
"""A stranger's 2x2 played through a menu of lettered actions, as small hand-written
challenges do: nothing is shown until asked. Each turn of the loop prints

  [a] display  [b] turn  [c] verify  [d] help  [e] quit
  Pick one>

'display' draws the cube (a net in colour letters), 'turn' asks 'Sequence> ' for one line of
turns, 'verify' judges the cube (solved: the next cube, or after the last the flag; not
solved: the game is over), 'help' explains how turns are written: one letter a turn, a
capital turning that face clockwise and a small letter anticlockwise, written one after the
other with nothing between them (anything else in the line is refused). A game ends after
--menus choices.

  python3 lettered_menu.py [--rounds N] [--menus N] [--games N] [--alarm S] [--port-file F]"""
import cubes
import harness

COLOURS = dict(zip("URFDLB", "WRGYOB"))
MENU = "\n[a] display  [b] turn  [c] verify  [d] help  [e] quit\nPick one> "
HELP = ("How to turn: one letter a turn. A capital letter (U D F B L R) turns that face "
        "clockwise, a small letter (u d f b l r) turns it anticlockwise. Write them one after "
        "the other with nothing between, e.g. RuF.\n")


def letters(line):
    """'RuF' -> "R U' F"; ValueError naming the first character that is no turn."""
    out = []
    for ch in line.strip():
        if ch in "UDFBLR":
            out.append(ch)
        elif ch in "udfblr":
            out.append(ch.upper() + "'")
        else:
            raise ValueError("%r is not a turn" % ch)
    return " ".join(out)


def play(conn, args, rng):
    conn.send("Welcome to the cube cupboard.\n")
    rnd, choices = 1, 0
    _, cube = cubes.scramble(rng, 2)
    while choices < args.menus:
        conn.send(MENU)
        pick = conn.line().strip().lower().strip("[]")
        choices += 1
        if pick == "a":
            conn.send("cube %d/%d\n%s" % (rnd, args.rounds, cubes.net(cubes.paint(cube, COLOURS))))
        elif pick == "b":
            conn.send("Sequence> ")
            try:
                cube.apply(letters(conn.line()))
            except ValueError as e:
                conn.send("Refused: %s\n" % e)
                return False
            conn.send("Turned.\n")
        elif pick == "c":
            if not cube.uniform():
                conn.send("Not solved. Game over.\n")
                return False
            conn.send("Verified!\n")
            if rnd == args.rounds:
                conn.send("The cupboard opens: flag{letters_in_a_cupboard}\n")
                return True
            rnd += 1
            _, cube = cubes.scramble(rng, 2)
        elif pick == "d":
            conn.send(HELP)
        elif pick == "e":
            conn.send("Bye.\n")
            return False
        else:
            conn.send("No such choice.\n")
    conn.send("Out of choices.\n")
    return False


if __name__ == "__main__":
    harness.serve(play, lambda ap: ap.add_argument("--menus", type=int, default=60),
                  description=__doc__, rounds=3)
