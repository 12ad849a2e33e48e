# bash completion for cubegod(1): commands, bench's subcommands, options, and the values of
# options that take a fixed set of words or a file. Installed as
# share/bash-completion/completions/cubegod; needs nothing from the bash-completion package.

_cubegod_options() {
    case $1 in
    solve) echo "--input --explain-input --line --order --ambiguous --explain --time-limit --optimal --json --target --scheme --max-moves --cache --notation --move-map --separator --metric --profile" ;;
    play) echo "--exec --tls --insecure --sni --timeout --record --target --scheme --max-moves
                --prompt --flag-regex --cache --proxy --interactive --one-move --time-limit --ambiguous --input --order --notation --move-map --separator --metric
                --profile --size -q -v" ;;
    serve) echo "--host --port --rounds --alarm --max-moves --flag --seed --check --tls-cert
                 --tls-key --max-clients --games --one-move --size --hide --scramble --show --colours --order --notation --move-map --separator --metric --profile -q" ;;
    replay) echo "--check --max-moves --prompt --cache --one-move --input --order --notation --move-map --separator --metric -q" ;;
    tables) echo "--cache --rebuild --metric --optimal --size" ;;
    order) echo "--state --explain" ;;
    "bench solve") echo "-n --seed --target --cache --json --size --max-moves --time-limit --max-nodes --metric --facelets" ;;
    "bench net") echo "--size --games --rounds --alarm --seed --svg --cache --json" ;;
    "bench sim3") echo "-n --ops --seed --json" ;;
    "bench order") echo "-n -r --seed --json" ;;
    "bench jigsaw") echo "-n --seed --json" ;;
    "bench optimal") echo "--depth --scramble -n --seed --time-limit --cache --json --twophase-cache --no-phase1" ;;
    "bench read3") echo "-n --seed --rounds --json" ;;
    esac
}

_cubegod() {
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
    local commands="solve play serve replay bench tables sim3 order jigsaw version help"
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
            mapfile -t COMPREPLY < <(compgen -W "solve net sim3 order jigsaw optimal read3" -- "$cur")
            return
        fi
        cmd="bench ${COMP_WORDS[2]}" ;;
    esac
    case $prev in
    --cache | --record | --tls-cert | --tls-key | --svg)
        mapfile -t COMPREPLY < <(compgen -f -- "$cur")
        return ;;
    --target)
        mapfile -t COMPREPLY < <(compgen -W "home any auto" -- "$cur")
        return ;;
    --check)
        mapfile -t COMPREPLY < <(compgen -W "any home" -- "$cur")
        return ;;
    --ambiguous)
        mapfile -t COMPREPLY < <(compgen -W "fail pick" -- "$cur")
        return ;;
    --size)
        mapfile -t COMPREPLY < <(compgen -W "2 3" -- "$cur")
        return ;;
    --input)
        mapfile -t COMPREPLY < <(compgen -W "auto boxes faces net string ansi" -- "$cur")
        return ;;
    --show)
        mapfile -t COMPREPLY < <(compgen -W "boxes faces net string ansi" -- "$cur")
        return ;;
    --colours)
        mapfile -t COMPREPLY < <(compgen -W "letters words digits ansi" -- "$cur")
        return ;;
    --exec | --sni | --timeout | --scheme | --max-moves | --prompt | --flag-regex | --host | \
        --port | --rounds | --alarm | --flag | --seed | --max-clients | --games | -n | -r | --ops | \
        --depth | --scramble | --time-limit | --order | --hide)
        return ;; # a value of the user's own
    esac
    if [[ $cur == -* ]]; then
        mapfile -t COMPREPLY < <(compgen -W "$(_cubegod_options "$cmd") --help" -- "$cur")
    elif [ "$cmd" = replay ]; then
        mapfile -t COMPREPLY < <(compgen -f -- "$cur")
    fi
}
complete -F _cubegod cubegod
