"""The Python binding on 2x2 cubes, answers and errors. Every solution is checked twice: by the
library's own model (Cube.apply) and by the independent facelet model of pocket_model.py, on
the full state the test drew itself. Run by e2e_binding.sh (CUBEGOD_LIB, CUBEGOD_CACHE set)."""
import ctypes
import os
import random
import shutil
import subprocess
import sys
import tempfile
import unittest

import cubegod
import pocket_model as model

SOURCE = os.environ.get("CUBEGOD_SOURCE", os.path.join(os.path.dirname(__file__), "..", ".."))
FIXTURES = os.environ.get("FIXTURES", os.path.join(SOURCE, "fixtures"))
MOVES = [f + s for f in "UDFBLR" for s in ("", "2", "'")]


def scramble(rng, n=30):
    return " ".join(rng.choice(MOVES) for _ in range(n))


def drawn(rng):
    """A random state of the independent model (letters: each face its own letter)."""
    return model.apply(model.solved(), scramble(rng))


class Model(unittest.TestCase):
    def test_model_matches_the_protocol_vectors(self):
        n = 0
        with open(os.path.join(FIXTURES, "cube", "move-vectors.txt")) as f:
            for row in f:
                if row.startswith("#") or not row.strip():
                    continue
                state, moves = row.split(None, 1)
                self.assertEqual(model.line(model.apply(model.solved(), moves)), state, moves)
                n += 1
        self.assertGreaterEqual(n, 18)


class Read2(unittest.TestCase):
    def test_five_boxes_with_noise_are_the_drawn_cube(self):
        rng = random.Random(2)
        for i in range(40):
            state = drawn(rng)
            hidden = rng.choice("UDFBLR")
            text = ("=== Round %d/100 ===\nHere is the cube, one face hidden:\n%s"
                    "Enter your solution:\n" % (i + 1, model.boxes(state, hidden)))
            cube = cubegod.read(text)
            self.assertEqual(cube.size, 2)
            self.assertTrue(cube.scheme_known)
            self.assertEqual(cube.fits, 1)
            # Letters are the scheme: the rebuilt cube is the drawn one, hidden face included.
            self.assertEqual(cube.facelets(), model.line(state))
            shown = "".join("?" * 4 if f == hidden else model.line(state)[k * 4:k * 4 + 4]
                            for k, f in enumerate("UDFBLR"))
            self.assertEqual(cube.puzzle, shown)

    def test_bytes_crlf_and_a_bom_are_read(self):
        state = drawn(random.Random(3))
        text = "\ufeff" + model.boxes(state, "D").replace("\n", "\r\n")
        self.assertEqual(cubegod.read(text.encode()).facelets(), model.line(state))

    def test_compact_line_in_another_face_order(self):
        state = drawn(random.Random(4))
        a = cubegod.read(model.line(state))
        b = cubegod.read(model.line(state, "URFDLB"), order="URFDLB")
        self.assertEqual(a.facelets(), model.line(state))
        self.assertEqual(b.facelets(), model.line(state))
        self.assertEqual(b.state, a.state)

    def test_other_colours_deduce_a_scheme_or_take_one(self):
        state = drawn(random.Random(5))
        colours = {"U": "W", "D": "Y", "F": "G", "B": "B", "L": "O", "R": "R"}
        line = "".join(colours[x] for x in model.line(state))
        free = cubegod.read(line)
        self.assertFalse(free.scheme_known)
        given = cubegod.read(line, scheme=colours)
        self.assertTrue(given.scheme_known)
        self.assertEqual(given.scheme, colours)
        self.assertEqual(given.facelets(), model.line(state))
        same = cubegod.read(line, scheme="U=W,D=Y,F=G,B=B,L=O,R=R")
        self.assertEqual(same.state, given.state)
        # Either way the colours the cube shows are the line's.
        self.assertEqual("".join(given.colours()), line)

    def test_read_all_and_read_many(self):
        rng = random.Random(6)
        s1, s2 = drawn(rng), drawn(rng)
        text = model.boxes(s1, "U") + "Enter your solution:\n" + model.boxes(s2, "B")
        cubes = cubegod.read_all(text)
        self.assertEqual([c.facelets() for c in cubes], [model.line(s1), model.line(s2)])
        with self.assertRaises(cubegod.InputError) as e:
            cubegod.read(text)
        self.assertIn("2 cubes", str(e.exception))


class Hostile(unittest.TestCase):
    def test_nesting_a_thousand_deep_is_an_input_error(self):
        # issue 35: each nested mapping was a C call with about 10 KB of stack and no bound;
        # read() died of SIGSEGV, taking the interpreter with it
        text = "cube = " + "\n".join(["{a: " * 100] * 10) + "\n1" + "}" * 1000 + "\n"
        with self.assertRaises(cubegod.InputError) as e:
            cubegod.read(text)
        self.assertIn("nested deeper than 16 levels", str(e.exception))


class Solve2(unittest.TestCase):
    def check(self, state, cube, moves, home, limit):
        self.assertLessEqual(len(moves), limit)
        self.assertTrue(cube.apply(moves).is_solved())
        if home:
            self.assertTrue(cube.apply(moves).is_home())
        after = model.apply(state, " ".join(moves))
        self.assertTrue(model.is_solved(after), (model.line(state), moves))
        if home:
            self.assertEqual(after, model.solved())

    def test_solutions_solve_the_drawn_cubes(self):
        rng = random.Random(7)
        for _ in range(40):
            state = drawn(rng)
            cube = cubegod.read(model.boxes(state, rng.choice("UDFBLR")))
            self.check(state, cube, cubegod.solve(cube), True, 11)
            self.check(state, cube, cubegod.solve(cube, target="any"), False, 11)

    def test_threads_share_the_tables(self):
        import threading
        rng = random.Random(10)
        states = [drawn(rng) for _ in range(40)]
        answers = [None] * len(states)

        def work(k):
            for i in range(k, len(states), 4):
                answers[i] = cubegod.solve(cubegod.read(model.line(states[i])))

        threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        for state, moves in zip(states, answers):
            self.assertIsNotNone(moves)
            self.assertEqual(model.apply(state, " ".join(moves)), model.solved())

    def test_any_target_without_a_scheme(self):
        rng = random.Random(8)
        for _ in range(10):
            state = drawn(rng)
            colours = dict(zip("UDFBLR", ["red", "blue", "x", "y", "z", "w"]))
            text = model.boxes([colours[x] for x in state], "L")
            cube = cubegod.read(text)
            self.assertFalse(cube.scheme_known)
            moves = cubegod.solve(cube)
            self.check(state, cube, moves, False, 11)
            # home without a scheme is refused, as `cubegod solve --target home` refuses it
            with self.assertRaises(cubegod.InputError) as e:
                cubegod.solve(cube, target="home")
            self.assertIn("target home needs the colour scheme", str(e.exception))
            self.assertEqual(cubegod.solve(cube, target="any"), moves)

    def test_quarter_turn_metric(self):
        rng = random.Random(9)
        for _ in range(10):
            state = drawn(rng)
            cube = cubegod.read(model.line(state))
            moves = cubegod.solve(cube, metric="qtm")
            self.assertFalse([m for m in moves if m.endswith("2")], moves)
            self.check(state, cube, moves, True, 14)

    def test_optimal_length_is_the_scramble_bound(self):
        # A cube three turns from home (on three different axes' faces, so none cancel) has an
        # answer of at most three, and the limit below it fails.
        state = model.apply(model.solved(), "R U F")
        cube = cubegod.read(model.line(state))
        moves = cubegod.solve(cube)
        self.check(state, cube, moves, True, 3)
        self.assertEqual(cubegod.solve(cubegod.Cube.solved(2)), [])
        with self.assertRaises(cubegod.TooLongError) as e:
            cubegod.solve(cube, max_moves=len(moves) - 1)
        self.assertEqual(e.exception.status_name, "too long")


class Format(unittest.TestCase):
    seq = ["R", "U2", "F'", "D", "L2", "B'"]

    def same_state(self, a, b):
        self.assertEqual(model.apply(model.solved(), " ".join(a)),
                         model.apply(model.solved(), " ".join(b)))

    def test_notations(self):
        self.assertEqual(cubegod.format(self.seq), "R U2 F' D L2 B'")
        self.assertEqual(cubegod.format("R U2 F'"), "R U2 F'")
        self.assertEqual(cubegod.format([]), "")
        digits = cubegod.format(self.seq, "digits")
        self.assertEqual(digits.split()[:3], ["R1", "U2", "F3"])
        self.assertEqual(cubegod.parse(digits, "digits"), self.seq)
        quarter = cubegod.format(self.seq, "quarter")
        self.assertFalse([t for t in quarter.split() if t.endswith("2")])
        self.same_state(quarter.split(), self.seq)
        cw = cubegod.format(self.seq, "quarter-cw", separator="")
        self.assertTrue(set(cw) <= set("UDFBLR"), cw)
        self.same_state(list(cw), self.seq)

    def test_separator_and_move_map(self):
        self.assertEqual(cubegod.format(self.seq, separator=","), "R,U2,F',D,L2,B'")
        self.assertEqual(cubegod.format(self.seq, separator="comma"), "R,U2,F',D,L2,B'")
        names = {m: "m%d" % i for i, m in enumerate(MOVES)}
        text = cubegod.format(self.seq, move_map=names, separator="-")
        self.assertEqual(text.split("-"), [names[m] for m in self.seq])
        self.assertEqual(cubegod.parse(text, move_map=names, separator="-"), self.seq)
        inline = ",".join("%s=%s" % kv for kv in names.items())
        self.assertEqual(cubegod.format(self.seq, move_map=inline, separator="-"), text)


class Errors(unittest.TestCase):
    def raises(self, cls, fn, *args, **kw):
        with self.assertRaises(cls) as e:
            fn(*args, **kw)
        self.assertIsInstance(e.exception, cubegod.Error)
        self.assertTrue(str(e.exception) and "\n" not in str(e.exception))
        self.assertEqual(e.exception.status, cls.status)
        return str(e.exception)

    def test_every_status_has_its_class(self):
        seen = set()
        for status in range(-10, 0):
            e = cubegod._error(status, "m")
            self.assertEqual(type(e).status, status)
            self.assertEqual(e.status, status)
            self.assertIsInstance(e, cubegod.Error)
            seen.add(e.status_name)
        self.assertEqual(len(seen), 10)  # ten distinct names from the library
        self.assertTrue(issubclass(cubegod.InputError, ValueError))
        self.assertTrue(issubclass(cubegod.TimeLimitError, TimeoutError))
        self.assertTrue(issubclass(cubegod.SystemCallError, OSError))
        self.assertIs(type(cubegod._error(-99, "m")), cubegod.Error)

    def test_messages_are_the_command_lines(self):
        # Each compact error the C library reports reaches Python with the same words.
        cases = 0
        with open(os.path.join(FIXTURES, "puzzle", "compact-errors.txt")) as f:
            for row in f:
                if row.startswith("#") or "\t" not in row:
                    continue
                line, want = row.rstrip("\n").split("\t")
                if not want:
                    continue
                try:
                    cubegod.read(line, form="line", order="UDFBLR")  # the compact form's
                except cubegod.Error as e:
                    self.assertIn(want, str(e), line)
                    cases += 1
                else:
                    self.fail("%r was read" % line)
        self.assertGreater(cases, 3)
        cli = os.environ.get("CUBEGOD")
        if cli:
            bad = "UUUUUDDDRRFFLLBBFFLLBBRR"
            out = subprocess.run([cli, "solve", "--line"], input=bad + "\n", text=True,
                                 capture_output=True)
            msg = self.raises(cubegod.InputError, cubegod.read, bad)
            self.assertIn(msg, out.stderr)

    def test_input_errors(self):
        self.raises(cubegod.InputError, cubegod.read, "hello there, no cube")
        self.raises(cubegod.InputError, cubegod.read, "UUUUDDDDRRFFLLBBFFLLBBR")
        msg = self.raises(cubegod.InputError, cubegod.read, "x\nFace U:\n+-----+\n| U U |\n")
        self.assertIn("line", msg)
        self.raises(cubegod.InputError, cubegod.read, model.line(model.solved()), order="UUFBLR")
        self.raises(cubegod.InputError, cubegod.read, model.line(model.solved()), scheme="U=W")
        self.raises(cubegod.InputError, cubegod.read, model.line(model.solved()),
                    scheme={"U": "W"})
        self.raises(cubegod.InputError, cubegod.read, model.line(model.solved()), size=3)
        self.raises(cubegod.InputError, cubegod.read, model.line(model.solved()), size=4)
        self.raises(cubegod.InputError, cubegod.read, model.line(model.solved()),
                    ambiguous="guess")
        self.raises(cubegod.InputError, cubegod.read, model.line(model.solved()), form="json")
        self.raises(cubegod.AmbiguousError, cubegod.read, "UUUUDDDD" + "?" * 16)
        cube = cubegod.Cube.solved(2)
        self.raises(cubegod.InputError, cubegod.solve, cube, metric="stm")
        self.raises(cubegod.InputError, cubegod.solve, cube, target="there")
        self.raises(cubegod.InputError, cubegod.solve, cube, max_moves=-1)
        self.raises(cubegod.InputError, cubegod.solve, cube, time_limit_ms=-5)
        self.raises(cubegod.InputError, cubegod.prepare, 4)
        self.raises(cubegod.InputError, cubegod.Cube.solved, 5)
        self.raises(cubegod.InputError, cubegod.format, ["R", "Q"])
        self.raises(cubegod.InputError, cubegod.format, "R U", notation="klingon")
        self.raises(cubegod.InputError, cubegod.format, "R U", move_map="U=a,D=a")
        self.raises(cubegod.InputError, cubegod.format, "R U", move_map={"U": "a"})
        self.raises(cubegod.InputError, cubegod.format, "R U", separator="\x01")
        self.raises(cubegod.InputError, cubegod.parse, "R X2")
        self.raises(cubegod.InputError, cubegod.Cube.solved(2).apply, "R Q")
        with self.assertRaises(TypeError):
            cubegod.solve("UUUUDDDDFFFFBBBBLLLLRRRR")
        with self.assertRaises(TypeError):
            cubegod.read(24)
        with self.assertRaises(TypeError):
            cubegod.format([1, 2])


class Layout(unittest.TestCase):
    def test_structures_match_the_c_compiler(self):
        """Every ctypes structure has the size and field offsets the headers give in C (of the
        structures the binding knows only the first fields of, the offsets)."""
        from cubegod import _lib
        cc = shutil.which(os.environ.get("CC", "cc"))
        build = os.environ.get("CUBEGOD_BUILD")
        if not cc or not build:
            self.skipTest("no C compiler or CUBEGOD_BUILD")
        src = ["#include <stddef.h>", "#include <stdio.h>"]
        src += ["#include \"cubegod/%s.h\"" % h for h in
                ("error", "puzzle", "cube", "cube3", "solver", "solver3", "notation", "tube",
                 "client")]
        src.append("int main(void) {")
        want = []
        for cname, cls in list(_lib.LAYOUTS.items()) + list(_lib.HEADS.items()):
            if cname in _lib.LAYOUTS:
                src.append('printf("%%zu\\n", sizeof(%s));' % cname)
                want.append(ctypes.sizeof(cls))
            for field, _ in cls._fields_:
                src.append('printf("%%zu\\n", offsetof(%s, %s));' % (cname, field))
                want.append(getattr(cls, field).offset)
        src.append("return 0; }")
        with tempfile.TemporaryDirectory() as tmp:
            c = os.path.join(tmp, "layout.c")
            with open(c, "w") as f:
                f.write("\n".join(src) + "\n")
            exe = os.path.join(tmp, "layout")
            subprocess.run([cc, "-std=c17", "-I", os.path.join(SOURCE, "include"), "-I",
                            os.path.join(build, "include"), c, "-o", exe], check=True)
            got = [int(x) for x in subprocess.run([exe], capture_output=True, text=True,
                                                  check=True).stdout.split()]
        self.assertEqual(got, want)




class Library(unittest.TestCase):
    def run_py(self, code, env, cwd=None):
        return subprocess.run([sys.executable, "-c", code], env=env, cwd=cwd, text=True,
                              capture_output=True)

    def test_the_named_library_is_used(self):
        want = os.environ.get("CUBEGOD_LIB")
        if want:
            self.assertEqual(cubegod.library_path(), want)
        self.assertRegex(cubegod.library_version(), r"^\d+\.\d+\.\d+")

    def test_found_beside_an_installed_prefix_and_not_without(self):
        lib = cubegod.library_path()
        with tempfile.TemporaryDirectory() as tmp:
            site = os.path.join(tmp, "lib", "python3", "site-packages")
            shutil.copytree(os.path.dirname(cubegod.__file__), os.path.join(site, "cubegod"),
                            ignore=shutil.ignore_patterns("__pycache__"))
            env = {k: v for k, v in os.environ.items() if k not in ("CUBEGOD_LIB", "PYTHONPATH")}
            env["PYTHONPATH"] = site
            env["LD_LIBRARY_PATH"] = ""
            code = "import cubegod; print(cubegod.library_path())"
            # No library anywhere near: the message names CUBEGOD_LIB and the places tried.
            r = self.run_py(code, env, tmp)
            if r.returncode != 0:
                self.assertIn("CUBEGOD_LIB", r.stderr)
                self.assertIn(os.path.join(tmp, "lib", "libcubegod.so"), r.stderr)
            shutil.copy(lib, os.path.join(tmp, "lib", "libcubegod.so"))
            r = self.run_py(code, env, tmp)
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertEqual(r.stdout.strip(), os.path.join(tmp, "lib", "libcubegod.so"))
            env["CUBEGOD_LIB"] = os.path.join(tmp, "nothing.so")
            r = self.run_py(code, env, tmp)
            self.assertNotEqual(r.returncode, 0)
            self.assertIn("nothing.so", r.stderr)

    def test_loader_configuration_is_read(self):
        # /etc/ld.so.conf's shape: comments, folders, an include glob relative to the file
        with tempfile.TemporaryDirectory() as tmp:
            os.mkdir(os.path.join(tmp, "conf.d"))
            with open(os.path.join(tmp, "ld.so.conf"), "w") as f:
                f.write("# the loader's folders\n/opt/a/lib  # after a folder\ninclude conf.d/*.conf\n")
            with open(os.path.join(tmp, "conf.d", "b.conf"), "w") as f:
                f.write("/usr/local/lib\n\n/opt/a/lib\n")
            with open(os.path.join(tmp, "conf.d", "c.conf"), "w") as f:
                f.write("include %s\n" % os.path.join(tmp, "ld.so.conf"))  # a loop stops
            dirs = cubegod._lib.ld_so_conf_dirs(os.path.join(tmp, "ld.so.conf"))
            self.assertEqual(dirs, ["/opt/a/lib", "/usr/local/lib"])
            self.assertEqual(cubegod._lib.ld_so_conf_dirs(os.path.join(tmp, "none")), [])

    def test_cache_paths_and_notices(self):
        env = dict(os.environ)
        env.pop("CUBEGOD_CACHE", None)
        env["XDG_CACHE_HOME"] = "/x/cache"
        code = "import cubegod, json; print(json.dumps(cubegod.cache_paths()))"
        r = self.run_py(code, env)
        self.assertEqual(r.returncode, 0, r.stderr)
        import json
        self.assertEqual(json.loads(r.stdout), {
            "htm": "/x/cache/cubegod/pocket.tbl", "qtm": "/x/cache/cubegod/pocket-qtm.tbl",
            "twophase": "/x/cache/cubegod/twophase.tbl", "optimal": "/x/cache/cubegod/optimal.tbl"})
        del env["XDG_CACHE_HOME"]
        env["HOME"] = "/h"
        r = self.run_py(code, env)
        self.assertEqual(json.loads(r.stdout)["htm"], "/h/.cache/cubegod/pocket.tbl")
        # A fresh cache folder: the table is built there and the notice says so; a second
        # process loads it quietly.
        with tempfile.TemporaryDirectory() as tmp:
            env["CUBEGOD_CACHE"] = os.path.join(tmp, "p.tbl")
            code = ("import cubegod; heard = []; cubegod.set_notice(heard.append); "
                    "cubegod.prepare(2); print(len(heard), repr(heard)); "
                    "print(cubegod.solve(cubegod.read('UUUUDDDDRRFFLLBBFFLLBBRR')))")
            r = self.run_py(code, env)
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertIn("build", r.stdout.splitlines()[0])
            self.assertEqual(r.stdout.splitlines()[1], "[\"U'\"]")
            self.assertTrue(os.path.exists(os.path.join(tmp, "p.tbl")))
            r = self.run_py(code, env)
            self.assertEqual(r.stdout.splitlines()[0], "0 []")
        # prepare(progress=...): a build reports its phase and how far it got, rising to 1;
        # a load from the cache reports nothing.
        with tempfile.TemporaryDirectory() as tmp:
            env["CUBEGOD_CACHE"] = os.path.join(tmp, "p.tbl")
            code = ("import cubegod, json; seen = []; cubegod.set_notice(None); "
                    "cubegod.prepare(2, metric='qtm', progress=lambda p, f: seen.append((p, f))); "
                    "print(json.dumps(seen))")
            r = self.run_py(code, env)
            self.assertEqual(r.returncode, 0, r.stderr)
            seen = json.loads(r.stdout)
            self.assertGreater(len(seen), 2)
            self.assertEqual({p for p, _ in seen}, {"2x2 quarter-turn table"})
            fractions = [f for _, f in seen]
            self.assertEqual(fractions, sorted(fractions))
            self.assertEqual(fractions[-1], 1.0)
            r = self.run_py(code, env)
            self.assertEqual(json.loads(r.stdout), [])


if __name__ == "__main__":
    unittest.main()
