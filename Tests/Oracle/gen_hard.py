#!/usr/bin/env python3
"""Write deterministic "hard" calendars for the occurrence oracle.

Usage: gen_hard.py OUT_DIR

Standard library only. Every file is written by hand as iCalendar text
(CRLF line endings, folded at 75 octets) so that nothing depends on a
serialiser. The output is identical on every run.

The cases are chosen where implementations tend to differ: RRULE with
EXDATE and RECURRENCE-ID overrides, RDATE as DATE, DATE-TIME and PERIOD,
DURATION instead of DTEND, missing DTEND, embedded VTIMEZONEs with
half-hour and 45-minute offsets and half-hour DST, IANA and Windows TZIDs
without a VTIMEZONE, DST gaps and folds, BYxxx rules, all-day events,
floating and UTC times, window edges (half-open intervals).
"""

import os
import sys

DTSTAMP = "20250101T000000Z"

# --- VTIMEZONE blocks, written by hand -------------------------------------

VTZ = {
    "Europe/Berlin": """BEGIN:VTIMEZONE
TZID:Europe/Berlin
BEGIN:DAYLIGHT
TZOFFSETFROM:+0100
TZOFFSETTO:+0200
TZNAME:CEST
DTSTART:19700329T020000
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU
END:DAYLIGHT
BEGIN:STANDARD
TZOFFSETFROM:+0200
TZOFFSETTO:+0100
TZNAME:CET
DTSTART:19701025T030000
RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
END:STANDARD
END:VTIMEZONE""",
    "America/New_York": """BEGIN:VTIMEZONE
TZID:America/New_York
BEGIN:DAYLIGHT
TZOFFSETFROM:-0500
TZOFFSETTO:-0400
TZNAME:EDT
DTSTART:20070311T020000
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU
END:DAYLIGHT
BEGIN:STANDARD
TZOFFSETFROM:-0400
TZOFFSETTO:-0500
TZNAME:EST
DTSTART:20071104T020000
RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU
END:STANDARD
END:VTIMEZONE""",
    "Asia/Kolkata": """BEGIN:VTIMEZONE
TZID:Asia/Kolkata
BEGIN:STANDARD
TZOFFSETFROM:+0530
TZOFFSETTO:+0530
TZNAME:IST
DTSTART:19700101T000000
END:STANDARD
END:VTIMEZONE""",
    "Asia/Kathmandu": """BEGIN:VTIMEZONE
TZID:Asia/Kathmandu
BEGIN:STANDARD
TZOFFSETFROM:+0545
TZOFFSETTO:+0545
TZNAME:+0545
DTSTART:19860101T000000
END:STANDARD
END:VTIMEZONE""",
    # Lord Howe: +10:30 standard, +11:00 daylight (a 30-minute DST shift).
    # Daylight starts on the first Sunday in October at 02:00 standard time,
    # ends on the first Sunday in April at 02:00 daylight time.
    "Australia/Lord_Howe": """BEGIN:VTIMEZONE
TZID:Australia/Lord_Howe
BEGIN:STANDARD
TZOFFSETFROM:+1100
TZOFFSETTO:+1030
TZNAME:+1030
DTSTART:20080406T020000
RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU
END:STANDARD
BEGIN:DAYLIGHT
TZOFFSETFROM:+1030
TZOFFSETTO:+1100
TZNAME:+11
DTSTART:20081005T020000
RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=1SU
END:DAYLIGHT
END:VTIMEZONE""",
    # A zone no tz database knows: only the embedded definition can resolve
    # it. EU transition dates, but offsets +03:00 / +04:00.
    "Oracle Custom Time": """BEGIN:VTIMEZONE
TZID:Oracle Custom Time
BEGIN:DAYLIGHT
TZOFFSETFROM:+0300
TZOFFSETTO:+0400
TZNAME:OCDT
DTSTART:19700329T020000
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU
END:DAYLIGHT
BEGIN:STANDARD
TZOFFSETFROM:+0400
TZOFFSETTO:+0300
TZNAME:OCST
DTSTART:19701025T030000
RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
END:STANDARD
END:VTIMEZONE""",
    # Europe/Berlin as WordPress (ai1ec) exports it: the changes of 2018-2020
    # only. Within them it agrees with the tz database; beyond them the
    # system's zone data holds (docs/spec.md, "zones").
    "Europe/Berlin 2018-2020": """BEGIN:VTIMEZONE
TZID:Europe/Berlin
X-LIC-LOCATION:Europe/Berlin
BEGIN:STANDARD
DTSTART:20181028T030000
TZOFFSETFROM:+0200
TZOFFSETTO:+0100
RDATE:20191027T030000
TZNAME:CET
END:STANDARD
BEGIN:DAYLIGHT
DTSTART:20190331T020000
TZOFFSETFROM:+0100
TZOFFSETTO:+0200
RDATE:20200329T020000
TZNAME:CEST
END:DAYLIGHT
END:VTIMEZONE""",
}


def fold(line):
    """Fold a content line at 75 octets (RFC 5545 §3.1)."""
    raw = line.encode("utf-8")
    if len(raw) <= 75:
        return line
    parts = []
    limit = 75
    while raw:
        cut = min(limit, len(raw))
        # do not split a UTF-8 sequence
        while cut < len(raw) and (raw[cut] & 0xC0) == 0x80:
            cut -= 1
        parts.append(raw[:cut].decode("utf-8"))
        raw = raw[cut:]
        limit = 74  # continuation lines start with a space
    return "\r\n ".join(parts)


def event(uid, *props):
    lines = ["BEGIN:VEVENT", f"UID:{uid}", f"DTSTAMP:{DTSTAMP}"]
    lines.extend(props)
    lines.append("END:VEVENT")
    return "\n".join(lines)


def calendar(name, zones, events, properties=()):
    blocks = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        f"PRODID:-//invites oracle//gen_hard {name}//EN",
        "CALSCALE:GREGORIAN",
    ]
    blocks.extend(properties)
    blocks.extend(VTZ[z] for z in zones)
    blocks.extend(events)
    blocks.append("END:VCALENDAR")
    text = "\n".join(blocks)
    return "".join(fold(l) + "\r\n" for l in text.split("\n"))


B = "TZID=Europe/Berlin"
NY = "TZID=America/New_York"

FILES = {}

# 1. RRULE with EXDATE and RECURRENCE-ID overrides --------------------------
FILES["rrule_overrides.ics"] = calendar("rrule_overrides", ["Europe/Berlin"], [
    # an override listed before its master
    event("ovr-weekly@oracle",
          f"RECURRENCE-ID;{B}:20250325T100000",
          "SUMMARY:weekly (moved to Wednesday afternoon)",
          f"DTSTART;{B}:20250326T140000", f"DTEND;{B}:20250326T150000",
          "SEQUENCE:1"),
    event("ovr-weekly@oracle",
          "SUMMARY:weekly Tuesday meeting",
          f"DTSTART;{B}:20250304T100000", f"DTEND;{B}:20250304T110000",
          "RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=10",
          f"EXDATE;{B}:20250318T100000"),
    # cancelled instance: still listed (free)
    event("ovr-weekly@oracle",
          f"RECURRENCE-ID;{B}:20250401T100000",
          "SUMMARY:weekly (cancelled this week)", "STATUS:CANCELLED",
          f"DTSTART;{B}:20250401T100000", f"DTEND;{B}:20250401T110000",
          "SEQUENCE:1"),
    # override with a UTC start
    event("ovr-weekly@oracle",
          f"RECURRENCE-ID;{B}:20250408T100000",
          "SUMMARY:weekly (moved, UTC start)",
          "DTSTART:20250408T143000Z", "DTEND:20250408T153000Z",
          "SEQUENCE:1"),
    # RECURRENCE-ID written in UTC (= 10:00 CEST) for a TZID master
    event("ovr-weekly@oracle",
          "RECURRENCE-ID:20250415T080000Z",
          "SUMMARY:weekly (moved, RECURRENCE-ID in UTC)",
          f"DTSTART;{B}:20250415T120000", f"DTEND;{B}:20250415T130000",
          "SEQUENCE:1"),
    # override moved across the next occurrence and made longer
    event("ovr-weekly@oracle",
          f"RECURRENCE-ID;{B}:20250422T100000",
          "SUMMARY:weekly (moved a week later, longer)",
          f"DTSTART;{B}:20250429T160000", f"DTEND;{B}:20250429T190000",
          "SEQUENCE:1"),
    # override whose master is missing
    event("orphan@oracle",
          f"RECURRENCE-ID;{B}:20250506T100000",
          "SUMMARY:override without a master",
          f"DTSTART;{B}:20250507T090000", f"DTEND;{B}:20250507T100000"),
    event("orphan@oracle",
          f"RECURRENCE-ID;{B}:20250513T100000",
          "SUMMARY:second override without a master",
          f"DTSTART;{B}:20250513T100000", f"DTEND;{B}:20250513T103000"),
])

# 2. RDATE as DATE, DATE-TIME and PERIOD -------------------------------------
FILES["rdate_kinds.ics"] = calendar("rdate_kinds", ["America/New_York", "Europe/Berlin"], [
    event("rdate-dt@oracle", "SUMMARY:RRULE + RDATE date-times + EXDATE",
          f"DTSTART;{NY}:20250305T090000", f"DTEND;{NY}:20250305T093000",
          "RRULE:FREQ=WEEKLY;COUNT=3",
          f"RDATE;{NY}:20250320T150000,20250402T080000",
          f"EXDATE;{NY}:20250312T090000"),
    event("rdate-period@oracle", "SUMMARY:RDATE periods",
          "DTSTART:20250610T120000Z", "DTEND:20250610T130000Z",
          "RDATE;VALUE=PERIOD:20250612T120000Z/20250612T150000Z,20250614T090000Z/PT30M"),
    event("rdate-date@oracle", "SUMMARY:all-day with RDATE dates",
          "DTSTART;VALUE=DATE:20250701", "DTEND;VALUE=DATE:20250702",
          "RDATE;VALUE=DATE:20250704,20250710",
          "EXDATE;VALUE=DATE:20250710"),
    event("rdate-utc@oracle", "SUMMARY:TZID start, RDATE in UTC",
          f"DTSTART;{B}:20250801T090000", f"DTEND;{B}:20250801T100000",
          "RDATE:20250815T070000Z",
          "RDATE:20251105T080000Z"),
    event("rdate-dup@oracle", "SUMMARY:RDATE duplicates DTSTART and an RRULE instance",
          "DTSTART:20250901T080000Z", "DTEND:20250901T090000Z",
          "RRULE:FREQ=DAILY;COUNT=3",
          "RDATE:20250901T080000Z,20250902T080000Z,20250905T080000Z"),
])

# 3. DURATION instead of DTEND, missing DTEND --------------------------------
FILES["durations.ics"] = calendar("durations", ["Europe/Berlin"], [
    # RFC 5545 §3.3.6: hours/minutes are exact durations: 00:30Z + 90 min
    event("dur-pt90m@oracle", "SUMMARY:PT90M across the spring gap",
          f"DTSTART;{B}:20250330T013000", "DURATION:PT90M"),
    # days are nominal: same local time next day (23 real hours here)
    event("dur-p1d@oracle", "SUMMARY:P1D across the spring gap",
          f"DTSTART;{B}:20250329T120000", "DURATION:P1D"),
    # 24 exact hours
    event("dur-pt24h@oracle", "SUMMARY:PT24H across the spring gap",
          f"DTSTART;{B}:20250329T150000", "DURATION:PT24H"),
    event("dur-weekly@oracle", "SUMMARY:weekly PT2H across the autumn fold",
          f"DTSTART;{B}:20251020T090000", "DURATION:PT2H",
          "RRULE:FREQ=WEEKLY;COUNT=3"),
    event("dur-p1dt2h@oracle", "SUMMARY:P1DT2H in UTC",
          "DTSTART:20250505T220000Z", "DURATION:P1DT2H"),
    event("noend-dt@oracle", "SUMMARY:date-time without end (zero length)",
          "DTSTART:20250601T100000Z"),
    event("noend-date@oracle", "SUMMARY:date without end (one day)",
          "DTSTART;VALUE=DATE:20250602"),
    event("noend-date-daily@oracle", "SUMMARY:daily all-day without end",
          "DTSTART;VALUE=DATE:20250605", "RRULE:FREQ=DAILY;COUNT=3"),
    event("noend-dt-daily@oracle", "SUMMARY:daily zero-length reminder",
          f"DTSTART;{B}:20250612T073000", "RRULE:FREQ=DAILY;COUNT=4"),
    event("dur-allday-p3d@oracle", "SUMMARY:all-day DURATION:P3D",
          "DTSTART;VALUE=DATE:20250620", "DURATION:P3D"),
    event("dtend-equal@oracle", "SUMMARY:DTEND equal to DTSTART",
          "DTSTART:20250625T120000Z", "DTEND:20250625T120000Z"),
    event("dur-pt0s@oracle", "SUMMARY:DURATION:PT0S",
          "DTSTART:20250626T080000Z", "DURATION:PT0S"),
])

# 4. Embedded VTIMEZONEs -----------------------------------------------------
LH = "TZID=Australia/Lord_Howe"
FILES["zones_embedded.ics"] = calendar("zones_embedded", [
    "Europe/Berlin", "America/New_York", "Asia/Kolkata", "Asia/Kathmandu",
    "Australia/Lord_Howe", "Oracle Custom Time"], [
    event("kol@oracle", "SUMMARY:Kolkata monthly",
          "DTSTART;TZID=Asia/Kolkata:20250115T093000",
          "DTEND;TZID=Asia/Kolkata:20250115T103000",
          "RRULE:FREQ=MONTHLY;BYMONTHDAY=15;COUNT=4"),
    event("ktm@oracle", "SUMMARY:Kathmandu weekly",
          "DTSTART;TZID=Asia/Kathmandu:20250220T174500",
          "DTEND;TZID=Asia/Kathmandu:20250220T184500",
          "RRULE:FREQ=WEEKLY;COUNT=3"),
    event("lhw-daily@oracle", "SUMMARY:Lord Howe daily across DST end",
          f"DTSTART;{LH}:20250404T100000", f"DTEND;{LH}:20250404T110000",
          "RRULE:FREQ=DAILY;COUNT=4"),
    # 01:30 occurs twice on 2025-04-06: the first (daylight, +11) is meant
    event("lhw-fold@oracle", "SUMMARY:Lord Howe across the fold",
          f"DTSTART;{LH}:20250406T013000", f"DTEND;{LH}:20250406T030000"),
    # 02:15 does not exist on 2025-10-05: the offset before the gap applies
    event("lhw-gap@oracle", "SUMMARY:Lord Howe in the gap",
          f"DTSTART;{LH}:20251005T021500", f"DTEND;{LH}:20251005T040000"),
    event("ny-fold@oracle", "SUMMARY:New York ambiguous 01:30",
          f"DTSTART;{NY}:20251102T013000", f"DTEND;{NY}:20251102T030000"),
    event("ber-fold@oracle", "SUMMARY:Berlin ambiguous 02:30",
          f"DTSTART;{B}:20251026T023000", f"DTEND;{B}:20251026T033000"),
    event("custom-weekly@oracle", "SUMMARY:custom zone weekly across its DST",
          "DTSTART;TZID=Oracle Custom Time:20250320T090000",
          "DTEND;TZID=Oracle Custom Time:20250320T100000",
          "RRULE:FREQ=WEEKLY;COUNT=3"),
])

# 5. IANA TZIDs without a VTIMEZONE ------------------------------------------
FILES["zones_iana_no_vtimezone.ics"] = calendar("zones_iana_no_vtimezone", [], [
    event("iana-ny@oracle", "SUMMARY:New York weekly, no VTIMEZONE",
          f"DTSTART;{NY}:20251027T093000", f"DTEND;{NY}:20251027T103000",
          "RRULE:FREQ=WEEKLY;COUNT=3"),
    event("iana-ktm@oracle", "SUMMARY:Kathmandu, no VTIMEZONE",
          "DTSTART;TZID=Asia/Kathmandu:20250303T081500",
          "DTEND;TZID=Asia/Kathmandu:20250303T091500"),
    event("iana-kol@oracle", "SUMMARY:Kolkata daily, no VTIMEZONE",
          "DTSTART;TZID=Asia/Kolkata:20250303T233000",
          "DTEND;TZID=Asia/Kolkata:20250304T003000",
          "RRULE:FREQ=DAILY;COUNT=2"),
    event("iana-lhw@oracle", "SUMMARY:Lord Howe weekly across DST start",
          f"DTSTART;{LH}:20250928T120000", f"DTEND;{LH}:20250928T130000",
          "RRULE:FREQ=WEEKLY;COUNT=2"),
    event("iana-ber@oracle", "SUMMARY:Berlin monthly, no VTIMEZONE",
          f"DTSTART;{B}:20250226T180000", f"DTEND;{B}:20250226T190000",
          "RRULE:FREQ=MONTHLY;COUNT=2"),
    event("iana-london@oracle", "SUMMARY:London over BST start",
          "DTSTART;TZID=Europe/London:20250329T230000",
          "DTEND;TZID=Europe/London:20250330T030000"),
    # RFC 5545 §3.3.5: an ambiguous local time is its first occurrence,
    # a non-existent one takes the offset before the gap
    event("iana-ny-fold@oracle", "SUMMARY:New York ambiguous 01:30, no VTIMEZONE",
          f"DTSTART;{NY}:20251102T013000", f"DTEND;{NY}:20251102T030000"),
    event("iana-ber-gap@oracle", "SUMMARY:Berlin non-existent 02:30, no VTIMEZONE",
          f"DTSTART;{B}:20250330T023000", f"DTEND;{B}:20250330T043000"),
])

# 6. Windows TZIDs without a VTIMEZONE ---------------------------------------
FILES["zones_windows.ics"] = calendar("zones_windows", [], [
    event("win-weu@oracle", "SUMMARY:W. Europe Standard Time weekly across DST",
          "DTSTART;TZID=W. Europe Standard Time:20250324T090000",
          "DTEND;TZID=W. Europe Standard Time:20250324T100000",
          "RRULE:FREQ=WEEKLY;COUNT=2"),
    event("win-est@oracle", "SUMMARY:Eastern Standard Time",
          "DTSTART;TZID=Eastern Standard Time:20250707T140000",
          "DTEND;TZID=Eastern Standard Time:20250707T150000"),
    event("win-ist@oracle", "SUMMARY:India Standard Time",
          "DTSTART;TZID=India Standard Time:20250708T100000",
          "DTEND;TZID=India Standard Time:20250708T110000"),
    event("win-pst@oracle", "SUMMARY:Pacific Standard Time across DST end",
          "DTSTART;TZID=Pacific Standard Time:20251031T170000",
          "DTEND;TZID=Pacific Standard Time:20251031T180000",
          "RRULE:FREQ=WEEKLY;COUNT=2"),
    event("win-gmt@oracle", "SUMMARY:GMT Standard Time in summer",
          "DTSTART;TZID=GMT Standard Time:20250709T120000",
          "DTEND;TZID=GMT Standard Time:20250709T130000"),
    event("win-quoted@oracle", "SUMMARY:quoted Windows TZID",
          'DTSTART;TZID="W. Europe Standard Time":20250710T083000',
          'DTEND;TZID="W. Europe Standard Time":20250710T093000'),
    event("win-weu-fold@oracle", "SUMMARY:W. Europe ambiguous 02:30",
          "DTSTART;TZID=W. Europe Standard Time:20251026T023000",
          "DTEND;TZID=W. Europe Standard Time:20251026T033000"),
    # Outlook's display names, as older Exchange/OWA versions write them
    event("win-display-eastern@oracle", "SUMMARY:Outlook display name, Eastern",
          'DTSTART;TZID="(UTC-05:00) Eastern Time (US & Canada)":20250715T093000',
          'DTEND;TZID="(UTC-05:00) Eastern Time (US & Canada)":20250715T103000'),
    event("win-display-india@oracle", "SUMMARY:Outlook display name, India",
          'DTSTART;TZID="(UTC+05:30) Chennai, Kolkata, Mumbai, New Delhi":20250716T100000',
          'DTEND;TZID="(UTC+05:30) Chennai, Kolkata, Mumbai, New Delhi":20250716T110000'),
])

# 7. Events crossing DST changes, gaps and folds ------------------------------
FILES["dst_crossing.ics"] = calendar("dst_crossing", ["Europe/Berlin", "America/New_York"], [
    event("overnight-spring@oracle", "SUMMARY:overnight across spring forward",
          f"DTSTART;{B}:20250329T230000", f"DTEND;{B}:20250330T040000"),
    event("overnight-autumn@oracle", "SUMMARY:overnight across fall back",
          f"DTSTART;{B}:20251025T230000", f"DTEND;{B}:20251026T040000"),
    # RFC 5545 §3.3.5: a non-existent local time uses the offset before the gap
    event("gap-start@oracle", "SUMMARY:starts at a non-existent 02:30",
          f"DTSTART;{B}:20250330T023000", f"DTEND;{B}:20250330T043000"),
    event("ny-gap@oracle", "SUMMARY:New York non-existent 02:30",
          f"DTSTART;{NY}:20250309T023000", f"DTEND;{NY}:20250309T033000"),
    # RFC 5545 §3.3.10: instances at a non-existent time as in §3.3.5;
    # RFC 5545 §3.8.5.3: with DTEND every instance has the same exact duration
    event("daily-gap@oracle", "SUMMARY:daily 02:30 across spring forward",
          f"DTSTART;{B}:20250329T023000", f"DTEND;{B}:20250329T033000",
          "RRULE:FREQ=DAILY;COUNT=3"),
    event("daily-exact@oracle", "SUMMARY:first instance spans the gap",
          f"DTSTART;{B}:20250330T013000", f"DTEND;{B}:20250330T033000",
          "RRULE:FREQ=DAILY;COUNT=3"),
    event("daily-fold@oracle", "SUMMARY:daily 02:30 across fall back",
          f"DTSTART;{B}:20251025T023000", f"DTEND;{B}:20251025T030000",
          "RRULE:FREQ=DAILY;COUNT=3"),
])

# 8. Weekly rules across DST --------------------------------------------------
FILES["weekly_dst.ics"] = calendar("weekly_dst", ["America/New_York", "Europe/Berlin"], [
    event("wk-ny@oracle", "SUMMARY:weekly 09:00 New York",
          f"DTSTART;{NY}:20250224T090000", f"DTEND;{NY}:20250224T100000",
          "RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=6"),
    event("wk-utc@oracle", "SUMMARY:weekly 14:00Z",
          "DTSTART:20250320T140000Z", "DTEND:20250320T150000Z",
          "RRULE:FREQ=WEEKLY;COUNT=4"),
    event("wk-ber-2@oracle", "SUMMARY:every other Mon/Thu Berlin, UNTIL",
          f"DTSTART;{B}:20251002T170000", f"DTEND;{B}:20251002T180000",
          "RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;UNTIL=20251110T000000Z"),
    event("wk-float@oracle", "SUMMARY:weekly floating 08:00",
          "DTSTART:20250324T080000", "DTEND:20250324T083000",
          "RRULE:FREQ=WEEKLY;COUNT=3"),
    event("wk-ny-autumn@oracle", "SUMMARY:weekly Friday 18:00 New York",
          f"DTSTART;{NY}:20251024T180000", f"DTEND;{NY}:20251024T200000",
          "RRULE:FREQ=WEEKLY;COUNT=3"),
])

# 9. BYxxx, COUNT, UNTIL ------------------------------------------------------
FILES["byrules.ics"] = calendar("byrules", ["Europe/Berlin", "America/New_York"], [
    event("by-mwf@oracle", "SUMMARY:MO,WE,FR until an instance (inclusive)",
          "DTSTART:20250106T090000Z", "DTEND:20250106T093000Z",
          "RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR;UNTIL=20250120T090000Z"),
    event("by-lastday@oracle", "SUMMARY:last day of the month",
          "DTSTART:20250131T120000Z", "DTEND:20250131T130000Z",
          "RRULE:FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=6"),
    event("by-lastfri@oracle", "SUMMARY:last Friday",
          f"DTSTART;{B}:20250131T160000", f"DTEND;{B}:20250131T170000",
          "RRULE:FREQ=MONTHLY;BYDAY=-1FR;COUNT=5"),
    event("by-lastworkday@oracle", "SUMMARY:last workday (BYSETPOS=-1)",
          f"DTSTART;{B}:20250131T080000", f"DTEND;{B}:20250131T090000",
          "RRULE:FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;COUNT=6"),
    event("by-setpos2@oracle", "SUMMARY:second Tue/Thu of the month",
          f"DTSTART;{NY}:20250206T110000", f"DTEND;{NY}:20250206T120000",
          "RRULE:FREQ=MONTHLY;BYDAY=TU,TH;BYSETPOS=2;COUNT=4"),
    event("by-weekno1@oracle", "SUMMARY:Monday of ISO week 1",
          "DTSTART:20241230T100000Z", "DTEND:20241230T110000Z",
          "RRULE:FREQ=YEARLY;BYWEEKNO=1;BYDAY=MO;COUNT=3"),
    event("by-weekno20@oracle", "SUMMARY:Wednesday of week 20",
          f"DTSTART;{B}:20250514T150000", f"DTEND;{B}:20250514T160000",
          "RRULE:FREQ=YEARLY;BYWEEKNO=20;BYDAY=WE;COUNT=2"),
    event("by-yearday@oracle", "SUMMARY:year days 100 and -1",
          "DTSTART:20250410T070000Z", "DTEND:20250410T080000Z",
          "RRULE:FREQ=YEARLY;BYYEARDAY=100,-1;COUNT=4"),
    event("by-md31@oracle", "SUMMARY:the 31st (months without one skipped)",
          "DTSTART:20250131T180000Z", "DTEND:20250131T190000Z",
          "RRULE:FREQ=MONTHLY;BYMONTHDAY=31;COUNT=4"),
    event("by-jan30@oracle", "SUMMARY:monthly from Jan 30 (February skipped)",
          "DTSTART:20250130T060000Z", "DTEND:20250130T063000Z",
          "RRULE:FREQ=MONTHLY;COUNT=3"),
    event("by-interval3@oracle", "SUMMARY:every third day",
          f"DTSTART;{B}:20250303T120000", f"DTEND;{B}:20250303T123000",
          "RRULE:FREQ=DAILY;INTERVAL=3;COUNT=5"),
    event("by-wkst-mo@oracle", "SUMMARY:RFC example WKST=MO",
          "DTSTART:20250805T090000Z", "DTEND:20250805T100000Z",
          "RRULE:FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO"),
    event("by-wkst-su@oracle", "SUMMARY:RFC example WKST=SU",
          "DTSTART:20250805T120000Z", "DTEND:20250805T130000Z",
          "RRULE:FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU"),
    event("by-until-ny@oracle", "SUMMARY:daily New York, UTC UNTIL on an instance",
          f"DTSTART;{NY}:20250307T100000", f"DTEND;{NY}:20250307T103000",
          "RRULE:FREQ=DAILY;UNTIL=20250311T140000Z"),
    event("by-hourmin@oracle", "SUMMARY:BYHOUR/BYMINUTE",
          "DTSTART:20250415T090000Z", "DTEND:20250415T091500Z",
          "RRULE:FREQ=DAILY;BYHOUR=9,17;BYMINUTE=0,30;COUNT=8"),
])

# 10. All-day events and recurrences -------------------------------------------
FILES["allday.ics"] = calendar("allday", [], [
    event("ad-single@oracle", "SUMMARY:all-day single",
          "DTSTART;VALUE=DATE:20250714", "DTEND;VALUE=DATE:20250715"),
    event("ad-multi@oracle", "SUMMARY:all-day four days",
          "DTSTART;VALUE=DATE:20250720", "DTEND;VALUE=DATE:20250724"),
    event("ad-feb29@oracle", "SUMMARY:leap-day birthday",
          "DTSTART;VALUE=DATE:20240229", "DTEND;VALUE=DATE:20240301",
          "RRULE:FREQ=YEARLY;COUNT=3", "TRANSP:TRANSPARENT"),
    event("ad-weekly@oracle", "SUMMARY:all-day Fridays with an EXDATE",
          "DTSTART;VALUE=DATE:20250801", "DTEND;VALUE=DATE:20250802",
          "RRULE:FREQ=WEEKLY;BYDAY=FR;COUNT=5",
          "EXDATE;VALUE=DATE:20250815"),
    event("ad-weekly@oracle", "SUMMARY:all-day Friday moved to Monday",
          "RECURRENCE-ID;VALUE=DATE:20250822",
          "DTSTART;VALUE=DATE:20250825", "DTEND;VALUE=DATE:20250826"),
    event("ad-weekly@oracle", "SUMMARY:all-day Friday made a timed event",
          "RECURRENCE-ID;VALUE=DATE:20250829",
          "DTSTART:20250829T130000Z", "DTEND:20250829T140000Z"),
    event("ad-monthly-noend@oracle", "SUMMARY:all-day monthly, no DTEND",
          "DTSTART;VALUE=DATE:20250930", "RRULE:FREQ=MONTHLY;COUNT=3"),
    event("ad-dst-day@oracle", "SUMMARY:all-day on a DST day",
          "DTSTART;VALUE=DATE:20251026", "DTEND;VALUE=DATE:20251027"),
    event("ad-until@oracle", "SUMMARY:daily all-day UNTIL a date",
          "DTSTART;VALUE=DATE:20250301", "DTEND;VALUE=DATE:20250302",
          "RRULE:FREQ=DAILY;UNTIL=20250305"),
])

# 11. Floating times ------------------------------------------------------------
FILES["floating.ics"] = calendar("floating", [], [
    event("fl-single@oracle", "SUMMARY:floating single",
          "DTSTART:20250505T090000", "DTEND:20250505T100000"),
    event("fl-daily@oracle", "SUMMARY:floating daily, EXDATE, override",
          "DTSTART:20250510T233000", "DTEND:20250511T003000",
          "RRULE:FREQ=DAILY;COUNT=4", "EXDATE:20250511T233000"),
    event("fl-daily@oracle", "SUMMARY:floating override",
          "RECURRENCE-ID:20250512T233000",
          "DTSTART:20250513T060000", "DTEND:20250513T070000"),
    event("fl-noend@oracle", "SUMMARY:floating without end",
          "DTSTART:20250520T120000"),
])

# 12. UTC times and window edges ------------------------------------------------
FILES["utc_edges.ics"] = calendar("utc_edges", [], [
    event("utc-weekly@oracle", "SUMMARY:UTC weekly, UNTIL, EXDATE, moved",
          "DTSTART:20250602T070000Z", "DTEND:20250602T080000Z",
          "RRULE:FREQ=WEEKLY;UNTIL=20250630T070000Z",
          "EXDATE:20250609T070000Z"),
    event("utc-weekly@oracle", "SUMMARY:UTC weekly moved",
          "RECURRENCE-ID:20250616T070000Z",
          "DTSTART:20250617T210000Z", "DTEND:20250618T010000Z"),
    # anchor window: [2025-09-10T06:00Z, 2025-09-11T18:00Z)
    event("edge-anchor@oracle", "SUMMARY:edge anchor",
          "DTSTART:20250910T120000Z", "DTEND:20250910T130000Z"),
    event("edge-zero-at-start@oracle", "SUMMARY:zero length at window start",
          "DTSTART:20250910T060000Z"),
    event("edge-ends-at-start@oracle", "SUMMARY:ends at window start",
          "DTSTART:20250910T050000Z", "DTEND:20250910T060000Z"),
    event("edge-starts-at-end@oracle", "SUMMARY:starts at window end",
          "DTSTART:20250911T180000Z", "DTEND:20250911T190000Z"),
    event("edge-zero-at-end@oracle", "SUMMARY:zero length at window end",
          "DTSTART:20250911T180000Z", "DURATION:PT0S"),
    # anchor window: [2025-09-25T00:00Z, 2025-09-26T12:00Z)
    event("edge-anchor2@oracle", "SUMMARY:edge anchor at 06:00Z",
          "DTSTART:20250925T060000Z", "DTEND:20250925T070000Z"),
    event("edge-allday-before@oracle", "SUMMARY:all-day ending at window start",
          "DTSTART;VALUE=DATE:20250924", "DTEND;VALUE=DATE:20250925"),
    event("edge-allday-after@oracle", "SUMMARY:all-day starting inside the window",
          "DTSTART;VALUE=DATE:20250926", "DTEND;VALUE=DATE:20250927"),
])

# 13. Cancelled, transparent, tentative -----------------------------------------
FILES["status_transp.ics"] = calendar("status_transp", ["Europe/Berlin"], [
    event("st-cancelled@oracle", "SUMMARY:cancelled single", "STATUS:CANCELLED",
          f"DTSTART;{B}:20250303T090000", f"DTEND;{B}:20250303T100000"),
    event("st-transp@oracle", "SUMMARY:transparent", "TRANSP:TRANSPARENT",
          f"DTSTART;{B}:20250303T093000", f"DTEND;{B}:20250303T110000"),
    event("st-cancelled-series@oracle", "SUMMARY:cancelled series",
          "STATUS:CANCELLED",
          f"DTSTART;{B}:20250304T090000", f"DTEND;{B}:20250304T100000",
          "RRULE:FREQ=DAILY;COUNT=3"),
    event("st-tentative@oracle", "SUMMARY:tentative", "STATUS:TENTATIVE",
          f"DTSTART;{B}:20250305T150000", f"DTEND;{B}:20250305T160000"),
])

# 14. RANGE=THISANDFUTURE ---------------------------------------------------------
FILES["thisandfuture.ics"] = calendar("thisandfuture", [], [
    event("taf@oracle", "SUMMARY:daily, shifted from the 3rd on",
          "DTSTART:20250401T100000Z", "DTEND:20250401T110000Z",
          "RRULE:FREQ=DAILY;COUNT=6"),
    # RFC 5545 §3.8.4.4: the change applies to this and all later instances
    event("taf@oracle", "SUMMARY:this and future: two hours later",
          "RECURRENCE-ID;RANGE=THISANDFUTURE:20250403T100000Z",
          "DTSTART:20250403T120000Z", "DTEND:20250403T130000Z", "SEQUENCE:1"),
])

# 15. Unbounded rules, windows far from DTSTART ------------------------------------
FILES["unbounded.ics"] = calendar("unbounded", ["Europe/Berlin"], [
    event("ub-daily@oracle", "SUMMARY:daily 07:00 Berlin forever",
          f"DTSTART;{B}:20240101T070000", f"DTEND;{B}:20240101T071500",
          "RRULE:FREQ=DAILY"),
    event("ub-weekend@oracle", "SUMMARY:weekends 10:00Z forever",
          "DTSTART:20240106T100000Z", "DTEND:20240106T120000Z",
          "RRULE:FREQ=WEEKLY;BYDAY=SA,SU"),
    event("ub-count1@oracle", "SUMMARY:COUNT=1",
          "DTSTART:20240201T100000Z", "DTEND:20240201T110000Z",
          "RRULE:FREQ=DAILY;COUNT=1"),
    event("ub-yearly@oracle", "SUMMARY:yearly all-day",
          "DTSTART;VALUE=DATE:20240115", "DTEND;VALUE=DATE:20240116",
          "RRULE:FREQ=YEARLY"),
])

# 16. EXDATE and RECURRENCE-ID oddities -------------------------------------------
FILES["exdate_oddities.ics"] = calendar("exdate_oddities", ["Europe/Berlin"], [
    event("ex-utc@oracle", "SUMMARY:TZID master, EXDATE in UTC",
          f"DTSTART;{B}:20250707T090000", f"DTEND;{B}:20250707T100000",
          "RRULE:FREQ=DAILY;COUNT=4", "EXDATE:20250708T070000Z"),
    event("ex-first@oracle", "SUMMARY:EXDATE removes DTSTART itself",
          "DTSTART:20250714T090000Z", "DTEND:20250714T100000Z",
          "RRULE:FREQ=DAILY;COUNT=3", "EXDATE:20250714T090000Z"),
    event("ex-nomatch@oracle", "SUMMARY:EXDATE matching no instance",
          "DTSTART:20250721T090000Z", "DTEND:20250721T100000Z",
          "RRULE:FREQ=DAILY;COUNT=2", "EXDATE:20250722T093000Z"),
    event("ex-all@oracle", "SUMMARY:every instance excluded",
          "DTSTART:20250728T090000Z", "DTEND:20250728T100000Z",
          "RRULE:FREQ=DAILY;COUNT=2",
          "EXDATE:20250728T090000Z", "EXDATE:20250729T090000Z"),
    event("ex-multi@oracle", "SUMMARY:several EXDATE lines and lists",
          f"DTSTART;{B}:20250804T180000", f"DTEND;{B}:20250804T190000",
          "RRULE:FREQ=DAILY;COUNT=6",
          f"EXDATE;{B}:20250805T180000,20250807T180000",
          f"EXDATE;{B}:20250808T180000"),
    event("ex-rdate@oracle", "SUMMARY:EXDATE wins over RDATE",
          "DTSTART:20250811T090000Z", "DTEND:20250811T100000Z",
          "RDATE:20250812T090000Z,20250813T090000Z",
          "EXDATE:20250813T090000Z"),
])

# 17. Issue 17: zones and times as clients read them ------------------------------
# A VTIMEZONE that stops short: the system's zone data before and after it.
FILES["zones_short_vtimezone.ics"] = calendar("zones_short_vtimezone", ["Europe/Berlin 2018-2020"], [
    event("short-before@oracle", "SUMMARY:before the definition's first change",
          f"DTSTART;{B}:20161203T140000", f"DTEND;{B}:20161203T190000"),
    event("short-inside@oracle", "SUMMARY:inside it",
          f"DTSTART;{B}:20190710T140000", f"DTEND;{B}:20190710T150000"),
    event("short-after@oracle", "SUMMARY:weekly in December 2028, long after it",
          f"DTSTART;{B}:20281206T140000", f"DTEND;{B}:20281206T150000",
          "RRULE:FREQ=WEEKLY;COUNT=3"),
])

# X-WR-TIMEZONE: floating times are in the calendar's zone, not the display zone.
FILES["floating_x_wr_timezone.ics"] = calendar("floating_x_wr_timezone", [], [
    event("xwr-single@oracle", "SUMMARY:floating 09:30 New York",
          "DTSTART:20250715T093000", "DTEND:20250715T103000"),
    event("xwr-weekly@oracle", "SUMMARY:floating weekly across DST, one excluded",
          "DTSTART:20250303T090000", "DTEND:20250303T093000",
          "RRULE:FREQ=WEEKLY;COUNT=4", "EXDATE:20250310T090000"),
    event("xwr-weekly@oracle", "SUMMARY:floating override",
          "RECURRENCE-ID:20250317T090000",
          "DTSTART:20250317T150000", "DTEND:20250317T160000"),
    event("xwr-utc@oracle", "SUMMARY:UTC stays UTC",
          "DTSTART:20250716T093000Z", "DTEND:20250716T103000Z"),
], properties=["X-WR-TIMEZONE:America/New_York"])

# The wall time 02:30 that occurs twice on Berlin's fall-back night: the first.
FILES["dst_fold_matrix.ics"] = calendar("dst_fold_matrix", ["Europe/Berlin", "America/New_York"], [
    event("fold-dtend@oracle", "SUMMARY:DTEND in the same zone",
          f"DTSTART;{B}:20251026T023000", f"DTEND;{B}:20251026T033000"),
    event("fold-duration@oracle", "SUMMARY:DURATION",
          f"DTSTART;{B}:20251026T023000", "DURATION:PT1H"),
    event("fold-other-zone@oracle", "SUMMARY:DTEND in New York",
          f"DTSTART;{B}:20251026T023000", f"DTEND;{NY}:20251025T220000"),
    event("fold-rdate@oracle", "SUMMARY:RDATE at the ambiguous time",
          f"DTSTART;{B}:20251024T023000", f"DTEND;{B}:20251024T030000",
          f"RDATE;{B}:20251026T023000"),
])

# DTEND before DTSTART: the time between the two (recurring-ical-events issue 132).
FILES["end_before_start.ics"] = calendar("end_before_start", ["Europe/Berlin"], [
    event("swap-single@oracle", "SUMMARY:swapped, Berlin",
          f"DTSTART;{B}:20250304T083000", f"DTEND;{B}:20250304T080000"),
    event("swap-daily@oracle", "SUMMARY:swapped, daily",
          "DTSTART:20250601T103000Z", "DTEND:20250601T100000Z", "RRULE:FREQ=DAILY;COUNT=3"),
    event("swap-days@oracle", "SUMMARY:DTEND four days before DTSTART",
          "DTSTART:20250709T150000Z", "DTEND:20250705T160000Z"),
    event("swap-allday@oracle", "SUMMARY:all-day, swapped",
          "DTSTART;VALUE=DATE:20250820", "DTEND;VALUE=DATE:20250818"),
])


def main(argv):
    if len(argv) != 2:
        print("usage: gen_hard.py OUT_DIR", file=sys.stderr)
        return 2
    out = argv[1]
    os.makedirs(out, exist_ok=True)
    for name in sorted(FILES):
        with open(os.path.join(out, name), "w", encoding="utf-8", newline="") as fh:
            fh.write(FILES[name])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
