#!/usr/bin/env python3
"""Import speed of `roadtrip region add` on each OpenStreetMap extract (BENCHMARKS.md, issue 22).

    Scripts/bench-regions.py ROADTRIP [EXTRACT ...] [--runs N] [--scaled COPIES] [--rates FILE]

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

--rates FILE writes what the largest file's import took, per byte of extract, as JSON: the rates
roadtrip tells a user before a download (`ImportRates`, Resources/import-rates.json, which
`make bench` writes again), with the command and the day that measured them.
"""
import datetime
import json
import os
import platform
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
    rates = None
    if "--rates" in arguments:
        index = arguments.index("--rates")
        rates = arguments[index + 1]
        del arguments[index:index + 2]
    command = "python3 Scripts/bench-regions.py " + " ".join(sys.argv[1:])
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
    largest = None
    for path in files:
        times, peaks, disks, info = [], [], [], None
        for _ in range(runs):
            with tempfile.TemporaryDirectory(prefix="roadtrip-bench-regions-") as home:
                environment = dict(os.environ, XDG_DATA_HOME=home)
                out = subprocess.run([sys.executable, "-c", WRAPPER, roadtrip, "region", "add", path],
                                     env=environment, check=True, capture_output=True, text=True).stdout.split()
                times.append(float(out[0]))
                peaks.append(int(out[1]) / 1024)
                disks.append(folder_bytes(os.path.join(home, "roadtrip", "regions")))
                listed = subprocess.run([roadtrip, "region", "list", "--json"], env=environment, check=True, capture_output=True, text=True)
                info = json.loads(listed.stdout)[0]
        bytes_ = os.path.getsize(path)
        size = bytes_ / 1e6
        median = statistics.median(times)
        print(f"| {os.path.basename(path)} | {size:.2f} MB | {info['places']:,} | {info['roads']:,} | {median:.2f} s "
              f"| {size / median:.2f} | {info['places'] / median:,.0f} | {max(peaks):.0f} MB |")
        if largest is None or bytes_ > largest["extractBytes"]:
            largest = {"extractBytes": bytes_, "seconds": median, "peakMemoryBytes": max(peaks) * 1024 * 1024, "diskBytes": max(disks)}
    if rates and largest:
        table = {
            "bytesPerSecond": round(largest["extractBytes"] / largest["seconds"]),
            "diskBytesPerExtractByte": round(largest["diskBytes"] / largest["extractBytes"], 2),
            "peakMemoryBytes": round(largest["peakMemoryBytes"]),
            "extractBytes": largest["extractBytes"],
            "measured": datetime.date.today().isoformat(),
            "machine": f"{platform.machine()}, {os.cpu_count()} processors",
            "command": command,
        }
        with open(rates, "w") as out:
            json.dump(table, out, indent=2, sort_keys=True)
            out.write("\n")
        print(f"\nrates of the largest extract written to {rates}: {json.dumps(table, sort_keys=True)}")


def folder_bytes(folder):
    """The bytes of the files under `folder` (a region's version folder and its link)."""
    total = 0
    for directory, _, names in os.walk(folder):
        for name in names:
            path = os.path.join(directory, name)
            if not os.path.islink(path):
                total += os.path.getsize(path)
    return total


if __name__ == "__main__":
    main()
