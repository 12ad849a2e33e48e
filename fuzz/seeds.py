#!/usr/bin/env python3
"""Writes the seed corpora fuzz/corpus/TARGET/ from the project's fixtures and the terminal
captures in fixtures/captures (run once; the files are committed). Small files only: a fuzzer mutates seeds, it does
not need whole games."""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CAPTURES = os.path.join(ROOT, 'fixtures', 'captures')
OUT = os.path.join(ROOT, 'fuzz', 'corpus')


def read(path):
    with open(path, 'rb') as f:
        return f.read()


def put(target, name, data):
    d = os.path.join(OUT, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), 'wb') as f:
        f.write(data)


captures = [os.path.join(CAPTURES, n) for n in
            ('game-100-rounds.txt', 'game-wrong-answer-round-3.txt')]
game = read(captures[0])
wrong = read(captures[1])

# Rounds of a real game: server text from one header to the next.
rounds = re.split(rb'(?m)^(?==== Round )', game)[1:]
answers = [m.group(1) for m in re.finditer(rb'Enter your solution:\n(.*)\n', game)]

# box: a round or two as the client sees them; a whole cube of six faces; the solve fixture.
for i, r in enumerate(rounds[:4]):
    put('box', 'round%d' % (i + 1), r.split(b'Enter your solution:')[0] + b'Enter your solution:\n')
put('box', 'two-rounds', b''.join(rounds[4:6]))
put('box', 'positions', game[:1500])

# compact: the error fixture's puzzles, one per file.
for i, line in enumerate(read(os.path.join(ROOT, 'fixtures', 'puzzle', 'compact-errors.txt')).split(b'\n')):
    if line and not line.startswith(b'#'):
        put('compact', 'case%02d' % i, line.split(b'\t')[0])

# moves: recorded answers (byte 0 is the move limit); the move-vector fixture's sequences.
for i, a in enumerate(answers[:8]):
    put('moves', 'answer%d' % i, bytes([11]) + a)
put('moves', 'all18', bytes([20]) + b"U U2 U' D D2 D' F F2 F' B B2 B' L L2 L' R R2 R'")

# answer: byte 0 the limit + 8, byte 1 check and scramble, then the line.
for i, a in enumerate(answers[:6]):
    put('answer', 'answer%d' % i, bytes([19, 2 + i % 2]) + a)
put('answer', 'home-U-Uprime', bytes([19, 0]) + b"U U'\r")
put('answer', 'twelve', bytes([19, 2]) + b'U ' * 12)
put('answer', 'binary', bytes([19, 2]) + b'U \x00\xff\tR')

# transcript and replay: a transcript of two rounds (written from the capture) and captures.
def escape(b):
    out = []
    for c in b:
        ch = bytes([c])
        if ch == b'\\': out.append(b'\\\\')
        elif ch == b'\n': out.append(b'\\n')
        elif ch == b'\r': out.append(b'\\r')
        elif ch == b'\t': out.append(b'\\t')
        elif c < 0x20 or c >= 0x7f: out.append(b'\\x%02x' % c)
        else: out.append(ch)
    if out and out[-1] == b' ':
        out[-1] = b'\\x20'
    return b''.join(out)

def transcript(text):
    lines = [b'# cubegod transcript 1', b'# started 2024-01-01T00:00:00Z']
    t = 0.0
    expect = False
    for line in text.split(b'\n')[:-1]:
        t += 0.0001
        kind = b'>' if expect and not line.startswith(b'[') else b'<'
        expect = line == b'Enter your solution:'
        lines.append(kind + b' %.6f ' % t + escape(line + b'\n'))
    lines.append(b'! %.6f connection closed by peer' % (t + 0.001))
    return b'\n'.join(lines) + b'\n'

head = game.split(b'=== Round 3/')[0]
put('transcript', 'two-rounds', transcript(head))
put('transcript', 'escapes', b'# cubegod transcript 1\n< 0.5 a\\x00b\\\\c\\td\\r\\n\n> 1.25 half\n> 1.26 \\x20line\\n\n')
put('replay', 'transcript', transcript(head))
put('replay', 'capture-two-rounds', head)
put('replay', 'capture-wrong', wrong)
put('replay', 'transcript-wrong', transcript(wrong))

# scheme
for i, s in enumerate([b'U=W,D=Y,F=G,B=B,L=O,R=R', b'U=U,D=D,F=F,B=B,L=L,R=R',
                       b'U=white,D=yellow,F=green,B=blue,L=orange,R=red', b'U=W,D=W', b'U=W,D=Y,F=G']):
    put('scheme', 'scheme%d' % i, s)

# jigsaw: the contest fixtures, whole inputs and single lines.
cdir = os.path.join(ROOT, 'fixtures', 'contest')
for n in sorted(os.listdir(cdir)):
    if n.startswith('jigsaw') and n.endswith('.in'):
        put('jigsaw', n[:-3], read(os.path.join(cdir, n)))
put('jigsaw', 'line', read(os.path.join(cdir, 'jigsaw-sample.in')).split(b'\n')[1])

# sim3: the samples, and one data set alone.
sim = read(os.path.join(cdir, 'sim3_samples.in'))
put('sim3', 'samples', sim)
put('sim3', 'one-set', sim.split(b'END\n')[0] + b'END\nENDOFINPUT\n')

# order: each known sequence (byte 0 is the chunk size).
for i, line in enumerate(read(os.path.join(cdir, 'order_known.tsv')).split(b'\n')):
    if line and not line.startswith(b'#'):
        put('order', 'known%02d' % i, bytes([i % 16]) + line.split(b'\t')[0])
put('order', 'wide-slices', bytes([3]) + b"M E S x y z Uw Rw' u2 r3' R9'")

# play: the server's side of whole games (byte 0: read size), and rounds with shapes play must
# refuse.
put('play', 'two-rounds', bytes([0]) + head)
put('play', 'two-rounds-dribble', bytes([3]) + head.replace(b'\n', b'\r\n'))
put('play', 'wrong', bytes([5]) + wrong)
put('play', 'four-faces', bytes([0]) + re.sub(rb'Face R:\n(.*\n){4}', b'', rounds[0], count=1))

# split: commands for --exec.
for i, c in enumerate([b'python3 app.py --rounds 5', b"sh -c 'echo \"a b\"; cat'",
                       b'a\\ b "c \\"d\\" $e" \'\'', b'"unterminated', b"'"]):
    put('split', 'cmd%d' % i, c)

# address: the ways players write where to connect, right and wrong (words split at newlines).
for name, words in [('host-port', b'127.0.0.1\n1337'), ('host-colon', b'127.0.0.1:1337'),
                    ('v6', b'[::1]:443'), ('nc-words', b'nc\n-v\n10.0.0.1\n1337'),
                    ('nc-one', b'nc 10.0.0.1 1337'), ('swapped', b'1337\n10.0.0.1'),
                    ('badport', b'localhost\n99999'), ('v6-bare', b'::1:80'),
                    ('v6-bracket-words', b'[::1]\n80')]:
    put('address', name, words)

# order: the grouping notation, the typographic apostrophe and a byte-order mark (byte 0 picks
# the chunk size).
put('order', 'grouping', b"\x03(R U R' U')2 [F: R U R' U'] [[R, U], D]'")
put('order', 'apostrophe', b"\x00R\xe2\x80\x99 (U)12\xe2\x80\x99")
put('order', 'bom', b"\x05\xef\xbb\xbf[x: (M E)3]")
