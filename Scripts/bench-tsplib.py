#!/usr/bin/env python3
"""The stop-order optimizer on the TSPLIB geographic instances (Tests/Fixtures/tsplib, see its README).

    Scripts/bench-tsplib.py ROADTRIP [--runs N] [--compare]

ROADTRIP is the binary (the release build). For each .tsp file a data file gets one trip, a loop
from city 1: stops named "1" … "n" at the cities' coordinates (DDD.MM turned into decimal degrees),
then "1" again. `ROADTRIP optimize T --json --file FILE` runs N times (default 5) in a fresh XDG
data and cache folder, so that no region is added and the order is searched in straight lines.
The order it returns is measured in the TSPLIB GEO metric, as the published optima are. One
Markdown table row an instance:

- stops: the trip's stops, the n cities and city 1 again at the end;
- optimal: the published optimal tour length (GEO metric);
- found: the GEO length of the loop in the order `optimize` returned;
- above optimal: found / optimal − 1;
- whole process (median): wall-clock time of the whole `optimize` process, the median of N runs.

When the PyPI package `elkai` (LKH-3 in process, `pip install elkai==2.0.1`) can be imported,
each instance is also solved by LKH in the same run, on the integer GEO matrix, as the published
optima are: three more columns, LKH's tour length, its distance above optimal and the time of one
solve (`elkai.DistanceMatrix(…).solve_tsp()` with elkai's default of 10 LKH runs, in this process:
no process start, no matrix of geodesics; once, as LKH's answer is the same every time and ali535
takes a minute). Without elkai the table is as before, and a note says so.

ROADTRIP_OPTIMIZER, when set in this script's environment, reaches the child as it is. --compare
adds a second table, each instance run again with ROADTRIP_OPTIMIZER=local-search (the algorithm
before the rewrite), headed "previous algorithm (ROADTRIP_OPTIMIZER=local-search)".
"""
import argparse
import json
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
FIXTURES = os.path.join(ROOT, "Tests", "Fixtures", "tsplib")
# The optimal tour lengths TSPLIB publishes (GEO metric), by NAME.
OPTIMA = {"ulysses22": 7013, "gr96": 55209, "gr137": 69853, "gr202": 40160, "gr229": 134602, "ali535": 202339}
TRIP = "T"


def read_tsp(path):
    """(name, [(latitude, longitude)] as DDD.MM) from NAME, DIMENSION and NODE_COORD_SECTION."""
    name, dimension, cities, coordinates = None, None, [], False
    with open(path, encoding="utf-8") as file:
        for line in file:
            line = line.strip()
            if not line:
                continue
            if line == "EOF":
                break
            if coordinates:
                index, latitude, longitude = line.split()
                if int(index) != len(cities) + 1:
                    sys.exit(f"{path}: node {index} where {len(cities) + 1} was expected")
                cities.append((float(latitude), float(longitude)))
            elif line.startswith("NODE_COORD_SECTION"):
                coordinates = True
            elif ":" in line:
                key, value = (part.strip() for part in line.split(":", 1))
                if key == "NAME":
                    name = value[:-4] if value.endswith(".tsp") else value
                elif key == "DIMENSION":
                    dimension = int(value)
                elif key == "EDGE_WEIGHT_TYPE" and value != "GEO":
                    sys.exit(f"{path}: EDGE_WEIGHT_TYPE {value}, not GEO")
    if name is None or dimension != len(cities):
        sys.exit(f"{path}: NAME {name}, DIMENSION {dimension}, {len(cities)} cities")
    return name, cities


def degrees(value):
    """Decimal degrees from DDD.MM: 38.24 → 38.4, −5.21 → −5.35."""
    whole = math.trunc(value)
    return whole + 5 * (value - whole) / 3


def radians(value):
    """TSPLIB's rad(x) = π · (trunc(x) + 5 · (x − trunc(x)) / 3) / 180, on the raw DDD.MM value."""
    whole = math.trunc(value)
    return math.pi * (whole + 5 * (value - whole) / 3) / 180


def geo(a, b):
    """The TSPLIB GEO distance between two DDD.MM cities: trunc(6378.388 · acos(…) + 1)."""
    latitude_a, longitude_a, latitude_b, longitude_b = map(radians, (*a, *b))
    q1 = math.cos(longitude_a - longitude_b)
    q2 = math.cos(latitude_a - latitude_b)
    q3 = math.cos(latitude_a + latitude_b)
    return int(6378.388 * math.acos(max(-1.0, min(1.0, 0.5 * ((1 + q1) * q2 - (1 - q1) * q3)))) + 1.0)


def tour_length(cities, tour):
    """The GEO length of the closed tour through `tour` (indices into cities) and back to its first."""
    return sum(geo(cities[a], cities[b]) for a, b in zip(tour, tour[1:] + tour[:1]))


def write_trip(path, cities):
    """A data file with one trip, T: cities 1 … n, then city 1 again. Returns the stops' ids in order."""
    stops = [(str(k + 1), cities[k]) for k in range(len(cities))] + [("1", cities[0])]
    ids = [str(uuid.uuid4()).upper() for _ in stops]
    waypoints = [
        {"id": id, "name": name, "location": {"latitude": degrees(latitude), "longitude": degrees(longitude)}}
        for id, (name, (latitude, longitude)) in zip(ids, stops)
    ]
    with open(path, "w", encoding="utf-8") as file:
        json.dump({"version": 1, "trips": [{"id": str(uuid.uuid4()).upper(), "name": TRIP, "waypoints": waypoints}]}, file, indent=1)
    return ids


def optimize(binary, path, environment):
    """One `optimize --json` process: (seconds, its JSON)."""
    started = time.perf_counter()
    result = subprocess.run([binary, "optimize", TRIP, "--json", "--file", path], capture_output=True, text=True, env=environment)
    seconds = time.perf_counter() - started
    if result.returncode != 0:
        sys.exit(f"{binary} optimize exited with {result.returncode}:\n{result.stderr}")
    return seconds, json.loads(result.stdout)


def order_of(answer, ids, count):
    """The positions (from 0) of the trip's stops in the order returned, checked to be the trip's
    stops each once with the first and last in place."""
    positions = {id: k for k, id in enumerate(ids)}
    order = [positions[stop["id"].upper()] for stop in answer["stops"]]
    if [stop["was"] - 1 for stop in answer["stops"]] != order:
        sys.exit("optimize: `was` does not agree with the stops' ids")
    if sorted(order) != list(range(count)) or order[0] != 0 or order[-1] != count - 1:
        sys.exit(f"optimize: not the trip's {count} stops with the ends in place: {order}")
    return order


def measure(binary, instance, runs, work, environment):
    """(stops, found, seconds median) for one instance: the first run's order, every run's time."""
    name, cities = instance
    path = os.path.join(work, f"{name}.json")
    ids = write_trip(path, cities)
    times, lengths = [], []
    for _ in range(runs):
        seconds, answer = optimize(binary, path, environment)
        times.append(seconds)
        # Stop k < n is city k + 1; the last is city 1 again, which closes the tour.
        lengths.append(tour_length(cities, order_of(answer, ids, len(ids))[:-1]))
    if len(set(lengths)) > 1:
        print(f"{name}: the runs found orders of different lengths, {lengths}; the first is shown", file=sys.stderr)
    return len(ids), lengths[0], statistics.median(times)


def lkh(instance):
    """(found, seconds) of LKH (elkai) on the instance's GEO matrix, or None without elkai."""
    try:
        import elkai
    except ImportError:
        return None
    _, cities = instance
    matrix = [[geo(cities[i], cities[j]) if i != j else 0 for j in range(len(cities))] for i in range(len(cities))]
    started = time.perf_counter()
    tour = elkai.DistanceMatrix(matrix).solve_tsp()
    seconds = time.perf_counter() - started
    # elkai returns the tour closed: its first city again at the end.
    return tour_length(cities, tour[:-1]), seconds


def duration(seconds):
    return f"{seconds * 1000:,.0f} ms" if seconds < 10 else f"{seconds:,.1f} s"


def above(found, optimum):
    return f"{(found / optimum - 1) * 100:+.2f}%"


def table(rows, lkh_rows=None):
    """The Markdown table; with `lkh_rows` (name → (found, seconds)) LKH's three columns beside."""
    heading = "| instance | stops | optimal | found | above optimal | whole process (median) |"
    rule = "|---|---:|---:|---:|---:|---:|"
    if lkh_rows:
        heading += " LKH found | LKH above optimal | LKH solve |"
        rule += "---:|---:|---:|"
    lines = [heading, rule]
    for name, stops, found, seconds in rows:
        optimum = OPTIMA[name]
        line = f"| {name} | {stops:,} | {optimum:,} | {found:,} | {above(found, optimum)} | {duration(seconds)} |"
        if lkh_rows:
            lkh_found, lkh_seconds = lkh_rows[name]
            line += f" {lkh_found:,} | {above(lkh_found, optimum)} | {duration(lkh_seconds)} |"
        lines.append(line)
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("roadtrip", help="the roadtrip binary")
    parser.add_argument("--runs", type=int, default=5, help="processes an instance (default 5); the median time is shown")
    parser.add_argument("--compare", action="store_true", help="a second table with ROADTRIP_OPTIMIZER=local-search")
    options = parser.parse_args()
    if options.runs < 1:
        parser.error("--runs must be at least 1")
    binary = os.path.abspath(options.roadtrip)
    instances = []
    for file in sorted(os.listdir(FIXTURES)):
        if file.endswith(".tsp"):
            instance = read_tsp(os.path.join(FIXTURES, file))
            if instance[0] not in OPTIMA:
                sys.exit(f"{file}: no published optimum for {instance[0]}")
            instances.append(instance)
    instances.sort(key=lambda instance: len(instance[1]))
    work = tempfile.mkdtemp(prefix="roadtrip-bench-tsplib-")
    try:
        # No region in the fresh data folder: the order is searched in straight lines. ROADTRIP_FILE
        # removed so that only --file names the data file.
        base = {key: value for key, value in os.environ.items() if key != "ROADTRIP_FILE"}
        base.update(XDG_DATA_HOME=os.path.join(work, "data"), XDG_CACHE_HOME=os.path.join(work, "cache"))
        passes = [(None, base)]
        if options.compare:
            passes.append(("previous algorithm (ROADTRIP_OPTIMIZER=local-search)", {**base, "ROADTRIP_OPTIMIZER": "local-search"}))
        if "ROADTRIP_OPTIMIZER" in os.environ:
            passes[0] = (f"ROADTRIP_OPTIMIZER={os.environ['ROADTRIP_OPTIMIZER']}", base)
        elif options.compare:
            passes[0] = ("current algorithm", base)
        solved = {instance[0]: lkh(instance) for instance in instances}
        lkh_rows = solved if all(solved.values()) else None
        for number, (heading, environment) in enumerate(passes):
            rows = [(instance[0], *measure(binary, instance, options.runs, work, environment)) for instance in instances]
            if number > 0:
                print()
            if heading:
                print(f"{heading}\n")
            # LKH's columns once, in the first table: they do not depend on ROADTRIP_OPTIMIZER.
            print(table(rows, lkh_rows if number == 0 else None), flush=True)
        if lkh_rows is None:
            print("\n(elkai is not installed: no LKH columns; pip install elkai==2.0.1)")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
