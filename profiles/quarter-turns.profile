# A challenge that takes quarter turns only and counts them: at most 14 quarter turns, which is
# the 2x2's God's number in the quarter-turn metric, so every cube fits.
notation = quarter
metric = qtm
max-moves = 14
