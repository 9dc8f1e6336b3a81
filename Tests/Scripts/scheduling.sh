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
# folds it again (issue 35).
#
# Then the mail first (issue 35): the organizer's mail ingested and accepted with invites before
# the server has the invitation, which invites holds (nothing written, nothing sent); the server
# gets it (import-imip), a sync brings its copy, a look (`list`, `watch --once --notify none`,
# or a watch running while the sync writes) puts the answer into that copy, and a second sync
# uploads it. With vdirsyncer's default conflict_resolution, "a wins" and "b wins", and in a
# second calendar, empty, with `scheduling = server PATH`: every sync exits 0 and says no error
# or conflict, the UID is one item in the vdir and one on the server (counted by UID on both
# sides), ACCEPTED, invites says accepted, and the organizer gets one reply, the server's and
# invites' sendmail counted together. The organizer moving the meeting before the copy comes:
# the answer, to the earlier time, goes nowhere and the organizer hears nothing until you answer
# again, then once. Then no copy in time (server_wait = 1s, or 4s for the watch, and the script
# sleeps: invites has no clock to set from outside): the next command, or a watch running alone,
# writes UID.ics and invites replies once; a sync uploads it; a copy that comes late makes no
# second item and no second reply. Where Xandikos falls short of RFC 6638 (it ignores
# SCHEDULE-AGENT=CLIENT, refuses an override or a TRANSP an attendee adds, keeps an ETag for a
# copy it changed, takes a stale REQUEST) the script says so in a line starting "scheduling:
# xandikos:"; the Swift tests cover those rules with fixtures
# (Tests/InvitesKitTests/Fixtures/Scheduling).
#
# Last, a task (issue 37): the organizer's VTODO REQUEST delivered by the server, found by invites
# as a task, accepted in place (the server sends one REPLY, a VTODO), then reported 50% done
# (IN-PROCESS and PERCENT-COMPLETE:50 in place), which Xandikos refuses (below).
#
# It prints the vdir item before the first step and its changes after each, every message the
# server and invites sent, and the output of the syncs of both orders; with SCHEDULING_SAMPLE=DIR
# it also writes them into DIR (each step's item before and after, each message whole, each
# sync's output). One line per check; exits non-zero when any fails.
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
watcher=
cleanup() {
    if [ -n "$watcher" ]; then
        kill "$watcher" 2>/dev/null || true
        wait "$watcher" 2>/dev/null || true
    fi
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
# nothing). write_conf [RESOLUTION] writes the config with vdirsyncer's conflict_resolution
# (none by default: a conflict is an error), and a second pair, "second", once $vdir2 is set.
vdir=$work/vdir
vdir2=
mkdir -p "$vdir" "$work/vdirsyncer-status"
write_conf() {
    cat > "$work/vdirsyncer.conf" <<CONF
[general]
status_path = "$work/vdirsyncer-status/"

[pair calendar]
a = "calendar_local"
b = "calendar_server"
collections = null
${1:+conflict_resolution = $1}

[storage calendar_local]
type = "filesystem"
path = "$vdir/"
fileext = ".ics"

[storage calendar_server]
type = "caldav"
url = "$base/user/calendars/calendar/"
CONF
    [ -n "$vdir2" ] || return 0
    cat >> "$work/vdirsyncer.conf" <<CONF

[pair second]
a = "second_local"
b = "second_server"
collections = null
${1:+conflict_resolution = $1}

[storage second_local]
type = "filesystem"
path = "$vdir2/"
fileext = ".ics"

[storage second_server]
type = "caldav"
url = "$base/user/calendars/second/"
CONF
}
write_conf
vdirsyncer() { "$venv/bin/vdirsyncer" -c "$work/vdirsyncer.conf" "$@"; }
vdirsyncer discover < /dev/null > "$work/discover.log" 2>&1 \
    || { echo "scheduling: FAILED: vdirsyncer discover: $(tail -c 400 "$work/discover.log")"; exit 1; }
sync() { vdirsyncer sync > "$work/sync.log" 2>&1; }

# The organizer's mail: imip_mail FILE UID SEQUENCE START END TITLE [RRULE] [ORGANIZER-PARAMS]
# [YOUR-ATTENDEE-PARAMS]. The same file is delivered by the server (import-imip) and, later,
# ingested by invites. With component=VTODO, a task: its END is DUE (RFC 5546 §3.4).
imip_mail() {
    local rrule=${7:-} params=${8:-} mine=${9:-CN=Me;RSVP=TRUE;PARTSTAT=NEEDS-ACTION}
    local kind=${component:-VEVENT} end=DTEND
    [ "$kind" = VTODO ] && end=DUE
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
BEGIN:$kind
UID:$2
DTSTAMP:20300601T080$300Z
SEQUENCE:$3
DTSTART:$4
$end:$5
${rrule:+RRULE:$rrule
}SUMMARY:$6
ORGANIZER;CN=Boss${params}:mailto:boss@example.org
ATTENDEE;CN=Boss;PARTSTAT=ACCEPTED:mailto:boss@example.org
ATTENDEE;$mine:mailto:me@example.org
END:$kind
END:VCALENDAR
--part--
MAIL
}
deliver() { "$venv/bin/xandikos" import-imip --principal-url "$base/user/" < "$1" > "$work/import.log" 2>&1; }
# placed MAIL UID WHAT: the server delivers MAIL, a sync brings it, and $item is its vdir item;
# fails (saying so, WHAT naming the invitation) and returns 1 when the item is not there.
placed() {
    deliver "$1" || fail "import-imip $(basename "$1"): $(cat "$work/import.log")"
    sync || fail "vdirsyncer sync after $3: $(cat "$work/sync.log")"
    item=$(item_of "$2")
    [ -n "$item" ] || { fail "$3 is not in the vdir: $(ls "$vdir")"; return 1; }
}
# The vdir item holding a UID (vdirsyncer names it, not after the UID).
item_of() { grep -l "^UID:$1" "$vdir"/*.ics 2>/dev/null | head -n 1; }
item_in() { { grep -l "^UID:$2" "$1"/*.ics 2>/dev/null || true; } | head -n 1; }
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
        diff -u --strip-trailing-cr "$work/before" "$2" | tail -n +3 | sed 's/^/    /' || true
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
# show_sync STEP prints the output of the last vdirsyncer sync ($work/sync.log), and keeps it as
# NN-step-sync.log; show_invites_sent STEP prints the messages invites handed its own sendmail
# since the last call, kept as NN-step-invites-sent-K.eml.
show_sync() {
    step_no=$((step_no + 1))
    echo "scheduling: vdirsyncer sync ($1) said:"
    sed 's/^/    /' "$work/sync.log"
    keep "$1" "$work/sync.log" -sync.log
}
invites_seen=0
show_invites_sent() {
    local total count=0
    total=$(find "$invites_sent" -name '*.eml' | wc -l | tr -d ' ')
    step_no=$((step_no + 1))
    if [ "$total" = "$invites_seen" ]; then
        echo "scheduling: invites sent nothing ($1)"
    else
        for message in $(find "$invites_sent" -name '*.eml' | sort | tail -n $((total - invites_seen))); do
            count=$((count + 1))
            echo "scheduling: invites sent ($1):"
            sed 's/^/    /' "$message"
            keep "$1" "$message" "-invites-sent-$count.eml"
        done
    fi
    invites_seen=$total
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
# The calendars invites is given (the first is where answers go) and its config; the mail-first
# order's last case changes both.
calendars=(--calendar "$vdir")
run() { "$bin" --home "$home" "${calendars[@]}" --me me@example.org --tz UTC --config "$config" "$@"; }
# A watch in the background, its process id in $watcher (exec: the id is invites', so that
# stop_watch ends it, and the cleanup too should the script stop).
start_watch() {
    (exec "$bin" --home "$home" "${calendars[@]}" --me me@example.org --tz UTC --config "$config" watch "$@") \
        > "$work/watch.out" 2> "$work/watch.err" &
    watcher=$!
}
stop_watch() {
    kill -TERM "$watcher" 2>/dev/null || true
    wait "$watcher" 2>/dev/null || true
    watcher=
}
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
# The one answered by hand in the vdir before invites ever looked (as a phone's calendar app
# would) waits for nothing: it is not taken in (docs/spec.md: "What cannot wait for you").
followed=$(listed server-check@example.org status)
[ "$followed" = '(not listed)' ] && pass "list: the invitation answered by hand in the vdir before invites looked is not taken in" \
    || fail "list: the invitation answered by hand in the vdir before invites looked is $followed, not left out"
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
show_sync "server first: after accept"
show_change sync "$item"
show_sent "after accept and sync"
show_invites_sent "server first: after accept and sync"
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
show_invites_sent "comment"
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
show_invites_sent "accept, SCHEDULE-AGENT=CLIENT"
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
if placed "$work/folded.eml" folded-attendee@example.org "the invitation with a long ATTENDEE line"; then
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
    # The refused item would fail every later sync: the server's copy put back in the vdir.
    dav get "$base/user/calendars/calendar/$name" > "$item"
    sync || fail "vdirsyncer sync with the server's copy of the weekly invitation put back: $(cat "$work/sync.log")"
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

# Delegation in place (issue 37): an invitation the server delivered, delegated with invites to
# erin@example.org. invites changes the item (your ATTENDEE PARTSTAT=DELEGATED;DELEGATED-TO, the
# delegate's ATTENDEE added with DELEGATED-FROM you) and sends nothing; the sync uploads it. What
# Xandikos 0.4.10 does with it (xandikos/web.py, CalendarCollection's attendee PUT): an ATTENDEE
# whose DELEGATED-FROM is one of your calendar-user-addresses, as a string ("mailto:me@example.org"),
# is a delegate you may add (RFC 6638 §3.2.6; anything else an attendee adds is refused, 412
# attendee-allowed); each new delegate is sent the whole stored copy as METHOD:REQUEST, into the
# inbox of a principal of this server or else by iMIP (its sendmail here: this server has one
# principal, so erin is mailed), with SCHEDULE-STATUS stamped on the delegate's ATTENDEE in the
# stored copy; your PARTSTAT changed, so the organizer is sent a REPLY (itip.build_itip_reply),
# which carries your ATTENDEE alone: DELEGATED with DELEGATED-TO, not the delegate's ATTENDEE that
# RFC 5546 §4.2.5's REPLY lists. The organizer (boss@example.org) has no copy on this server:
# what they learn is that REPLY.
imip_mail "$work/delegation.eml" delegation@example.org 0 20300609T100000Z 20300609T110000Z "Design review"
deliver "$work/delegation.eml" || fail "import-imip delegation.eml: $(cat "$work/import.log")"
sync || fail "vdirsyncer sync after the invitation to delegate: $(cat "$work/sync.log")"
item=$(item_of delegation@example.org)
if [ -z "$item" ]; then
    fail "the invitation to delegate is not in the vdir: $(ls "$vdir")"
else
    show_item "delivered by the server, to delegate" "$item"
    handle=$(handle_of delegation@example.org)
    mark=$(server_count)
    files_before=$(ls "$vdir")
    cp "$item" "$work/answered-from"
    if run --json delegate "${handle:-delegation}" erin@example.org > "$work/delegate.json" 2> "$work/delegate.err"; then
        pass "delegate $handle erin@example.org: delivery $(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["delegation"]["delivery"])' "$work/delegate.json" 2>/dev/null || cat "$work/delegate.json")"
    else
        fail "delegate ${handle:-delegation} erin@example.org: $(cat "$work/delegate.err" "$work/delegate.json")"
    fi
    show_change "delegate" "$item"
    if why=$(dav delegated "$work/answered-from" "$item" mailto:me@example.org mailto:erin@example.org 2>&1) \
        && [ "$(ls "$vdir")" = "$files_before" ]; then
        pass "delegate changed only your ATTENDEE line (DELEGATED, DELEGATED-TO) and added erin's (DELEGATED-FROM you), in place"
    else
        fail "delegate: the item is not the server's copy delegated in place: ${why:-the files of the vdir changed}"
    fi
    nothing_from_invites && pass "delegate queued nothing and gave its sendmail nothing (send = always): the server sends" \
        || fail "delegate queued or sent messages of its own: $(run --json outbox --all) $(ls "$invites_sent")"
    delivery=$(run --json history "${handle:-delegation}" 2>/dev/null | python3 -c 'import json, sys; print(" ".join(e["action"] + ":" + e["delivery"] for e in json.load(sys.stdin)["entries"]))' 2>/dev/null || true)
    [ "$delivery" = "delegated:server declined:none" ] && pass "history: delegated, through the server, and the decline beside it ($delivery)" \
        || fail "history says '$delivery', not 'delegated:server declined:none'"
    if sync; then
        show_sync "after delegate"
        show_sent "after delegate and sync"
        show_invites_sent "after delegate and sync"
        sent_now=$(new_sent "$mark")
        replies=$(printf '%s\n' "$sent_now" | grep 'METHOD=REPLY UID=delegation@example.org ' || true)
        requests=$(printf '%s\n' "$sent_now" | grep 'METHOD=REQUEST UID=delegation@example.org ' || true)
        if [ "$(printf '%s\n' "$replies" | grep -c 'To=boss@example.org .*mailto:me@example.org=DELEGATED')" = 1 ] \
            && [ "$(printf '%s\n' "$sent_now" | grep -c .)" = 2 ]; then
            pass "the server sent boss@example.org one REPLY, DELEGATED: $replies"
        else
            fail "after delegate and sync the server sent: ${sent_now:-nothing}"
        fi
        if [ "$(printf '%s\n' "$requests" | grep -c 'To=erin@example.org .*mailto:me@example.org=DELEGATED mailto:erin@example.org=NEEDS-ACTION')" = 1 ]; then
            pass "the server sent erin@example.org the REQUEST, your ATTENDEE DELEGATED and hers NEEDS-ACTION: $requests"
        else
            fail "the server sent erin no REQUEST: ${requests:-nothing}"
        fi
        printf '%s\n' "$replies" | grep -q 'mailto:erin@example.org=' \
            || short "its REPLY carries your ATTENDEE alone (DELEGATED, DELEGATED-TO erin), not the delegate's ATTENDEE RFC 5546 §4.2.5 lists beside it: the organizer learns of erin from DELEGATED-TO, and from her own REPLY"
        nothing_from_invites || fail "after the sync invites queued or sent messages: $(run --json outbox --all)"
        name=$(grep -l '^UID:delegation@example.org' "$work/server/user/calendars/calendar/"*.ics | head -n 1 | xargs basename)
        copy=$(dav get "$base/user/calendars/calendar/$name" | python3 -c 'import re, sys; print(re.sub(r"\r?\n[ \t]", "", sys.stdin.read()).replace("\r", ""))')
        # Xandikos writes the parameters in its own order (icalendar sorts them).
        mine=$(printf '%s\n' "$copy" | grep '^ATTENDEE;.*:mailto:me@example.org$' || true)
        theirs=$(printf '%s\n' "$copy" | grep '^ATTENDEE;.*:mailto:erin@example.org$' || true)
        if printf '%s\n' "$mine" | grep -q 'PARTSTAT=DELEGATED' && printf '%s\n' "$mine" | grep -q 'DELEGATED-TO="mailto:erin@example.org"' \
            && printf '%s\n' "$theirs" | grep -q 'DELEGATED-FROM="mailto:me@example.org"'; then
            pass "the server's copy holds your DELEGATED ATTENDEE and erin's DELEGATED-FROM you: $theirs"
        else
            fail "the server's copy after the sync: $(printf '%s\n' "$copy" | grep '^ATTENDEE' | tr '\n' ' ')"
        fi
        sync || fail "the second vdirsyncer sync after delegate: $(cat "$work/sync.log")"
        show_change "the second sync after delegate" "$item"
        server_copy=$(printf '%s\n' "$theirs" | grep -o 'SCHEDULE-STATUS=[^;:]*;*[^:]*' || true)
        if [ -n "$server_copy" ] && ! grep -q 'SCHEDULE-STATUS' "$item"; then
            short "falls short of RFC 4791 §5.3.4 here too: it stored the delegate's ATTENDEE with $server_copy but answered the PUT with that copy's ETag, so vdirsyncer keeps your vdir's copy without it (nothing invites reads changes)"
        fi
        status=$(listed delegation@example.org status)
        line=$(run list --all | grep 'Design review' || true)
        if [ "$status" = '"declined"' ] && printf '%s\n' "$line" | grep -q '\[delegated to erin@example.org\]'; then
            pass "list after the syncs: declined, [delegated to erin@example.org]"
        else
            fail "list after the syncs: $status, '$line'"
        fi
    else
        fail "vdirsyncer sync after delegate: $(cat "$work/sync.log")"
    fi
    queued_before=$(invites_queued)
    sent_before=$(invites_handed)
fi

# One occurrence of a weekly invitation delegated: an override VEVENT the server lacks, made from
# the master with the delegation in it. Xandikos lets an attendee add a delegate, but not a
# component: it refuses the override (412 attendee-allowed), as it refuses one that answers an
# occurrence alone (below), so the delegation of one occurrence never reaches it.
imip_mail "$work/delegation-weekly.eml" delegation-weekly@example.org 0 20300604T150000Z 20300604T160000Z "Weekly sync" "FREQ=WEEKLY;COUNT=4"
deliver "$work/delegation-weekly.eml" || fail "import-imip delegation-weekly.eml: $(cat "$work/import.log")"
sync || fail "vdirsyncer sync after the weekly invitation to delegate: $(cat "$work/sync.log")"
item=$(item_of delegation-weekly@example.org)
show_item "weekly, delivered by the server, to delegate one occurrence" "$item"
handle=$(handle_of delegation-weekly@example.org)
cp "$item" "$work/answered-from"
if run delegate "${handle:-delegation-weekly}" erin@example.org --occurrence '2030-06-11 15:00' > "$work/delegate.out" 2> "$work/delegate.err"; then
    pass "delegate $handle erin@example.org --occurrence '2030-06-11 15:00': $(cat "$work/delegate.out")"
else
    fail "delegate ${handle:-delegation-weekly} --occurrence: $(cat "$work/delegate.err")"
fi
show_change "one occurrence delegated" "$item"
nothing_from_invites || fail "the occurrence delegated: invites queued or sent messages: $(run --json outbox --all)"
if dav override-added "$work/answered-from" "$item" mailto:me@example.org 20300611T150000Z DELEGATED >/dev/null 2>&1 \
    && python3 -c 'import re, sys; sys.exit("DELEGATED-FROM=\"mailto:me@example.org\":mailto:erin@example.org" not in re.sub(r"\r?\n[ \t]", "", open(sys.argv[1]).read()))' "$item"; then
    pass "the delegated occurrence is an added override VEVENT (DELEGATED, erin's ATTENDEE DELEGATED-FROM you), the rest of the item as it was"
else
    fail "the delegated occurrence: $(dav override-added "$work/answered-from" "$item" mailto:me@example.org 20300611T150000Z DELEGATED 2>&1)"
fi
mark=$(server_count)
name=$(grep -l '^UID:delegation-weekly@example.org' "$work/server/user/calendars/calendar/"*.ics | head -n 1 | xargs basename)
if sync; then
    show_sent "after the occurrence delegated and synced"
    pass "the server took the override delegating one occurrence: $(new_sent "$mark" | tr '\n' ' ')"
else
    refusal=$(dav put "$base/user/calendars/calendar/$name" "$item")
    case $refusal in
        412*attendee-allowed*)
            short "refuses (412, attendee-allowed) the override VEVENT that delegates one occurrence, as it refuses any component an attendee adds: the server sends nothing for it ('scheduling = client' for that calendar has invites send both messages)" ;;
        *) fail "the server refused the override delegating one occurrence: $refusal" ;;
    esac
    # The refused item would fail every later sync: the server's copy put back in the vdir.
    dav get "$base/user/calendars/calendar/$name" > "$item"
    sync || fail "vdirsyncer sync with the server's copy of the weekly invitation put back: $(cat "$work/sync.log")"
fi
queued_before=$(invites_queued)
sent_before=$(invites_handed)

# 3. The mail first, the server's copy later (issue 35), the usual order: the organizer's mail is
# ingested and accepted with invites before the server has the invitation; then the server gets
# it (import-imip), a sync brings its copy, a look (list, or watch) puts the answer invites held
# into that copy, and a second sync uploads it. With vdirsyncer's default conflict_resolution
# (none: a conflict is an error), "a wins" and "b wins": no sync may fail, the UID must be one
# item in the vdir and one on the server, ACCEPTED, invites must say accepted, and the organizer
# must get one reply, the server's mail and invites' counted together (docs/spec.md, "Answered
# once", "Mail first, the server's copy later").
#
# scheduling = auto holds such an answer only in a calendar where invites has found an invitation
# it did not write (the server put it there): the steps above made $vdir one. Said here, as a
# check, so that a change to them cannot quietly turn the holding off.
found=$(run --json list --all | python3 -c '
import json, sys
print(" ".join(sorted(i["uid"] for i in json.load(sys.stdin)["invites"]
                      if (i.get("calendarItem") or {}).get("calendar") == sys.argv[1])))' "$vdir")
if [ -n "$found" ] && [ -z "$(cd "$vdir" && ls | grep -F -x -f <(printf '%s.ics\n' $found) || true)" ]; then
    pass "before the mail-first order invites has found in the vdir invitations the server put there, none named by invites: $found"
else
    fail "before the mail-first order invites has found in the vdir no invitation it did not write (found: ${found:-none}): scheduling = auto would not hold"
fi

# synced STEP: a sync, its output printed (and kept), a check that it went through: exit 0 and
# no error or conflict in what it said.
synced() {
    local status=0
    vdirsyncer sync > "$work/sync.log" 2>&1 || status=$?
    show_sync "$1"
    if [ "$status" = 0 ] && ! grep -qiE 'error|conflict|both sides' "$work/sync.log"; then
        pass "vdirsyncer sync ($1): exit 0, no error or conflict in its output"
    else
        fail "vdirsyncer sync ($1): exit $status: $(tr '\n' ' ' < "$work/sync.log")"
    fi
}
# The REPLYs the organizer got for a UID, from the server since a mark and from invites ever.
replies_for() {
    { new_sent "$2" | grep "UID=$1 " | sed 's/^/server: /'; dav sent "$invites_sent" | grep "UID=$1 " | sed 's/^/invites: /'; } || true
}
deliveries_of() {
    run --json history "$1" 2>/dev/null | python3 -c 'import json, sys; print(" ".join(e["delivery"] for e in json.load(sys.stdin)["entries"]))' 2>/dev/null || true
}

# mail_first CASE UID TITLE DAY LOOK VDIR COLLECTION: the mail-first order once, into VDIR synced
# with COLLECTION. LOOK is `list`, `watch-once` (watch --once --notify none, which settles as it
# opens the inbox) or `watch` (a watch running while the sync brings the copy: its own pass
# settles, WatchLoop.settleHeldAnswers).
mail_first() {
    local case=$1 uid=$2 title=$3 day=$4 look=$5 dir=$6 collection=$7
    local mail=$work/$case.eml handle item files mark invites_mark name status why replies copies
    echo "scheduling: the mail first, $case:"
    imip_mail "$mail" "$uid" 0 "${day}T100000Z" "${day}T110000Z" "$title"
    mark=$(server_count)
    invites_mark=$(invites_handed)
    files=$(ls "$dir")
    handle=$(run --json ingest "$mail" 2> "$work/ingest.err" | python3 -c 'import json, sys; print(json.load(sys.stdin)["invites"][0]["handle"])' 2>/dev/null || true)
    if run accept "${handle:-$uid}" > "$work/accept.out" 2> "$work/accept.err" \
        && [ "$(cat "$work/accept.out")" = "$handle: accepted \"$title\"; held for your calendar server's copy" ]; then
        pass "$case: the mail ingested and accepted before the server has the invitation: $(cat "$work/accept.out")"
    else
        fail "$case: the mail accepted: $(cat "$work/ingest.err" "$work/accept.out" "$work/accept.err")"
    fi
    sed 's/^/    /' "$work/accept.err"
    status=$(listed "$uid" status)
    if [ "$(ls "$dir")" = "$files" ] && [ "$(invites_handed)" = "$invites_mark" ] && [ "$(deliveries_of "$handle")" = held ] \
        && [ "$status" = '"accepted"' ]; then
        pass "$case: held: nothing written to the vdir, nothing sent, history says held, list says accepted"
    else
        fail "$case: after accept: the vdir $(ls "$dir" | tr '\n' ' '), invites sent $(( $(invites_handed) - invites_mark )), history '$(deliveries_of "$handle")', list $status"
    fi
    show_invites_sent "$case: the mail accepted"

    # The server gets the invitation, and a look before the sync finds no copy: still held.
    deliver "$mail" || fail "$case: import-imip: $(cat "$work/import.log")"
    show_sent "$case: import-imip"
    [ -z "$(new_sent "$mark" | grep "UID=$uid " || true)" ] \
        || short "sent mail for $uid on import-imip, before any answer: $(new_sent "$mark")"
    run list > /dev/null 2> "$work/look.err" || true
    if [ "$(ls "$dir")" = "$files" ] && [ "$(deliveries_of "$handle")" = held ]; then
        pass "$case: a look before the sync brought the copy: still held, the vdir as it was"
    else
        fail "$case: a look before the sync: the vdir $(ls "$dir" | tr '\n' ' '), history '$(deliveries_of "$handle")' $(cat "$work/look.err")"
    fi
    name=$(dav copies "$collection" "$uid" mailto:me@example.org | head -n 1 | cut -d' ' -f1)
    dav get "$collection$name" > "$work/server-copy.ics" || fail "$case: the server has no copy of $uid"
    show_item "$case: the server's copy as import-imip made it" "$work/server-copy.ics"

    if [ "$look" = watch ]; then
        start_watch --notify none --verbose
        sleep 1
    fi
    synced "$case: brings the server's copy"
    if [ "$look" = watch ]; then
        for _ in $(seq 1 60); do
            grep -q "was settled" "$work/watch.err" && break
            sleep 0.5
        done
        sleep 0.5
        stop_watch
        cp "$work/watch.err" "$work/look.err"
    elif [ "$look" = watch-once ]; then
        run watch --once --notify none > /dev/null 2> "$work/look.err" || true
    else
        run list > /dev/null 2> "$work/look.err" || true
    fi
    item=$(item_in "$dir" "$uid")
    echo "scheduling: $case: the look ($look) said:"
    sed 's/^/    /' "$work/look.err"
    if [ "$look" = watch ]; then
        grep -qF "watch: $handle: the answer held for your server's copy was settled" "$work/look.err" \
            && pass "$case: a running watch put the answer into the copy the sync brought, of itself" \
            || fail "$case: the running watch did not settle the held answer: $(tr '\n' ' ' < "$work/look.err")"
    elif grep -qF "$handle: your answer (accepted) to \"$title\" went into the copy your calendar server put in $item; the server replies when the calendar syncs" "$work/look.err"; then
        pass "$case: the look ($look) put the answer into the server's copy $(basename "$item") and said so"
    else
        fail "$case: the look ($look) said: $(tr '\n' ' ' < "$work/look.err")"
    fi
    show_change "$case: the look ($look)" "$item"
    why=$(dav only-partstat "$work/server-copy.ics" "$item" mailto:me@example.org ACCEPTED 2>&1) \
        && pass "$case: the look changed only your ATTENDEE's PARTSTAT of the server's copy, to ACCEPTED" \
        || fail "$case: the vdir item after the look: $why"

    synced "$case: uploads the answer"
    show_change "$case: sync" "$item"
    show_sent "$case: after the look and sync"
    show_invites_sent "$case: after the look and sync"
    copies=$(dav copies "$dir" "$uid" mailto:me@example.org)
    [ "$copies" = "$(basename "$item") mailto:me@example.org=ACCEPTED" ] \
        && pass "$case: one item of $uid in the vdir, ACCEPTED: $copies" \
        || fail "$case: the items of $uid in the vdir: ${copies:-none}"
    copies=$(dav copies "$collection" "$uid" mailto:me@example.org)
    [ "$copies" = "$name mailto:me@example.org=ACCEPTED" ] \
        && pass "$case: one item of $uid on the server, ACCEPTED: $copies" \
        || fail "$case: the items of $uid on the server: ${copies:-none}"
    status=$(listed "$uid" status)
    [ "$status" = '"accepted"' ] && [ "$(deliveries_of "$handle")" = server ] \
        && pass "$case: invites says accepted, the reply through the server (history: server)" \
        || fail "$case: invites says $status, history '$(deliveries_of "$handle")'"
    replies=$(replies_for "$uid" "$mark")
    if [ "$(printf '%s\n' "$replies" | grep -c .)" = 1 ] \
        && printf '%s\n' "$replies" | grep -q "METHOD=REPLY UID=$uid RECURRENCE-ID=- mailto:me@example.org=ACCEPTED$"; then
        pass "$case: the organizer got one reply, ACCEPTED ($(printf '%s' "$replies" | cut -d' ' -f1))"
    else
        fail "$case: the organizer got: $(printf '%s\n' "$replies" | tr '\n' ';')"
    fi
}

mail_first "mail first, conflict_resolution none" mail-first-none@example.org "Mail first (none)" 20300611 list "$vdir" "$base/user/calendars/calendar/"
write_conf '"a wins"'
mail_first "mail first, a wins" mail-first-a@example.org "Mail first (a wins)" 20300612 watch-once "$vdir" "$base/user/calendars/calendar/"
write_conf '"b wins"'
mail_first "mail first, b wins" mail-first-b@example.org "Mail first (b wins)" 20300613 watch "$vdir" "$base/user/calendars/calendar/"
write_conf

# A delegation held the same way (docs/spec.md, "Delegating"): the mail delegated before the
# server has the invitation is held, nothing written or sent; the look after the sync makes it
# in the server's copy in place, and the sync's upload has the server alone send boss the REPLY
# and erin the REQUEST; invites sends nothing, and the invitation stays declined (not pending).
held_delegation() {
    local uid=held-delegation@example.org title="Held delegation" mail=$work/held-delegation.eml
    local handle item mark invites_mark files sent_now status
    echo "scheduling: a delegation held for the server's copy:"
    imip_mail "$mail" "$uid" 0 20300617T100000Z 20300617T110000Z "$title"
    mark=$(server_count)
    invites_mark=$(invites_handed)
    files=$(ls "$vdir")
    handle=$(run --json ingest "$mail" 2>/dev/null | python3 -c 'import json, sys; print(json.load(sys.stdin)["invites"][0]["handle"])' 2>/dev/null || true)
    if run delegate "${handle:-$uid}" erin@example.org > "$work/delegate.out" 2> "$work/delegate.err" \
        && [ "$(cat "$work/delegate.out")" = "$handle: delegated \"$title\" to erin@example.org; held for your calendar server's copy" ] \
        && [ "$(ls "$vdir")" = "$files" ] && [ "$(invites_handed)" = "$invites_mark" ] \
        && [ "$(deliveries_of "$handle")" = "held none" ]; then
        pass "held delegation: delegated before the server has it, held, nothing written or sent: $(cat "$work/delegate.out")"
    else
        fail "held delegation: $(cat "$work/delegate.out" "$work/delegate.err") history '$(deliveries_of "$handle")'"
    fi
    deliver "$mail" || fail "held delegation: import-imip: $(cat "$work/import.log")"
    synced "held delegation: brings the server's copy"
    run list > /dev/null 2> "$work/look.err" || true
    item=$(item_in "$vdir" "$uid")
    sed 's/^/    /' "$work/look.err"
    grep -qF "$handle: your answer (delegated to erin@example.org) to \"$title\" went into the copy your calendar server put in $item" "$work/look.err" \
        && pass "held delegation: the look made it in the server's copy $(basename "$item")" \
        || fail "held delegation: the look said: $(tr '\n' ' ' < "$work/look.err")"
    [ -n "$item" ] && show_change "held delegation: the look" "$item"
    synced "held delegation: uploads the delegation"
    show_sent "held delegation: after the look and sync"
    sent_now=$(new_sent "$mark" | grep "UID=$uid " || true)
    if [ "$(printf '%s\n' "$sent_now" | grep -c "METHOD=REPLY UID=$uid .*mailto:me@example.org=DELEGATED")" = 1 ] \
        && [ "$(printf '%s\n' "$sent_now" | grep -c "METHOD=REQUEST UID=$uid .*To=erin@example.org\|To=erin@example.org .*METHOD=REQUEST UID=$uid ")" = 1 ] \
        && [ "$(printf '%s\n' "$sent_now" | grep -c .)" = 2 ]; then
        pass "held delegation: the server sent one REPLY (DELEGATED) and erin one REQUEST"
    else
        fail "held delegation: the server sent: ${sent_now:-nothing}"
    fi
    status=$(listed "$uid" status)
    [ "$(invites_handed)" = "$invites_mark" ] && [ "$status" = '"declined"' ] && [ "$(deliveries_of "$handle")" = "server none" ] \
        && pass "held delegation: invites sent nothing, says declined, history server" \
        || fail "held delegation: invites sent $(( $(invites_handed) - invites_mark )), list $status, history '$(deliveries_of "$handle")'"
}
held_delegation

# `scheduling = server PATH` set for a calendar in which invites has found nothing (where auto
# would answer at once): a second calendar on the server, where import-imip now delivers, synced
# to a second vdir that comes first among invites' calendars (answers go to the first).
dav mkcalendar "$base/user/calendars/second/"
vdir2=$work/vdir2
mkdir -p "$vdir2"
write_conf
vdirsyncer discover second < /dev/null > "$work/discover.log" 2>&1 || fail "vdirsyncer discover second: $(cat "$work/discover.log")"
dav default-calendar "$base/user/" /user/calendars/second/
config_first=$config
config=$work/invites-server.conf
{ cat "$config_first"; echo "scheduling = server $vdir2"; } > "$config"
calendars=(--calendar "$vdir2" --calendar "$vdir")
mode=$(run --json config | python3 -c '
import json, sys
print(" ".join(c["mode"] + ":" + c["from"] for c in json.load(sys.stdin)["settings"]["scheduling"]["value"]["calendars"] if c["path"].rstrip("/") == sys.argv[1]))' "$vdir2" 2>/dev/null || true)
if [ -z "$(ls "$vdir2")" ] && [ "${mode%%:*}" = server ]; then
    pass "a second calendar, empty, with scheduling = server $vdir2 (config says $mode)"
else
    fail "the second calendar: $(ls "$vdir2" | tr '\n' ' ') scheduling '$mode'"
fi
mail_first "mail first, scheduling = server PATH" mail-first-server@example.org "Mail first (server PATH)" 20300614 list "$vdir2" "$base/user/calendars/second/"
dav default-calendar "$base/user/" /user/calendars/calendar/
calendars=(--calendar "$vdir")
config=$config_first

# The mail first, and the organizer moves the meeting before the server's copy comes: the server
# gets both REQUESTs (SEQUENCE 0, then 1 the next day at 16:00), its copy is of the new time.
# The answer was to the earlier time: written into that copy it would have the server accept the
# new time for you, so it goes nowhere, the invitation is pending again, and the organizer gets
# nothing until you answer again; then one reply.
uid=moved-first@example.org
echo "scheduling: the mail first, the organizer moves it before the copy comes:"
imip_mail "$work/moved.eml" "$uid" 0 20300617T100000Z 20300617T110000Z "Moved first"
imip_mail "$work/moved-update.eml" "$uid" 1 20300618T160000Z 20300618T170000Z "Moved first"
mark=$(server_count)
handle=$(run --json ingest "$work/moved.eml" 2>/dev/null | python3 -c 'import json, sys; print(json.load(sys.stdin)["invites"][0]["handle"])' 2>/dev/null || true)
run accept "${handle:-$uid}" > "$work/accept.out" 2> "$work/accept.err" || true
grep -qF "held for your calendar server's copy" "$work/accept.out" \
    && pass "moved first: accepted and held: $(cat "$work/accept.out")" \
    || fail "moved first: accept: $(cat "$work/accept.out" "$work/accept.err")"
deliver "$work/moved.eml" && deliver "$work/moved-update.eml" || fail "moved first: import-imip: $(cat "$work/import.log")"
synced "moved first: brings the copy of the new time"
item=$(item_in "$vdir" "$uid")
[ -n "$item" ] && show_item "moved first: the server's copy, of the new time" "$item"
run list > /dev/null 2> "$work/look.err" || true
echo "scheduling: moved first: the look (list) said:"
sed 's/^/    /' "$work/look.err"
if grep -qF "$handle: the organizer moved \"Moved first\" before your calendar server's copy came: your answer (accepted) was to the earlier time and was not sent; answer again" "$work/look.err" \
    && [ -n "$item" ] && cmp -s "$work/before" "$item" && [ "$(deliveries_of "$handle")" = outdated ] \
    && [ "$(listed "$uid" status)" = '"pending"' ]; then
    pass "moved first: the answer to the earlier time did not go into the copy, history says outdated, list says pending"
else
    fail "moved first: the look: the item $(cmp -s "$work/before" "${item:-/dev/null}" && echo unchanged || echo changed), history '$(deliveries_of "$handle")', list $(listed "$uid" status)"
fi
synced "moved first: after the look"
show_sent "moved first: after the look and sync"
replies=$(replies_for "$uid" "$mark")
[ -z "$replies" ] && pass "moved first: the organizer got no reply to the earlier time" \
    || fail "moved first: the organizer got: $(printf '%s\n' "$replies" | tr '\n' ';')"
run accept "$handle" > "$work/accept.out" 2> "$work/accept.err" || true
show_change "moved first: accepted again" "$item"
synced "moved first: uploads the new answer"
show_sent "moved first: accepted again and synced"
show_invites_sent "moved first"
replies=$(replies_for "$uid" "$mark")
copies=$(dav copies "$vdir" "$uid" mailto:me@example.org; dav copies "$base/user/calendars/calendar/" "$uid" mailto:me@example.org)
if [ "$(printf '%s\n' "$replies" | grep -c .)" = 1 ] && printf '%s\n' "$replies" | grep -q '^server: .*mailto:me@example.org=ACCEPTED$' \
    && [ "$(printf '%s\n' "$copies" | grep -c 'mailto:me@example.org=ACCEPTED$')" = 2 ] && [ "$(printf '%s\n' "$copies" | grep -c .)" = 2 ]; then
    pass "moved first: accepted again, the organizer got one reply, ACCEPTED, through the server; one item on each side"
else
    fail "moved first: accepted again: replies $(printf '%s\n' "$replies" | tr '\n' ';') items $(printf '%s\n' "$copies" | tr '\n' ';')"
fi

# 4. No copy in time (the server never gets the invitation): with server_wait = 1s (invites has
# no clock to set from outside, so the script sleeps), the next command writes UID.ics and
# invites replies itself, once, as does a watch running alone; a sync then uploads the item.
config=$work/invites-wait.conf
# no_copy CASE UID TITLE DAY LOOK SECONDS: the fallback once, with server_wait = SECONDS; LOOK
# is `list`, or `watch` (a watch running alone, started at once, nothing in the vdir changing,
# while the wait ends: the wait must outlast the watch's start, whose own look would settle it).
no_copy() {
    local case=$1 uid=$2 title=$3 day=$4 look=$5 wait=$6
    local mail=$work/$case.eml handle item files mark invites_mark mailed copies name replies
    { cat "$config_first"; echo "server_wait = ${wait}s"; } > "$config"
    echo "scheduling: no copy in time, $case:"
    imip_mail "$mail" "$uid" 0 "${day}T100000Z" "${day}T110000Z" "$title"
    mark=$(server_count)
    invites_mark=$(invites_handed)
    files=$(ls "$vdir")
    handle=$(run --json ingest "$mail" 2> "$work/ingest.err" | python3 -c 'import json, sys; print(json.load(sys.stdin)["invites"][0]["handle"])' 2>/dev/null || true)
    if run accept "${handle:-$uid}" > "$work/accept.out" 2> "$work/accept.err" \
        && [ "$(cat "$work/accept.out")" = "$handle: accepted \"$title\"; held for your calendar server's copy" ] \
        && [ "$(ls "$vdir")" = "$files" ] && [ "$(invites_handed)" = "$invites_mark" ]; then
        pass "$case: accepted and held, nothing written or sent: $(cat "$work/accept.out")"
    else
        fail "$case: accept: $(cat "$work/accept.out" "$work/accept.err"), the vdir $(ls "$vdir" | tr '\n' ' ')"
    fi
    sed 's/^/    /' "$work/accept.err"
    if [ "$look" = watch ]; then
        start_watch --notify none --verbose
        sleep $((wait + 2))
        stop_watch
        cp "$work/watch.err" "$work/look.err"
    else
        sleep $((wait + 1))
        run list > /dev/null 2> "$work/look.err" || true
    fi
    echo "scheduling: $case: the look ($look) said:"
    sed 's/^/    /' "$work/look.err"
    item=$(item_in "$vdir" "$uid")
    if [ "$look" = watch ]; then
        grep -qF "watch: $handle: the answer held for your server's copy was settled" "$work/look.err" \
            && pass "$case: a watch running alone settled the answer when the wait ended" \
            || fail "$case: a watch running alone did not settle the answer when the wait ended (nothing in the vdir changed): $(tr '\n' ' ' < "$work/look.err")"
    elif grep -qF "$handle: no copy of \"$title\" from your calendar server after" "$work/look.err" \
        && grep -qF "added to $vdir, and invites replies to the organizer itself" "$work/look.err"; then
        pass "$case: the next command wrote the calendar and said invites replies itself"
    else
        fail "$case: the next command said: $(tr '\n' ' ' < "$work/look.err")"
    fi
    [ -n "$item" ] && show_item "$case: written by invites" "$item"
    copies=$(dav copies "$vdir" "$uid" mailto:me@example.org)
    [ "$(printf '%s\n' "$copies" | grep -c .)" = 1 ] && [ "${copies#* }" = mailto:me@example.org=ACCEPTED ] \
        && pass "$case: one item of $uid in the vdir, ACCEPTED: $copies" \
        || fail "$case: the items of $uid in the vdir: ${copies:-none}"
    mailed=$(dav sent "$invites_sent" | grep "UID=$uid " || true)
    if [ "$(printf '%s\n' "$mailed" | grep -c .)" = 1 ] && [ "$(deliveries_of "$handle")" = sent ] \
        && printf '%s\n' "$mailed" | grep -q "METHOD=REPLY UID=$uid RECURRENCE-ID=- mailto:me@example.org=ACCEPTED$"; then
        pass "$case: invites sent one REPLY, ACCEPTED (send = always), history says sent"
    else
        fail "$case: invites sent: ${mailed:-nothing}; history '$(deliveries_of "$handle")'"
    fi
    show_invites_sent "$case: the wait over"
    synced "$case: uploads the item invites wrote"
    show_sent "$case: after the sync"
    copies=$(dav copies "$base/user/calendars/calendar/" "$uid" mailto:me@example.org)
    [ "$(printf '%s\n' "$copies" | grep -c .)" = 1 ] && [ "${copies#* }" = mailto:me@example.org=ACCEPTED ] \
        && pass "$case: one item of $uid on the server, ACCEPTED: $copies" \
        || fail "$case: the items of $uid on the server: ${copies:-none}"
    replies=$(replies_for "$uid" "$mark")
    if [ "$(printf '%s\n' "$replies" | grep -c '^server: ')" != 0 ]; then
        short "sent a REPLY of its own for the item invites wrote and the sync uploaded (an attendee's new copy): $(printf '%s\n' "$replies" | grep '^server: ' | tr '\n' ';')"
    fi
    if [ "$(printf '%s\n' "$replies" | grep -c .)" = 1 ]; then
        pass "$case: the organizer got one reply ($(printf '%s' "$replies" | cut -d' ' -f1))"
    else
        fail "$case: the organizer got: $(printf '%s\n' "$replies" | tr '\n' ';')"
    fi
    [ "$look" = list ] || return 0
    # The server's copy comes after all, late (docs/spec.md: "followed as any other"): the server
    # gets the invitation now, into the calendar that holds the item invites wrote.
    deliver "$mail" || fail "$case: import-imip, late: $(cat "$work/import.log")"
    synced "$case: the late copy"
    run list > /dev/null 2> "$work/look.err" || true
    synced "$case: after a look at the late copy"
    show_change "$case: the late copy, synced and looked at" "$item"
    show_sent "$case: the late copy"
    show_invites_sent "$case: the late copy"
    copies=$(dav copies "$vdir" "$uid" mailto:me@example.org; dav copies "$base/user/calendars/calendar/" "$uid" mailto:me@example.org)
    replies=$(replies_for "$uid" "$mark")
    if [ "$(printf '%s\n' "$copies" | grep -c 'mailto:me@example.org=ACCEPTED$')" = 2 ] \
        && [ "$(printf '%s\n' "$copies" | grep -c .)" = 2 ] && [ "$(listed "$uid" status)" = '"accepted"' ]; then
        pass "$case: the server's copy, come late, went into the item invites wrote: one item in the vdir and one on the server, ACCEPTED, invites says accepted"
    else
        fail "$case: the late copy: items $(printf '%s\n' "$copies" | tr '\n' ';') invites says $(listed "$uid" status)"
    fi
    if [ "$(printf '%s\n' "$replies" | grep -c .)" = 1 ]; then
        pass "$case: the late copy made no second reply"
    else
        short "replied again for the copy that came late: $(printf '%s\n' "$replies" | tr '\n' ';')"
    fi
}
no_copy "no copy, the next command" no-copy@example.org "No copy" 20300615 list 1
no_copy "no copy, a watch running" no-copy-watch@example.org "No copy (watch)" 20300616 watch 4
config=$config_first

# A task your server placed (issue 37): the organizer's VTODO REQUEST (RFC 5546 §3.4) delivered
# by the server into the calendar as a meeting is, brought by the sync, found by invites as a
# task with no mail ingested, and answered in place. What Xandikos 0.4.10 does with a task
# (xandikos/itip.py, web.py): VTODO is one of its SCHEDULING_COMPONENTS, so import-imip delivers
# it, and an attendee's PUT that changes their PARTSTAT makes it send the organizer a REPLY
# (itip.build_itip_reply: the whole VTODO, your ATTENDEE alone, a fresh DTSTAMP). But its
# attendee-write check (RFC 6638 §3.1, _reject_unauthorised_attendee_change) masks only your
# ATTENDEE's parameters, and PERCENT-COMPLETE is among its SCHEDULING_PROPERTIES: a report that
# sets it (`invites progress`, `done`), which RFC 6638 §3.2.2.1 lets an attendee change, is
# refused (412 attendee-allowed), so a report never reaches the organizer through it.
component=VTODO imip_mail "$work/task.eml" placed-task@example.org 0 20300601T090000Z 20300620T170000Z "Submit the quarterly report"
mark=$(server_count)
if placed "$work/task.eml" placed-task@example.org "the task the server placed"; then
    show_sent "import-imip of the task"
    show_item "a task delivered by the server" "$item"
    grep -q '^BEGIN:VTODO' "$item" && pass "import-imip put the task into the calendar as a VTODO ($(basename "$item")); vdirsyncer brought it" \
        || fail "the server's copy of the task holds no VTODO"
    line=$(run list 2>/dev/null | grep 'Submit the quarterly report' || true)
    printf '%s\n' "$line" | grep -q 'pending *task, due Thu 20 Jun 2030 17:00 .*\[in your calendar\]' \
        && pass "list finds the task with no mail ingested: $line" || fail "list says: '$line'"
    [ "$(listed placed-task@example.org kind)" = '"task"' ] && pass "list --json: kind task" \
        || fail "list --json kind: $(listed placed-task@example.org kind)"
    handle=$(handle_of placed-task@example.org)
    queued_before=$(invites_queued)
    sent_before=$(invites_handed)
    cp "$item" "$work/answered-from"
    mark=$(server_count)
    run accept "${handle:-placed-task}" > "$work/task-accept.out" 2> "$work/task-accept.err" \
        && pass "accept $handle: $(cat "$work/task-accept.out")" || fail "accept ${handle:-placed-task}: $(cat "$work/task-accept.err")"
    show_change "accept the task" "$item"
    why=$(dav only-partstat "$work/answered-from" "$item" mailto:me@example.org ACCEPTED 2>&1) \
        && pass "accept changed only your ATTENDEE's PARTSTAT in the task, in place" || fail "accept the task: $why"
    nothing_from_invites && pass "accept on the task queued nothing and gave its sendmail nothing: the server sends" \
        || fail "accept on the task queued or sent: $(run --json outbox --all)"
    delivery=$(deliveries_of "${handle:-placed-task}")
    [ "$delivery" = server ] && pass "history: accepted, through the server" || fail "history deliveries: '$delivery'"
    if sync; then
        show_sync "after accepting the task"
        show_sent "after accepting the task and the sync"
        replies=$(replies_for placed-task@example.org "$mark")
        if [ "$(printf '%s\n' "$replies" | grep -c .)" = 1 ] \
            && printf '%s\n' "$replies" | grep -q '^server: .*To=boss@example.org METHOD=REPLY UID=placed-task@example.org .*mailto:me@example.org=ACCEPTED'; then
            pass "the server sent boss@example.org one REPLY for the task, ACCEPTED, and invites none: $replies"
        else
            fail "after accepting the task the organizer got: $(printf '%s\n' "$replies" | tr '\n' ';')"
        fi
    else
        fail "vdirsyncer sync after accepting the task: $(cat "$work/sync.log")"
    fi
    # progress 50: your PARTSTAT IN-PROCESS and PERCENT-COMPLETE:50, in place.
    cp "$item" "$work/answered-from"
    mark=$(server_count)
    run progress "${handle:-placed-task}" 50 > "$work/task-progress.out" 2> "$work/task-progress.err" \
        && pass "progress $handle 50: $(cat "$work/task-progress.out")" || fail "progress ${handle:-placed-task} 50: $(cat "$work/task-progress.err")"
    show_change "progress 50 on the task" "$item"
    grep -v '^PERCENT-COMPLETE:50' "$item" > "$work/without-percent.ics"
    if [ "$(grep -c '^PERCENT-COMPLETE:50' "$item")" = 1 ] \
        && why=$(dav only-partstat "$work/answered-from" "$work/without-percent.ics" mailto:me@example.org IN-PROCESS 2>&1); then
        pass "progress set your PARTSTAT to IN-PROCESS and added PERCENT-COMPLETE:50, nothing else"
    else
        fail "progress on the task: ${why:-no PERCENT-COMPLETE:50 line}"
    fi
    nothing_from_invites && pass "progress on the task queued nothing and gave its sendmail nothing" \
        || fail "progress on the task queued or sent: $(run --json outbox --all)"
    [ "$(listed placed-task@example.org status)" = '"accepted"' ] && pass "list after progress: accepted, [50% done]" \
        || fail "list after progress: $(listed placed-task@example.org status)"
    if sync; then
        show_sync "after progress on the task"
        show_sent "after progress and the sync"
        replies=$(replies_for placed-task@example.org "$mark")
        printf '%s\n' "$replies" | grep -q 'mailto:me@example.org=IN-PROCESS PERCENT-COMPLETE=50' \
            && pass "the server sent the organizer the report: $replies" \
            || fail "after progress and the sync the organizer got: $(printf '%s\n' "$replies" | tr '\n' ';')"
    else
        show_sync "after progress on the task"
        grep -q 'Precondition Failed' "$work/sync.log" \
            && short "refuses an attendee's PERCENT-COMPLETE (412 attendee-allowed), which RFC 6638 §3.2.2.1 allows: the report (IN-PROCESS, 50%) never reaches the organizer through it; sent $(new_sent "$mark" | grep -c 'UID=placed-task@example.org ' || true) messages for it" \
            || fail "vdirsyncer sync after progress: $(cat "$work/sync.log")"
    fi
fi

echo "scheduling: $checks checks, $failures failed"
[ "$failures" = 0 ] || exit 1
