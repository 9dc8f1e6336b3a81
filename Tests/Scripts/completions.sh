#!/usr/bin/env bash
# The completion scripts in real shells, each asked what it offers at the end of a command line:
# bash (the completion function called as readline calls it, so compgen does the matching), zsh
# (an interactive zsh in a pseudo-terminal with compinit loaded and Tab pressed:
# Tests/Scripts/zsh-complete.zsh) and fish (complete -C). zsh and fish are installed with
# apt-get when missing and root; otherwise that shell is skipped with one line saying so.
# Usage: Tests/Scripts/completions.sh BIN
set -uo pipefail
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
cd "$(dirname "$0")/../.."
root=$(pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/invites-completions.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin" "$work/files"
ln -s "$bin" "$work/bin/invites"
export PATH="$work/bin:$PATH" HOME="$work" XDG_CONFIG_HOME="$work/config" TZ=UTC
failures=0

shell_ready() {
    command -v "$1" >/dev/null && return 0
    [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null || return 1
    { apt-get install -y -q "$1" || { apt-get update -q && apt-get install -y -q "$1"; }; } >/dev/null 2>&1
    command -v "$1" >/dev/null
}

# Two inboxes: the default one, and one that only --home names.
payload() { echo "{\"title\":\"$1\",\"start\":\"2099-07-01T10:00:00Z\",\"end\":\"2099-07-01T11:00:00Z\",\"id\":\"$1\"}"; }
payload Mine > "$work/mine.json"
payload Other > "$work/other.json"
mine=$(invites ingest "$work/mine.json" | cut -d' ' -f1)
other=$(invites --home "$work/other" ingest "$work/other.json" | cut -d' ' -f1)
touch "$work/files/invite.ics" "$work/files/notes.txt"
# The commands as the help lists them, and help.
commands=$({ invites --help | sed -n '/^SUBCOMMANDS:/,/^$/s/^  \([a-z]\{1,\}\) .*/\1/p'; echo help; } | sort | tr '\n' ' ')
commands=${commands% }

# EXPECTED (sorted, space-separated) | the line as typed, the cursor at its end.
cases=(
    "show|invites --tz Europe/Berlin sh"
    "send show status|invites --home $work/other s"
    "$other|invites --home $work/other show "
    "$other|invites --home=$work/other show "
    "$mine|invites show "
    "$mine|invites review "
    "$mine|invites refresh "
    "$mine|invites forward "
    "$mine|invites delegate "
    "$mine|invites progress "
    "$mine|invites done "
    "--comment|invites progress $mine --comm"
    "--for|invites done $mine --f"
    "--comment|invites refresh $mine --comm"
    "--for --from|invites accept $mine --f"
    "--for --from|invites delegate $mine --f"
    "--for --from|invites comment $mine hello --f"
    "$other|invites --tz UTC --home $work/other --json history "
    "accepted announced cancelled declined past pending removed tentative|invites list --status "
    "accepted cancelled commented completed declined delegate-accepted delegate-declined delegate-tentative delegated forwarded in-process proposal-declined proposed refreshed tentative|invites history --status "
    "today yesterday|invites history --since "
    "bash fish zsh|invites completions "
    "${commands/ help/}|invites help "
    "$commands|invites "
    "always auto never|invites --color "
    "command desktop none|invites watch --notify "
    "--width|invites show --wi"
    "|invites --home $work/other comment $other "
    "|invites list "
    "invite.ics|invites ingest inv"
    "invite.ics|invites reply $mine --out inv"
)

check() {
    local shell=$1 line=$2 expected=$3 got=$4
    got=$(printf '%s\n' "$got" | sed '/^$/d' | sort -u | tr '\n' ' ')
    got=${got% }
    if [ "$got" != "$expected" ]; then
        echo "completions: FAILED: $shell: '$line<Tab>' offers '$got', not '$expected'"
        failures=$((failures + 1))
    fi
}

cd "$work/files"
invites completions bash > "$work/invites.bash"
# bash splits a line into COMP_WORDS at blanks and at "=" (COMP_WORDBREAKS), as readline does.
for case in "${cases[@]}"; do
    expected=${case%%|*} line=${case#*|}
    got=$(bash --norc --noprofile -c '
        source "$1"
        read -ra words <<< "$2"
        COMP_WORDS=()
        for word in "${words[@]}"; do
            if [[ $word == -*=* ]]; then COMP_WORDS+=("${word%%=*}" "=" "${word#*=}"); else COMP_WORDS+=("$word"); fi
        done
        [[ $2 == *" " ]] && COMP_WORDS+=("")
        COMP_CWORD=$((${#COMP_WORDS[@]} - 1)) COMP_LINE=$2 COMP_POINT=${#2}
        _invites
        printf "%s\n" "${COMPREPLY[@]}"' _ "$work/invites.bash" "$line")
    check bash "$line" "$expected" "$got"
done
echo "completions: bash: ${#cases[@]} command lines checked"

if shell_ready zsh; then
    invites completions zsh > "$work/_invites"
    for case in "${cases[@]}"; do
        expected=${case%%|*} line=${case#*|}
        got=$(timeout 30 zsh -f "$root/Tests/Scripts/zsh-complete.zsh" "$work/_invites" "$line" | sed 's:/$::')
        check zsh "$line" "$expected" "$got"
    done
    echo "completions: zsh: ${#cases[@]} command lines checked"
else
    echo "completions: zsh skipped: zsh is not installed and cannot be installed here (not root, or no apt-get)"
fi

if shell_ready fish; then
    invites completions fish > "$work/invites.fish"
    for case in "${cases[@]}"; do
        expected=${case%%|*} line=${case#*|}
        got=$(fish --no-config -c 'source $argv[1]; complete -C $argv[2]' "$work/invites.fish" "$line" | cut -f1)
        check fish "$line" "$expected" "$got"
    done
    echo "completions: fish: ${#cases[@]} command lines checked"
else
    echo "completions: fish skipped: fish is not installed and cannot be installed here (not root, or no apt-get)"
fi
[ "$failures" = 0 ] || exit 1
