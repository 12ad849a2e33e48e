#!/usr/bin/env python3
"""A stranger's 2x2 whose prompt is a whole line, line end included ('Solution please:' then a
newline): the net in colour letters, one line of moves, a verdict. With --latency FILE it
appends, a line a round, the round and the seconds from the prompt leaving to the answer
arriving (bench/prompt_latency.sh reads them). With --wait-first TEXT it first prints TEXT
without a line end and waits for a line (anything) before the first cube: a gate in its own
words.

  python3 newline_prompt.py [--rounds N] [--latency FILE] [--wait-first TEXT] [--digits]
                            [--games N] [--alarm S] [--port-file F]"""
import cubes
import harness

COLOURS = dict(zip("URFDLB", "WRGYOB"))


def digits(answer):
    """'R1 U3' -> 'R U''; ValueError naming the first word that is not face + 1, 2 or 3."""
    out = []
    for word in answer.split():
        if len(word) != 2 or word[0] not in "URFDLB" or word[1] not in "123":
            raise ValueError(word)
        out.append(word[0] + {"1": "", "2": "2", "3": "'"}[word[1]])
    return " ".join(out)


def play(conn, args, rng):
    conn.send("Speed cubing, remote edition. %d cubes.\n" % args.rounds)
    if args.wait_first:
        conn.send(args.wait_first)
        conn.line()
    show = lambda rnd, cube: "Cube %d:\n%s" % (rnd, cubes.net(cubes.paint(cube, COLOURS)))
    if not harness.line_rounds(conn, args, rng, 2, show, "Solution please:\n",
                               verdicts=("Right!", "Wrong!"),
                               read_moves=digits if args.digits else None):
        return False
    conn.send("Here you go: flag{a_whole_line_can_be_the_prompt}\n")
    return True


if __name__ == "__main__":
    def options(ap):
        ap.add_argument("--wait-first")
        ap.add_argument("--digits", action="store_true")
    harness.serve(play, options, description=__doc__, rounds=10)
