#!/usr/bin/env python3
"""Legs on roads in the planner (BENCHMARKS.md, issue 23), on the committed Andorra and Krems extracts.

    Scripts/bench-roads.py ROADTRIP [--runs N]

ROADTRIP is the binary (the release build under `make bench`). Both regions are added into a fresh
XDG data folder, and a data file gets two trips: 20 towns and villages of Andorra, and two stops in
Krems. Rows, each over N runs (default 5):

- the trip screen of the 20-stop trip from a cold cache (no leg routed before): the key-to-frame of
  Enter (the first frame, estimates), and from that key to the frame with all 19 legs on roads;
- the same from a warm cache (the legs routed by the run before, kept in $XDG_CACHE_HOME);
- the peak resident set of a planner that routed legs in both regions (both databases loaded),
  beside the same steps with no region added;
- `optimize` of the 20 stops: on the roads (the matrix of 380 legs, each way; the cache emptied
  first) beside the same command in straight lines (no region);
- `optimize` of 103 stops along those roads (the most a matrix routed leg by leg, about 10 s, issue
  34) and of 1,000 (the most the optimizer takes), both on the roads' graph since issue 36.

The frames are timed by the program itself (ROADTRIP_TIMING, as in Scripts/bench-tui.py).
"""
import argparse
import importlib.util
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
FIXTURES = os.path.join(ROOT, "Tests", "Fixtures", "osm")

spec = importlib.util.spec_from_file_location("bench_tui", os.path.join(ROOT, "Scripts", "bench-tui.py"))
bench_tui = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench_tui)

# 20 towns and villages of Andorra (GeoNames and the region's own places), each near a road.
ANDORRA = [
    (42.50694, 1.52125), (42.50729, 1.53414), (42.53474, 1.58014), (42.56671, 1.59803), (42.57688, 1.66769),
    (42.57952, 1.65362), (42.54277, 1.73361), (42.55615, 1.53349), (42.54499, 1.51483), (42.57205, 1.48453),
    (42.56218, 1.49680), (42.54656, 1.47555), (42.46372, 1.49129), (42.49454, 1.49897), (42.53368, 1.51613),
    (42.53465, 1.52510), (42.61889, 1.54134), (42.59626, 1.52618), (42.57423, 1.51845), (42.47653, 1.49146),
]
KREMS = [(48.4102, 15.6036), (48.4046, 15.6512)]


def run(binary, arguments, environment, **kwargs):
    return subprocess.run([binary] + arguments, check=True, capture_output=True, text=True, env={**os.environ, **environment}, **kwargs)


def routed(session):
    screen = subprocess.run(["tmux", "capture-pane", "-p", "-t", session.name], capture_output=True, text=True).stdout
    return "by road" in screen and "routing" not in screen and screen


def open_trip(session, name):
    """From the trip list: / name Enter, then Enter; returns (first frame ms, all legs on roads ms)."""
    session.send("/")
    session.send("-l", name)
    session.key("Enter")
    sent = time.monotonic_ns()
    session.send("Enter")
    # The first frame drawn for a key read after this Enter was sent (not a late frame of the filter).
    frame = session.wait(lambda: next((f for f in session.frames() if f[0] >= sent), None), "the trip screen")
    session.wait(lambda: routed(session), "every leg on roads", 60)
    last = session.frames()[-1]
    return (frame[1] - frame[0]) / 1e6, (last[1] - frame[0]) / 1e6


def along_the_roads(binary, trips, regions, count):
    """`count` points on the roads of Andorra: spread evenly over the road line of the 20-stop trip
    (its GeoJSON export), so that every two are joined by road."""
    exported = os.path.join(os.path.dirname(trips), "towns.geojson")
    run(binary, ["--file", trips, "export", "Andorra towns", "-o", exported, "--force"], regions)
    with open(exported) as file:
        features = json.load(file)["features"]
    line = next(f["geometry"]["coordinates"] for f in features if f["geometry"]["type"] == "LineString")
    unique = list(dict.fromkeys((round(lat, 5), round(lon, 5)) for lon, lat in line))
    if len(unique) < count:
        sys.exit(f"bench: the road line has {len(unique)} points, fewer than {count}")
    return [unique[i * len(unique) // count] for i in range(count)]


def many_stops(binary, trips, regions, cache, runs):
    """Issues 34 and 36: `optimize` of 103 stops (the most a matrix routed leg by leg, about 10 s)
    and of 1,000 (the most the optimizer takes; in straight lines before issue 36) on the roads,
    cold cache: the matrix is searched on the roads' graph."""
    rows = []
    for count in (103, 1000):
        name = f"Andorra {count}"
        points = along_the_roads(binary, trips, regions, count)
        run(binary, ["--file", trips, "new", "--force", name] + [f"{lat:.5f}, {lon:.5f}" for lat, lon in points], regions)
        times = []
        for _ in range(max(1, runs // 2)):
            shutil.rmtree(cache, ignore_errors=True)
            start = time.monotonic()
            report = json.loads(run(binary, ["--file", trips, "optimize", name, "--json"], regions).stdout)
            times.append(time.monotonic() - start)
            if report["measure"] != "road time":
                sys.exit(f"bench: optimize of {count} stops was by {report['measure']}, not on the roads: {report.get('reason')}")
        rows.append((f"`optimize` {count:,} stops on the roads ({count * (count - 1):,}-leg matrix on the roads' graph, cold cache)", times, "s"))
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("roadtrip")
    parser.add_argument("--runs", type=int, default=5)
    options = parser.parse_args()
    binary, runs = os.path.abspath(options.roadtrip), options.runs
    work = tempfile.mkdtemp(prefix="roadtrip-bench-roads-")
    try:
        data, cache, empty = (os.path.join(work, name) for name in ("data", "cache", "no-regions"))
        regions = {"XDG_DATA_HOME": data, "XDG_CACHE_HOME": cache}
        for extract in ("andorra.osm.pbf", "krems.osm.gz"):
            run(binary, ["region", "add", os.path.join(FIXTURES, extract)], regions)
        trips = os.path.join(work, "trips.json")
        run(binary, ["--file", trips, "new", "--force", "Andorra towns"] + [f"{lat}, {lon}" for lat, lon in ANDORRA], regions)
        run(binary, ["--file", trips, "new", "--force", "Krems"] + [f"{lat}, {lon}" for lat, lon in KREMS], regions)
        shown = json.loads(run(binary, ["--file", trips, "show", "Andorra towns", "--json"], regions).stdout)
        sources = {leg["source"] for leg in shown["legs"]}
        if sources != {"road"}:
            sys.exit(f"bench: not every leg of the 20 stops is on roads: {[leg.get('reason') for leg in shown['legs']]}")

        rows = []
        cold, warm, rss, rss_none = [], [], [], []
        for _ in range(runs):
            shutil.rmtree(cache, ignore_errors=True)
            session = bench_tui.Session(binary, trips, work, environment=regions)
            cold.append(open_trip(session, "Andorra towns"))
            session.send("Escape", "Escape")  # the trip list, then its filter cleared
            open_trip(session, "Krems")
            rss.append(session.quit())
            session = bench_tui.Session(binary, trips, work, environment=regions)
            warm.append(open_trip(session, "Andorra towns"))
            session.quit()
            session = bench_tui.Session(binary, trips, work, environment={"XDG_DATA_HOME": empty, "XDG_CACHE_HOME": cache})
            session.send("/")
            session.send("-l", "Andorra towns")
            session.key("Enter")
            session.key("Enter")
            session.send("Escape", "Escape")
            session.send("/")
            session.send("-l", "Krems")
            session.key("Enter")
            session.key("Enter")
            rss_none.append(session.quit())
        rows.append(("20-stop trip screen, cold cache: first frame (estimates)", [c[0] for c in cold], "ms"))
        rows.append(("20-stop trip screen, cold cache: all 19 legs on roads", [c[1] for c in cold], "ms"))
        rows.append(("20-stop trip screen, warm cache: first frame (roads)", [w[0] for w in warm], "ms"))
        rows.append(("20-stop trip screen, warm cache: all 19 legs on roads", [w[1] for w in warm], "ms"))
        rows.append(("peak RSS, legs routed in both regions", rss, "MB"))
        rows.append(("peak RSS, the same with no region", rss_none, "MB"))

        on_roads, straight = [], []
        for _ in range(runs):
            shutil.rmtree(cache, ignore_errors=True)
            start = time.monotonic()
            report = json.loads(run(binary, ["--file", trips, "optimize", "Andorra towns", "--json"], regions).stdout)
            on_roads.append((time.monotonic() - start) * 1000)
            if report["measure"] != "road time":
                sys.exit(f"bench: optimize was not on the roads: {report.get('reason')}")
            start = time.monotonic()
            run(binary, ["--file", trips, "optimize", "Andorra towns", "--json"], {"XDG_DATA_HOME": empty, "XDG_CACHE_HOME": cache})
            straight.append((time.monotonic() - start) * 1000)
        rows.append(("`optimize` 20 stops on the roads (380-leg matrix, cold cache)", on_roads, "ms"))
        rows.append(("`optimize` 20 stops in straight lines (no region)", straight, "ms"))
        rows += many_stops(binary, trips, regions, cache, runs)
    finally:
        for name in bench_tui.Session.names:
            subprocess.run(["tmux", "kill-session", "-t", name], stderr=subprocess.DEVNULL)
        shutil.rmtree(work, ignore_errors=True)

    print(f"Andorra and Krems added; {runs} runs per row")
    print("| what | median | min | max |")
    print("|---|---|---|---|")
    for what, values, unit in rows:
        print(f"| {what} | {statistics.median(values):.1f} {unit} | {min(values):.1f} {unit} | {max(values):.1f} {unit} |")


if __name__ == "__main__":
    main()
