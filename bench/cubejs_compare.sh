#!/usr/bin/env bash
# Times the 3x3 two-phase solver against the npm package cubejs (Kociemba's two-phase algorithm
# in JavaScript) on the same uniformly random cubes. Not part of the test suite.
#
#   bench/cubejs_compare.sh [-n N] [--seed S] [--max-moves M] [--cache FILE] [--build DIR]
#
# --max-moves defaults to 22, cubejs's own default (at 20 cubejs takes seconds to minutes).
#
# cubejs is installed with npm into DIR/cubejs-npm when it is not there yet (nothing else is
# downloaded). The cubes come from `cubegod bench solve --size 3 --facelets` (54 facelets in
# Kociemba's URFDLB order, written from our model), so both solvers see the same cubes; every
# cubejs answer is applied with cubejs and checked. Times exclude table start-up on both sides.
set -euo pipefail

n=200 seed=1 max=22 build="" cache=""
while [ $# -gt 0 ]; do
  case $1 in
    -n) n=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --max-moves) max=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    --cache) cache=$2; shift 2 ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) echo "cubejs_compare: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
root=$(cd "$(dirname "$0")/.." && pwd)
build=${build:-$root/build}
bin=$build/cubegod
[ -x "$bin" ] || { echo "cubejs_compare: no $bin (build first)" >&2; exit 2; }
npmdir=$build/cubejs-npm
if [ ! -d "$npmdir/node_modules/cubejs" ]; then
  echo "installing cubejs into $npmdir" >&2
  mkdir -p "$npmdir"
  npm install --silent --no-audit --no-fund --prefix "$npmdir" cubejs >&2
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$bin" bench solve --size 3 --facelets -n "$n" --seed "$seed" > "$tmp/cubes.txt"
ours=$("$bin" bench solve --size 3 -n "$n" --seed "$seed" --max-moves "$max" --json ${cache:+--cache "$cache"})

NODE_PATH="$npmdir/node_modules" node - "$tmp/cubes.txt" "$max" "$ours" <<'JS'
const fs = require('fs');
const Cube = require('cubejs');
const [file, max, oursText] = process.argv.slice(2);
const cubes = fs.readFileSync(file, 'utf8').trim().split('\n');
let t0 = process.hrtime.bigint();
Cube.initSolver();
const initMs = Number(process.hrtime.bigint() - t0) / 1e6;
const ms = [];
let wrong = 0, len = 0;
for (const text of cubes) {
  const cube = Cube.fromString(text);
  t0 = process.hrtime.bigint();
  const sol = cube.solve(Number(max));
  ms.push(Number(process.hrtime.bigint() - t0) / 1e6);
  const moves = sol.trim() ? sol.trim().split(/\s+/) : [];
  len += moves.length;
  if (moves.length) cube.move(sol);
  if (!cube.isSolved() || moves.length > Number(max)) wrong++;
}
ms.sort((a, b) => a - b);
const pick = (q) => ms[Math.min(ms.length - 1, Math.floor(ms.length * q))];
const ours = JSON.parse(oursText);
const row = (name, med, p99, mean, note) =>
  console.log(`${name.padEnd(10)} median ${med.toFixed(3).padStart(9)} ms   p99 ${p99.toFixed(3).padStart(9)} ms   mean length ${mean.toFixed(2)}   ${note}`);
console.log(`${cubes.length} uniformly random cubes, at most ${max} moves, one core, tables excluded`);
row('cubegod', ours.ms.median, ours.ms.p99, ours.mean_length, `wrong ${ours.wrong}, start-up ${ours.table_startup_ms.toFixed(1)} ms`);
row('cubejs', pick(0.5), pick(0.99), len / cubes.length, `wrong ${wrong}, initSolver ${initMs.toFixed(0)} ms`);
console.log(`ratio      median ${(pick(0.5) / ours.ms.median).toFixed(1)}x   p99 ${(pick(0.99) / ours.ms.p99).toFixed(1)}x  (cubejs time / cubegod time)`);
if (wrong || ours.wrong) process.exit(1);
JS
