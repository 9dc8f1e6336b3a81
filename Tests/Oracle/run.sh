#!/usr/bin/env bash
# Occurrence oracle: compares `invites show` with recurring-ical-events.
#
# Usage: Tests/Oracle/run.sh PATH_TO_INVITES_BINARY [oracle.py options...]
#   e.g. Tests/Oracle/run.sh .build/debug/invites --only hardcases --verbose
#
# Creates (or reuses) a virtualenv at .build/oracle-venv with pinned
# packages, writes the generated calendars to .build/oracle-generated and
# runs oracle.py. Without a package index it prints one line
# "oracle: skipped: <reason>" and exits 0.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"

if [ $# -lt 1 ]; then
    echo "usage: Tests/Oracle/run.sh PATH_TO_INVITES_BINARY [--only PATTERN] [--verbose]" >&2
    exit 2
fi
binary="$1"
shift
if [ ! -x "$binary" ] || [ -d "$binary" ]; then
    echo "oracle: $binary: not an executable" >&2
    exit 2
fi
case "$binary" in
    /*) ;;
    *) binary="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")" ;;
esac
cd "$root"

# Pinned: recurring-ical-events and what it pulls in.
pins=(
    "recurring-ical-events==3.8.2"
    "icalendar==7.3.2"
    "x-wr-timezone==2.0.1"
    "python-dateutil==2.9.0.post0"
    "tzdata==2026.6"
    "six==1.17.0"
    "click==8.5.1"
    "typing-extensions==4.16.0"
)
venv=".build/oracle-venv"
stamp="$venv/.oracle-pins"
python="${PYTHON:-python3}"

if ! command -v "$python" >/dev/null 2>&1; then
    echo "oracle: skipped: no $python"
    exit 0
fi
mkdir -p .build
want="$(printf '%s\n' "${pins[@]}")"
if [ ! -x "$venv/bin/python" ] || [ "$(cat "$stamp" 2>/dev/null || true)" != "$want" ]; then
    log=".build/oracle-install.log"
    if ! { [ -x "$venv/bin/python" ] || "$python" -m venv "$venv"; } >"$log" 2>&1; then
        echo "oracle: skipped: cannot create a virtualenv ($(tail -n 1 "$log"))"
        exit 0
    fi
    if ! "$venv/bin/python" -m pip install --quiet "${pins[@]}" >>"$log" 2>&1; then
        echo "oracle: skipped: pip install failed ($(grep -m1 -E 'ERROR|error' "$log" || tail -n 1 "$log"))"
        exit 0
    fi
    printf '%s\n' "$want" >"$stamp"
fi

gen=".build/oracle-generated"
rm -rf "$gen"
"$venv/bin/python" "$here/gen_hard.py" "$gen"
status=0
"$venv/bin/python" "$here/oracle.py" --invites "$binary" --generated "$gen" "$@" || status=$?
# The replies of the project's own series fixtures and of Outlook's meetings sent as winmail.dat
# are checked always, the corpus's when it is here.
[ -d ../shared/corpus ] || echo "replies: the corpus part skipped: ../shared/corpus is not here"
"$venv/bin/python" "$here/replies.py" "$binary" ../shared/corpus Tests/InvitesCLITests/Fixtures/series \
    Tests/InvitesKitTests/Fixtures/tnef || status=$?
# So are proposals of a new time (COUNTER), as the outbox holds them.
"$venv/bin/python" "$here/counters.py" "$binary" ../shared/corpus Tests/InvitesCLITests/Fixtures/series \
    Tests/InvitesCLITests/Fixtures/triage || status=$?
# And the other iTIP messages invites sends or takes in (REFRESH, ADD, ...), from the same
# invitations and the RFC's own examples.
"$venv/bin/python" "$here/itip.py" "$binary" ../shared/corpus Tests/InvitesCLITests/Fixtures/series \
    Tests/InvitesCLITests/Fixtures/triage Tests/InvitesCLITests/Fixtures/itip || status=$?
exit "$status"
