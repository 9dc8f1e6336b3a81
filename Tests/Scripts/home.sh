#!/usr/bin/env bash
# The home and its files are yours alone, and calendars reached through links are written
# through (issue 34, cases 6 and 13), with the real binary:
# - under umask 022 and umask 000, a new home ($XDG_DATA_HOME/invites) and everything invites
#   makes in it — the store and its -wal/-shm, cache.sqlite3 and its -wal/-shm, cache-indexes/
#   and an index file, the calendar it keeps there, locks/ and a calendar lock, watch.lock,
#   watch-notified, maildir-shortcut — is 0700 (folders) or 0600 (files), and $XDG_DATA_HOME
#   made on the way is 0700;
# - a home others can write to, one another user owns, and a link into another user's folder
#   are refused with exit 1 and a message with the fix, and nothing is made in them (the
#   other-user cases need root, to give a folder to nobody: skipped with one line otherwise);
#   a home of yours that is 0755 is used and left 0755;
# - a calendar lock that is a symbolic link is not followed: the answer stops with exit 74 and
#   the file the link names is neither made nor changed;
# - `~/.calendar.ics -> sync/cal.ics`: accept puts the event into sync/cal.ics and decline takes
#   it out again, byte for byte, the link a link throughout.
# One line per check; exits non-zero when any fails.
# Usage: Tests/Scripts/home.sh BIN
set -uo pipefail
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
cd "$(dirname "$0")/../.."
root=$(pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/invites-home.XXXXXX")
cleanup() {
    chmod -R u+rwx "$work" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT
unset INVITES_HOME INVITES_CALENDAR INVITES_ME INVITES_CONFIG COLUMNS
export TZ=UTC HOME="$work" XDG_CONFIG_HOME="$work/config"
failures=0
pass() { echo "home: ok: $*"; }
fail() { echo "home: FAILED: $*"; failures=$((failures + 1)); }
skip() { echo "home: skipped: $*"; }
invite=$root/fixtures/invite.json

# A vdir whose index is larger than IndexFile.threshold (1 MiB), so that it is kept in
# cache-indexes/; made first, so that its items have settled (2 s) when it is read.
vdir=$work/big-vdir
mkdir -p "$vdir"
python3 - "$vdir" <<'PY'
import sys
for i in range(16000):
    day = f"2018{1 + i % 12:02d}{1 + i % 28:02d}"
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//home.sh//EN", "BEGIN:VEVENT", f"UID:filler-{i}@example.org",
             "DTSTAMP:20180101T000000Z", f"DTSTART:{day}T100000Z", f"DTEND:{day}T110000Z", f"SUMMARY:Filler {i}",
             "END:VEVENT", "END:VCALENDAR", ""]
    open(f"{sys.argv[1]}/filler-{i}.ics", "w").write("\r\n".join(lines))
PY
maildir=$work/mail
mkdir -p "$maildir/new" "$maildir/cur" "$maildir/tmp"
cp "$root/Tests/InvitesCLITests/Fixtures/mail/"*.eml "$maildir/new/" 2>/dev/null || true
mkdir -p "$work/config/invites"
printf '#!/bin/sh\nexit 0\n' >"$work/notify.sh"
chmod 755 "$work/notify.sh"
printf 'notify_command = %s/notify.sh\n' "$work" >"$work/config/invites/config"
sleep 3

# 1. Every file and folder invites makes in a new home, under umask 022 and 000.
for mask in 022 000; do
    data=$work/umask-$mask/data
    home=$data/invites
    (
        umask "$mask"
        export XDG_DATA_HOME=$data
        "$bin" ingest "$invite" >/dev/null
        "$bin" --me me@example.org accept 12 >/dev/null 2>&1
        "$bin" --calendar "$vdir" show 12 >/dev/null
        "$bin" ingest --maildir "$maildir" >/dev/null 2>&1
        # The note is kept only for store files that settled before the pass.
        touch -d '1 minute ago' "$home/invites.sqlite3" "$home/invites.sqlite3-wal"
        "$bin" ingest --maildir "$maildir" >/dev/null 2>&1
        "$bin" --me me@example.org watch --notify command --once --wait 1s >/dev/null 2>&1
    ) || fail "umask $mask: a command failed"
    made=$(cd "$data" && find . -mindepth 1 | sort | tr '\n' ' ')
    for name in invites invites/invites.sqlite3 invites/invites.sqlite3-wal invites/invites.sqlite3-shm \
        invites/cache.sqlite3 invites/cache.sqlite3-wal invites/cache.sqlite3-shm invites/cache-indexes \
        invites/calendar.ics invites/locks invites/watch.lock invites/watch-notified invites/maildir-shortcut; do
        [ -e "$data/$name" ] || fail "umask $mask: $name was not made (made: $made)"
    done
    ls "$home"/cache-indexes/*.index >/dev/null 2>&1 || fail "umask $mask: no index file in cache-indexes/"
    ls "$home"/locks/calendar-*.lock >/dev/null 2>&1 || fail "umask $mask: no calendar lock in locks/"
    wrong=$(find "$work/umask-$mask/data" \( -type d ! -perm 700 \) -o \( -type f ! -perm 600 \) -printf '%m %p\n')
    if [ -z "$wrong" ]; then
        pass "umask $mask: $(find "$data" | wc -l | tr -d ' ') folders and files, each 0700 or 0600"
    else
        fail "umask $mask: not private: $wrong"
    fi
done

# 2. Homes that are not safe: refused (exit 1, the fix in the message), nothing made in them.
refused() { # NAME HOME FOLDER-THAT-MUST-STAY-EMPTY TEXT
    local out status
    out=$("$bin" --home "$2" ingest "$invite" 2>&1)
    status=$?
    if [ "$status" = 1 ] && [[ "$out" == *"$4"* ]] && [ -z "$(ls -A "$3")" ]; then
        pass "$1: refused with exit 1 ($4), nothing made"
    else
        fail "$1: status $status, output: $out; in $3: $(ls -A "$3" | tr '\n' ' ')"
    fi
}
mkdir -p "$work/open"
chmod 777 "$work/open"
refused "a world-writable home" "$work/open" "$work/open" "'chmod 700 $work/open'"
mkdir -p "$work/group"
chmod 775 "$work/group"
refused "a group-writable home" "$work/group" "$work/group" "'chmod 700 $work/group'"
mkdir -p "$work/shared/invites"
chmod 777 "$work/shared/invites"
ln -s "$work/shared/invites" "$work/linked"
refused "a link to a world-writable folder" "$work/linked" "$work/shared/invites" "'chmod 700 $work/shared/invites'"
mkdir -p "$work/sync-not-yet"
ln -s "$work/sync-not-yet/invites" "$work/dangling"
refused "a link that leads nowhere" "$work/dangling" "$work/sync-not-yet" "which does not exist"
mkdir -p "$work/mine"
chmod 755 "$work/mine"
if "$bin" --home "$work/mine" ingest "$invite" >/dev/null && [ "$(stat -c %a "$work/mine")" = 755 ] \
    && [ "$(stat -c %a "$work/mine/invites.sqlite3")" = 600 ]; then
    pass "a 0755 home of yours: used, left 0755, its store 0600"
else
    fail "a 0755 home of yours: $(stat -c %a "$work/mine") $(ls -l "$work/mine")"
fi
if [ "$(id -u)" = 0 ] && id nobody >/dev/null 2>&1; then
    mkdir -p "$work/theirs"
    chown nobody "$work/theirs"
    refused "a home another user owns" "$work/theirs" "$work/theirs" "belongs to another user"
    mkdir -p "$work/their-folder/invites"
    chown nobody "$work/their-folder"
    ln -s "$work/their-folder/invites" "$work/into-theirs"
    refused "a link into another user's folder" "$work/into-theirs" "$work/their-folder/invites" \
        "a folder of another user"
else
    skip "a home another user owns and a link into their folder: only root can give a folder to nobody"
fi

# 3. A calendar lock that is a symbolic link is not followed.
home=$work/lockhome
cal=$work/lock-cal.ics
cp "$root/fixtures/calendar.ics" "$cal"
run() { "$bin" --home "$home" --calendar "$cal" --me me@example.org "$@"; }
run ingest "$invite" >/dev/null
run accept 12 --no-add >/dev/null 2>&1
run accept 12 >/dev/null 2>&1 || fail "lock: the first accept failed"
run decline 12 >/dev/null 2>&1
lock=$(ls "$home"/locks/calendar-*.lock 2>/dev/null | head -n 1)
if [ -z "$lock" ]; then
    fail "lock: no calendar lock was made"
else
    rm "$lock"
    ln -s "$work/victim" "$lock"
    before=$(cat "$cal")
    out=$(run accept 12 2>&1)
    status=$?
    if [ "$status" = 74 ] && [[ "$out" == *"does not follow for a lock"* ]] && [ ! -e "$work/victim" ] \
        && [ "$before" = "$(cat "$cal")" ] && [ -L "$lock" ]; then
        pass "a calendar lock that is a symbolic link: not followed, exit 74, nothing made or changed"
    else
        fail "a calendar lock that is a symbolic link: status $status: $out"
    fi
fi

# 4. ~/.calendar.ics -> sync/cal.ics: written through, the link kept.
home=$work/linkhome
mkdir -p "$work/sync"
cp "$root/fixtures/calendar.ics" "$work/sync/cal.ics"
ln -s sync/cal.ics "$work/.calendar.ics"
run() { "$bin" --home "$home" --calendar "$work/.calendar.ics" --me me@example.org "$@"; }
run ingest "$invite" >/dev/null
run accept 12 >/dev/null 2>&1
if [ -L "$work/.calendar.ics" ] && grep -q "SUMMARY:Family Reunion" "$work/sync/cal.ics"; then
    pass "accept through ~/.calendar.ics: the event is in sync/cal.ics, the link kept"
else
    fail "accept through ~/.calendar.ics: $(ls -l "$work/.calendar.ics")"
fi
run decline 12 >/dev/null 2>&1
if [ -L "$work/.calendar.ics" ] && cmp -s "$root/fixtures/calendar.ics" "$work/sync/cal.ics"; then
    pass "decline through ~/.calendar.ics: sync/cal.ics as it was, byte for byte, the link kept"
else
    fail "decline through ~/.calendar.ics"
fi

[ "$failures" = 0 ] || { echo "home: $failures failed"; exit 1; }
echo "home: all passed"
