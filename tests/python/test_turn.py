"""cubegod.turn(): a flag hidden in a scrambled net, decoded; answers compared with the
independent sticker model tests/cli/turn_model.py; bytes in, bytes out; errors as exceptions."""
import os
import random
import string
import sys
import unittest

import cubegod

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "cli"))
import turn_model  # noqa: E402  (the independent model, not cubegod's code)


def net(symbols, n=3):
    """A net from symbols in Kociemba's order: U over F, then L F R B across, then D."""
    per = n * n
    face = {f: symbols[i * per:(i + 1) * per] for i, f in enumerate("URFDLB")}
    pad = " " * (2 * n)
    rows = [pad + " ".join(face["U"][r * n:(r + 1) * n]) for r in range(n)]
    rows += [" ".join(" ".join(face[f][r * n:(r + 1) * n]) for f in "LFRB") for r in range(n)]
    rows += [pad + " ".join(face["D"][r * n:(r + 1) * n]) for r in range(n)]
    return "\n".join(rows) + "\n"


class TurnTest(unittest.TestCase):
    def test_decode(self):
        rng = random.Random(5)
        for n in (2, 3):
            flag = "".join(rng.choice(string.ascii_letters + "{}_") for _ in range(6 * n * n))
            moves = turn_model.random_moves(n, rng, 25)
            scrambled = turn_model.apply(n, list(flag), moves)
            text = net(scrambled, n)
            back = cubegod.turn(text, moves, undo=True)
            self.assertEqual(back, net(list(flag), n))
            self.assertEqual(cubegod.turn(back, moves), text)
            # The moves on the line after the drawing, as challenges print them.
            self.assertEqual(cubegod.turn(text + "Scramble: " + moves + "\n", "last-line",
                                          undo=True), back)

    def test_model(self):
        rng = random.Random(9)
        for trial in range(30):
            n = 2 + trial % 2
            syms = [chr(ord("A") + i) for i in range(6 * n * n)]
            moves = turn_model.random_moves(n, rng, rng.randint(1, 10))
            want = "".join(turn_model.apply(n, syms, moves))
            self.assertEqual(cubegod.turn("".join(syms) + "\n", moves, line=True), want, moves)

    def test_bytes_and_options(self):
        text = b"UUUURRRRFFFFDDDDLLLLBBBB\n"
        self.assertEqual(cubegod.turn(text, "y"), b"UUUUBBBBRRRRDDDDFFFFLLLL\n")
        self.assertEqual(cubegod.turn("UUUUDDDDFFFFBBBBLLLLRRRR\n", "y", order="UDFBLR"),
                         "UUUUDDDDRRRRLLLLFFFFBBBB\n")
        self.assertEqual(cubegod.turn(text, "a", move_map="U=a"), cubegod.turn(text, "U"))
        emoji = "\U0001F34E" * 24 + "\n"
        self.assertEqual(cubegod.turn(emoji, "R U"), emoji)

    def test_errors(self):
        with self.assertRaises(cubegod.InputError) as e:
            cubegod.turn("UUUURRRRFFFFDDDDLLLLBBBB\n", "R Q")
        self.assertIn("move 2 'Q' (column 3)", str(e.exception))
        with self.assertRaises(cubegod.InputError) as e:
            cubegod.turn("UUUURRRRFFFFDDDDLLLLBBBB\n", "M")
        self.assertIn("2x2 has no middle layer", str(e.exception))
        with self.assertRaises(cubegod.InputError) as e:
            cubegod.turn("hello\n", "R")
        self.assertIn("no cube drawing found", str(e.exception))
        with self.assertRaises(cubegod.InputError):
            cubegod.turn("UUUURRRRFFFFDDDDLLLLBBBB\n", "R", across="LFR B")
        with self.assertRaises(TypeError):
            cubegod.turn(5, "R")


if __name__ == "__main__":
    unittest.main()
