#!/usr/bin/env bash
# Kills `invites accept`/`decline` with SIGKILL at random moments and checks, after every kill,
# that the calendar and the store are whole: the calendar is the original or the original plus
# exactly the invite's events, SQLite's integrity check passes, and the history holds whole
# answers only. Usage: Tests/Scripts/crash-safety.sh BIN [RUNS]
set -euo pipefail
bin=$1
runs=${2:-200}
cd "$(dirname "$0")/../.."
work=$(mktemp -d "${TMPDIR:-/tmp}/invites-crash.XXXXXX")
trap 'rm -rf "$work"' EXIT
cp fixtures/calendar.ics "$work/calendar.ics"
cp fixtures/calendar.ics "$work/original.ics"
run() { "$bin" --home "$work/home" --calendar "$work/calendar.ics" --tz UTC --me me@example.org "$@"; }
run ingest fixtures/invite.json >/dev/null

landed=0
for i in $(seq 1 "$runs"); do
    if [ $((i % 2)) = 1 ]; then action=accept; else action=decline; fi
    "$bin" --home "$work/home" --calendar "$work/calendar.ics" --tz UTC --me me@example.org "$action" 12 --comment "run $i" >/dev/null 2>&1 &
    pid=$!
    sleep "$(printf "0.%03d" $((RANDOM % 40)))"
    kill -9 "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    python3 - "$work" <<'PY' || { echo "crash-safety: FAILED after run $i"; exit 1; }
import sqlite3, sys
work = sys.argv[1]
original = open(f"{work}/original.ics", "rb").read()
now = open(f"{work}/calendar.ics", "rb").read()
end = original.rindex(b"END:VCALENDAR")
if now != original:
    assert now.startswith(original[:end]) and now.endswith(original[end:]), "calendar bytes outside the insertion changed"
    inserted = now[end:len(now) - (len(original) - end)]
    assert inserted.startswith(b"BEGIN:VEVENT\r\n") and inserted.endswith(b"END:VEVENT\r\n"), "truncated insertion"
    assert inserted.count(b"BEGIN:VEVENT") == 1 and b"UID:push-12@invites" in inserted, "not exactly the invite"
db = sqlite3.connect(f"{work}/home/invites.sqlite3")
assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok", "store corrupt"
for action, comment in db.execute("SELECT action, comment FROM history"):
    assert action in ("accepted", "declined") and comment.startswith("run "), "partial history row"
status, = db.execute("SELECT status FROM invites").fetchone()
rows = db.execute("SELECT pending FROM calendar_entries").fetchall()
settled = [pending for pending, in rows if not pending]
if not any(pending for pending, in rows):
    assert (now != original) == bool(settled), f"calendar and store disagree (status {status})"
PY
done
landed=$(python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('SELECT count(*) FROM history').fetchone()[0])" "$work/home/invites.sqlite3")
run show 12 >/dev/null
echo "crash-safety: $runs kills, $landed answers landed whole, 0 corrupt"
