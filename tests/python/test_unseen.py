"""The binding's unseen-challenge calls: the cube algebra (checked against the independent
tests/cli/cube3_model.py), read() of every new shape (layouts, dicts, labelled strings, nets in
another side order), solve(cube, target=...) for both sizes (the answer checked on the model),
and one reader: the same texts give the same cube through the command line, the C API
(cg_read_text through ctypes) and read()."""
import ctypes
import os
import random
import subprocess
import sys
import unittest

import cubegod
from cubegod import _lib

ROOT = os.environ["CUBEGOD_SOURCE"]
sys.path.insert(0, os.path.join(ROOT, "tests", "cli"))
import cube3_model as model  # noqa: E402

FIX = os.path.join(ROOT, "fixtures")
MOVES = [f + s for f in "UDFBLR" for s in ("", "2", "'")]
S3 = "ULURURRLLLBBDDUFFRFBUFFLDRLBFLFBLDRRFUUULUDBFBDRDRDDBB"  # fixtures/shapes, UDFBLR


def scramble(rng, n=20):
    return " ".join(rng.choice(MOVES) for _ in range(n))


def corners(s):
    return "".join(s[f * 9 + i] for f in range(6) for i in (0, 2, 6, 8))


def model_state(size, moves):
    """The model's state after moves, as a facelet string in URFDLB (a 2x2: its corners)."""
    s = model.apply(model.solved(), moves)
    if size == 3:
        return model.line(s, "URFDLB")
    c = corners(s)
    return "".join(c[4 * "UDFBLR".index(f):4 * "UDFBLR".index(f) + 4] for f in "URFDLB")


class Algebra(unittest.TestCase):
    def test_matches_the_model(self):
        rng = random.Random(24)
        for size in (2, 3):
            e = cubegod.solved_state(size)
            self.assertEqual(e, model_state(size, ""))
            for _ in range(20):
                x, y = scramble(rng), scramble(rng)
                a = cubegod.apply_moves(e, x)
                self.assertEqual(a, model_state(size, x))
                b = cubegod.apply_moves(e, y)
                self.assertEqual(cubegod.compose(a, b), model_state(size, x + " " + y))
                self.assertEqual(cubegod.compose(a, cubegod.invert(a)), e)
                self.assertEqual(cubegod.invert(cubegod.invert(b)), b)
                rel = cubegod.relative(b, a)
                # the moves that take a to b solve rel
                undo = " ".join(m if m.endswith("2") else (m[:-1] if m.endswith("'") else m + "'")
                                for m in reversed(x.split()))
                self.assertEqual(cubegod.apply_moves(rel, undo + " " + y), e)

    def test_errors(self):
        with self.assertRaises(cubegod.InputError) as c:
            cubegod.invert("UUUX")
        self.assertIn("'X'", str(c.exception))
        with self.assertRaises(cubegod.InputError):
            cubegod.compose(cubegod.solved_state(2), cubegod.solved_state(3))


class Shapes(unittest.TestCase):
    def check3(self, cube):
        self.assertEqual(cube.size, 3)
        self.assertTrue(model.is_solved(model.apply(list(S3), " ".join(cubegod.solve(cube)))))

    def test_new_shapes(self):
        d = os.path.join(FIX, "shapes")
        for name, kw in [("net3-blfr.txt", {}), ("dict3-python.txt", {}),
                         ("list3-faces.txt", {"order": "URFDLB"}),
                         ("string3-label.txt", {"order": "URFDLB"}),
                         ("net3-blfr.txt", {"across": "BLFR"})]:
            with open(os.path.join(d, name), "rb") as f:
                self.check3(cubegod.read(f.read(), **kw))
        lay = os.path.join(FIX, "layouts", "cross3-b-under.layout")
        with open(os.path.join(FIX, "layouts", "cross3-b-under.txt"), "rb") as f:
            self.check3(cubegod.read(f.read(), layout=lay))
        with open(lay) as f:  # the template's text works as well as its file name
            with open(os.path.join(FIX, "layouts", "cross3-b-under.txt"), "rb") as g:
                self.check3(cubegod.read(g.read(), layout=f.read()))
        with open(os.path.join(FIX, "layouts", "bad-twice.layout")) as f:
            with self.assertRaises(cubegod.InputError) as c:
                cubegod.read("x", layout=f.read())
        self.assertIn("layout line 9: D5 given twice", str(c.exception))


class Targets(unittest.TestCase):
    def test_solve_toward_a_goal(self):
        rng = random.Random(7)
        for size in (3, 2):
            for _ in range(5):
                x, y = scramble(rng), scramble(rng)
                cur = model.apply(model.solved(), x)
                goal = model_state(size, y)
                line = model.line(cur) if size == 3 else corners(cur)
                if size == 2:  # corners() is already in U D F B L R order
                    line = "".join(corners(cur))
                cube = cubegod.read(line)
                moves = " ".join(cubegod.solve(cube, target=goal))
                after = model.apply(cur, moves)
                want = model.apply(model.solved(), y)
                if size == 3:
                    self.assertEqual(after, want, moves)
                else:
                    self.assertEqual(corners(after), corners(want), moves)

    def test_impossible_goal(self):
        bad = cubegod.solved_state(3)
        bad = bad[:8] + "RU" + bad[10:]
        with self.assertRaises(cubegod.InputError) as c:
            cubegod.solve(cubegod.read(S3), target=bad)
        self.assertIn("goal", str(c.exception))


class OneReader(unittest.TestCase):
    """The same text, three ways: the command line's answer solves the C API's cube, which is
    read()'s cube."""
    def c_api_state(self, text, order=None):
        c = cubegod._c
        out = ctypes.create_string_buffer(65536)
        n = ctypes.c_int()
        err = _lib.Error_()
        data = text.encode()
        st = c.cg_read_text(data, len(data), None, order and order.encode(), None, None, out,
                            len(out), ctypes.byref(n), ctypes.byref(err))
        self.assertEqual(st, 0, err.msg)
        self.assertEqual(n.value, 1)
        line = out.value.split(b"\n")[0]
        p = _lib.Puzzle()
        self.assertEqual(c.cg_puzzle_from_string(line, len(line), None, ctypes.byref(p),
                                                 ctypes.byref(err)), 0)
        s = ctypes.create_string_buffer(64)
        c.cg_puzzle_state.argtypes = [ctypes.POINTER(_lib.Puzzle), ctypes.c_void_p, ctypes.c_int,
                                      ctypes.c_char_p, ctypes.c_size_t,
                                      ctypes.POINTER(_lib.Error_)]
        self.assertEqual(c.cg_puzzle_state(ctypes.byref(p), None, 0, s, 64, ctypes.byref(err)), 0,
                         err.msg)
        return s.value.decode()

    def test_same_cube_everywhere(self):
        col = dict(zip("UDFBLR", "WYGBOR"))
        kociemba = "".join(S3[9 * "UDFBLR".index(f):9 * "UDFBLR".index(f) + 9] for f in "URFDLB")
        groups = " ".join("".join(col[c] for c in kociemba[i:i + 9]) for i in range(0, 54, 9))
        texts = [(groups, "URFDLB"), ("".join(col[c] for c in kociemba), "URFDLB"),
                 (S3, None), ("State: " + kociemba, "URFDLB")]
        for name in ("net3-blfr.txt", "dict3-python.txt", "boxes3.txt", "net3-pipes.txt"):
            with open(os.path.join(FIX, "shapes", name)) as f:
                texts.append((f.read(), None))
        for text, order in texts:
            c_state = self.c_api_state(text, order)
            py_state = cubegod.state_of(cubegod.read(text, order=order))
            self.assertEqual(c_state, py_state, text)
            args = [os.environ["CUBEGOD"], "solve"] + (["--order", order] if order else [])
            cli = subprocess.run(args, input=text, capture_output=True, text=True, timeout=60)
            self.assertEqual(cli.returncode, 0, cli.stderr)
            answer = cli.stdout.strip()
            self.assertEqual(cubegod.apply_moves(c_state, answer), cubegod.solved_state(3),
                             (text, answer))
            # and the library's own solve of read()'s cube is the command line's answer
            self.assertEqual(" ".join(cubegod.solve(cubegod.read(text, order=order))), answer)



class ChallengeText(unittest.TestCase):
    """limit_of, asks, verdict_of, notation_of: what play reads in a challenge's own words."""

    def test_limit(self):
        banner = "Welcome!\nQuarter turns only (R R for R2), at most 14 moves each\nGo."
        n, phrase = cubegod.limit_of(banner)
        self.assertEqual(n, 14)
        self.assertIn("14", phrase)
        self.assertEqual(cubegod.limit_of("Answers longer than 19 moves are refused")[0], 19)
        self.assertEqual(cubegod.limit_of(b"no more than 20 turns")[0], 20)
        self.assertIsNone(cubegod.limit_of("Solve 100 rounds to get the flag"))

    def test_asks(self):
        self.assertTrue(cubegod.asks("Your answer > "))
        self.assertTrue(cubegod.asks("Solution?"))
        self.assertFalse(cubegod.asks("? ? ?"))
        self.assertFalse(cubegod.asks("W W G"))

    def test_verdict(self):
        self.assertEqual(cubegod.verdict_of("ok"), "ok")
        self.assertEqual(cubegod.verdict_of("[-] Not solved!"), "fail")
        self.assertEqual(cubegod.verdict_of("not correct"), "fail")
        self.assertIsNone(cubegod.verdict_of("Round 2/3"))

    def test_notation(self):
        self.assertEqual(cubegod.notation_of("Send moves, e.g. R1 R3 F2"), "digits")
        self.assertEqual(cubegod.notation_of("Quarter turns only"), "quarter")
        self.assertIsNone(cubegod.notation_of("Good luck"))

if __name__ == "__main__":
    unittest.main()
