#!/usr/bin/env bash
# 16 processes answer 16 invites at once, against one calendar and one store, several rounds;
# nothing may be lost in either; half of them name the calendar through a symbolic link to it
# (`~/.calendar.ics -> calendar.ics`), so the link and the file must take one lock. Then 16 processes answer 16 occurrences of one series at once:
# every override lands once, beside the one master. Then 4 `send`s at once over 24 queued replies:
# each reply is handed to sendmail exactly once. Usage: Tests/Scripts/concurrency.sh BIN [ROUNDS]
set -euo pipefail
bin=$1
rounds=${2:-3}
cd "$(dirname "$0")/../.."
work=$(mktemp -d "${TMPDIR:-/tmp}/invites-concurrent.XXXXXX")
trap 'rm -rf "$work"' EXIT
cp fixtures/calendar.ics "$work/calendar.ics"
cp fixtures/calendar.ics "$work/original.ics"
run() { "$bin" --home "$work/home" --calendar "$work/calendar.ics" --tz UTC --me me@example.org "$@"; }
ln -s calendar.ics "$work/linked.ics"
run_linked() { "$bin" --home "$work/home" --calendar "$work/linked.ics" --tz UTC --me me@example.org "$@"; }
python3 -c '
import json
print(json.dumps([{"title": f"Meeting {i}", "start": f"2018-04-10T{8 + i % 8:02d}:00:00Z",
                   "end": f"2018-04-10T{9 + i % 8:02d}:00:00Z", "id": f"c{i}"} for i in range(16)]))' > "$work/invites.json"
run ingest "$work/invites.json" >/dev/null
for round in $(seq 1 "$rounds"); do
    pids=()
    for i in $(seq 0 15); do
        if [ $((i % 2)) = 0 ]; then run accept "c$i"; else run_linked accept "c$i"; fi >/dev/null 2>&1 &
        pids+=($!)
    done
    for pid in "${pids[@]}"; do wait "$pid"; done
    count=$(grep -c "^UID:push-c" "$work/calendar.ics" || true)
    [ "$count" = 16 ] || { echo "concurrency: round $round: $count of 16 events in the calendar"; exit 1; }
    pids=()
    for i in $(seq 0 15); do
        if [ $((i % 2)) = 0 ]; then run decline "c$i"; else run_linked decline "c$i"; fi >/dev/null 2>&1 &
        pids+=($!)
    done
    for pid in "${pids[@]}"; do wait "$pid"; done
    cmp -s "$work/calendar.ics" "$work/original.ics" || { echo "concurrency: round $round: calendar not restored"; exit 1; }
    [ -L "$work/linked.ics" ] || { echo "concurrency: round $round: the link was replaced by a copy"; exit 1; }
done
answers=$(python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('SELECT count(*) FROM history').fetchone()[0])" "$work/home/invites.sqlite3")
expected=$((rounds * 32))
[ "$answers" = "$expected" ] || { echo "concurrency: $answers of $expected answers in the history"; exit 1; }
printf 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:t\r\nMETHOD:REQUEST\r\nBEGIN:VEVENT\r\nUID:daily-1@example.org\r\nDTSTAMP:20261201T000000Z\r\nDTSTART:20261201T080000Z\r\nDTEND:20261201T083000Z\r\nRRULE:FREQ=DAILY;COUNT=20\r\nSUMMARY:Daily\r\nORGANIZER:mailto:o@example.org\r\nATTENDEE:mailto:me@example.org\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n' > "$work/daily.ics"
run ingest "$work/daily.ics" >/dev/null
run accept daily-1 >/dev/null 2>&1
for round in $(seq 1 "$rounds"); do
    pids=()
    for i in $(seq 1 16); do
        if [ $((i % 2)) = 0 ]; then action=decline; else action=tentative; fi
        run "$action" daily-1 --occurrence "$(printf '2026-12-%02d' "$((i + 1))")" >/dev/null 2>&1 & pids+=($!)
    done
    for pid in "${pids[@]}"; do wait "$pid"; done
    python3 - "$work/calendar.ics" <<'PY' || { echo "concurrency: round $round: occurrences lost or doubled"; exit 1; }
import re, sys
text = open(sys.argv[1], "rb").read()
blocks = [b for b in re.findall(rb"BEGIN:VEVENT\r\n.*?END:VEVENT\r\n", text, re.S) if b"UID:daily-1@example.org" in b]
rids = sorted(re.search(rb"RECURRENCE-ID:(\S+)", b).group(1) for b in blocks[1:])
assert blocks and b"RRULE:FREQ=DAILY;COUNT=20" in blocks[0], "the master is gone"
assert len(rids) == 16 and len(set(rids)) == 16, "%d overrides" % len(rids)
PY
    run accept daily-1 >/dev/null 2>&1
done
run decline daily-1 >/dev/null
cmp -s "$work/calendar.ics" "$work/original.ics" || { echo "concurrency: calendar not restored after the series"; exit 1; }
occurrence_answers=$(python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute(\"SELECT count(*) FROM history WHERE recurrence_id != ''\").fetchone()[0])" "$work/home/invites.sqlite3")
[ "$occurrence_answers" = $((rounds * 16)) ] || { echo "concurrency: $occurrence_answers of $((rounds * 16)) occurrence answers in the history"; exit 1; }
# Overlapping sends: 24 replies queued, 4 `invites send` at once through a slow sendmail; each
# Message-ID must reach it exactly once.
mkdir -p "$work/sent" "$work/config/invites"
printf '#!/bin/sh\nsleep 0.05\ncat > "%s/sent/$$.eml"\n' "$work" > "$work/sendmail"
chmod +x "$work/sendmail"
printf 'sendmail = %s -t -i\n' "$work/sendmail" > "$work/config/invites/config"
sends() { XDG_CONFIG_HOME="$work/config" "$bin" --home "$work/sends" --calendar "$work/calendar.ics" --tz UTC --me me@example.org "$@"; }
for i in $(seq 1 24); do
    printf 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:t\r\nMETHOD:REQUEST\r\nBEGIN:VEVENT\r\nUID:send-%s@example.org\r\nDTSTAMP:20261201T000000Z\r\nDTSTART:20261201T080000Z\r\nDTEND:20261201T083000Z\r\nSUMMARY:Send %s\r\nORGANIZER:mailto:o@example.org\r\nATTENDEE:mailto:me@example.org\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n' "$i" "$i" > "$work/send-$i.ics"
    sends ingest "$work/send-$i.ics" >/dev/null
    sends accept "send-$i" --no-add --no-send >/dev/null 2>&1
done
pids=()
for _ in 1 2 3 4; do sends send >/dev/null 2>&1 & pids+=($!); done
for pid in "${pids[@]}"; do wait "$pid"; done
received=$(cat "$work/sent"/*.eml | grep -c '^Message-Id:' || true)
distinct=$(cat "$work/sent"/*.eml | grep '^Message-Id:' | sort -u | wc -l)
[ "$received" = 24 ] && [ "$distinct" = 24 ] || { echo "concurrency: 4 overlapping sends handed over $received messages ($distinct distinct) of 24"; exit 1; }
left=$(sends --json outbox | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["messages"]))')
[ "$left" = 0 ] || { echo "concurrency: $left replies left in the outbox after the sends"; exit 1; }
echo "concurrency: $rounds rounds of 16 processes (half through a link) accepting then declining 16 invites: $answers of $expected answers kept, calendar restored byte for byte; $rounds rounds of 16 processes answering 16 occurrences of one series: every override once, $occurrence_answers answers kept; 4 overlapping sends over 24 replies: each handed over once"
