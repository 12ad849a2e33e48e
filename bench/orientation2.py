#!/usr/bin/env python3
"""The 2x2's orientation costs nothing: random 2x2 cubes in the six common colours, each turned
to a random orientation, solved by `cubegod solve` with the default target (white up, green in
front) and with --target any; prints the distribution of the optimal lengths both ways, and
checks with an independent model (tests/cli/turn_model.py) that every default answer reaches
white up, green front.

    bench/orientation2.py CUBEGOD [COUNT] [SEED]
"""
import collections
import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'tests', 'cli'))
import turn_model as tm  # noqa: E402

WORDS = dict(U='white', R='red', F='green', D='yellow', L='orange', B='blue')


def main():
    cube, count = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 3000
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 1)
    cubes, texts = [], []
    for _ in range(count):
        syms = [WORDS[f] for f in tm.ORDER for _ in range(4)]
        moves = ' '.join(rng.choice('RUF') + rng.choice(["", "'", "2"]) for _ in range(25))
        turn = ' '.join(rng.choice(['x', 'y', 'z', "x'", "y'", "z'", 'x2', 'y2', 'z2'])
                        for _ in range(3))
        s = tm.apply(2, syms, moves + ' ' + turn)
        cubes.append(s)
        texts.append(''.join('%s:\n%s %s\n%s %s\n' % (f, *s[4 * i:4 * i + 4])
                             for i, f in enumerate(tm.ORDER)))
    text = '\n'.join(texts)
    lengths = {}
    for name, extra in (('default', []), ('any', ['--target', 'any'])):
        out = subprocess.run([cube, 'solve'] + extra, input=text, capture_output=True, text=True,
                             check=True).stdout.splitlines()
        assert len(out) == count, (name, len(out))
        lengths[name] = collections.Counter(len(a.split()) for a in out)
        if name == 'default':
            for s, a in zip(cubes, out):
                r = tm.apply(2, s, a)
                assert r[0:4] == ['white'] * 4 and r[8:12] == ['green'] * 4, (a, r)
    for name, c in lengths.items():
        print('%-8s max %2d  %s' % (name, max(c), ' '.join('%d:%d' % kv for kv in sorted(c.items()))))
    print('%d cubes; every default answer reaches white up, green front' % count)


main()
