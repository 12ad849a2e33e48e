#!/usr/bin/env python3
"""A stranger's 2x2 that counts its cubes in its own words (--wording): 'Cube 2 of 5',
'Level 2 of 5', '[2/5]', 'progress 2 / 5' or 'Round 2/5' above each net of colour letters,
then 'moves?', the moves on one line, 'solved it' or 'not solved'. After the last cube it
asks one more question of its own (--ask: 'Name for the scoreboard? ', one line read, then the
flag with the name), or prints the flag at once.

  python3 counters.py [--wording cube|level|bracket|slash|round] [--ask] [--rounds N]
                      [--games N] [--alarm S] [--port-file F] [--seed N]"""
import cubes
import harness

COLOURS = dict(zip("URFDLB", "WRGYOB"))
WORDING = {"cube": "Cube %d of %d", "level": "Level %d of %d", "bracket": "[%d/%d]",
           "slash": "progress %d / %d", "round": "Round %d/%d"}
FLAG = "flag{counted_in_other_words}"


def play(conn, args, rng):
    conn.send("Pocket cubes, one after another.\n")
    head = WORDING[args.wording]
    show = lambda rnd, cube: "\n" + head % (rnd, args.rounds) + "\n" + cubes.net(cubes.paint(cube, COLOURS))
    if not harness.line_rounds(conn, args, rng, 2, show, "moves?\n", verdicts=("solved it", "not solved")):
        return False
    if args.ask:
        conn.send("All cubes done.\nName for the scoreboard? ")
        name = conn.line().strip()
        conn.send("thanks %s: %s\n" % (name, FLAG))
        print("stranger: the name %r" % name, flush=True)
        return True
    conn.send("All cubes done: %s\n" % FLAG)
    return True


def add_args(ap):
    ap.add_argument("--wording", choices=sorted(WORDING), default="cube")
    ap.add_argument("--ask", action="store_true")


if __name__ == "__main__":
    harness.serve(play, add_args, description=__doc__, rounds=5)
