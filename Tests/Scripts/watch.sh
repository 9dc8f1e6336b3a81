#!/usr/bin/env bash
# `invites watch` against a real session bus (dbus-run-session) and python-dbusmock's
# notification_daemon: the Notify calls (summary, body, actions, the susssasa{sv}i types), an
# ActionInvoked accept answered into the store, the calendar and the outbox, a foreign id left
# alone, a changed invitation replacing its notification, Show running the `open` command, no
# notification server (said once, mail still taken in), a server without actions, 100 mails
# renamed into new/ at once, kill -9 mid-burst and a restart, SIGHUP, SIGTERM, SIGINT, a second
# watch (exit 75), --notify command with its environment, and the CPU time of an idle watch
# (a full minute when CI=true or WATCH_IDLE_MINUTE=1, else 10 seconds, as it says).
# WATCH_BUS_LOG=FILE keeps dbus-monitor's log of the first invitation, arrival to answer.
# Usage: Tests/Scripts/watch.sh BIN
set -euo pipefail
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
cd "$(dirname "$0")/../.."
root=$(pwd)

have_parts() { command -v dbus-run-session >/dev/null 2>&1 && /usr/bin/python3 -c 'import dbusmock, dbus' 2>/dev/null; }
if [ -z "${WATCH_IN_SESSION:-}" ]; then
    if ! have_parts && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        export DEBIAN_FRONTEND=noninteractive
        apt-get install -y -qq --no-install-recommends dbus python3-dbusmock >/dev/null 2>&1 \
            || { apt-get update -qq >/dev/null 2>&1 \
                && apt-get install -y -qq --no-install-recommends dbus python3-dbusmock >/dev/null 2>&1; } || true
    fi
    if ! have_parts; then
        echo "watch: skipped: needs dbus-run-session and python3-dbusmock (apt-get install dbus python3-dbusmock)"
        exit 0
    fi
    exec dbus-run-session -- env WATCH_IN_SESSION=1 "$0" "$@"
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/invites-watch.XXXXXX")
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT
[ -n "${WATCH_KEEP:-}" ] && trap 'for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; echo "kept $work" >&2' EXIT
py=/usr/bin/python3
bus() { "$py" "$root/Tests/Scripts/watch_bus.py" "$@"; }
fail() { echo "watch: $*" >&2; exit 1; }
planning=$root/Tests/InvitesCLITests/Fixtures/triage/planning.ics
weekly=$root/Tests/InvitesCLITests/Fixtures/weekly-invite.ics

mock=
start_mock() { # [CAPABILITIES]
    if [ -n "${1:-}" ]; then
        "$py" -m dbusmock --session -t notification_daemon -p "{\"capabilities\": \"$1\"}" >"$work/mock.log" 2>&1 &
    else
        "$py" -m dbusmock --session -t notification_daemon >"$work/mock.log" 2>&1 &
    fi
    mock=$!
    pids+=("$mock")
    for _ in $(seq 100); do
        gdbus call --session -d org.freedesktop.DBus -o /org/freedesktop/DBus -m org.freedesktop.DBus.NameHasOwner \
            org.freedesktop.Notifications 2>/dev/null | grep -q true && return 0
        sleep 0.1
    done
    fail "the mock notification server did not start"
}
stop_mock() { kill "$mock"; wait "$mock" 2>/dev/null || true; }

# A fresh store, calendar, Maildir and config for one scenario.
setup() { # NAME
    dir=$work/$1
    mkdir -p "$dir/md/new" "$dir/md/cur" "$dir/md/tmp" "$dir/config"
    cp fixtures/calendar.ics "$dir/calendar.ics"
    printf 'maildir = %s/md\n' "$dir" >"$dir/config/config"
}
# The binary itself in the background, so that $watcher is its pid (a function would fork a shell).
start_watch() {
    "$bin" --home "$dir/home" --calendar "$dir/calendar.ics" --tz UTC --me me@example.org \
        --config "$dir/config/config" watch "$@" 2>>"$dir/watch.err" &
    watcher=$!
    pids+=("$watcher")
}
run() { "$bin" --home "$dir/home" --calendar "$dir/calendar.ics" --tz UTC --me me@example.org --config "$dir/config/config" "$@"; }
deliver() { # NAME FIXTURE [UID [SEQUENCE [SUMMARY [METHOD]]]]: written in tmp/, renamed into new/
    local name=$1 fixture=$2
    shift 2
    bus mail "$fixture" "$dir/md/tmp/$name" "$@"
    mv "$dir/md/tmp/$name" "$dir/md/new/$name"
}
calls() { bus calls; }
field() { "$py" -c "import json,sys; c=json.load(sys.stdin); print($1)"; }
wait_for() { # CONDITION-COMMAND SECONDS MESSAGE
    for _ in $(seq $(($2 * 10))); do eval "$1" && return 0; sleep 0.1; done
    fail "$3"
}
invites_in() { "$py" -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('SELECT count(*) FROM invites').fetchone()[0])" "$dir/home/invites.sqlite3" 2>/dev/null || echo 0; }

# 1. One invitation, from arrival to answer.
start_mock "body actions"
setup accept
if [ -n "${WATCH_BUS_LOG:-}" ]; then
    dbus-monitor --session "interface='org.freedesktop.Notifications'" >"$WATCH_BUS_LOG" 2>&1 &
    monitor=$!
    pids+=("$monitor")
    sleep 0.5
fi
deliver 1700000000.1.host "$planning"
start_watch --once --wait 30s
bus wait 1 20
calls >"$dir/calls.json"
[ "$(field 'c[0]["summary"]' <"$dir/calls.json")" = "Planning" ] || fail "summary: $(cat "$dir/calls.json")"
body=$(field 'c[0]["body"]' <"$dir/calls.json")
expected_body=$'Tue 10 Apr 2018 17:00-18:00 UTC\nfrom Ann <ann@example.org>\nconflicts with Dentist 17:00–18:00'
[ "$body" = "$expected_body" ] || fail "body: $body"
[ "$(field '" ".join(c[0]["actions"])' <"$dir/calls.json")" = "accept Accept decline Decline tentative Tentative show Show" ] \
    || fail "actions: $(cat "$dir/calls.json")"
[ "$(field 'c[0]["typed"]' <"$dir/calls.json")" = True ] || fail "Notify's arguments are not susssasa{sv}i"
id=$(field 'c[0]["id"]' <"$dir/calls.json")
# ActionInvoked reaches every listener: an id watch did not issue is left alone.
bus emit 4242 accept
sleep 0.5
kill -0 "$watcher" 2>/dev/null || fail "watch ended on a notification that was not its own"
bus emit "$id" accept
wait "$watcher" || fail "watch --once ended with $?: $(cat "$dir/watch.err")"
calls >"$dir/calls.json"
[ "$(field 'len(c)' <"$dir/calls.json")" = 2 ] || fail "no confirmation: $(cat "$dir/calls.json")"
[ "$(field 'c[1]["summary"]' <"$dir/calls.json")" = "accepted: Planning" ] || fail "confirmation: $(cat "$dir/calls.json")"
[ "$(field 'c[1]["replaces_id"]' <"$dir/calls.json")" = "$id" ] || fail "the confirmation does not replace the invitation"
run --json history | grep -q '"action":"accepted"' || fail "no accept in the history: $(run --json history)"
grep -q "UID:planning-0410@example.org" "$dir/calendar.ics" || fail "the accept is not in the calendar"
run --json outbox | grep -q '"state":"queued"' || fail "no reply queued in the outbox: $(run --json outbox)"
if [ -n "${WATCH_BUS_LOG:-}" ]; then kill "$monitor" 2>/dev/null || true; fi
stop_mock
echo "watch: Notify(susssasa{sv}i) with accept/decline/tentative/show; ActionInvoked accept -> history, calendar, outbox; confirmed in place"

# 2. A watch that keeps running: changes, Show, a second watch, no server, a server without
# actions, SIGHUP, the idle CPU time, SIGTERM.
start_mock "body actions"
setup running
printf '#!/bin/sh\necho "$@" >> "%s/opened"\n' "$dir" >"$dir/open.sh"
chmod +x "$dir/open.sh"
printf 'open = %s/open.sh review\n' "$dir" >>"$dir/config/config"
start_watch --verbose
wait_for "grep -q watching '$dir/watch.err'" 10 "watch did not start: $(cat "$dir/watch.err")"
set +e
run watch --once 2>"$dir/second.err"
status=$?
set -e
[ "$status" = 75 ] || fail "a second watch exited $status, not 75"
grep -q "process $watcher is already watching" "$dir/second.err" || fail "the second watch said: $(cat "$dir/second.err")"
deliver 1700000001.1.host "$planning"
bus wait 1 20
first=$(calls | field 'c[0]["id"]')
deliver 1700000002.1.host "$planning" "planning-0410@example.org" 3 "Planning (moved)"
bus wait 2 20
calls >"$dir/calls.json"
[ "$(field 'c[1]["summary"]' <"$dir/calls.json")" = "changed: Planning (moved)" ] || fail "change: $(cat "$dir/calls.json")"
[ "$(field 'c[1]["replaces_id"]' <"$dir/calls.json")" = "$first" ] || fail "the change does not replace its notification"
# A message moved from new/ to cur/ with flags, as a mail client marks it read, is not read again.
mv "$dir/md/new/1700000002.1.host" "$dir/md/cur/1700000002.1.host:2,S"
bus emit "$first" show
wait_for "[ -s '$dir/opened' ]" 10 "Show did not run the open command"
handle=$(run list --all --handles | head -n 1)
[ "$(cat "$dir/opened")" = "review $handle" ] || fail "open ran with: $(cat "$dir/opened")"
[ "$(calls | field 'len(c)')" = 2 ] || fail "a message moved to cur/ was told of again"
deliver 1700000003.1.host "$planning" "planning-0410@example.org" 4 "Planning (moved)" CANCEL
bus wait 3 20
calls >"$dir/calls.json"
[ "$(field 'c[2]["summary"]' <"$dir/calls.json")" = "cancelled: Planning (moved)" ] || fail "cancel: $(cat "$dir/calls.json")"
[ "$(field '" ".join(c[2]["actions"])' <"$dir/calls.json")" = "show Show" ] || fail "a cancellation offers answers"
echo "watch: a change replaces its notification (replaces_id $first); cancelled; Show ran the open command; a second watch exits 75"
# No notification server: said once, and mail is still taken in.
stop_mock
deliver 1700000004.1.host "$weekly" "w1@example.org"
deliver 1700000005.1.host "$weekly" "w2@example.org"
wait_for "[ \$(invites_in) = 3 ]" 20 "mail was not taken in without a notification server"
sleep 0.5
[ "$(grep -c 'no notification server' "$dir/watch.err")" = 1 ] || fail "no notification server: said $(grep -c 'no notification server' "$dir/watch.err") times"
# A server without the actions capability (the template's defaults: body-markup, no actions).
start_mock
wait_for "grep -q 'notification server appeared' '$dir/watch.err'" 10 "the new server was not noticed"
deliver 1700000006.1.host "$weekly" "w3@example.org"
bus wait 1 20
calls >"$dir/calls.json"
[ "$(field 'c[0]["actions"]' <"$dir/calls.json")" = "[]" ] || fail "a server without actions got some"
[ "$(field 'c[0]["summary"]' <"$dir/calls.json")" = "Weekly sync" ] || fail "plain: $(cat "$dir/calls.json")"
field 'c[0]["body"]' <"$dir/calls.json" | grep -q 'from Ann &lt;ann@example.org&gt;' || fail "markup not escaped"
echo "watch: no notification server said once, mail still taken in; a server without actions gets a plain notification"
# SIGHUP: a Maildir named in the config after the start is watched.
mkdir -p "$dir/md2/new" "$dir/md2/cur" "$dir/md2/tmp"
printf 'maildir = %s/md2\n' "$dir" >>"$dir/config/config"
kill -HUP "$watcher"
wait_for "grep -q 'settings read again' '$dir/watch.err'" 10 "SIGHUP was not handled"
bus mail "$weekly" "$dir/md2/tmp/m" "w4@example.org"
mv "$dir/md2/tmp/m" "$dir/md2/new/1700000007.1.host"
bus wait 2 20
echo "watch: SIGHUP read the settings again (a Maildir added)"
# The CPU time of an idle watch.
if [ "${CI:-}" = true ] || [ "${WATCH_IDLE_MINUTE:-}" = 1 ]; then idle=60; else idle=10; fi
ticks() { awk '{print $14 + $15}' "/proc/$watcher/stat"; }
before=$(ticks)
sleep "$idle"
after=$(ticks)
hz=$(getconf CLK_TCK)
echo "watch: idle for ${idle}s: $((after - before)) clock ticks of CPU time (1/${hz} s each)$([ "$idle" = 10 ] && echo '; a full minute with WATCH_IDLE_MINUTE=1 or CI=true')"
[ $((after - before)) -le 2 ] || fail "an idle watch used $((after - before)) ticks in ${idle}s"
start=$(date +%s%N)
kill -TERM "$watcher"
wait "$watcher" || fail "SIGTERM: exit $?"
echo "watch: SIGTERM ended it in $((($(date +%s%N) - start) / 1000000)) ms with exit 0"
stop_mock

# 3. 100 mails renamed into new/ at once: 100 invitations, each told once.
start_mock "body actions"
setup burst
start_watch
sleep 1
for i in $(seq 1 100); do bus mail "$weekly" "$dir/md/tmp/m$i" "burst-$i@example.org" 0 "Burst $i" & done
wait_jobs() { for job in $(jobs -p); do [ "$job" = "$watcher" ] || [ "$job" = "$mock" ] || wait "$job"; done; }
# Every mail written before any is renamed (a fixed pause lost the race on a loaded machine).
wait_jobs
"$py" -c 'import os,sys; d=sys.argv[1]; [os.rename(f"{d}/tmp/m{i}", f"{d}/new/17000{i:05d}.1.host") for i in range(1, 101)]' "$dir/md"
bus wait 100 60
sleep 1
calls >"$dir/calls.json"
"$py" - "$dir/calls.json" <<'PY' || fail "burst: not each of 100 told once"
import collections, json, sys
counts = collections.Counter(c["summary"] for c in json.load(open(sys.argv[1])))
assert sorted(counts) == sorted("Burst %d" % i for i in range(1, 101)), sorted(counts)[:5]
assert set(counts.values()) == {1}, [s for s, n in counts.items() if n > 1]
PY
[ "$(invites_in)" = 100 ] || fail "burst: $(invites_in) invitations in the store"
kill -INT "$watcher"
wait "$watcher" || fail "SIGINT: exit $?"
stop_mock
echo "watch: 100 mails renamed into new/ at once: 100 invitations, each told once; SIGINT exit 0"

# 4. kill -9 in the middle of a burst, and a restart: nothing lost, nothing told twice.
start_mock "body actions"
setup killed
start_watch
sleep 1
for i in $(seq 1 100); do bus mail "$weekly" "$dir/md/tmp/m$i" "killed-$i@example.org" 0 "Killed $i"; done
"$py" -c 'import os,sys; d=sys.argv[1]; [os.rename(f"{d}/tmp/m{i}", f"{d}/new/17000{i:05d}.1.host") for i in range(1, 101)]' "$dir/md"
bus wait 10 30
kill -9 "$watcher"
wait "$watcher" 2>/dev/null || true
told_before=$(calls | field 'len(c)')
start_watch
bus wait 100 60
sleep 1
calls >"$dir/calls.json"
# Told at least once each; the one notification in flight when SIGKILL came (the server had it,
# the journal did not yet) may be told again, never one more.
again=$(
    "$py" - "$dir/calls.json" <<'PY'
import collections, json, sys
counts = collections.Counter(c["summary"] for c in json.load(open(sys.argv[1])))
assert sorted(counts) == sorted("Killed %d" % i for i in range(1, 101)), len(counts)
again = [s for s, n in counts.items() if n > 1]
assert len(again) <= 1 and max(counts.values()) <= 2, again
print(len(again))
PY
) || fail "kill -9: an invitation was not told of, or told twice"
[ "$(invites_in)" = 100 ] || fail "kill -9: $(invites_in) invitations in the store"
kill -TERM "$watcher"
wait "$watcher" || fail "SIGTERM after the restart: exit $?"
stop_mock
echo "watch: kill -9 after $told_before of 100 were told, and a restart: 100 invitations in the store, each once; each told, $again in flight told again"

# 5. --notify command: the notify_command with the facts in its environment, no shell.
setup command
printf '#!/bin/sh\nenv | grep ^INVITES_ | sort >> "%s/events"\necho --- >> "%s/events"\n' "$dir" "$dir" >"$dir/record.sh"
chmod +x "$dir/record.sh"
printf 'notify_command = %s/record.sh\n' "$dir" >>"$dir/config/config"
deliver 1700000010.1.host "$planning" "cmd-1@example.org" 0 'Plan\e[31mning'
run watch --notify command --once 2>"$dir/watch.err" || fail "--notify command: $(cat "$dir/watch.err")"
handle=$(run list --all --handles | head -n 1)
expected="INVITES_BODY=Tue 10 Apr 2018 17:00-18:00 UTC; from Ann <ann@example.org>; conflicts with Dentist 17:00–18:00
INVITES_CONFLICTS=conflicts with Dentist 17:00–18:00
INVITES_EVENT=new
INVITES_HANDLE=$handle
INVITES_ORGANIZER=Ann <ann@example.org>
INVITES_START=2018-04-10T17:00:00+00:00
INVITES_SUMMARY=Plan^[[31mning
INVITES_TIME=Tue 10 Apr 2018 17:00-18:00 UTC
---"
[ "$(cat "$dir/events")" = "$expected" ] || fail "notify_command's environment: $(cat "$dir/events")"
run watch --notify command --once 2>"$dir/watch.err"
[ "$(grep -c -- --- "$dir/events")" = 1 ] || fail "--notify command told the same invitation twice"
echo "watch: --notify command ran notify_command with INVITES_* (control characters made visible)"
# 6. A stranger's title with markup, an escape sequence and 10,000 characters: the summary is
# escaped where the server reads markup (the template's defaults announce body-markup), as it is
# where it does not, and cut at 200 cells with "…" either way.
hostile='<b>Free</b> <a href="https://evil.example/x">crypto</a> <img src="file:///etc/passwd"> & \e[31mred'
hostile="$hostile$(printf 'x%.0s' $(seq 10000))"
for caps in "" "body actions"; do
    start_mock "$caps"
    setup "hostile${caps:+-plain}"
    deliver 1700000020.1.host "$planning" "hostile@example.org" 0 "$hostile"
    run watch --once --wait 0s 2>"$dir/watch.err" || fail "a hostile title: $(cat "$dir/watch.err")"
    calls >"$dir/calls.json"
    "$py" - "$dir/calls.json" "${caps:-markup}" <<'PY' || fail "the hostile summary reached the server as: $(head -c 600 "$dir/calls.json")"
import json, sys
call = json.load(open(sys.argv[1]))[0]
summary, markup = call["summary"], sys.argv[2] == "markup"
shown = ('&lt;b&gt;Free&lt;/b&gt; &lt;a href="https://evil.example/x"&gt;crypto&lt;/a&gt; '
         '&lt;img src="file:///etc/passwd"&gt; &amp; ^[[31mredx') if markup else (
         '<b>Free</b> <a href="https://evil.example/x">crypto</a> <img src="file:///etc/passwd"> & ^[[31mredx')
assert summary.startswith(shown), summary[:200]
assert summary.endswith("x…"), summary[-20:]
# 200 cells as shown: the entities count as the character they stand for.
text = summary.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&") if markup else summary
assert len(text) == 200, len(text)
assert not any(ord(c) < 0x20 and c != "\n" or 0x7F <= ord(c) < 0xA0 for c in summary + call["body"]), repr(summary)
if markup:
    assert "<" not in summary and "<" not in call["body"], call["body"]
PY
    stop_mock
done
echo "watch: a 10,000-character title with <b>, <a href>, <img src> and ESC: escaped where the server reads markup, as written where not, 200 cells with …"
echo "watch: all passed"
