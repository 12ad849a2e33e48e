#!/usr/bin/env python3
"""A stranger's 2x2 that reads turns its own way: a face letter alone turns it clockwise, a
minus after it anticlockwise, a 2 after it half way round (F, F-, F2). Anything else (an
apostrophe, a digit 3) is refused, naming the word and saying how it is written here. The net
in colour letters, 'Your turns, please: ', the moves on one line.

With --mark i the anticlockwise turn is written Fi instead (and the refusal says so).

  python3 minus_prime.py [--mark -|i] [--rounds N] [--games N] [--alarm S] [--port-file F]"""
import cubes
import harness

COLOURS = dict(zip("URFDLB", "WRGYOB"))


def minus_words(answer, mark="-"):
    """'F- U2 R' -> "F' U2 R" (mark '-'); ValueError holding the refusal for the first other
    word."""
    out = []
    for word in answer.split():
        if len(word) not in (1, 2) or word[0] not in "URFDLB" or word[1:] not in ("", mark, "2"):
            raise ValueError("I do not understand %r; an anticlockwise turn takes %s here, "
                             "as in %s%s" % (word, "a minus" if mark == "-" else "an i",
                                              word[0] if word[:1] in list("URFDLB") else "F", mark))
        out.append(word[0] + {"": "", mark: "'", "2": "2"}[word[1:]])
    return " ".join(out)


def play(conn, args, rng):
    conn.send("Pocket cube desk. Clear %d cubes.\n" % args.rounds)
    show = lambda rnd, cube: "Cube #%d\n%s" % (rnd, cubes.net(cubes.paint(cube, COLOURS)))
    for rnd in range(1, args.rounds + 1):
        _, cube = cubes.scramble(rng, 2)
        conn.send(show(rnd, cube))
        conn.send("Your turns, please: ")
        try:
            cube.apply(minus_words(conn.line(), args.mark))
        except ValueError as e:
            conn.send("Refused: %s\n" % e)
            return False
        if not cube.uniform():
            conn.send("Still scrambled.\n")
            return False
        conn.send("Done, next.\n")
    conn.send("All clear: flag{minus_means_anticlockwise}\n")
    return True


if __name__ == "__main__":
    harness.serve(play, lambda ap: ap.add_argument("--mark", choices=("-", "i"), default="-"),
                  description=__doc__, rounds=3)
