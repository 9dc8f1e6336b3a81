#!/usr/bin/env bash
# Outlook's meetings sent as winmail.dat (TNEF), from mail to reply, and checked against two
# independent readers: each spec-built stream of Tests/InvitesKitTests/Fixtures/tnef read alike
# by invites, PyPI's tnefparse and Debian's ytnef (`ytnef -f DIR`, whose iCalendar python
# icalendar reads; apt-get installs ytnef-tools when run as root); the TNEF files tnefparse's
# source distribution ships (IPM.Appointment, notes, damaged streams), fetched from PyPI, named
# by the class tnefparse reads; a request listed, shown with its conflict, accepted, its REPLY
# parsed by icalendar, then updated and cancelled by iTIP; broken streams refused within
# bounds; and Exchange's silence explained, in a real Exchange mail of ../shared/corpus too.
# Each part that needs PyPI, ytnef or the corpus says so in one line and is skipped without it.
# Usage: Tests/Scripts/tnef.sh BIN
set -euo pipefail
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
cd "$(dirname "$0")/../.."
root=$(pwd)
fixtures=Tests/InvitesKitTests/Fixtures/tnef
work=$(mktemp -d "${TMPDIR:-/tmp}/invites-tnef.XXXXXX")
trap 'rm -rf "$work"' EXIT
export HOME="$work" XDG_CONFIG_HOME="$work/config" TZ=Europe/Berlin
fail() { echo "tnef: FAIL: $*"; exit 1; }

# The fixtures are what make_tnef.py writes, byte for byte.
python3 "$fixtures/make_tnef.py" --check "$work/made" || fail "the fixtures differ from what make_tnef.py writes"

# 1. From mail to reply: an Outlook request in a winmail.dat, beside a calendar that holds
# a meeting at the same time.
cat > "$work/calendar.ics" <<'ICS'
BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//tnef.sh//EN
BEGIN:VEVENT
UID:dentist@example.com
DTSTAMP:20250301T080000Z
DTSTART:20250318T093000Z
DTEND:20250318T100000Z
SUMMARY:Dentist
END:VEVENT
END:VCALENDAR
ICS
inv() { "$bin" --home "$work/home" --calendar "$work/calendar.ics" --me kim@example.com "$@" 2>>"$work/log"; }
handle=$(inv ingest "$fixtures/request.eml" --print handle)
listed=$(inv list --all)
grep -q "Infoveranstaltung Umbau" <<<"$listed" || fail "list --all does not show the request: $listed"
shown=$(inv show "$handle")
grep -q "^1 conflict" <<<"$shown" || fail "show finds no conflict with the dentist: $shown"
grep -q "where      Raum 4, Haus B" <<<"$shown" || fail "show has no location: $shown"
inv accept "$handle" --comment "Bis dann" >/dev/null
inv reply "$handle" > "$work/reply.ics"
inv reply "$handle" --mime > "$work/reply.eml"
grep -q "^To: .*organizer@example.org" "$work/reply.eml" || fail "the reply mail is not to the organizer"
grep -q "^In-Reply-To: <request@tnef.example.org>" "$work/reply.eml" || fail "the reply mail does not thread"
grep -q "^Content-Type: text/calendar; .*method=REPLY" "$work/reply.eml" || fail "the reply mail has no text/calendar REPLY"
update=$(inv ingest "$fixtures/request-update.ics")
grep -q "^$handle  updated" <<<"$update" || fail "the iTIP update is not the same invitation: $update"
cancel=$(inv ingest "$fixtures/cancel.eml")
grep -q "^$handle  cancelled" <<<"$cancel" || fail "the winmail.dat cancellation did not cancel it: $cancel"
echo "tnef: a winmail.dat request listed, shown with its conflict, accepted, answered by iMIP, updated and cancelled"
# A weekly series, then one occurrence of it moved an hour later by a request of its own.
series=$(inv ingest "$fixtures/weekly.eml" --print handle)
inv ingest "$fixtures/weekly-moved.eml" >/dev/null
shown=$(inv show "$series")
grep -q "Tue 25 Mar 2025 16:00-17:00 CET  moved from 15:00" <<<"$shown" \
    || fail "the moved occurrence is not an instance of its series: $shown"
echo "tnef: a winmail.dat about one occurrence moves that occurrence of its series"

# 2. Refusals, and broken streams within bounds: 10 s at most, and the memory the process
# grew to (GNU time's maximum resident size, where it is installed).
measure() {
    local started=$SECONDS
    if [ -x /usr/bin/time ]; then
        /usr/bin/time -o "$work/rss" -f "%M" timeout 10 "$@"
    else
        echo "?" > "$work/rss"
        timeout 10 "$@"
    fi
}
refused() {
    local file=$1 expected=$2 status started
    started=$(date +%s%N)
    set +e
    measure "$bin" --home "$work/refused" ingest "$fixtures/$file" > "$work/out" 2>&1
    status=$?
    set -e
    [ "$status" = 65 ] || fail "$file: exit $status, not 65: $(cat "$work/out")"
    grep -qF -- "$expected" "$work/out" || fail "$file: says $(cat "$work/out")"
    printf 'tnef: %-17s exit 65, %4d ms, %6s KB: %s\n' "$file" $((($(date +%s%N) - started) / 1000000)) \
        "$(tail -n 1 "$work/rss")" "$(grep -o 'not an invite: .*' "$work/out" | cut -c16-100)"
}
refused accepted.eml "its winmail.dat is an answer: Jens Meier accepted \"Infoveranstaltung Umbau\""
refused task.eml "an Outlook task request (IPM.TaskRequest)"
refused note.eml "its winmail.dat is an Outlook \"IPM.Microsoft Mail.Note\""
refused cut.eml "the TNEF stream's attribute at byte 400 claims a length of 1044"
refused lying-length.eml "claims a length of 2147483632, more than it holds"
refused exchange-link.eml "Set-CASMailbox -Identity YOU -ImapForceICalForCalendarRetrievalOption \$true"
for file in nested.eml huge-rtf.eml request.eml; do
    started=$(date +%s%N)
    measure "$bin" --home "$work/bounded" ingest "$fixtures/$file" >/dev/null || fail "$file was not read in 10 s"
    printf 'tnef: %-17s read,    %4d ms, %6s KB\n' "$file" $((($(date +%s%N) - started) / 1000000)) \
        "$(tail -n 1 "$work/rss")"
done
if [ -d ../shared/corpus ]; then
    # A real Exchange meeting mail, its calendar part made plain text: what a mailbox that
    # gives meetings as links delivers.
    sed 's|Content-Type: text/calendar|Content-Type: text/plain|; s|meeting\.ics|meeting.txt|' \
        ../shared/corpus/mail/outlook/zimbra_TestMailRaw_invite1.eml > "$work/exchange.eml"
    set +e
    out=$("$bin" --home "$work/refused" ingest "$work/exchange.eml" 2>&1)
    status=$?
    set -e
    [ "$status" = 65 ] && grep -q "ImapForceICalForCalendarRetrievalOption" <<<"$out" \
        || fail "the corpus's Exchange mail without its calendar: $out"
    echo "tnef: a real Exchange meeting mail without iCalendar gets the mailbox-setting hint"
else
    echo "tnef: the corpus part skipped: ../shared/corpus is not here"
fi

# 3. The other readers: tnefparse and icalendar from PyPI, ytnef from Debian.
venv="$root/.build/tnef-venv"
pins=(tnefparse==1.4.0 icalendar==7.3.2 python-dateutil==4.0.0 tzdata==2026.6 typing_extensions==4.16.0)
if ! "$venv/bin/python" -c "import tnefparse, icalendar" 2>/dev/null; then
    if ! { python3 -m venv "$venv" && "$venv/bin/pip" install -q "${pins[@]}"; } >/dev/null 2>&1; then
        echo "tnef: the cross-checks skipped: tnefparse and icalendar could not be installed from PyPI"
        exit 0
    fi
fi
"$venv/bin/python" - "$work/reply.ics" <<'PY' || fail "python icalendar does not read the REPLY as one"
import sys
import icalendar
calendar = icalendar.Calendar.from_ical(open(sys.argv[1], "rb").read())
assert str(calendar["METHOD"]) == "REPLY", calendar.get("METHOD")
events = list(calendar.walk("VEVENT"))
assert len(events) == 1
event = events[0]
assert str(event["UID"]).startswith("040000008200E00074C5B7101A82E008"), event["UID"]
assert str(event["ATTENDEE"]).lower() == "mailto:kim@example.com", event["ATTENDEE"]
assert event["ATTENDEE"].params["PARTSTAT"] == "ACCEPTED"
assert str(event["ORGANIZER"]).lower() == "mailto:organizer@example.org"
assert str(event["COMMENT"]) == "Bis dann"
print("tnef: python icalendar reads the REPLY: METHOD:REPLY, the GlobalObjectId's UID, PARTSTAT=ACCEPTED")
PY
ytnef=$(command -v ytnef || true)
if [ -z "$ytnef" ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    apt-get install -y -q ytnef-tools >/dev/null 2>&1 || true
    ytnef=$(command -v ytnef || true)
fi
[ -n "$ytnef" ] || echo "tnef: the ytnef part skipped: ytnef (Debian's ytnef-tools) is not installed"
"$venv/bin/python" Tests/Scripts/tnef_check.py streams "$bin" "$fixtures" $ytnef
sdist="$root/.build/tnef-sdist"
if [ ! -d "$sdist/tnefparse-1.4.0/tests/examples" ]; then
    mkdir -p "$sdist"
    if ! "$venv/bin/pip" download -q --no-deps --no-binary :all: -d "$sdist" tnefparse==1.4.0 >/dev/null 2>&1; then
        echo "tnef: tnefparse's own files skipped: its source distribution could not be fetched from PyPI"
        exit 0
    fi
    tar xzf "$sdist/tnefparse-1.4.0.tar.gz" -C "$sdist"
fi
"$venv/bin/python" Tests/Scripts/tnef_check.py classes "$bin" "$sdist"/tnefparse-1.4.0/tests/examples/*.tnef
