#!/usr/bin/env bash
# Invitations your CalDAV server already put in your calendar (issue 21), against a real server
# and a real sync: Xandikos 0.4.10 serving a calendar with scheduling (RFC 6638) on 127.0.0.1,
# its outbound iMIP handed to a sendmail stand-in that keeps every message, and vdirsyncer
# syncing that calendar to a vdir, both from PyPI in a virtualenv under .build/ (without PyPI
# the script says so in one line and is skipped).
#
# First the server alone: the principal's calendar-user-address-set and the inbox's
# schedule-default-calendar-URL set by PROPPATCH, an invitation delivered with `xandikos
# import-imip`, its PARTSTAT changed by hand in the vdir and synced: Xandikos sends one REPLY;
# a COMMENT alone makes it send nothing, SCHEDULE-FORCE-SEND=REPLY one REPLY carrying it.
# Then invites, with `send = always` and a sendmail command of its own that records what it is
# given: the invitation the server delivered is pending with no mail ingested and names its vdir
# item; accept changes only your ATTENDEE line of that item; after the sync the server has sent
# one REPLY (ACCEPTED) and invites none; the same invitation's mail ingested afterwards changes
# nothing and sends nothing; the organizer's update (SEQUENCE 1, a new time) is followed; a
# comment alone goes by mail from invites, the item untouched; a copy whose ORGANIZER says
# SCHEDULE-AGENT=CLIENT is answered by invites itself; one occurrence of a weekly invitation
# declined is an override VEVENT in the item, synced to the server; an ATTENDEE line long
# enough that the server folds it inside your address is found, and still found once accept
# folds it again (issue 35). Where Xandikos falls short
# of RFC 6638 (it ignores SCHEDULE-AGENT=CLIENT, refuses an override or a TRANSP an attendee
# adds, keeps an ETag for a copy it changed, takes a stale REQUEST) the script says so in a
# line starting "scheduling: xandikos:"; the Swift tests cover those rules with fixtures
# (Tests/InvitesKitTests/Fixtures/Scheduling).
#
# It prints the vdir item before the first step and its changes after each, and every message
# the server sent; with SCHEDULING_SAMPLE=DIR it also writes them into DIR (each step's item
# before and after, each message whole). One line per check; exits non-zero when any fails.
# Usage: [SCHEDULING_SAMPLE=DIR] Tests/Scripts/scheduling.sh BIN
set -euo pipefail
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
cd "$(dirname "$0")/../.."
root=$(pwd)
command -v python3 >/dev/null 2>&1 || { echo "scheduling: skipped: no python3 to run the server"; exit 0; }
venv=$root/.build/scheduling-venv
if ! "$venv/bin/python" -c 'import importlib.metadata as m, sys; sys.exit(m.version("xandikos") != "0.4.10" or m.version("vdirsyncer") != "0.21.0")' >/dev/null 2>&1; then
    { python3 -m venv "$venv" && "$venv/bin/pip" install -q xandikos==0.4.10 vdirsyncer==0.21.0; } >/dev/null 2>&1 \
        || { echo "scheduling: skipped: xandikos and vdirsyncer could not be installed from PyPI"; exit 0; }
fi
py=$venv/bin/python
dav() { "$py" "$root/Tests/Scripts/scheduling_dav.py" "$@"; }

work=$(mktemp -d "${TMPDIR:-/tmp}/invites-scheduling.XXXXXX")
server=
cleanup() {
    if [ -n "$server" ]; then
        kill "$server" 2>/dev/null || true
        wait "$server" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT
trap 'code=$?; echo "scheduling: FAILED: line $LINENO: $BASH_COMMAND (exit $code)"' ERR
unset INVITES_HOME INVITES_CALENDAR INVITES_ME INVITES_CONFIG COLUMNS
export TZ=UTC XDG_CONFIG_HOME="$work/xdg-config" XDG_DATA_HOME="$work/xdg-data" HOME="$work"
failures=0
checks=0
pass() { echo "scheduling: ok: $*"; checks=$((checks + 1)); }
fail() { echo "scheduling: FAILED: $*"; failures=$((failures + 1)); checks=$((checks + 1)); }
short() { echo "scheduling: xandikos: $*"; }
sample=${SCHEDULING_SAMPLE:-}
[ -z "$sample" ] || mkdir -p "$sample"

# The server: Xandikos with its defaults (principal /user/, calendar /user/calendars/calendar/,
# inbox /user/inbox/), outbound iMIP through a sendmail stand-in that keeps each message it is
# handed (Xandikos runs it as `BINARY -t -i`, the message on standard input). Without
# --smtp-from Xandikos sends nothing at all, with only a warning in its log.
sent=$work/server-sent
mkdir -p "$sent"
cat > "$work/server-sendmail" <<SH
#!/bin/sh
name="$sent/\$(printf %04d \$((\$(find "$sent" -name '*.eml' | wc -l) + 1)))"
cat > "\$name.part" && printf '%s\n' "\$*" > "\$name.args" && mv "\$name.part" "\$name.eml"
SH
chmod +x "$work/server-sendmail"
port=$(dav free-port)
base=http://127.0.0.1:$port
"$venv/bin/xandikos" serve -d "$work/server" --defaults -l 127.0.0.1 -p "$port" --no-detect-systemd \
    --imip-send=sendmail --sendmail-binary="$work/server-sendmail" --smtp-from=calendar@server.example.org \
    > "$work/xandikos.log" 2>&1 &
server=$!
dav wait "$base/" || { echo "scheduling: FAILED: xandikos did not start: $(tail -c 400 "$work/xandikos.log")"; exit 1; }
setup=$(dav setup "$base/user/" mailto:me@example.org /user/calendars/calendar/)
pass "xandikos 0.4.10 on 127.0.0.1:$port: $setup"

# The sync: the server's calendar straight to the vdir (collections = null, so discover asks
# nothing).
vdir=$work/vdir
mkdir -p "$vdir" "$work/vdirsyncer-status"
cat > "$work/vdirsyncer.conf" <<CONF
[general]
status_path = "$work/vdirsyncer-status/"

[pair calendar]
a = "calendar_local"
b = "calendar_server"
collections = null

[storage calendar_local]
type = "filesystem"
path = "$vdir/"
fileext = ".ics"

[storage calendar_server]
type = "caldav"
url = "$base/user/calendars/calendar/"
CONF
vdirsyncer() { "$venv/bin/vdirsyncer" -c "$work/vdirsyncer.conf" "$@"; }
vdirsyncer discover < /dev/null > "$work/discover.log" 2>&1 \
    || { echo "scheduling: FAILED: vdirsyncer discover: $(tail -c 400 "$work/discover.log")"; exit 1; }
sync() { vdirsyncer sync > "$work/sync.log" 2>&1; }

# The organizer's mail: imip_mail FILE UID SEQUENCE START END TITLE [RRULE] [ORGANIZER-PARAMS]
# [YOUR-ATTENDEE-PARAMS]. The same file is delivered by the server (import-imip) and, later,
# ingested by invites.
imip_mail() {
    local rrule=${7:-} params=${8:-} mine=${9:-CN=Me;RSVP=TRUE;PARTSTAT=NEEDS-ACTION}
    cat > "$1" <<MAIL
From: Boss <boss@example.org>
To: Me <me@example.org>
Subject: Invitation: $6
Date: Sat, 01 Jun 2030 08:0$3:00 +0000
Message-ID: <$2-$3@mail.example.org>
MIME-Version: 1.0
Content-Type: multipart/alternative; boundary="part"

--part
Content-Type: text/plain; charset=UTF-8

You are invited: $6.
--part
Content-Type: text/calendar; method=REQUEST; charset=UTF-8

BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Example Corp//Organizer 1.0//EN
METHOD:REQUEST
BEGIN:VEVENT
UID:$2
DTSTAMP:20300601T080$300Z
SEQUENCE:$3
DTSTART:$4
DTEND:$5
${rrule:+RRULE:$rrule
}SUMMARY:$6
ORGANIZER;CN=Boss${params}:mailto:boss@example.org
ATTENDEE;CN=Boss;PARTSTAT=ACCEPTED:mailto:boss@example.org
ATTENDEE;$mine:mailto:me@example.org
END:VEVENT
END:VCALENDAR
--part--
MAIL
}
deliver() { "$venv/bin/xandikos" import-imip --principal-url "$base/user/" < "$1" > "$work/import.log" 2>&1; }
# The vdir item holding a UID (vdirsyncer names it, not after the UID).
item_of() { grep -l "^UID:$1" "$vdir"/*.ics 2>/dev/null | head -n 1; }
server_count() { find "$sent" -name '*.eml' | wc -l | tr -d ' '; }

# The closing note's material: show_item STEP FILE prints the item whole, then after each step
# show_change STEP FILE prints what changed since (the copy kept in $work/before); show_sent STEP
# prints the messages the server sent since the last call. With SCHEDULING_SAMPLE each goes into
# that folder too, numbered in order: NN-step.ics, NN-step-before.ics and NN-step-after.ics,
# NN-step-sent-K.eml.
step_no=0
keep() {
    [ -n "$sample" ] || return 0
    cp "$2" "$sample/$(printf %02d "$step_no")-$(printf '%s' "$1" | tr -c 'A-Za-z0-9=' '-' | tr -s '-' | sed 's/-$//')$3"
}
show_item() {
    step_no=$((step_no + 1))
    echo "scheduling: item $(basename "$2"), $1:"
    sed 's/^/    /' "$2"
    cp "$2" "$work/before"
    keep "$1" "$2" .ics
}
show_change() {
    step_no=$((step_no + 1))
    keep "$1" "$work/before" -before.ics
    keep "$1" "$2" -after.ics
    if cmp -s "$work/before" "$2"; then
        echo "scheduling: item $(basename "$2") after $1: unchanged"
    else
        echo "scheduling: item $(basename "$2") after $1:"
        diff -u "$work/before" "$2" | tail -n +3 | sed 's/^/    /' || true
    fi
    cp "$2" "$work/before"
}
seen=0
show_sent() {
    local total count=0
    total=$(server_count)
    step_no=$((step_no + 1))
    if [ "$total" = "$seen" ]; then
        echo "scheduling: the server sent nothing ($1)"
    else
        for message in $(find "$sent" -name '*.eml' | sort | tail -n $((total - seen))); do
            count=$((count + 1))
            echo "scheduling: the server sent ($1), as sendmail $(cat "${message%.eml}.args"):"
            sed 's/^/    /' "$message"
            keep "$1" "$message" "-sent-$count.eml"
        done
    fi
    seen=$total
}
# REPLY lines of the messages sent since the mark: "To=… METHOD=REPLY UID=… RECURRENCE-ID=… addr=PARTSTAT".
new_sent() {
    local since=$1
    dav sent "$sent" | tail -n +$((since + 1))
}

# The organizer's invitations, all delivered by the server at once and brought by one sync: two
# for the server alone, three for invites.
imip_mail "$work/check.eml" server-check@example.org 0 20300604T100000Z 20300604T110000Z "Server check"
imip_mail "$work/client.eml" client-agent@example.org 0 20300605T100000Z 20300605T110000Z "Client scheduled" "" ";SCHEDULE-AGENT=CLIENT"
imip_mail "$work/budget.eml" budget-review@example.org 0 20300606T140000Z 20300606T150000Z "Budget review"
imip_mail "$work/agent.eml" agent-client-invites@example.org 0 20300605T140000Z 20300605T150000Z "Client answers" "" ";SCHEDULE-AGENT=CLIENT"
imip_mail "$work/standup.eml" standup@example.org 0 20300603T090000Z 20300603T093000Z "Weekly standup" "FREQ=WEEKLY;COUNT=4"
for mail in check client budget agent standup; do
    deliver "$work/$mail.eml" || { echo "scheduling: FAILED: import-imip $mail.eml: $(cat "$work/import.log")"; exit 1; }
done
sync || { echo "scheduling: FAILED: vdirsyncer sync: $(cat "$work/sync.log")"; exit 1; }

# 1. The server alone: an invitation accepted by hand in the vdir, synced.
item=$(item_of server-check@example.org)
check_item=$item
if [ -n "$item" ] && grep -q "PARTSTAT=NEEDS-ACTION.*:mailto:me@example.org" "$item"; then
    pass "import-imip put the invitation into the calendar (as $(basename "$item"), not named after its UID) at NEEDS-ACTION; vdirsyncer brought it"
else
    fail "the delivered invitation is not in the vdir at NEEDS-ACTION: $(ls "$vdir")"
    exit 1
fi
show_item delivered "$item"
mark=$(server_count)
dav partstat "$item" mailto:me@example.org ACCEPTED
show_change "PARTSTAT changed by hand" "$item"
sync
show_change "sync" "$item"
show_sent "PARTSTAT changed by hand"
replies=$(new_sent "$mark")
if [ "$(printf '%s\n' "$replies" | grep -c 'METHOD=REPLY UID=server-check@example.org RECURRENCE-ID=- mailto:me@example.org=ACCEPTED$')" = 1 ] \
    && [ "$(printf '%s\n' "$replies" | grep -c .)" = 1 ] && printf '%s\n' "$replies" | grep -q 'To=boss@example.org'; then
    pass "a PARTSTAT changed by hand and synced: the server sent one REPLY, ACCEPTED, to boss@example.org"
else
    fail "a PARTSTAT changed by hand: the server sent: ${replies:-nothing}"
fi

# A COMMENT alone changes no PARTSTAT, so Xandikos sends nothing for it; SCHEDULE-FORCE-SEND=REPLY
# on your ATTENDEE (RFC 6638 §7.2) asks it for the REPLY, which then carries the COMMENT.
mark=$(server_count)
dav add-line "$item" "COMMENT:Running ten minutes late"
show_change "a COMMENT added by hand" "$item"
sync
show_sent "a COMMENT added by hand"
if [ "$(server_count)" = "$mark" ]; then
    echo "scheduling: a COMMENT alone: the server sent nothing (it replies when your PARTSTAT changes, or when SCHEDULE-FORCE-SEND asks)"
fi
mark=$(server_count)
dav add-param "$item" mailto:me@example.org SCHEDULE-FORCE-SEND=REPLY
show_change "SCHEDULE-FORCE-SEND=REPLY added by hand" "$item"
sync
show_sent "SCHEDULE-FORCE-SEND=REPLY added by hand"
replies=$(new_sent "$mark")
if [ "$(printf '%s\n' "$replies" | grep -c 'UID=server-check@example.org RECURRENCE-ID=- mailto:me@example.org=ACCEPTED COMMENT=Running_ten_minutes_late$')" = 1 ] \
    && [ "$(printf '%s\n' "$replies" | grep -c .)" = 1 ]; then
    pass "SCHEDULE-FORCE-SEND=REPLY: the server sent one REPLY, carrying the COMMENT"
else
    fail "SCHEDULE-FORCE-SEND=REPLY: the server sent: ${replies:-nothing}"
fi

# SCHEDULE-AGENT=CLIENT on the ORGANIZER of your copy: RFC 6638 §7.1 says the client does the
# scheduling, so the server must send no REPLY.
item=$(item_of client-agent@example.org)
show_item "SCHEDULE-AGENT=CLIENT, delivered" "$item"
mark=$(server_count)
dav partstat "$item" mailto:me@example.org ACCEPTED
show_change "SCHEDULE-AGENT=CLIENT, PARTSTAT changed by hand" "$item"
sync
show_sent "SCHEDULE-AGENT=CLIENT, PARTSTAT changed by hand"
if [ -n "$(new_sent "$mark" | grep 'UID=client-agent@example.org' || true)" ]; then
    short "falls short of RFC 6638 §7.1 (§3.2.1): it ignores SCHEDULE-AGENT=CLIENT on the ORGANIZER of your copy and sent the organizer a REPLY anyway; the Swift tests check that invites sends its own reply for such a copy"
else
    pass "SCHEDULE-AGENT=CLIENT: the server sent nothing"
fi

# The server stores the copy without SCHEDULE-FORCE-SEND, yet answers the PUT with the ETag of
# what it stored, so vdirsyncer keeps the parameter in your vdir (through the sync just done).
server_copy=$(dav get "$base/user/calendars/calendar/$(grep -l '^UID:server-check@example.org' "$work/server/user/calendars/calendar/"*.ics | head -n 1 | xargs basename)")
if grep -q 'SCHEDULE-FORCE-SEND' "$check_item" && ! printf '%s\n' "$server_copy" | grep -q 'SCHEDULE-FORCE-SEND'; then
    short "falls short of RFC 4791 §5.3.4: it stored your copy without SCHEDULE-FORCE-SEND but answered the PUT with that copy's ETag, so vdirsyncer took the two for the same and the vdir keeps SCHEDULE-FORCE-SEND=REPLY"
fi
# An attendee may change TRANSP on their copy (RFC 6638 §3.2.2.1); Xandikos counts it as the
# organizer's.
printf '%s\n' "$server_copy" > "$work/transparent.ics"
dav add-line "$work/transparent.ics" TRANSP:TRANSPARENT
status=$(dav put "$base/user/calendars/calendar/$(grep -l '^UID:server-check@example.org' "$work/server/user/calendars/calendar/"*.ics | head -n 1 | xargs basename)" "$work/transparent.ics")
case $status in
    412*attendee-allowed*) short "falls short of RFC 6638 §3.2.2.1: it refuses (412, attendee-allowed) TRANSP:TRANSPARENT added to your copy (TRANSP is among its SCHEDULING_PROPERTIES, which only the organizer may change)" ;;
    2*) pass "TRANSP changed on your copy: accepted ($status)" ;;
    *) fail "TRANSP changed on your copy: $status" ;;
esac

# 2. invites. Its own sendmail records anything it is given, and send = always would hand it
# every reply it queues at once.
home=$work/home
invites_sent=$work/invites-sent
mkdir -p "$invites_sent"
cat > "$work/invites-sendmail" <<SH
#!/bin/sh
name="$invites_sent/\$(printf %04d \$((\$(find "$invites_sent" -name '*.eml' | wc -l) + 1)))"
cat > "\$name.part" && mv "\$name.part" "\$name.eml"
SH
chmod +x "$work/invites-sendmail"
config=$work/invites.conf
printf '%s\n' "name = Me" "send = always" "sendmail = \"$work/invites-sendmail\"" > "$config"
run() { "$bin" --home "$home" --calendar "$vdir" --me me@example.org --tz UTC --config "$config" "$@"; }
# One field of the invitation with this UID in `list --json --all`: listed UID KEY.
listed() {
    run --json list --all | python3 -c '
import json, sys
found = [i for i in json.load(sys.stdin)["invites"] if i["uid"] == sys.argv[1]]
print(json.dumps(found[0].get(sys.argv[2], "(no such key)"), sort_keys=True) if found else "(not listed)")' "$1" "$2"
}
# What an answering command's --json says, in a few words.
said() {
    python3 -c '
import json, os, sys
d = json.load(open(sys.argv[1]))
calendar = d.get("calendar") or {}
scheduling = d.get("scheduling") or {}
print("calendar %s%s, delivery %s, scheduling %s (setting %s)" % (
    calendar.get("change"), " " + os.path.basename(calendar["path"]) if calendar.get("path") else "",
    ",".join(sorted({str(e.get("delivery")) for e in d.get("entries", [])})),
    scheduling.get("mode"), scheduling.get("setting")))' "$1" 2>/dev/null || cat "$1"
}
# Its handle, empty when it is not listed.
handle_of() { listed "$1" handle | sed -n 's/^"\(.*\)"$/\1/p'; }
# Nothing more queued by invites and nothing more given to its sendmail than before (both
# none until the SCHEDULE-AGENT=CLIENT invitation, which invites answers itself).
queued_before=0
sent_before=0
invites_queued() { run --json outbox --all | python3 -c 'import json, sys; print(len(json.load(sys.stdin)["messages"]))'; }
invites_handed() { find "$invites_sent" -name '*.eml' | wc -l | tr -d ' '; }
nothing_from_invites() { [ "$(invites_queued)" = "$queued_before" ] && [ "$(invites_handed)" = "$sent_before" ]; }

item=$(item_of budget-review@example.org)
show_item "delivered by the server" "$item"
status=$(listed budget-review@example.org status)
calendar_item=$(listed budget-review@example.org calendarItem)
handle=$(handle_of budget-review@example.org)
if [ "$status" = '"pending"' ] && [ "$(run --json history | python3 -c 'import json, sys; print(len(json.load(sys.stdin)["entries"]))')" = 0 ]; then
    pass "list: the invitation the server delivered is pending, with no mail ingested and no answer"
else
    fail "list: the invitation the server delivered is $status (expected \"pending\", with nothing ingested)"
fi
# The one answered by hand in the vdir before (as a phone's calendar app would) is followed.
followed=$(listed server-check@example.org status)
[ "$followed" = '"accepted"' ] && pass "list: the invitation answered by hand in the vdir is accepted, as its copy says" \
    || fail "list: the invitation answered by hand in the vdir is $followed, not accepted"
# calendarItem: {"calendar", "path", "gone"} (docs/json-schema.json), null for one that came by mail.
expected_item=$(printf '{"calendar": "%s", "gone": false, "path": "%s"}' "$vdir" "$item")
if [ "$calendar_item" = "$expected_item" ]; then
    pass "list --json: calendarItem names the vdir and its item $(basename "$item"), not gone"
else
    fail "list --json: calendarItem is $calendar_item, not $expected_item"
fi

mark=$(server_count)
files_before=$(ls "$vdir")
cp "$item" "$work/answered-from"
if run --json accept "${handle:-budget-review}" > "$work/accept.json" 2> "$work/accept.err"; then
    pass "accept $handle: $(said "$work/accept.json")"
else
    fail "accept ${handle:-budget-review}: $(cat "$work/accept.err" "$work/accept.json")"
fi
show_change accept "$item"
# Only your ATTENDEE line may change, only its PARTSTAT, in the same file, and no file is added.
if why=$(dav only-partstat "$work/answered-from" "$item" mailto:me@example.org ACCEPTED 2>&1) \
    && [ "$(ls "$vdir")" = "$files_before" ]; then
    pass "accept changed only your ATTENDEE's PARTSTAT, in place in $(basename "$item")"
else
    fail "accept: the item is not the server's copy with only your PARTSTAT at ACCEPTED: ${why:-the files of the vdir changed: $(ls "$vdir" | tr '\n' ' ')}"
fi
if nothing_from_invites; then
    pass "accept queued nothing and gave its sendmail nothing (send = always): the server answers"
else
    fail "accept queued or sent a reply of its own: $(run --json outbox --all) $(ls "$invites_sent")"
fi
delivery=$(run --json history "${handle:-budget-review}" 2>/dev/null | python3 -c 'import json, sys; print(" ".join(e["delivery"] for e in json.load(sys.stdin)["entries"]))' 2>/dev/null || true)
[ "$delivery" = server ] && pass "history says the reply goes through the server (delivery server)" \
    || fail "history gives the answer's delivery as '$delivery', not server"
sync || fail "vdirsyncer sync after accept: $(cat "$work/sync.log")"
show_change sync "$item"
show_sent "after accept and sync"
replies=$(new_sent "$mark")
if [ "$(printf '%s\n' "$replies" | grep -c 'METHOD=REPLY UID=budget-review@example.org RECURRENCE-ID=- mailto:me@example.org=ACCEPTED$')" = 1 ] \
    && [ "$(printf '%s\n' "$replies" | grep -c .)" = 1 ]; then
    pass "after the sync the server sent exactly one REPLY, ACCEPTED, to boss@example.org; invites sent none"
else
    fail "after accept and sync the server sent: ${replies:-nothing}"
fi
nothing_from_invites || fail "after the sync invites has queued or sent a reply: $(run --json outbox --all)"

# The same invitation's mail, ingested afterwards: nothing changes, nothing is sent.
mark=$(server_count)
result=$(run --json ingest "$work/budget.eml" 2> "$work/ingest.err" | python3 -c '
import json, sys
print(" ".join(i["result"] for i in json.load(sys.stdin)["invites"]))' || true)
show_change "the mail ingested" "$item"
if [ "$result" = unchanged ]; then
    pass "the same invitation's mail ingested afterwards: unchanged"
else
    fail "the same invitation's mail ingested afterwards: '${result}' (expected unchanged) $(cat "$work/ingest.err")"
fi
if cmp -s "$work/before" "$item" && [ "$(listed budget-review@example.org status)" = '"accepted"' ] && nothing_from_invites; then
    pass "after the mail: the item is as it was, the answer still accepted, nothing queued or sent by invites"
else
    fail "after the mail: status $(listed budget-review@example.org status), outbox $(run --json outbox --all), sent $(ls "$invites_sent")"
fi

# The organizer's update: SEQUENCE 1, the next day at 16:00. (Its sync is also the first after
# the mail was ingested: the server must send nothing for either.)
answered=no
grep -q 'PARTSTAT=ACCEPTED.*:mailto:me@example.org' "$item" && answered=yes
imip_mail "$work/budget-update.eml" budget-review@example.org 1 20300607T160000Z 20300607T170000Z "Budget review"
deliver "$work/budget-update.eml"
sync || fail "vdirsyncer sync after the update: $(cat "$work/sync.log")"
show_change "the organizer's update delivered and synced" "$item"
show_sent "after the mail and the update"
[ "$(server_count)" = "$mark" ] && pass "after the mail and the organizer's update, synced, the server sent nothing" \
    || fail "the server sent something after the mail or the organizer's update"
start=$(listed budget-review@example.org start)
shown=$(run --json show "$handle" 2>/dev/null | python3 -c 'import json, sys; print(json.load(sys.stdin)["invite"]["start"])' 2>/dev/null || true)
if [ "$start" = '"2030-06-07T16:00:00Z"' ] && [ "$shown" = 2030-06-07T16:00:00Z ]; then
    pass "after the update list and show have the new time, 2030-06-07 16:00"
else
    fail "after the update list has start $start and show $shown (expected 2030-06-07T16:00:00Z)"
fi
status=$(listed budget-review@example.org status)
if grep -q 'PARTSTAT=NEEDS-ACTION.*:mailto:me@example.org' "$item"; then
    [ "$answered" = no ] || echo "scheduling: the server reset your PARTSTAT to NEEDS-ACTION with the update"
    [ "$status" = '"pending"' ] && pass "with your copy at NEEDS-ACTION after the update, list says pending" \
        || fail "your copy is at NEEDS-ACTION after the update but list says $status"
else
    short "kept your PARTSTAT=ACCEPTED over the organizer's REQUEST that moved the meeting and asked again (SEQUENCE 1, PARTSTAT=NEEDS-ACTION): its itip.preserve_partstats keeps every prior PARTSTAT on every REQUEST; the Swift tests cover a copy reset to NEEDS-ACTION"
    [ "$status" = '"accepted"' ] && pass "with your copy still ACCEPTED, list says accepted (the copy is the truth)" \
        || fail "your copy says ACCEPTED after the update but list says $status"
fi
nothing_from_invites || fail "after the update invites queued or sent a reply: $(run --json outbox --all)"

# A comment alone on the answered invitation: servers reply only when your PARTSTAT changes
# (Xandikos sent nothing for a COMMENT alone above), so invites mails it itself (docs/spec.md,
# "Answered once"): one REPLY at your answer with the COMMENT, the item untouched, and nothing
# from the server after the sync.
mark=$(server_count)
cp "$item" "$work/answered-from"
if run --json comment "$handle" "Running ten minutes late" > "$work/comment.json" 2> "$work/comment.err"; then
    pass "comment $handle: $(said "$work/comment.json")"
else
    fail "comment $handle: $(cat "$work/comment.err" "$work/comment.json")"
fi
show_change "comment" "$item"
mailed=$(dav sent "$invites_sent" | tail -n +$((sent_before + 1)))
if cmp -s "$work/answered-from" "$item" && [ "$(printf '%s\n' "$mailed" | grep -c .)" = 1 ] \
    && printf '%s\n' "$mailed" | grep -q 'METHOD=REPLY UID=budget-review@example.org RECURRENCE-ID=- mailto:me@example.org=ACCEPTED COMMENT=Running_ten_minutes_late$'; then
    pass "the comment went by mail from invites (one REPLY, ACCEPTED, with the COMMENT) and left the item as it was"
else
    fail "the comment: invites mailed ${mailed:-nothing}; the item $(cmp -s "$work/answered-from" "$item" && echo unchanged || echo changed)"
fi
sync || fail "vdirsyncer sync after the comment: $(cat "$work/sync.log")"
show_sent "after the comment and sync"
[ "$(server_count)" = "$mark" ] && pass "after the comment and a sync the server sent nothing: the organizer has the comment once" \
    || fail "after the comment the server sent: $(new_sent "$mark")"
queued_before=$(invites_queued)
sent_before=$(invites_handed)

# An invitation whose ORGANIZER in your copy says SCHEDULE-AGENT=CLIENT, answered with invites:
# the server must leave the REPLY to the client (RFC 6638 §7.1; Apple's CalendarServer reads it
# there, on the ORGANIZER of the attendee's copy), so invites sends it itself.
item=$(item_of agent-client-invites@example.org)
show_item "SCHEDULE-AGENT=CLIENT on the ORGANIZER, delivered by the server" "$item"
handle=$(handle_of agent-client-invites@example.org)
mark=$(server_count)
cp "$item" "$work/answered-from"
if run --json accept "${handle:-agent-client-invites}" > "$work/accept.json" 2> "$work/accept.err"; then
    pass "accept $handle (SCHEDULE-AGENT=CLIENT): $(said "$work/accept.json")"
else
    fail "accept ${handle:-agent-client-invites} (SCHEDULE-AGENT=CLIENT): $(cat "$work/accept.err" "$work/accept.json")"
fi
show_change "accept, SCHEDULE-AGENT=CLIENT" "$item"
why=$(dav only-partstat "$work/answered-from" "$item" mailto:me@example.org ACCEPTED 2>&1) \
    && pass "accept changed only your ATTENDEE's PARTSTAT of the SCHEDULE-AGENT=CLIENT copy" \
    || fail "accept of the SCHEDULE-AGENT=CLIENT copy: $why"
mode=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["scheduling"]["mode"])' "$work/accept.json" 2>/dev/null || true)
handed=$(dav sent "$invites_sent" | grep -c 'UID=agent-client-invites@example.org RECURRENCE-ID=- mailto:me@example.org=ACCEPTED' || true)
if [ "$mode" = client ] && [ "$(invites_handed)" = $((sent_before + 1)) ] && [ "$handed" = 1 ]; then
    pass "SCHEDULE-AGENT=CLIENT on the ORGANIZER: scheduling client, invites sent its own REPLY, ACCEPTED"
else
    fail "SCHEDULE-AGENT=CLIENT on the ORGANIZER: scheduling '$mode' (expected client), invites handed its sendmail $(( $(invites_handed) - sent_before )) message(s), $handed REPLY ACCEPTED for it (expected 1)"
fi
sync || fail "vdirsyncer sync after the SCHEDULE-AGENT=CLIENT accept: $(cat "$work/sync.log")"
show_sent "after the SCHEDULE-AGENT=CLIENT accept and sync"
if [ -n "$(new_sent "$mark" | grep 'UID=agent-client-invites@example.org' || true)" ]; then
    if [ "$handed" = 1 ]; then
        short "ignores SCHEDULE-AGENT=CLIENT here too: it sent a REPLY besides the one invites sent, so with Xandikos such an organizer hears from you twice"
    else
        short "ignores SCHEDULE-AGENT=CLIENT here too: it sent a REPLY although the copy leaves it to the client"
    fi
fi
queued_before=$(invites_queued)
sent_before=$(invites_handed)

# Your ATTENDEE line with CN, CUTYPE and RSVP passes 75 octets, and Xandikos (python
# icalendar, 74 octets a line) folds it right inside your address, `mailto:me` / ` @example.org`,
# as Google and Nextcloud fold such lines (issue 35). The invitation must be found, and stay
# found once accept folds the line again at 75 octets (`mailto:me@exam` / ` ple.org`).
imip_mail "$work/folded.eml" folded-attendee@example.org 0 20300608T100000Z 20300608T110000Z "Folded review" "" "" \
    "CN=Me;CUTYPE=INDIVIDUAL;RSVP=TRUE;PARTSTAT=NEEDS-ACTION"
deliver "$work/folded.eml" || fail "import-imip folded.eml: $(cat "$work/import.log")"
sync || fail "vdirsyncer sync after the invitation with a long ATTENDEE line: $(cat "$work/sync.log")"
item=$(item_of folded-attendee@example.org)
if [ -z "$item" ]; then
    fail "the invitation with a long ATTENDEE line is not in the vdir: $(ls "$vdir")"
else
    show_item "your ATTENDEE line as the server folded it" "$item"
    if where=$(dav folded-inside "$item" mailto:me@example.org 2>&1); then
        pass "xandikos folded your ATTENDEE line inside your address: $where"
    else
        echo "scheduling: xandikos did not fold your ATTENDEE line inside your address ($where); folded there by hand"
        dav fold-inside "$item" mailto:me@example.org
        show_change "your ATTENDEE line folded inside your address by hand" "$item"
    fi
    handle=$(handle_of folded-attendee@example.org)
    status=$(listed folded-attendee@example.org status)
    [ "$status" = '"pending"' ] && pass "list: the invitation whose ATTENDEE line is folded inside your address is pending" \
        || fail "list: the invitation whose ATTENDEE line is folded inside your address is $status, not pending"
    mark=$(server_count)
    cp "$item" "$work/answered-from"
    if run --json accept "${handle:-folded-attendee}" > "$work/accept.json" 2> "$work/accept.err"; then
        pass "accept $handle (ATTENDEE folded inside your address): $(said "$work/accept.json")"
    else
        fail "accept ${handle:-folded-attendee} (ATTENDEE folded inside your address): $(cat "$work/accept.err" "$work/accept.json")"
    fi
    show_change "accept, your ATTENDEE line folded again" "$item"
    why=$(dav only-partstat "$work/answered-from" "$item" mailto:me@example.org ACCEPTED 2>&1) \
        && pass "accept changed only your ATTENDEE's PARTSTAT of the folded line" || fail "accept of the folded line: $why"
    if ! cmp -s "$work/answered-from" "$item" && where=$(dav folded-inside "$item" mailto:me@example.org 2>&1); then
        pass "accept folded your ATTENDEE line again inside your address: $where"
    else
        echo "scheduling: accept folded your ATTENDEE line elsewhere: $where"
    fi
    status=$(listed folded-attendee@example.org status)
    gone=$(listed folded-attendee@example.org calendarItem | python3 -c 'import json, sys; print((json.load(sys.stdin) or {}).get("gone"))' 2>/dev/null || true)
    if [ "$status" = '"accepted"' ] && [ "$gone" = False ]; then
        pass "after accept the invitation is still found, accepted, its item not gone"
    else
        fail "after accept the invitation is $status, its item gone: $gone (expected accepted, not gone)"
    fi
    nothing_from_invites || fail "accept of the folded line: invites queued or sent a reply: $(run --json outbox --all)"
    sync || fail "vdirsyncer sync after accepting the folded line: $(cat "$work/sync.log")"
    show_change "sync" "$item"
    show_sent "after the folded line accepted and synced"
    replies=$(new_sent "$mark")
    if [ "$(printf '%s\n' "$replies" | grep -c 'METHOD=REPLY UID=folded-attendee@example.org RECURRENCE-ID=- mailto:me@example.org=ACCEPTED$')" = 1 ] \
        && [ "$(printf '%s\n' "$replies" | grep -c .)" = 1 ]; then
        pass "after the sync the server sent exactly one REPLY, ACCEPTED, for the folded line; invites sent none"
    else
        fail "after accepting the folded line and a sync the server sent: ${replies:-nothing}"
    fi
    status=$(listed folded-attendee@example.org status)
    [ "$status" = '"accepted"' ] && pass "after the sync, the invitation is still accepted" \
        || fail "after the sync the invitation is $status, not accepted"
fi

# A weekly invitation, one occurrence declined: an override VEVENT in the item.
item=$(item_of standup@example.org)
show_item "weekly, delivered by the server" "$item"
handle=$(handle_of standup@example.org)
[ "$(listed standup@example.org status)" = '"pending"' ] && pass "list: the weekly invitation is pending" \
    || fail "list: the weekly invitation is $(listed standup@example.org status)"
mark=$(server_count)
cp "$item" "$work/answered-from"
if run --json decline "${handle:-standup}" --occurrence '2030-06-10 09:00' > "$work/decline.json" 2> "$work/decline.err"; then
    pass "decline $handle --occurrence '2030-06-10 09:00': $(said "$work/decline.json")"
else
    fail "decline ${handle:-standup} --occurrence '2030-06-10 09:00': $(cat "$work/decline.err" "$work/decline.json")"
fi
show_change "one occurrence declined" "$item"
override=no
if why=$(dav override-added "$work/answered-from" "$item" mailto:me@example.org 20300610T090000Z DECLINED 2>&1); then
    pass "the declined occurrence is an added override VEVENT (RECURRENCE-ID:20300610T090000Z, DECLINED), the rest of the item as it was"
    override=yes
else
    fail "the declined occurrence: $why"
fi
nothing_from_invites || fail "the occurrence declined: invites queued or sent a reply: $(run --json outbox --all)"
if [ "$override" = no ]; then
    echo "scheduling: the override's sync is left out: there is no override to sync"
elif sync; then
    show_sent "after the occurrence declined and synced"
    copy=$(dav get "$base/user/calendars/calendar/$(grep -l '^UID:standup@example.org' "$work/server/user/calendars/calendar/"*.ics | head -n 1 | xargs basename)" | tr -d '\r')
    printf '%s\n' "$copy" | grep -q '^RECURRENCE-ID:20300610T090000Z' && pass "the server's copy has the override" \
        || fail "the sync succeeded but the server's copy has no override"
    replies=$(new_sent "$mark")
    if printf '%s\n' "$replies" | grep -q 'RECURRENCE-ID=20300610T090000Z mailto:me@example.org=DECLINED'; then
        pass "the server sent a REPLY for the occurrence, DECLINED: $replies"
    else
        short "sent no REPLY for the declined occurrence: ${replies:-nothing}"
    fi
else
    name=$(grep -l '^UID:standup@example.org' "$work/server/user/calendars/calendar/"*.ics | head -n 1 | xargs basename)
    refusal=$(dav put "$base/user/calendars/calendar/$name" "$item")
    echo "scheduling: vdirsyncer sync: $(grep -i error "$work/sync.log" | head -n 1); the same PUT by hand: $refusal"
    show_sent "after the occurrence declined and synced"
    case $refusal in
        412*attendee-allowed*)
            short "falls short of RFC 6638 §3.2.2.1: it refuses (412, attendee-allowed) the override VEVENT an attendee adds to answer one occurrence, so the decline stays in your vdir and no REPLY goes out; the Swift tests check the override itself" ;;
        *) fail "the server refused the override: $refusal" ;;
    esac
fi

# A stale REQUEST (the first one again, SEQUENCE 0, after SEQUENCE 1) delivered by the server.
deliver "$work/budget.eml"
name=$(grep -l '^UID:budget-review@example.org' "$work/server/user/calendars/calendar/"*.ics | head -n 1 | xargs basename)
dav get "$base/user/calendars/calendar/$name" | tr -d '\r' > "$work/stale.ics"
echo "scheduling: the server's copy after the first REQUEST came again: $(grep -E '^(DTSTART|SEQUENCE|ATTENDEE;CN=Me)' "$work/stale.ics" | tr '\n' ' ')"
if grep -q '^DTSTART:20300606T140000Z' "$work/stale.ics"; then
    short "falls short of RFC 5546 §2.1.5: the first REQUEST (SEQUENCE 0) delivered again after the update (SEQUENCE 1) put the old time back into your calendar"
else
    pass "a stale REQUEST delivered again left the server's copy at SEQUENCE 1"
fi

echo "scheduling: $checks checks, $failures failed"
[ "$failures" = 0 ] || exit 1
