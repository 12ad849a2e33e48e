#!/usr/bin/env python3
"""Every option the command line accepts is documented: in its command's --help and in that
command's section of man/cubegod.1. The options come from the source, so a new one is caught
without touching this test: each string literal such as "--cache" or "-q" inside a function of
src/cli/*.c is an accepted option of the command(s) that function serves, which are the commands
named in its cli_*("COMMAND", ...) calls or else every command whose usage the file prints.
Also: every command of main.c's table has a man section, and every --help text exits 0 and ends
with a newline. Usage: check_options.py CUBEGOD SOURCE_DIR
       check_options.py --list SOURCE_DIR   prints COMMANDS<TAB>OPTION for every accepted option
                                            (COMMANDS: one, or several joined by '|' when the
                                            option belongs to one of them), COMMAND<TAB> for every
                                            command; checks nothing"""
import glob
import os
import re
import subprocess
import sys

cubegod, src = sys.argv[1], sys.argv[2]
listing = cubegod == '--list'
found = set()
man_path = os.path.join(src, 'man', 'cubegod.1')
man = open(man_path, encoding='utf-8').read()
sections = {m.group(1).strip(): m.group(2) for m in
            re.finditer(r'^\.Ss cubegod ([^\n]+)\n(.*?)(?=^\.S[sh] |\Z)', man, re.M | re.S)}
GENERIC = {'-h', '--help', '--'}  # every command's help flag; the end of options
problems = []
helps = {}


def help_text(cmd):
    if listing:
        return ''
    if cmd not in helps:
        r = subprocess.run([cubegod] + cmd.split() + ['--help'], capture_output=True, text=True)
        if r.returncode != 0:
            problems.append(f"'cubegod {cmd} --help' exited {r.returncode}: {r.stderr.strip()}")
        elif not r.stdout.endswith('\n'):
            problems.append(f"'cubegod {cmd} --help' does not end with a newline")
        helps[cmd] = r.stdout
    return helps[cmd]


def functions(text):
    """Top-level function bodies: from a line '{' to the next line '}'."""
    return re.findall(r'^\{\n(.*?)^\}', text, re.M | re.S)


main = open(os.path.join(src, 'src', 'cli', 'main.c'), encoding='utf-8').read()
commands = re.findall(r'\{"([a-z0-9]+)", cmd_', main)
if len(commands) < 5:
    problems.append(f"found only {commands} in src/cli/main.c's command table")
checked = 0
for path in sorted(glob.glob(os.path.join(src, 'src', 'cli', '*.c'))):
    rel = os.path.relpath(path, src)
    text = open(path, encoding='utf-8').read()
    file_cmds = sorted(set(re.findall(r'"usage: cubegod ((?:bench )?[a-z0-9]+)', text)))
    # A file of options shared by several commands says whose they are; each of them must
    # document every one: "Options of: solve, play, serve, replay."
    shared = re.search(r'Options of: ([a-z0-9 ,]+)\.', text)
    shared = [c.strip() for c in shared.group(1).split(',')] if shared else []
    for cmd in file_cmds:
        help_text(cmd)
        if cmd not in sections:
            problems.append(f"{man_path}: no section '.Ss cubegod {cmd}' ({rel} prints its usage)")
    for body in functions(text):
        opts = set(re.findall(r'"(--?[A-Za-z][-A-Za-z0-9]*)"', body)) - GENERIC
        if not opts:
            continue
        cmds = sorted(set(re.findall(r'\bcli_\w+\(\s*"((?:bench )?[a-z0-9]+)"', body))) or file_cmds
        groups = [[c] for c in shared] if shared else [cmds]
        if not cmds and not shared:
            problems.append(f"{rel}: options {sorted(opts)} in a function of no known command")
            continue
        for cmds in groups:
            for opt in sorted(opts):
                checked += 1
                found.add(('|'.join(cmds), opt))
                if listing:
                    continue
                word = r'(?<![\w-])' + re.escape(opt) + r'(?![\w-])'
                if not any(re.search(word, help_text(c)) for c in cmds):
                    problems.append(f"option {opt} ({rel}) is missing from "
                                    + ' and '.join(f"'cubegod {c} --help'" for c in cmds))
                fl = r'\bFl\s+' + re.escape(opt[1:]) + r'(?![\w-])'
                if not any(re.search(fl, sections.get(c, '')) for c in cmds):
                    problems.append(f"option {opt} ({rel}) is missing from man/cubegod.1, section "
                                    + ' or '.join(f"'cubegod {c}'" for c in cmds)
                                    + f" (write it as '.Fl {opt[1:]}')")
if listing:
    for cmd in sorted(set(commands) | {c for cs, _ in found for c in cs.split('|')}):
        print(f'{cmd}\t')
    for cmd, opt in sorted(found):
        print(f'{cmd}\t{opt}')
    sys.exit(0)
for cmd in commands:
    help_text(cmd)
    if cmd not in sections and not any(s.startswith(cmd + ' ') for s in sections):
        problems.append(f"man/cubegod.1: no section for the command '{cmd}' of src/cli/main.c")
if checked < 30:
    problems.append(f'only {checked} options found in src/cli/*.c: the scan is broken')
for p in problems:
    print('FAIL:', p, file=sys.stderr)
if problems:
    sys.exit(1)
print(f'{checked} options of {len(helps)} commands: each in its --help and in man/cubegod.1')
