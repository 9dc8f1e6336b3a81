"""The other iTIP messages invites sends parse through python icalendar as the RFC's tables
(RFC 5546 §3.2) say they must be, for the corpus invitations and the project's fixtures:

- REFRESH (§3.2.6), as `invites refresh` queues it in the outbox (read from the store, the bytes
  `send` would hand over): a mail whose text/calendar part says method=REFRESH, holding
  METHOD:REFRESH and one VEVENT with exactly UID (the invitation's), ORGANIZER, one ATTENDEE
  (you), DTSTAMP, the COMMENT as one value, and RECURRENCE-ID only for one occurrence; any
  VTIMEZONE is the one that RECURRENCE-ID names.
- ADD (§3.2.4), the RFC's own example (§4.4.6) added to its own series (§4.4.1) accepted into a
  calendar: recurring-ical-events finds the added occurrence in the calendar invites wrote
  (NEEDS-ACTION until answered), and the REPLY to it names it by RECURRENCE-ID with ACCEPTED.
- Answering for someone (`--for`): the REPLY's one ATTENDEE is theirs with SENT-BY you
  (RFC 5545 §3.2.18), the mail From them and Sender you (RFC 5322 §3.6.2), for every corpus
  invitation answered so.
- Forwarding (§3.2.2.6): the REQUEST to the one added holds METHOD:REQUEST and the invitation's
  VEVENTs with its UID, each naming them once as an ATTENDEE at NEEDS-ACTION with RSVP; the
  REPLY to the organizer names you and them (NEEDS-ACTION); an invitation whose organizer set
  X-MICROSOFT-DONOTFORWARDMEETING:TRUE is refused, exit 1.
- Delegation (§4.2.5), the RFC's series delegated: the REPLY's ATTENDEEs are yours
  (PARTSTAT=DELEGATED, DELEGATED-TO the delegate) and the delegate's (DELEGATED-FROM you), and
  the REQUEST to the delegate carries both; a later answer to another occurrence still reports
  the delegated one DELEGATED.
- Tasks (§3.4, the RFC's VTODO examples of §4.5): the REPLYs to accept, `progress 75` and
  `done` are one VTODO each, with the UID and ORGANIZER of the request and your one ATTENDEE
  at the PARTSTAT (and PERCENT-COMPLETE) of the RFC's own REPLYs (§4.5.2, §4.5.4, §4.5.5); the
  RFC's recurring VTODO (§4.5.7.1) reported on for one instance as its §4.5.7.2 does; an
  occurrence of the recurring VTODO is answered by RECURRENCE-ID; the calendar invites wrote
  holds the task as a VTODO (no VEVENT), with your PARTSTAT; a meeting's REFRESH, forward and
  answer for someone hold VEVENTs, a task's VTODOs.
- The delegate's side of §4.2.5: the RFC's REQUEST as E gets it, accepted as E: the REPLY's one
  ATTENDEE is E, ACCEPTED, DELEGATED-FROM C, and the mail goes To A with C in Cc. Then C's side:
  C delegates the RFC's REQUEST to E, and E's REPLY (the RFC's, parsed here first: its ATTENDEE
  E, DELEGATED-FROM C) is filed in C's history as `delegate-accepted`, nothing queued beside the
  delegation's two messages.
- "This and all later" (`--from WHEN`), the weekly fixture accepted from its third occurrence:
  the REPLY holds one VEVENT per occurrence from WHEN on (RECURRENCE-ID, ACCEPTED), none before,
  and recurring-ical-events finds each of them ACCEPTED in the calendar invites wrote.

Usage: python itip.py INVITES_BINARY CORPUS_DIR [FIXTURE_DIR...] (run by Tests/Oracle/run.sh)."""
import datetime
import email.utils
import json
import os
import sys

import icalendar
import recurring_ical_events

from homes import Homes, arguments, newest_in_outbox

binary, folders = arguments(sys.argv)
fixtures = sys.argv[3:]
comment = "Lost it\nATTENDEE:mailto:evil@example.org"
counts = {"refresh": 0, "refresh for one occurrence": 0, "ADD followed": 0, "REPLY for someone": 0, "forward": 0,
          "forward refused": 0, "delegation": 0, "delegate's REPLY copied to the delegator": 0,
          "delegate's REPLY filed by the delegator": 0, "answer from an occurrence on": 0, "task reply": 0}
failures = []
REFRESH_PROPERTIES = {"UID", "ORGANIZER", "ATTENDEE", "DTSTAMP", "COMMENT", "RECURRENCE-ID"}


def newest(home, kind, method):
    """The newest message of a kind in the store's outbox: the mail, and its calendar parsed."""
    message, parameter, calendar = newest_in_outbox(home, kind)
    assert parameter == method, "Content-Type method=%s" % parameter
    assert str(calendar.get("METHOD")) == method, "METHOD %s" % calendar.get("METHOD")
    return message, calendar


def fixture(fixtures, name):
    """The path of the fixture `name` in the first of `fixtures` that holds it, else None."""
    return next((os.path.join(f, name) for f in fixtures if os.path.exists(os.path.join(f, name))), None)


def with_calendar(home):
    """An empty calendar file in `home`, for invites to write into."""
    calendar = os.path.join(home, "calendar.ics")
    with open(calendar, "w", newline="") as out:
        out.write("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:test\r\nEND:VCALENDAR\r\n")
    return calendar


def components(calendar):
    """The components of an iTIP message: its VEVENTs, else its VTODOs (a task's)."""
    return list(calendar.walk("VEVENT")) or list(calendar.walk("VTODO"))


def listed(event, name):
    values = event.get(name)
    if values is None:
        return []
    return values if isinstance(values, list) else [values]


def check_refresh(home, invite, me, occurrence):
    _, calendar = newest(home, "refresh", "REFRESH")
    events = components(calendar)
    assert len(events) == 1, "%d VEVENTs or VTODOs" % len(events)
    event = events[0]
    names = set(event.keys())
    assert names <= REFRESH_PROPERTIES, "properties the table forbids: %s" % sorted(names - REFRESH_PROPERTIES)
    for required in ("UID", "ORGANIZER", "ATTENDEE", "DTSTAMP"):
        assert required in names, "no %s" % required
    assert str(event.get("UID")) == invite["uid"], "UID"
    attendees = listed(event, "ATTENDEE")
    assert len(attendees) == 1, "ATTENDEE count %d" % len(attendees)
    assert str(attendees[0]).lower() == "mailto:" + me.lower(), "ATTENDEE %s" % attendees[0]
    assert "PARTSTAT" not in attendees[0].params, "a PARTSTAT in a request"
    assert str(event.get("COMMENT")) == comment, "COMMENT %r" % event.get("COMMENT")
    assert ("RECURRENCE-ID" in names) == occurrence, "RECURRENCE-ID present: %s" % ("RECURRENCE-ID" in names)
    zones = [str(zone.get("TZID")) for zone in calendar.walk("VTIMEZONE")]
    named = event["RECURRENCE-ID"].params.get("TZID") if occurrence else None
    assert all(zone == named for zone in zones), "VTIMEZONE %s, RECURRENCE-ID in %s" % (zones, named)


def check_for(run, home, invite, principal):
    """`accept --for PRINCIPAL` by a secretary: the REPLY and the mail around it."""
    secretary = "secretary@example.net"
    answered = run("--me", secretary, "accept", invite["handle"], "--for", principal, "--no-add", "--no-send")
    assert answered.returncode == 0, "accept --for: %s" % answered.stderr
    message, calendar = newest(home, "reply", "REPLY")
    assert email.utils.parseaddr(message["From"])[1].lower() == principal.lower(), "From %s" % message["From"]
    assert email.utils.parseaddr(message["Sender"])[1] == secretary, "Sender %s" % message["Sender"]
    for event in components(calendar):
        attendees = listed(event, "ATTENDEE")
        assert len(attendees) == 1, "ATTENDEE count %d" % len(attendees)
        assert str(attendees[0]).lower() == "mailto:" + principal.lower(), "ATTENDEE %s" % attendees[0]
        assert attendees[0].params.get("SENT-BY") == "mailto:" + secretary, "SENT-BY %r" % attendees[0].params
    counts["REPLY for someone"] += 1


def newest_to(home, recipient):
    """The newest forward in the outbox to `recipient`: its method and its calendar."""
    _, method, calendar = newest_in_outbox(home, "forward", recipient)
    return method, calendar


def check_forward(run, home, invite, me):
    added = "forwarded-to@example.net"
    forwarded = run("--me", me, "forward", invite["handle"], added, "--no-send")
    if "X-MICROSOFT-DONOTFORWARDMEETING" in forwarded.stderr:
        assert forwarded.returncode == 1, "a forbidden forward exits %d" % forwarded.returncode
        counts["forward refused"] += 1
        return
    if "which is not one a mail can be sent to" in forwarded.stderr or "already invited" in forwarded.stderr:
        return
    assert forwarded.returncode == 0, "forward: %s" % forwarded.stderr
    method, request = newest_to(home, added)
    assert method == "REQUEST" and str(request.get("METHOD")) == "REQUEST", "METHOD %s" % method
    events = components(request)
    assert events, "no VEVENT or VTODO"
    for event in events:
        assert str(event.get("UID")) == invite["uid"], "UID"
        named = [a for a in listed(event, "ATTENDEE") if str(a).lower() == "mailto:" + added]
        assert len(named) == 1, "the added ATTENDEE %d times" % len(named)
        assert named[0].params.get("PARTSTAT") == "NEEDS-ACTION" and named[0].params.get("RSVP") == "TRUE", \
            "the added ATTENDEE %r" % named[0].params
    organizer = email.utils.parseaddr(invite["organizer"])[1]
    method, notice = newest_to(home, organizer)
    assert method == "REPLY" and str(notice.get("METHOD")) == "REPLY", "the notice's METHOD %s" % method
    for event in components(notice):
        attendees = [str(a).lower() for a in listed(event, "ATTENDEE")]
        assert attendees[-1] == "mailto:" + added and len(attendees) == 2, "the notice's ATTENDEEs %s" % attendees
    counts["forward"] += 1


homes = Homes(binary, "invites-itip-")
for path, home, run in homes.each_input(folders):
    if run("ingest", path).returncode != 0:
        continue
    for invite in json.loads(run("--json", "list", "--all").stdout)["invites"]:
        if invite["source"] == "push" or not invite.get("organizer"):
            continue
        handle = invite["handle"]
        me = invite["attendees"][0]["address"] if invite["attendees"] else "someone@example.org"
        try:
            asked = run("--me", me, "refresh", handle, "--comment", comment)
            if "which is not one a mail can be sent to" in asked.stderr:
                continue
            assert asked.returncode == 0, "refresh: %s" % asked.stderr
            check_refresh(home, invite, me, False)
            counts["refresh"] += 1
            # Those the organizer asks for an answer (RSVP=FALSE gets none queued).
            others = [a["address"] for a in invite["attendees"] if a["rsvp"]
                      if a["address"].lower() != email.utils.parseaddr(invite.get("organizer") or "")[1].lower()]
            if invite["method"] == "REQUEST" and invite["status"] != "cancelled" and others:
                check_for(run, home, invite, others[0])
            if invite["method"] == "REQUEST" and invite["status"] != "cancelled":
                check_forward(run, home, invite, me)
            shown = json.loads(run("--me", me, "--json", "show", handle).stdout or "{}")
            series = shown.get("occurrences") or []
            if len(series) > 1:
                rid = series[1]["recurrenceId"]
                asked = run("--me", me, "refresh", handle, "--occurrence", rid, "--comment", comment)
                assert asked.returncode == 0, "refresh --occurrence: %s" % asked.stderr
                check_refresh(home, invite, me, True)
                counts["refresh for one occurrence"] += 1
        except Exception as error:  # noqa: BLE001 - every failure is reported
            failures.append("%s (%s): %s" % (path, handle, error))


def check_tasks(fixtures):
    """A task's REPLYs as the RFC's own (§4.5.2, §4.5.4, §4.5.5), and its calendar copy."""
    request = fixture(fixtures, "rfc5546-4.5.1-vtodo-request.ics")
    recurring = fixture(fixtures, "task-quarterly-series.ics")
    if not request or not recurring:
        return
    uid = "calsrv.example.com-873970198738777-00@example.com"
    home, bare = homes.new()
    calendar = with_calendar(home)
    run = lambda *args: bare("--calendar", calendar, "--me", "B@example.com", *args)
    steps = [(["accept", uid], "rfc5546-4.5.2-vtodo-reply.ics"),
             (["progress", uid, "75"], "rfc5546-4.5.4-vtodo-reply-in-process.ics"),
             (["done", uid], "rfc5546-4.5.5-vtodo-reply-completed.ics")]
    try:
        done = run("ingest", request)
        assert done.returncode == 0, "ingest: %s" % done.stderr
        for step, example in steps:
            done = run(*step, "--no-send")
            assert done.returncode == 0, "%s: %s" % (step, done.stderr)
            _, reply = newest(home, "reply", "REPLY")
            assert not list(reply.walk("VEVENT")), "%s: a VEVENT in a task's REPLY" % step[0]
            todos = list(reply.walk("VTODO"))
            assert len(todos) == 1, "%s: %d VTODOs" % (step[0], len(todos))
            with open(fixture(fixtures, example), "rb") as data:
                rfc = icalendar.Calendar.from_ical(data.read()).walk("VTODO")[0]
            ours = todos[0]
            for name in ("UID", "ORGANIZER"):
                assert str(ours.get(name)).lower() == str(rfc.get(name)).lower(), "%s: %s" % (step[0], name)
            mine, theirs = listed(ours, "ATTENDEE"), listed(rfc, "ATTENDEE")
            # The RFC's completed REPLY (§4.5.5) is D's; B's own is compared by PARTSTAT alone.
            assert len(mine) == 1 and (str(mine[0]).lower() == str(theirs[0]).lower()
                                       or str(theirs[0]).lower() == "mailto:d@example.com"), "%s: ATTENDEE" % step[0]
            assert mine[0].params.get("PARTSTAT") == theirs[0].params.get("PARTSTAT"), \
                "%s: PARTSTAT %r, the RFC's %r" % (step[0], mine[0].params, theirs[0].params)
            if rfc.get("PERCENT-COMPLETE") is not None:
                assert int(ours.get("PERCENT-COMPLETE")) == int(rfc.get("PERCENT-COMPLETE")), "PERCENT-COMPLETE"
            if step[0] == "done":
                assert int(ours.get("PERCENT-COMPLETE")) == 100, "done: PERCENT-COMPLETE %s" % ours.get("PERCENT-COMPLETE")
            with open(calendar, "rb") as data:
                written = icalendar.Calendar.from_ical(data.read())
            assert not list(written.walk("VEVENT")), "a VEVENT in the calendar"
            copies = list(written.walk("VTODO"))
            assert len(copies) == 1, "%d VTODOs in the calendar" % len(copies)
            me = [a for a in listed(copies[0], "ATTENDEE") if str(a).lower() == "mailto:b@example.com"]
            assert me and me[0].params.get("PARTSTAT") == theirs[0].params.get("PARTSTAT"), "calendar PARTSTAT"
            counts["task reply"] += 1
        home, bare = homes.new()
        series_uid = "calsrv.example.com-873970198738777-02@example.com"
        for step in (["ingest", recurring], ["progress", series_uid, "40", "--occurrence", "19980130T100000Z",
                                             "--no-send"]):
            done = bare("--me", "B@example.com", *step)
            assert done.returncode == 0, "%s: %s" % (step, done.stderr)
        _, reply = newest(home, "reply", "REPLY")
        todos = list(reply.walk("VTODO"))
        assert len(todos) == 1, "the occurrence's REPLY: %d VTODOs" % len(todos)
        rid = todos[0]["RECURRENCE-ID"].dt
        assert rid == datetime.datetime(1998, 1, 30, 10, 0, tzinfo=datetime.timezone.utc), "RECURRENCE-ID %s" % rid
        assert listed(todos[0], "ATTENDEE")[0].params.get("PARTSTAT") == "IN-PROCESS", "the occurrence's PARTSTAT"
        assert int(todos[0]["PERCENT-COMPLETE"]) == 40, "the occurrence's PERCENT-COMPLETE"
        counts["task reply"] += 1
        check_recurring_task(fixtures)
    except Exception as error:  # noqa: BLE001 - every failure is reported
        failures.append("%s (tasks): %s" % (request, error))


def check_recurring_task(fixtures):
    """The RFC's recurring VTODO (§4.5.7.1) and B's report on one instance of it (§4.5.7.2).

    The RFC's REPLY names RECURRENCE-ID 19980101T170000Z, which no instance of its own request
    has (DTSTART is 10:00Z): B reports on the first instance, 19980101T100000Z, and the REPLY is
    compared with the RFC's by what it says of that instance: the ATTENDEE, its PARTSTAT and
    PERCENT-COMPLETE, one VTODO, its UID."""
    request = fixture(fixtures, "rfc5546-4.5.7.1-recurring-vtodo.ics")
    example = fixture(fixtures, "rfc5546-4.5.7.2-recurring-vtodo-reply.ics")
    if not request or not example:
        return
    home, bare = homes.new()
    uid = "calsrv.example.com-873970198738777-00@example.com"
    for step in (["ingest", request], ["progress", uid, "75", "--occurrence", "19980101T100000Z", "--no-send"]):
        done = bare("--me", "b@example.com", *step)
        assert done.returncode == 0, "%s: %s" % (step, done.stderr)
    _, reply = newest(home, "reply", "REPLY")
    with open(example, "rb") as data:
        rfc = icalendar.Calendar.from_ical(data.read()).walk("VTODO")[0]
    todos = list(reply.walk("VTODO"))
    assert len(todos) == 1, "the instance's REPLY: %d VTODOs" % len(todos)
    ours = todos[0]
    assert str(ours["UID"]) == str(rfc["UID"]), "the instance's UID"
    assert ours["RECURRENCE-ID"].dt == datetime.datetime(1998, 1, 1, 10, 0, tzinfo=datetime.timezone.utc), \
        "RECURRENCE-ID %s" % ours["RECURRENCE-ID"].dt
    mine, theirs = listed(ours, "ATTENDEE"), listed(rfc, "ATTENDEE")
    assert len(mine) == 1 and str(mine[0]).lower() == str(theirs[0]).lower(), "the instance's ATTENDEE"
    assert mine[0].params.get("PARTSTAT") == theirs[0].params.get("PARTSTAT") == "IN-PROCESS", "its PARTSTAT"
    assert int(ours["PERCENT-COMPLETE"]) == int(rfc["PERCENT-COMPLETE"]) == 75, "its PERCENT-COMPLETE"
    counts["task reply"] += 1


def check_add(fixtures):
    """The RFC's ADD, as the calendar and the REPLY carry it."""
    series = fixture(fixtures, "rfc5546-4.4.1-series.ics")
    add = fixture(fixtures, "rfc5546-4.4.6-add.ics")
    if not series or not add:
        return
    home, bare = homes.new()
    calendar = with_calendar(home)
    run = lambda *args: bare("--calendar", calendar, "--me", "b@example.com", *args)
    try:
        for step in (["ingest", series], ["accept", "123456789", "--no-send"], ["ingest", add]):
            done = run(*step)
            assert done.returncode == 0, "%s: %s" % (step, done.stderr)
        added = datetime.datetime(1997, 7, 15, 21, 0, tzinfo=datetime.timezone.utc)

        def occurrence():
            with open(calendar, "rb") as data:
                parsed = icalendar.Calendar.from_ical(data.read())
            found = recurring_ical_events.of(parsed).between(added, added + datetime.timedelta(hours=1))
            assert len(found) == 1, "%d occurrences at the added time" % len(found)
            attendee = [a for a in listed(found[0], "ATTENDEE") if str(a).lower() == "mailto:b@example.com"]
            return str(found[0].get("SUMMARY")), attendee[0].params.get("PARTSTAT")

        assert occurrence() == ("IETF Calendaring Working Group Meeting", "NEEDS-ACTION"), occurrence()
        done = run("accept", "123456789", "--occurrence", "1997-07-15T21:00:00Z", "--no-send")
        assert done.returncode == 0, "accept --occurrence: %s" % done.stderr
        assert occurrence()[1] == "ACCEPTED", occurrence()
        _, reply = newest(home, "reply", "REPLY")
        instances = [e for e in reply.walk("VEVENT") if e.get("RECURRENCE-ID") is not None]
        assert len(instances) == 1, "%d instances in the REPLY" % len(instances)
        assert instances[0]["RECURRENCE-ID"].dt == added, "RECURRENCE-ID %s" % instances[0]["RECURRENCE-ID"].dt
        assert listed(instances[0], "ATTENDEE")[0].params.get("PARTSTAT") == "ACCEPTED", "PARTSTAT"
        counts["ADD followed"] += 1
    except Exception as error:  # noqa: BLE001 - every failure is reported
        failures.append("%s: %s" % (add, error))


def check_delegate(fixtures):
    series = fixture(fixtures, "rfc5546-4.4.1-series.ics")
    if not series:
        return
    home, bare = homes.new()
    run = lambda *args: bare("--me", "b@example.com", *args)
    try:
        for step in (["ingest", series], ["delegate", "123456789", "e@example.com", "--no-send"]):
            done = run(*step)
            assert done.returncode == 0, "%s: %s" % (step, done.stderr)
        method, reply = newest_to(home, "a@example.com")
        assert method == "REPLY", "the REPLY's method %s" % method
        for event in reply.walk("VEVENT"):
            mine, theirs = listed(event, "ATTENDEE")
            assert mine.params.get("PARTSTAT") == "DELEGATED", "PARTSTAT %r" % mine.params
            assert mine.params.get("DELEGATED-TO") == "mailto:e@example.com", "DELEGATED-TO %r" % mine.params
            assert theirs.params.get("DELEGATED-FROM") == "mailto:b@example.com", "DELEGATED-FROM %r" % theirs.params
        method, request = newest_to(home, "e@example.com")
        assert method == "REQUEST", "the REQUEST's method %s" % method
        for event in request.walk("VEVENT"):
            by = {str(a).lower(): a.params for a in listed(event, "ATTENDEE")}
            assert by["mailto:b@example.com"].get("DELEGATED-TO") == "mailto:e@example.com", "REQUEST: yours"
            assert by["mailto:e@example.com"].get("DELEGATED-FROM") == "mailto:b@example.com", "REQUEST: theirs"
        done = run("accept", "123456789", "--occurrence", "19970801T180000Z", "--no-send")
        assert done.returncode == 0, "accept --occurrence: %s" % done.stderr
        _, later = newest(home, "reply", "REPLY")
        series_answer = [e for e in later.walk("VEVENT") if e.get("RECURRENCE-ID") is None]
        assert series_answer, "the later REPLY has no series VEVENT"
        mine = listed(series_answer[0], "ATTENDEE")[0]
        assert mine.params.get("PARTSTAT") == "DELEGATED", "a later REPLY: PARTSTAT %r" % mine.params
        counts["delegation"] += 1
    except Exception as error:  # noqa: BLE001 - every failure is reported
        failures.append("%s (delegate): %s" % (series, error))


def check_delegate_reply(fixtures):
    """The delegate answers (To the organizer, Cc the delegator); the delegator files it."""
    request = fixture(fixtures, "rfc5546-4.2.5-delegated-request.ics")
    original = fixture(fixtures, "delegation-request.ics")
    answer = fixture(fixtures, "rfc5546-4.2.6-delegate-accepts.ics")
    if not (request and original and answer):
        return
    home, bare = homes.new()
    run = lambda *args: bare("--me", "e@example.com", *args)
    try:
        for step in (["ingest", request], ["accept", "calsrv", "--no-add", "--no-send"]):
            done = run(*step)
            assert done.returncode == 0, "%s: %s" % (step, done.stderr)
        message, reply = newest(home, "reply", "REPLY")
        assert email.utils.parseaddr(message["To"])[1] == "a@example.com", "To %s" % message["To"]
        assert email.utils.parseaddr(message["Cc"] or "")[1] == "c@example.com", "Cc %s" % message["Cc"]
        for event in reply.walk("VEVENT"):
            attendees = listed(event, "ATTENDEE")
            assert [str(a).lower() for a in attendees] == ["mailto:e@example.com"], "ATTENDEEs %s" % attendees
            assert attendees[0].params.get("PARTSTAT") == "ACCEPTED", "PARTSTAT %r" % attendees[0].params
            assert attendees[0].params.get("DELEGATED-FROM") == "mailto:c@example.com", "%r" % attendees[0].params
        counts["delegate's REPLY copied to the delegator"] += 1
    except Exception as error:  # noqa: BLE001 - every failure is reported
        failures.append("%s (the delegate's REPLY): %s" % (request, error))
    home, bare = homes.new()
    run = lambda *args: bare("--me", "c@example.com", *args)
    try:
        with open(answer, "rb") as data:
            parsed = icalendar.Calendar.from_ical(data.read())
        assert str(parsed.get("METHOD")) == "REPLY", "the fixture's METHOD %s" % parsed.get("METHOD")
        event = next(iter(parsed.walk("VEVENT")))
        attendee = listed(event, "ATTENDEE")[0]
        assert str(attendee).lower() == "mailto:e@example.com", "the fixture's ATTENDEE %s" % attendee
        assert attendee.params.get("DELEGATED-FROM") == "mailto:c@example.com", "%r" % attendee.params
        for step in (["ingest", original], ["delegate", "calsrv", "e@example.com", "--no-send"], ["ingest", answer]):
            done = run(*step)
            assert done.returncode == 0, "%s: %s" % (step, done.stderr)
        entries = json.loads(run("--json", "history").stdout)["entries"]
        assert entries[0]["action"] == "delegate-accepted", "history %s" % [e["action"] for e in entries]
        outbox = json.loads(run("--json", "outbox", "--all").stdout)["messages"]
        assert len(outbox) == 2, "%d messages in the outbox" % len(outbox)
        counts["delegate's REPLY filed by the delegator"] += 1
    except Exception as error:  # noqa: BLE001 - every failure is reported
        failures.append("%s (filed by the delegator): %s" % (answer, error))


def check_from(fixtures):
    """`accept --from WHEN`: the REPLY and the calendar, per occurrence from WHEN on."""
    weekly = fixture(fixtures, "weekly.ics")
    if not weekly:
        return
    home, bare = homes.new()
    calendar = with_calendar(home)
    run = lambda *args: bare("--calendar", calendar, "--tz", "UTC", "--me", "me@example.org", *args)
    try:
        for step in (["ingest", weekly], ["accept", "weekly-1", "--from", "2026-12-21", "--no-send"]):
            done = run(*step)
            assert done.returncode == 0, "%s: %s" % (step, done.stderr)
        first = datetime.datetime(2026, 12, 21, 9, 0, tzinfo=datetime.timezone.utc)
        wanted = [first + datetime.timedelta(weeks=n) for n in range(8)]
        _, reply = newest(home, "reply", "REPLY")
        events = list(reply.walk("VEVENT"))
        got = sorted(e["RECURRENCE-ID"].dt for e in events if e.get("RECURRENCE-ID") is not None)
        assert got == wanted, "RECURRENCE-IDs %s" % got
        for event in events:
            mine = listed(event, "ATTENDEE")[0]
            assert str(mine).lower() == "mailto:me@example.org", "ATTENDEE %s" % mine
            assert mine.params.get("PARTSTAT") == "ACCEPTED", "PARTSTAT %r" % mine.params
        with open(calendar, "rb") as data:
            parsed = icalendar.Calendar.from_ical(data.read())
        found = recurring_ical_events.of(parsed).between(first - datetime.timedelta(weeks=2),
                                                           first + datetime.timedelta(weeks=9))
        starts = sorted(e["DTSTART"].dt for e in found)
        assert starts == wanted, "the calendar's occurrences %s" % starts
        for event in found:
            mine = [a for a in listed(event, "ATTENDEE") if str(a).lower() == "mailto:me@example.org"]
            assert mine and mine[0].params.get("PARTSTAT") == "ACCEPTED", "calendar PARTSTAT %r" % mine
        counts["answer from an occurrence on"] += 1
    except Exception as error:  # noqa: BLE001 - every failure is reported
        failures.append("%s (--from): %s" % (weekly, error))


check_add(fixtures)
check_tasks(fixtures)
check_delegate(fixtures)
check_delegate_reply(fixtures)
check_from(fixtures)
print("itip: " + ", ".join("%d %s" % (count, what) for what, count in counts.items())
      + " parsed by icalendar, %d failed" % len(failures))
for failure in failures:
    print("  " + failure)
sys.exit(1 if failures else 0)
