#!/usr/bin/env bash
# The outbox against real servers, with the real binary: replies handed to msmtp and received by
# an aiosmtpd server on 127.0.0.1 (checked with Python's email module and python icalendar),
# a failing and a missing sendmail command, a reply withdrawn by the organizer's CANCEL, push answers POSTed to an http.server (500, 500,
# then 200; a 400; 503 until the retries give up; a send killed while its POST is held), a send
# killed while its sendmail command holds the message, 50 `send`s killed with SIGKILL at random
# moments (no mail lost from the outbox, none received twice), `ingest --maildir` reading each
# message once, and a send under a mail client's conditions (SIGPIPE ignored, umask 077, no
# COLUMNS, stdin not a terminal). msmtp comes from apt-get (as root), aiosmtpd and icalendar from PyPI into a
# virtualenv under .build/; without them the mail parts are skipped with one line, and without
# ../shared/corpus the corpus part of the Maildir case. One line per case; exits non-zero when
# any case fails. Usage: [OUTBOX_SAMPLE=FILE] Tests/Scripts/outbox.sh BIN
set -euo pipefail
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
cd "$(dirname "$0")/../.."
root=$(pwd)
command -v python3 >/dev/null 2>&1 || { echo "outbox: skipped: no python3 to run the servers"; exit 0; }
work=$(mktemp -d "${TMPDIR:-/tmp}/invites-outbox.XXXXXX")
servers=()
sender=
cleanup() {
    [ -z "$sender" ] || kill -9 "$sender" 2>/dev/null || true
    for pid in "${servers[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${servers[@]}"; do wait "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT
trap 'code=$?; echo "outbox: FAILED: line $LINENO: $BASH_COMMAND (exit $code)"' ERR
unset INVITES_HOME INVITES_CALENDAR INVITES_ME COLUMNS
export TZ=UTC XDG_CONFIG_HOME="$work/xdg-config" XDG_DATA_HOME="$work/xdg-data"
failures=0
checks=0
done_parts=()
pass() { echo "outbox: ok: $*"; checks=$((checks + 1)); }
fail() { echo "outbox: FAILED: $*"; failures=$((failures + 1)); checks=$((checks + 1)); }
skip() { echo "outbox: skipped: $*"; }

# The invites command of the case at hand: its own store, calendar and config file.
run() { "$bin" --home "$home" --calendar "$calendar" --tz UTC --config "$config" "$@"; }
# A fresh store, calendar and config for a case named $1; the config's lines follow.
use() {
    home=$work/$1/home
    calendar=$work/$1/calendar.ics
    config=$work/$1/config
    mkdir -p "$work/$1"
    : > "$calendar"
    shift
    printf '%s\n' "me = me@example.org" "name = Ann Example" "$@" > "$config"
}
# Replaces the sendmail (or respond_url) line of the config in use.
set_config() {
    grep -v "^$1 *=" "$config" > "$config.new" || true
    printf '%s = %s\n' "$1" "$2" >> "$config.new"
    mv "$config.new" "$config"
}
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
wait_port() {
    python3 - "$1" <<'PY'
import socket, sys, time
deadline = time.time() + 15
while time.time() < deadline:
    try:
        socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=1).close()
        sys.exit(0)
    except OSError:
        time.sleep(0.05)
sys.exit(1)
PY
}
# One state or field of the outbox's newest message for the handle: outbox_field HANDLE KEY.
outbox_field() {
    run --json outbox --all 2>/dev/null | python3 -c '
import json, sys
messages = [m for m in json.load(sys.stdin)["messages"] if m["handle"] == sys.argv[1]]
print(messages[-1].get(sys.argv[2], "") if messages else "")' "$1" "$2"
}

# An invitation e-mail from olga@example.org: invitation_mail NAME UID MESSAGE-ID TITLE DAY.
invitation_mail() {
    cat <<MAIL
From: Olga Organizer <olga@example.org>
To: Ann Example <me@example.org>
Subject: Invitation: $4
Date: Tue, 01 Jun 2027 08:00:00 +0000
Message-ID: <$3>
MIME-Version: 1.0
Content-Type: multipart/alternative; boundary="outer"

--outer
Content-Type: text/plain; charset=UTF-8

You are invited: $4.
--outer
Content-Type: text/calendar; method=REQUEST; charset=UTF-8

BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//invites outbox test//EN
METHOD:REQUEST
BEGIN:VEVENT
UID:$2
DTSTAMP:20270601T080000Z
DTSTART:${5}T100000Z
DTEND:${5}T110000Z
SUMMARY:$4
ORGANIZER;CN=Olga Organizer:mailto:olga@example.org
ATTENDEE;CN=Ann Example;RSVP=TRUE;PARTSTAT=NEEDS-ACTION:mailto:me@example.org
END:VEVENT
END:VCALENDAR
--outer--
MAIL
}

# The fixture: a weekly series with one moved occurrence (two VEVENTs), three attendees.
fixture=$work/weekly-sync.eml
cat > "$fixture" <<'MAIL'
From: Olga Organizer <olga@example.org>
To: Ann Example <me@example.org>, Bob <bob@example.org>
Subject: Invitation: Weekly sync
Date: Tue, 01 Jun 2027 08:00:00 +0000
Message-ID: <weekly-sync-1@mail.example.org>
MIME-Version: 1.0
Content-Type: multipart/alternative; boundary="outer"

--outer
Content-Type: text/plain; charset=UTF-8

Weekly sync, every Monday; the second one moves to Tuesday.
--outer
Content-Type: text/calendar; method=REQUEST; charset=UTF-8

BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//invites outbox test//EN
METHOD:REQUEST
BEGIN:VEVENT
UID:weekly-sync@example.org
DTSTAMP:20270601T080000Z
DTSTART:20270607T100000Z
DTEND:20270607T103000Z
RRULE:FREQ=WEEKLY;COUNT=6
SUMMARY:Weekly sync
ORGANIZER;CN=Olga Organizer:mailto:olga@example.org
ATTENDEE;CN=Olga Organizer;PARTSTAT=ACCEPTED:mailto:olga@example.org
ATTENDEE;CN=Ann Example;RSVP=TRUE;PARTSTAT=NEEDS-ACTION:mailto:me@example.org
ATTENDEE;CN=Bob;RSVP=TRUE;PARTSTAT=NEEDS-ACTION:mailto:bob@example.org
END:VEVENT
BEGIN:VEVENT
UID:weekly-sync@example.org
RECURRENCE-ID:20270614T100000Z
DTSTAMP:20270601T080000Z
DTSTART:20270615T100000Z
DTEND:20270615T103000Z
SUMMARY:Weekly sync (moved)
ORGANIZER;CN=Olga Organizer:mailto:olga@example.org
ATTENDEE;CN=Olga Organizer;PARTSTAT=ACCEPTED:mailto:olga@example.org
ATTENDEE;CN=Ann Example;RSVP=TRUE;PARTSTAT=NEEDS-ACTION:mailto:me@example.org
ATTENDEE;CN=Bob;RSVP=TRUE;PARTSTAT=NEEDS-ACTION:mailto:bob@example.org
END:VEVENT
END:VCALENDAR
--outer--
MAIL
# The same invitation twice in one message: inline text/calendar and an application/ics file.
double=$work/double.eml
python3 - "$double" <<'PY'
import sys
calendar = "\r\n".join([
    "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//invites outbox test//EN", "METHOD:REQUEST", "BEGIN:VEVENT",
    "UID:double@example.org", "DTSTAMP:20270601T080000Z", "DTSTART:20270701T090000Z", "DTEND:20270701T093000Z",
    "SUMMARY:Twice in one mail", "ORGANIZER:mailto:olga@example.org",
    "ATTENDEE;RSVP=TRUE;PARTSTAT=NEEDS-ACTION:mailto:me@example.org", "END:VEVENT", "END:VCALENDAR", ""])
open(sys.argv[1], "w", newline="").write(f"""From: Olga Organizer <olga@example.org>
To: me@example.org
Subject: Invitation: Twice in one mail
Message-ID: <double-1@mail.example.org>
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="mixed"

--mixed
Content-Type: multipart/alternative; boundary="alt"

--alt
Content-Type: text/plain; charset=UTF-8

Twice in one mail.
--alt
Content-Type: text/calendar; method=REQUEST; charset=UTF-8

{calendar}
--alt--
--mixed
Content-Type: application/ics; name="invite.ics"
Content-Disposition: attachment; filename="invite.ics"

{calendar}
--mixed--
""")
PY
ordinary=$work/ordinary.eml
printf '%s\n' "From: Bob <bob@example.org>" "To: me@example.org" "Subject: lunch?" \
    "Message-ID: <lunch-1@mail.example.org>" "" "Are you free for lunch on Friday?" > "$ordinary"

# What the mail parts need: msmtp (apt-get, as root) and aiosmtpd with icalendar (PyPI).
mail_ready=yes
if ! command -v msmtp >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ]; then
        { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends msmtp; } \
            >/dev/null 2>&1 || true
        command -v msmtp >/dev/null 2>&1 || mail_ready="msmtp could not be installed with apt-get"
    else
        mail_ready="msmtp is not installed and this is not root to install it"
    fi
fi
venv=$root/.build/outbox-venv
if [ "$mail_ready" = yes ] && ! "$venv/bin/python" -c 'import aiosmtpd, icalendar' >/dev/null 2>&1; then
    { python3 -m venv "$venv" && "$venv/bin/pip" install -q aiosmtpd==1.4.6 icalendar==7.3.2; } >/dev/null 2>&1 \
        || mail_ready="aiosmtpd and icalendar could not be installed from PyPI"
fi

# The SMTP server: every message received is saved whole, one file each, in $received.
received=$work/received
if [ "$mail_ready" = yes ]; then
    mkdir -p "$received"
    cat > "$work/smtpd.py" <<'PY'
import itertools, os, sys, time
from aiosmtpd.controller import Controller
folder, port = sys.argv[1], int(sys.argv[2])
counter = itertools.count()

class Keep:
    async def handle_DATA(self, server, session, envelope):
        name = os.path.join(folder, f"{time.time_ns()}-{next(counter):04d}")
        with open(name + ".part", "wb") as file:
            file.write(envelope.original_content or envelope.content)
        os.rename(name + ".part", name + ".eml")
        return "250 OK kept"

controller = Controller(Keep(), hostname="127.0.0.1", port=port)
controller.start()
while True:
    time.sleep(3600)
PY
    smtp_port=$(free_port)
    "$venv/bin/python" "$work/smtpd.py" "$received" "$smtp_port" > "$work/smtpd.log" 2>&1 &
    servers+=($!)
    if ! wait_port "$smtp_port"; then
        mail_ready="the aiosmtpd server did not start: $(head -c 300 "$work/smtpd.log")"
    fi
    # msmtp adds no header of its own, so that what arrives is what invites wrote.
    cat > "$work/msmtprc" <<RC
account default
host 127.0.0.1
port $smtp_port
from me@example.org
auth off
tls off
set_from_header off
set_date_header off
set_msgid_header off
RC
    chmod 600 "$work/msmtprc"
fi
msmtp_line="msmtp -C \"$work/msmtprc\" -t"
# The files the server received with this Message-Id (given without <>), one a line.
received_files() {
    python3 - "$received" "$1" <<'PY'
import email, glob, sys
for path in sorted(glob.glob(sys.argv[1] + "/*.eml")):
    message = email.message_from_binary_file(open(path, "rb"))
    if (message["Message-Id"] or "").strip() == "<" + sys.argv[2] + ">":
        print(path)
PY
}
# What the REPLY in a received file says: reply_says FILE prints "PARTSTAT COMMENT" per VEVENT.
reply_says() {
    python3 - "$1" <<'PY'
import email, sys
message = email.message_from_binary_file(open(sys.argv[1], "rb"))
for part in message.walk():
    if part.get_content_type() == "text/calendar":
        text = part.get_payload(decode=True).decode().replace("\r\n ", "").replace("\n ", "")
        for event in text.split("BEGIN:VEVENT")[1:]:
            lines = event.splitlines()
            partstats = [line.split("PARTSTAT=")[1].split(";")[0].split(":")[0] for line in lines if "PARTSTAT=" in line]
            comments = [line[len("COMMENT:"):] for line in lines if line.startswith("COMMENT:")]
            print(",".join(partstats), "|".join(comments))
PY
}
received_total() { find "$received" -name '*.eml' | wc -l | tr -d ' '; }

if [ "$mail_ready" != yes ]; then
    skip "the mail parts (end to end, a failing sendmail then msmtp, the killed sends, a mail client's conditions): $mail_ready"
else
    # 1. Mail end to end.
    use mail "sendmail = $msmtp_line"
    handle=$(run ingest - --print handle < "$fixture")
    status=0
    run accept "$handle" --comment 'See you' --send > "$work/out" 2> "$work/err" || status=$?
    id=$(outbox_field "$handle" messageId)
    file=$(received_files "$id" | head -n 1)
    if [ "$status" != 0 ] || [ -z "$id" ] || [ -z "$file" ]; then
        fail "accept --send: exit $status, outbox Message-Id '$id', received: $(received_total); stderr: $(head -c 300 "$work/err")"
    elif verdict=$("$venv/bin/python" - "$file" "$id" <<'PY'
import email, email.policy, email.utils, sys
import icalendar
message = email.message_from_binary_file(open(sys.argv[1], "rb"), policy=email.policy.default)
problems = []
def check(ok, what):
    if not ok:
        problems.append(what)
sender = message["From"].addresses
check(len(sender) == 1 and sender[0].display_name == "Ann Example" and sender[0].addr_spec == "me@example.org",
      f"From: {message['From']!r}")
to = message["To"].addresses if message["To"] else ()
check([a.addr_spec for a in to] == ["olga@example.org"], f"To: {message['To']!r}")
check(message["Subject"] == "Accepted: Weekly sync", f"Subject: {message['Subject']!r}")
for header in ("In-Reply-To", "References"):
    check((message[header] or "").strip() == "<weekly-sync-1@mail.example.org>", f"{header}: {message[header]!r}")
try:
    check(email.utils.parsedate_to_datetime(message["Date"]).tzinfo is not None, f"Date: {message['Date']!r}")
except Exception:
    problems.append(f"Date: {message['Date']!r}")
check((message["Message-Id"] or "").strip() == "<" + sys.argv[2] + ">", f"Message-Id: {message['Message-Id']!r}")
check(message.get_content_type() == "multipart/alternative", f"the message is {message.get_content_type()}")
types = [part.get_content_type() for part in message.iter_parts()] if message.is_multipart() else []
check(types == ["text/plain", "text/calendar"], f"parts: {types}")
check("See you" in str(message.get_body(("plain",)).get_content()), "the text part does not hold the comment")
calendars = [part for part in message.walk() if part.get_content_type() == "text/calendar"]
if calendars:
    part = calendars[0]
    check((part.get_param("method") or "").upper() == "REPLY", f"text/calendar method={part.get_param('method')}")
    calendar = icalendar.Calendar.from_ical(part.get_payload(decode=True))
    check(str(calendar.get("METHOD")) == "REPLY", f"METHOD:{calendar.get('METHOD')}")
    events = calendar.walk("VEVENT")
    check(len(events) == 2, f"{len(events)} VEVENTs, not 2 (the series and its moved occurrence)")
    for event in events:
        where = "the moved occurrence" if event.get("RECURRENCE-ID") else "the series"
        attendees = event.get("ATTENDEE")
        attendees = attendees if isinstance(attendees, list) else [attendees] if attendees else []
        check(len(attendees) == 1, f"{where}: {len(attendees)} ATTENDEEs")
        for attendee in attendees:
            check(str(attendee).lower() == "mailto:me@example.org", f"{where}: ATTENDEE {attendee}")
            check(attendee.params.get("PARTSTAT") == "ACCEPTED", f"{where}: PARTSTAT={attendee.params.get('PARTSTAT')}")
        check(str(event.get("UID")) == "weekly-sync@example.org", f"{where}: UID {event.get('UID')}")
    series = [event for event in events if not event.get("RECURRENCE-ID")]
    check(bool(series) and str(series[0].get("COMMENT")) == "See you", "the series' VEVENT has no COMMENT:See you")
else:
    problems.append("no text/calendar part")
print("; ".join(problems) if problems else f"{len(events)} VEVENTs, one ATTENDEE each")
sys.exit(1 if problems else 0)
PY
    ); then
        state=$(outbox_field "$handle" state)
        delivery=$(run --json history | python3 -c '
import json, sys
print(json.load(sys.stdin)["entries"][0].get("delivery", ""))')
        if [ "$state" = sent ] && [ "$delivery" = sent ]; then
            # OUTBOX_SAMPLE=FILE keeps the message as the SMTP server received it, to look at.
            [ -z "${OUTBOX_SAMPLE:-}" ] || cp "$file" "$OUTBOX_SAMPLE"
            pass "accept --send through msmtp to aiosmtpd: From 'Ann Example <me@example.org>', To olga, In-Reply-To and References the invitation's, Date, Message-Id; a text/calendar REPLY icalendar reads ($verdict, PARTSTAT=ACCEPTED, COMMENT); outbox sent, history delivery sent"
        else
            fail "accept --send: the message arrived, but the outbox says '$state' and the history '$delivery'"
        fi
    else
        fail "accept --send: the received message: $verdict"
    fi

    # A comment alone, sent at once: one more REPLY, with the answer in force and the comment.
    before=$(received_total)
    status=0
    run comment "$handle" 'Running five minutes late' --send > "$work/out" 2> "$work/err" || status=$?
    id=$(outbox_field "$handle" messageId)
    file=$(received_files "$id" | head -n 1)
    says=
    [ -z "$file" ] || says=$(reply_says "$file" | tr '\n' ';')
    if [ "$status" = 0 ] && [ "$(received_total)" = $((before + 1)) ] \
        && [ "$says" = "ACCEPTED Running five minutes late;ACCEPTED ;" ]; then
        pass "comment --send: one more message, a REPLY with the answer in force (ACCEPTED) and the comment"
    else
        fail "comment --send: exit $status, $(($(received_total) - before)) received, the REPLY says '$says'; stderr: $(head -c 300 "$work/err")"
    fi

    # 2. A sendmail command that fails, then one that works: the message goes once.
    printf '%s\n' '#!/bin/sh' 'echo relay refused >&2' 'exit 75' > "$work/failing-sendmail"
    chmod +x "$work/failing-sendmail"
    set_config sendmail "\"$work/failing-sendmail\" -t"
    status=0
    run decline "$handle" --send > "$work/out" 2> "$work/err" || status=$?
    state=$(outbox_field "$handle" state)
    attempts=$(outbox_field "$handle" attempts)
    error=$(outbox_field "$handle" lastError)
    id=$(outbox_field "$handle" messageId)
    if [ "$status" = 1 ] && grep -q "relay refused" "$work/err" && [ "$state" = queued ] && [ "$attempts" = 1 ] \
        && [[ "$error" == *"relay refused"* ]]; then
        pass "decline --send through a sendmail that fails: exit 1, stderr says 'relay refused', queued after 1 attempt ($error)"
    else
        fail "decline --send through a failing sendmail: exit $status, state '$state', attempts '$attempts', lastError '$error', stderr: $(head -c 300 "$work/err")"
    fi
    set_config sendmail "$msmtp_line"
    before=$(received_total)
    status=0
    run send > "$work/out" 2> "$work/err" || status=$?
    first=$(received_files "$id" | wc -l | tr -d " ")
    again=0
    run send > "$work/out2" 2> "$work/err2" || again=$?
    if [ "$status" = 0 ] && [ "$first" = 1 ] && [ "$(received_total)" = $((before + 1)) ] && [ "$again" = 0 ] \
        && [ "$(outbox_field "$handle" state)" = sent ] && grep -q "Nothing to send" "$work/out2"; then
        pass "then send through msmtp: exit 0, the decline received exactly once; a second send sends nothing"
    else
        fail "send after the failure: exit $status then $again, $first received with its Message-Id, $(($(received_total) - before)) in all, state '$(outbox_field "$handle" state)'; stderr: $(head -c 300 "$work/err") $(head -c 200 "$work/err2")"
    fi
    done_parts+=("mail end to end" "a failing sendmail then msmtp")
fi

# 3. A sendmail command that is not there.
use missing "sendmail = /nonexistent/sendmail -t"
invitation_mail missing missing@example.org missing-1@mail.example.org "Missing sendmail" 20270620 > "$work/missing.eml"
handle=$(run ingest - --print handle < "$work/missing.eml")
status=0
run tentative "$handle" --send > "$work/out" 2> "$work/err" || status=$?
state=$(outbox_field "$handle" state)
error=$(outbox_field "$handle" lastError)
if [ "$status" = 1 ] && [ "$state" = queued ] && [[ "$error" == *"/nonexistent/sendmail"* ]] \
    && grep -q "/nonexistent/sendmail" "$work/err"; then
    pass "tentative --send with sendmail = /nonexistent/sendmail: exit 1, queued, '$error'"
else
    fail "a missing sendmail command: exit $status, state '$state', lastError '$error', stderr: $(head -c 300 "$work/err")"
fi
done_parts+=("a missing sendmail")

# 3b. The organizer's CANCEL withdraws the answer still waiting: send and send --again hand
# nothing to the sendmail command, ingest says so, outbox and history show it withdrawn.
use withdrawn "sendmail = $work/withdrawn/keep -t -i"
printf '#!/bin/sh\ncat >> "%s/withdrawn/handed"\n' "$work" > "$work/withdrawn/keep"
chmod +x "$work/withdrawn/keep"
invitation_mail withdrawn withdrawn@example.org withdrawn-1@mail.example.org "Called off" 20270621 > "$work/withdrawn.eml"
handle=$(run ingest - --print handle < "$work/withdrawn.eml")
run accept "$handle" --no-send > /dev/null 2>&1
sed -e 's/method=REQUEST/method=CANCEL/' -e 's/^METHOD:REQUEST/METHOD:CANCEL/' -e 's/^DTSTAMP:.*/DTSTAMP:20270602T080000Z\nSEQUENCE:1/' \
    "$work/withdrawn.eml" > "$work/withdrawn-cancel.eml"
status=0
run ingest - < "$work/withdrawn-cancel.eml" > "$work/out" 2> "$work/err" || status=$?
run send > "$work/out2" 2>&1 || true
run send --again > /dev/null 2>&1 || true
state=$(outbox_field "$handle" state)
if [ "$status" = 0 ] && [ ! -e "$work/withdrawn/handed" ] && [ "$state" = withdrawn ] \
    && grep -q "withdrawn" "$work/err" && grep -q "Nothing to send" "$work/out2" \
    && run history "$handle" | grep -q "\[reply withdrawn: the organizer cancelled; not sent\]"; then
    pass "a CANCEL after accept: the waiting reply is withdrawn; send and send --again hand nothing over"
else
    fail "a CANCEL after accept: ingest exit $status, state '$state', handed over: $([ -e "$work/withdrawn/handed" ] && echo yes || echo no); stderr: $(head -c 300 "$work/err")"
fi
done_parts+=("a cancellation withdraws the waiting answer")

# 4. Push answers over HTTP: 500, 500, 200 on /answers; 400 on /unknown; /slow answers 200 after 1.5 s;
# /busy answers 503 four times, then 200.
cat > "$work/httpd.py" <<'PY'
import http.server, os, sys, time
folder = sys.argv[1]
plans = {"/answers": [500, 500, 200], "/unknown": [400], "/slow": [200], "/busy": [503, 503, 503, 503, 200]}
counts = {}

class Handler(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        number = counts[self.path] = counts.get(self.path, 0) + 1
        if self.path == "/slow":
            open(os.path.join(folder, f"slow-{number}.arrived"), "w").close()
            time.sleep(1.5)
        plan = plans.get(self.path, [404])
        status = plan[min(number, len(plan)) - 1]
        with open(os.path.join(folder, f"{self.path.strip('/')}-{number}-{status}.json"), "wb") as file:
            file.write(body)
        reply = {400: b"unknown invitation", 500: b"try again later"}.get(status, b"{}")
        self.send_response(status)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(reply)))
        self.end_headers()
        self.wfile.write(reply)

    def log_message(self, *arguments):
        pass

server = http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[2])), Handler)
server.serve_forever()
PY
mkdir -p "$work/posts"
http_port=$(free_port)
python3 "$work/httpd.py" "$work/posts" "$http_port" > "$work/httpd.log" 2>&1 &
servers+=($!)
if ! wait_port "$http_port"; then
    fail "the http.server did not start: $(head -c 300 "$work/httpd.log")"
else
    use http "respond_url = http://127.0.0.1:$http_port/answers"
    handle=$(echo '{"title":"Reunion","start":"2027-04-10T08:00:00-08:00","end":"2027-04-10T12:00:00-08:00","id":12}' \
        | run ingest - --print handle)
    status=0
    started=$(date +%s%N)
    run accept 12 --comment 'Bringing cake' --send > "$work/out" 2> "$work/err" || status=$?
    elapsed=$((($(date +%s%N) - started) / 1000000))
    posts=$(cd "$work/posts" && ls answers-* 2>/dev/null | tr '\n' ' ')
    if [ "$status" = 0 ] && [ "$posts" = "answers-1-500.json answers-2-500.json answers-3-200.json " ] \
        && body=$(python3 - "$work/posts" <<'PY'
import json, sys
bodies = [json.load(open(f"{sys.argv[1]}/answers-{n}-{s}.json")) for n, s in ((1, 500), (2, 500), (3, 200))]
assert all(body == bodies[2] for body in bodies), bodies
assert bodies[2] == {"id": 12, "response": "accepted", "comment": "Bringing cake"}, bodies[2]
print(json.dumps(bodies[2], sort_keys=True))
PY
        ) && [ "$(outbox_field "$handle" state)" = sent ] && [ "$(outbox_field "$handle" attempts)" = 3 ]; then
        pass "accept 12 --send to respond_url answering 500, 500, 200: exit 0 after ${elapsed} ms, 3 POSTs, one 200, body $body, outbox sent after 3 attempts"
    else
        fail "accept --send over HTTP: exit $status, POSTs: $posts, state '$(outbox_field "$handle" state)', attempts '$(outbox_field "$handle" attempts)'; stderr: $(head -c 300 "$work/err")"
    fi
    set_config respond_url "http://127.0.0.1:$http_port/unknown"
    status=0
    run decline "$handle" --send > "$work/out" 2> "$work/err" || status=$?
    state=$(outbox_field "$handle" state)
    error=$(outbox_field "$handle" lastError)
    again=0
    run send > "$work/out2" 2> "$work/err2" || again=$?
    posts=$(cd "$work/posts" && ls unknown-* 2>/dev/null | tr '\n' ' ')
    if [ "$status" = 1 ] && [ "$state" = failed ] && [[ "$error" == *"unknown invitation"* ]] \
        && [ "$posts" = "unknown-1-400.json " ] && [ "$(outbox_field "$handle" state)" = failed ]; then
        pass "decline --send answered 400: exit 1, failed, '$error'; a later send (exit $again: $(head -c 80 "$work/out2")) does not try it again"
    else
        fail "decline --send answered 400: exit $status, state '$state', lastError '$error', POSTs: $posts, then send exit $again, state '$(outbox_field "$handle" state)'; stderr: $(head -c 300 "$work/err")"
    fi
    # A server that stays busy: 4 tries, then queued for 5 minutes; send HANDLE sends it now.
    set_config respond_url "http://127.0.0.1:$http_port/busy"
    handle=$(echo '{"title":"Board meeting","start":"2027-05-02T12:00:00Z","end":"2027-05-02T13:00:00Z","id":14}' \
        | run ingest - --print handle)
    status=0
    run accept 14 --send > "$work/out" 2> "$work/err" || status=$?
    wait_left=$(run --json outbox | python3 -c '
import datetime, json, sys
messages = [m for m in json.load(sys.stdin)["messages"] if m["handle"] == sys.argv[1]]
next_try = messages[-1].get("nextTry") if messages else None
print(int((datetime.datetime.fromisoformat(next_try.replace("Z", "+00:00")) - datetime.datetime.now(datetime.timezone.utc)).total_seconds()) if next_try else "none")' "$handle")
    state=$(outbox_field "$handle" state)
    tries=$(cd "$work/posts" && ls busy-* 2>/dev/null | wc -l | tr -d ' ')
    later=0
    run send > "$work/out2" 2> "$work/err2" || later=$?
    untouched=$(cd "$work/posts" && ls busy-* 2>/dev/null | wc -l | tr -d ' ')
    now=0
    run send "$handle" > "$work/out3" 2> "$work/err3" || now=$?
    posts=$(cd "$work/posts" && ls busy-* 2>/dev/null | tr '\n' ' ')
    if [ "$status" = 1 ] && [ "$tries" = 4 ] && [ "$state" = queued ] && [ "$wait_left" != none ] \
        && [ "$wait_left" -ge 240 ] && [ "$wait_left" -le 300 ] && [ "$untouched" = 4 ] && [ "$now" = 0 ] \
        && [ "$posts" = "busy-1-503.json busy-2-503.json busy-3-503.json busy-4-503.json busy-5-200.json " ] \
        && [ "$(outbox_field "$handle" state)" = sent ]; then
        pass "accept --send to a server answering 503: exit 1 after 4 tries, queued, next try in ${wait_left} s; send before then posts nothing (exit $later: $(head -c 60 "$work/out2")); send HANDLE posts it now: sent"
    else
        fail "a server answering 503: exit $status after $tries tries, state '$state', next try in $wait_left s; send: exit $later, $untouched POSTs in all; send HANDLE: exit $now, POSTs: $posts, state '$(outbox_field "$handle" state)'; stderr: $(head -c 300 "$work/err" "$work/err3")"
    fi

    # At least once: a send killed while the server holds its POST leaves it to the next send.
    set_config respond_url "http://127.0.0.1:$http_port/slow"
    handle=$(echo '{"title":"Picnic","start":"2027-05-01T12:00:00Z","end":"2027-05-01T15:00:00Z","id":"p-13"}' \
        | run ingest - --print handle)
    run accept p-13 --no-send > /dev/null 2>&1
    "$bin" --home "$home" --calendar "$calendar" --tz UTC --config "$config" send > /dev/null 2>&1 &
    sender=$!
    for _ in $(seq 1 100); do [ -e "$work/posts/slow-1.arrived" ] && break; sleep 0.05; done
    kill -9 "$sender" 2>/dev/null || true
    wait "$sender" 2>/dev/null || true
    sender=
    status=0
    run send > "$work/out" 2> "$work/err" || status=$?
    posts=$(cd "$work/posts" && ls slow-* 2>/dev/null | tr '\n' ' ')
    if [ "$status" = 0 ] && [ "$posts" = "slow-1-200.json slow-1.arrived slow-2-200.json slow-2.arrived " ] \
        && [ "$(outbox_field "$handle" state)" = sent ] && ! grep -q "cut off" "$work/err"; then
        pass "a send killed while the server held its POST: the next send posts the answer again (at least once), sent"
    else
        fail "a send killed during its POST: the next send exit $status, requests: $posts, state '$(outbox_field "$handle" state)'; stderr: $(head -c 300 "$work/err")"
    fi
    done_parts+=("HTTP retries, 4xx, backoff and a killed POST")
fi

# 5. SIGKILL. First one send killed while its sendmail command holds the message: the next
# `outbox` says interrupted and warns; `send` does not send it again, `send --again` does.
if [ "$mail_ready" = yes ]; then
    use handover "sendmail = \"$work/handover-sendmail\" -C \"$work/msmtprc\" -t"
    cat > "$work/handover-sendmail" <<SH
#!/bin/sh
echo \$\$ > "$work/handover.pid"
sleep 1
exec msmtp "\$@"
SH
    chmod +x "$work/handover-sendmail"
    invitation_mail handover handover@example.org handover-1@mail.example.org "Cut off" 20270623 > "$work/handover.eml"
    handle=$(run ingest - --print handle < "$work/handover.eml")
    run accept "$handle" --no-send > /dev/null 2>&1
    "$bin" --home "$home" --calendar "$calendar" --tz UTC --config "$config" send > /dev/null 2>&1 &
    sender=$!
    for _ in $(seq 1 200); do [ -s "$work/handover.pid" ] && break; sleep 0.05; done
    kill -9 "$sender" 2>/dev/null || true
    wait "$sender" 2>/dev/null || true
    sender=
    run --json outbox > "$work/listed.json" 2> "$work/listed.err" || true
    listed=$(python3 -c 'import json, sys; print(" ".join(m["state"] for m in json.load(open(sys.argv[1]))["messages"]))' \
        "$work/listed.json")
    if [ "$listed" = interrupted ] && grep -q "cut off" "$work/listed.err"; then
        pass "a send killed while its sendmail command had the message: the next outbox lists it interrupted and warns"
    else
        fail "a send killed while its sendmail command had the message: the next outbox lists it '$listed' and says: '$(head -c 200 "$work/listed.err")' (expected interrupted, with a warning)"
    fi
    # The killed send's sendmail finishes on its own: a second's sleep, then msmtp to the server.
    # On a loaded machine that took more than the 5 s once waited here (received 0), so wait for
    # it to end, then for the server to have written what it took, up to 30 s each.
    for _ in $(seq 1 600); do kill -0 "$(cat "$work/handover.pid")" 2>/dev/null || break; sleep 0.05; done
    id=$(outbox_field "$handle" messageId)
    for _ in $(seq 1 300); do [ -n "$(received_files "$id")" ] && break; sleep 0.1; done
    status=0
    run send > "$work/out" 2> "$work/err" || status=$?
    once=$(received_files "$id" | wc -l | tr -d ' ')
    state=$(outbox_field "$handle" state)
    again=0
    run send --again "$handle" > "$work/out2" 2> "$work/err2" || again=$?
    twice=$(received_files "$id" | wc -l | tr -d ' ')
    if [ "$status" = 0 ] && [ "$once" = 1 ] && [ "$state" = interrupted ] && [ "$again" = 0 ] && [ "$twice" = 2 ] \
        && [ "$(outbox_field "$handle" state)" = sent ]; then
        pass "then send: exit 0, not sent again (received once, the killed send's sendmail delivered it), still interrupted; send --again HANDLE: sent (received twice, as asked)"
    else
        fail "after the killed send: send exit $status, received $once, state '$state'; send --again exit $again, received $twice, state '$(outbox_field "$handle" state)'; stderr: $(head -c 300 "$work/err" "$work/err2")"
    fi
fi

# Then 50 sends killed at random, through a sendmail that waits a little before msmtp.
if [ "$mail_ready" = yes ]; then
    use kills "sendmail = \"$work/slow-sendmail\" -C \"$work/msmtprc\" -t"
    cat > "$work/slow-sendmail" <<SH
#!/usr/bin/env bash
echo \$\$ >> "$work/slow-sendmail.pids"
sleep "0.0\$((RANDOM % 6 + 1))"
exec msmtp "\$@"
SH
    chmod +x "$work/slow-sendmail"
    : > "$work/slow-sendmail.pids"
    runs=50
    queued_fine=yes
    started=$(date +%s)
    for i in $(seq 1 "$runs"); do
        invitation_mail "kill-$i" "kill-$i@example.org" "kill-$i@mail.example.org" "Kill run $i" \
            "202708$(printf %02d $((i % 28 + 1)))" > "$work/kill.eml"
        run accept - --no-send < "$work/kill.eml" > /dev/null 2>&1 || queued_fine="accept of run $i failed"
        "$bin" --home "$home" --calendar "$calendar" --tz UTC --config "$config" send > /dev/null 2>&1 &
        sender=$!
        sleep "$(printf '0.%03d' $((RANDOM % 301)))"
        kill -9 "$sender" 2>/dev/null || true
        wait "$sender" 2>/dev/null || true
        sender=
    done
    # The sendmail commands a killed send left behind finish on their own.
    for _ in $(seq 1 100); do
        alive=0
        while read -r pid; do kill -0 "$pid" 2>/dev/null && alive=1; done < "$work/slow-sendmail.pids"
        [ "$alive" = 0 ] && break
        sleep 0.1
    done
    status=0
    run send > "$work/out" 2> "$work/err" || status=$?
    run --json outbox --all > "$work/kills.json"
    if verdict=$(python3 - "$work/kills.json" "$received" "$runs" <<'PY'
import collections, email, glob, json, sys
messages = json.load(open(sys.argv[1]))["messages"]
runs = int(sys.argv[3])
states = collections.Counter(message["state"] for message in messages)
ids = {message["messageId"]: message for message in messages}
arrived = collections.Counter()
for path in glob.glob(sys.argv[2] + "/*.eml"):
    message = email.message_from_binary_file(open(path, "rb"))
    if (message["Subject"] or "").startswith("Accepted: Kill run"):
        arrived[(message["Message-Id"] or "").strip().strip("<>")] += 1
problems = []
if len(messages) != runs:
    problems.append(f"{len(messages)} messages in the outbox for {runs} answers")
if set(states) - {"sent", "interrupted"}:
    problems.append(f"states {dict(states)}")
twice = [id for id, count in arrived.items() if count > 1]
if twice:
    problems.append(f"received twice: {twice}")
strangers = [id for id in arrived if id not in ids]
if strangers:
    problems.append(f"received but not in the outbox: {strangers}")
unseen = [id for id, message in ids.items() if message["state"] == "sent" and arrived[id] != 1]
if unseen:
    problems.append(f"sent but not received: {unseen}")
interrupted = [id for id, message in ids.items() if message["state"] == "interrupted"]
gone = sum(1 for id in interrupted if arrived[id])
summary = (f"{states['sent']} sent, {states['interrupted']} interrupted ({gone} of them arrived), "
           f"{sum(arrived.values())} received, none twice")
print("; ".join(problems) + f" ({summary})" if problems else summary)
sys.exit(1 if problems else 0)
PY
    ) && [ "$status" = 0 ] && [ "$queued_fine" = yes ]; then
        pass "$runs sends killed with SIGKILL after 0-300 ms, then one send: $verdict, in $(($(date +%s) - started)) s"
    else
        fail "$runs killed sends: $verdict; the last send exit $status ($(head -c 300 "$work/err")); queueing: $queued_fine"
    fi
    done_parts+=("$runs killed sends")
fi

# 6. ingest --maildir: every invitation once, and nothing on later runs.
use maildir-case
maildir=$work/Maildir
mkdir -p "$maildir/new" "$maildir/cur" "$maildir/tmp"
mails=("$fixture" "$double" "$ordinary")
corpus=../shared/corpus/mail
if [ -d "$corpus" ]; then
    while IFS= read -r file; do mails+=("$file"); done < <(find "$corpus" -type f -name '*.eml' | sort)
else
    skip "the corpus mails of the Maildir case: ../shared/corpus is missing"
fi
number=0
for mail in "${mails[@]}"; do
    number=$((number + 1))
    cp "$mail" "$maildir/new/$((1800000000 + number)).M${number}P4242.outbox-test"
done
# What ingesting each message as a file gives, in the Maildir's order, into a store of its own.
saved_home=$home
home=$work/maildir-case/files-home
one_by_one=$work/one-by-one
: > "$one_by_one"
doubles=
for file in $(ls "$maildir/new" | sort); do
    run ingest --print handle "$maildir/new/$file" >> "$one_by_one" 2> /dev/null || true
    if cmp -s "$maildir/new/$file" "$double"; then
        doubles=$(run ingest --print handle "$maildir/new/$file" 2>/dev/null | wc -l | tr -d ' ')
    fi
done
home=$saved_home
status=0
run ingest --maildir "$maildir" > "$work/first" 2> "$work/first.err" || status=$?
uids=$(run --json list --all | python3 -c '
import collections, json, sys
invites = json.load(sys.stdin)["invites"]
twice = [uid for uid, count in collections.Counter(i["uid"] for i in invites).items() if count > 1]
print(f"{len(invites)} invitations" if not twice else "twice: " + " ".join(twice))')
if [ "$(cut -d' ' -f1 "$work/first")" = "$(cat "$one_by_one")" ] && [[ "$uids" != twice* ]] && [ "$doubles" = 1 ] \
    && grep -q ' Twice in one mail ' "$work/first" && [ "$(grep -c ' Twice in one mail ' "$work/first")" = 1 ]; then
    pass "ingest --maildir of ${#mails[@]} messages: $(wc -l < "$work/first" | tr -d ' ') lines, the same handles as ingesting each file, $uids in list --all, no UID twice, the mail holding one invitation twice gives one (exit $status, $(grep -c . "$work/first.err" || true) stderr lines)"
else
    fail "ingest --maildir: handles $(cut -d' ' -f1 "$work/first" | tr '\n' ' ') against one by one $(tr '\n' ' ' < "$one_by_one"); list: $uids; the double mail gave ${doubles:-?} handles alone and $(grep -c ' Twice in one mail ' "$work/first" || true) lines in the Maildir"
fi
run ingest --maildir "$maildir" > "$work/second" 2> "$work/second.err" || true
moved=$(ls "$maildir/new" | sort | tail -n 1)
mv "$maildir/new/$moved" "$maildir/cur/$moved:2,S"
moved=$(ls "$maildir/new" | sort | head -n 1)
mv "$maildir/new/$moved" "$maildir/cur/$moved,U=17:2,RS"
run ingest --maildir "$maildir" > "$work/third" 2> "$work/third.err" || true
if [ ! -s "$work/second" ] && [ ! -s "$work/third" ]; then
    pass "ingest --maildir again: nothing; again after moving messages to cur/ with ':2,S' (and mbsync's ',U=17'): nothing"
else
    fail "ingest --maildir again: $(wc -l < "$work/second") lines, after moving to cur/: $(wc -l < "$work/third") lines: $(head -c 300 "$work/second" "$work/third")"
fi
# The same Maildir named another way (relative to the working folder, and through a link).
ln -s "$maildir" "$work/maildir-link"
(cd "$work" && "$bin" --home "$home" --calendar "$calendar" --tz UTC --config "$config" ingest --maildir Maildir) \
    > "$work/relative" 2> /dev/null || true
run ingest --maildir "$work/maildir-link" > "$work/linked" 2> /dev/null || true
if [ ! -s "$work/relative" ] && [ ! -s "$work/linked" ]; then
    pass "ingest --maildir with the folder named relatively, and through a symbolic link: nothing"
else
    fail "ingest --maildir with the same folder named 'Maildir' from its parent: $(wc -l < "$work/relative" | tr -d ' ') lines, through a link: $(wc -l < "$work/linked" | tr -d ' ') lines (it was read before as $maildir)"
fi
# A message that arrives later is read, once.
invitation_mail late late@example.org late-1@mail.example.org "Arrived later" 20270801 \
    > "$maildir/new/1900000000.M1P4242.outbox-test"
run ingest --maildir "$maildir" > "$work/fourth" 2> /dev/null || true
run ingest --maildir "$maildir" > "$work/fifth" 2> /dev/null || true
if [ "$(wc -l < "$work/fourth" | tr -d ' ')" = 1 ] && grep -q "Arrived later" "$work/fourth" && [ ! -s "$work/fifth" ]; then
    pass "a message delivered later: the next ingest --maildir reads it alone, the one after nothing"
else
    fail "a message delivered later: $(wc -l < "$work/fourth" | tr -d ' ') lines, then $(wc -l < "$work/fifth" | tr -d ' ')"
fi
done_parts+=("Maildir read once")

# 7. A send as a mail client runs it: SIGPIPE ignored, umask 077, no COLUMNS, the mail on stdin.
if [ "$mail_ready" = yes ]; then
    cat > "$work/sigpipe-sendmail" <<SH
#!/bin/sh
grep '^SigIgn:' /proc/self/status > "$work/sendmail-signals" 2>/dev/null || true
exec msmtp "\$@"
SH
    chmod +x "$work/sigpipe-sendmail"
    # What a process does with SIGPIPE, from its SigIgn line: ignored, default or unknown.
    sigpipe() {
        case "$1" in
        SigIgn:*) [ $((16#${1##*[[:space:]]} & 0x1000)) = 0 ] && echo default || echo ignored ;;
        *) echo unknown ;;
        esac
    }
    use client "sendmail = \"$work/sigpipe-sendmail\" -C \"$work/msmtprc\" -t"
    invitation_mail client client@example.org client-1@mail.example.org "Piped from mutt" 20270622 > "$work/client.eml"
    before=$(received_total)
    status=0
    (
        trap '' PIPE
        umask 077
        exec env -u COLUMNS "$bin" --home "$home" --calendar "$calendar" --tz UTC --config "$config" \
            accept - --send < "$work/client.eml"
    ) > "$work/out" 2> "$work/err" || status=$?
    caller=$(sigpipe "$( (trap '' PIPE; grep '^SigIgn:' /proc/self/status) 2>/dev/null || true)")
    child=$(sigpipe "$(cat "$work/sendmail-signals" 2>/dev/null || true)")
    handle=$(run list --all --handles | head -n 1)
    id=$(outbox_field "$handle" messageId)
    file=$(received_files "$id" | head -n 1)
    if [ "$status" = 0 ] && [ -n "$file" ] && [ "$(received_total)" = $((before + 1)) ] \
        && grep -q '^In-Reply-To: <client-1@mail.example.org>' "$file" && [ "$(outbox_field "$handle" state)" = sent ] \
        && [ "$child" = default ]; then
        pass "accept - --send with SIGPIPE $caller, umask 077, no COLUMNS, the mail on stdin: exit 0, sent once, threaded; the sendmail command starts with SIGPIPE at its default"
    else
        fail "accept - --send under a mail client's conditions: exit $status, received $(($(received_total) - before)), state '$(outbox_field "$handle" state)', SIGPIPE in the sendmail command: $child; stderr: $(head -c 300 "$work/err")"
    fi
    done_parts+=("a mail client's conditions")
fi

if [ "$failures" != 0 ]; then
    echo "outbox: $failures of $checks checks failed"
    exit 1
fi
summary=$(printf '%s, ' "${done_parts[@]}")
echo "outbox: ${summary%, }: ok ($checks checks)"
