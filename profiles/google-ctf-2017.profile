# Google CTF 2017 "Rubik": each cube is 54 colour letters on one line (W R G B O Y), a net
# flattened into a string: U's rows, then each row across L F R B, then D's rows (order net;
# its solved cube is WWWWWWWWWGGGRRRBBBOOOGGGRRRBBBOOOGGGRRRBBBOOOYYYYYYYYY). 'cubegod serve'
# plays it with a 3x3 whose strings are in that order (face letters as colours).
order = net

[play]
input = string

[solve]
input = string

[serve]
size = 3
show = string
