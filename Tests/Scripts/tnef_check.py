"""Cross-checks what invites reads from winmail.dat (TNEF) files with two independent readers:
PyPI's tnefparse, and Debian's ytnef (`ytnef -f DIR FILE` writes the meeting as iCalendar),
whose output python icalendar reads. Run by Tests/Scripts/tnef.sh.

    python tnef_check.py streams INVITES FIXTURE_DIR [YTNEF]   the spec-built streams
    python tnef_check.py classes INVITES FILE...              any TNEF: the class invites names
"""
import datetime
import itertools
import json
import os
import subprocess
import sys
import tempfile
import uuid
import zoneinfo

import dateutil.rrule

import icalendar
from tnefparse import TNEF

MEETING = uuid.UUID("6ed8da90-450b-101b-98da-00aa003f1305")
APPOINTMENT = uuid.UUID("00062002-0000-0000-c000-000000000046")
failures = []


def named(tnef, guid, lid):
    for prop in tnef.mapiprops:
        if prop.guid == guid and prop.guid_prop == lid:
            return prop
    return None


def message_classes(tnef):
    """The class as attMessageClass has it and as PidTagMessageClass does (either may be missing)."""
    found = [obj.data for obj in tnef.objects if obj.name == TNEF.ATTMESSAGECLASS & 0xFFFF]
    found += [prop.data for prop in tnef.mapiprops if prop.guid == "" and prop.name == 0x001A]
    return [klass for klass in found if klass]


def exchange_uid(goid):
    return (goid[:16] + b"\0\0\0\0" + goid[20:]).hex().upper()


def invites(binary, home, *args):
    return subprocess.run([binary, "--home", home, "--tz", "UTC", *args], capture_output=True, text=True)


def utc(value):
    if isinstance(value, datetime.datetime):
        return value.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    return value.isoformat()


def rule_parts(rule):
    """An RRULE's parts, without what only restates the default (INTERVAL=1, WKST=MO) and
    without its end (UNTIL or COUNT, compared by the days they give)."""
    parts = dict(part.split("=", 1) for part in rule.split(";"))
    if parts.get("INTERVAL") == "1":
        del parts["INTERVAL"]
    if parts.get("WKST") == "MO":
        del parts["WKST"]
    parts.pop("UNTIL", None)
    parts.pop("COUNT", None)
    return parts


def days(rule, start):
    """The days (where the series starts) of a rule's first 1,000 instances."""
    dates = itertools.islice(dateutil.rrule.rrulestr(rule, dtstart=start), 1000)
    return [moment.astimezone(start.tzinfo).date().isoformat() for moment in dates]


def check(name, what, mine, theirs):
    if mine != theirs:
        failures.append("%s: %s: invites %r, the other reader %r" % (name, what, mine, theirs))


def streams(binary, folder, ytnef):
    checked = 0
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".dat"):
            continue
        path = os.path.join(folder, name)
        with open(path, "rb") as handle:
            tnef = TNEF(handle.read())
        klass = message_classes(tnef)[0]
        home = tempfile.mkdtemp()
        ran = invites(binary, home, "--json", "ingest", path)
        if not klass.startswith(("IPM.Microsoft Schedule.MtgReq", "IPM.Microsoft Schedule.MtgCncl")):
            check(name, "exit status for %s" % klass, ran.returncode, 65)
            checked += 1
            continue
        listed = json.loads(invites(binary, home, "--json", "list", "--all").stdout)["invites"]
        if len(listed) != 1:
            failures.append("%s: invites filed %d invitations" % (name, len(listed)))
            continue
        mine = listed[0]
        goid = named(tnef, MEETING, 3).data
        check(name, "UID (tnefparse's GlobalObjectId)", mine["uid"], exchange_uid(goid))
        subject = next(o.data for o in tnef.objects if o.name == TNEF.ATTSUBJECT & 0xFFFF)
        if klass.endswith("MtgReq"):
            check(name, "title (tnefparse)", mine["title"], subject)
        start = named(tnef, APPOINTMENT, 0x820D).data
        end = named(tnef, APPOINTMENT, 0x820E).data
        check(name, "start (tnefparse)", mine["start"], utc(start.replace(tzinfo=datetime.timezone.utc)))
        check(name, "end (tnefparse)", mine["end"], utc(end.replace(tzinfo=datetime.timezone.utc)))
        location = named(tnef, APPOINTMENT, 0x8208)
        check(name, "location (tnefparse)", mine["location"], location.data if location else None)
        if ytnef:
            out = tempfile.mkdtemp()
            subprocess.run([ytnef, "-f", out, path], capture_output=True)
            written = [f for f in os.listdir(out) if f.endswith(".ics")]
            if klass.endswith("MtgReq"):
                if len(written) != 1:
                    failures.append("%s: ytnef wrote %r" % (name, written))
                    continue
                with open(os.path.join(out, written[0]), "rb") as handle:
                    event = next(iter(icalendar.Calendar.from_ical(handle.read()).walk("VEVENT")))
                check(name, "UID (ytnef)", mine["uid"], str(event["UID"]))
                check(name, "title (ytnef)", mine["title"], str(event["SUMMARY"]))
                check(name, "start (ytnef)", mine["start"], utc(event["DTSTART"].dt))
                check(name, "end (ytnef)", mine["end"], utc(event["DTEND"].dt))
                # ytnef writes an RTF-only description as an empty DESCRIPTION: that runs into
                # the next line, so its LOCATION is then lost.
                if "LOCATION" in event:
                    check(name, "location (ytnef)", mine["location"], str(event["LOCATION"]).strip())
                rules = (mine.get("recurrence") or {}).get("rules") or []
                theirs = [event["RRULE"].to_ical().decode()] if "RRULE" in event else []
                check(name, "RRULE (ytnef)", [rule_parts(r) for r in rules], [rule_parts(r) for r in theirs])
                if rules and theirs:
                    # One may end a series by its last day, the other by its count: the days
                    # the rules give must be the same.
                    zone = zoneinfo.ZoneInfo(mine["timezone"] or "UTC")
                    start = datetime.datetime.fromisoformat(mine["start"].replace("Z", "+00:00")).astimezone(zone)
                    check(name, "the days of the series (ytnef)", days(rules[0], start), days(theirs[0], event["DTSTART"].dt))
        checked += 1
    print("tnef: %d spec-built streams read alike by invites, tnefparse%s" % (checked, " and ytnef" if ytnef else ""))


def classes(binary, paths):
    """Each file: invites names the class tnefparse reads, or says why the stream cannot be read."""
    named_alike = unreadable = 0
    for path in paths:
        name = os.path.basename(path)
        with open(path, "rb") as handle:
            found = message_classes(TNEF(handle.read()))
        ran = invites(binary, tempfile.mkdtemp(), "ingest", path)
        if ran.returncode != 65:
            failures.append("%s: exit %d, not 65" % (name, ran.returncode))
        elif "cannot be read" in ran.stderr:
            unreadable += 1
            print("  %s: %s" % (name, ran.stderr.strip().split("not an invite: ")[-1]))
        elif any('"%s"' % klass in ran.stderr for klass in found):
            named_alike += 1
        else:
            failures.append("%s: tnefparse reads %r; invites says %s" % (name, found, ran.stderr.strip()))
    print("tnef: %d of tnefparse's files named by their class as tnefparse reads it, %d refused as unreadable"
          % (named_alike, unreadable))


if __name__ == "__main__":
    if sys.argv[1] == "streams":
        streams(sys.argv[2], sys.argv[3], sys.argv[4] if len(sys.argv) > 4 else None)
    else:
        classes(sys.argv[2], sys.argv[3:])
    for failure in failures:
        print("  FAIL " + failure)
    sys.exit(1 if failures else 0)
