#!/usr/bin/env python3
"""Import speed of `roadtrip region add` on each OpenStreetMap extract (BENCHMARKS.md, issue 22).

    Scripts/bench-regions.py ROADTRIP [EXTRACT ...] [--runs N] [--scaled COPIES]

Without extracts: the committed ones (Tests/Fixtures/osm) and, when the team's data folder is
beside the checkout, the others of ../shared/data/osm. Each extract is added N times (default 5)
into a fresh XDG data folder, by the binary given (the release build under `make bench`). Per
extract: the median wall time, MB/s of the file, places/s, and the peak memory of the import: the
largest resident set of any process of it (roadtrip, or the osmium and sha256sum it runs), read
with getrusage(RUSAGE_CHILDREN) in a wrapper process started afresh for each run.

--scaled COPIES adds a row for a larger file made here: COPIES copies of each extract, renumbered
into ids of their own (`osmium renumber`) and merged (`osmium merge`): the speed of osmium and of
the import at tens of megabytes, to extrapolate to a country. Its copies lie on top of each other,
so the region keeps one of each place (its places/s counts those, not the features read).
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

# Run in a fresh interpreter for each import, so that RUSAGE_CHILDREN holds that import alone.
WRAPPER = r"""
import resource, subprocess, sys, time
start = time.monotonic()
done = subprocess.run(sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
elapsed = time.monotonic() - start
if done.returncode != 0:
    sys.exit(done.stderr)
print(elapsed, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


def extracts():
    found = [os.path.join(ROOT, "Tests/Fixtures/osm", name) for name in sorted(os.listdir(os.path.join(ROOT, "Tests/Fixtures/osm")))
             if ".osm" in name]
    shared = os.path.join(ROOT, "..", "shared", "data", "osm")
    if os.path.isdir(shared):
        names = {os.path.basename(path) for path in found}
        found += [os.path.join(shared, name) for name in sorted(os.listdir(shared)) if name not in names and ".osm" in name]
    return found


def scaled(files, copies, folder):
    """One extract of `copies` renumbered copies of each of `files`."""
    parts, number = [], 0
    for _ in range(copies):
        for path in files:
            number += 1
            part = os.path.join(folder, f"part{number}.osm.pbf")
            starts = f"{number * 20_000_000},{number * 2_000_000},{number * 200_000}"
            subprocess.run(["osmium", "renumber", "-s", starts, path, "-o", part], check=True, capture_output=True)
            parts.append(part)
    merged = os.path.join(folder, f"scaled-{copies}x.osm.pbf")
    subprocess.run(["osmium", "merge", *parts, "-o", merged], check=True, capture_output=True)
    for part in parts:
        os.remove(part)
    return merged


def main():
    arguments = sys.argv[1:]
    copies = 0
    if "--scaled" in arguments:
        index = arguments.index("--scaled")
        copies = int(arguments[index + 1])
        del arguments[index:index + 2]
    runs = 5
    if "--runs" in arguments:
        index = arguments.index("--runs")
        runs = int(arguments[index + 1])
        del arguments[index:index + 2]
    if not arguments:
        sys.exit(__doc__)
    roadtrip, files = arguments[0], arguments[1:] or extracts()
    work = tempfile.TemporaryDirectory(prefix="roadtrip-bench-scaled-")
    if copies:
        files = files + [scaled(files, copies, work.name)]
    print("| extract | size | places | roads | median time | MB/s | places/s | peak memory |")
    print("|---|---|---|---|---|---|---|---|")
    for path in files:
        times, peaks, info = [], [], None
        for _ in range(runs):
            with tempfile.TemporaryDirectory(prefix="roadtrip-bench-regions-") as home:
                environment = dict(os.environ, XDG_DATA_HOME=home)
                out = subprocess.run([sys.executable, "-c", WRAPPER, roadtrip, "region", "add", path],
                                     env=environment, check=True, capture_output=True, text=True).stdout.split()
                times.append(float(out[0]))
                peaks.append(int(out[1]) / 1024)
                listed = subprocess.run([roadtrip, "region", "list", "--json"], env=environment, check=True, capture_output=True, text=True)
                info = json.loads(listed.stdout)[0]
        size = os.path.getsize(path) / 1e6
        median = statistics.median(times)
        print(f"| {os.path.basename(path)} | {size:.2f} MB | {info['places']:,} | {info['roads']:,} | {median:.2f} s "
              f"| {size / median:.2f} | {info['places'] / median:,.0f} | {max(peaks):.0f} MB |")


if __name__ == "__main__":
    main()
