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

Usage: bench/run.py [--sizes 1000,10000,100000] [--runs 5] [--others SIZES] [--markdown FILE]
"""
import argparse
import json
import os
import platform
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
TABLE_MARKER = "<!-- bench/run.py writes the table below -->"
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


def invites_rows(binary, calendar, runs, label):
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
    time.sleep(3.5)  # past the clock tick after the last change (one step above set an mtime a second ahead)
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


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--others", default="1000,10000", help="sizes to also run recurring-ical-events and khal on")
    parser.add_argument("--markdown", help="also write the table to this file")
    args = parser.parse_args()
    if not os.path.isdir(SHARED):
        raise SystemExit("bench: needs ../shared/bench (gen_calendar.py and libical_floor.c)")
    subprocess.run(["swift", "build", "-c", "release", "--product", "invites"], check=True, cwd=ROOT,
                   stdout=subprocess.DEVNULL)
    binary = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], check=True, cwd=ROOT,
                            capture_output=True, text=True).stdout.strip() + "/invites"
    floor = os.path.join(WORK, "floor")
    os.makedirs(WORK, exist_ok=True)
    subprocess.run(["cc", "-O2", "-o", floor, os.path.join(SHARED, "libical_floor.c"), "-lical"], check=True)
    vdir_floor = os.path.join(WORK, "vdir_floor")
    subprocess.run(["cc", "-O2", "-pthread", "-o", vdir_floor, os.path.join(ROOT, "bench", "vdir_floor.c")], check=True)
    others = {int(s) for s in args.others.split(",") if s}
    rows = []
    for size in (int(s) for s in args.sizes.split(",")):
        calendar, vdir = generate(size)
        base = floor_row(floor, calendar, args.runs, "%dk file" % (size // 1000))
        rows.append(base)
        rows += invites_rows(binary, calendar, args.runs, "%dk file" % (size // 1000))
        rows += vdir_floor_rows(vdir_floor, vdir, args.runs, "%dk vdir" % (size // 1000))
        rows += invites_rows(binary, vdir, args.runs, "%dk vdir" % (size // 1000))
        if size in others:
            rows += other_rows(calendar, vdir, max(1, min(args.runs, 3)), "%dk" % (size // 1000))
    floors = {row[0].split()[0]: row[2] for row in rows if row[1] == "libical floor"}
    lines = ["| calendar | tool | median s | peak MB | floor / this |", "|---|---|---:|---:|---:|"]
    for label, tool, seconds, memory in rows:
        floor_seconds = floors.get(label.split()[0])
        ratio = "%.1fx" % (floor_seconds / seconds) if floor_seconds and seconds else ""
        lines.append("| %s | %s | %.3f | %.0f | %s |" % (label, tool, seconds, memory, ratio))
    header = "Machine: %s, %d cores, Python %s; %s; runs per figure: %d" % (
        platform.platform(), os.cpu_count() or 0, platform.python_version(), time.strftime("%Y-%m-%d"), args.runs)
    print(header)
    print("\n".join(lines))
    if args.markdown:
        # The prose above the marker is kept; the table below it is this run's.
        kept = ""
        if os.path.exists(args.markdown):
            text = open(args.markdown).read()
            if TABLE_MARKER in text:
                kept = text[:text.index(TABLE_MARKER) + len(TABLE_MARKER)] + "\n\n"
        with open(args.markdown, "w") as handle:
            handle.write(kept + header + "\n\n" + "\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
