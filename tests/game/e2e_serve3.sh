#!/usr/bin/env bash
# needs: tables3 (its `solve --explain` reads 3x3 rounds)
# cubegod serve --size 3 over real sockets (/dev/tcp): the banner's 20 moves, six 3x3 boxes that
# `cubegod solve --explain` rebuilds into exactly one cube, --hide 1 with five boxes, a wrong
# answer and a 21-move answer refused, bad options refused. (A correct answer over a socket is
# accepted in tests/game/test_server3.c, which replays the seeded scrambles.)
HERE=$(dirname "$0")
. "$HERE/lib_serve.sh"

# read_round: reads fd 3 up to and including the prompt into $TMP/round; fails on EOF
read_round() {
  : >"$TMP/round"
  local line
  while IFS= read -r -t 10 line <&3; do
    printf '%s\n' "$line" >>"$TMP/round"
    [ "$line" = "Enter your solution:" ] && return 0
  done
  return 1
}

# A long alarm: the client runs solve between reading and answering, and sanitizer or valgrind
# builds are slow; time limits are not what this test is about.
serve s3 --size 3 --games 3 --seed 11 --alarm 120
exec 3<>"/dev/tcp/127.0.0.1/$PORT"
read_round || fail "no first round"
has "at most 20 moves" "$TMP/round"
has "Here is the cube:" "$TMP/round"
[ "$(grep -c '^Face [UDFBLR]:$' "$TMP/round")" = 6 ] || fail "not six faces"
[ "$(grep -c '^| . . . |$' "$TMP/round")" = 18 ] || fail "not eighteen 3x3 rows"
"$CUBEGOD" solve --explain "$TMP/round" > "$TMP/solve.out" 2> "$TMP/solve.err"
has "a 3x3; U=U D=D F=F B=B L=L R=R; 1 cube fits" "$TMP/solve.err"
echo "R U R' U'" >&3
IFS= read -r -t 10 verdict <&3
[ "$verdict" = "[-] Not solved!" ] || fail "wrong answer got '$verdict'"
exec 3>&-

exec 3<>"/dev/tcp/127.0.0.1/$PORT"
read_round || fail "no round in game 2"
echo "R R' R R' R R' R R' R R' R R' R R' R R' R R' R R' R" >&3
IFS= read -r -t 10 verdict <&3
[ "$verdict" = "[-] Too many moves (21, at most 20 allowed)" ] || fail "21 moves got '$verdict'"
exec 3>&-

serve h1 --size 3 --hide 1 --games 1 --seed 12 --scramble 4 --alarm 120
exec 3<>"/dev/tcp/127.0.0.1/$PORT"
read_round || fail "no round with --hide 1"
has "Here is the cube, 1 face hidden:" "$TMP/round"
[ "$(grep -c '^Face [UDFBLR]:$' "$TMP/round")" = 5 ] || fail "not five faces with --hide 1"
echo "U" >&3
exec 3>&-

"$CUBEGOD" serve --size 4 > /dev/null 2> "$TMP/bad.err" && fail "--size 4 accepted"
has "'4' is not 2 or 3" "$TMP/bad.err"
"$CUBEGOD" serve --hide 2 > /dev/null 2> "$TMP/bad.err" && fail "--hide 2 accepted for the 2x2"
has "always hides one face" "$TMP/bad.err"
"$CUBEGOD" serve --scramble 3 > /dev/null 2> "$TMP/bad.err" && fail "--scramble accepted for the 2x2"
has "for the 3x3 game" "$TMP/bad.err"
# One move per prompt is played with boxes (both sizes: tests/game/e2e_one_move3.sh).
"$CUBEGOD" serve --size 3 --one-move --show net > /dev/null 2> "$TMP/bad.err" && fail "--one-move accepted with --show net"
has "one-move mode shows boxes only" "$TMP/bad.err"
# A face order is the string shape's.
"$CUBEGOD" serve --size 3 --order URFDLB > /dev/null 2> "$TMP/bad.err"
[ $? = 2 ] || fail "--order without --show string accepted"
has "\-\-order is the face order of --show string" "$TMP/bad.err"
"$CUBEGOD" serve --size 3 --show string --order URFDLL > /dev/null 2> "$TMP/bad.err"
[ $? = 2 ] || fail "--order URFDLL accepted"
has "\-\-order: " "$TMP/bad.err"
echo "e2e_serve3: ok"
