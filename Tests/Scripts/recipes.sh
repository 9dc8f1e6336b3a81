#!/usr/bin/env bash
# Runs the recipes of docs/recipes.md against the real binary: the mail-client pipe, the
# handles the macros use, the aerc filter, the reply through a sendmail-like reader, and a vdir
# read by khal (khal from PyPI; that part is skipped, with one line, without PyPI).
# Usage: Tests/Scripts/recipes.sh BIN
set -euo pipefail
bin=$1
cd "$(dirname "$0")/../.."
root=$(pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/invites-recipes.XXXXXX")
trap 'rm -rf "$work"' EXIT
export INVITES_HOME="$work/home" INVITES_ME=me@example.org TZ=UTC XDG_CONFIG_HOME="$work/config"
mkdir -p "$work/vdir"
export INVITES_CALENDAR="$work/vdir"
invite="$work/invite.eml"
# The meeting is a month ahead of today, so that it is pending whenever the test runs: an
# invitation that is over leaves the pending list the macros read.
day=$(date -u -d "+30 days" +%Y%m%d)
calendar=$(printf '%s\r\n' BEGIN:VCALENDAR VERSION:2.0 'PRODID:-//recipes//EN' METHOD:REQUEST BEGIN:VEVENT \
    UID:planning-recipe@example.org DTSTAMP:20240601T080000Z "DTSTART:${day}T100000Z" "DTEND:${day}T110000Z" \
    SUMMARY:Planning 'ORGANIZER;CN=Ann:mailto:ann@example.org' \
    'ATTENDEE;RSVP=TRUE;PARTSTAT=NEEDS-ACTION:mailto:me@example.org' END:VEVENT END:VCALENDAR | base64 -w 76)
cat > "$invite" <<MAIL
From: Ann <ann@example.org>
To: me@example.org
Subject: Invitation: Planning
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="b1"

--b1
Content-Type: text/plain

Join us.
--b1
Content-Type: text/calendar; method=REQUEST; charset=UTF-8
Content-Transfer-Encoding: base64

$calendar
--b1--
MAIL
# mutt / aerc: pipe the message
handle=$("$bin" ingest - < "$invite" | cut -d' ' -f1)
[ "$("$bin" list --handles | head -n 1)" = "$handle" ] || { echo "recipes: list --handles does not give the new invite"; exit 1; }
# aerc filter: ingest from stdin, then show
"$bin" --color always ingest - < "$invite" | cut -d' ' -f1 | xargs "$bin" --color never show --width 80 | grep "Planning" >/dev/null
# accept into the vdir, reply through a sendmail -t reader
"$bin" accept "$handle" --comment "See you" >/dev/null
[ "$(ls "$work/vdir" | wc -l)" = 1 ] || { echo "recipes: accept did not write one vdir item"; exit 1; }
"$bin" reply "$handle" --mime | python3 -c '
import email, sys
message = email.message_from_binary_file(sys.stdin.buffer)
assert message["To"].endswith("<ann@example.org>") or message["To"] == "ann@example.org", message["To"]
assert message["Subject"] == "Accepted: Planning", message["Subject"]
parts = {part.get_content_type(): part for part in message.walk()}
calendar = parts["text/calendar"]
assert calendar.get_param("method") == "REPLY"
body = calendar.get_payload(decode=True).decode()
assert body.count("ATTENDEE") == 1 and "PARTSTAT=ACCEPTED" in body and "COMMENT:See you" in body, body
'
[ -z "$("$bin" status)" ] || { echo "recipes: status should print nothing with nothing pending"; exit 1; }
# khal reads the vdir
. Tests/Scripts/khal.sh
if ! khal_ready "$root"; then
    echo "recipes: khal part skipped: khal could not be installed from PyPI"
    echo "recipes: mutt pipe, handles, aerc filter, accept into a vdir, reply --mime | sendmail -t: ok"
    exit 0
fi
khal_config "$work/vdir" "$work"
"$khal" -c "$work/khal.conf" list "$(date -u -d "$day" +%Y-%m-%d)" "$(date -u -d "$day + 1 day" +%Y-%m-%d)" | grep "Planning" >/dev/null || { echo "recipes: khal does not list the accepted invite"; exit 1; }
"$bin" decline "$handle" >/dev/null
[ -z "$(ls "$work/vdir")" ] || { echo "recipes: decline did not remove the vdir item"; exit 1; }
echo "recipes: mutt pipe, handles, aerc filter, accept into a vdir, khal list, reply --mime | sendmail -t: ok"
