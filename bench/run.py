#!/usr/bin/env python3
"""The performance benchmark: one invite against generated calendars, whole process.

Generates the calendars deterministically with ../shared/bench/gen_calendar.py (1k, 10k, 100k
events, as a single file and as a vdir), builds invites in release mode and the libical floor
program, and times `invites show` cold (never seen the calendar), warm (nothing changed, the
same invite again), warm for an invite on another day (the calendar's index is there, the
answer for that day is not) and after one event changed, beside the floor, the floors of a
vdir (bench/vdir_floor.c: stat every item, read every item, on every core), recurring-ical-events
and khal (from PyPI, in a virtualenv under .build/bench); and `invites status` without and with
an address of yours (which makes it look for invitations a scheduling server put in the calendar). Prints one table of medians, peak memory and ratios to the floor measured in the
same run. A benchmark, not a test: nothing here fails on a slow machine.

The other groups (issue 25): `vdir` times a warm and a cold `show` on the largest vdir in turns
with stat-ing and reading every item (bench/vdir_floor.c), so that both sides of each ratio see
the same load; `maildir` times `ingest --maildir` over a generated Maildir
(bench/gen_maildir.py, 20k and 100k messages) on its first run, with nothing changed and after
10 new messages, beside `notmuch new` on the same Maildir with a database of its own and the
floors of bench/maildir_floor.c (list new/ and cur/, read every message); `inbox` times
`status`, `list` and `review`'s first screen with 5 and 5,000 past invitations in the inbox,
beside `invites --version`; `startup` times `invites --version` and `status` beside a Swift
program that imports only FoundationEssentials (and one that imports Foundation), built in the
same run. Figures of a few milliseconds (start-up, the inbox, a Maildir with nothing changed)
are measured in turns with their references, round by round, without GNU time around them.

`attend` (issue 40) times `status --me` on the largest calendar with an address of yours that
attends a fifth of its events, accepted long ago (a few still waiting), as a server keeps them:
the first look at the vdir beside reading every item, and at the single file beside a cold `show`
of it; the second run beside `status` without an address; and after a sync placed, replaced or
removed one item (written to a temporary name and renamed in, as vdirsyncer does) beside
stat-ing every item and listing the folder, each in turns with its reference.

`watch` (issue 40, point 3) runs `invites watch --maildir` on that attended vdir (the largest
size), on a private session bus (dbus-run-session, a bus that starts nothing of the machine's)
with python-dbusmock's notification daemon logging each call with its time to the millisecond:
after its first look has come to rest, invitations are mailed one at a time (written in tmp/,
renamed into new/, at the time of an event of the vdir, so that each notification names a
conflict), and a sync places invitations for you in the vdir one at a time (a temporary name,
renamed in), each timed from the rename to the Notify call that names it: median and 95th
percentile of 6 x --runs mails and 4 x --runs syncs, the latter in turns with stat-ing every item.

Usage: bench/run.py [--only calendar,vdir,attend,watch,maildir,inbox,startup] [--quick] [--sizes 1000,10000,100000]
                    [--maildir-sizes 20000,100000] [--runs 5] [--others SIZES] [--markdown FILE]
Alone: bench/run.py --only attend [--sizes 100000] [--runs 5]
       bench/run.py --only watch [--sizes 100000] [--runs 5]
"""
import argparse
import json
import math
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.join(os.path.dirname(ROOT), "shared", "bench")
WORK = os.path.join(ROOT, ".build", "bench")
WINDOW = ("20241028T113000Z", "20241028T163000Z")
GROUPS = ("calendar", "vdir", "attend", "watch", "maildir", "inbox", "startup")
ME = "bench@example.org"
PAYLOAD = {"title": "Benchmark invite", "start": "2024-10-28T13:30:00Z", "end": "2024-10-28T14:30:00Z", "id": "bench"}


def measure(command, env=None, cwd=None):
    """Wall seconds and peak resident megabytes of one whole process.

    The peak comes from GNU time where it is installed: a child forked from this Python process
    would report Python's own pages as its peak."""
    report = None
    if os.path.exists("/usr/bin/time"):
        handle, report = tempfile.mkstemp(prefix="bench-rss-")
        os.close(handle)
        command = ["/usr/bin/time", "-f", "%M", "-o", report] + list(command)
    started = time.perf_counter()
    process = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, cwd=cwd)
    elapsed = time.perf_counter() - started
    if process.returncode != 0:
        raise SystemExit("failed: %s\n%s" % (" ".join(command), process.stderr.decode(errors="replace")))
    peak = 0.0
    if report:
        with open(report) as handle:
            peak = int(handle.read().split()[-1]) / 1024.0
        os.unlink(report)
    return elapsed, peak


def median_of(runs, action):
    results = [action() for _ in range(runs)]
    return statistics.median(r[0] for r in results), max(r[1] for r in results)


def medians_in_turns(runs, actions):
    """The median of each action, run in rounds of one run each, so that a figure and the
    reference it is divided by see the same load (a shared machine drifts within minutes)."""
    results = [[] for _ in actions]
    for _ in range(runs):
        for index, action in enumerate(actions):
            results[index].append(action())
    return [(statistics.median(r[0] for r in runs_of), max(r[1] for r in runs_of)) for runs_of in results]


def generate(size):
    os.makedirs(WORK, exist_ok=True)
    path = os.path.join(WORK, "cal-%d.ics" % size)
    if not os.path.exists(path):
        subprocess.run([sys.executable, os.path.join(SHARED, "gen_calendar.py"), str(size), path], check=True,
                       stdout=subprocess.DEVNULL)
    vdir = os.path.join(WORK, "vdir-%d" % size)
    if not os.path.isdir(vdir):
        split_into_vdir(path, vdir)
    return path, vdir


def split_into_vdir(path, vdir):
    """One file per UID, each with the VTIMEZONEs of the calendar, as vdirsyncer keeps them."""
    text = open(path, encoding="utf-8", newline="").read()
    head, _, rest = text.partition("BEGIN:VEVENT\r\n")
    zones = "".join(part[part.index("BEGIN:VTIMEZONE"):] + "END:VTIMEZONE\r\n"
                    for part in head.split("END:VTIMEZONE\r\n") if "BEGIN:VTIMEZONE" in part)
    body = "BEGIN:VEVENT\r\n" + rest[:rest.rindex("END:VCALENDAR")]
    items = {}
    for block in body.split("END:VEVENT\r\n"):
        if "BEGIN:VEVENT" not in block:
            continue
        block = block[block.index("BEGIN:VEVENT"):] + "END:VEVENT\r\n"
        uid = block.split("\r\nUID:", 1)[1].split("\r\n", 1)[0]
        items.setdefault(uid, []).append(block)
    tmp = vdir + ".tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(tmp)
    for uid, blocks in items.items():
        name = "".join(c if c.isalnum() or c in "@._-" else "_" for c in uid) + ".ics"
        with open(os.path.join(tmp, name), "w", encoding="utf-8", newline="") as handle:
            handle.write("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//EN\r\n" + zones + "".join(blocks) + "END:VCALENDAR\r\n")
    os.rename(tmp, vdir)


def touch_one_event(calendar):
    """Changes one event's SUMMARY by a byte (same length) and moves the mtime on."""
    target = calendar
    if os.path.isdir(calendar):
        target = os.path.join(calendar, sorted(os.listdir(calendar))[len(os.listdir(calendar)) // 2])
    data = bytearray(open(target, "rb").read())
    at = data.index(b"SUMMARY:", len(data) // 2) + len("SUMMARY:")
    data[at] = ord("X") if data[at] != ord("X") else ord("Y")
    with open(target, "r+b") as handle:
        handle.write(data)
    now = time.time()
    os.utime(target, (now, now + 1))


def show_helpers(binary, calendar):
    """The environment, a home holding the benchmark invite and nothing else, and a timed
    `show` of that invite in a home."""
    env = dict(os.environ, TZ="UTC")
    payload = os.path.join(WORK, "invite.json")
    with open(payload, "w") as handle:
        json.dump(PAYLOAD, handle)

    def fresh_home():
        home = tempfile.mkdtemp(prefix="invites-bench-")
        subprocess.run([binary, "--home", home, "--calendar", calendar, "ingest", payload], check=True,
                       stdout=subprocess.DEVNULL, env=env)
        return home

    def show(home):
        return measure([binary, "--home", home, "--calendar", calendar, "--json", "show", "bench"], env=env)

    return env, fresh_home, show


def invites_rows(binary, calendar, runs, label):
    env, fresh_home, show = show_helpers(binary, calendar)
    homes = []

    def cold():
        home = fresh_home()
        homes.append(home)
        return show(home)

    rows = [(label, "invites cold", *median_of(runs, cold))]
    home = homes[-1]
    rows.append((label, "invites warm", *median_of(runs, lambda: show(home))))

    # One invite per run, each on a day of its own, so that every run misses the answers kept
    # for earlier days but finds the calendar's index.
    days = []
    for day in range(runs):
        other = dict(PAYLOAD, id="bench-day-%d" % day, start="2024-11-%02dT09:00:00Z" % (day + 4),
                     end="2024-11-%02dT10:00:00Z" % (day + 4))
        path = os.path.join(WORK, "invite-day-%d.json" % day)
        with open(path, "w") as handle:
            json.dump(other, handle)
        subprocess.run([binary, "--home", home, "--calendar", calendar, "ingest", path], check=True,
                       stdout=subprocess.DEVNULL, env=env)
        days.append(other["id"])

    def another_day():
        return measure([binary, "--home", home, "--calendar", calendar, "--json", "show", days.pop()], env=env)

    rows.append((label, "invites warm, another day", *median_of(runs, another_day)))

    def changed():
        touch_one_event(calendar)
        return show(home)

    rows.append((label, "invites 1 changed", *median_of(runs, changed)))
    status = [binary, "--home", home, "--calendar", calendar, "status"]
    rows.append((label, "invites status", *median_of(runs, lambda: measure(status, env=env))))
    # With an address of yours, status also looks for invitations a scheduling server put in the
    # calendar: the first look reads every file that names an ORGANIZER, later ones stat them.
    finding = [binary, "--home", home, "--calendar", calendar, "--me", "bench@example.org", "status"]
    rows.append((label, "invites status --me, first look", *measure(finding, env=env)))
    # Settled: the last step above set an mtime a second ahead, a stamp settles two whole
    # seconds after its last change, and whole seconds are compared, so 3.5 s left it unsettled
    # whenever the change fell in the first half of its second (the 0.06 s rows of earlier runs).
    time.sleep(4.5)
    measure(finding, env=env)
    rows.append((label, "invites status --me, nothing changed", *median_of(runs, lambda: measure(finding, env=env))))
    for extra in homes:
        shutil.rmtree(extra, ignore_errors=True)
    return rows


def vdir_floor_rows(program, vdir, runs, label):
    """Stat-ing every item (what a warm run must do) and reading every item (what a cold run
    must do), with nothing done with the results."""
    return [(label, "floor: %s every item" % action, *median_of(runs, lambda: measure([program, vdir, action])))
            for action in ("stat", "read")]


def floor_row(floor, calendar, runs, label):
    env = dict(os.environ, TZ="UTC")
    return (label, "libical floor", *median_of(runs, lambda: measure([floor, calendar, *WINDOW, "--list"], env=env)))


def venv():
    path = os.path.join(WORK, "venv")
    python = os.path.join(path, "bin", "python")
    if not os.path.exists(python):
        subprocess.run([sys.executable, "-m", "venv", path], check=True)
        subprocess.run([python, "-m", "pip", "install", "-q", "recurring-ical-events==3.8.2", "icalendar==7.3.2",
                        "khal==0.14.1"], check=True)
    return python


RIE = """
import sys, icalendar, recurring_ical_events
from datetime import datetime, timezone
cal = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
a = datetime(2024, 10, 28, 11, 30, tzinfo=timezone.utc); b = datetime(2024, 10, 28, 16, 30, tzinfo=timezone.utc)
print(len(list(recurring_ical_events.of(cal).between(a, b))))
"""


def other_rows(calendar, vdir, runs, label):
    python = venv()
    rows = [(label, "recurring-ical-events", *median_of(runs, lambda: measure([python, "-c", RIE, calendar])))]
    khal = os.path.join(os.path.dirname(python), "khal")
    config_dir = tempfile.mkdtemp(prefix="khal-bench-")
    config = os.path.join(config_dir, "config")
    with open(config, "w") as handle:
        handle.write("[calendars]\n[[bench]]\npath = %s\n[locale]\ntimeformat = %%H:%%M\ndateformat = %%Y-%%m-%%d\n"
                     "longdateformat = %%Y-%%m-%%d\ndatetimeformat = %%Y-%%m-%%d %%H:%%M\n"
                     "longdatetimeformat = %%Y-%%m-%%d %%H:%%M\n[sqlite]\npath = %s/khal.db\n" % (vdir, config_dir))
    env = dict(os.environ, TZ="UTC")
    command = [khal, "-c", config, "list", "2024-10-28 11:30", "2024-10-28 16:30"]
    rows.append((label, "khal first run", *measure(command, env=env)))
    rows.append((label, "khal warm", *median_of(runs, lambda: measure(command, env=env))))
    shutil.rmtree(config_dir, ignore_errors=True)
    return rows


def measure_bare(command, env=None, cwd=None, stdin=None):
    """Wall seconds of one whole process without GNU time around it, for the figures of a few
    milliseconds that its own start would blur. posix_spawn rather than subprocess: forking
    this Python process costs about a millisecond, which would be counted in every figure and
    shrink every ratio; the start-up table's `/bin/true` row shows what remains."""
    with tempfile.TemporaryFile() as given, tempfile.TemporaryFile() as errors, \
            open(os.devnull, "wb") as null:
        given.write(stdin or b"")
        given.seek(0)
        actions = [(os.POSIX_SPAWN_DUP2, given.fileno(), 0), (os.POSIX_SPAWN_DUP2, null.fileno(), 1),
                   (os.POSIX_SPAWN_DUP2, errors.fileno(), 2)]
        previous = os.getcwd()
        if cwd:
            os.chdir(cwd)
        try:
            started = time.perf_counter()
            pid = os.posix_spawnp(command[0], command, env if env is not None else os.environ,
                                  file_actions=actions)
            _, status = os.waitpid(pid, 0)
            elapsed = time.perf_counter() - started
        finally:
            os.chdir(previous)
        if os.waitstatus_to_exitcode(status) != 0:
            errors.seek(0)
            raise SystemExit("failed: %s\n%s" % (" ".join(command), errors.read().decode(errors="replace")))
    return elapsed, 0.0


def generate_maildir(size):
    """The Maildir of `size` messages, generated once; messages added by a run are removed
    after it, so every run starts from the same Maildir."""
    os.makedirs(WORK, exist_ok=True)
    maildir = os.path.join(WORK, "maildir-%d" % size)
    if not os.path.isdir(maildir):
        subprocess.run([sys.executable, os.path.join(ROOT, "bench", "gen_maildir.py"), str(size), maildir + ".tmp"],
                       check=True, stdout=subprocess.DEVNULL)
        os.rename(maildir + ".tmp", maildir)
    return maildir


def notmuch_config(maildir):
    """A notmuch configuration with a fresh database of its own outside the Maildir."""
    folder = tempfile.mkdtemp(prefix="notmuch-bench-")
    os.makedirs(os.path.join(folder, "db"))
    config = os.path.join(folder, "config")
    with open(config, "w") as handle:
        handle.write("[database]\npath=%s/db\nmail_root=%s\n[user]\nname=Me\nprimary_email=me@example.org\n"
                     "[new]\ntags=unread;inbox;\n[maildir]\nsynchronize_flags=true\n" % (folder, maildir))
    return folder, config


def maildir_rows(binary, program, size, runs):
    """`ingest --maildir` beside `notmuch new` on the same Maildir: first run, nothing changed,
    10 new messages; and the floors. Each row names its reference from the same run."""
    label = "%dk" % (size // 1000)
    maildir = generate_maildir(size)
    env = dict(os.environ, TZ="UTC")
    listing = median_of(runs, lambda: measure([program, maildir, "list"]))
    reading = median_of(runs, lambda: measure([program, maildir, "read"]))
    rows = [(label, "floor: list new/ and cur/", *listing, "", 0.0),
            (label, "floor: read every message", *reading, "", 0.0)]
    # The first run over 20,000 messages or more is long (notmuch indexes every word): once each.
    first_runs = runs if size < 20000 else 1
    homes, notmuchs = [], []

    # Each first run starts with the Maildir in the page cache (the floor reads it just before):
    # notmuch's first run writes a database larger than the Maildir, which evicts it.
    def invites_first():
        homes.append(tempfile.mkdtemp(prefix="invites-bench-"))
        measure([program, maildir, "read"])
        return measure([binary, "--home", homes[-1], "ingest", "--maildir", maildir], env=env)

    def notmuch_first():
        notmuchs.append(notmuch_config(maildir))
        measure([program, maildir, "read"])
        return measure(["notmuch", "--config", notmuchs[-1][1], "new", "--quiet"], env=env)

    notmuch = median_of(first_runs, notmuch_first)
    rows.append((label, "ingest --maildir, first run", *median_of(first_runs, invites_first), "notmuch new",
                 notmuch[0]))
    home, config = homes[-1], notmuchs[-1][1]
    invites_again = [binary, "--home", home, "ingest", "--maildir", maildir]
    notmuch_again = ["notmuch", "--config", config, "new", "--quiet"]
    # Past the clock tick of the last change and the two seconds after the store's last write,
    # as a pass a minute later would be: the pass before the timed ones leaves its note.
    time.sleep(2.1)
    measure(invites_again, env=env)
    measure(notmuch_again, env=env)
    # The same pass through the store, as where no note is left (calendars to look into first):
    # a home whose note cannot be written (a folder stands in its place).
    through = tempfile.mkdtemp(prefix="invites-bench-")
    # The store with its WAL, which holds what was committed since it was last copied back.
    for name in ("invites.sqlite3", "invites.sqlite3-wal"):
        if os.path.exists(os.path.join(home, name)):
            shutil.copy(os.path.join(home, name), through)
    os.mkdir(os.path.join(through, "maildir-shortcut"))
    homes.append(through)
    through_store = [binary, "--home", through, "ingest", "--maildir", maildir]
    measure(through_store, env=env)
    # A few milliseconds each: without GNU time around them, in turns, as the inbox group.
    unchanged, notmuch, bare_listing, unchanged_through = medians_in_turns(max(runs, 20), [
        lambda: measure_bare(invites_again, env=env), lambda: measure_bare(notmuch_again, env=env),
        lambda: measure_bare([program, maildir, "list"]), lambda: measure_bare(through_store, env=env)])
    rows.append((label, "ingest --maildir, nothing changed", *unchanged, "notmuch new", notmuch[0]))
    rows.append((label, "  the same, through the store", *unchanged_through, "notmuch new", notmuch[0]))
    rows.append((label, "  its floor: list new/ and cur/", *bare_listing, "notmuch new", notmuch[0]))
    added = []
    timings = {"invites": [], "notmuch": []}
    for run in range(runs):
        first = size + 1000 + run * 10
        subprocess.run([sys.executable, os.path.join(ROOT, "bench", "gen_maildir.py"), "10", maildir, "--first",
                        str(first)], check=True, stdout=subprocess.DEVNULL)
        added += [os.path.join(maildir, sub, name) for sub in ("new", "cur") for name in os.listdir(os.path.join(
            maildir, sub)) if ".M" in name and int(name.split("Q", 1)[1].split(".", 1)[0]) >= size]
        time.sleep(1.1)
        timings["invites"].append(measure(invites_again, env=env))
        timings["notmuch"].append(measure(notmuch_again, env=env))
    rows.append((label, "ingest --maildir, 10 new messages", statistics.median(t[0] for t in timings["invites"]),
                 max(t[1] for t in timings["invites"]), "notmuch new",
                 statistics.median(t[0] for t in timings["notmuch"])))
    for path in set(added):
        if os.path.exists(path):
            os.unlink(path)
    for extra in homes:
        shutil.rmtree(extra, ignore_errors=True)
    for folder, _ in notmuchs:
        shutil.rmtree(folder, ignore_errors=True)
    return rows


def past_invitation(index, year):
    return ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//inbox//EN\r\nMETHOD:REQUEST\r\nBEGIN:VEVENT\r\n"
            "UID:bench-inbox-%d@example.org\r\nDTSTAMP:20240101T000000Z\r\n"
            "DTSTART:%04d%02d%02dT%02d0000Z\r\nDTEND:%04d%02d%02dT%02d3000Z\r\nSUMMARY:Inbox benchmark %d\r\n"
            "ORGANIZER;CN=Organizer:mailto:organizer%d@example.com\r\n"
            "ATTENDEE;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:me@example.org\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
            % (index, year, 1 + index % 12, 1 + index % 28, 8 + index % 9, year, 1 + index % 12, 1 + index % 28,
               8 + index % 9, index, index % 40))


def inbox_home(binary, past):
    """A home whose inbox holds `past` unanswered invitations that are over and 3 to come."""
    home = tempfile.mkdtemp(prefix="invites-inbox-")
    folder = os.path.join(home, "requests")
    os.makedirs(folder)
    files = []
    for index in range(past + 3):
        year = 2019 + index % 5 if index < past else 2099
        path = os.path.join(folder, "%d.ics" % index)
        with open(path, "w", newline="") as handle:
            handle.write(past_invitation(index, year))
        files.append(path)
    for at in range(0, len(files), 1000):
        subprocess.run([binary, "--home", home, "ingest", *files[at:at + 1000]], check=True,
                       stdout=subprocess.DEVNULL)
    calendar = os.path.join(home, "calendar.ics")
    with open(calendar, "w", newline="") as handle:
        handle.write("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//EN\r\nEND:VCALENDAR\r\n")
    return home, calendar


def inbox_rows(binary, sizes, runs):
    """`status`, `list` and `review`'s first screen with few and many past invitations, beside
    `invites --version`, all in turns, so that the sizes and the reference see the same load."""
    env = dict(os.environ, TZ="UTC", TERM="dumb")
    homes = [(past, *inbox_home(binary, past)) for past in sizes]
    measured = [("", "invites --version", [binary, "--version"], None)]
    for past, home, calendar in homes:
        base = [binary, "--home", home, "--calendar", calendar]
        measured += [("%d past" % past, name, base + [command], stdin) for name, command, stdin in (
            ("status", "status", None), ("list", "list", None), ("review, first screen", "review", b"q\n"))]
    figures = medians_in_turns(max(runs, 20), [
        (lambda command=command, stdin=stdin: measure_bare(command, env=env, stdin=stdin))
        for _, _, command, stdin in measured])
    version = figures[0]
    rows = [("%s" % ", ".join("%d past" % past for past in sizes), "invites --version", *version, "", 0.0)]
    rows += [(label, name, *figure, "invites --version", version[0])
             for (label, name, _, _), figure in zip(measured[1:], figures[1:])]
    for _, home, _ in homes:
        shutil.rmtree(home, ignore_errors=True)
    return rows


STARTUP_PROGRAM = """
#if FULL
import Foundation
#else
import FoundationEssentials
#endif
print("floor " + String(Date.now.timeIntervalSince1970 > 0))
"""


def startup_rows(binary, runs):
    """`invites --version` and `status` beside Swift programs that only start, built in the same
    run with the same compiler: the reference, importing FoundationEssentials only as swiftc
    builds it by default (the Swift runtime in shared libraries); the same with the runtime
    inside the binary (-static-stdlib), as scripts/build-release builds invites on Linux; with
    Foundation; and with Foundation, linked (without calling them) against libical and SQLite as
    shared libraries, as invites loaded them at every start until scripts/build-release took in
    their archives: what loading them costs, to show where the start-up time goes."""
    source = os.path.join(WORK, "startup.swift")
    with open(source, "w") as handle:
        handle.write(STARTUP_PROGRAM)

    def libraries(*names):
        return ["-Xlinker", "--no-as-needed"] + ["-l" + name for name in names]

    variants = [("FoundationEssentials only", []),
                ("FoundationEssentials only, -static-stdlib", ["-static-stdlib"]),
                ("Foundation, -static-stdlib", ["-DFULL", "-static-stdlib"]),
                ("Foundation, -static-stdlib, linked with shared libical, SQLite",
                 ["-DFULL", "-static-stdlib"] + libraries("ical", "sqlite3"))]
    env = dict(os.environ, TZ="UTC")
    programs = []
    for index, (name, flags) in enumerate(variants):
        program = os.path.join(WORK, "startup-%d" % index)
        subprocess.run(["swiftc", "-O", *flags, "-o", program, source], check=True, cwd=WORK)
        programs.append(("Swift, " + name, [program]))
    home = tempfile.mkdtemp(prefix="invites-startup-")
    # An empty inbox that exists, as on every run but the first.
    subprocess.run([binary, "--home", home, "status"], check=True, env=env, stdout=subprocess.DEVNULL)
    programs += [("/bin/true (the harness itself)", ["true"]), ("invites --version", [binary, "--version"]),
                 ("invites status, empty inbox", [binary, "--home", home, "status"])]
    figures = medians_in_turns(max(runs, 40), [
        (lambda command=command: measure_bare(command, env=env)) for _, command in programs])
    shutil.rmtree(home, ignore_errors=True)
    rows = []
    for index, ((name, _), figure) in enumerate(zip(programs, figures)):
        compared = index > 0 and not name.startswith("/bin/true")
        rows.append(("start-up", name, *figure, "FoundationEssentials only" if compared else "",
                     figures[0][0] if compared else 0.0))
    return rows


def vdir_pair_rows(binary, program, vdir, runs, label):
    """A warm `show` against stat-ing every item and a cold one against reading every item, run
    in turns, so that both sides of each ratio see the same load on a shared machine. Each row
    is the median of its side; the ratio is of those medians."""
    _, fresh_home, show = show_helpers(binary, vdir)
    reading, cold, homes = [], [], []
    for _ in range(runs):
        homes.append(fresh_home())
        reading.append(measure([program, vdir, "read"]))
        cold.append(show(homes[-1]))
    home = homes[-1]
    time.sleep(3.5)  # past the settle time of the last change, so the answer is kept
    show(home)
    stating, warm = [], []
    for _ in range(runs):
        stating.append(measure([program, vdir, "stat"]))
        warm.append(show(home))
    for extra in homes:
        shutil.rmtree(extra, ignore_errors=True)

    def median(pairs):
        return statistics.median(p[0] for p in pairs), max(p[1] for p in pairs)

    return [(label, "floor: stat every item", *median(stating), "", 0.0),
            (label, "invites warm", *median(warm), "floor: stat every item", median(stating)[0]),
            (label, "floor: read every item", *median(reading), "", 0.0),
            (label, "invites cold", *median(cold), "floor: read every item", median(reading)[0])]


def attended(size):
    """The generated calendar with you (ME) as an attendee of every fifth UID, master and
    overrides, your ATTENDEE line folded at 75 octets as servers write it: accepted, but for one
    UID in 500 still waiting. As a single file and as a vdir."""
    import zlib
    path, _ = generate(size)
    out = os.path.join(WORK, "attended-%d.ics" % size)
    vdir = os.path.join(WORK, "vdir-attended-%d" % size)
    if not os.path.exists(out):
        lines = open(path, encoding="utf-8", newline="").read().split("\r\n")
        result = []
        for line in lines:
            result.append(line)
            if line.startswith("UID:"):
                uid = line[4:]
                mark = zlib.crc32(uid.encode())
                if mark % 5 == 0:
                    partstat = "NEEDS-ACTION" if mark % 500 == 0 else "ACCEPTED"
                    attendee = ("ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=%s;CN=Bench Me;"
                                "X-NUM-GUESTS=0:mailto:%s" % (partstat, ME)).encode()
                    parts = [attendee[:75]] + [attendee[at:at + 74] for at in range(75, len(attendee), 74)]
                    result.append("\r\n ".join(part.decode() for part in parts))
        with open(out + ".tmp", "w", encoding="utf-8", newline="") as handle:
            handle.write("\r\n".join(result))
        os.rename(out + ".tmp", out)
    if not os.path.isdir(vdir):
        split_into_vdir(out, vdir)
    return out, vdir


def store_megabytes(home):
    """The stores' files with their WALs, which keep what was committed until they pass 4 MiB."""
    return sum(os.path.getsize(os.path.join(home, name)) for name in os.listdir(home)
               if name.endswith(".sqlite3") or name.endswith(".sqlite3-wal")) / 1e6


def attend_rows(binary, program, size, runs):
    """`status --me` with an address that attends a fifth of the calendar (issue 40), each figure
    in turns with its reference so that both see the same load."""
    calendar, vdir = attended(size)
    env = dict(os.environ, TZ="UTC")
    label = "%dk" % (size // 1000)
    _, cold_home, show = show_helpers(binary, calendar)
    homes = []

    def new_home():
        homes.append(tempfile.mkdtemp(prefix="invites-attend-"))
        return homes[-1]

    def status(home, source, me=True):
        return [binary, "--home", home, "--calendar", source] + (["--me", ME] if me else []) + ["status"]

    rows = []
    # The single file: the first look beside a cold `show`, then the second run beside `status`
    # without an address, all in turns.
    file_homes = []

    def first_file():
        file_homes.append(new_home())
        return measure(status(file_homes[-1], calendar), env=env)

    def cold_show():
        home = cold_home()
        homes.append(home)
        return show(home)

    first, cold = medians_in_turns(runs, [first_file, cold_show])
    second_homes = list(file_homes)

    def second_file():
        return measure(status(second_homes.pop(), calendar), env=env)

    def without():
        return measure(status(file_homes[-1], calendar, me=False), env=env)

    second, bare = medians_in_turns(runs, [second_file, without])
    rows += [(label + " file", "status --me, first look", *first, "cold show", cold[0]),
             (label + " file", "status --me, second run", *second, "status without --me", bare[0]),
             (label + " file", "the home after the first look: %.1f MB" % store_megabytes(file_homes[-1]), None, 0.0,
              "", 0.0)]

    # The vdir: the first look beside reading every item.
    vdir_homes = []

    def first_vdir():
        vdir_homes.append(new_home())
        return measure(status(vdir_homes[-1], vdir), env=env)

    reading, first = medians_in_turns(runs, [lambda: measure([program, vdir, "read"]), first_vdir])
    rows += [(label + " vdir", "status --me, first look", *first, "floor: read every item", reading[0]),
             (label + " vdir", "the home after the first look: %.1f MB" % store_megabytes(vdir_homes[-1]), None, 0.0,
              "", 0.0)]

    # After a sync: the look settled first, then each change written under a temporary name and
    # renamed in (or the item removed), looked at at once.
    home = vdir_homes[-1]
    time.sleep(2.5)
    measure(status(home, vdir), env=env)
    names = sorted(name for name in os.listdir(vdir) if name.endswith(".ics"))
    # What a server places: an invitation to come, waiting for you.
    template = ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//EN\r\nBEGIN:VEVENT\r\nUID:bench\r\n"
                "DTSTAMP:20260101T000000Z\r\nDTSTART:20990105T090000Z\r\nDTEND:20990105T100000Z\r\n"
                "SUMMARY:Placed by the server\r\nORGANIZER:mailto:boss@example.com\r\n"
                "ATTENDEE;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:%s\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n" % ME)
    placed, removed, replaced = [], [], {}
    counter = [0]

    def rename_in(name, text):
        temporary = os.path.join(vdir, ".%s.tmp" % name)
        with open(temporary, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
        os.rename(temporary, os.path.join(vdir, name))

    def place():
        counter[0] += 1
        name = "bench-placed-%d.ics" % counter[0]
        rename_in(name, template.replace("UID:", "UID:placed-%d-" % counter[0]))
        placed.append(name)
        return measure(status(home, vdir), env=env)

    def replace():
        counter[0] += 1
        name = names[len(names) // 3 + counter[0]]
        text = open(os.path.join(vdir, name), encoding="utf-8", newline="").read()
        replaced.setdefault(name, text)
        rename_in(name, text.replace("SEQUENCE:", "X-BENCH:%d\r\nSEQUENCE:" % counter[0], 1))
        return measure(status(home, vdir), env=env)

    def remove():
        counter[0] += 1
        name = names[2 * len(names) // 3 + counter[0]]
        removed.append((name, open(os.path.join(vdir, name), encoding="utf-8", newline="").read()))
        os.unlink(os.path.join(vdir, name))
        return measure(status(home, vdir), env=env)

    stat_floor = lambda: measure([program, vdir, "stat"])
    list_floor = lambda: measure([program, vdir, "list"])
    try:
        after_place, after_replace, after_remove, stating, listing = medians_in_turns(
            runs, [place, replace, remove, stat_floor, list_floor])
    finally:
        for name in placed:
            os.unlink(os.path.join(vdir, name))
        for name, text in list(replaced.items()) + removed:
            rename_in(name, text)
    rows += [(label + " vdir", "floor: stat every item", *stating, "", 0.0),
             (label + " vdir", "floor: list the folder", *listing, "", 0.0)]
    for what, figure in (("placed", after_place), ("replaced", after_replace), ("removed", after_remove)):
        rows += [(label + " vdir", "status --me, after a sync %s one item" % what, *figure,
                  "floor: stat every item", stating[0]),
                 (label + " vdir", "  the same", *figure, "floor: list the folder", listing[0])]
    for extra in homes:
        shutil.rmtree(extra, ignore_errors=True)
    return rows


def watch_group(args, binary):
    """`watch` on the largest attended vdir (issue 40, point 3), on a private session bus: this
    script again under dbus-run-session, with a bus of its own that starts nothing (made by
    Tests/Scripts/private-bus.sh, as for Tests/Scripts/watch.sh), so that a notification daemon of
    the machine plays no part."""
    if not shutil.which("dbus-run-session") or subprocess.run(
            ["/usr/bin/python3", "-c", "import dbusmock"], stderr=subprocess.DEVNULL).returncode != 0:
        raise SystemExit("bench: the watch group needs dbus-run-session and python3-dbusmock "
                         "(apt-get install dbus python3-dbusmock)")
    program = os.path.join(WORK, "vdir_floor")
    subprocess.run(["cc", "-O2", "-pthread", "-o", program, os.path.join(ROOT, "bench", "vdir_floor.c")], check=True)
    size = max(int(s) for s in args.sizes.split(","))
    attended(size)
    bus_dir = tempfile.mkdtemp(prefix="invites-bench-bus-")
    # The bus Tests/Scripts/watch.sh runs on, made by the same script.
    subprocess.run(["bash", os.path.join(ROOT, "Tests", "Scripts", "private-bus.sh"), bus_dir], check=True)
    config, daemon = os.path.join(bus_dir, "session.conf"), os.path.join(bus_dir, "dbus-daemon")
    out = os.path.join(bus_dir, "rows.json")
    try:
        subprocess.run(["dbus-run-session", "--config-file=" + config, "--dbus-daemon=" + daemon, "--",
                        sys.executable, os.path.abspath(__file__), "--watch-session", out, "--sizes", str(size),
                        "--runs", str(args.runs)], check=True, env=dict(os.environ, INVITES_BENCH_BINARY=binary))
        with open(out) as handle:
            return reference_table([tuple(row) for row in json.load(handle)], "calendar")
    finally:
        shutil.rmtree(bus_dir, ignore_errors=True)


def busy_slot(calendar):
    """An event of the calendar to collide with: the first single, opaque, confirmed event in UTC
    that starts more than two days from now and does not name you (None when the generated
    calendar has none left: it ends with 2026)."""
    soon = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime(time.time() + 2 * 86400))
    text = open(calendar, encoding="utf-8", newline="").read().replace("\r\n ", "")
    best = None
    for block in text.split("BEGIN:VEVENT\r\n")[1:]:
        block = block.split("END:VEVENT\r\n", 1)[0]
        fields = dict(line.split(":", 1) for line in block.split("\r\n")
                      if ":" in line and ";" not in line.split(":")[0])
        start, end = fields.get("DTSTART", ""), fields.get("DTEND", "")
        if (not start.endswith("Z") or not end.endswith("Z") or start <= soon or "RRULE" in fields
                or "RECURRENCE-ID" in block or fields.get("STATUS") != "CONFIRMED"
                or fields.get("TRANSP") != "OPAQUE" or ME in block):
            continue
        if best is None or start < best[0]:
            best = (start, end, fields.get("SUMMARY", "").replace("\\,", ",").replace("\\;", ";"))
    return best


def notify_calls(log):
    """The Notify calls in dbusmock's log: (the time the mock received it, the logged arguments).
    The mock writes each call unbuffered with time.time() to the millisecond; a body's newlines
    are written as they are, so an entry runs to the next stamped line."""
    text = open(log, encoding="utf-8", errors="replace").read()
    entries = re.split(r"(?m)^(?=\d+\.\d{3} )", text)
    calls = []
    for entry in entries:
        stamp, _, rest = entry.partition(" ")
        if rest.startswith("Notify "):
            calls.append((float(stamp), rest))
    return calls


def wait_for_call(log, marker, since, timeout=60.0):
    deadline = time.time() + timeout
    while time.time() < deadline:
        for stamp, call in notify_calls(log):
            if marker in call and stamp >= since - 0.001:
                return stamp, call
        time.sleep(0.01)
    return None


def cpu_ticks(pid):
    with open("/proc/%d/stat" % pid) as handle:
        fields = handle.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def wait_idle(pid, quiet=1.0, timeout=600.0):
    """Until the process has used no CPU for `quiet` seconds: its look done, its notifications sent."""
    deadline = time.time() + timeout
    last, since = cpu_ticks(pid), time.time()
    while time.time() < deadline:
        time.sleep(0.1)
        now = cpu_ticks(pid)
        if now != last:
            last, since = now, time.time()
        elif time.time() - since >= quiet:
            return
    raise SystemExit("bench: watch did not come to rest in %.0f s" % timeout)


def nearest_rank(values, fraction):
    """The percentile as one of the values measured: the smallest with `fraction` of them at or below it."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)]


def busy_item(slot, uid):
    return ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//EN\r\nBEGIN:VEVENT\r\nUID:%s\r\n"
            "DTSTAMP:20260101T000000Z\r\nDTSTART:%s\r\nDTEND:%s\r\nSUMMARY:%s\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
            % (uid, slot[0], slot[1], slot[2].replace(",", "\\,").replace(";", "\\;")))


def rename_into(folder, name, text):
    """Written under a temporary name beside it, then renamed in (as mbsync and vdirsyncer do);
    returns the time of the rename."""
    temporary = os.path.join(folder, ".%s.tmp" % name)
    with open(temporary, "w", encoding="utf-8", newline="") as handle:
        handle.write(text)
    renamed = time.time()
    os.rename(temporary, os.path.join(folder, name))
    return renamed


def watch_session_rows(binary, size, runs):
    """Inside the private bus: dbusmock's notification daemon logging each call with its time,
    and two `invites watch --maildir`, each with a fresh home and a Maildir of its own: one on the
    attended vdir, one on a vdir of one item (the event the invitations collide with), at rest
    after their first look. Then, in turns and each watch at rest, invitations mailed (written in
    tmp/, renamed into new/) at the time of that event, and invitations a sync placed in the vdir
    (a temporary name, renamed in), each timed from the rename to the Notify call that names it,
    the latter in turns with stat-ing every item of the large vdir (bench/vdir_floor.c)."""
    calendar, vdir = attended(size)
    load = os.getloadavg()[0]
    program = os.path.join(WORK, "vdir_floor")
    label = "%dk vdir" % (size // 1000)
    work = tempfile.mkdtemp(prefix="invites-bench-watch-")
    log = os.path.join(work, "mock.log")
    config = os.path.join(work, "config")
    open(config, "w").close()
    env = dict(os.environ, TZ="UTC")
    started, placed = [], []
    own_busy = None
    try:
        started.append(subprocess.Popen(
            ["/usr/bin/python3", "-m", "dbusmock", "--session", "-t", "notification_daemon", "-p",
             '{"capabilities": "body actions"}', "-l", log], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        for _ in range(100):
            owner = subprocess.run(["gdbus", "call", "--session", "-d", "org.freedesktop.DBus", "-o",
                                    "/org/freedesktop/DBus", "-m", "org.freedesktop.DBus.NameHasOwner",
                                    "org.freedesktop.Notifications"], capture_output=True, text=True).stdout
            if "true" in owner:
                break
            time.sleep(0.1)
        else:
            raise SystemExit("bench: the mock notification server did not start")
        slot = busy_slot(calendar)
        if slot is None:
            # The generated calendar is over: an event of the bench's own, renamed in as a sync would.
            slot = ("20990201T090000Z", "20990201T100000Z", "Bench busy")
            own_busy = os.path.join(vdir, "bench-watch-busy.ics")
            rename_into(vdir, "bench-watch-busy.ics", busy_item(slot, "bench-watch-busy"))
        small = os.path.join(work, "one-item")
        os.mkdir(small)
        rename_into(small, "busy.ics", busy_item(slot, "bench-watch-busy"))

        def start(name, folder):
            """A watch on FOLDER with a home and Maildir of its own, at rest: (process, Maildir,
            its standard error, seconds to rest after its start)."""
            maildir = os.path.join(work, name, "md")
            for sub in ("new", "cur", "tmp"):
                os.makedirs(os.path.join(maildir, sub))
            errors = os.path.join(work, name, "watch.err")
            began = time.time()
            with open(errors, "w") as error_file:
                process = subprocess.Popen(
                    [binary, "--home", os.path.join(work, name, "home"), "--calendar", folder, "--tz", "UTC",
                     "--me", ME, "--config", config, "watch", "--maildir", maildir, "--verbose"],
                    stdout=subprocess.DEVNULL, stderr=error_file, env=env)
            started.append(process)
            wait_idle(process.pid)
            if process.poll() is not None:
                raise SystemExit("bench: watch ended: %s" % open(errors).read())
            return process, maildir, errors, time.time() - began - 1.0

        large, one = start("large", vdir), start("one", small)
        stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
        counter = [0]

        def told(watch, marker, renamed, what):
            found = wait_for_call(log, '"%s"' % marker, renamed)
            if found is None:
                raise SystemExit("bench: no notification of %s: %s" % (what, open(watch[2]).read()[-2000:]))
            wait_idle(watch[0].pid, quiet=0.5)
            return found

        def mail(watch):
            counter[0] += 1
            index, uid = counter[0], "bench-watch-%d-%s@example.org" % (counter[0], stamp)
            text = ("From: Ann <ann@example.org>\r\nTo: %s\r\nSubject: Invitation: Bench watch %d\r\n"
                    "Message-ID: <%s>\r\nMIME-Version: 1.0\r\n"
                    "Content-Type: text/calendar; method=REQUEST; charset=UTF-8\r\n\r\n"
                    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//EN\r\nMETHOD:REQUEST\r\nBEGIN:VEVENT\r\n"
                    "UID:%s\r\nDTSTAMP:%s\r\nDTSTART:%s\r\nDTEND:%s\r\nSUMMARY:Bench watch %d\r\n"
                    "ORGANIZER;CN=Ann:mailto:ann@example.org\r\n"
                    "ATTENDEE;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:%s\r\nSEQUENCE:0\r\nEND:VEVENT\r\n"
                    "END:VCALENDAR\r\n" % (ME, index, uid, uid, stamp, slot[0], slot[1], index, ME))
            name = "%d.M%dP%d.bench" % (int(time.time()), index, os.getpid())
            with open(os.path.join(watch[1], "tmp", name), "w", encoding="utf-8", newline="") as handle:
                handle.write(text)
            renamed = time.time()
            os.rename(os.path.join(watch[1], "tmp", name), os.path.join(watch[1], "new", name))
            stamped, call = told(watch, "Bench watch %d" % index, renamed, "mail %d" % index)
            if "conflicts with" not in call:
                raise SystemExit("bench: the notification of mail %d names no conflict: %s" % (index, call))
            more = re.search(r", (\d+) more\"", call)
            return stamped - renamed, str(3 + int(more.group(1))) if more else "1 to 3"

        def sync(watch, folder):
            counter[0] += 1
            index, name = counter[0], "bench-watch-placed-%d.ics" % counter[0]
            text = ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//EN\r\nBEGIN:VEVENT\r\n"
                    "UID:bench-watch-placed-%d\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20990105T090000Z\r\n"
                    "DTEND:20990105T100000Z\r\nSUMMARY:Placed by the server %d\r\n"
                    "ORGANIZER:mailto:boss@example.com\r\nATTENDEE;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:%s\r\n"
                    "END:VEVENT\r\nEND:VCALENDAR\r\n" % (index, index, ME))
            placed.append(os.path.join(folder, name))
            renamed = rename_into(folder, name, text)
            return told(watch, "Placed by the server %d" % index, renamed, "placed item %d" % index)[0] - renamed

        mails, one_mails, named = [], [], set()
        for _ in range(6 * runs):
            seconds, conflicts = mail(large)
            mails.append(seconds)
            named.add(conflicts)
            one_mails.append(mail(one)[0])
        syncs, one_syncs, stating = [], [], []
        for _ in range(4 * runs):
            stating.append(measure([program, vdir, "stat"])[0])
            syncs.append(sync(large, vdir))
            one_syncs.append(sync(one, small))
        with open("/proc/%d/status" % large[0].pid) as handle:
            peak = int([line for line in handle if line.startswith("VmHWM:")][0].split()[1]) / 1024.0
        floor, small_label = statistics.median(stating), "1-item vdir"
        rows = [("machine", "load average (1 min): %.2f at the start, %.2f at the end" % (load, os.getloadavg()[0]),
                 None, 0.0, "", 0.0),
                (label, "watch at rest after its first look, fresh home: %.1f s" % large[3], None, 0.0, "", 0.0),
                (label, "mails for %s, over %s: each body names %s conflicts"
                 % (slot[0], slot[2], " or ".join(sorted(named))), None, 0.0, "", 0.0)]
        for what, figures, references in (("mail renamed into new/", mails, one_mails),
                                          ("a sync placed one item", syncs, one_syncs)):
            middle, high = statistics.median(figures), nearest_rank(figures, 0.95)
            one_middle, one_high = statistics.median(references), nearest_rank(references, 0.95)
            rows += [(small_label, "watch: %s, rename to Notify, median of %d" % (what, len(references)), one_middle,
                      0.0, "", 0.0),
                     (small_label, "  the same, 95th percentile", one_high, 0.0, "", 0.0)]
            if figures is syncs:
                rows.append((label, "floor: stat every item (in turns with the syncs)", floor, 0.0, "", 0.0))
            rows += [(label, "watch: %s, rename to Notify, median of %d" % (what, len(figures)), middle, peak,
                      "1-item vdir, median", one_middle),
                     (label, "  the same, 95th percentile", high, peak, "1-item vdir, 95th", one_high),
                     (label, "  the same, slowest", max(figures), peak, "", 0.0)]
            if figures is syncs:
                rows += [(label, "  the same, median", middle, peak, "floor: stat every item", floor),
                         (label, "  the same, median, less the 1-item vdir's", middle - one_middle, None,
                          "floor: stat every item", floor)]
        return rows
    finally:
        for process in reversed(started):
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
        for path in placed + ([own_busy] if own_busy else []):
            if os.path.exists(path):
                os.unlink(path)
        shutil.rmtree(work, ignore_errors=True)


def reference_table(rows, first_column):
    """Rows of (label, what, seconds, peak MB, reference, reference seconds) as a table whose
    last column is this figure over its reference's from the same run."""
    lines = ["| %s | what | median s | peak MB | reference (same run) | reference s | this / reference |"
             % first_column, "|---|---|---:|---:|---|---:|---:|"]
    for label, what, seconds, memory, reference, reference_seconds in rows:
        ratio = "%.2fx" % (seconds / reference_seconds) if reference and reference_seconds and seconds else ""
        lines.append("| %s | %s | %s | %s | %s | %s | %s |" % (
            label, what, "%.4f" % seconds if seconds is not None else "", "%.0f" % memory if memory else "", reference,
            "%.4f" % reference_seconds if reference else "", ratio))
    return lines


def calendar_table(rows):
    floors = {row[0].split()[0]: row[2] for row in rows if row[1] == "libical floor"}
    lines = ["| calendar | tool | median s | peak MB | floor / this |", "|---|---|---:|---:|---:|"]
    for label, tool, seconds, memory in rows:
        floor_seconds = floors.get(label.split()[0])
        ratio = "%.1fx" % (floor_seconds / seconds) if floor_seconds and seconds else ""
        lines.append("| %s | %s | %.3f | %.0f | %s |" % (label, tool, seconds, memory, ratio))
    return lines


def write_markdown(path, group, text):
    """Replaces the group's table between its markers; the prose around the markers is kept. A
    group without markers yet gets them at the end."""
    begin = "<!-- bench/run.py writes the %s table below -->" % group
    end = "<!-- end of the %s table -->" % group
    document = open(path).read() if os.path.exists(path) else ""
    if begin in document and end in document:
        head, rest = document.split(begin, 1)
        tail = rest.split(end, 1)[1]
    else:
        head, tail = document.rstrip("\n") + "\n\n", "\n"
    with open(path, "w") as handle:
        handle.write(head + begin + "\n\n" + text + "\n\n" + end + tail)


def calendar_group(args, binary):
    floor = os.path.join(WORK, "floor")
    subprocess.run(["cc", "-O2", "-o", floor, os.path.join(SHARED, "libical_floor.c"), "-lical"], check=True)
    vdir_floor = os.path.join(WORK, "vdir_floor")
    subprocess.run(["cc", "-O2", "-pthread", "-o", vdir_floor, os.path.join(ROOT, "bench", "vdir_floor.c")], check=True)
    others = {int(s) for s in args.others.split(",") if s}
    rows = []
    for size in (int(s) for s in args.sizes.split(",")):
        calendar, vdir = generate(size)
        rows.append(floor_row(floor, calendar, args.runs, "%dk file" % (size // 1000)))
        rows += invites_rows(binary, calendar, args.runs, "%dk file" % (size // 1000))
        rows += vdir_floor_rows(vdir_floor, vdir, args.runs, "%dk vdir" % (size // 1000))
        rows += invites_rows(binary, vdir, args.runs, "%dk vdir" % (size // 1000))
        if size in others:
            rows += other_rows(calendar, vdir, max(1, min(args.runs, 3)), "%dk" % (size // 1000))
    return calendar_table(rows)


def maildir_group(args, binary):
    if not shutil.which("notmuch"):
        raise SystemExit("bench: the maildir group needs notmuch beside it (apt-get install -y notmuch)")
    program = os.path.join(WORK, "maildir_floor")
    subprocess.run(["cc", "-O2", "-pthread", "-o", program, os.path.join(ROOT, "bench", "maildir_floor.c")],
                   check=True)
    rows = []
    for size in (int(s) for s in args.maildir_sizes.split(",")):
        rows += maildir_rows(binary, program, size, args.runs)
    return reference_table(rows, "Maildir")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--only", default=",".join(GROUPS), help="groups to run: " + ", ".join(GROUPS))
    parser.add_argument("--quick", action="store_true",
                        help="small sizes and 3 runs, for a check that fits in a few minutes")
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--maildir-sizes", default="20000,100000")
    parser.add_argument("--inbox-sizes", default="5,5000")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--others", default="1000,10000", help="sizes to also run recurring-ical-events and khal on")
    parser.add_argument("--markdown", help="also write the tables to this file")
    parser.add_argument("--watch-session", help=argparse.SUPPRESS)  # the watch group, inside its private bus
    args = parser.parse_args()
    if args.watch_session:
        rows = watch_session_rows(os.environ["INVITES_BENCH_BINARY"], max(int(s) for s in args.sizes.split(",")),
                                  args.runs)
        with open(args.watch_session, "w") as handle:
            json.dump(rows, handle)
        return
    if args.quick:
        args.sizes, args.maildir_sizes, args.inbox_sizes, args.runs, args.others = "1000,10000", "2000", "5,500", 3, ""
    groups = [g for g in args.only.split(",") if g]
    unknown = [g for g in groups if g not in GROUPS]
    if unknown:
        raise SystemExit("bench: no group %s; the groups are %s" % (", ".join(unknown), ", ".join(GROUPS)))
    if "calendar" in groups and not os.path.isdir(SHARED):
        raise SystemExit("bench: needs ../shared/bench (gen_calendar.py and libical_floor.c)")
    binary = subprocess.run([os.path.join(ROOT, "scripts", "build-release")], check=True, capture_output=True,
                            text=True).stdout.strip()
    os.makedirs(WORK, exist_ok=True)
    header = "Machine: %s, %d cores, Python %s; %s; runs per figure: %d" % (
        platform.platform(), os.cpu_count() or 0, platform.python_version(), time.strftime("%Y-%m-%d"), args.runs)
    print(header)
    for group in groups:
        if group == "calendar":
            lines = calendar_group(args, binary)
        elif group == "vdir":
            program = os.path.join(WORK, "vdir_floor")
            subprocess.run(["cc", "-O2", "-pthread", "-o", program, os.path.join(ROOT, "bench", "vdir_floor.c")],
                           check=True)
            size = max(int(s) for s in args.sizes.split(","))
            lines = reference_table(vdir_pair_rows(binary, program, generate(size)[1], args.runs,
                                                   "%dk vdir" % (size // 1000)), "calendar")
        elif group == "attend":
            program = os.path.join(WORK, "vdir_floor")
            subprocess.run(["cc", "-O2", "-pthread", "-o", program, os.path.join(ROOT, "bench", "vdir_floor.c")],
                           check=True)
            size = max(int(s) for s in args.sizes.split(","))
            lines = reference_table(attend_rows(binary, program, size, args.runs), "calendar")
        elif group == "watch":
            lines = watch_group(args, binary)
        elif group == "maildir":
            lines = maildir_group(args, binary)
        elif group == "inbox":
            lines = reference_table(inbox_rows(binary, [int(s) for s in args.inbox_sizes.split(",")], args.runs),
                                    "inbox")
        else:
            lines = reference_table(startup_rows(binary, args.runs), "program")
        text = header + "\n\n" + "\n".join(lines)
        print("\n" + group + "\n" + "\n".join(lines))
        if args.markdown:
            write_markdown(args.markdown, group, text)


if __name__ == "__main__":
    main()
