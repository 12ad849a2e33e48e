# bash completion for cubegod(1): commands, bench's subcommands, options, and the values of
# options that take a fixed set of words or a file. Installed as
# share/bash-completion/completions/cubegod; needs nothing from the bash-completion package.

_cubegod_options() {
    case $1 in
    solve) echo "--input --explain-input --line --order --ambiguous --explain --time-limit --threads --optimal --json --target --scheme --max-moves --cache --notation --move-map --separator --metric --profile
                 --across --layout --scramble --size" ;;
    play) echo "--exec --tls --insecure --sni --timeout --record --target --scheme --max-moves
                --prompt --flag-regex --cache --proxy --interactive --one-move --time-limit --threads --ambiguous --input --order --notation --move-map --separator --metric
                --profile -q -v -vv --pow --pow-limit --across --layout --reply --replies --send-first --verdict-ok --verdict-fail --send-each --end --pace --max-replies --json --size --color --tries --save-profile" ;;
    serve) echo "--host --port --rounds --alarm --max-moves --flag --seed --check --tls-cert
                 --tls-key --max-clients --games --one-move --size --hide --scramble --show --colours --order --notation --move-map --separator --metric --profile -q --pow --pow-difficulty
                 --goal --layout --across --banner --prompt --bare-prompt --send-each --end --menu" ;;
    replay) echo "--check --max-moves --prompt --cache --one-move --end --target --scheme --layout --across --input --order --notation --move-map --separator --metric -q --html" ;;
    tables) echo "--cache --rebuild --metric --optimal --size" ;;
    order) echo "--state --explain" ;;
    pow) echo "--threads --limit -q -v" ;;
    draw) echo "--ansi --svg --png --input --order --across --layout --cube -o" ;;
    turn) echo "--undo --check --size --across --order --layout --move-map --moves-from --moves" ;;
    "bench solve") echo "-n --seed --target --cache --json --size --max-moves --time-limit --max-nodes --threads --metric --facelets --write-cubes" ;;
    "bench net") echo "--size --games --rounds --alarm --seed --svg --cache --json" ;;
    "bench sim3") echo "-n --ops --seed --json" ;;
    "bench order") echo "-n -r --seed --json" ;;
    "bench jigsaw") echo "-n --seed --json" ;;
    "bench optimal") echo "--depth --scramble -n --seed --time-limit --cache --json --twophase-cache --no-phase1" ;;
    "bench read3") echo "-n --seed --rounds --json" ;;
    "bench pow") echo "--threads --runs --difficulty --json" ;;
    esac
}

# The kinds of `cubegod bench` (src/cli/commands.h's CLI_BENCH_KINDS; tests/package checks).
_cubegod_bench_kinds="solve net sim3 order jigsaw optimal read3 pow"

# File names for the word being completed (folders marked as such when bash-completion runs us).
_cubegod_files() {
    compopt -o filenames 2>/dev/null
    mapfile -t COMPREPLY < <(compgen -f -- "$cur")
}

_cubegod() {
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
    local commands="solve play serve replay draw bench tables sim3 order jigsaw pow turn version help"
    COMPREPLY=()
    if [ "$COMP_CWORD" -eq 1 ]; then
        mapfile -t COMPREPLY < <(compgen -W "$commands --help --version" -- "$cur")
        return
    fi
    local cmd=${COMP_WORDS[1]}
    case $cmd in
    help)
        [ "$COMP_CWORD" -eq 2 ] && mapfile -t COMPREPLY < <(compgen -W "$commands" -- "$cur")
        return ;;
    bench)
        if [ "$COMP_CWORD" -eq 2 ]; then
            mapfile -t COMPREPLY < <(compgen -W "$_cubegod_bench_kinds" -- "$cur")
            return
        fi
        cmd="bench ${COMP_WORDS[2]}" ;;
    esac
    case $prev in
    --cache | --write-cubes | --record | --tls-cert | --tls-key | --svg | --profile | --move-map | --html | -o | --layout | --replies | --save-profile | \
        --twophase-cache)
        _cubegod_files
        return ;;
    --notation)
        mapfile -t COMPREPLY < <(compgen -W "standard digits quarter quarter-cw" -- "$cur")
        return ;;
    --metric)
        mapfile -t COMPREPLY < <(compgen -W "htm qtm" -- "$cur")
        return ;;
    --color)
        mapfile -t COMPREPLY < <(compgen -W "auto always never" -- "$cur")
        return ;;
    --separator)
        mapfile -t COMPREPLY < <(compgen -W "space none comma" -- "$cur")
        return ;;
    --order) # the common face orders: cubegod's, Kociemba's, the boxes', another seen in CTFs
        mapfile -t COMPREPLY < <(compgen -W "UDFBLR URFDLB UFRBLD ULFRBD net" -- "$cur")
        return ;;
    --target)
        mapfile -t COMPREPLY < <(compgen -W "home any auto first" -- "$cur"; compgen -f -- "$cur")
        return ;;
    --prompt | --max-moves)
        # play reads both from the server's text by default; elsewhere a value of the user's own
        [ "$cmd" = play ] && mapfile -t COMPREPLY < <(compgen -W "auto" -- "$cur")
        return ;;
    --goal)
        mapfile -t COMPREPLY < <(compgen -W "shown" -- "$cur")
        return ;;
    --across)
        mapfile -t COMPREPLY < <(compgen -W "auto LFRB FRBL RBLF BLFR" -- "$cur")
        return ;;
    --pow)
        if [ "$cmd" = serve ]; then
            mapfile -t COMPREPLY < <(compgen -W "sha256 hashcash kctf" -- "$cur")
        else
            mapfile -t COMPREPLY < <(compgen -W "auto off" -- "$cur")
        fi
        return ;;
    --check)
        [ "$cmd" = turn ] && return # a flag there
        mapfile -t COMPREPLY < <(compgen -W "any home" -- "$cur")
        return ;;
    --moves-from)
        _cubegod_files
        return ;;
    --moves)
        mapfile -t COMPREPLY < <(compgen -W "last-line" -- "$cur")
        return ;;
    --ambiguous)
        mapfile -t COMPREPLY < <(compgen -W "fail pick" -- "$cur")
        return ;;
    --size)
        mapfile -t COMPREPLY < <(compgen -W "2 3" -- "$cur")
        return ;;
    --input)
        mapfile -t COMPREPLY < <(compgen -W "auto boxes faces net string ansi dict json" -- "$cur")
        return ;;
    --show)
        mapfile -t COMPREPLY < <(compgen -W "boxes faces net string ansi dict json" -- "$cur")
        return ;;
    --colours)
        mapfile -t COMPREPLY < <(compgen -W "letters words digits ansi" -- "$cur")
        return ;;
    --exec | --sni | --timeout | --scheme | --flag-regex | --host | \
        --port | --rounds | --alarm | --flag | --seed | --max-clients | --games | -n | -r | --ops | \
        --depth | --scramble | --time-limit | --threads | --hide | --cube | --reply | --send-first | \
        --verdict-ok | --verdict-fail | --end | --pace | --max-replies | --banner)
        return ;; # a value of the user's own
    esac
    if [[ $cur == -* ]]; then
        mapfile -t COMPREPLY < <(compgen -W "$(_cubegod_options "$cmd") --help" -- "$cur")
    elif [ "$cmd" = replay ] || [ "$cmd" = solve ] || [ "$cmd" = draw ] || [ "$cmd" = turn ]; then
        _cubegod_files
    fi
}
complete -F _cubegod cubegod
