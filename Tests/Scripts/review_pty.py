#!/usr/bin/env python3
"""`invites review` driven through a pseudo-terminal, as a person types at it.

A small job-control shell runs inside the terminal (the session leader, as bash would be): it
puts invites in a process group of its own in the foreground, reports when it stops or ends,
and says `stty -g` before it starts and after each stop and the end. The test types keys into
the terminal's other side and reads the screen, then checks the store with invites itself.

Usage: review_pty.py BIN [--transcript FILE]
"""
import fcntl
import json
import os
import re
import select
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import termios
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ESCAPES = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]|\r")
CLEAR = b"\x1b[H\x1b[2J"
PASTE_ON = b"\x1b[?2004h"
PASTE_OFF = b"\x1b[?2004l"


def fail(message):
    print("review: " + message)
    sys.exit(1)


def set_size(fd, columns, rows=60):
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))


def job_shell(argv, env):
    """The session leader inside the terminal: a shell's job control in a few lines."""
    def stty():
        return subprocess.run(["stty", "-g"], stdin=0, capture_output=True, text=True).stdout.strip()

    signal.signal(signal.SIGTTOU, signal.SIG_IGN)
    os.write(1, ("[shell stty %s]\r\n" % stty()).encode())
    # The child waits until the shell has said its pid: written while review already draws, the
    # line could fall inside one of review's escape sequences and never be read whole.
    gate, release = os.pipe()
    child = os.fork()
    if child == 0:
        os.close(release)
        os.read(gate, 1)
        os.close(gate)
        os.setpgid(0, 0)
        os.tcsetpgrp(0, os.getpgrp())
        signal.signal(signal.SIGTTOU, signal.SIG_DFL)
        os.execve(argv[0], argv, env)
    os.close(gate)
    os.setpgid(child, child)
    os.write(1, ("[shell pid %d]\r\n" % child).encode())
    os.tcsetpgrp(0, child)
    os.write(release, b"x")
    os.close(release)
    while True:
        _, status = os.waitpid(child, os.WUNTRACED)
        os.tcsetpgrp(0, os.getpgrp())
        if os.WIFSTOPPED(status):
            os.write(1, ("[shell stopped stty %s]\r\n" % stty()).encode())
            # The parent says when to go on, as `fg` would.
            os.read(0, 1)
            os.tcsetpgrp(0, child)
            os.killpg(child, signal.SIGCONT)
            continue
        how = "exit %d" % os.WEXITSTATUS(status) if os.WIFEXITED(status) else "signal %d" % os.WTERMSIG(status)
        os.write(1, ("[shell %s stty %s]\r\n" % (how, stty())).encode())
        os._exit(0)


class Terminal:
    """One run of `invites review` in a fresh pseudo-terminal."""

    def __init__(self, argv, env, columns=80, rows=60):
        import pty
        self.pid, self.master = pty.fork()
        if self.pid == 0:
            try:
                job_shell(argv, env)
            finally:
                os._exit(1)
        set_size(self.master, columns, rows)
        self.raw = b""
        # Where the next expect starts looking.
        self.mark = 0
        self.before = self.expect(rb"\[shell stty ([^\]]*)\]").group(1)
        self.child = int(self.expect(rb"\[shell pid (\d+)\]").group(1))

    def read(self, timeout):
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return False
        try:
            data = os.read(self.master, 65536)
        except OSError:
            return False
        self.raw += data
        return bool(data)

    def expect(self, pattern, timeout=20):
        """Waits for `pattern` in what came since the last match; returns the match."""
        deadline = time.time() + timeout
        while True:
            # The mark counts in the text without escape sequences, which only grows at its end.
            found = re.compile(pattern, re.S).search(ESCAPES.sub(b"", self.raw), self.mark)
            if found:
                self.mark = found.end()
                return found
            if time.time() > deadline or not self.read(max(deadline - time.time(), 0.05)) and time.time() > deadline:
                fail("waited for %r; the screen shows:\n%s" % (pattern, self.screen()))

    def type(self, text, pause=0.05):
        for character in text:
            os.write(self.master, character.encode() if isinstance(character, str) else character)
            time.sleep(pause)

    def screen(self):
        """The last screen drawn, without its escape sequences."""
        last = self.raw.rfind(CLEAR)
        return ESCAPES.sub(b"", self.raw[last + len(CLEAR) if last >= 0 else 0:]).decode("utf-8", "replace")

    def pasting(self, upto=None):
        """Whether bracketed paste is on, as the last switch `review` wrote (before `upto`) left it."""
        raw = self.raw if upto is None else self.raw[:upto]
        return raw.rfind(PASTE_ON) > raw.rfind(PASTE_OFF)

    def ended(self):
        found = self.expect(rb"\[shell (exit \d+|signal \d+) stty ([^\]]*)\]")
        os.waitpid(self.pid, 0)
        return found.group(1).decode(), found.group(2)


def invites(home, *arguments):
    run = subprocess.run(
        [BIN, "--home", home, "--tz", "America/Los_Angeles", "--calendar", home + "/calendar.ics",
         "--me", "me@example.org"] + list(arguments), capture_output=True, text=True)
    if run.returncode != 0:
        fail("invites %s: %s" % (" ".join(arguments), run.stderr))
    return run.stdout


def ahead(source, target):
    """A copy of a fixture moved into the future: review goes through what still waits for an
    answer, and a meeting that is over waits for none. 2018 becomes 2029 and 2024 becomes 2030,
    years whose dates fall on the same weekdays (and so do the dates of daylight saving)."""
    with open(source) as text:
        moved = text.read().replace("2018", "2029").replace("2024", "2030")
    with open(target, "w") as out:
        out.write(moved)
    return target


def fresh_home(work, name):
    home = os.path.join(work, name)
    os.makedirs(home)
    ahead(os.path.join(ROOT, "fixtures/calendar.ics"), home + "/calendar.ics")
    second = os.path.join(work, name + "-second.json")
    with open(second, "w") as out:
        json.dump({"title": "Board dinner", "start": "2029-04-12T19:00:00-07:00",
                   "end": "2029-04-12T21:00:00-07:00", "id": 34}, out)
    fixtures = os.path.join(ROOT, "Tests/InvitesCLITests/Fixtures/triage")
    # Ingested in this order, within a second or two: review shows the most recently changed
    # first, the newest ingested first among those changed in the same second, so the teams
    # series, then the offsite, then the reunion, then the dinner.
    for path in [second, os.path.join(ROOT, "fixtures/invite.json"), fixtures + "/all-day.ics",
                 fixtures + "/teams-weekly.ics"]:
        invites(home, "ingest", path if path == second else ahead(path, os.path.join(work, name + "-" +
                                                                                    os.path.basename(path))))
    return home


def handle_of(home, title):
    """The handle of the pending invitation with this title."""
    listed = json.loads(invites(home, "--json", "list"))["invites"]
    return [entry["handle"] for entry in listed if entry["title"] == title][0]


def start(home, columns=80, rows=60, handle=None):
    env = dict(os.environ, TERM="xterm", HOME=home, XDG_CONFIG_HOME=home + "/config")
    env.pop("COLUMNS", None)
    argv = [BIN, "--home", home, "--tz", "America/Los_Angeles", "--calendar", home + "/calendar.ics",
            "--me", "me@example.org", "review"] + ([handle] if handle else [])
    return Terminal(argv, env, columns, rows)


def the_session(work, transcript):
    """Accept the first, comment and decline the second, skip the third, quit."""
    home = fresh_home(work, "session")
    term = start(home)
    term.expect(rb"1 of 4 waiting.*Platform sync.*\[a\]ccept")
    screens = [term.screen()]
    term.type("a")
    term.expect(rb"2 of 4 waiting.*accepted \"Platform sync\".*Team offsite.*\[a\]ccept")
    screens.append(term.screen())
    term.type("c")
    term.expect(rb"comment: ")
    # Basic editing: a slip taken back with Backspace, a word with Ctrl-W, the start with Home.
    term.type("Sorry, travelx")
    term.type(["\x7f"])
    term.type("ling that wek")
    term.type(["\x17"])
    term.type("week")
    term.type(["\x1b[H"])
    term.type("(!) ")
    term.type(["\r"])
    term.expect(rb"comment: \"\(!\) Sorry, travelling that week\"")
    screens.append(term.screen())
    term.type("d")
    term.expect(rb"3 of 4 waiting.*declined \"Team offsite\".*Family Reunion")
    screens.append(term.screen())
    term.type("s")
    term.expect(rb"4 of 4 waiting.*skipped, still pending.*Board dinner")
    screens.append(term.screen())
    term.type("q")
    how, after = term.ended()
    if how != "exit 0":
        fail("the session ended with %s" % how)
    if after != term.before:
        fail("the terminal was left as %s, found as %s" % (after, term.before))
    listed = json.loads(invites(home, "--json", "list", "--all"))["invites"]
    states = {entry["title"]: entry["status"] for entry in listed}
    expected = {"Platform sync": "accepted", "Team offsite": "declined", "Family Reunion": "pending",
                "Board dinner": "pending"}
    if states != expected:
        fail("the store holds %s" % states)
    history = json.loads(invites(home, "--json", "history"))["entries"]
    declined = [entry for entry in history if entry["action"] == "declined"]
    if len(declined) != 1 or declined[0]["comment"] != "(!) Sorry, travelling that week":
        fail("the decline's comment is %s" % declined)
    if any(entry["delivery"] != "queued" for entry in history):
        fail("replies not queued: %s" % history)
    if transcript:
        with open(transcript, "w") as out:
            for number, screen in enumerate(screens, 1):
                out.write("---- screen %d ----\n%s\n" % (number, screen.rstrip()))
    print("review: a, c + typed comment + d, s, q through a terminal: the store and the terminal as expected")


def resize(work):
    """A window made narrower redraws at the new width."""
    home = fresh_home(work, "resize")
    term = start(home, columns=80)
    term.expect(rb"\[===\] invite  XXX overlap")
    set_size(term.master, 40)
    term.expect(rb"\[==\] invite  XX overlap")
    if any(len(line) > 40 for line in term.screen().splitlines() if not line.startswith("  join")):
        fail("a line wider than 40 columns after the resize:\n" + term.screen())
    term.type("q")
    how, after = term.ended()
    if how != "exit 0" or after != term.before:
        fail("after a resize: %s, terminal %s (was %s)" % (how, after, term.before))
    print("review: a resize to 40 columns redraws at 40")


def interrupted(work):
    """Ctrl-C while a comment is being typed: the process ends, the terminal is as it was."""
    home = fresh_home(work, "interrupt")
    term = start(home)
    term.expect(rb"\[a\]ccept")
    term.type("c")
    term.expect(rb"comment: ")
    term.type("half a comm")
    term.type(["\x03"])
    how, after = term.ended()
    if how != "signal %d" % signal.SIGINT:
        fail("Ctrl-C in a comment ended with %s" % how)
    if after != term.before or term.pasting():
        fail("after SIGINT the terminal is %s, was %s; bracketed paste %s" % (
            after, term.before, "on" if term.pasting() else "off"))
    listed = json.loads(invites(home, "--json", "history"))["entries"]
    if listed:
        fail("an interrupted comment was recorded: %s" % listed)
    print("review: SIGINT in the middle of a comment gives the terminal back")


def terminated(work):
    """SIGTERM while waiting for a key."""
    home = fresh_home(work, "term")
    term = start(home)
    term.expect(rb"\[a\]ccept")
    os.kill(term.child, signal.SIGTERM)
    how, after = term.ended()
    if how != "signal %d" % signal.SIGTERM or after != term.before or term.pasting():
        fail("SIGTERM: %s, terminal %s (was %s), bracketed paste %s" % (
            how, after, term.before, "on" if term.pasting() else "off"))
    print("review: SIGTERM gives the terminal back")


def suspended(work):
    """Ctrl-Z stops review with the terminal given back; going on takes it again and redraws."""
    home = fresh_home(work, "suspend")
    term = start(home)
    term.expect(rb"1 of 4 waiting.*\[a\]ccept")
    term.type(["\x1a"])
    stopped = term.expect(rb"\[shell stopped stty ([^\]]*)\]").group(1)
    if stopped != term.before or term.pasting(term.raw.rfind(b"[shell stopped")):
        fail("stopped with the terminal as %s, found as %s; bracketed paste left on: %s" % (
            stopped, term.before, term.pasting(term.raw.rfind(b"[shell stopped"))))
    term.type("\n")
    term.expect(rb"1 of 4 waiting.*\[a\]ccept")
    if not term.pasting():
        fail("bracketed paste was not turned on again after SIGCONT")
    term.type("a")
    term.expect(rb"2 of 4 waiting.*accepted \"Platform sync\"")
    term.type("q")
    how, after = term.ended()
    if how != "exit 0" or after != term.before:
        fail("after a suspend: %s, terminal %s (was %s)" % (how, after, term.before))
    print("review: SIGTSTP gives the terminal back, SIGCONT takes it again and redraws")


def pasted(work):
    """A paste into a comment is text: "Sorry, clash⏎decline⏎" pasted (bracketed, as a terminal
    marks it) answers nothing; a paste on the key line does nothing; bracketed paste is on while
    review runs and off when it ends."""
    home = fresh_home(work, "paste")
    term = start(home)
    term.expect(rb"1 of 4 waiting.*Platform sync.*\[a\]ccept")
    if not term.pasting():
        fail("review did not turn bracketed paste on")
    term.type("c")
    term.expect(rb"comment: ")
    term.type([b"\x1b[200~Sorry, clash\rdecline\r\x1b[201~"])
    term.expect(rb"comment: Sorry, clash decline")
    term.type(["\r"])
    term.expect(rb"comment: \"Sorry, clash decline\"")
    # Pasted on the key line: no key, neither d nor Enter.
    term.type([b"\x1b[200~d\r\x1b[201~"])
    time.sleep(0.5)
    term.read(0.2)
    if "1 of 4" not in term.screen() or "declined \"" in term.screen():
        fail("a paste on the key line acted:\n" + term.screen())
    term.type("q")
    how, after = term.ended()
    if how != "exit 0" or after != term.before:
        fail("after a paste: %s, terminal %s (was %s)" % (how, after, term.before))
    if term.pasting():
        fail("review left bracketed paste on")
    history = json.loads(invites(home, "--json", "history"))["entries"]
    if history:
        fail("a paste answered or commented: %s" % history)
    print("review: a pasted comment with newlines is text, a paste on the key line does nothing, "
          "bracketed paste on while review runs and off after")


def dumb(work):
    """TERM=dumb: lines instead of single keys, and no escape sequences."""
    home = fresh_home(work, "dumb")
    env = dict(os.environ, TERM="dumb", HOME=home, XDG_CONFIG_HOME=home + "/config")
    argv = [BIN, "--home", home, "--tz", "America/Los_Angeles", "--calendar", home + "/calendar.ics",
            "--me", "me@example.org", "review"]
    term = Terminal(argv, env)
    term.expect(rb"1 of 4 waiting.*\[a\]ccept")
    if CLEAR in term.raw:
        fail("TERM=dumb got escape sequences")
    term.type("a\n")
    term.expect(rb"accepted \"Platform sync\"")
    term.type("q\n")
    how, after = term.ended()
    if how != "exit 0" or after != term.before:
        fail("TERM=dumb: %s, terminal %s (was %s)" % (how, after, term.before))
    print("review: TERM=dumb reads lines")


def rows_of(screen, columns):
    """The rows a screen takes on a terminal `columns` wide: a longer line wraps."""
    return sum(max(1, -(-len(line) // columns)) for line in screen.split("\n"))


def short_panes(work):
    """A pane of 24 rows, then 12: the header, what the last key did, the title, the time, the
    organizer and the keys stay on the screen; the rest is paged with Space."""
    home = fresh_home(work, "short")
    for columns, rows in [(80, 24), (40, 12)]:
        term = start(home, columns=columns, rows=rows)
        term.expect(rb"invites review: 1 of 4.*Platform sync.*organizer.*Space more.*keys|\[a\]ccept")
        time.sleep(0.3)
        term.read(0.2)
        first = term.screen()
        for needed in ["invites review: 1 of 4", "Platform sync", "organizer", "Ann Example", "Space more"]:
            if needed not in first:
                fail("at %dx%d the screen lacks %r:\n%s" % (columns, rows, needed, first))
        # Space always moves: each press shows another page, the page line says which.
        pages = [re.search(r"-- (\d+-\d+)/\d+, Space more", first).group(1)]
        for _ in range(3):
            term.type(" ")
            time.sleep(0.3)
            term.read(0.2)
            shown = re.search(r"-- (\d+-\d+)/\d+, Space more", term.screen())
            if not shown or shown.group(1) == pages[-1] or rows_of(term.screen(), columns) > rows:
                fail("Space at %dx%d did not move from %s:\n%s" % (columns, rows, pages[-1], term.screen()))
            pages.append(shown.group(1))
        for _ in range(3):
            term.type("b")
        time.sleep(0.3)
        term.read(0.2)
        if rows_of(first, columns) > rows:
            fail("at %dx%d the screen takes %d rows:\n%s" % (columns, rows, rows_of(first, columns), first))
        # A wrong occurrence is said where it can be seen, with the title still there.
        term.type("o")
        term.expect(rb"which occurrence")
        term.type("99\r")
        term.expect(rb"\"99\" is no occurrence")
        time.sleep(0.3)
        term.read(0.2)
        wrong = term.screen()
        if "Platform sync" not in wrong or "invites review: 1 of 4" not in wrong or rows_of(wrong, columns) > rows:
            fail("after o 99 at %dx%d:\n%s" % (columns, rows, wrong))
        term.type(" ")
        term.expect(rb"Space more")
        time.sleep(0.3)
        term.read(0.2)
        if term.screen() == wrong or rows_of(term.screen(), columns) > rows:
            fail("Space at %dx%d did not page:\n%s" % (columns, rows, term.screen()))
        term.type("q")
        how, after = term.ended()
        if how != "exit 0" or after != term.before:
            fail("a short pane: %s, terminal %s (was %s)" % (how, after, term.before))
    print("review: at 80x24 and 40x12 the header, the result, the title, time, organizer and keys stay; Space always pages")


def named(work):
    """`review HANDLE`, as a desktop notification's `show` opens it: the invitation named first,
    answered already, then those waiting for an answer."""
    home = fresh_home(work, "named")
    handle = handle_of(home, "Team offsite")
    invites(home, "accept", handle)
    term = start(home, handle=handle)
    term.expect(rb"1 of 4: " + handle.encode() + rb" is answered already \(accepted\); then those waiting.*"
                rb"Team offsite.*\[a\]ccept")
    term.type("s")
    term.expect(rb"2 of 4 waiting.*skipped, still accepted.*Platform sync.*\[a\]ccept")
    term.type("q")
    term.expect(rb"Reviewed: 0 answered, 3 still pending\.")
    how, after = term.ended()
    if how != "exit 0" or after != term.before:
        fail("review HANDLE: %s, terminal %s (was %s)" % (how, after, term.before))
    print("review: HANDLE first, answered already, then the pending ones")


def quits_cleanly(term, what):
    """`q` ends the review with exit 0 and the terminal as it was found."""
    term.type("q")
    how, after = term.ended()
    if how != "exit 0" or after != term.before:
        fail("%s: %s, terminal %s (was %s)" % (what, how, after, term.before))


TASK = """BEGIN:VCALENDAR
PRODID:-//Example/ExampleCalendarClient//EN
METHOD:REQUEST
VERSION:2.0
BEGIN:VTODO
ORGANIZER:mailto:ann@example.org
ATTENDEE;ROLE=CHAIR:mailto:ann@example.org
ATTENDEE;RSVP=TRUE:mailto:me@example.org
DTSTART:20290701T170000Z
DUE:20290722T170000Z
PRIORITY:1
SUMMARY:Write the requirements
UID:review-task-1@example.org
SEQUENCE:0
DTSTAMP:20261201T200000Z
STATUS:NEEDS-ACTION
END:VTODO
END:VCALENDAR
"""


def exchanges(work):
    """`%` reports a task's progress and `g` delegates a meeting, through the same answering
    and outbox as `progress` and `delegate`; a percent out of range and `%` on a meeting are
    refused on the screen, sending nothing."""
    home = fresh_home(work, "exchanges")
    task = os.path.join(work, "exchanges-task.ics")
    with open(task, "w") as out:
        out.write(TASK.replace("\n", "\r\n"))
    invites(home, "ingest", task)
    term = start(home)
    term.expect(rb"1 of 5 waiting.*Write the requirements.*\[a\]ccept")
    term.type("%")
    term.expect(rb"percent done \(0 to 100\) or done: ")
    term.type("140\r")
    term.expect(rb"PERCENT is how much of the task is done.*\[a\]ccept")
    term.type("c")
    term.expect(rb"comment: ")
    term.type("draft is out\r")
    term.type("%")
    term.expect(rb"percent done \(0 to 100\) or done: ")
    term.type("40\r")
    term.expect(rb"2 of 5 waiting.*in-process \"Write the requirements\" \(40% done\).*Platform sync")
    term.type("%")
    term.type("done\r")
    term.expect(rb"is a meeting, not a task.*Platform sync.*\[a\]ccept")
    term.type("g")
    term.expect(rb"delegate to \(address\): ")
    term.type("erin@example.org\r")
    term.expect(rb"3 of 5 waiting.*delegated \"Platform sync\" to erin@example.org; the organizer is told")
    quits_cleanly(term, "g and %")
    history = json.loads(invites(home, "--json", "history"))["entries"]
    actions = sorted((entry["title"], entry["action"], entry["percent"], entry["comment"], entry["delegatedTo"])
                     for entry in history)
    expected = [("Platform sync", "declined", None, None, None),
                ("Platform sync", "delegated", None, None, "erin@example.org"),
                ("Write the requirements", "in-process", 40, "draft is out", None)]
    if [entry[:3] for entry in actions] != [entry[:3] for entry in expected] or actions[2][3] != expected[2][3] \
            or (actions[1][4] or "").replace("mailto:", "") != "erin@example.org":
        fail("g and %%: the history holds %s" % actions)
    outbox = json.loads(invites(home, "--json", "outbox", "--all"))["messages"]
    recipients = sorted((message["to"] or "") for message in outbox)
    # The task's report and the delegation's REPLY to the organizers, the REQUEST to Erin.
    if len(outbox) != 3 or sum("erin@example.org" in to for to in recipients) != 1:
        fail("g and %%: the outbox holds %s" % outbox)
    print("review: % reports a task's progress with the comment, g delegates; refusals said, nothing sent")


def ask_takes_one_key(work):
    """send = ask on `accept`: `y` answers at once, without Enter, and the mail goes."""
    home = fresh_home(work, "ask")
    sent = os.path.join(home, "sent")
    script = os.path.join(home, "sendmail")
    with open(script, "w") as out:
        out.write('#!/bin/sh\nmkdir -p "%s"\ncat > "%s/$$.eml"\n' % (sent, sent))
    os.makedirs(home + "/config/invites")
    with open(home + "/config/invites/config", "w") as out:
        out.write("send = ask\nsendmail = /bin/sh %s -t -i\n" % script)
    handle = handle_of(home, "Team offsite")
    env = dict(os.environ, TERM="xterm", HOME=home, XDG_CONFIG_HOME=home + "/config")
    argv = [BIN, "--home", home, "--tz", "America/Los_Angeles", "--calendar", home + "/calendar.ics",
            "--me", "me@example.org", "accept", handle]
    term = Terminal(argv, env)
    term.expect(rb"Send the reply to the organizer now\? \[y/N\] ")
    term.type("y")
    term.expect(rb"y\n.*sent 'Accepted: Team offsite'")
    how, after = term.ended()
    if how != "exit 0" or after != term.before:
        fail("send = ask: %s, terminal %s (was %s)" % (how, after, term.before))
    if len(os.listdir(sent)) != 1:
        fail("send = ask and y: %d mails sent" % len(os.listdir(sent)))
    print("review: send = ask takes one key, and gives the terminal back")


if __name__ == "__main__":
    BIN = os.path.abspath(sys.argv[1])
    transcript = sys.argv[sys.argv.index("--transcript") + 1] if "--transcript" in sys.argv else None
    work = tempfile.mkdtemp(prefix="invites-review.")
    try:
        the_session(work, transcript)
        resize(work)
        interrupted(work)
        terminated(work)
        suspended(work)
        pasted(work)
        dumb(work)
        ask_takes_one_key(work)
        exchanges(work)
        short_panes(work)
        named(work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
