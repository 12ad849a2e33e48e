#!/usr/bin/env bash
# play --tries: a game lost in round 1 for a reason with alternatives is played again over a new
# connection with the next hypothesis, against strangers' servers (tests/game/strangers/) that
# accept several games and stop at the first won (their exit status 0 says their own model
# found the cubes solved):
#   - a prompt of punctuation alone: game 2 with --prompt '%' wins; --save-profile writes it, and
#     the profile alone then wins a fresh server in one game;
#   - a 2x2 judged against its picture (white up, green front): --scheme ... --target home;
#   - a prompt line ending in ')': --prompt with that line;
#   - a gate in its own words: an empty line sent at it (--reply 'start:TEXT=');
#   - what the player gave is never changed (--prompt given: one game); --tries 1: one game;
#     bad values refused; no profile written for a lost game.
HERE=$(dirname "$0")
. "$HERE/lib_serve.sh"
S="$HERE/strangers"

# stranger NAME SCRIPT ARGS...: up to 3 games, the port in its own file; sets PORT and SPID
stranger() {
  local name=$1 script=$2; shift 2
  python3 "$S/$script" --games 3 --port-file "$TMP/$name.port" --alarm 90 "$@" 2> "$TMP/$name.log" &
  SPID=$!
  PIDS+=("$SPID")
  wait_port "$name" stranger
}
# stop_after_one NAME: waits for the server to log its first game's end, stops it, and fails
# unless exactly one game was played
stop_after_one() {
  for _ in $(seq 100); do grep -q '^stranger: game 1 ' "$TMP/$1.log" && break; sleep 0.05; done
  sleep 0.3 # a second connection would come now
  kill "$SPID" 2>/dev/null; wait "$SPID" 2>/dev/null
  [ "$(grep -c '^stranger: game [0-9]* ' "$TMP/$1.log")" = 1 ] || fail "$1: not one game: $(cat "$TMP/$1.log")"
}
# won NAME FLAG GAMES: play won (status 0, the flag), the server says won, GAMES games played
won() {
  wait "$SPID"; local src=$?
  [ "$RC" = 0 ] || fail "$1: play exit $RC"
  [ "$src" = 0 ] || fail "$1: the server says lost (exit $src): $(cat "$TMP/$1.log")"
  has "$2" "$TMP/$1.out"
  [ "$(grep -c '^stranger: game [0-9]* ' "$TMP/$1.log")" = "$3" ] || fail "$1: not $3 games: $(cat "$TMP/$1.log")"
}

stranger pct punct_prompt.py --seed 31
play pct --save-profile "$TMP/pct.profile" 127.0.0.1 "$PORT"
won pct "flag{punctuation_is_a_prompt_too}" 2
has "try 1 of 3: lost in round 1 (the prompt never recognised); trying again with --prompt '%'" "$TMP/pct.err"
has "2 games: 1: lost (the prompt never recognised); 2: won with --prompt '%'" "$TMP/pct.err"
has 'prompt = "%"' "$TMP/pct.profile"
stranger pct2 punct_prompt.py --seed 32
play pct2 --profile "$TMP/pct.profile" --tries 1 127.0.0.1 "$PORT"
won pct2 "flag{punctuation_is_a_prompt_too}" 1

stranger six six_colours.py --seed 33
play six --save-profile "$TMP/six.profile" 127.0.0.1 "$PORT"
won six "flag{white_up_green_front}" 2
has "won with --scheme 'U=W,D=Y,F=G,B=B,L=O,R=R' --target 'home'" "$TMP/six.err"
has 'target = "home"' "$TMP/six.profile"

stranger paren paren_prompt.py --seed 34
play paren 127.0.0.1 "$PORT"
won paren "flag{a_paren_ends_the_question}" 2
has "won with --prompt 'Type the moves (space separated, 40 at most)'" "$TMP/paren.err"

stranger gate newline_prompt.py --seed 35 --rounds 3 --wait-first 'Ready when you are. '
play gate 127.0.0.1 "$PORT"
won gate "flag{a_whole_line_can_be_the_prompt}" 2
has "won with --reply 'start:Ready when you are.='" "$TMP/gate.err"

# what the player gave stays: a wrong --prompt is not replaced, so one game only
stranger given punct_prompt.py --seed 36
play given --prompt 'Your answer' --timeout 2 127.0.0.1 "$PORT"
[ "$RC" = 1 ] || fail "a wrong --prompt won"
stop_after_one given
grep -q "trying again" "$TMP/given.err" && fail "--prompt given: tried again"

# --tries 1: one game; the lost game writes no profile
stranger one punct_prompt.py --seed 37
play one --tries 1 --timeout 2 --save-profile "$TMP/one.profile" 127.0.0.1 "$PORT"
[ "$RC" = 1 ] || fail "--tries 1 won"
stop_after_one one
has "not written: no game was won" "$TMP/one.err"
[ -e "$TMP/one.profile" ] && fail "a profile written for a lost game"

"$CUBEGOD" play --tries 0 127.0.0.1 1 2> "$TMP/bad.err"; [ $? = 2 ] || fail "--tries 0 taken"
has "tries" "$TMP/bad.err"
"$CUBEGOD" play --tries 17 127.0.0.1 1 2> "$TMP/bad.err"; [ $? = 2 ] || fail "--tries 17 taken"
echo ok
