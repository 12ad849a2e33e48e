# A challenge that paints its cube with ANSI background colours only (no letters: each sticker
# is a coloured cell), as AMSI 2025's "2x2 Furious" does. Only colour cells (or '?') are read as
# stickers. 'cubegod serve' plays it as a 2x2 net of colour blocks.
[play]
input = ansi

[solve]
input = ansi

[serve]
show = ansi
