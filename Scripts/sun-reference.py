#!/usr/bin/env python3
# Writes Tests/RoadtripCoreTests/Planning/SunReference.swift: sunrise and sunset from
# astral's sun module (astral 3.2, https://pypi.org/project/astral/), an implementation of NOAA's
# algorithm independent of SunTimes.swift, asked for NOAA's zenith of 90.833° (see event()). The
# tests hold SunTimes to within 2 minutes of it.
#
# Run by hand, once, from anywhere (not at test time; the generated Swift file is committed):
#     pip install --target /tmp/astral astral==3.2
#     PYTHONPATH=/tmp/astral python3 Scripts/sun-reference.py
# Time zones come from the system tz database (Python's zoneinfo), like Foundation's on Linux.
#
# SunTimes anchors a local date on the solar noon of that date, so that a sunset just after
# midnight (Reykjavik in June) still closes the day it belongs to. astral's sun() keeps events on
# the date asked in the zone asked, so it is asked in local mean solar time (UTC shifted by
# longitude / 15 hours), where solar noon falls near 12:00 and every sunrise and sunset of a day
# shorter than about 23 hours falls on the same date, for the mean-time date of the civil date's
# clock noon (the day before at Apia, whose clock runs a day ahead of the sun).
import datetime
import os
import zoneinfo

import astral
from astral import Observer
from astral import SunDirection
from astral.sun import elevation, noon, time_at_elevation

OUTPUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "RoadtripCoreTests",
                      "Planning", "SunReference.swift")

ZENITH = 90.833

# (label, latitude, longitude, time zone, local date)
CASES = [
    ("Seattle, summer solstice", 47.6062, -122.3321, "America/Los_Angeles", "2026-06-21"),
    ("Seattle, winter solstice", 47.6062, -122.3321, "America/Los_Angeles", "2026-12-21"),
    ("Los Angeles, US DST starts", 34.0522, -118.2437, "America/Los_Angeles", "2026-03-08"),
    ("Miami", 25.7617, -80.1918, "America/New_York", "2026-07-04"),
    ("Reykjavik, sunset after local midnight", 64.1466, -21.9426, "Atlantic/Reykjavik", "2026-06-21"),
    ("Reykjavik, late May", 64.1466, -21.9426, "Atlantic/Reykjavik", "2026-05-25"),
    ("Reykjavik, winter solstice", 64.1466, -21.9426, "Atlantic/Reykjavik", "2026-12-21"),
    ("Tromso, midnight sun", 69.6492, 18.9553, "Europe/Oslo", "2026-06-21"),
    ("Tromso, polar night", 69.6492, 18.9553, "Europe/Oslo", "2026-12-21"),
    ("Sydney, southern summer", -33.8688, 151.2093, "Australia/Sydney", "2026-01-15"),
    ("Quito, March equinox", -0.1807, -78.4678, "America/Guayaquil", "2026-03-20"),
    ("Tokyo", 35.6762, 139.6503, "Asia/Tokyo", "2026-10-10"),
    ("Anchorage, winter", 61.2181, -149.9003, "America/Anchorage", "2026-12-01"),
    ("Anchorage, summer", 61.2181, -149.9003, "America/Anchorage", "2026-06-15"),
    ("Munich, EU DST starts", 48.1351, 11.5820, "Europe/Berlin", "2026-03-29"),
    ("Munich, autumn", 48.1351, 11.5820, "Europe/Berlin", "2026-10-25"),
    ("Auckland", -36.8485, 174.7633, "Pacific/Auckland", "2026-02-01"),
    ("Apia, clock a day ahead of the sun", -13.8333, -171.7500, "Pacific/Apia", "2026-08-15"),
    ("Equator at Greenwich, equinox", 0.0, 0.0, "UTC", "2026-03-20"),
]


def mean_solar_zone(longitude):
    return datetime.timezone(datetime.timedelta(hours=longitude / 15))


def event(observer, date, zone, direction):
    """The time the sun's centre is 90.833° from the zenith on `date` in `zone`, as NOAA defines
    sunrise and sunset. Not astral's sunrise(): it puts the horizon at 90° + 16′ (the sun's
    radius) + astral's own refraction, 90.789° in all, which moves sunrise and sunset by 10 s at
    the equator and over a minute at Reykjavik in June; the reference would then test the horizon
    chosen, not the arithmetic. astral computes from the UTC midnight of the date asked and can
    land on a neighbouring date, so (as its sunrise() does) the neighbours are tried too."""
    for day in (date, date - datetime.timedelta(days=1), date + datetime.timedelta(days=1)):
        instant = time_at_elevation(observer, 90 - ZENITH, day, direction, zone, with_refraction=False)
        if instant.date() == date:
            return instant
    raise ValueError(f"no {direction.name.lower()} on {date}")


def reference(latitude, longitude, zone_name, date_text):
    """("risesAndSets", sunrise, sunset) in UTC, or ("alwaysUp",) / ("alwaysDown",)."""
    zone = zoneinfo.ZoneInfo(zone_name)
    clock_noon = datetime.datetime.combine(datetime.date.fromisoformat(date_text), datetime.time(12), zone)
    mean_time = mean_solar_zone(longitude)
    mean_date = clock_noon.astimezone(mean_time).date()
    observer = Observer(latitude=latitude, longitude=longitude)
    try:
        rise = event(observer, mean_date, mean_time, SunDirection.RISING)
        set_ = event(observer, mean_date, mean_time, SunDirection.SETTING)
    except ValueError:
        # No sunrise: the sun is up all day if it is above the horizon at noon.
        up = elevation(observer, noon(observer, date=mean_date)) > 0
        return ("alwaysUp",) if up else ("alwaysDown",)
    return ("risesAndSets", rise, set_)


def iso(instant):
    return instant.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def row(label, latitude, longitude, zone_name, date_text):
    expected = reference(latitude, longitude, zone_name, date_text)
    head = f'SunReferenceCase("{label}", {latitude}, {longitude}, "{zone_name}", "{date_text}", '
    if expected[0] == "risesAndSets":
        return head + f'sunrise: "{iso(expected[1])}", sunset: "{iso(expected[2])}")'
    return head + f".{expected[0]})"


def main():
    rows = [row(*case) for case in CASES]
    lines = [
        "// swift-format-ignore-file",
        f"// Generated by Scripts/sun-reference.py with astral {astral.__version__}; do not edit by hand.",
        "// Sunrise and sunset (ISO 8601, UTC) from astral's independent implementation of NOAA's",
        "// algorithm (sun's centre 90.833° from the zenith), for the local date in the named tz zone.",
        "",
        "extension SunReferenceCase {",
        f"    /// {len(rows)} cases.",
        "    static let all: [SunReferenceCase] = [",
        *[f"        {text}," for text in rows],
        "    ]",
        "}",
        "",
    ]
    with open(OUTPUT, "w") as out:
        out.write("\n".join(lines))
    print("\n".join(rows))


if __name__ == "__main__":
    main()
