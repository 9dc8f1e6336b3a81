#!/usr/bin/env bash
# The series scenario as a user lives it, read back by the clients that share the calendar: a
# weekly invitation accepted, one occurrence moved and accepted, one cancelled, one declined, one
# added by the organizer (METHOD:ADD), then this and every later one moved (RANGE=THISANDFUTURE),
# and cancelled from a later one on.
# After every step khal lists the vdir's occurrences at the right times, and the single-file
# calendar expands (recurring-ical-events, from the oracle's virtualenv) to the same list.
# Either part says so in one line and is skipped when its tool could not be installed.
# Usage: Tests/Scripts/series.sh BIN
set -euo pipefail
bin=$1
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
work=$(mktemp -d "${TMPDIR:-/tmp}/invites-series.XXXXXX")
trap 'rm -rf "$work"' EXIT
fixtures=Tests/InvitesCLITests/Fixtures/series
mkdir "$work/vdir"
cp fixtures/calendar.ics "$work/calendar.ics"

. Tests/Scripts/khal.sh
khal_ready "$root" || true
khal_config "$work/vdir" "$work"
oracle="$root/.build/oracle-venv/bin/python"

# Both calendars get every step; $1 names the step, the rest is the command.
step() {
    local name=$1
    shift
    "$bin" --home "$work/home-vdir" --calendar "$work/vdir" --tz UTC --me me@example.org "$@" >/dev/null 2>&1 \
        || { echo "series: $name: invites $* failed on the vdir"; exit 1; }
    "$bin" --home "$work/home-file" --calendar "$work/calendar.ics" --tz UTC --me me@example.org "$@" >/dev/null 2>&1 \
        || { echo "series: $name: invites $* failed on the file"; exit 1; }
}

# What each client lists from 6 to 30 December: start, end, title, and CANCELLED where it is.
expect() {
    local name=$1 expected=$2
    if [ -x "$khal" ]; then
        got=$("$khal" -c "$work/khal.conf" list --format "{start} {end} {title}{cancelled}" --day-format "" \
            2026-12-06 2026-12-30 | sed '/^$/d; s/ *$//')
        [ "$got" = "$expected" ] || { printf 'series: %s: khal lists\n%s\nexpected\n%s\n' "$name" "$got" "$expected"; exit 1; }
    fi
    if [ -x "$oracle" ]; then
        got=$("$oracle" - "$work/calendar.ics" <<'PY'
import datetime, sys
import icalendar, recurring_ical_events
calendar = icalendar.Calendar.from_ical(open(sys.argv[1], "rb").read())
utc = datetime.timezone.utc
lines = []
for event in recurring_ical_events.of(calendar).between(datetime.datetime(2026, 12, 6, tzinfo=utc), datetime.datetime(2026, 12, 30, tzinfo=utc)):
    if str(event.get("UID")) != "weekly-1@example.org":
        continue
    start, end = event["DTSTART"].dt.astimezone(utc), event["DTEND"].dt.astimezone(utc)
    cancelled = "CANCELLED" if str(event.get("STATUS", "")) == "CANCELLED" else ""
    lines.append(f"{start:%Y-%m-%d %H:%M} {end:%Y-%m-%d %H:%M} {event['SUMMARY']}{cancelled}")
# In time order, as khal lists them (an RDATE's occurrence comes after the rule's otherwise).
print("\n".join(sorted(lines)))
PY
)
        [ "$got" = "$expected" ] || { printf 'series: %s: the file expands to\n%s\nexpected\n%s\n' "$name" "$got" "$expected"; exit 1; }
    fi
    [ "$(grep -c '^RRULE:FREQ=WEEKLY;COUNT=10' "$work/calendar.ics")" = 1 ] || { echo "series: $name: the file lost its series"; exit 1; }
}

# What khal alone lists from 6 December to $2 (a range's later occurrences go past the 30th).
khal_expect() {
    local name=$1 until=$2 expected=$3
    [ -x "$khal" ] || return 0
    got=$("$khal" -c "$work/khal.conf" list --format "{start} {end} {title}{cancelled}" --day-format "" \
        2026-12-06 "$until" | sed '/^$/d; s/ *$//')
    [ "$got" = "$expected" ] || { printf 'series: %s: khal lists\n%s\nexpected\n%s\n' "$name" "$got" "$expected"; exit 1; }
}

step "accept the series" ingest "$fixtures/weekly.ics"
step "accept the series" accept weekly-1
expect "accept the series" "2026-12-07 09:00 2026-12-07 10:00 Weekly planning
2026-12-14 09:00 2026-12-14 10:00 Weekly planning
2026-12-21 09:00 2026-12-21 10:00 Weekly planning
2026-12-28 09:00 2026-12-28 10:00 Weekly planning"
step "one occurrence moved" ingest "$fixtures/moved.ics"
step "one occurrence moved" accept weekly-1 --occurrence 20261214T090000Z
expect "one occurrence moved" "2026-12-07 09:00 2026-12-07 10:00 Weekly planning
2026-12-14 11:00 2026-12-14 12:00 Weekly planning (moved)
2026-12-21 09:00 2026-12-21 10:00 Weekly planning
2026-12-28 09:00 2026-12-28 10:00 Weekly planning"
step "one occurrence cancelled" ingest "$fixtures/cancel-one.ics"
step "one occurrence declined" decline weekly-1 --occurrence 2026-12-28
expect "one cancelled, one declined" "2026-12-07 09:00 2026-12-07 10:00 Weekly planning
2026-12-14 11:00 2026-12-14 12:00 Weekly planning (moved)
2026-12-21 09:00 2026-12-21 10:00 Weekly planningCANCELLED
2026-12-28 09:00 2026-12-28 10:00 Weekly planning"
# The organizer adds a Wednesday (METHOD:ADD): an RDATE and its override in both calendars.
step "an occurrence added" ingest Tests/InvitesCLITests/Fixtures/itip/weekly-add.ics
expect "an occurrence added" "2026-12-07 09:00 2026-12-07 10:00 Weekly planning
2026-12-14 11:00 2026-12-14 12:00 Weekly planning (moved)
2026-12-16 14:00 2026-12-16 15:00 Weekly planning (extra)
2026-12-21 09:00 2026-12-21 10:00 Weekly planningCANCELLED
2026-12-28 09:00 2026-12-28 10:00 Weekly planning"
grep -q '^RDATE:20261216T140000Z' "$work/calendar.ics" || { echo "series: the added occurrence has no RDATE"; exit 1; }
awk '/^BEGIN:VEVENT/ { block = "" } { block = block $0 "\n" } /^END:VEVENT/ && block ~ /RECURRENCE-ID:20261228T090000Z/ { print block }' \
    "$work/calendar.ics" | grep -q 'PARTSTAT=DECLINED:mailto:me@example.org' \
    || { echo "series: the declined occurrence is not DECLINED in the file"; exit 1; }
# The organizer moves the 28th and every later occurrence to 10:00 (RANGE=THISANDFUTURE): the
# override goes in with its RANGE, the 28th declined apart is made from it, NEEDS-ACTION, and khal
# lists the later occurrences at the new time. The oracle's expansion is not asked: what it makes
# of a range is not what this script checks.
step "this and all later moved" ingest Tests/InvitesCLITests/Fixtures/series/thisandfuture.ics
grep -q '^RECURRENCE-ID;RANGE=THISANDFUTURE:20261228T090000Z' "$work/calendar.ics" \
    || { echo "series: the range is not in the file as the organizer sent it"; exit 1; }
for item in "$work/calendar.ics" "$work"/vdir/*.ics; do
    awk '/^BEGIN:VEVENT/ { block = "" } { block = block $0 "\n" } /^END:VEVENT/ && block ~ /RANGE=THISANDFUTURE/ { print block }' \
        "$item" | grep -q 'PARTSTAT=NEEDS-ACTION:mailto:me@example.org' \
        || { echo "series: the moved range is not NEEDS-ACTION in $item"; exit 1; }
done
khal_expect "this and all later moved" 2027-01-12 "2026-12-07 09:00 2026-12-07 10:00 Weekly planning
2026-12-14 11:00 2026-12-14 12:00 Weekly planning (moved)
2026-12-16 14:00 2026-12-16 15:00 Weekly planning (extra)
2026-12-21 09:00 2026-12-21 10:00 Weekly planningCANCELLED
2026-12-28 10:00 2026-12-28 11:00 Weekly planning (later)
2027-01-04 10:00 2027-01-04 11:00 Weekly planning (later)
2027-01-11 10:00 2027-01-11 11:00 Weekly planning (later)"
# The organizer cancels the 4 January occurrence and every later one (CANCEL with
# RANGE=THISANDFUTURE): one override with its RANGE and STATUS:CANCELLED in both calendars, the
# master untouched, and khal lists each occurrence from the cancel on CANCELLED.
master=$(awk '/^BEGIN:VEVENT/ { block = "" } { block = block $0 "\n" } /^END:VEVENT/ && block ~ /RRULE/ { print block }' "$work/calendar.ics")
step "this and all later cancelled" ingest Tests/InvitesCLITests/Fixtures/series/cancel-from-fifth.ics
for item in "$work/calendar.ics" "$work"/vdir/*.ics; do
    awk '/^BEGIN:VEVENT/ { block = "" } { block = block $0 "\n" } /^END:VEVENT/ && block ~ /RANGE=THISANDFUTURE:20270104T090000Z/ { print block }' \
        "$item" | grep -q '^STATUS:CANCELLED' \
        || { echo "series: the cancel from 4 January is not one cancelled range override in $item"; exit 1; }
done
[ "$(awk '/^BEGIN:VEVENT/ { block = "" } { block = block $0 "\n" } /^END:VEVENT/ && block ~ /RRULE/ { print block }' "$work/calendar.ics")" = "$master" ] \
    || { echo "series: the range cancel changed the master"; exit 1; }
khal_expect "this and all later cancelled" 2027-02-12 "2026-12-07 09:00 2026-12-07 10:00 Weekly planning
2026-12-14 11:00 2026-12-14 12:00 Weekly planning (moved)
2026-12-16 14:00 2026-12-16 15:00 Weekly planning (extra)
2026-12-21 09:00 2026-12-21 10:00 Weekly planningCANCELLED
2026-12-28 10:00 2026-12-28 11:00 Weekly planning (later)
2027-01-04 10:00 2027-01-04 11:00 Weekly planning (later)CANCELLED
2027-01-11 10:00 2027-01-11 11:00 Weekly planning (later)CANCELLED
2027-01-18 10:00 2027-01-18 11:00 Weekly planning (later)CANCELLED
2027-01-25 10:00 2027-01-25 11:00 Weekly planning (later)CANCELLED
2027-02-01 10:00 2027-02-01 11:00 Weekly planning (later)CANCELLED
2027-02-08 10:00 2027-02-08 11:00 Weekly planning (later)CANCELLED"
step "the series declined" decline weekly-1
cmp -s "$work/calendar.ics" fixtures/calendar.ics || { echo "series: declining the series did not give the file back"; exit 1; }
[ -z "$(ls "$work/vdir")" ] || { echo "series: declining the series left a vdir item"; exit 1; }
parts="invites"
[ -x "$khal" ] && parts="$parts, khal list" || echo "series: khal part skipped: khal could not be installed from PyPI"
[ -x "$oracle" ] && parts="$parts, recurring-ical-events" || echo "series: file expansion part skipped: the oracle's virtualenv is missing"
echo "series: accept, move, cancel, decline one occurrence, an added one, this and all later moved, then cancelled, decline the series, read back by $parts: ok"
