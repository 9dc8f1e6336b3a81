#!/usr/bin/env python3
"""A deterministic Maildir shaped like a long-time user's mail, for the Maildir benchmark.

Mostly plain and multipart/alternative mail, some with attachments (base64 PDFs and images),
and 1 % invitations as the big clients send them: Google's inline text/calendar beside the
text, Outlook's base64 text/calendar with a folded Content-Type, and an application/ics
attachment named invite.ics. A few ordinary messages talk about text/calendar and .ics files
in their text, as a mailing list about calendars does. About 5 % sit in new/, the rest in cur/
with flags and mbsync's ,U= numbers. Standard library only; the same arguments give the same
bytes.

Usage: gen_maildir.py N DIR [--seed S] [--first K]
       (writes messages K .. K+N-1 into DIR, creating new/, cur/ and tmp/)
"""
import argparse
import base64
import os
import random

BASE_TIME = 1_600_000_000
WORDS_SEED = 7


def vocabulary():
    rng = random.Random(WORDS_SEED)
    letters = "etaoinshrdlcumwfgypbvkjxqz"
    weights = [12, 9, 8, 8, 7, 7, 6, 6, 6, 4, 4, 3, 3, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1]
    words = ["the", "meeting", "project", "please", "thanks", "review", "tomorrow", "team", "update", "report"]
    while len(words) < 6000:
        words.append("".join(rng.choices(letters, weights, k=rng.randint(2, 11))))
    # Zipf: the n-th word is used about 1/n as often as the first.
    cumulative, total = [], 0.0
    for rank in range(len(words)):
        total += 1.0 / (rank + 1)
        cumulative.append(total)
    return words, cumulative


WORDS, CUMULATIVE = vocabulary()


def text(rng, words):
    chosen = rng.choices(WORDS, cum_weights=CUMULATIVE, k=words)
    lines, line = [], []
    for index, word in enumerate(chosen):
        line.append(word)
        if len(line) >= 11:
            lines.append(" ".join(line))
            line = []
        if index % 90 == 89:
            lines.append("")
    lines.append(" ".join(line))
    return "\n".join(lines) + "\n"


def headers(rng, index, subject, content_type, extra=""):
    sender = "person%d@example.%s" % (rng.randint(1, 800), rng.choice(["com", "org", "net"]))
    seconds = BASE_TIME + index * 300
    return (
        "Return-Path: <%s>\nReceived: from mx.example.net by mail.example.org with ESMTPS id %d;\n"
        "\t%d +0000\nFrom: Person <%s>\nTo: Me <me@example.org>\nSubject: %s\nDate: %s\n"
        "Message-ID: <%d.%d@bench.example>\nMIME-Version: 1.0\n%sContent-Type: %s\n\n"
        % (sender, index, seconds, sender, subject, date_header(seconds), index, seconds, extra, content_type))


def date_header(seconds):
    import time
    return time.strftime("%a, %d %b %Y %H:%M:%S +0000", time.gmtime(seconds))


def wrapped_base64(data):
    encoded = base64.b64encode(data).decode()
    return "\n".join(encoded[i:i + 76] for i in range(0, len(encoded), 76)) + "\n"


def invitation(index):
    start = BASE_TIME + index * 300 + 3 * 86400
    stamp = date_ical(BASE_TIME + index * 300)
    return ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//maildir//EN\r\nMETHOD:REQUEST\r\n"
            "BEGIN:VEVENT\r\nUID:bench-maildir-%d@example.org\r\nDTSTAMP:%s\r\nDTSTART:%s\r\nDTEND:%s\r\n"
            "SUMMARY:Benchmark meeting %d\r\nORGANIZER;CN=Organizer:mailto:organizer%d@example.com\r\n"
            "ATTENDEE;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:me@example.org\r\nSEQUENCE:0\r\n"
            "END:VEVENT\r\nEND:VCALENDAR\r\n"
            % (index, stamp, date_ical(start), date_ical(start + 1800), index, index % 50))


def date_ical(seconds):
    import time
    return time.strftime("%Y%m%dT%H%M%SZ", time.gmtime(seconds))


def message(rng, index):
    kind = rng.random()
    subject = " ".join(rng.choices(WORDS[:400], k=rng.randint(2, 7)))
    boundary = "=_bench_%d" % index
    if index % 100 == 37:
        calendar = invitation(index)
        style = (index // 100) % 3
        if style == 0:
            return headers(rng, index, "Invitation: " + subject, 'multipart/alternative; boundary="%s"' % boundary) + (
                "--%s\nContent-Type: text/plain; charset=UTF-8\n\n%s\n--%s\n"
                "Content-Type: text/calendar; charset=UTF-8; method=REQUEST\nContent-Transfer-Encoding: 7bit\n\n"
                "%s\n--%s--\n" % (boundary, text(rng, 80), boundary, calendar, boundary))
        if style == 1:
            return headers(rng, index, subject, 'multipart/alternative;\n\tboundary="%s"' % boundary) + (
                "--%s\nContent-Type: text/plain; charset=\"us-ascii\"\n\n%s\n--%s\n"
                "Content-Type: text/calendar; charset=\"utf-8\";\n\tmethod=REQUEST\n"
                "Content-Transfer-Encoding: base64\n\n%s\n--%s--\n"
                % (boundary, text(rng, 60), boundary, wrapped_base64(calendar.encode()), boundary))
        return headers(rng, index, "Fwd: " + subject, 'multipart/mixed; boundary="%s"' % boundary) + (
            "--%s\nContent-Type: text/plain; charset=UTF-8\n\n%s\n--%s\n"
            "Content-Type: application/ics;\n name=\"invite.ics\"\nContent-Disposition: attachment;\n"
            " filename=\"invite.ics\"\nContent-Transfer-Encoding: base64\n\n%s\n--%s--\n"
            % (boundary, text(rng, 40), boundary, wrapped_base64(calendar.encode()), boundary))
    if index % 250 == 101:
        # Talks about calendars without holding one: passed over by any prefilter that looks at
        # headers, read by one that looks at every byte.
        body = text(rng, 150) + "\nAttach the invite.ics as text/calendar with METHOD:REQUEST, see BEGIN:VCALENDAR.\n"
        return headers(rng, index, "Re: " + subject, "text/plain; charset=UTF-8") + body
    if kind < 0.60:
        return headers(rng, index, subject, "text/plain; charset=UTF-8",
                       "Content-Transfer-Encoding: 8bit\n") + text(rng, rng.randint(40, 600))
    if kind < 0.93:
        body = text(rng, rng.randint(60, 500))
        html = "<html><body><p>" + body.replace("\n\n", "</p><p>") + "</p></body></html>\n"
        return headers(rng, index, subject, 'multipart/alternative; boundary="%s"' % boundary) + (
            "--%s\nContent-Type: text/plain; charset=UTF-8\n\n%s\n--%s\nContent-Type: text/html; charset=UTF-8\n\n"
            "%s\n--%s--\n" % (boundary, body, boundary, html, boundary))
    name, kind_type = rng.choice([("report.pdf", "application/pdf"), ("photo.png", "image/png"),
                                  ("notes.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document")])
    attachment = rng.randbytes(rng.randint(8_000, 60_000))
    return headers(rng, index, subject, 'multipart/mixed; boundary="%s"' % boundary) + (
        "--%s\nContent-Type: text/plain; charset=UTF-8\n\n%s\n--%s\nContent-Type: %s; name=\"%s\"\n"
        "Content-Disposition: attachment; filename=\"%s\"\nContent-Transfer-Encoding: base64\n\n%s\n--%s--\n"
        % (boundary, text(rng, rng.randint(20, 200)), boundary, kind_type, name, name, wrapped_base64(attachment),
           boundary))


def file_name(index, rng):
    seconds = BASE_TIME + index * 300
    unique = "%d.M%dP%dQ%d.bench" % (seconds, rng.randint(0, 999999), 4000 + index % 30000, index)
    if rng.random() < 0.05:
        return "new", unique
    flags = rng.choice(["S", "S", "S", "RS", "FS", ""])
    return "cur", "%s,U=%d:2,%s" % (unique, index + 1, flags)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("count", type=int)
    parser.add_argument("folder")
    parser.add_argument("--seed", type=int, default=25)
    parser.add_argument("--first", type=int, default=0)
    args = parser.parse_args()
    for sub in ("new", "cur", "tmp"):
        os.makedirs(os.path.join(args.folder, sub), exist_ok=True)
    for index in range(args.first, args.first + args.count):
        # One generator per message: message K is the same whatever range wrote it.
        rng = random.Random(args.seed * 1_000_003 + index)
        sub, name = file_name(index, rng)
        with open(os.path.join(args.folder, sub, name), "w", encoding="utf-8", newline="") as handle:
            handle.write(message(rng, index))
    print("%d messages in %s" % (args.count, args.folder))


if __name__ == "__main__":
    main()
