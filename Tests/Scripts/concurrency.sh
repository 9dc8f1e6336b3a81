#!/usr/bin/env bash
# 16 processes answer 16 invites at once, against one calendar and one store, several rounds;
# nothing may be lost in either. Usage: Tests/Scripts/concurrency.sh BIN [ROUNDS]
set -euo pipefail
bin=$1
rounds=${2:-3}
cd "$(dirname "$0")/../.."
work=$(mktemp -d "${TMPDIR:-/tmp}/invites-concurrent.XXXXXX")
trap 'rm -rf "$work"' EXIT
cp fixtures/calendar.ics "$work/calendar.ics"
cp fixtures/calendar.ics "$work/original.ics"
run() { "$bin" --home "$work/home" --calendar "$work/calendar.ics" --tz UTC --me me@example.org "$@"; }
python3 -c '
import json
print(json.dumps([{"title": f"Meeting {i}", "start": f"2018-04-10T{8 + i % 8:02d}:00:00Z",
                   "end": f"2018-04-10T{9 + i % 8:02d}:00:00Z", "id": f"c{i}"} for i in range(16)]))' > "$work/invites.json"
run ingest "$work/invites.json" >/dev/null
for round in $(seq 1 "$rounds"); do
    pids=()
    for i in $(seq 0 15); do run accept "c$i" >/dev/null & pids+=($!); done
    for pid in "${pids[@]}"; do wait "$pid"; done
    count=$(grep -c "^UID:push-c" "$work/calendar.ics" || true)
    [ "$count" = 16 ] || { echo "concurrency: round $round: $count of 16 events in the calendar"; exit 1; }
    pids=()
    for i in $(seq 0 15); do run decline "c$i" >/dev/null & pids+=($!); done
    for pid in "${pids[@]}"; do wait "$pid"; done
    cmp -s "$work/calendar.ics" "$work/original.ics" || { echo "concurrency: round $round: calendar not restored"; exit 1; }
done
answers=$(python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('SELECT count(*) FROM history').fetchone()[0])" "$work/home/invites.sqlite3")
expected=$((rounds * 32))
[ "$answers" = "$expected" ] || { echo "concurrency: $answers of $expected answers in the history"; exit 1; }
echo "concurrency: $rounds rounds of 16 processes accepting then declining 16 invites: $answers of $expected answers kept, calendar restored byte for byte"
