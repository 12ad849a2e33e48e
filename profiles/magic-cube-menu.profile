# A menu game around each 3x3 (a 2023 event's "magic cube"): the solved cube is shown first,
# then a level menu, then each scrambled cube behind a menu that is asked before every action.
# The cube is an ANSI truecolour net with its centres moved (slice moves), moves are one
# character each (lower case anticlockwise, a half turn written twice, nothing between them).
# Three replies carry the dialogue: pick the hardest level at the start, ask to move while a
# cube waits, ask for the check once the moves are sent. 'cubegod serve --profile' plays such a
# game (serve --menu).
[play]
input = ansi
prompt = your step:
notation = quarter
move-map = U=U,U'=u,D=D,D'=d,F=F,F'=f,B=B,B'=b,L=L,L'=l,R=R,R'=r
separator = none
reply = start:your choice:=3
reply = cube:your choice:=2
reply = answered:your choice:=3

[serve]
menu
