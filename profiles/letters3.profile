# A 3x3 challenge with its own letter for each face turn (letters.map beside this file), sent
# with nothing between them ("gcRp..."), at most 20 moves.
move-map = letters.map
separator = none
max-moves = 20

[serve]
size = 3
