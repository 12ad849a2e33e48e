#!/usr/bin/env python3
"""Every option the command line accepts is documented: in its command's --help and in that
command's section of man/cubegod.1. The options come from the source, so a new one is caught
without touching this test: each string literal such as "--cache" or "-q" inside a function of
src/cli/*.c is an accepted option of the command(s) that function serves, which are the commands
named in its cli_*("COMMAND", ...) calls or else every command whose usage the file prints.
Also: every command of main.c's table has a man section, and every --help text exits 0 and ends
with a newline; in each --help an option has one entry and one place in the usage synopsis.
Values: an option whose man entry reads '.It Fl -OPT Ar a | b | c' takes the words a, b, c (an
upper-case item such as FILE or TEXT stands for a file or free text): each word is in the
command's --help and is accepted ('cubegod CMD --OPT WORD --help' exits 0; with --size 3 when
the option is the 3x3's only), and every zsh spec of the option offers exactly those words. The
reverse: every option a --help describes has a man entry in its command's section. The kinds of
`bench` are the table of src/cli/cmd_bench.c; CLI_BENCH_KINDS, `cubegod help`, the man page, the
README and both completions list exactly them. Nothing here is a fixed list of options: a new
option or value is checked as soon as the sources name it.
Usage: check_options.py CUBEGOD SOURCE_DIR
       check_options.py --list SOURCE_DIR   prints COMMANDS<TAB>OPTION for every accepted option
                                            (COMMANDS: one, or several joined by '|' when the
                                            option belongs to one of them), COMMAND<TAB> for every
                                            command; checks nothing
       check_options.py --values SOURCE_DIR prints COMMAND<TAB>OPTION<TAB>WORDS<TAB>file|- for
                                            every option whose man entry lists values (WORDS
                                            blank-separated, '-' for none; 'file' when FILE
                                            is one of them)"""
import glob
import os
import re
import subprocess
import sys

cubegod, src = sys.argv[1], sys.argv[2]
listing = cubegod in ('--list', '--values')
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
for cmd in commands:
    help_text(cmd)
    if cmd not in sections and not any(s.startswith(cmd + ' ') for s in sections):
        problems.append(f"man/cubegod.1: no section for the command '{cmd}' of src/cli/main.c")
if checked < 30:
    problems.append(f'only {checked} options found in src/cli/*.c: the scan is broken')
def man_values():
    """(command, option) -> (words, takes a file), from the man page's '.It Fl -OPT Ar ...'."""
    values = {}
    for cmd, body in sections.items():
        for m in re.finditer(r'^\.It Fl (-?[A-Za-z][-\w]*) Ar (.+)$', body, re.M):
            items = [i.strip() for i in m.group(2).split('|')]
            words = [i for i in items if re.fullmatch(r'[a-z0-9][-a-z0-9]*', i)]
            if len(items) > 1 or items[0] == 'FILE':
                values[(cmd, '-' + m.group(1))] = (words, 'FILE' in items)
    return values


if cubegod == '--values':
    for (cmd, opt), (words, takes_file) in sorted(man_values().items()):
        print(f"{cmd}\t{opt}\t{' '.join(words) or '-'}\t{'file' if takes_file else '-'}")
    sys.exit(0)
if listing:
    for cmd in sorted(set(commands) | {c for cs, _ in found for c in cs.split('|')}):
        print(f'{cmd}\t')
    for cmd, opt in sorted(found):
        print(f'{cmd}\t{opt}')
    sys.exit(0)


def read(*parts):
    return open(os.path.join(src, *parts), encoding='utf-8').read()


def zsh_specs(text):
    """(command, option) -> the word lists its specs in completions/_cubegod offer; the command is
    the case label the spec stands under (`play)`, or `bench net` for a bench kind), so that one
    option name may take other values in another command."""
    arrays = {m.group(1): m.group(2).split()
              for m in re.finditer(r'^\s*(\w+)=\(([^)]*)\)', text, re.M)}
    labels = [(m.start(), m.group(1)) for m in re.finditer(r'^  (\w+)\)\s*$', text, re.M)]
    labels += [(m.start(), 'bench ' + m.group(1))
               for m in re.finditer(r'^    (\w+)\) _arguments', text, re.M)]
    labels.sort()
    specs = {}
    spec = r"""[)'"](-{1,2}[A-Za-z][-\w]*)\[[^]]*\]:[^:'"]*:\(([^)]*)\)"""
    for m in re.finditer(spec, text):
        words = []
        for w in m.group(2).split():
            words += arrays.get(w[1:], [w]) if w.startswith('$') else [w]
        cmd = ([c for at, c in labels if at < m.start()] or [''])[-1]
        specs.setdefault((cmd, m.group(1)), []).append(words)
    return specs


def listed(pattern, text, sep=None):
    m = re.search(pattern, text, re.M)
    return m.group(1).split(sep) if m else []


zsh = read('completions', '_cubegod')
bash = read('completions', 'cubegod.bash')
specs = zsh_specs(zsh)
values = man_values()
for (cmd, opt), (words, _) in sorted(values.items()):
    if not words:
        continue
    # the command's own specs; a spec shared by all commands (such as $cache) stands above them
    mine = specs.get((cmd, opt)) or [w for (c, o), ws in specs.items() if o == opt and
                                     (c == '' or c == cmd.split()[0]) for w in ws]
    if not mine:
        problems.append(f"zsh: completions/_cubegod offers no values for {opt} "
                        f"(cubegod {cmd}: {words})")
    for got in mine:
        if sorted(got) != sorted(words):
            problems.append(f"zsh: completions/_cubegod offers {got} for {opt}; man/cubegod.1 "
                            f"(cubegod {cmd}) says {words}")
    for w in words:
        if not re.search(r'(?<![\w-])' + re.escape(w) + r'(?![\w-])', help_text(cmd)):
            problems.append(f"'cubegod {cmd} --help' does not name {w}, a value of {opt}")
        for size in ([], ['--size', '3']):  # a 3x3-only option is unknown without --size 3
            r = subprocess.run([cubegod] + cmd.split() + size + [opt, w, '--help'],
                               capture_output=True, text=True, stdin=subprocess.DEVNULL)
            if r.returncode == 0 or 'unknown option' not in r.stderr:
                break
        if r.returncode != 0:
            problems.append(f"'cubegod {cmd} {opt} {w}' is refused ({r.stderr.strip()[:120]}) "
                            "though man/cubegod.1 lists it")

# every option a --help describes (an indented line that starts with it) has a man entry
for cmd in sorted(helps):
    described = set(re.findall(r'^ {2,4}(--?[A-Za-z][-\w]*)', helps[cmd], re.M)) - GENERIC
    for opt in sorted(described):
        if cmd in sections and not re.search(r'\bFl\s+' + re.escape(opt[1:]) + r'(?![\w-])',
                                             sections[cmd]):
            problems.append(f"'cubegod {cmd} --help' describes {opt}, man/cubegod.1 section "
                            f"'cubegod {cmd}' does not")

# one meaning each: an option is described once in its command's --help (one indented entry)
# and named once in each form of its usage synopsis (a form starts at 'usage: cubegod' or at a
# line 'cubegod ...' below it), so that a second entry cannot give it a second meaning
for cmd in sorted(helps):
    entries = re.findall(r'^ {2,4}(--?[A-Za-z][-\w]*)', helps[cmd], re.M)
    synopsis = helps[cmd].split('\n\n', 1)[0]
    forms = re.split(r'^(?:usage:)?\s*(?=cubegod )', synopsis, flags=re.M)
    checks = [('described', entries)] + [('in one usage form', re.findall(r'\[(--?[A-Za-z][-\w]*)', f))
                                         for f in forms]
    for what, opts in checks:
        for opt in sorted(set(opts) - GENERIC):
            if opts.count(opt) > 1:
                problems.append(f"'cubegod {cmd} --help': {opt} is {what} {opts.count(opt)} "
                                f"times (one entry, one meaning)")

# the kinds of bench: one list (cmd_bench.c's table), everywhere the same
table = re.search(r'KINDS\[\] = \{(.*?)\};', read('src', 'cli', 'cmd_bench.c'), re.S)
kinds = re.findall(r'\{"([a-z0-9]+)", bench_', table.group(1)) if table else []
help_top = subprocess.run([cubegod, 'help'], capture_output=True, text=True).stdout
lists = {
    'src/cli/commands.h CLI_BENCH_KINDS':
        listed(r'#define CLI_BENCH_KINDS "([^"]*)"', read('src', 'cli', 'commands.h'), ' | '),
    'man/cubegod.1 SYNOPSIS': listed(r'^\.Cm bench\n\.Cm ([^\n]*)', man, ' | '),
    'man/cubegod.1 sections': [c.split()[1] for c in sections if c.startswith('bench ')],
    'README.md': listed(r'\*\*`bench`\*\* `([^`]*)`', read('README.md'), ' | '),
    'completions/cubegod.bash': listed(r'_cubegod_bench_kinds="([^"]*)"', bash),
    'completions/_cubegod': listed(r'bench_kinds=\(([^)]*)\)', zsh),
    "'cubegod help'": listed(r'benchmarks: bench ([^\n]*)', help_top, ' | '),
}
if len(kinds) < 5:
    problems.append(f"found only {kinds} in src/cli/cmd_bench.c's KINDS table")
for where, got in lists.items():
    if sorted(got) != sorted(kinds):
        problems.append(f"the kinds of bench in {where} are {got}; src/cli/cmd_bench.c runs {kinds}")
for cmd in commands:
    if not re.search(r"'" + cmd + r":", zsh):
        problems.append(f"zsh: completions/_cubegod does not list the command {cmd}")
for p in problems:
    print('FAIL:', p, file=sys.stderr)
if problems:
    sys.exit(1)
print(f'{checked} options of {len(helps)} commands: each in its --help and in man/cubegod.1; '
      f'{len(values)} options with values alike in man, --help and zsh; '
      f'{len(kinds)} kinds of bench listed alike everywhere')
