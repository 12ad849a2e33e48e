# A challenge with its own letter for each move, written with nothing between them
# ("gcR..."): the names are in letters.map beside this file.
move-map = letters.map
separator = none
