# Completes one command line in a real interactive zsh, with compinit and the script under
# test, and prints each match on a line: zsh -f zsh-complete.zsh SCRIPT 'invites show '.
# After Valodim's zsh-capture-completion (MIT): the shell runs in a pseudo-terminal, compadd is
# wrapped to print what it would add (zsh itself matches them against the word typed), and a
# NUL line before and after the matches marks them in the output.
zmodload zsh/zpty || { print -u2 "zsh-complete: no zsh/zpty module"; exit 2 }
script=$1 line=$2
setup=$(mktemp "${TMPDIR:-/tmp}/zsh-complete.XXXXXX")
trap 'rm -f $setup; zpty -d z 2>/dev/null' EXIT
cat > $setup <<SETUP
PROMPT= RPROMPT=
autoload -Uz compinit
compinit -u -d $setup.dump
source ${(q)script}
bindkey '^I' complete-word
bindkey '^M' undefined
bindkey '^J' undefined
zstyle ':completion:*' list-grouped false
zstyle ':completion:*' insert-tab false
null-line() { echo -E - \$'\\0' }
compprefuncs=(null-line)
comppostfuncs=(null-line exit)
compadd() {
    if [[ \${@[1,(i)(-|--)]} == *-(O|A|D)\\ * ]]; then
        builtin compadd "\$@"
        return
    fi
    typeset -a __hits
    builtin compadd -A __hits "\$@"
    local hit
    for hit in \$__hits; do echo -E - "match:\$hit"; done
}
echo ready
SETUP
zpty z zsh -f -i
zpty -w z "source ${(q)setup}"
local out
repeat 50; do
    zpty -r z out
    [[ $out == ready* ]] && break
done
zpty -w z "$line"$'\t'
integer marks=0
while zpty -r z out; do
    [[ $out == *$'\0'* ]] && (( ++marks == 2 )) && break
    (( marks == 1 )) && [[ $out == match:* ]] && print -r -- ${${${out#match:}%$'\n'}%$'\r'}
done
rm -f $setup.dump
