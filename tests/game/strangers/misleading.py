#!/usr/bin/env python3
"""A stranger's 2x2 service whose words mislead a client that trusts a marker more than the
answer's verdict (issue 41). The cube is a net of colour letters; the moves come on one line.
Each --mode is one game:

  hex_format    the banner says the prize is printed as FLAG{<hex>}; the service reads moves
                turned the other way round (its own convention, stated nowhere), so a
                standard answer is judged 'Sorry, that is incorrect.'; lost
  x_format      the banner reminds 'format: ctf{xxxx}'; same reading; 'Nope, cube still mixed
                up.'; lost
  plus_banner   the banner has a '[+] link established' line and a 'status: success' line;
                same reading; 'Wrong sequence. Bye.'; lost
  ack_first     an acknowledgement comes before the verdict: 'Got it, input parsed fine (ok).'
                then 'Verdict: incorrect, the cube is still scrambled.'; same reading; lost
  short_close   'Puzzle 1 of 3' is judged right ('Accepted.'), then 'Puzzle 2 of 3' is shown
                and the service closes without a cube; lost
  stage_close   'Stage 1' (no total) judged right ('Nice.'), then 'Stage 2' and a close; lost
  silent_close  a banner full of praise ('Great to see you, well done for connecting!'),
                the answer read, then the connection closed without a word; lost
  slow_second   cube 1 judged right ('Correct.'), then cube 2 as one line of 24 colour letters
                (URFDLB) and at once '[-] Too slow, bye.' before any prompt: lost, with
                round 1 passed (the refusal is cube 2's, and takes nothing back)
  won_format    the banner says 'prize format: FLAG{<32 hex digits>}'; read in the usual
                sense; the real flag after 'correct'; won

  python3 misleading.py --mode M [--games N] [--alarm S] [--port-file F] [--seed N]"""
import cubes
import harness

COLOURS = dict(zip("URFDLB", "WRGYOB"))
REAL_FLAG = "FLAG{0d15ea5e0ff1ce}"
REFUSAL = {
    "hex_format": "Sorry, that is incorrect.",
    "x_format": "Nope, cube still mixed up.",
    "plus_banner": "Wrong sequence. Bye.",
    "ack_first": "Verdict: incorrect, the cube is still scrambled.",
}
BANNER = {
    "hex_format": "Cube judge online. Beat it and the prize is printed as FLAG{<hex>}.\n",
    "x_format": "Pocket cube practice.\nReminder - format: ctf{xxxx}\n",
    "plus_banner": "[+] link established\nstatus: success, cube daemon ready\n",
    "ack_first": "Two by two, checked by machine.\n",
    "short_close": "Three puzzles in a row.\n",
    "stage_close": "Stages until you drop.\n",
    "silent_close": "Great to see you, well done for connecting! Nice weather, perfect day.\n",
    "slow_second": "Two cubes, the second against the clock.\n",
    "won_format": "Pocket cube. prize format: FLAG{<32 hex digits>}\n",
}


def mirrored(answer):
    """The service's own reading: a plain letter turns its face counter-clockwise, a primed one
    clockwise (never said to the player)."""
    swap = {"": "'", "'": "", "2": "2"}
    return " ".join(w[0] + swap.get(w[1:], w[1:]) if w else w for w in answer.split())


def one_cube(conn, rng, header, read):
    """Shows a cube, reads one line; True when the service's model finds it solved."""
    _, cube = cubes.scramble(rng, 2)
    conn.send(header + cubes.net(cubes.paint(cube, COLOURS)) + "Sequence please:\n")
    answer = conn.line()
    print("stranger: answer %r" % answer, flush=True)
    cube.apply(read(answer))
    return cube.uniform()


def play(conn, args, rng):
    mode = args.mode
    conn.send(BANNER[mode])
    if mode in REFUSAL:
        solved = one_cube(conn, rng, "", mirrored)
        if mode == "ack_first":
            conn.send("Got it, input parsed fine (ok).\n")
        if solved:  # a standard answer that happens to work both ways: the truth, then
            conn.send("correct\n" + REAL_FLAG + "\n")
            return True
        conn.send(REFUSAL[mode] + "\n")
        return False
    if mode in ("short_close", "stage_close"):
        head = "Puzzle 1 of 3\n" if mode == "short_close" else "Stage 1\n"
        if not one_cube(conn, rng, head, str):
            conn.send("bad\n")
            return False
        conn.send("Accepted.\n" if mode == "short_close" else "Nice.\n")
        conn.send("Puzzle 2 of 3\n" if mode == "short_close" else "Stage 2\n")
        return False  # and the connection closes
    if mode == "slow_second":
        if not one_cube(conn, rng, "", str):
            conn.send("bad\n")
            return False
        conn.send("Correct.\n")
        _, cube = cubes.scramble(rng, 2)
        conn.send(cubes.paint(cube, COLOURS).facelets() + "\n[-] Too slow, bye.\n")
        return False
    if mode == "silent_close":
        one_cube(conn, rng, "", str)
        return False
    if not one_cube(conn, rng, "", str):  # won_format
        conn.send("incorrect\n")
        return False
    conn.send("correct\nhere it is: " + REAL_FLAG + "\n")
    return True


if __name__ == "__main__":
    harness.serve(play, lambda ap: ap.add_argument("--mode", required=True, choices=sorted(BANNER)),
                  description=__doc__)
