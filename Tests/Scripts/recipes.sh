#!/usr/bin/env bash
# Runs the recipes of docs/recipes.md against the real binary, reading the commands out of the
# page: the mailcap entries, the mutt macros, aerc's binds and filter, the Maildir hook, watch's
# notify_commands. Each runs as a mail client runs it: through sh -c, SIGPIPE ignored, umask 077,
# no COLUMNS, the message on standard input (not a terminal), and each mail opened twice. Each
# recipe that shows a title is given a stranger's, with a tmux job `#(…)`, tmux variables `#{…}`,
# markup and an escape sequence: nothing may run or render (tmux for real, installed with apt-get
# when missing and root, else skipped with one line). A vdir is then read by khal (khal from
# PyPI; that part is skipped, with one line, without PyPI).
# Usage: Tests/Scripts/recipes.sh BIN
set -euo pipefail
bin=$1
cd "$(dirname "$0")/../.."
root=$(pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/invites-recipes.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "recipes: $*"; exit 1; }

# `invites` as the recipes name it, on PATH; the settings of the page, with a sendmail that keeps
# what it is given.
mkdir -p "$work/bin" "$work/config/invites" "$work/vdir" "$work/sent"
ln -s "$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")" "$work/bin/invites"
cat > "$work/bin/fake-sendmail" <<EOF
#!/bin/sh
cat > "$work/sent/\$\$.eml"
EOF
chmod +x "$work/bin/fake-sendmail"
cat > "$work/config/invites/config" <<EOF
me = me@example.org
name = Me Myself
sendmail = $work/bin/fake-sendmail -t -i
calendar = $work/vdir
tz = UTC
EOF
export PATH="$work/bin:$PATH" HOME="$work" XDG_CONFIG_HOME="$work/config" INVITES_HOME="$work/home"
unset INVITES_ME INVITES_CALENDAR TZ COLUMNS

# The commands of one recipe block of docs/recipes.md.
recipe() {
    python3 - "$1" "$2" <<'PY'
import re, sys
name, part = sys.argv[1], sys.argv[2]
text = open("docs/recipes.md", encoding="utf-8").read()
block = re.search(r"<!-- recipe: %s -->\s*```\n(.*?)```" % re.escape(name), text, re.S)
if not block:
    sys.exit("no recipe block named " + name)
for line in block.group(1).splitlines():
    if name == "mailcap" and line.startswith(part + ";"):
        print(line.split(";")[1].strip())
    elif name == "muttrc" and line.startswith("macro") and f" {part} " in line:
        print(re.search(r"<pipe-message>(.*?)<enter>", line).group(1))
    elif name == "aerc-binds" and line.startswith(part + " "):
        print(re.search(r":pipe -m (.*?)<Enter>", line).group(1))
    elif name == "aerc-filters" and line.startswith(part + "="):
        print(line.split("=", 1)[1])
    elif name.startswith("watch-") and line.strip():
        print(line)
    elif name == "hooks" and line.strip():
        print(line.strip())
PY
}

# Runs a recipe's command as a mail client does, with FILE on standard input (and as %s).
as_client() {
    local command=$1 file=$2
    command=${command//%s/\'$file\'}
    (trap '' PIPE; umask 077; env -u COLUMNS sh -c "$command" < "$file")
}

# The meetings are a month ahead of today, so that they are pending whenever the test runs (an
# invitation that is over leaves the pending list).
day=$(date -u -d "+30 days" +%Y%m%d)
mail() {  # UID SUMMARY ORGANIZER MESSAGE-ID
    local calendar
    calendar=$(printf 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//recipes//EN\r\nMETHOD:REQUEST\r\nBEGIN:VEVENT\r\nUID:%s\r\nDTSTAMP:20240601T080000Z\r\nDTSTART:%sT100000Z\r\nDTEND:%sT110000Z\r\nSUMMARY:%s\r\nORGANIZER;CN=Organizer:mailto:%s\r\nATTENDEE;RSVP=TRUE;PARTSTAT=NEEDS-ACTION:mailto:me@example.org\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n' "$1" "$day" "$day" "$2" "$3" | base64 -w 76)
    cat <<MAIL
From: Organizer <$3>
To: me@example.org
Subject: Invitation: $2
Message-ID: <$4>
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="b1"

--b1
Content-Type: multipart/alternative; boundary="b2"

--b2
Content-Type: text/plain

Join us.
--b2
Content-Type: text/calendar; method=REQUEST; charset=UTF-8
Content-Transfer-Encoding: base64

$calendar
--b2--
--b1
Content-Type: application/ics; name="invite.ics"
Content-Disposition: attachment; filename="invite.ics"
Content-Transfer-Encoding: base64

$calendar
--b1--
MAIL
}
mail planning-recipe@example.org Planning ann@example.org planning-invitation@example.org > "$work/planning.eml"
mail testaus-recipe@example.org Testaus teams@example.com testaus-invitation@example.com > "$work/testaus.eml"
python3 - "$work/planning.eml" "$work/planning.ics" <<'PY'
import email, sys
message = email.message_from_binary_file(open(sys.argv[1], "rb"))
part = next(p for p in message.walk() if p.get_content_type() == "text/calendar")
open(sys.argv[2], "wb").write(part.get_payload(decode=True))
PY

# New mail arrives: the Maildir hook takes both, Testaus last, so it is the newest pending.
maildir="$work/Mail/work/INBOX"
mkdir -p "$maildir/new" "$maildir/cur" "$maildir/tmp"
cp "$work/planning.eml" "$maildir/new/1717000000.M1P1.host"
cp "$work/testaus.eml" "$maildir/new/1717000001.M2P1.host"
hook=$(recipe hooks "" | sed "s|~/Mail/work/INBOX|$maildir|")
[ "$(as_client "$hook" /dev/null | wc -l)" = 2 ] || fail "the Maildir hook did not ingest the two invitations"
[ -z "$(as_client "$hook" /dev/null)" ] || fail "the Maildir hook ingested again on a second run"

# Reading Planning in mutt: the mailcap shows it (twice: the mail opened twice), one invitation.
for type in text/calendar application/ics; do
    command=$(recipe mailcap "$type")
    for _ in 1 2; do
        as_client "$command" "$work/planning.ics" > "$work/shown" || fail "mailcap $type failed"
        grep -q Planning "$work/shown" || fail "mailcap $type does not show Planning"
    done
done
[ "$(invites list --all --handles | wc -l)" = 2 ] || fail "showing the mail twice made more invitations"

# A in the pager of Planning: Planning is accepted and its organizer gets the reply; Testaus,
# newer, stays pending and its organizer gets nothing.
accept=$(recipe muttrc A)
as_client "$accept" "$work/planning.eml" > /dev/null || fail "mutt's A failed"
as_client "$accept" "$work/planning.eml" > /dev/null || fail "mutt's A failed the second time"
json=$(invites --json list --all)
python3 - "$json" "$work/sent" <<'PY' || fail "mutt's A acted on another invitation or mailed someone else"
import email, json, os, sys
invites = {i["title"]: i["status"] for i in json.loads(sys.argv[1])["invites"]}
assert invites == {"Planning": "accepted", "Testaus": "pending"}, invites
mails = [email.message_from_binary_file(open(os.path.join(sys.argv[2], n), "rb")) for n in os.listdir(sys.argv[2])]
assert len(mails) == 2, len(mails)
for message in mails:
    assert message["To"].endswith("<ann@example.org>"), message["To"]
    assert message["Subject"] == "Accepted: Planning", message["Subject"]
    assert message["In-Reply-To"] == "<planning-invitation@example.org>", message["In-Reply-To"]
    assert message["From"] == "Me Myself <me@example.org>", message["From"]
    calendar = next(p for p in message.walk() if p.get_content_type() == "text/calendar")
    assert calendar.get_param("method") == "REPLY"
    body = calendar.get_payload(decode=True).decode()
    assert body.count("ATTENDEE") == 1 and "PARTSTAT=ACCEPTED" in body, body
PY
[ "$(ls "$work/vdir" | wc -l)" = 1 ] || fail "accept did not write one vdir item"

# aerc: the filter shows Testaus's calendar part at the viewer's width; id declines it.
filter=$(recipe aerc-filters text/calendar)
for _ in 1 2; do
    AERC_COLUMNS=60 as_client "$filter" "$work/planning.ics" > "$work/shown" || fail "aerc's filter failed"
    grep -q Planning "$work/shown" || fail "aerc's filter does not show Planning"
done
decline=$(recipe aerc-binds id)
for _ in 1 2; do as_client "$decline" "$work/testaus.eml" > /dev/null || fail "aerc's id failed"; done
[ "$(invites --json list --all | python3 -c 'import json,sys; print(sorted(i["status"] for i in json.load(sys.stdin)["invites"]))')" = "['accepted', 'declined']" ] \
    || fail "aerc's id did not decline Testaus alone"
grep -l "Subject: Declined: Testaus" "$work/sent"/* | xargs grep -l "To: Organizer <teams@example.com>" > /dev/null \
    || fail "the decline did not reach Testaus's organizer"
[ -z "$(invites status)" ] || fail "status should print nothing with nothing pending"
[ "$(invites --json outbox | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["messages"]))')" = 0 ] \
    || fail "something is left in the outbox"

# watch's notify_command recipes, each given a stranger's title that tries every program it
# reaches: a tmux job and variables, markup, and an escape sequence. ntfy and notify-send are
# stand-ins that keep their words (notify-send's are parsed as the markup a server reads); tmux
# is real, with a client attached in a pseudo-terminal that keeps the screen.
hostile() { printf 'Watched %s #(touch %s/ran-%s) #{pane_id} #{host} <b>bold</b> <img src="file:///etc/passwd"> & \033[31mred' "$1" "$work" "$1"; }
visible() { hostile "$1" | sed 's/\x1b/^[/g'; }
watch_recipe() { # RECIPE: watch --once over a new invitation with that recipe's notify_command
    local tool=${1#watch-}
    watched="$work/Mail/$tool"
    mkdir -p "$watched/new" "$watched/cur" "$watched/tmp"
    mail "$1-recipe" "$(hostile "$tool")" organizer@example.org "$1@example.org" > "$watched/tmp/m"
    mv "$watched/tmp/m" "$watched/new/1717000100.M1P1.host"
    { cat "$work/config/invites/config"; recipe "$1" ""; } > "$work/$1.config"
    # A home of its own: a watch's start tells the invitations already waiting too (three or
    # fewer each as itself), and the other recipes' mails wait in the shared one, so the last
    # notification, the one tmux shows and the stand-ins keep, could be another's.
    INVITES_HOME="$work/home-$tool" INVITES_CONFIG="$work/$1.config" invites watch --once --maildir "$watched" \
        || fail "watch with the $tool recipe failed"
}
for tool in ntfy notify-send; do
    printf '#!/bin/sh\nprintf "%%s|" "$@" > "%s/%s.args"\n' "$work" "$tool" > "$work/bin/$tool"
    chmod +x "$work/bin/$tool"
    watch_recipe "watch-$tool"
    grep -q "Watched $tool" "$work/$tool.args" || fail "the $tool recipe was not run: $(cat "$work/$tool.args" 2>&1)"
    ! grep -q $'\033' "$work/$tool.args" || fail "an escape sequence reached $tool: $(cat -v "$work/$tool.args")"
done
grep -qF "publish|--title|$(visible ntfy)|my-invites|" "$work/ntfy.args" || fail "ntfy got: $(cat "$work/ntfy.args")"
python3 - "$work/notify-send.args" "$(visible notify-send)" <<'PY' || fail "notify-send got markup: $(cat "$work/notify-send.args")"
import sys
import xml.etree.ElementTree as tree
words = open(sys.argv[1], encoding="utf-8").read().split("|")
assert words[:3] == ["-a", "invites", "--"], words[:3]
# What a server that reads markup makes of them: text alone, no element, the title as written.
for shown in words[3:5]:
    markup = tree.fromstring("<markup>" + shown + "</markup>")
    assert len(markup) == 0, shown
summary = tree.fromstring("<markup>" + words[3] + "</markup>").text
assert summary == sys.argv[2], (summary, sys.argv[2])
PY

# The mail clients' recipes show the same stranger's title as written, its escape sequence made
# visible (aerc's filter colours the output itself, so only the title's own sequence is looked for).
mail hostile-recipe "$(hostile mutt)" organizer@example.org hostile@example.org > "$work/hostile.eml"
python3 - "$work/hostile.eml" "$work/hostile.ics" <<'PY'
import email, sys
message = email.message_from_binary_file(open(sys.argv[1], "rb"))
part = next(p for p in message.walk() if p.get_content_type() == "text/calendar")
open(sys.argv[2], "wb").write(part.get_payload(decode=True))
PY
for client in "mailcap text/calendar" "muttrc I" "aerc-binds is" "aerc-filters text/calendar"; do
    # shellcheck disable=SC2086
    command=$(recipe $client)
    input=$work/hostile.eml
    case $client in mailcap* | aerc-filters*) input=$work/hostile.ics ;; esac
    AERC_COLUMNS=100 as_client "$command" "$input" > "$work/hostile.shown" 2>&1 || fail "$client failed on a hostile title"
    # A long title is wrapped at the width (how long depends on the scratch folder's path):
    # its lines are joined before it is looked for.
    tr '\n' ' ' < "$work/hostile.shown" | tr -s ' ' | grep -qF '<b>bold</b> <img src="file:///etc/passwd"> & ^[[31mred' || fail "$client did not show the title as written: $(cat -v "$work/hostile.shown" | head -5)"
    ! grep -qF $'\033[31mred' "$work/hostile.shown" || fail "$client passed the title's escape sequence on"
    case $client in aerc-filters*) ;; *) ! grep -q $'\033' "$work/hostile.shown" || fail "$client printed an escape" ;; esac
done

# tmux, for real: a private server (TMUX_TMPDIR), a client in a pseudo-terminal, the recipe.
have_tmux() { command -v tmux >/dev/null 2>&1; }
if ! have_tmux && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    { apt-get install -y -q tmux || { apt-get update -q && apt-get install -y -q tmux; }; } >/dev/null 2>&1 || true
fi
if have_tmux; then
    export TMUX_TMPDIR="$work/tmux"
    unset TMUX
    mkdir -p "$TMUX_TMPDIR"
    tmux -f /dev/null new-session -d -s recipes -x 200 -y 10 || fail "tmux would not start"
    python3 - "$work/tmux.screen" <<'PY' &
import os, pty, select, struct, sys, termios, fcntl, time
pid, fd = pty.fork()
if pid == 0:
    os.environ["TERM"] = "xterm"
    os.execvp("tmux", ["tmux", "attach", "-t", "recipes"])
fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 10, 200, 0, 0))
with open(sys.argv[1], "wb", buffering=0) as screen:
    deadline = time.time() + 60
    while time.time() < deadline:
        if select.select([fd], [], [], 0.1)[0]:
            try:
                data = os.read(fd, 65536)
            except OSError:
                break
            if not data:
                break
            screen.write(data)
PY
    client=$!
    for _ in $(seq 50); do [ -n "$(tmux list-clients 2>/dev/null)" ] && break; sleep 0.1; done
    [ -n "$(tmux list-clients)" ] || fail "no tmux client attached"
    watch_recipe watch-tmux
    sleep 1
    shown() { python3 -c 'import re,sys; print(re.sub(rb"\x1b(\[[0-9;?>]*[A-Za-z]|[()][A-Z0-9]|[=>])|[\r\x0e\x0f]", b"", open(sys.argv[1],"rb").read()).decode("utf-8","replace"))' "$work/tmux.screen"; }
    [ ! -e "$work/ran-tmux" ] || fail "the tmux recipe ran the title's #(…)"
    shown | grep -qF "$(visible tmux)" || fail "tmux did not show the title as written: $(shown | tail -c 400)"
    # The same text not escaped, as the recipe once passed it: tmux runs the job and reads the
    # variables, which is what the checks above would have caught. tmux kills a display-message's
    # job when the command's client leaves, which it may do before the job's shell starts (12 of
    # 20 runs here): run-shell keeps that client a second, so that the job runs every time.
    tmux display-message -d 10000 "control #(touch $work/ran-control) #{pane_id}." \; run-shell "sleep 1"
    for _ in $(seq 30); do [ -e "$work/ran-control" ] && break; sleep 0.1; done
    [ -e "$work/ran-control" ] || fail "the unescaped control did not run: this test could not see a job run"
    shown | grep -qE "control  ?%[0-9]+\." || fail "the unescaped control did not expand #{pane_id}: $(shown | tail -c 300)"
    tmux kill-server
    wait "$client" 2>/dev/null || true
    tmux_said="tmux shows the title as written and runs nothing"
else
    echo "recipes: tmux part skipped: tmux is not installed and cannot be installed here (not root, or no apt-get)"
    tmux_said="tmux skipped"
fi

ran="the Maildir hook; watch's ntfy, notify-send and tmux recipes given a hostile title ($tmux_said); mailcap, mutt's I, aerc's is and filter showing it as written; mailcap (both types), mutt's A, aerc's filter and id, each twice as a mail client runs them"
# khal reads the vdir
. Tests/Scripts/khal.sh
if ! khal_ready "$root"; then
    echo "recipes: khal part skipped: khal could not be installed from PyPI"
    echo "recipes: $ran: ok"
    exit 0
fi
khal_config "$work/vdir" "$work"
"$khal" -c "$work/khal.conf" list "$(date -u -d "$day" +%Y-%m-%d)" "$(date -u -d "$day + 1 day" +%Y-%m-%d)" | grep "Planning" >/dev/null || fail "khal does not list the accepted invite"
invites decline planning-recipe --no-send >/dev/null 2>&1
[ -z "$(ls "$work/vdir")" ] || fail "decline did not remove the vdir item"
echo "recipes: $ran; khal lists the accepted invite: ok"
