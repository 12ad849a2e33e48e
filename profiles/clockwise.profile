# A challenge that knows only clockwise quarter turns (R' must be sent as R R R). Solutions are
# optimal in quarter turns, then written clockwise: up to 42 moves, so the limit is raised.
notation = quarter-cw
metric = qtm
max-moves = 42
