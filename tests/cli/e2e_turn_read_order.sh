# turn keeps the side order solve's reader found in a net of colours: a 3x3 net drawn with its
# side faces across as F R B L (not given) is turned as --across FRBL turns it, and the result
# reads back with that side order (./run.sh mutants --since 8adab20: the first of
# the four detected side faces dropped in drawing.c's readings_of_solve survived every test).
. "$(dirname "$0")/lib.sh"
cube=$("$CUBEGOD" turn "R U F' L2 D B'" <<< "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB" | tail -n 1)
[ ${#cube} = 54 ] || fail "turn of a string wrote '$cube'"
# the net as draw writes it (L F R B across), its three rows across rotated by one face
echo "$cube" | NO_COLOR=1 "$CUBEGOD" draw > "$TMP/net" || fail "draw exited $?"
awk 'NR >= 4 && NR <= 6 { print substr($0, 7) " " substr($0, 1, 5); next } { print }' "$TMP/net" > "$TMP/frbl"
"$CUBEGOD" solve --explain-input "$TMP/frbl" > /dev/null 2> "$TMP/explain" || fail "solve of the F R B L net exited $?"
expect_grep "side faces across: F R B L" "$TMP/explain"
"$CUBEGOD" turn R "$TMP/frbl" > "$TMP/auto" || fail "turn R exited $?"
"$CUBEGOD" turn --across FRBL R "$TMP/frbl" > "$TMP/given" || fail "turn --across FRBL R exited $?"
cmp -s "$TMP/auto" "$TMP/given" || fail "turn R of an F R B L net: $(cat "$TMP/auto") but --across FRBL gives $(cat "$TMP/given")"
# --size 3, the size solve read, keeps solve's reading too (a size that agrees is no reason to
# read it otherwise: the size check's '==' -> '!=' survived as well)
"$CUBEGOD" turn --size 3 R "$TMP/frbl" > "$TMP/sized" || fail "turn --size 3 R exited $?"
cmp -s "$TMP/sized" "$TMP/given" || fail "turn --size 3 R of an F R B L net: $(cat "$TMP/sized")"
# and the turned net is read with the same side order
"$CUBEGOD" solve --explain-input "$TMP/auto" 2>&1 > /dev/null | grep -q "side faces across: F R B L" ||
  fail "the turned net is not read with its side order F R B L: $(cat "$TMP/auto")"
echo ok
