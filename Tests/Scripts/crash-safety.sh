#!/usr/bin/env bash
# Kills `invites accept`/`decline` with SIGKILL at random moments and checks, after every kill,
# that the calendar and the store are whole: the calendar is the original or the original plus
# exactly the invite's events, SQLite's integrity check passes, and the history holds whole
# answers only. Then the same for answers to single occurrences of an accepted series: every
# kill leaves the series' master byte for byte, each occurrence's override whole or absent,
# and nothing outside the series changed. Usage: Tests/Scripts/crash-safety.sh BIN [RUNS]
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
run decline 12 >/dev/null
cp "$work/original.ics" "$work/calendar.ics"
run ingest Tests/InvitesCLITests/Fixtures/series/weekly.ics >/dev/null
run accept weekly-1 >/dev/null
cp "$work/calendar.ics" "$work/series.ics"
occurrences=(2026-12-14 2026-12-21 2026-12-28 2027-01-04)
series_runs=$((runs / 2))
for i in $(seq 1 "$series_runs"); do
    if [ $((i % 3)) = 0 ]; then action=accept; else action=decline; fi
    when=${occurrences[$((RANDOM % 4))]}
    "$bin" --home "$work/home" --calendar "$work/calendar.ics" --tz UTC --me me@example.org "$action" weekly-1 \
        --occurrence "$when" --comment "run $i" >/dev/null 2>&1 &
    pid=$!
    sleep "$(printf "0.%03d" $((RANDOM % 120)))"
    kill -9 "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    python3 - "$work" <<'PY' || { echo "crash-safety: FAILED after occurrence run $i"; exit 1; }
import re, sqlite3, sys
work = sys.argv[1]
accepted = open(f"{work}/series.ics", "rb").read()
now = open(f"{work}/calendar.ics", "rb").read()
blocks = re.findall(rb"BEGIN:VEVENT\r\n.*?END:VEVENT\r\n", now, re.S)
mine = [b for b in blocks if b"UID:weekly-1@example.org" in b]
master = [b for b in re.findall(rb"BEGIN:VEVENT\r\n.*?END:VEVENT\r\n", accepted, re.S) if b"UID:weekly-1@example.org" in b]
assert len(master) == 1 and mine and mine[0] == master[0], "the master changed"
rids = [re.search(rb"RECURRENCE-ID:(\S+)", b).group(1) for b in mine[1:]]
assert len(rids) == len(set(rids)), "an occurrence is in the calendar twice"
assert all(b"PARTSTAT=" in b for b in mine[1:]), "a truncated override"
outside = now
for block in mine[1:]:
    outside = outside.replace(block, b"", 1)
assert outside == accepted, "bytes outside the series changed"
db = sqlite3.connect(f"{work}/home/invites.sqlite3")
assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok", "store corrupt"
for action, comment, rid in db.execute("SELECT action, comment, recurrence_id FROM history WHERE uid = 'weekly-1@example.org'"):
    assert action in ("accepted", "declined") and (comment is None or comment.startswith("run ")), "partial history row"
PY
done
series_landed=$(python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute(\"SELECT count(*) FROM history WHERE recurrence_id != ''\").fetchone()[0])" "$work/home/invites.sqlite3")
run show weekly-1 >/dev/null
echo "crash-safety: $runs kills, $landed answers landed whole; $series_runs kills of answers to single occurrences, $series_landed landed whole; 0 corrupt"
