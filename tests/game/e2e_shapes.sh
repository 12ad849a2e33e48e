#!/usr/bin/env bash
# needs: tables3 (its `play` opens both sizes' tables before connecting)
# serve --show SHAPE over real sockets, read by the shape readers:
#   - the 2x2 game: `play` (--input auto, and the shape forced) wins a five-round game against
#     `serve --show SHAPE` for every shape and colour set, and `replay` of its recording finds
#     every round read and correct;
#   - the 3x3 game: each shape's first round, read over /dev/tcp, is rebuilt by
#     `solve --explain-input` into the one cube the same server shows as boxes (same seed), and
#     its answer is accepted by the server (whole 3x3 games in every shape: below, with the
#     shape recognised and forced, a face hidden, and their recordings replayed).
# needs: tables3 (the 3x3 two-phase tables fixture)
HERE=$(dirname "$0")
. "$HERE/lib_serve.sh"

n=0
for show in boxes faces net string ansi; do
  for colours in letters words digits; do
    [ "$show" = boxes ] && [ "$colours" != letters ] && continue
    [ "$show" = ansi ] && [ "$colours" != letters ] && continue
    for input in auto "$show"; do
      n=$((n + 1))
      serve "s$n" --show "$show" --colours "$colours" --rounds 5 --games 1 --seed "$n" --alarm 30
      play "p$n" -q --input "$input" --record "$TMP/p$n.rec" 127.0.0.1 "$PORT"
      [ "$RC" = 0 ] || fail "play --input $input against serve --show $show --colours $colours: exit $RC: $(tail -3 "$TMP/p$n.err")"
      has "flag{cubegod_local_practice}" "$TMP/p$n.out"
      # replay reads the recorded rounds in the same shape and checks every answer
      "$CUBEGOD" replay "$TMP/p$n.rec" > "$TMP/r$n.out" 2>&1 || fail "replay of --show $show: $(tail -3 "$TMP/r$n.out")"
      has "5 rounds, 5 correct" "$TMP/r$n.out"
    done
  done
done
"$CUBEGOD" serve --show boxes --colours words --port 0 > "$TMP/bad.out" 2> "$TMP/bad.err"
[ $? = 2 ] || fail "boxes in words accepted"
has "other colours need another shape (faces, net, string or ansi): give --show" "$TMP/bad.err"
"$CUBEGOD" serve --show cubes --port 0 > "$TMP/bad.out" 2> "$TMP/bad.err"
[ $? = 2 ] || fail "bad --show accepted"
has "'cubes' is not boxes, faces, net, string, ansi, dict or json" "$TMP/bad.err"

# read_round FD: reads up to and including the prompt into $TMP/round
read_round() {
  : >"$TMP/round"
  local line
  while IFS= read -r -t 10 line <&3; do
    printf '%s\n' "$line" >>"$TMP/round"
    [ "${line%$'\r'}" = "Enter your solution:" ] && return 0
  done
  return 1
}
for show in boxes faces net string ansi; do
  colours=letters
  [ "$show" = faces ] && colours=words
  [ "$show" = net ] && colours=digits
  serve "t$show" --size 3 --show "$show" --colours "$colours" --games 1 --seed 5 --hide 1 --rounds 1 --alarm 60
  exec 3<>"/dev/tcp/127.0.0.1/$PORT"
  read_round || fail "3x3 $show: no round"
  "$CUBEGOD" solve --explain-input --explain "$TMP/round" > "$TMP/ans" 2> "$TMP/why" ||
    fail "3x3 $show: solve failed: $(cat "$TMP/why")"
  want="$show of a 3x3"
  [ "$show" = ansi ] && want="net of a 3x3 in ANSI colours"
  has "$want" "$TMP/why"
  has "hidden: 9 stickers (face " "$TMP/why"
  grep "corners\|edges" "$TMP/why" > "$TMP/pieces.$show"
  cat "$TMP/ans" >&3
  IFS= read -r -t 60 verdict <&3
  case "$verdict" in "[+]"*) ;; *) fail "3x3 $show: the answer got '$verdict'";; esac
  exec 3>&-
done
# the same seed shows the same cube in every shape: the same pieces where
for show in faces net string ansi; do
  cmp -s "$TMP/pieces.boxes" "$TMP/pieces.$show" || fail "3x3 $show read another cube than boxes"
done
# Whole 3x3 games (six faces shown) in every shape: play reads each with --input auto.
for show in boxes faces net string ansi; do
  colours=letters
  [ "$show" = faces ] && colours=words
  [ "$show" = ansi ] && colours=ansi
  rounds=5
  [ -n "${CUBEGOD_SLOW_TOOLS:-}" ] && rounds=1 # valgrind: tens of times slower
  serve "g$show" --size 3 --show "$show" --colours "$colours" --games 1 --seed 9 --rounds $rounds --alarm 60
  play "g$show" 127.0.0.1 "$PORT"
  [ "$RC" = 0 ] || fail "3x3 $show game: exit $RC"
  has "\[+\] won: $rounds/$rounds rounds passed" "$TMP/g$show.out"
  n=$((n + 1))
done
# The gaps those leave for the 3x3: the shape forced (--input SHAPE), other colour sets, one face
# hidden, and the recording replayed (every round read and correct).
for show in faces net string ansi; do
  colours=digits
  [ "$show" = net ] && colours=words
  [ "$show" = ansi ] && colours=ansi
  rounds=3
  [ -n "${CUBEGOD_SLOW_TOOLS:-}" ] && rounds=2 # valgrind: short, and "2 rounds" as replay words it
  serve "f$show" --size 3 --show "$show" --colours "$colours" --games 1 --seed 34 --hide 1 --rounds $rounds --alarm 60
  play "f$show" 127.0.0.1 "$PORT" --input "$show" --record "$TMP/f$show.rec"
  [ "$RC" = 0 ] || fail "3x3 $show game, --input $show: exit $RC: $(tail -2 "$TMP/f$show.err")"
  has "\[+\] won: $rounds/$rounds rounds passed" "$TMP/f$show.out"
  "$CUBEGOD" replay "$TMP/f$show.rec" > "$TMP/fr$show.out" 2>&1 ||
    fail "replay of the 3x3 $show game: $(tail -3 "$TMP/fr$show.out")"
  has "$rounds rounds, $rounds correct ($rounds 3x3, optimum not computed)" "$TMP/fr$show.out"
  n=$((n + 1))
done
echo "ok: $n games won, five 3x3 shapes read"
