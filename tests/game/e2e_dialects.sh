#!/usr/bin/env bash
# needs: tables3 (its `play` opens both sizes' tables before connecting)
# Answer dialects over real sockets: cubegod serve accepting each notation, move map, separator
# and metric against cubegod play sending it, and a mismatch lost with the server's reason.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib_serve.sh"

cat > "$TMP/letters.map" <<'MAP'
# a challenge's own letters for the 18 moves
U=a
U2=b
U'=c
D=d
D2=e
D'=f
F=g
F2=h
F'=i
B=j
B2=k
B'=l
L=m
L2=n
L'=o
R=p
R2=q
R'=r
MAP
QUARTER_MAP="U=1,U'=2,D=3,D'=4,F=5,F'=6,B=7,B'=8,L=9,L'=0,R=x,R'=y"

# won NAME OPTIONS...: serve and play agree on OPTIONS; 20 rounds won.
won() {
  local name=$1; shift
  serve "$name" --games 1 --rounds 20 --seed 7 --max-moves 64 "$@"
  play "$name" 127.0.0.1 "$PORT" -q --max-moves 64 "$@"
  [ "$RC" = 0 ] || fail "$name: exited $RC with $*"
  has "\[+\] won: 20/20 rounds passed" "$TMP/$name.out"
}

won standard
won digits --notation digits
won quarter --notation quarter
won quarter-cw --notation quarter-cw
won none --separator none
won comma --notation digits --separator comma
won string --separator ' -> '
won map-file --move-map "$TMP/letters.map" --separator none
won map-inline --notation quarter --move-map "$QUARTER_MAP" --separator ,
won qtm --metric qtm --notation quarter

# The server says which dialect it takes, in its banner.
serve banner --games 1 --rounds 1 --notation digits --separator comma --metric qtm
exec 3<>"/dev/tcp/127.0.0.1/$PORT"
head -n 3 <&3 > "$TMP/banner.out"
exec 3<&-
has "at most 11 quarter turns" "$TMP/banner.out"
has "Answers: notation digits, separator ','; metric qtm" "$TMP/banner.out"

# QTM under a quarter-turn limit: 14 is God's number up to rotation, so every round is won; the
# HTM solution written in quarter turns is not always short enough.
serve qtm-limit --games 1 --rounds 30 --seed 3 --metric qtm --max-moves 14
play qtm-limit 127.0.0.1 "$PORT" -q --metric qtm --max-moves 14
[ "$RC" = 0 ] || fail "QTM within 14 quarter turns: exited $RC"
has "\[+\] won: 30/30" "$TMP/qtm-limit.out"
grep -q "R2\|U2\|F2\|D2\|B2\|L2" "$TMP/qtm-limit.out" && fail "a QTM answer with a half turn"

# Mismatches: the server refuses the answer and play says which round and why.
serve mismatch --games 1 --rounds 5 --seed 1 --notation digits
play mismatch 127.0.0.1 "$PORT" -q
[ "$RC" = 1 ] || fail "a standard answer to a digits server: exited $RC"
has "round 1: the server said: \[-\] Invalid move: move 1 '.*' (column 1) is not one of U D F B L R with 1, 2 or 3 after it" "$TMP/mismatch.out"

serve quarter-only --games 1 --rounds 20 --seed 5 --notation quarter
play quarter-only 127.0.0.1 "$PORT" -q
[ "$RC" = 1 ] || fail "half turns to a quarter server: exited $RC"
has "the server said: \[-\] Invalid move: move [0-9]* '[UDFBLR]2'" "$TMP/quarter-only.out"

serve sep --games 1 --rounds 5 --seed 1 --separator comma
play sep 127.0.0.1 "$PORT" -q --separator none
[ "$RC" = 1 ] || fail "no separator to a comma server: exited $RC"
has "the server said: \[-\] Invalid move" "$TMP/sep.out"

# Half turns count 2 under a QTM limit.
serve qtm-count --games 1 --rounds 20 --seed 4 --metric qtm --max-moves 11
play qtm-count 127.0.0.1 "$PORT" -q --max-moves 11 --metric htm
[ "$RC" = 1 ] || fail "HTM answers under an 11 quarter-turn limit: exited $RC"
has "Too many moves ([0-9]* quarter turns, at most 11 allowed)" "$TMP/qtm-count.out"

# Replay reads a recorded game in its dialect, and refuses it read in another.
serve rec --games 1 --rounds 5 --seed 8 --notation digits --separator none --max-moves 64
play rec 127.0.0.1 "$PORT" -q --notation digits --separator none --max-moves 64 --record "$TMP/rec.tr"
[ "$RC" = 0 ] || fail "recorded digits game: exited $RC"
"$CUBEGOD" replay --notation digits --separator none --max-moves 64 "$TMP/rec.tr" > "$TMP/replay.out" 2>&1 \
  || fail "replay in the game's dialect failed"
has "5 rounds, 5 correct" "$TMP/replay.out"
grep -q "optimal [0-9]*: [UDFBLR][123]" "$TMP/replay.out" || has "(optimal)" "$TMP/replay.out"
"$CUBEGOD" replay --max-moves 64 "$TMP/rec.tr" > "$TMP/replay2.out" 2>&1
[ $? = 1 ] || fail "replay in the standard dialect accepted digits"
has "0 correct" "$TMP/replay2.out"

# Bad dialects are usage errors, before any connection.
"$CUBEGOD" play 127.0.0.1 1 --move-map "U=a,D=a" > "$TMP/bad.out" 2> "$TMP/bad.err"
[ $? = 2 ] || fail "a map naming two moves alike is not a usage error"
has "line 1 column 7: 'a' already names U, so it cannot name D" "$TMP/bad.err"
"$CUBEGOD" serve --move-map "$TMP/letters.map" --separator none --notation quarter > "$TMP/bad2.out" 2> "$TMP/bad2.err"
[ $? = 2 ] || fail "a full map with quarter notation is not a usage error"
has "names U2, which notation quarter never writes" "$TMP/bad2.err"
"$CUBEGOD" solve --move-map "U=a,U2=aa,U'=b,D=c,D2=d,D'=e,F=f,F2=g,F'=h,B=i,B2=j,B'=k,L=l,L2=m,L'=n,R=o,R2=p,R'=q" --separator none < /dev/null > "$TMP/bad3.out" 2> "$TMP/bad3.err"
[ $? = 2 ] || fail "an ambiguous map without separator is not a usage error"
has "'aa' is both U2 and U U" "$TMP/bad3.err"
"$CUBEGOD" play 127.0.0.1 1 --move-map "$TMP/missing.map" > "$TMP/bad4.out" 2> "$TMP/bad4.err"
[ $? = 2 ] || fail "a missing map file is not a usage error"
has "missing.map: No such file" "$TMP/bad4.err"
echo "e2e dialects: ok"
