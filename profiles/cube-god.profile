# The cube god challenge as it is: Face boxes, answers like "R U' F2" within 11 moves.
# These are the defaults, written out as a starting point for a challenge of your own.
notation = standard
separator = space
metric = htm
max-moves = 11

[play]
prompt = Enter your solution:
timeout = 10
