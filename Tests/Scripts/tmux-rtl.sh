#!/usr/bin/env bash
# The right-to-left rows of `day`'s timeline as tmux draws them: a pane of a tmux server of the
# test's own prints `invites day` with Hebrew and Arabic titles (and Japanese, Cyrillic, accented
# Latin), and the pane's grid is read back (capture-pane). tmux keeps a zero-width character only
# on a cell before it: an FSI in the first column was dropped and its PDI kept, and the terminal
# tmux drew on shifted the row by a cell. Every FSI and PDI must reach the grid, and the times
# of every row start in the same column, counted in cells as tmux counts them.
# Usage: Tests/Scripts/tmux-rtl.sh BIN
set -euo pipefail
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
cd "$(dirname "$0")/../.."
root=$(pwd)
if ! command -v tmux >/dev/null 2>&1; then
    echo "tmux-rtl: skipped: needs tmux (apt-get install tmux)"
    exit 0
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/invites-tmux-rtl.XXXXXX")
sock=$work/tmux.sock
trap 'tmux -S "$sock" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
fail() { echo "tmux-rtl: $*" >&2; exit 1; }
fixtures=$root/Tests/InvitesCLITests/Fixtures/scripts
for width in 80 40; do
    rm -f "$work/done"
    tmux -S "$sock" -f /dev/null new-session -d -x "$width" -y 50 \
        "env LANG=C.UTF-8 '$bin' --home '$work/home' --calendar '$fixtures/calendar.ics' --tz UTC day 2026-04-15 --width $width; touch '$work/done'; sleep 60"
    for _ in $(seq 100); do [ -e "$work/done" ] && break; sleep 0.1; done
    [ -e "$work/done" ] || fail "day did not end in the pane"
    tmux -S "$sock" capture-pane -p >"$work/pane-$width"
    tmux -S "$sock" kill-server
    LANG=C.UTF-8 /usr/bin/python3 - "$work/pane-$width" "$width" <<'PY' || fail "at $width columns: $(cat "$work/pane-$width")"
import re, sys, unicodedata
text = open(sys.argv[1], encoding="utf-8").read()
def cells(s):
    return sum(0 if unicodedata.category(c) in ("Cf", "Mn", "Me") else
               2 if unicodedata.east_asian_width(c) in ("W", "F") else 1 for c in s)
# The timeline's rows: a label, a track, the times last (a handle or `free` after them).
rows = [line for line in text.split("\n")
        if re.match("(\\S| \u2068)", line) and re.search(r"  \d\d:\d\d-\d\d:\d\d( \S+)?$", line)
        and not line.startswith("free:")]
assert any(c in line for line in rows for c in "שا"), "no right-to-left row"
for line in text.split("\n"):
    assert line.count("\u2068") == line.count("\u2069"), "an isolate lost: %r" % line
starts = {cells(line[:re.search(r"\d\d:\d\d-\d\d:\d\d( \S+)?$", line).start()]) for line in rows}
assert len(starts) == 1, "the times start in columns %s:\n%s" % (sorted(starts), "\n".join(rows))
print("tmux-rtl: at %s columns %d rows, right-to-left among them, their times in one column; every FSI kept"
      % (sys.argv[2], len(rows)))
PY
done
