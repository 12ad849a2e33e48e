# A challenge that wants turns as digits: R1 (clockwise), R2 (half), R3 (counter-clockwise).
notation = digits
