# A challenge that draws its cube as an unfolded net, the way the South Central USA 2002
# simulator problem ('cubegod sim3') prints it: three rows of U, three rows across L F R B, three
# rows of D, one character a sticker with blanks between. 'cubegod serve' plays it with a 3x3.
[play]
input = net

[solve]
input = net

[serve]
size = 3
show = net
