# One move per prompt, the cube shown after each: what 'cubegod serve --one-move' plays.
one-move

[play]
prompt = Enter your move:
