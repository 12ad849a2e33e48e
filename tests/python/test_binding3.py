"""The Python binding on 3x3 cubes: read (lines, boxes, hidden stickers, ambiguity), the
two-phase solver (and the optimal one when its tables are already there), errors. Solutions are
checked by the library's model and by the independent tests/cli/cube3_model.py on the state the
test drew itself. Needs the two-phase tables: run by e2e_binding3.sh (ctest fixture tables3)."""
import os
import random
import sys
import unittest

import cubegod

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "cli"))
import cube3_model as model  # noqa: E402

SOURCE = os.environ.get("CUBEGOD_SOURCE", os.path.join(os.path.dirname(__file__), "..", ".."))
FIXTURES = os.environ.get("FIXTURES", os.path.join(SOURCE, "fixtures"))
MOVES = [f + s for f in "UDFBLR" for s in ("", "2", "'")]


def drawn(rng, n=40):
    return model.apply(model.solved(), " ".join(rng.choice(MOVES) for _ in range(n)))


def boxes(state, hidden=""):
    out = []
    for f, name in enumerate("UDFBLR"):
        if name in hidden:
            continue
        s = state[f * 9:f * 9 + 9]
        out += ["Face %s:" % name, "+-------+"]
        out += ["| %s |" % " ".join(s[r * 3:r * 3 + 3]) for r in range(3)]
        out.append("+-------+")
    return "\n".join(out) + "\n"


class Solve3(unittest.TestCase):
    def check(self, state, cube, moves, limit=20):
        self.assertLessEqual(len(moves), limit)
        self.assertTrue(cube.apply(moves).is_home())
        self.assertEqual(model.apply(state, " ".join(moves)), model.solved(),
                         (model.line(state), moves))

    def test_lines_and_boxes_are_read_and_solved(self):
        rng = random.Random(31)
        for i in range(12):
            state = drawn(rng)
            text = model.line(state) if i % 2 else ("=== Round 1/100 ===\n" + boxes(state) +
                                                     "Enter your solution:\n")
            cube = cubegod.read(text)
            self.assertEqual((cube.size, cube.fits, cube.fits_at_least), (3, 1, False))
            self.assertEqual(cube.facelets(), model.line(state))
            self.check(state, cube, cubegod.solve(cube))

    def test_kociemba_order_and_other_colours(self):
        state = drawn(random.Random(32))
        cube = cubegod.read(model.line(state, "URFDLB"), order="URFDLB")
        self.assertEqual(cube.facelets(), model.line(state))
        colours = dict(zip("UDFBLR", "WYGBOR"))
        line = "".join(colours[x] for x in model.line(state))
        cube = cubegod.read(line, scheme=colours)
        self.assertEqual(cube.scheme, colours)
        self.assertEqual("".join(cube.colours()), line)
        self.check(state, cube, cubegod.solve(cube))
        with self.assertRaises(cubegod.InputError) as e:
            cubegod.read(line, scheme=dict(colours, U="Y", D="W"))
        self.assertIn("centre", str(e.exception))

    def test_hidden_face_and_ambiguity(self):
        rng = random.Random(33)
        state = drawn(rng)
        cube = cubegod.read(boxes(state, hidden="D"), size=3)
        self.assertEqual(cube.fits, 1)
        self.assertEqual(cube.facelets(), model.line(state))
        # Hide most of the cube: several fit, and "fail" says how many.
        line = list(model.line(state))
        for k in range(54):
            if k % 9 != 4 and k >= 9:
                line[k] = "?"
        with self.assertRaises(cubegod.AmbiguousError) as e:
            cubegod.read("".join(line))
        self.assertGreater(e.exception.fits, 1)
        self.assertIn(str(e.exception.fits), str(e.exception))
        picked = cubegod.read("".join(line), ambiguous="pick")
        self.assertGreater(picked.fits, 1)
        shown = picked.facelets()
        self.assertTrue(all(a == b for a, b in zip(line, shown) if a != "?"))
        # The picked cube is not the drawn one: its own state is what the answer must solve.
        moves = cubegod.solve(picked)
        self.check(list(shown), picked, moves)

    def test_time_limit_and_move_limit(self):
        state = drawn(random.Random(34))
        cube = cubegod.read(model.line(state))
        first = cubegod.solve(cube)
        better = cubegod.solve(cube, time_limit_ms=300)
        self.assertLessEqual(len(better), len(first))
        self.check(state, cube, better)
        with self.assertRaises(cubegod.TooLongError) as e:
            cubegod.solve(cube, max_moves=2)
        self.assertEqual(e.exception.status_name, "too long")
        self.assertEqual(cubegod.solve(cubegod.Cube.solved(3)), [])
        three = model.apply(model.solved(), "R U F")
        self.check(three, cubegod.read(model.line(three)),
                   cubegod.solve(cubegod.read(model.line(three)), max_moves=3), 3)

    def test_threads(self):
        rng = random.Random(35)
        for threads in range(1, 7):
            state = drawn(rng)
            cube = cubegod.read(model.line(state))
            self.check(state, cube, cubegod.solve(cube, threads=threads, max_moves=19), 19)
        for bad in (0, 7):
            with self.assertRaises(cubegod.InputError) as e:
                cubegod.solve(cube, threads=bad)
            self.assertIn("threads", str(e.exception))
        with self.assertRaises(TypeError):
            cubegod.solve(cube, threads=2.0)

    def test_quarter_turns(self):
        # metric "qtm": at most 26 quarter turns (a half turn counts 2) by default, counted
        # here; the half-turn answer to the same cubes overruns that for some.
        qtm = lambda moves: sum(2 if m.endswith("2") else 1 for m in moves)
        rng = random.Random(36)
        over = 0
        for _ in range(6):
            state = drawn(rng)
            cube = cubegod.read(model.line(state))
            moves = cubegod.solve(cube, metric="qtm")
            self.assertLessEqual(qtm(moves), 26)
            self.check(state, cube, moves, 26)
            over += qtm(cubegod.solve(cube)) > 26
        self.assertGreater(over, 0)
        # A scramble of k quarter turns is solved within max_moves=k, counted in quarter turns.
        for k in (1, 2, 5, 8, 11):
            scramble, cost = [], 0
            while cost < k:
                m = rng.choice(MOVES)
                if cost + qtm([m]) <= k:
                    scramble.append(m)
                    cost += qtm([m])
            state = model.apply(model.solved(), " ".join(scramble))
            cube = cubegod.read(model.line(state))
            moves = cubegod.solve(cube, metric="qtm", max_moves=k)
            self.assertLessEqual(qtm(moves), k, (scramble, moves))
            self.check(state, cube, moves, k)
        with self.assertRaises(cubegod.TooLongError) as e:
            cubegod.solve(cubegod.read(model.line(model.apply(model.solved(), "U2"))),
                          metric="qtm", max_moves=1)
        self.assertIn("quarter turns", str(e.exception))

    def test_errors(self):
        cube = cubegod.Cube.solved(3)
        for bad in ({"metric": "otm"}, {"max_moves": 32}, {"target": "sideways"},
                    {"metric": "qtm", "optimal": True}):
            with self.assertRaises(cubegod.InputError):
                cubegod.solve(cube, **bad)
        with self.assertRaises(cubegod.InputError):
            cubegod.read(model.line(model.solved()), size=2)
        cases = 0
        with open(os.path.join(FIXTURES, "puzzle3", "lines.txt")) as f:
            for row in f:
                if row.startswith("#") or "\t" not in row:
                    continue
                line, want = row.rstrip("\n").split("\t")
                if not want:
                    cube = cubegod.read(line, form="line", ambiguous="pick")
                    self.assertTrue(cube.apply(cubegod.solve(cube)).is_home())
                    continue
                with self.assertRaises(cubegod.Error) as e:
                    cubegod.read(line, form="line")
                self.assertIsInstance(e.exception, cubegod.InputError)
                self.assertIn(want, str(e.exception))
                cases += 1
        self.assertGreater(cases, 8)

    def test_optimal_when_its_tables_exist(self):
        path = cubegod.cache_paths()["optimal"]
        if not path or not os.path.exists(path):
            self.skipTest("no optimal.tbl at %s (about 300 MB; 'cubegod tables --optimal' "
                          "builds it)" % path)
        state = model.apply(model.solved(), "R U F' L2 D B")
        cube = cubegod.read(model.line(state))
        moves = cubegod.solve(cube, optimal=True)
        self.check(state, cube, moves, 6)


if __name__ == "__main__":
    unittest.main()
