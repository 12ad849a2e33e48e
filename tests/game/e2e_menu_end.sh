#!/usr/bin/env bash
# needs: tables3 (the menu game is a 3x3)
# The menu game's end as serve words it: after the last round's check, one text that starts
# "Congratulations!", gives the score and then "Give you flag: FLAG"; the game logged won.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib_serve.sh"
MAP="U=U,U'=u,D=D,D'=d,F=F,F'=f,B=B,B'=b,L=L,L'=l,R=R,R'=r"
MENU=(--input ansi --prompt 'your step:' --notation quarter --move-map "$MAP" --separator none)
RULES=(--reply 'start:your choice:=3' --reply 'cube:your choice:=2' --reply 'answered:your choice:=3')

serve menu --menu --games 1 --seed 29 --rounds 2
# (play by hand: lib_serve's play replays a recording without the menu's options)
"$CUBEGOD" play "${MENU[@]}" "${RULES[@]}" --record "$TMP/menu.rec" 127.0.0.1 "$PORT" \
  > "$TMP/menu.out" 2> "$TMP/menu.err"
RC=$?
[ "$RC" = 0 ] || fail "menu game: exited $RC: $(tail -2 "$TMP/menu.err")"
has "\[+\] won: 2/2 rounds passed" "$TMP/menu.out"
# the server's last three lines, from the recording's records (one a line)
sed -n 's/^< [0-9.]* //p' "$TMP/menu.rec" | tail -n 3 > "$TMP/last"
printf '%s\n' 'Congratulations!\n' 'your score: 2\n' 'Give you flag: flag{cubegod_local_practice}\n' > "$TMP/want"
cmp -s "$TMP/last" "$TMP/want" || fail "the last text, as recorded: $(cat "$TMP/last")"
for _ in $(seq 50); do grep -q "rounds, " "$TMP/menu.log" && break; sleep 0.1; done
has "serve: game 1 .*: 2/2 rounds, won$" "$TMP/menu.log"
echo "e2e_menu_end: all checks passed"
