#!/usr/bin/env python3
"""Writes the TNEF (winmail.dat) fixtures of invites' tests, built from the specifications
alone: [MS-OXTNEF] for the stream and its MAPI property lists, [MS-OXOCAL] for the meeting's
properties and its recurrence, [MS-OXRTFCP] for the compressed RTF, [MS-OXCICAL] for the UID.

    python3 make_tnef.py               # rewrites every fixture here
    python3 make_tnef.py --check DIR   # writes them into DIR; exit 1 when any differs from here

Each fixture is a winmail.dat (NAME.dat) and the mail that carries it (NAME.eml). The output is
the same on every run (no clock, no randomness), so the committed files can be checked against
it (Tests/Scripts/tnef.sh does).
"""
import base64
import os
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = HERE

# Attribute ids ([MS-OXTNEF] 2.1.3.3): level 1 is the message, 2 an attachment.
ATT_TNEF_VERSION = 0x00089006
ATT_OEM_CODEPAGE = 0x00069007
ATT_MESSAGE_CLASS = 0x00078008
ATT_SUBJECT = 0x00018004
ATT_BODY = 0x0002800C
ATT_MSG_PROPS = 0x00069003
ATT_RECIP_TABLE = 0x00069004
ATT_ATTACH_REND_DATA = 0x00069002
ATT_ATTACH_DATA = 0x0006800F
ATT_ATTACH_TITLE = 0x00018010
ATT_ATTACHMENT = 0x00069005

PT_SHORT, PT_LONG, PT_BOOLEAN, PT_SYSTIME = 0x0002, 0x0003, 0x000B, 0x0040
PT_STRING8, PT_UNICODE, PT_BINARY = 0x001E, 0x001F, 0x0102

PSETID_APPOINTMENT = bytes.fromhex("0220060000000000c000000000000046")
PSETID_MEETING = bytes.fromhex("90dad86e0b451b1098da00aa003f1305")


def attribute(level, ident, data):
    return struct.pack("<BII", level, ident, len(data)) + data + struct.pack("<H", sum(data) & 0xFFFF)


def stream(*attributes, key=0x1234):
    return struct.pack("<IH", 0x223E9F78, key) + b"".join(attributes)


def pad(data):
    return data + b"\0" * (-len(data) % 4)


def value(kind, content):
    """One property value as TNEF writes it ([MS-OXTNEF] 2.1.3.4)."""
    if kind in (PT_SHORT, PT_BOOLEAN):
        return struct.pack("<hxx", content)
    if kind == PT_LONG:
        return struct.pack("<i", content)
    if kind == PT_SYSTIME:
        return struct.pack("<Q", content)
    if kind == PT_STRING8:
        raw = content.encode("cp1252") + b"\0"
    elif kind == PT_UNICODE:
        raw = content.encode("utf-16-le") + b"\0\0"
    else:
        raw = content
    return struct.pack("<II", 1, len(raw)) + pad(raw)


def prop(kind, ident, content):
    return struct.pack("<HH", kind, ident) + value(kind, content)


def named(kind, guid, lid, content, ident=0x8000):
    return struct.pack("<HH", kind, ident) + guid + struct.pack("<II", 0, lid) + value(kind, content)


def props(*items):
    return struct.pack("<I", len(items)) + b"".join(items)


def filetime(year, month, day, hour=0, minute=0):
    import datetime

    moment = datetime.datetime(year, month, day, hour, minute, tzinfo=datetime.timezone.utc)
    return int((moment.timestamp() + 11644473600) * 10_000_000)


def global_object_id(seed, data=None):
    """PidLidGlobalObjectId ([MS-OXOCAL] 2.2.1.27): the array id, an instance date (zero),
    a creation time, eight zero bytes, the data's size and the data."""
    data = data if data is not None else bytes((seed * 37 + i * 11) & 0xFF for i in range(16))
    return (
        bytes.fromhex("040000008200E00074C5B7101A82E008")
        + b"\0\0\0\0"
        + struct.pack("<Q", filetime(2025, 3, 1, 8, seed))
        + b"\0" * 8
        + struct.pack("<I", len(data))
        + data
    )


def exchange_uid(goid):
    return (goid[:16] + b"\0\0\0\0" + goid[20:]).hex().upper()


def tz_definition(key):
    """PidLidAppointmentTimeZoneDefinitionStartDisplay ([MS-OXOCAL] 2.2.1.41): its header and
    key name (the rules that follow are not needed to name the zone; one standard rule)."""
    name = key.encode("utf-16-le")
    header = struct.pack("<BBHHH", 2, 1, 6 + len(name), 0, len(key)) + name
    rule = struct.pack("<BBHHH", 2, 1, 62, 0x0002, 0) + struct.pack("<H", 2025) + b"\0" * 14
    rule += struct.pack("<iii", -60, 0, -60) + b"\0" * 32
    return header + struct.pack("<H", 1) + rule


def compress_rtf(raw):
    """[MS-OXRTFCP] compression: greedy longest matches in the 4096-byte dictionary."""
    init = (
        b"{\\rtf1\\ansi\\mac\\deff0\\deftab720{\\fonttbl;}{\\f0\\fnil \\froman \\fswiss \\fmodern \\fscript "
        b"\\fdecor MS Sans SerifSymbolArialTimes New RomanCourier{\\colortbl\\red0\\green0\\blue0\r\n"
        b"\\par \\pard\\plain\\f0\\fs20\\b\\i\\u\\tab\\tx"
    )
    dictionary = bytearray(4096)
    dictionary[: len(init)] = init
    write = len(init)
    out = bytearray()
    position = 0
    done = False
    while not done:
        control = 0
        run = bytearray()
        for bit in range(8):
            if position >= len(raw):
                control |= 1 << bit
                run += struct.pack(">H", write << 4)
                done = True
                break
            best, best_length = 0, 0
            for start in range(4096):
                if start == write:
                    continue
                length = 0
                while length < 17 and position + length < len(raw):
                    at = (start + length) & 0xFFF
                    if at == write and length > 0:
                        break
                    if dictionary[at] != raw[position + length]:
                        break
                    length += 1
                if length > best_length:
                    best, best_length = start, length
            if best_length >= 2:
                control |= 1 << bit
                run += struct.pack(">H", (best << 4) | (best_length - 2))
                for offset in range(best_length):
                    dictionary[write] = raw[position + offset]
                    write = (write + 1) & 0xFFF
                position += best_length
            else:
                run.append(raw[position])
                dictionary[write] = raw[position]
                write = (write + 1) & 0xFFF
                position += 1
        out.append(control)
        out += run
    return struct.pack("<IIII", len(out) + 12, len(raw), 0x75465A4C, 0) + bytes(out)


def recurrence_weekly(start_minutes, count, deleted, moved=()):
    """PidLidAppointmentRecur ([MS-OXOCAL] 2.2.1.44): weekly on Tuesday, COUNT occurrences,
    the `deleted` dates (minutes since 1601 of their midnights) deleted, and each of `moved`
    (original start, new start, new end, new subject; local minutes since 1601) an exception
    (ExceptionInfo 2.2.1.44.2 and ExtendedException 2.2.1.44.3)."""
    originals = sorted(deleted + [original // 1440 * 1440 for original, _, _, _ in moved])
    pattern = struct.pack("<HHHHHIII", 0x3004, 0x3004, 0x200B, 0x0001, 0, 0, 1, 0)
    pattern += struct.pack("<I", 0x04)  # Tuesday
    pattern += struct.pack("<III", 0x2022, count, 1)
    pattern += struct.pack("<I", len(originals)) + b"".join(struct.pack("<I", d) for d in originals)
    pattern += struct.pack("<I", len(moved)) + b"".join(struct.pack("<I", s // 1440 * 1440) for _, s, _, _ in moved)
    pattern += struct.pack("<II", 0, 0x5AE980DF)
    pattern += struct.pack("<IIIIH", 0x3006, 0x3009, start_minutes, start_minutes + 60, len(moved))
    for original, new_start, new_end, subject in moved:
        raw = subject.encode("cp1252")
        pattern += struct.pack("<IIIHHH", new_start, new_end, original, 0x0001, len(raw) + 1, len(raw)) + raw
    pattern += struct.pack("<I", 0)  # ReservedBlock1Size
    for original, new_start, new_end, subject in moved:
        wide = subject.encode("utf-16-le")
        pattern += struct.pack("<III", 4, 0, 0)  # ChangeHighlight (size, value), ReservedBlockEE1Size
        pattern += struct.pack("<IIIH", new_start, new_end, original, len(subject)) + wide
        pattern += struct.pack("<I", 0)  # ReservedBlockEE2Size
    pattern += struct.pack("<I", 0)  # ReservedBlock2Size
    return pattern


def recurrence_monthly_nth(start_minutes, weekday_mask, nth, until):
    """PidLidAppointmentRecur: monthly on the nth weekday (5 is the last), ending on `until`
    (minutes since 1601 of its midnight)."""
    pattern = struct.pack("<HHHHHIII", 0x3004, 0x3004, 0x200C, 0x0003, 0, 0, 1, 0)
    pattern += struct.pack("<II", weekday_mask, nth)
    pattern += struct.pack("<III", 0x2021, 10, 1)
    pattern += struct.pack("<I", 0) + struct.pack("<I", 0)
    pattern += struct.pack("<II", 0, until)
    pattern += struct.pack("<IIIIH", 0x3006, 0x3009, start_minutes, start_minutes + 30, 0)
    pattern += struct.pack("<II", 0, 0)
    return pattern


def day_minutes(year, month, day):
    import datetime

    return (datetime.date(year, month, day) - datetime.date(1601, 1, 1)).days * 1440


def recipients(*rows):
    table = struct.pack("<I", len(rows))
    for address, name, kind in rows:
        table += props(
            prop(PT_LONG, 0x0C15, kind),
            prop(PT_STRING8, 0x3001, name),
            prop(PT_STRING8, 0x3002, "SMTP"),
            prop(PT_STRING8, 0x3003, address),
        )
    return table


def meeting_props(klass, subject, goid, start, end, location=None, body=None, rtf=None, sequence=0,
                  sender=("organizer@example.org", "Oda Organizer"), zone="W. Europe Standard Time",
                  recurrence=None, topic=None, stamp=filetime(2025, 3, 1, 9, 0), all_day=False, extra=()):
    items = [
        prop(PT_STRING8, 0x001A, klass),
        prop(PT_STRING8, 0x0037, subject),
        prop(PT_STRING8, 0x0070, topic or subject),
        prop(PT_STRING8, 0x0042, sender[1]),
        prop(PT_STRING8, 0x0064, "SMTP"),
        prop(PT_STRING8, 0x0065, sender[0]),
        prop(PT_STRING8, 0x0C1A, sender[1]),
        prop(PT_STRING8, 0x0C1E, "SMTP"),
        prop(PT_STRING8, 0x0C1F, sender[0]),
        prop(PT_SYSTIME, 0x0060, start),
        prop(PT_SYSTIME, 0x0061, end),
        named(PT_BINARY, PSETID_MEETING, 0x0003, goid),
        named(PT_BINARY, PSETID_MEETING, 0x0023, goid),
        named(PT_SYSTIME, PSETID_MEETING, 0x001A, stamp),
        named(PT_SYSTIME, PSETID_APPOINTMENT, 0x820D, start),
        named(PT_SYSTIME, PSETID_APPOINTMENT, 0x820E, end),
        named(PT_LONG, PSETID_APPOINTMENT, 0x8201, sequence),
        named(PT_BOOLEAN, PSETID_APPOINTMENT, 0x8215, 1 if all_day else 0),
        named(PT_BOOLEAN, PSETID_APPOINTMENT, 0x8223, 1 if recurrence else 0),
    ]
    if zone:
        items.append(named(PT_BINARY, PSETID_APPOINTMENT, 0x825E, tz_definition(zone)))
    if location is not None:
        items.append(named(PT_STRING8, PSETID_APPOINTMENT, 0x8208, location))
        items.append(named(PT_UNICODE, PSETID_MEETING, 0x0002, location))
    if body is not None:
        items.append(prop(PT_STRING8, 0x1000, body))
    if rtf is not None:
        items.append(prop(PT_BINARY, 0x1009, rtf))
    if recurrence is not None:
        items.append(named(PT_BINARY, PSETID_APPOINTMENT, 0x8216, recurrence))
    return props(*items, *extra)


def message(klass_attribute, subject, msg_props, recips=None, extra=b""):
    parts = [
        attribute(1, ATT_TNEF_VERSION, struct.pack("<I", 0x00010000)),
        attribute(1, ATT_OEM_CODEPAGE, struct.pack("<II", 1252, 0)),
        attribute(1, ATT_MESSAGE_CLASS, klass_attribute.encode("cp1252") + b"\0"),
        attribute(1, ATT_SUBJECT, subject.encode("cp1252") + b"\0"),
    ]
    if recips is not None:
        parts.append(attribute(1, ATT_RECIP_TABLE, recips))
    parts.append(attribute(1, ATT_MSG_PROPS, msg_props))
    return stream(*parts) + extra


def mail(name, subject, dat, content_type="application/ms-tnef", to="Kim Attendee <kim@example.com>",
         headers=""):
    body = base64.encodebytes(dat).decode("ascii")
    text = (
        "From: Oda Organizer <organizer@example.org>\r\n"
        f"To: {to}\r\n"
        f"Subject: {subject}\r\n"
        "Date: Sat, 01 Mar 2025 09:00:00 +0000\r\n"
        f"Message-ID: <{name}@tnef.example.org>\r\n"
        "MIME-Version: 1.0\r\n"
        f"{headers}"
        'Content-Type: multipart/mixed; boundary="b"\r\n'
        "\r\n--b\r\nContent-Type: text/plain; charset=us-ascii\r\n\r\n"
        "Outlook sent this with rich text on: the meeting is in the attachment.\r\n"
        f'\r\n--b\r\nContent-Type: {content_type}; name="winmail.dat"\r\n'
        "Content-Transfer-Encoding: base64\r\n"
        'Content-Disposition: attachment; filename="winmail.dat"\r\n\r\n'
        f"{body.replace(chr(10), chr(13) + chr(10))}"
        "--b--\r\n"
    )
    return text.encode("ascii")


def write(name, subject, dat, stream_file=True, **options):
    """NAME.eml, and NAME.dat for the streams the other readers are asked about."""
    if stream_file:
        with open(os.path.join(OUT, name + ".dat"), "wb") as handle:
            handle.write(dat)
    with open(os.path.join(OUT, name + ".eml"), "wb") as handle:
        handle.write(mail(name, subject, dat, **options))


def main():
    start = filetime(2025, 3, 18, 9, 0)  # 10:00 in Berlin
    end = filetime(2025, 3, 18, 10, 30)
    request_goid = global_object_id(1)
    people = recipients(
        ("kim@example.com", "Kim Attendee", 1),
        ("lou@example.com", "Lou Optional", 2),
        ("room-4@example.org", "Room 4", 3),
    )
    title = "Infoveranstaltung Umbau"
    request = message(
        "IPM.Microsoft Schedule.MtgReq",
        title,
        meeting_props(
            "IPM.Schedule.Meeting.Request", title, request_goid, start, end, location="Raum 4, Haus B",
            body="Wir besprechen den Umbau.\r\nBitte Pl\u00e4ne mitbringen.",
        ),
        recips=people,
    )
    write("request", title, request)
    # The same, labelled application/octet-stream as some gateways do: found by its name.
    write("request-octet", title, request, stream_file=False, content_type="application/octet-stream")

    weekly_goid = global_object_id(2)
    rtf = (
        b"{\\rtf1\\ansi\\ansicpg1252\\deff0{\\fonttbl{\\f0\\fswiss Arial;}}"
        b"{\\colortbl;\\red0\\green0\\blue0;}\\f0\\fs20 Weekly sync on the "
        b"rollout.\\par Agenda: status, risks, next steps \\'96 bring numbers.\\par}"
    )
    weekly_start = filetime(2025, 3, 4, 14, 0)  # Tuesday 15:00 in Berlin
    weekly = message(
        "IPM.Microsoft Schedule.MtgReq",
        "Weekly sync",
        meeting_props(
            "IPM.Schedule.Meeting.Request", "Weekly sync", weekly_goid, weekly_start, weekly_start + 36_000_000_000,
            location="Teams", rtf=compress_rtf(rtf),
            # 11 March moved to 17:00-18:00 and renamed; 18 March deleted.
            recurrence=recurrence_weekly(
                15 * 60, 6, [day_minutes(2025, 3, 18)],
                moved=[(day_minutes(2025, 3, 11) + 15 * 60, day_minutes(2025, 3, 11) + 17 * 60,
                        day_minutes(2025, 3, 11) + 18 * 60, "Weekly sync (late)")]),
        ),
        recips=people,
    )
    write("weekly", "Weekly sync", weekly)

    # One occurrence of the weekly series moved an hour later: its GlobalObjectId names the
    # occurrence's date, PidLidExceptionReplaceTime its original start.
    moved_goid = weekly_goid[:16] + struct.pack(">HBB", 2025, 3, 25) + weekly_goid[20:]
    moved = message(
        "IPM.Microsoft Schedule.MtgReq",
        "Weekly sync",
        meeting_props(
            "IPM.Schedule.Meeting.Request", "Weekly sync", moved_goid, filetime(2025, 3, 25, 15, 0),
            filetime(2025, 3, 25, 16, 0), location="Teams", body="This week an hour later.", sequence=1,
            stamp=filetime(2025, 3, 2, 9, 0),
            extra=(named(PT_SYSTIME, PSETID_APPOINTMENT, 0x8228, filetime(2025, 3, 25, 14, 0)),),
        ),
        recips=people,
    )
    write("weekly-moved", "Weekly sync", moved, stream_file=False)

    # An all-day meeting on 1 April in Berlin: midnight to midnight there.
    all_day = message(
        "IPM.Microsoft Schedule.MtgReq",
        "Offsite",
        meeting_props(
            "IPM.Schedule.Meeting.Request", "Offsite", global_object_id(5), filetime(2025, 3, 31, 22, 0),
            filetime(2025, 4, 1, 22, 0), location="Lakeside", body="The whole day.", all_day=True,
        ),
        recips=people,
    )
    write("all-day", "Offsite", all_day, stream_file=False)

    # Monthly on the second Tuesday at 08:30 in New York, until 9 December 2025.
    monthly_start = filetime(2025, 3, 11, 12, 30)
    monthly = message(
        "IPM.Microsoft Schedule.MtgReq",
        "Board review",
        meeting_props(
            "IPM.Schedule.Meeting.Request", "Board review", global_object_id(4), monthly_start,
            monthly_start + 18_000_000_000, location="Boardroom", body="Second Tuesday of each month.",
            zone="Eastern Standard Time", recurrence=recurrence_monthly_nth(8 * 60 + 30, 0x04, 2,
                                                                            day_minutes(2025, 12, 9)),
        ),
        recips=people,
    )
    write("monthly", "Board review", monthly)

    cancel = message(
        "IPM.Microsoft Schedule.MtgCncl",
        "Canceled: " + title,
        meeting_props("IPM.Schedule.Meeting.Canceled", "Canceled: " + title, request_goid, start, end,
                      location="Raum 4, Haus B", sequence=2, topic=title, stamp=filetime(2025, 3, 3, 9, 0)),
        recips=people,
    )
    write("cancel", "Canceled: " + title, cancel)

    accepted = message(
        "IPM.Microsoft Schedule.MtgRespP",
        "Accepted: " + title,
        meeting_props("IPM.Schedule.Meeting.Resp.Pos", "Accepted: " + title, request_goid, start, end,
                      sender=("jens.meier@example.com", "Jens Meier"), topic=title),
    )
    write("accepted", "Accepted: " + title, accepted)

    task = message(
        "IPM.TaskRequest",
        "Quarterly report",
        props(prop(PT_STRING8, 0x001A, "IPM.TaskRequest"), prop(PT_STRING8, 0x0037, "Quarterly report"),
              prop(PT_STRING8, 0x0070, "Quarterly report")),
    )
    write("task", "Quarterly report", task)

    note = message("IPM.Microsoft Mail.Note", "Lunch?", props(prop(PT_STRING8, 0x0037, "Lunch?")))
    write("note", "Lunch?", note)

    # Broken streams: cut in the middle of the property list, a property length that points
    # past the end, a checksum that does not add up (read all the same, as Outlook's own
    # streams have them), attachments nested in attachments, and a compressed RTF that would
    # unpack to far more than the reader keeps.
    write("cut", title, request[: len(request) - 700], stream_file=False)
    # The location's length says 2 GB; the checksum is made over the lie, as a forger would.
    lying = bytearray(
        meeting_props("IPM.Schedule.Meeting.Request", title, request_goid, start, end, location="Raum 4, Haus B"))
    marker = lying.find("Raum 4, Haus B".encode("cp1252"))
    struct.pack_into("<I", lying, marker - 4, 0x7FFFFFF0)
    write("lying-length", title, message("IPM.Microsoft Schedule.MtgReq", title, bytes(lying)), stream_file=False)
    checksum = bytearray(request)
    checksum[-1] ^= 0x55
    write("bad-checksum", title, bytes(checksum), stream_file=False)
    nested = request
    for _ in range(16):
        nested = request + (
            attribute(2, ATT_ATTACH_REND_DATA, struct.pack("<HIHHI", 1, 0xFFFFFFFF, 0, 0, 0))
            + attribute(2, ATT_ATTACH_TITLE, b"winmail.dat\0")
            + attribute(2, ATT_ATTACH_DATA, nested)
        )
    write("nested", title, nested, stream_file=False)
    # A run of references, each 17 bytes out for 2 in: 1.1 MB of RTF from 130 KB.
    # Three groups of literals begin the RTF; then each reference repeats the last 17 bytes.
    seed = b"{\\rtf1 " + b"Agenda, agendas. "
    huge = bytearray()
    for group in range(3):
        huge.append(0x00)
        huge += seed[group * 8 : group * 8 + 8]
    write_at = 207 + len(seed)
    for _ in range(8192):
        huge.append(0xFF)
        for _ in range(8):
            huge += struct.pack(">H", (((write_at - 17) & 0xFFF) << 4) | 0xF)
            write_at = (write_at + 17) & 0xFFF
    huge = struct.pack("<IIII", len(huge) + 12, 0x7FFFFFFF, 0x75465A4C, 0) + bytes(huge)
    big = message(
        "IPM.Microsoft Schedule.MtgReq",
        "Huge description",
        meeting_props("IPM.Schedule.Meeting.Request", "Huge description", global_object_id(3), start, end,
                      rtf=huge),
        recips=people,
    )
    write("huge-rtf", "Huge description", big, stream_file=False)

    # The later iTIP update of the request, as Exchange writes it: UID the hex GlobalObjectId.
    with open(os.path.join(OUT, "request-update.ics"), "wb") as handle:
        handle.write(
            (
                "BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nPRODID:Microsoft Exchange Server 2010\r\nVERSION:2.0\r\n"
                "BEGIN:VEVENT\r\nORGANIZER;CN=Oda Organizer:mailto:organizer@example.org\r\n"
                "ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE;CN=Kim Attendee:mailto:kim@example.com\r\n"
                f"UID:{exchange_uid(request_goid)}\r\n"
                f"SUMMARY;LANGUAGE=de-DE:{title}\r\nDTSTART;TZID=Europe/Berlin:20250318T110000\r\n"
                "DTEND;TZID=Europe/Berlin:20250318T123000\r\nSEQUENCE:1\r\n"
                "DTSTAMP:20250302T090000Z\r\nLOCATION:Raum 5\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
            ).encode("ascii")
        )

    # Exchange's silence: a meeting mail over IMAP with neither iCalendar nor TNEF.
    with open(os.path.join(OUT, "exchange-link.eml"), "wb") as handle:
        handle.write(
            (
                "From: Oda Organizer <organizer@example.org>\r\nTo: Kim Attendee <kim@example.com>\r\n"
                f"Subject: {title}\r\nDate: Sat, 01 Mar 2025 09:00:00 +0000\r\n"
                "Message-ID: <exchange-link@tnef.example.org>\r\nMIME-Version: 1.0\r\n"
                "Content-Class: urn:content-classes:calendarmessage\r\n"
                "Content-Type: text/html; charset=us-ascii\r\n\r\n"
                "<p>When: Tuesday, 18 March 2025 10:00-11:30. "
                '<a href="https://outlook.office365.com/owa/?ItemID=AAMk">Open in Outlook</a></p>\r\n'
            ).encode("ascii")
        )


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--check":
        OUT = sys.argv[2]
        os.makedirs(OUT, exist_ok=True)
        main()
        differ = [
            name for name in sorted(os.listdir(OUT))
            if open(os.path.join(OUT, name), "rb").read() != open(os.path.join(HERE, name), "rb").read()
        ]
        missing = [name for name in sorted(os.listdir(HERE)) if name != os.path.basename(__file__)
                   and name not in os.listdir(OUT)]
        for name in differ + missing:
            print("make_tnef.py: %s differs from what it writes" % name)
        sys.exit(1 if differ or missing else 0)
    main()
