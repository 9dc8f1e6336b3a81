#!/usr/bin/env bash
# `invites watch` against a real session bus (dbus-run-session) and python-dbusmock's
# notification_daemon: the Notify calls (summary, body, actions, the susssasa{sv}i types), an
# ActionInvoked accept answered into the store, the calendar and the outbox, a foreign id left
# alone, a changed invitation replacing its notification, Show running the `open` command, no
# notification server (said once, mail still taken in), a server without actions, 100 mails
# renamed into new/ at once, kill -9 mid-burst and a restart, SIGHUP, SIGTERM, SIGINT, a second
# watch (exit 75), --notify command with its environment, the CPU time of an idle watch
# (a full minute when CI=true or WATCH_IDLE_MINUTE=1, else 10 seconds, as it says),
# notifications that follow an answer given elsewhere (the CLI, your calendar, another ingest)
# with a stale Accept refused, and a notification server the bus cannot start (its .service's
# Exec fails: said once, mail taken in, a server that appears later used; the minute's retry
# with CI=true or WATCH_RETRY_MINUTE=1), and a watch that never waits (a sendmail of 20 s after
# an Accept: the next invitation told meanwhile, SIGTERM within 3 s, the reply queued). The session bus is the test's own (its config starts
# only the services the test installs), so a daemon installed on the machine changes nothing.
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
    # A session bus of the test's own, which starts only the services the test installs in
    # $WATCH_BUS_DIR/services (Tests/Scripts/private-bus.sh says why).
    bus_dir=$(mktemp -d "${TMPDIR:-/tmp}/invites-watch-bus.XXXXXX")
    bash "$(dirname "$0")/private-bus.sh" "$bus_dir"
    set +e
    dbus-run-session --config-file="$bus_dir/session.conf" --dbus-daemon="$bus_dir/dbus-daemon" -- \
        env WATCH_IN_SESSION=1 WATCH_BUS_DIR="$bus_dir" "$0" "$@"
    status=$?
    rm -rf "$bus_dir"
    exit "$status"
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
dbus() { gdbus call --session -d org.freedesktop.DBus -o /org/freedesktop/DBus -m "org.freedesktop.DBus.$1" "${@:2}"; }
# The bus starts nothing but what the test installs: none of the machine's service files.
activatable=$(dbus ListActivatableNames)
[ "$activatable" = "(['org.freedesktop.DBus'],)" ] || fail "the test's bus would start the machine's services: $activatable"
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
        dbus NameHasOwner org.freedesktop.Notifications 2>/dev/null | grep -q true && return 0
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
handle_of() { run --json list --all | field "[i['handle'] for i in c['invites'] if i['uid'] == '$1'][0]"; }
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
wait_for "grep -q watching '$dir/watch.err'" 10 "watch did not start: $(cat "$dir/watch.err" 2>/dev/null)"
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
# Idle from here: the work the last mail started (its notification, the journal, the look its
# own store write sets off) ends first. Measured from the moment the mail was told, that tail
# fell into the minute and read 3 ticks where the watch at rest uses none.
rest=$(ticks)
for _ in $(seq 1 20); do sleep 1; now=$(ticks); [ "$now" = "$rest" ] && break; rest=$now; done
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

# 3b. A watch started on a Maildir that already holds 50 invitations: one notification (`50
# invitations waiting`, its Show action `Review` running the open command without a handle,
# so that `review` goes through them all), then each new one as it comes; a restart tells none
# of them again.
start_mock "body actions"
setup waiting
printf '#!/bin/sh\necho "$@" >> "%s/opened"\n' "$dir" >"$dir/open.sh"
chmod +x "$dir/open.sh"
printf 'open = %s/open.sh review\n' "$dir" >>"$dir/config/config"
for i in $(seq 1 50); do bus mail "$weekly" "$dir/md/new/17100000$((i + 10)).1.host" "waiting-$i@example.org" 0 "Waiting $i"; done
start_watch --verbose
bus wait 1 60
wait_for "grep -q '50 invitations waiting' '$dir/watch.err'" 30 "waiting: $(cat "$dir/watch.err")"
sleep 1
calls >"$dir/calls.json"
[ "$(field 'len(c)' <"$dir/calls.json")" = 1 ] || fail "waiting: $(field 'len(c)' <"$dir/calls.json") notifications, not one"
[ "$(field 'c[0]["summary"]' <"$dir/calls.json")" = "50 invitations waiting" ] || fail "waiting: $(cat "$dir/calls.json")"
[ "$(field '" ".join(c[0]["actions"])' <"$dir/calls.json")" = "show Review" ] || fail "waiting: actions $(field 'c[0]["actions"]' <"$dir/calls.json")"
field 'c[0]["body"]' <"$dir/calls.json" | grep -q '^Waiting [0-9]*, Waiting [0-9]*, Waiting [0-9]* and 47 more$' \
    || fail "waiting: body $(field 'c[0]["body"]' <"$dir/calls.json")"
waiting_id=$(field 'c[0]["id"]' <"$dir/calls.json")
deliver 1710000099.1.host "$weekly" "waiting-51@example.org" 0 "Waiting 51"
bus wait 2 20
[ "$(calls | field 'c[1]["summary"]')" = "Waiting 51" ] || fail "the one after the start: $(calls | field 'c[1]')"
bus emit "$waiting_id" show
wait_for "[ -s '$dir/opened' ]" 10 "Review did not run the open command"
[ "$(cat "$dir/opened")" = "review" ] || fail "Review ran the open command with: $(cat "$dir/opened")"
kill -TERM "$watcher"
wait "$watcher" || fail "SIGTERM: exit $?"
start_watch
sleep 2
[ "$(calls | field 'len(c)')" = 2 ] || fail "a restart told the waiting invitations again: $(calls | field 'c[2:]')"
kill -TERM "$watcher"
wait "$watcher" || fail "SIGTERM: exit $?"
stop_mock
echo "watch: 50 invitations waiting at the start told in one notification (Review ran 'open.sh review'), the 51st as it came; a restart told none again"

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
wait_for "[ \$(invites_in) = 100 ]" 60 "kill -9: $(invites_in) invitations in the store after the restart"
# Told at least once each: one at a time before the kill, and those left waiting at the restart
# in one notification ("N invitations waiting"; up to three are told each as itself). The one
# notification in flight when SIGKILL came (the server had it, the journal did not yet) may be
# told again, never one more.
told() {
    calls >"$dir/calls.json"
    "$py" - "$dir/calls.json" <<'PY'
import collections, json, sys
calls = json.load(open(sys.argv[1]))
one = collections.Counter(c["summary"] for c in calls if not c["summary"].endswith(" invitations waiting"))
gathered = sum(int(c["summary"].split()[0]) for c in calls if c["summary"].endswith(" invitations waiting"))
assert set(one) <= set("Killed %d" % i for i in range(1, 101)), sorted(one)[:5]
assert max(one.values(), default=1) <= 2, one.most_common(2)
assert len([c for c in calls if c["summary"].endswith(" invitations waiting")]) <= 1, "gathered twice"
print(len(one) + gathered)
PY
}
wait_for '[ "$(told)" -ge 100 ]' 30 "kill -9: $(told) of 100 told after the restart"
sleep 1
again=$(($(told) - 100))
[ "$again" -le 1 ] || fail "kill -9: $again told twice"
[ "$(invites_in)" = 100 ] || fail "kill -9: $(invites_in) invitations in the store"
kill -TERM "$watcher"
wait "$watcher" || fail "SIGTERM after the restart: exit $?"
stop_mock
echo "watch: kill -9 after $told_before of 100 were told, and a restart: 100 invitations in the store, each once; each told (those left in one notification), $again in flight told again"

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

# 7. Notifications follow the answer. An invitation declined with the CLI while its notification
# is up has it replaced at once ("declined in the terminal", no actions); the old notification's
# Accept, pressed after, is refused as stale with a notification that says so, and nothing
# changes (the decline and its comment stand, no accept is queued or written). An action racing
# the CLI is refused too; an invitation changed by another `invites ingest` is shown again, and
# answered from its new notification; one answered in your calendar (your server, a phone) says so.
start_mock "body actions"
setup follow
start_watch --verbose
wait_for "grep -q watching '$dir/watch.err'" 10 "watch did not start: $(cat "$dir/watch.err" 2>/dev/null)"
deliver 1700000030.1.host "$planning"
bus wait 1 20
first=$(calls | field 'c[0]["id"]')
handle=$(handle_of planning-0410@example.org)
run decline "$handle" --comment "cannot make it" >/dev/null 2>"$dir/decline.err" || fail "decline: $(cat "$dir/decline.err")"
bus wait 2 20 || fail "the notification was not replaced when the CLI declined: $(cat "$dir/watch.err")"
calls >"$dir/calls.json"
[ "$(field 'c[1]["summary"]' <"$dir/calls.json")" = "declined in the terminal: Planning" ] \
    || fail "answered in the terminal: $(cat "$dir/calls.json")"
[ "$(field 'c[1]["replaces_id"]' <"$dir/calls.json")" = "$first" ] || fail "the answer elsewhere did not replace the notification"
[ "$(field 'c[1]["actions"]' <"$dir/calls.json")" = "[]" ] || fail "the replaced notification still offers answers"
bus emit "$first" accept
bus wait 3 20 || fail "a stale Accept was not answered: $(cat "$dir/watch.err")"
calls >"$dir/calls.json"
[ "$(field 'c[2]["summary"]' <"$dir/calls.json")" = "not accepted: Planning" ] || fail "stale: $(cat "$dir/calls.json")"
[ "$(field 'c[2]["body"]' <"$dir/calls.json")" = "already declined in the terminal; nothing changed" ] \
    || fail "stale: $(cat "$dir/calls.json")"
[ "$(field 'c[2]["replaces_id"]' <"$dir/calls.json")" = "$first" ] || fail "the stale notice does not replace the notification"
sleep 0.5
run --json history >"$dir/history.json"
"$py" - "$dir/history.json" <<'PY' || fail "the stale Accept changed the history: $(cat "$dir/history.json")"
import json, sys
entries = json.load(open(sys.argv[1]))["entries"]
assert [(e["action"], e["comment"]) for e in entries] == [("declined", "cannot make it")], entries
PY
if grep -q "UID:planning-0410@example.org" "$dir/calendar.ics"; then fail "the stale Accept wrote the calendar"; fi
run reply "$handle" >"$dir/reply.ics"
grep -q "PARTSTAT=DECLINED" "$dir/reply.ics" && grep -q "COMMENT:cannot make it" "$dir/reply.ics" \
    || fail "the reply is no longer the decline with its comment: $(cat "$dir/reply.ics")"
[ "$(run --json outbox | field 'len(c["messages"])')" = 1 ] || fail "outbox: $(run --json outbox)"
echo "watch: declined with the CLI: its notification replaced (declined in the terminal); the old Accept refused as stale (already declined in the terminal; nothing changed); the decline and its comment stand"
# An Accept racing the CLI's answer: refused whether watch noticed the answer first or not.
deliver 1700000031.1.host "$weekly" "race@example.org"
bus wait 4 20
second=$(calls | field 'c[3]["id"]')
race=$(handle_of race@example.org)
run accept "$race" --no-add >/dev/null 2>&1 || fail "accept --no-add"
bus emit "$second" decline
wait_for "calls | grep -c '\"not declined: Weekly sync\"' >/dev/null" 10 "a Decline racing the CLI was not refused: $(calls)"
[ "$(run --json history | field '[e["action"] for e in c["entries"] if e["handle"] == "'"$race"'"]')" = "['accepted']" ] \
    || fail "a Decline racing the CLI changed the answer: $(run --json history)"
# Changed by another `invites` (an ingest from a mail client's hook): shown again, then answered.
deliver 1700000032.1.host "$planning" "moved@example.org" 2 "Moved"
wait_for "calls | grep -c '\"summary\": \"Moved\"' >/dev/null" 20 "Moved was not told: $(calls)"
third=$(calls | field '[x["id"] for x in c if x["summary"] == "Moved"][0]')
bus mail "$planning" "$dir/update.eml" "moved@example.org" 3 "Moved (new room)"
run ingest "$dir/update.eml" >/dev/null 2>&1 || fail "ingest of the update"
wait_for "calls | grep -c 'changed: Moved (new room)' >/dev/null" 10 "the update filed by another invites was not shown: $(calls)"
calls >"$dir/calls.json"
[ "$(field '[x["replaces_id"] for x in c if x["summary"] == "changed: Moved (new room)"][0]' <"$dir/calls.json")" = "$third" ] \
    || fail "the update did not replace its notification: $(cat "$dir/calls.json")"
bus emit "$third" accept
wait_for "calls | grep -c 'accepted: Moved (new room)' >/dev/null" 10 "an Accept on the notification shown again was refused: $(calls)"
echo "watch: a Decline racing the CLI's accept refused; an update filed by another invites shown again (replaces_id $third) and accepted from it"
# Your server put one in your calendar, and your phone declined it there. To come: one already
# over is not taken in from a calendar (docs/spec.md, "What cannot wait for you").
server_item() { # PARTSTAT: the calendar with the server's copy, written as a sync writes it
    "$py" - "$dir/calendar.ics" "$1" <<'PY'
import os, re, sys
path, partstat = sys.argv[1], sys.argv[2]
text = open(path, encoding="utf-8", newline="").read()
text = re.sub(r"BEGIN:VEVENT\r?\nUID:server-1@example\.org.*?END:VEVENT\r?\n", "", text, flags=re.S)
item = ("BEGIN:VEVENT\r\nUID:server-1@example.org\r\nDTSTAMP:20180301T120000Z\r\nDTSTART:20990412T150000Z\r\n"
        "DTEND:20990412T160000Z\r\nSUMMARY:Server sync\r\nORGANIZER;CN=Bob:mailto:bob@example.org\r\n"
        "ATTENDEE;PARTSTAT=%s;CN=Me:mailto:me@example.org\r\nSEQUENCE:0\r\nEND:VEVENT\r\n" % partstat)
end = text.rindex("END:VCALENDAR")
open(path + ".tmp", "w", encoding="utf-8", newline="").write(text[:end] + item + text[end:])
os.rename(path + ".tmp", path)
PY
}
server_item NEEDS-ACTION
wait_for "calls | grep -c '\"summary\": \"Server sync\"' >/dev/null" 20 "the invitation your server put in your calendar was not told: $(calls)"
fourth=$(calls | field '[x["id"] for x in c if x["summary"] == "Server sync"][0]')
server_item DECLINED
wait_for "calls | grep -c 'declined in your calendar: Server sync' >/dev/null" 20 "declined in your calendar: not said: $(calls; cat "$dir/watch.err")"
[ "$(calls | field '[x["replaces_id"] for x in c if x["summary"] == "declined in your calendar: Server sync"][0]')" = "$fourth" ] \
    || fail "the answer in your calendar did not replace the notification"
kill -TERM "$watcher"
wait "$watcher" || fail "SIGTERM: exit $?"
stop_mock
echo "watch: declined in your calendar (your server's copy): its notification replaced saying so"

# 8. A notification server that cannot start (dunst installed, no display: an SSH session, a CI
# machine): the bus tries to start it for a call and fails. Said once, the bus asked to start it
# once (not once per invitation), every mail taken in; the server that appears later is used, and
# told of what came meanwhile. With CI=true or WATCH_RETRY_MINUTE=1 also the minute's retry: the
# server the bus could not start comes up at the next try, a minute later.
service=$WATCH_BUS_DIR/services/org.freedesktop.Notifications.service
install_service() { # SCRIPT-BODY: a .service for the name whose Exec runs it, each start counted
    printf '#!/bin/sh\necho started >>"%s/starts"\n%s\n' "$dir" "$1" >"$dir/daemon"
    chmod +x "$dir/daemon"
    printf '[D-BUS Service]\nName=org.freedesktop.Notifications\nExec=%s\n' "$dir/daemon" >"$service"
    dbus ReloadConfig >/dev/null
}
setup activation
install_service 'echo "cannot open display" >>"$0.log"; exit 1'
start_watch --verbose
wait_for "grep -q watching '$dir/watch.err'" 10 "watch did not start: $(cat "$dir/watch.err" 2>/dev/null)"
for i in 1 2 3; do deliver "170000004$i.1.host" "$weekly" "start-$i@example.org" 0 "Cannot start $i"; sleep 0.3; done
wait_for "[ \$(invites_in) = 3 ]" 20 "mail was not taken in while the server could not start"
sleep 1
[ "$(grep -c 'no notification server' "$dir/watch.err")" = 1 ] \
    || fail "a server that cannot start: said $(grep -c 'no notification server' "$dir/watch.err") times: $(cat "$dir/watch.err")"
grep -q 'the session bus could not start one' "$dir/watch.err" || fail "the failed start is not said: $(cat "$dir/watch.err")"
[ "$(wc -l <"$dir/starts")" = 1 ] || fail "the bus was asked to start the server $(wc -l <"$dir/starts") times for 3 invitations"
start_mock "body actions"
bus wait 3 20 || fail "the server that appeared was not told of what came meanwhile: $(cat "$dir/watch.err")"
deliver 1700000044.1.host "$weekly" "start-4@example.org" 0 "Cannot start 4"
bus wait 4 20
calls >"$dir/calls.json"
"$py" - "$dir/calls.json" <<'PY' || fail "told after the server appeared: $(cat "$dir/calls.json")"
import json, sys
assert sorted(c["summary"] for c in json.load(open(sys.argv[1]))) == ["Cannot start %d" % i for i in range(1, 5)]
PY
kill -TERM "$watcher"
wait "$watcher" || fail "SIGTERM: exit $?"
stop_mock
echo "watch: a server the bus cannot start: said once, started once for 3 invitations, mail taken in; the server that appeared told of all 4"
if [ "${CI:-}" = true ] || [ "${WATCH_RETRY_MINUTE:-}" = 1 ]; then
    setup retry
    install_service "[ \$(wc -l <'$dir/starts') -ge 2 ] || exit 1
exec $py -m dbusmock --session -t notification_daemon -p '{\"capabilities\": \"body actions\"}' >'$dir/mock.log' 2>&1"
    start_watch --verbose
    wait_for "grep -q watching '$dir/watch.err'" 10 "watch did not start: $(cat "$dir/watch.err" 2>/dev/null)"
    deliver 1700000050.1.host "$weekly" "retry@example.org" 0 "Retried"
    wait_for "[ \$(invites_in) = 1 ]" 20 "mail was not taken in while the server could not start"
    began=$(date +%s)
    # NameHasOwner starts nothing (a call to the name would have the bus start the server).
    wait_for "dbus NameHasOwner org.freedesktop.Notifications | grep -q true" 80 "the server was not started again"
    bus wait 1 10 || true
    [ "$(wc -l <"$dir/starts")" = 2 ] || fail "the minute's retry: the bus was asked $(wc -l <"$dir/starts") times"
    [ "$(calls | field 'c[0]["summary"]')" = "Retried" ] || fail "the minute's retry told nothing: $(cat "$dir/watch.err")"
    echo "watch: the server that could not start was asked again $(($(date +%s) - began)) s later, started, and told"
    started=$(dbus GetConnectionUnixProcessID org.freedesktop.Notifications | sed 's/.* \([0-9]*\),)$/\1/')
    kill -TERM "$watcher"
    wait "$watcher" || fail "SIGTERM: exit $?"
    kill "$started" 2>/dev/null || true
else
    echo "watch: the minute's retry of a server that could not start runs with WATCH_RETRY_MINUTE=1 or CI=true"
fi
rm -f "$service"
dbus ReloadConfig >/dev/null

# 9. The nudge. Two invitations taken in before watch starts (so neither is new to it), both
# waiting for an answer and starting in 90 minutes and 25 seconds, with `nudge = 24h, 90m`: the
# 24-hour threshold is long past, so each is nudged once at the start ("in 1 hour 30 minutes",
# with the usual actions); a restart after kill -9 nudges neither again; one declined with the
# CLI is not nudged at the 90-minute threshold, the other is, once; `status --format %d`
# counts the one due.
start_mock "body actions"
setup nudge
printf 'nudge = 24h, 90m\n' >>"$dir/config/config"
deliver 1700000060.1.host "$planning" "nudge-a@example.org" 0 "Nudged A" "" 5425
deliver 1700000061.1.host "$planning" "nudge-b@example.org" 0 "Nudged B" "" 5425
ninety=$(($(date +%s) + 25))
run ingest --maildir "$dir/md" >/dev/null
# The journal counts from watch's first start, in whole seconds: taken in a second before it.
sleep 1.1
[ "$(run config | grep '^nudge ' | sed 's/   */  /g')" = "nudge  24h, 1h30m  from $dir/config/config:2" ] \
    || fail "config: $(run config | grep '^nudge')"
nudges() { calls | field 'sorted(x["summary"] for x in c if x["summary"].startswith("in "))'; }
start_watch --verbose
bus wait 2 20
sleep 0.5
[ "$(nudges)" = "['in 1 hour 30 minutes: Nudged A', 'in 1 hour 30 minutes: Nudged B']" ] || fail "nudge: $(calls)"
[ "$(calls | field 'len(c)')" = 2 ] || fail "nudge: told as new too: $(calls)"
[ "$(calls | field '" ".join(c[0]["actions"])')" = "accept Accept decline Decline tentative Tentative show Show" ] \
    || fail "nudge: actions $(calls | field 'c[0]["actions"]')"
kill -9 "$watcher"
wait "$watcher" 2>/dev/null || true
start_watch --verbose
wait_for "grep -c watching '$dir/watch.err' | grep -q 2" 10 "the restart did not start"
sleep 1.5
[ "$(calls | field 'len(c)')" = 2 ] || fail "nudge: told again after kill -9: $(calls)"
[ "$(run status --format '%n pending, %d due')" = "2 pending, 0 due" ] || fail "status: $(run status --format '%n pending, %d due')"
run decline "$(handle_of nudge-a@example.org)" --comment "away" >/dev/null 2>&1
[ "$(date +%s)" -lt "$ninety" ] || fail "nudge: the 90-minute threshold came before the checks ended (a loaded machine)"
wait_for "[ \$(date +%s) -ge $((ninety + 1)) ]" 40 "the clock stopped"
wait_for "nudges | grep -q 'Nudged B.*Nudged B'" 20 "nudge: no second nudge of the one still waiting: $(calls)"
sleep 1
[ "$(nudges)" = "['in 1 hour 30 minutes: Nudged A', 'in 1 hour 30 minutes: Nudged B', 'in 1 hour 30 minutes: Nudged B']" ] \
    || fail "nudge: $(nudges)"
[ "$(run status --format '%n pending, %d due')" = "1 pending, 1 due" ] || fail "status: $(run status --format '%n pending, %d due')"
kill -TERM "$watcher"
wait "$watcher" || fail "SIGTERM: exit $?"
grep -q "^nudge: $(handle_of nudge-b@example.org) [0-9]* 5400$" "$dir/home/watch-notified" || fail "journal: $(cat "$dir/home/watch-notified")"
stop_mock
echo "watch: nudged at the start (in 1 hour 30 minutes, with the actions), none again after kill -9, none once declined, the 90-minute one once; status '1 pending, 1 due'"
# 10. A watch that never waits (issue 36): with `send = always` and a sendmail that takes 20 s,
# an Accept's reply is handed over on a lane of its own. A second invitation mailed meanwhile is
# told within seconds while that sendmail still runs; SIGTERM then ends watch within 3 s, the
# accept recorded and its reply sent or still queued in the outbox (the sendmail stopped).
start_mock "body actions"
setup nowait
printf '#!/bin/sh\necho started >>"%s/sendmail.log"\ncat >/dev/null\nsleep 20\necho finished >>"%s/sendmail.log"\n' \
    "$dir" "$dir" >"$dir/sendmail.sh"
chmod +x "$dir/sendmail.sh"
printf 'send = always\nsendmail = %s/sendmail.sh\n' "$dir" >>"$dir/config/config"
start_watch --verbose
wait_for "grep -q watching '$dir/watch.err'" 10 "watch did not start: $(cat "$dir/watch.err" 2>/dev/null)"
deliver 1700000070.1.host "$planning"
bus wait 1 20
bus emit "$(calls | field 'c[0]["id"]')" accept
wait_for "grep -q started '$dir/sendmail.log' 2>/dev/null" 10 "the Accept's reply was not handed to sendmail: $(cat "$dir/watch.err")"
start=$(date +%s%N)
deliver 1700000071.1.host "$weekly" "nowait@example.org" 0 "While sendmail runs"
bus wait 2 5 || fail "the second invitation was not told within 5 s while sendmail ran: $(calls)"
told_ms=$((($(date +%s%N) - start) / 1000000))
[ "$(calls | field 'c[1]["summary"]')" = "While sendmail runs" ] || fail "nowait: $(calls)"
grep -q finished "$dir/sendmail.log" && fail "the sendmail ended before the second invitation was told"
run --json history | grep -q '"action":"accepted"' || fail "the Accept was not recorded while sendmail ran"
start=$(date +%s%N)
kill -TERM "$watcher"
wait "$watcher" || fail "SIGTERM while sendmail ran: exit $?"
ended_ms=$((($(date +%s%N) - start) / 1000000))
[ "$ended_ms" -le 3000 ] || fail "SIGTERM while sendmail ran ended watch in $ended_ms ms"
state=$(run --json outbox | field '" ".join(m["state"] for m in c["messages"])')
case "$state" in queued | sent) ;; *) fail "the reply in flight is '$state' in the outbox, not sent or queued: $(run --json outbox)" ;; esac
stop_mock
echo "watch: sendmail of 20 s after an Accept: the next invitation told in $told_ms ms while it ran; SIGTERM ended watch in $ended_ms ms; the reply $state in the outbox"
# 11. A vdir calendar: read ahead as watch starts; a mail's conflicts are found without stamping
# every item again while inotify hears no change in it, and an item written in place (no rename, as an editor may) is
# heard: the next mail's conflicts are as the item now is.
start_mock "body actions"
setup vdir
mkdir "$dir/vdir"
dentist() { # START END: the Dentist item written in place, its stamp set back a minute
    printf 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VEVENT\r\nUID:dentist-0410@example.org\r\nDTSTAMP:20180301T120000Z\r\nSUMMARY:Dentist\r\nDTSTART:%s\r\nDTEND:%s\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n' \
        "$1" "$2" 1<>"$dir/vdir/dentist.ics"
    touch -d '1 minute ago' "$dir/vdir/dentist.ics"
}
dentist 20180410T170000Z 20180410T180000Z
sleep 3.1
"$bin" --home "$dir/home" --calendar "$dir/vdir" --tz UTC --me me@example.org --config "$dir/config/config" \
    watch --verbose 2>>"$dir/watch.err" &
watcher=$!
pids+=("$watcher")
wait_for "grep -q watching '$dir/watch.err'" 10 "watch did not start: $(cat "$dir/watch.err" 2>/dev/null)"
# Read ahead of the first mail, so that its conflicts wait for no read of every item.
wait_for "grep -q 'the calendars were read ahead$' '$dir/watch.err'" 10 \
    "vdir: the calendars were not read ahead: $(cat "$dir/watch.err")"
for i in 1 2; do
    deliver "17000000$((80 + i)).1.host" "$planning" "vdir-$i@example.org" 0 "Vdir $i"
    bus wait "$i" 20
done
calls >"$dir/calls.json"
for i in 0 1; do
    field "c[$i][\"body\"]" <"$dir/calls.json" | grep -q 'conflicts with Dentist 17:00–18:00' \
        || fail "vdir: mail $((i + 1)) names no conflict: $(cat "$dir/calls.json")"
done
# Moved to 20:00 in place: the same file, its inode kept, truncated and written again.
: >"$dir/vdir/dentist.ics"
dentist 20180410T200000Z 20180410T210000Z
sleep 3.1
deliver 1700000083.1.host "$planning" "vdir-3@example.org" 0 "Vdir 3"
bus wait 3 20
calls >"$dir/calls.json"
if field 'c[2]["body"]' <"$dir/calls.json" | grep -q conflicts; then
    fail "vdir: the item written in place was not heard: $(field 'c[2]["body"]' <"$dir/calls.json")"
fi
kill -TERM "$watcher"
wait "$watcher" || fail "SIGTERM: exit $?"
stop_mock
echo "watch: a vdir calendar: read ahead at the start; two mails told with their conflict; the item moved by a write in place, the next mail told without it"
echo "watch: all passed"
