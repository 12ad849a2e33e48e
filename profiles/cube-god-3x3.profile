# The cube god challenge with a 3x3 ('cubegod serve --size 3'): all six faces as boxes, answers
# like "R U' F2" of at most 20 moves (God's number in the half-turn metric), one second a round.
notation = standard
separator = space
metric = htm
max-moves = 20

[play]
prompt = Enter your solution:

[serve]
size = 3
