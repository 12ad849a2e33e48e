"""The strangers' own cube: a 2x2 or 3x3 as stickers in space, written for these test servers
without cubegod's code or its readers (tests/cli/cube3_model.py is another such model; this
one is separate so the strangers share nothing with the tests that check cubegod's readers).

A sticker is (centre of its piece, outward normal), coordinates doubled so both sizes use
integers: a 3x3's pieces sit at -2, 0, 2 on each axis, a 2x2's at -1, 1. A face turn turns
every sticker whose piece lies in that face's layer a quarter turn clockwise as seen from
outside the face.

Facelets are kept in Kociemba's order U R F D L B, each face row by row as seen from outside:
U with B at its top, D with F at its top, the four sides with U at their top."""

AXIS = {"U": (0, 1, 0), "D": (0, -1, 0), "F": (0, 0, 1), "B": (0, 0, -1),
        "R": (1, 0, 0), "L": (-1, 0, 0)}
# For each face: the direction its picture's top points to and the direction its right points to.
VIEW = {"U": ((0, 0, -1), (1, 0, 0)), "D": ((0, 0, 1), (1, 0, 0)),
        "F": ((0, 1, 0), (1, 0, 0)), "B": ((0, 1, 0), (-1, 0, 0)),
        "R": ((0, 1, 0), (0, 0, -1)), "L": ((0, 1, 0), (0, 0, 1))}
ORDER = "URFDLB"
SUFFIX_TURNS = {"": 1, "2": 2, "'": 3}


def _add(*vs):
    return tuple(sum(c) for c in zip(*vs))


def _mul(k, v):
    return tuple(k * c for c in v)


def _quarter(v, n):
    """v turned 90 degrees clockwise looking at the face whose normal is n (n is a unit axis)."""
    cross = (n[1] * v[2] - n[2] * v[1], n[2] * v[0] - n[0] * v[2], n[0] * v[1] - n[1] * v[0])
    along = sum(a * b for a, b in zip(n, v))
    return tuple(-cross[i] + n[i] * along for i in range(3))


class Cube:
    def __init__(self, n, stickers=None):
        self.n = n
        self.slots = []  # (piece centre, normal) of each facelet, in ORDER
        span = [2 * k - (n - 1) for k in range(n)]
        for f in ORDER:
            up, right = VIEW[f]
            for r in range(n):
                for c in range(n):
                    centre = _add(_mul(n - 1, AXIS[f]), _mul(span[c], right), _mul(-span[r], up))
                    self.slots.append((centre, AXIS[f]))
        self.where = {s: i for i, s in enumerate(self.slots)}
        self.stickers = list(stickers) if stickers else [f for f in ORDER for _ in range(n * n)]

    def copy(self):
        return Cube(self.n, self.stickers)

    def face(self, f):
        """The face's stickers, row by row."""
        i = ORDER.index(f) * self.n * self.n
        return self.stickers[i:i + self.n * self.n]

    def rows(self, f):
        s = self.face(f)
        return [s[r * self.n:(r + 1) * self.n] for r in range(self.n)]

    def turn(self, f, times=1):
        axis = AXIS[f]
        for _ in range(times % 4):
            new = list(self.stickers)
            for i, (centre, normal) in enumerate(self.slots):
                if sum(a * b for a, b in zip(centre, axis)) == self.n - 1:
                    new[self.where[(_quarter(centre, axis), _quarter(normal, axis))]] = self.stickers[i]
            self.stickers = new
        return self

    def apply(self, moves):
        """Moves as 'R U2 F'' text; raises ValueError on a word that is no face turn."""
        for word in moves.split():
            if not word or word[0] not in AXIS or word[1:] not in SUFFIX_TURNS:
                raise ValueError("not a move: %r" % word)
            self.turn(word[0], SUFFIX_TURNS[word[1:]])
        return self

    def uniform(self):
        """Every face one colour, in whatever orientation."""
        k = self.n * self.n
        return all(len(set(self.stickers[i:i + k])) == 1 for i in range(0, 6 * k, k))

    def facelets(self):
        return "".join(self.stickers)


def scramble(rng, n, length=None):
    """A random sequence of face turns (never the same face twice running) and the cube it
    leaves, never solved."""
    while True:
        words, last = [], None
        for _ in range(length or (11 if n == 2 else 22)):
            f = rng.choice([x for x in ORDER if x != last])
            words.append(f + rng.choice(list(SUFFIX_TURNS)))
            last = f
        cube = Cube(n).apply(" ".join(words))
        if not cube.uniform():
            return " ".join(words), cube


def paint(cube, colours):
    """The cube with each face letter replaced by colours[letter]."""
    return Cube(cube.n, [colours[s] for s in cube.stickers])


def net(cube, across="LFRB", gap=" "):
    """The unfolded cross: U above the second face across, the faces across side by side, D
    below; stickers of one character, separated by gap."""
    width = len(gap.join(cube.rows(across[0])[0])) + 3
    lines = []
    for row in cube.rows("U"):
        lines.append(" " * width + gap.join(row))
    for r in range(cube.n):
        lines.append(" | ".join(gap.join(cube.rows(f)[r]) for f in across))
    for row in cube.rows("D"):
        lines.append(" " * width + gap.join(row))
    return "\n".join(lines) + "\n"
