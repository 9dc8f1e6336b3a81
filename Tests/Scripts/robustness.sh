#!/usr/bin/env bash
# What the terminal and the file system can do to a running `invites`, with the real binary:
# output closed early with SIGPIPE ignored (as inside neomutt), a full standard output, umask 077,
# a read-only calendar or folder, a full disk, a file size limit, and a store another process
# keeps locked. Every failed write must end with exit 74 and leave the calendar, the store and
# the history exactly as they were. Then what a stranger's rule can do: each rule that never
# matches answered within 5 s by every command that reads it, and `watch` ended by SIGTERM
# within 3 s, idle or busy. One line per case; exits non-zero when any case fails.
# Usage: Tests/Scripts/robustness.sh BIN
set -uo pipefail
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
cd "$(dirname "$0")/../.."
work=$(mktemp -d "${TMPDIR:-/tmp}/invites-robust.XXXXXX")
mounts=()
immutable=()
lock_pid=
cleanup() {
    [ -n "$lock_pid" ] && kill "$lock_pid" 2>/dev/null
    for file in "${immutable[@]}"; do chattr -i "$file" 2>/dev/null; done
    for mount in "${mounts[@]}"; do umount "$mount" 2>/dev/null; done
    chmod -R u+w "$work" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT
failures=0
pass() { echo "robustness: ok: $*"; }
fail() { echo "robustness: FAILED: $*"; failures=$((failures + 1)); }
skip() { echo "robustness: skipped: $*"; }

home=$work/home
run() { "$bin" --home "$home" --tz UTC --me me@example.org "$@"; }

# Everything an answer may change, to compare before and after a failed one.
snapshot() {
    python3 - "$home/invites.sqlite3" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
for table in ("invites", "attendees", "invite_versions", "history", "calendar_entries"):
    for row in db.execute(f"SELECT * FROM {table} ORDER BY rowid"):
        print(table, repr(row))
PY
}
# A calendar of filler events, about BYTES long.
make_calendar() {
    python3 - "$1" "$2" <<'PY'
import sys
path, size = sys.argv[1], int(sys.argv[2])
lines, total, i = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//robustness//EN"], 0, 0
while total < size:
    day = f"2017{1 + i % 12:02d}{1 + i % 28:02d}"
    event = ["BEGIN:VEVENT", f"UID:filler-{i}@example.org", "DTSTAMP:20170101T000000Z", f"DTSTART:{day}T100000Z",
             f"DTEND:{day}T110000Z", f"SUMMARY:Filler {i}", "END:VEVENT"]
    lines += event
    total += sum(len(line) + 2 for line in event)
    i += 1
lines.append("END:VCALENDAR")
open(path, "w", newline="").write("".join(line + "\r\n" for line in lines))
PY
}
history_count() {
    python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('SELECT count(*) FROM history').fetchone()[0])" "$home/invites.sqlite3"
}

# 2,000 invites, so that `list --all` writes far more than a pipe holds (64 KiB).
python3 -c '
import json
for i in range(2000):
    print(json.dumps({"title": f"Standup {i} with a title long enough to fill the pipe", "start": "2018-04-11T09:00:00Z",
                      "end": "2018-04-11T09:15:00Z", "id": f"bulk{i}"}))' > "$work/bulk.jsonl"
run --calendar fixtures/calendar.ics ingest "$work/bulk.jsonl" fixtures/invite.json Tests/InvitesCLITests/Fixtures/*.ics >/dev/null 2>&1
run list --all > "$work/list.txt" 2>/dev/null
size=$(wc -c < "$work/list.txt")
[ "$size" -gt 65536 ] || fail "setup: list --all wrote only $size bytes, not more than a pipe holds"

# Output closed early, SIGPIPE ignored: quietly 141, no backtrace.
(trap '' PIPE; run list --all 2> "$work/err" | true; echo "${PIPESTATUS[0]}" > "$work/status")
status=$(cat "$work/status")
if [ "$status" = 141 ] && [ ! -s "$work/err" ]; then pass "list --all | true with SIGPIPE ignored: exit 141, nothing on stderr"
else fail "list --all | true with SIGPIPE ignored: exit $status, stderr: $(head -c 300 "$work/err")"; fi

# (list --all, not --handles: 2,000 handles fit in the pipe, and then nothing is cut off.)
(trap '' PIPE; run list --all 2> "$work/err" | head -n 1 > "$work/out"; echo "${PIPESTATUS[0]}" > "$work/status")
status=$(cat "$work/status")
if [ "$status" = 141 ] && [ ! -s "$work/err" ] && [ "$(wc -l < "$work/out")" = 1 ]; then
    pass "list --all | head -n 1 with SIGPIPE ignored: exit 141, one line, nothing on stderr"
else fail "list --all | head -n 1 with SIGPIPE ignored: exit $status, stderr: $(head -c 300 "$work/err")"; fi

# A full standard output: 74 and one message.
run list --all > /dev/full 2> "$work/err"
status=$?
if [ "$status" = 74 ] && [ "$(wc -l < "$work/err")" = 1 ] && grep -q "cannot write standard output" "$work/err"; then
    pass "list --all > /dev/full: exit 74, one message"
else fail "list --all > /dev/full: exit $status, stderr: $(head -c 300 "$work/err")"; fi

# Standard input that cannot be read (a folder): 74 and one message, not a crash.
run ingest - < / > /dev/null 2> "$work/err"
status=$?
if [ "$status" = 74 ] && [ "$(wc -l < "$work/err")" = 1 ] && grep -q "cannot read" "$work/err"; then
    pass "ingest - < /: exit 74, one message"
else fail "ingest - < /: exit $status, stderr: $(head -c 300 "$work/err")"; fi

# umask 077 keeps a shared calendar's mode.
mkdir -p "$work/cal"
cp fixtures/calendar.ics "$work/cal/calendar.ics"
chmod 0644 "$work/cal/calendar.ics"
(umask 077; run --calendar "$work/cal/calendar.ics" accept 12 >/dev/null 2>"$work/err")
status=$?
mode=$(stat -c %a "$work/cal/calendar.ics")
if [ "$status" = 0 ] && [ "$mode" = 644 ] && grep -q "UID:push-12@invites" "$work/cal/calendar.ics"; then
    pass "accept under umask 077: the calendar keeps mode 0644"
else fail "accept under umask 077: exit $status, mode $mode, stderr: $(head -c 300 "$work/err")"; fi
run --calendar "$work/cal/calendar.ics" decline 12 >/dev/null 2>&1

# A failed accept of invite 12 into CALENDAR (run as $2...): exit 74, "cannot write" and the
# path, and the calendar, the store and the history as they were.
expect_failed_write() {
    local name=$1 calendar=$2 watched=$3
    shift 3
    cp -a "$watched" "$work/before.ics" 2>/dev/null || true
    local before_store before_history
    before_store=$(snapshot)
    before_history=$(history_count)
    "$@" "$bin" --home "$home" --tz UTC --me me@example.org --calendar "$calendar" accept 12 >/dev/null 2>"$work/err"
    local status=$?
    local problems=()
    [ "$status" = 74 ] || problems+=("exit $status")
    grep -q "cannot write $calendar" "$work/err" || problems+=("message: $(head -c 300 "$work/err")")
    grep -qi "backtrace\|fatal error" "$work/err" && problems+=("a crash on stderr")
    if [ -f "$work/before.ics" ]; then cmp -s "$work/before.ics" "$watched" || problems+=("calendar changed"); fi
    [ "$(snapshot)" = "$before_store" ] || problems+=("store changed")
    [ "$(history_count)" = "$before_history" ] || problems+=("history changed")
    rm -f "$work/before.ics"
    if [ ${#problems[@]} = 0 ]; then pass "$name: exit 74, 'cannot write' with the path, calendar, store and history unchanged"
    else fail "$name: ${problems[*]}"; fi
}
no_leftovers() {
    local folder=$1 name=$2
    if ls -A "$folder" | grep -q '\.tmp$'; then fail "$name: a temporary file was left in $folder"; fi
}

# A read-only calendar. Root writes through mode 0444, so as root the file is made immutable.
cp fixtures/calendar.ics "$work/cal/readonly.ics"
if [ "$(id -u)" != 0 ]; then
    chmod 0444 "$work/cal/readonly.ics"
    expect_failed_write "accept into a 0444 calendar" "$work/cal/readonly.ics" "$work/cal/readonly.ics"
elif chattr +i "$work/cal/readonly.ics" 2>/dev/null; then
    immutable+=("$work/cal/readonly.ics")
    expect_failed_write "accept into an immutable calendar (root: chattr +i)" "$work/cal/readonly.ics" "$work/cal/readonly.ics"
    chattr -i "$work/cal/readonly.ics"
else
    skip "read-only calendar: running as root and chattr +i is refused here"
fi
no_leftovers "$work/cal" "read-only calendar"

# A read-only folder: a vdir the new event cannot go into.
mkdir -p "$work/vdir"
cp fixtures/calendar.ics "$work/vdir/mine.ics"
if [ "$(id -u)" != 0 ]; then
    chmod 0555 "$work/vdir"
    expect_failed_write "accept into a read-only vdir (mode 0555)" "$work/vdir" "$work/vdir/mine.ics"
    chmod 0755 "$work/vdir"
elif mount --bind "$work/vdir" "$work/vdir" 2>/dev/null; then
    mounts+=("$work/vdir")
    if mount -o remount,ro,bind "$work/vdir" 2>/dev/null; then
        expect_failed_write "accept into a vdir on a read-only bind mount" "$work/vdir" "$work/vdir/mine.ics"
    else
        skip "read-only folder: a read-only bind mount is refused here"
    fi
    umount "$work/vdir"
else
    skip "read-only folder: running as root and bind mounts are refused here"
fi
[ -z "$(ls -A "$work/vdir" | grep -v '^mine.ics$')" ] || fail "read-only folder: something was left in the vdir"

# A full disk: a 64 KiB tmpfs that holds the calendar once but not twice.
make_calendar "$work/big.ics" 40000
mkdir -p "$work/full"
if [ "$(id -u)" = 0 ] && mount -t tmpfs -o size=64k tmpfs "$work/full" 2>/dev/null; then
    mounts+=("$work/full")
    cp "$work/big.ics" "$work/full/calendar.ics"
    expect_failed_write "accept into a calendar on a full disk (ENOSPC, 64 KiB tmpfs)" "$work/full/calendar.ics" "$work/full/calendar.ics"
    no_leftovers "$work/full" "full disk"
    umount "$work/full"
else
    skip "full disk: needs root and a tmpfs mount"
fi

# A file size limit smaller than the rewritten calendar (SIGXFSZ ignored: EFBIG).
# The limit lies above everything the store may write (its file, and a WAL that starts empty)
# and below the size of the calendar's new copy, so that the calendar is what runs into it.
python3 -c "import sqlite3,sys; sqlite3.connect(sys.argv[1]).execute('PRAGMA wal_checkpoint(TRUNCATE)')" "$home/invites.sqlite3"
limit=$(( $(stat -c %s "$home/invites.sqlite3") / 1024 + 4096 ))
make_calendar "$work/cal/huge.ics" $(( (limit + 512) * 1024 ))
limited() { ( ulimit -f "$limit"; "$@" ); }
expect_failed_write "accept with a file size limit (EFBIG, ulimit -f ${limit})" "$work/cal/huge.ics" "$work/cal/huge.ics" limited
no_leftovers "$work/cal" "file size limit"

# reply --out into a folder that does not exist.
run reply 12 --out "$work/missing/reply.ics" >/dev/null 2>"$work/err"
status=$?
if [ "$status" = 74 ] && grep -q "cannot write $work/missing/reply.ics" "$work/err"; then
    pass "reply --out into a missing folder: exit 74, 'cannot write' with the path"
else fail "reply --out into a missing folder: exit $status, stderr: $(head -c 300 "$work/err")"; fi

# Waits (10 s at most) for the lock holder started in the background to say it holds the lock.
wait_for() { for _ in $(seq 1 100); do [ -e "$1" ] && break; sleep 0.1; done; }
# Runs one accept against the lock the background process $lock_pid holds, then lets it go:
# sets status and elapsed (whole seconds).
accept_against_lock() {
    local started
    started=$(date +%s)
    status=0
    timeout 30 "$bin" --home "$home" --tz UTC --calendar "$work/cal/calendar.ics" accept 12 >/dev/null 2>"$work/err" \
        || status=$?
    elapsed=$(( $(date +%s) - started ))
    kill "$lock_pid" 2>/dev/null
    wait "$lock_pid" 2>/dev/null
    lock_pid=
}

# A store another process keeps locked: a clear message within a bounded time.
python3 - "$home/invites.sqlite3" "$work/locked" <<'PY' &
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN EXCLUSIVE")
open(sys.argv[2], "w").close()
time.sleep(60)
PY
lock_pid=$!
wait_for "$work/locked"
before_history=$(history_count)
accept_against_lock
if [ "$status" = 74 ] && [ "$elapsed" -le 15 ] && grep -q "the inbox $home is locked by another invites; try again" "$work/err" \
    && [ "$(history_count)" = "$before_history" ]; then
    pass "accept while another process holds the store's lock: exit 74 after ${elapsed}s, 'locked by another invites'"
else fail "accept while the store is locked: exit $status after ${elapsed}s, stderr: $(head -c 300 "$work/err")"; fi

# A calendar lock another process keeps: a message within a bounded time, nothing changed.
python3 - "$home/locks" "$work/flocked" <<'PY' &
import fcntl, glob, sys, time
held = [open(path, "a") for path in glob.glob(sys.argv[1] + "/calendar-*.lock")]
for handle in held:
    fcntl.flock(handle, fcntl.LOCK_EX)
open(sys.argv[2], "w").close()
time.sleep(60)
PY
lock_pid=$!
wait_for "$work/flocked"
cp "$work/cal/calendar.ics" "$work/calendar-before.ics"
before_store=$(snapshot)
accept_against_lock
if [ "$status" = 74 ] && [ "$elapsed" -le 20 ] && grep -q "another invites has held this lock" "$work/err" \
    && cmp -s "$work/calendar-before.ics" "$work/cal/calendar.ics" && [ "$(snapshot)" = "$before_store" ]; then
    pass "accept while another process holds the calendar's lock: exit 74 after ${elapsed}s, calendar and store unchanged"
else fail "accept while the calendar is locked: exit $status after ${elapsed}s, stderr: $(head -c 300 "$work/err")"; fi

# A stranger's REQUEST of 459,901 VEVENTs (47 MB, generated here rather than kept): refused
# (65) before libical reads it, within 10 s and 1 GiB, and the inbox is as it was. It used to
# keep ingest busy for minutes at a gigabyte.
python3 - "$work/huge.ics" <<'PY'
import sys
with open(sys.argv[1], "w", newline="") as out:
    out.write("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//robustness//EN\r\nMETHOD:REQUEST\r\n")
    for i in range(459_901):
        out.write(f"BEGIN:VEVENT\r\nUID:e{i}\r\nDTSTART:20240610T080000Z\r\nSUMMARY:x\r\n"
                  "ORGANIZER:mailto:o@x.org\r\nEND:VEVENT\r\n")
    out.write("END:VCALENDAR\r\n")
PY
before_store=$(snapshot)
measured=$(python3 - "$bin" "$home" "$work/huge.ics" "$work/err" <<'PY'
import resource, subprocess, sys, time
binary, home, path, err = sys.argv[1:]
started = time.monotonic()
with open(err, "w") as stderr:
    try:
        status = subprocess.run([binary, "--home", home, "ingest", path], stdout=subprocess.DEVNULL, stderr=stderr,
                                timeout=60).returncode
    except subprocess.TimeoutExpired:
        status = "killed-after-60s"
elapsed = time.monotonic() - started
print(status, int(elapsed), resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024)
PY
)
read -r status elapsed megabytes <<< "$measured"
if [ "$status" = 65 ] && [ "$elapsed" -lt 10 ] && [ "$megabytes" -lt 1024 ] \
    && grep -q "it holds more than 10000 VEVENTs" "$work/err" && [ "$(snapshot)" = "$before_store" ]; then
    pass "a REQUEST of 459,901 VEVENTs: exit 65 after ${elapsed}s at ${megabytes} MB, inbox unchanged"
else fail "a REQUEST of 459,901 VEVENTs: exit $status after ${elapsed}s at ${megabytes} MB, stderr: $(head -c 300 "$work/err")"; fi
rm -f "$work/huge.ics"


# ---- Issue 34, cases 8-11 (branch bounds): zone names, bounds per message, the cache ----------
# Each command runs under `timeout`: a hang is exit 124 and a failure, never a stuck script.
bounds=$work/bounds
mkdir -p "$bounds"
bhome=$bounds/home
brun() { timeout 5 "$bin" --home "$bhome" --tz UTC --me me@example.org "$@"; }
# Runs BIN with its arguments under a 60 s timeout; prints "status seconds megabytes".
measure() {
    python3 - "$@" <<'PY'
import resource, subprocess, sys, time
started = time.monotonic()
try:
    status = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=open(sys.argv[-1] + ".err", "w"),
                            timeout=60).returncode
except subprocess.TimeoutExpired:
    status = "killed-after-60s"
print(status, int(time.monotonic() - started), resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024)
PY
}
inbox_rows() {
    python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('SELECT count(*) FROM invites').fetchone()[0])" \
        "$bhome/invites.sqlite3"
}

# Case 8: a TZID that is a path never reaches libical's loader. The target is a FIFO: opened,
# it would wait for a writer for ever (as /dev/tty waited for the user to type).
mkfifo "$bounds/fifo"
up=../../../../../..
zone_invite() {
    cat > "$1" <<EOF
BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//robustness//EN
METHOD:REQUEST
X-WR-TIMEZONE:$2
BEGIN:VEVENT
UID:zone-path@example.org
DTSTAMP:20240101T000000Z
DTSTART;TZID=$2:20240110T100000
DTEND;TZID=$2:20240110T110000
EXDATE;TZID=$2:20240117T100000
RRULE:FREQ=WEEKLY;COUNT=3
SUMMARY:Zone path
ORGANIZER:mailto:alice@example.org
ATTENDEE:mailto:me@example.org
END:VEVENT
END:VCALENDAR
EOF
}
zone_invite "$bounds/fifo.ics" "$up$bounds/fifo"
cp "$bounds/fifo.ics" "$bounds/fifo-calendar.ics"
status=0
brun ingest "$bounds/fifo.ics" > /dev/null 2> "$bounds/err" || status=$?
handle=$(brun list --all --handles 2>/dev/null | head -n 1)
if [ "$status" = 0 ] && grep -q "unknown time zone" "$bounds/err" && [ -n "$handle" ]; then
    pass "TZID naming a FIFO: ingest answers, the zone is unknown"
else fail "TZID naming a FIFO: ingest exit $status, stderr: $(head -c 300 "$bounds/err")"; fi
for command in "show $handle" "day 2024-01-10" "list --all" "status" "watch --once"; do
    status=0
    # shellcheck disable=SC2086
    brun --calendar "$bounds/fifo-calendar.ics" $command > /dev/null 2> "$bounds/err" || status=$?
    if [ "$status" != 124 ]; then pass "TZID naming a FIFO: $command answers (exit $status)"
    else fail "TZID naming a FIFO: $command hung"; fi
done
echo '{"title": "Zone", "start": "2024-01-10T10:00:00Z", "end": "2024-01-10T11:00:00Z", "id": "z1",' \
    "\"timezone\": \"$up$bounds/fifo\"}" > "$bounds/zone.json"
status=0
brun ingest "$bounds/zone.json" > /dev/null 2>&1 && brun show "$(brun list --all --handles | tail -n 1)" > /dev/null 2>&1 \
    || status=$?
if [ "$status" != 124 ]; then pass "a payload's timezone naming a FIFO: ingest and show answer"
else fail "a payload's timezone naming a FIFO: a command hung"; fi
status=0
timeout 5 "$bin" --home "$bhome" --tz "$up$bounds/fifo" list > /dev/null 2> "$bounds/err" || status=$?
if [ "$status" = 2 ] && grep -q "unknown time zone" "$bounds/err"; then
    pass "--tz naming a FIFO: refused as an unknown zone (2)"
else fail "--tz naming a FIFO: exit $status, stderr: $(head -c 300 "$bounds/err")"; fi
status=0
TZ="$up$bounds/fifo" timeout 5 "$bin" --home "$bhome" list > /dev/null 2>&1 || status=$?
mkdir -p "$bounds/config/invites"
echo "tz = $up$bounds/fifo" > "$bounds/config/invites/config"
XDG_CONFIG_HOME=$bounds/config timeout 5 "$bin" --home "$bhome" list > /dev/null 2>&1
config_status=$?
if [ "$status" != 124 ] && [ "$config_status" != 124 ]; then
    pass "TZ and 'tz =' naming a FIFO: answered (exit $status, $config_status)"
else fail "TZ or 'tz =' naming a FIFO: hung"; fi
# No file under zoneinfo is opened by a name with '..' or a second '/' (an absolute TZID).
if command -v strace > /dev/null; then
    opened=""
    for zone in "../../../etc/passwd" "/etc/passwd" "Europe/../../../../etc/passwd"; do
        zone_invite "$bounds/passwd.ics" "$zone"
        strace -f -e trace=open,openat -o "$bounds/trace" "$bin" --home "$bounds/trace-home" --tz UTC \
            --me me@example.org --calendar "$bounds/passwd.ics" ingest "$bounds/passwd.ics" > /dev/null 2>&1
        strace -f -e trace=open,openat -o "$bounds/trace2" "$bin" --home "$bounds/trace-home" --tz UTC \
            --me me@example.org --calendar "$bounds/passwd.ics" day 2024-01-10 > /dev/null 2>&1
        opened+=$(grep -hE 'zoneinfo/(\.\.|/)' "$bounds/trace" "$bounds/trace2")
    done
    if [ -z "$opened" ]; then pass "TZIDs ../../../etc/passwd, /etc/passwd, Europe/../..: nothing opened outside zoneinfo"
    else fail "a TZID was opened as a path: $(echo "$opened" | head -c 300)"; fi
else skip "strace is not installed: the files TZIDs open are not traced"; fi

# Case 9: twelve calendar parts of 9,000 VEVENTs (108,000 invitations before): refused whole,
# before libical reads a part, and the inbox is as it was.
python3 - "$bounds/twelve.eml" <<'PY'
import sys
with open(sys.argv[1], "w", newline="") as out:
    out.write("From: o@x.org\r\nMessage-ID: <twelve@x.org>\r\nMIME-Version: 1.0\r\n"
              "Content-Type: multipart/mixed; boundary=b\r\n\r\n")
    for part in range(12):
        out.write("--b\r\nContent-Type: text/calendar; method=REQUEST\r\n\r\n"
                  "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//robustness//EN\r\nMETHOD:REQUEST\r\n")
        for i in range(9000):
            out.write(f"BEGIN:VEVENT\r\nUID:p{part}e{i}@x.org\r\nDTSTAMP:20240101T000000Z\r\n"
                      "DTSTART:20240610T080000Z\r\nSUMMARY:x\r\nORGANIZER:mailto:o@x.org\r\nEND:VEVENT\r\n")
        out.write("END:VCALENDAR\r\n")
    out.write("--b--\r\n")
PY
before=$(inbox_rows)
read -r status elapsed megabytes <<< "$(measure "$bin" --home "$bhome" ingest "$bounds/twelve.eml")"
if [ "$status" = 65 ] && [ "$elapsed" -lt 10 ] && [ "$megabytes" -lt 1024 ] && [ "$(inbox_rows)" = "$before" ] \
    && grep -q "its calendar parts hold more than 10000 VEVENTs together" "$bounds/twelve.eml.err"; then
    pass "a mail of 12 parts of 9,000 VEVENTs: exit 65 after ${elapsed}s at ${megabytes} MB, inbox unchanged"
else fail "a mail of 12 parts of 9,000 VEVENTs: exit $status after ${elapsed}s at ${megabytes} MB, stderr: $(head -c 300 "$bounds/twelve.eml.err")"; fi
rm -f "$bounds/twelve.eml"

# Case 10: 3 million empty MIME parts (21 MB; 4 GB and 27 s before): refused before GMime reads it.
python3 - "$bounds/parts.eml" <<'PY'
import sys
with open(sys.argv[1], "w", newline="") as out:
    out.write("From: o@x.org\r\nMessage-ID: <parts@x.org>\r\nMIME-Version: 1.0\r\n"
              "Content-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\nContent-Type: text/calendar\r\n\r\n"
              "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//robustness//EN\r\nMETHOD:REQUEST\r\nBEGIN:VEVENT\r\n"
              "UID:parts@x.org\r\nDTSTAMP:20240101T000000Z\r\nDTSTART:20240610T080000Z\r\nSUMMARY:x\r\n"
              "ORGANIZER:mailto:o@x.org\r\nATTENDEE:mailto:me@example.org\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
    out.write("--b\r\n\r\n" * 3_000_000 + "--b--\r\n")
PY
before=$(inbox_rows)
read -r status elapsed megabytes <<< "$(measure "$bin" --home "$bhome" ingest "$bounds/parts.eml")"
if [ "$status" = 65 ] && [ "$elapsed" -lt 10 ] && [ "$megabytes" -lt 1024 ] && [ "$(inbox_rows)" = "$before" ] \
    && grep -q "more than 10000 lines that open a MIME part" "$bounds/parts.eml.err"; then
    pass "a mail of 3,000,000 empty parts: exit 65 after ${elapsed}s at ${megabytes} MB, inbox unchanged"
else fail "a mail of 3,000,000 empty parts: exit $status after ${elapsed}s at ${megabytes} MB, stderr: $(head -c 300 "$bounds/parts.eml.err")"; fi
rm -f "$bounds/parts.eml"

# Case 11: a crafted cache, a view over an endless recursive query in place of each table, or a
# trigger that runs one: day and show answer, say so in one line, and the cache is made again.
make_calendar "$bounds/big.ics" 400000
cache_home=$bounds/cache-home
crun() { timeout 5 "$bin" --home "$cache_home" --tz UTC --me me@example.org --calendar "$bounds/big.ics" "$@"; }
crun ingest fixtures/invite.json > /dev/null 2>&1
cache_handle=$(crun list --all --handles 2>/dev/null | head -n 1)
endless="WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r)"
views="CREATE VIEW calendar_index AS $endless SELECT n || '' AS key, x'00' AS data, n AS updated_at FROM r;
CREATE VIEW window_cache AS $endless SELECT n || '' AS key, 1 AS lower, 2 AS upper, x'00' AS data, n AS updated_at FROM r;
PRAGMA user_version = 1;"
trigger="CREATE TABLE calendar_index (key TEXT PRIMARY KEY, data BLOB NOT NULL, updated_at INTEGER NOT NULL);
CREATE TABLE window_cache (key TEXT NOT NULL, lower INTEGER NOT NULL, upper INTEGER NOT NULL, data BLOB NOT NULL,
    updated_at INTEGER NOT NULL, PRIMARY KEY (key, lower, upper));
CREATE TRIGGER stall AFTER INSERT ON window_cache BEGIN SELECT count(*) FROM ($endless SELECT n FROM r); END;
CREATE TRIGGER stall_index AFTER INSERT ON calendar_index BEGIN SELECT count(*) FROM ($endless SELECT n FROM r); END;
PRAGMA user_version = 1;"
for crafted in views trigger; do
    for command in "day 2017-04-10" "show $cache_handle"; do
        rm -f "$cache_home"/cache.sqlite3*
        python3 -c "import sqlite3,sys; sqlite3.connect(sys.argv[1]).executescript(sys.argv[2])" \
            "$cache_home/cache.sqlite3" "${!crafted}"
        status=0
        # shellcheck disable=SC2086
        crun $command > /dev/null 2> "$bounds/err" || status=$?
        objects=$(python3 -c "import sqlite3,sys; print(sorted(r[0] for r in sqlite3.connect(sys.argv[1]).execute(
            \"SELECT type FROM sqlite_master\")))" "$cache_home/cache.sqlite3")
        if [ "$status" = 0 ] && [ "$(wc -l < "$bounds/err")" = 1 ] && grep -q "deleted and made again" "$bounds/err" \
            && [ "$objects" = "['index', 'index', 'table', 'table']" ]; then
            pass "a cache with a crafted $crafted: $command answers, the cache is made again"
        else fail "a cache with a crafted $crafted: $command exit $status, cache $objects, stderr: $(head -c 300 "$bounds/err")"; fi
    done
done
# ---- end of issue 34, cases 8-11 ---------------------------------------------------------------
# Rules that can never match (issue 34): each used to be ingested at once and then keep show,
# status and watch spinning for as long as they were let. Each invitation is ingested, and
# `show`, `status`, `day`, `list`, `review` (from a pipe), `accept` (then `day` over the calendar
# that holds it) and `watch --once` (the invitation mailed into a Maildir) each answer within
# 5 s, saying the rule never matches. The rules that match rarely (leap days, Mondays that are leap days) too.
# Runs CMD... with a bound of 5 s: sets status (124 when it was still running) and elapsed.
bounded() {
    local started
    started=$(date +%s.%N)
    status=0
    timeout 5 "$@" || status=$?
    elapsed=$(python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.2f}')" "$started" "$(date +%s.%N)")
}
# The invitation FILE as an e-mail in a new Maildir DIR.
mail_into() {
    mkdir -p "$2/new" "$2/cur" "$2/tmp"
    python3 - "$1" "$2/new/1.rules:2," <<'PY'
import sys
body = open(sys.argv[1], newline="").read()
head = ("From: Ann <ann@example.org>\r\nTo: me@example.org\r\nSubject: A rule\r\nMessage-ID: <rule@example.org>\r\n"
        "MIME-Version: 1.0\r\nContent-Type: text/calendar; method=REQUEST; charset=utf-8\r\n\r\n")
open(sys.argv[2], "w", newline="").write(head + body)
PY
}
mkdir -p "$work/rules"
for fixture in Tests/InvitesKitTests/Fixtures/rules/never-*.ics Tests/InvitesKitTests/Fixtures/rules/rare-*.ics; do
    name=$(basename "$fixture" .ics)
    rules_home=$work/rules/$name
    cp fixtures/calendar.ics "$work/rules/$name.calendar.ics"
    in_rules=("$bin" --home "$rules_home" --tz UTC --me me@example.org --calendar "$work/rules/$name.calendar.ics")
    never=
    case $name in never-*) never=1 ;; esac
    problems=()
    bounded "${in_rules[@]}" ingest --print handle "$fixture" > "$work/out" 2> "$work/err"
    handle=$(head -n 1 "$work/out")
    [ "$status" = 0 ] && [ -n "$handle" ] || problems+=("ingest: exit $status after ${elapsed}s")
    bounded "${in_rules[@]}" show "$handle" > "$work/out" 2> "$work/err"
    { [ "$status" = 0 ] && { [ -z "$never" ] || grep -q "a rule that never matches" "$work/out"; }; } \
        || problems+=("show: exit $status after ${elapsed}s")
    bounded "${in_rules[@]}" status > "$work/out" 2> "$work/err"
    [ "$status" = 0 ] || problems+=("status: exit $status after ${elapsed}s")
    bounded "${in_rules[@]}" day 2018-04-10 > "$work/out" 2> "$work/err"
    [ "$status" = 0 ] || problems+=("day: exit $status after ${elapsed}s")
    bounded "${in_rules[@]}" list --all > "$work/out" 2> "$work/err"
    { [ "$status" = 0 ] && { [ -z "$never" ] || grep -q "its rule never matches" "$work/out"; }; } \
        || problems+=("list: exit $status after ${elapsed}s")
    bounded "${in_rules[@]}" review "$handle" <<< q > "$work/out" 2> "$work/err"
    { [ "$status" = 0 ] && { [ -z "$never" ] || grep -q "a rule that never matches" "$work/out"; }; } \
        || problems+=("review: exit $status after ${elapsed}s")
    bounded "${in_rules[@]}" accept "$handle" > "$work/out" 2> "$work/err"
    [ "$status" = 0 ] || problems+=("accept: exit $status after ${elapsed}s")
    bounded "${in_rules[@]}" day 2028-02-29 > "$work/out" 2> "$work/err"
    [ "$status" = 0 ] || problems+=("day over the calendar: exit $status after ${elapsed}s")
    mail_into "$fixture" "$work/rules/$name.md"
    bounded "$bin" --home "$rules_home.watch" --tz UTC --me me@example.org --calendar "$work/rules/$name.calendar.ics" \
        watch --once --notify none --maildir "$work/rules/$name.md" > "$work/out" 2> "$work/err"
    filed=$("$bin" --home "$rules_home.watch" list --all --handles 2>/dev/null | wc -l)
    { [ "$status" = 0 ] && [ "$filed" = 1 ]; } || problems+=("watch --once: exit $status after ${elapsed}s, $filed filed")
    if [ ${#problems[@]} = 0 ]; then pass "$name: ingest, show, status, day, list, review, accept, watch --once: each within 5 s"
    else fail "$name: ${problems[*]}; stderr: $(head -c 300 "$work/err")"; fi
done

# `watch` ends within 3 s of SIGTERM: idle, and in the middle of taking in 5,000 mails (a pass
# that takes several seconds), where it hears the signal only after the pass. Exit 0 both times.
watch_md=$work/watch-md
mkdir -p "$watch_md/new" "$watch_md/cur" "$watch_md/tmp"
cp fixtures/calendar.ics "$work/watch.ics"
# Waits until $1 has been running for $2 seconds, then sends SIGTERM and sets elapsed to the
# seconds it took to end and status to its exit status.
term_after() {
    sleep "$2"
    local started
    started=$(date +%s.%N)
    kill -TERM "$1" 2>/dev/null
    status=0
    wait "$1" || status=$?
    elapsed=$(python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.2f}')" "$started" "$(date +%s.%N)")
}
"$bin" --home "$work/watch-idle" --tz UTC --me me@example.org --calendar "$work/watch.ics" \
    watch --notify none --maildir "$watch_md" > /dev/null 2> "$work/err" &
term_after $! 1
if [ "$status" = 0 ] && python3 -c "import sys; sys.exit(float(sys.argv[1]) > 3)" "$elapsed"; then
    pass "watch, idle: SIGTERM ends it after ${elapsed}s with exit 0"
else fail "watch, idle: SIGTERM: exit $status after ${elapsed}s, stderr: $(head -c 300 "$work/err")"; fi
python3 - "$watch_md/new" <<'PY'
import sys
for i in range(5000):
    ics = "\r\n".join(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//robustness//EN", "METHOD:REQUEST", "BEGIN:VEVENT",
                       f"UID:busy-{i}@example.org", "DTSTAMP:20180301T120000Z", "DTSTART:20300110T100000Z",
                       "DTEND:20300110T110000Z", f"SUMMARY:Busy {i}", "ORGANIZER:mailto:ann@example.org",
                       "ATTENDEE;RSVP=TRUE:mailto:me@example.org", "END:VEVENT", "END:VCALENDAR", ""])
    open(f"{sys.argv[1]}/{i}.busy:2,", "w", newline="").write(
        f"From: ann@example.org\r\nTo: me@example.org\r\nSubject: Busy {i}\r\nMessage-ID: <busy-{i}@example.org>\r\n"
        "MIME-Version: 1.0\r\nContent-Type: text/calendar; method=REQUEST\r\n\r\n" + ics)
PY
"$bin" --home "$work/watch-busy" --tz UTC --me me@example.org --calendar "$work/watch.ics" \
    watch --notify none --maildir "$watch_md" > /dev/null 2> "$work/err" &
term_after $! 1
if [ "$status" = 0 ] && python3 -c "import sys; sys.exit(float(sys.argv[1]) > 3)" "$elapsed"; then
    pass "watch, busy taking in 5,000 mails: SIGTERM ends it after ${elapsed}s with exit 0"
else fail "watch, busy: SIGTERM: exit $status after ${elapsed}s, stderr: $(head -c 300 "$work/err")"; fi

[ "$failures" = 0 ] || { echo "robustness: $failures failed"; exit 1; }
