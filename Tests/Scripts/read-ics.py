#!/usr/bin/env python3
"""Reads an .ics file with Python's icalendar (Debian's python3-icalendar) and prints what a
calendar program would see, as JSON, for the Swift tests to check:

    {"problems": [...], "timezones": {TZID: [{"kind", "dtstart", "from", "to", "name"}]},
     "events": [{"uid", "summary", "location", "description", "geo": [lat, lon],
                 "start": {"tzid", "local", "utc"}, "end": {...}}]}

Each event's times are turned into UTC through the file's own VTIMEZONE (icalendar's to_tz), not
the system's zone database. "problems" lists what breaks RFC 5545: lines not ended by CRLF or
longer than 75 octets, a TZID with no VTIMEZONE, a VTIMEZONE whose offset at an event's time is
not the tz database's (pytz, before 2037), an event that ends before it starts.

Usage: read-ics.py FILE
"""
import json
import sys
from datetime import datetime, timezone

import icalendar
import pytz


def raw_lines(data):
    """The physical lines, each as bytes without its CRLF, and the problems of their form."""
    problems = []
    if not data.endswith(b"\r\n"):
        problems.append("the file does not end with CRLF")
    lines = data.split(b"\r\n")[:-1]
    for number, line in enumerate(lines, 1):
        if b"\n" in line or b"\r" in line:
            problems.append(f"line {number} has a bare LF or CR")
        if len(line) > 75:
            problems.append(f"line {number} is {len(line)} octets long")
        try:
            line.decode("utf-8")
        except UnicodeDecodeError:
            problems.append(f"line {number} is not UTF-8 on its own (a character split by folding)")
    return problems


def offset_text(delta):
    seconds = int(delta.total_seconds())
    sign = "-" if seconds < 0 else "+"
    seconds = abs(seconds)
    return f"{sign}{seconds // 3600:02d}{seconds % 3600 // 60:02d}"


def main(path):
    with open(path, "rb") as handle:
        data = handle.read()
    problems = raw_lines(data)
    calendar = icalendar.Calendar.from_ical(data)
    for name in ("VERSION", "PRODID"):
        if name not in calendar:
            problems.append(f"the calendar has no {name}")

    zones, described = {}, {}
    for component in calendar.walk("VTIMEZONE"):
        tzid = str(component["TZID"])
        zones[tzid] = component.to_tz()
        described[tzid] = [
            {"kind": sub.name, "dtstart": sub["DTSTART"].dt.strftime("%Y%m%dT%H%M%S"),
             "from": offset_text(sub["TZOFFSETFROM"].td), "to": offset_text(sub["TZOFFSETTO"].td),
             "name": str(sub.get("TZNAME", ""))}
            for sub in component.subcomponents
        ]

    def moment(event, name):
        prop = event[name]
        tzid = prop.params.get("TZID")
        local = datetime.strptime(prop.to_ical().decode(), "%Y%m%dT%H%M%S")
        if tzid not in zones:
            problems.append(f"{event['UID']}: {name} has TZID {tzid}, which no VTIMEZONE describes")
            return {"tzid": tzid, "local": local.isoformat(), "utc": None}
        aware = zones[tzid].localize(local)
        try:
            # pytz reads only the 32-bit transitions of the zone files, which end in 2037: later
            # times it puts in the zone's last observance, so it is no reference for them.
            if local.year >= 2037:
                raise pytz.UnknownTimeZoneError(tzid)
            reference = pytz.timezone(tzid).localize(local)
            if reference.utcoffset() != aware.utcoffset():
                problems.append(f"{event['UID']}: {name} is at {offset_text(aware.utcoffset())} in the file's {tzid}, "
                                f"{offset_text(reference.utcoffset())} in the tz database")
        except pytz.UnknownTimeZoneError:
            pass
        utc = aware.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        return {"tzid": tzid, "local": local.isoformat(), "utc": utc}

    events = []
    for event in calendar.walk("VEVENT"):
        for name in ("UID", "DTSTAMP", "DTSTART", "DTEND"):
            if name not in event:
                problems.append(f"an event has no {name}")
        start, end = moment(event, "DTSTART"), moment(event, "DTEND")
        if start["utc"] and end["utc"] and end["utc"] < start["utc"]:
            problems.append(f"{event['UID']} ends before it starts")
        geo = event.get("GEO")
        events.append({
            "uid": str(event["UID"]), "summary": str(event.get("SUMMARY", "")), "location": str(event.get("LOCATION", "")),
            "description": str(event.get("DESCRIPTION", "")),
            "geo": [geo.latitude, geo.longitude] if geo is not None else None,
            "start": start, "end": end,
        })
    print(json.dumps({"problems": problems, "timezones": described, "events": events}, ensure_ascii=False, indent=1))


if __name__ == "__main__":
    main(sys.argv[1])
