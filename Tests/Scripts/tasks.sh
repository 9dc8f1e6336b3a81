#!/usr/bin/env bash
# Task invitations (VTODO, RFC 5546 §3.4) written into a vdir and read back by the programs that
# read one: todoman (from PyPI, in a virtualenv under .build/) lists each task with its summary,
# due date, priority and the progress reported (percent, completed once `done`); khal, which
# reads VEVENTs only, still lists the meeting accepted into the same vdir beside the tasks.
# Each part is skipped, with one line, where PyPI cannot be reached.
# Usage: Tests/Scripts/tasks.sh BIN
set -euo pipefail
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
cd "$(dirname "$0")/../.."
root=$(pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/invites-tasks.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "tasks: FAILED: $*"; exit 1; }
fixtures=Tests/InvitesCLITests/Fixtures/itip
mkdir -p "$work/lists/tasks" "$work/config/todoman"
run() { "$bin" --home "$work/home" --tz UTC --me b@example.com --calendar "$work/lists/tasks" "$@"; }

run ingest "$fixtures/rfc5546-4.5.1-vtodo-request.ics" "$fixtures/task-quarterly-series.ics" \
    Tests/InvitesCLITests/Fixtures/series/rfc5546-4.4.1-series.ics >/dev/null
single=calsrv.example.com-873970198738777-00@example.com
series=calsrv.example.com-873970198738777-02@example.com
run progress "$single" 40 --no-send >/dev/null 2>&1 || fail "progress"
run accept "$series" --no-send >/dev/null 2>&1 || fail "accept the task series"
run accept 123456789 --no-send >/dev/null 2>&1 || fail "accept the meeting"
[ "$(ls "$work/lists/tasks" | wc -l)" = 3 ] || fail "one item per UID: $(ls "$work/lists/tasks")"

# todoman: the tasks as a to-do list reads them.
venv="$root/.build/tasks-venv"
if [ ! -x "$venv/bin/todo" ]; then
    { python3 -m venv "$venv" && "$venv/bin/pip" install -q todoman==4.7.0; } >/dev/null 2>&1 || true
fi
if [ -x "$venv/bin/todo" ]; then
    cat > "$work/config/todoman/config.py" <<CONF
path = "$work/lists/*"
date_format = "%Y-%m-%d"
time_format = "%H:%M"
default_list = "tasks"
cache_path = "$work/todoman.sqlite3"
CONF
    todo() { XDG_CONFIG_HOME="$work/config" "$venv/bin/todo" --porcelain list --status ANY; }
    # summary|percent|completed|due|priority, one line per task, in summary order.
    listed() {
        todo | python3 -c 'import json, sys
for t in sorted(json.load(sys.stdin), key=lambda t: t["summary"]):
    print("|".join(str(t[k]) for k in ("summary", "percent", "completed", "due", "priority")))'
    }
    got=$(listed)
    want="Create the requirements document|40|False|869590800|1
Send Quarterly Report|0|False|883821600|1"
    [ "$got" = "$want" ] || fail "todoman lists '$got', not '$want'"
    run done "$single" --no-send >/dev/null 2>&1 || fail "done"
    got=$(listed)
    got=${got%%$'\n'*}
    [ "$got" = "Create the requirements document|100|True|869590800|1" ] || fail "todoman after done: '$got'"
    run decline "$single" --no-send >/dev/null 2>&1 || fail "decline"
    [ "$(listed | cut -d'|' -f1)" = "Send Quarterly Report" ] || fail "todoman still lists the declined task"
    echo "tasks: todoman reads the tasks invites wrote (progress, done, declined)"
else
    echo "tasks: todoman part skipped: todoman could not be installed from PyPI"
fi

# khal: the meeting beside the tasks.
source Tests/Scripts/khal.sh
if khal_ready "$root"; then
    khal_config "$work/lists/tasks" "$work"
    "$khal" -c "$work/khal.conf" list 1997-07-01 1997-07-02 2>"$work/khal.err" | grep -q "Review Accounts" \
        || fail "khal does not list the meeting beside the tasks: $(cat "$work/khal.err")"
    echo "tasks: khal lists the meeting in the vdir of tasks"
else
    echo "tasks: khal part skipped: khal could not be installed from PyPI"
fi
echo "tasks: ok"
