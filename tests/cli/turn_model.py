#!/usr/bin/env python3
"""An independent sticker model for `cubegod turn`'s tests, written from the usual conventions and
not from cubegod's code: every sticker is a point and an outward normal in space, a move turns the
points of some layers a quarter turn about an axis, and a facelet's number comes from where its
point lies on its face (Kociemba's order U R F D L B, each face seen from outside with U's top row
touching B, the side faces' top rows touching U, D's top row touching F).

    turn_model.py apply N MOVES      reads 6*N*N symbols (one a line) on stdin, prints them moved
    turn_model.py random N SEED K    prints K random moves of every kind for size N
"""
import random
import sys

# Outward normal of each face, and the directions of its rows (down) and columns (right) when
# seen from outside. x points to R, y to U, z to F.
FACES = {
    'U': ((0, 1, 0), (0, 0, 1), (1, 0, 0)),
    'R': ((1, 0, 0), (0, -1, 0), (0, 0, -1)),
    'F': ((0, 0, 1), (0, -1, 0), (1, 0, 0)),
    'D': ((0, -1, 0), (0, 0, -1), (1, 0, 0)),
    'L': ((-1, 0, 0), (0, -1, 0), (0, 0, 1)),
    'B': ((0, 0, -1), (0, -1, 0), (-1, 0, 0)),
}
ORDER = 'URFDLB'


def add(a, b, k=1):
    return tuple(x + k * y for x, y in zip(a, b))


def cross(a, b):
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def dot(a, b):
    return sum(x * y for x, y in zip(a, b))


def stickers(n):
    """(point, normal) of every facelet in Kociemba's order; points on a grid of step 2 with the
    cube from -(n-1) to n-1, so the layers are at n-1, n-3, ..."""
    out = []
    for f in ORDER:
        normal, down, right = FACES[f]
        corner = add(add(tuple((n - 1) * c for c in normal), down, -(n - 1)), right, -(n - 1))
        for r in range(n):
            for c in range(n):
                out.append((add(add(corner, down, 2 * r), right, 2 * c), normal))
    return out


def rotate(v, axis):
    """A quarter turn clockwise seen from the tip of axis: -(axis x v) + axis (axis . v)."""
    return add(tuple(-x for x in cross(axis, v)), axis, dot(axis, v))


AXIS = {f: FACES[f][0] for f in ORDER}
SLICES = {'M': ('L', 1), 'E': ('D', 1), 'S': ('F', 1)}
ROTATIONS = {'x': 'R', 'y': 'U', 'z': 'F'}


def parse(n, text):
    """[(axis face, set of layers from it, quarter turns)]: its own tokenizer, blank-separated."""
    out = []
    for tok in text.replace(',', ' ').split():
        i, prefix = 0, None
        if tok[0].isdigit():
            prefix, i = int(tok[0]), 1
        ch = tok[i]
        i += 1
        wide = ch in 'udfblr'
        if ch.upper() in AXIS and (ch.isupper() or wide):
            face = ch.upper()
            if tok[i:i + 1] == 'w':
                wide, i = True, i + 1
            layers = set(range(prefix or 2)) if wide else {(prefix or 1) - 1}
        elif ch in SLICES:
            face, layer = SLICES[ch]
            layers = {layer}
        elif ch in ROTATIONS:
            face, layers = ROTATIONS[ch], set(range(n))
        else:
            raise ValueError(tok)
        rest = tok[i:].replace('\u2019', "'")
        turns = 1
        if rest.startswith("'"):
            turns, rest = -1, rest[1:]
            if rest:
                turns = -int(rest)
        elif rest:
            turns = int(rest[0]) * (-1 if rest.endswith("'") else 1)
        out.append((face, {l for l in layers if l < n}, turns % 4))
    return out


def apply(n, symbols, moves):
    where = stickers(n)
    index = {s: k for k, s in enumerate(where)}
    cur = list(symbols)
    for face, layers, turns in parse(n, moves):
        axis = AXIS[face]
        for _ in range(turns):
            new = list(cur)
            for k, (p, normal) in enumerate(where):
                layer = (n - 1 - dot(p, axis)) // 2
                if layer in layers:
                    new[index[(rotate(p, axis), rotate(normal, axis))]] = cur[k]
            cur = new
    return cur


def random_moves(n, rng, k):
    kinds = ['U', 'D', 'F', 'B', 'L', 'R', 'x', 'y', 'z', 'Rw', 'u', 'Fw', 'l', 'd', 'Bw']
    if n == 3:
        kinds += ['M', 'E', 'S', '2R', '2U', '3Rw', '2F', '3L']
    else:
        kinds += ['2R', '2D']
    return ' '.join(rng.choice(kinds) + rng.choice(['', "'", '2']) for _ in range(k))


if __name__ == '__main__':
    if sys.argv[1] == 'apply':
        n = int(sys.argv[2])
        syms = sys.stdin.read().split('\n')[:6 * n * n]
        print('\n'.join(apply(n, syms, sys.argv[3])))
    else:
        n, seed, k = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
        print(random_moves(n, random.Random(seed), k))
