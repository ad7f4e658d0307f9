#!/usr/bin/env python3
"""The road matrix of `optimize`, Routino leg by leg (before issue 36), on the roads' graph (after)
and on Valhalla, side by side in one run on Andorra's roads; a leg; `optimize` of 200 stops.

    Scripts/bench-matrix.py ROADTRIP [--runs N] [--counts 20,50,100] [--valhalla DIR]

First the matrix alone: `roadtrip-bench --matrix` (the release build beside ROADTRIP) asks the
engine of each setting for the matrix of the stops, in process and without the leg cache: the
first matrix of the process (reading the roads' graph, or loading Routino's database) and the
median of N more; and Valhalla's own `/sources_to_targets`, timed here over HTTP.

ROADTRIP is the binary (a release build). Andorra is added into two fresh XDG data folders: one as
`region add` makes it (its roads' graph, `roads.graph`, and `roads.osm.pbf` kept: the matrix is
searched on the graph) and one without those two files, as a region added before issue 36 was (the
matrix is routed by Routino one leg at a time, the code of before, up to 103 stops). Valhalla is
pyvalhalla 3.9.1's `valhalla_service` on the same extract (Scripts/valhalla-local.py, installed
once into DIR, default .build/valhalla), on a free port of 127.0.0.1, stopped by its pid at the end.

20 stops are the 20 towns and villages of Scripts/bench-roads.py; the other counts are points spread
along their road line (every two joined by road). Each figure is the median over N runs of the whole
`optimize NAME --json` process with the leg cache emptied first (wall time; the process's CPU time,
user + system from wait4, in brackets), and for Valhalla also its `/sources_to_targets` request
alone, timed here. "a leg" is `show --json` of Andorra la Vella → Pas de la Casa, cold.
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
import urllib.request

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))


def module(name, file):
    spec = importlib.util.spec_from_file_location(name, os.path.join(ROOT, "Scripts", file))
    loaded = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(loaded)
    return loaded


bench_roads = module("bench_roads", "bench-roads.py")
valhalla_local = module("valhalla_local", "valhalla-local.py")


def timed(binary, arguments, environment):
    """Wall seconds, CPU seconds and the JSON printed by one run of ROADTRIP ARGUMENTS."""
    start = time.monotonic()
    child = subprocess.Popen([binary] + arguments, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env={**os.environ, **environment})
    output = child.stdout.read()
    child.stderr.read()
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.monotonic() - start
    if status != 0:
        sys.exit(f"bench: {' '.join(arguments)} failed ({status})")
    return wall, usage.ru_utime + usage.ru_stime, json.loads(output)


class Engine:
    """One way of routing: an XDG data folder with Andorra added, and what the environment adds."""

    def __init__(self, name, work, environment, limit=None):
        self.name, self.limit = name, limit
        self.data, self.cache = os.path.join(work, name, "data"), os.path.join(work, name, "cache")
        self.environment = {"XDG_DATA_HOME": self.data, "XDG_CACHE_HOME": self.cache, **environment}

    def cold(self, binary, arguments, runs, check):
        """Median wall and CPU seconds of ARGUMENTS with an empty leg cache each time."""
        rows = []
        for _ in range(runs):
            shutil.rmtree(self.cache, ignore_errors=True)
            rows.append(timed(binary, arguments, self.environment))
            check(rows[-1][2])
        return statistics.median(r[0] for r in rows), statistics.median(r[1] for r in rows)


def add_andorra(binary, engine, graph):
    bench_roads.run(binary, ["region", "add", os.path.join(bench_roads.FIXTURES, "andorra.osm.pbf")], engine.environment)
    if not graph:
        region = os.path.join(engine.data, "roadtrip", "regions", "andorra")
        for name in ("roads.graph", "roads.osm.pbf"):
            os.remove(os.path.join(region, name))


def matrix_request(port, points):
    """Seconds of `/sources_to_targets` of every point to every other, `auto` costing: one request,
    or as many as the service's limit of 10,000 pairs a request needs (Scripts/valhalla-local.py)."""
    locations = [{"lat": lat, "lon": lon} for lat, lon in points]
    rows = max(1, 10_000 // len(locations))
    start = time.monotonic()
    for first in range(0, len(locations), rows):
        body = json.dumps({"sources": locations[first:first + rows], "targets": locations, "costing": "auto"}).encode()
        request = urllib.request.Request(f"http://127.0.0.1:{port}/sources_to_targets", data=body,
                                         headers={"Content-Type": "application/json"})
        json.load(urllib.request.urlopen(request, timeout=120))
    return time.monotonic() - start


def table(title, columns):
    """The title and head of a Markdown table of stops, legs and `columns`."""
    print(title)
    print()
    print("| stops | legs | " + " | ".join(columns) + " |")
    print("|---|---|" + "---|" * len(columns))


def per_engine(engines, count, cell):
    """Each engine's cell of a row of `count` stops: `cell(engine)`, or its refusal past its limit."""
    return [f"refused (more than {engine.limit} stops)" if engine.limit and count > engine.limit else cell(engine) for engine in engines]


def shown(pair):
    wall, cpu = pair
    text = f"{wall * 1000:.0f} ms" if wall < 2 else f"{wall:.2f} s"
    return text + (f" ({cpu * 1000:.0f} ms)" if cpu < 2 else f" ({cpu:.2f} s)")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("roadtrip")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--counts", default="20,50,100")
    parser.add_argument("--valhalla", default=os.path.join(ROOT, ".build", "valhalla"))
    options = parser.parse_args()
    binary = os.path.abspath(options.roadtrip)
    work = tempfile.mkdtemp(prefix="roadtrip-bench-matrix-")
    service = None
    try:
        folder = os.path.abspath(options.valhalla)
        valhalla_local.install(folder)
        tiles = os.path.join(work, "valhalla")
        valhalla_local.build_tiles(folder, tiles, [os.path.join(bench_roads.FIXTURES, "andorra.osm.pbf")])
        port = valhalla_local.free_port()
        service, _ = valhalla_local.start(folder, tiles, port)
        before = Engine("routino-leg-by-leg", work, {}, limit=103)
        after = Engine("roads-graph", work, {})
        valhalla = Engine("valhalla", work, {"ROADTRIP_VALHALLA_URL": f"http://127.0.0.1:{port}"})
        engines = (before, after, valhalla)
        for engine, graph in ((before, False), (after, True), (valhalla, True)):
            add_andorra(binary, engine, graph)
        trips = os.path.join(work, "trips.json")
        bench_roads.run(binary, ["--file", trips, "new", "--force", "Andorra towns"]
                        + [f"{lat}, {lon}" for lat, lon in bench_roads.ANDORRA], after.environment)
        bench_roads.run(binary, ["--file", trips, "new", "--force", "A leg", "42.5078, 1.5211", "42.5428, 1.7336"], after.environment)

        def on_roads(report):
            if report.get("measure") != "road time":
                sys.exit(f"bench: optimize was not on roads: {report.get('reason')}")

        def leg_on_roads(report):
            if not report["legs"] or report["legs"][0].get("source") != "road":
                sys.exit(f"bench: the leg was not on roads: {report['legs']}")

        counts = [int(c) for c in options.counts.split(",")] + [200]
        stops = {}
        for count in counts:
            name = "Andorra towns"
            points = bench_roads.ANDORRA
            if count != 20:
                name = f"Andorra {count}"
                points = bench_roads.along_the_roads(binary, trips, after.environment, count)
                bench_roads.run(binary, ["--file", trips, "new", "--force", name] + [f"{lat:.5f}, {lon:.5f}" for lat, lon in points],
                                after.environment)
            stops[count] = (name, points)
        bench = os.path.join(os.path.dirname(binary), "roadtrip-bench")
        table(f"The matrix alone, Andorra: the first of the process / the median of {options.runs} more, wall",
              ["Routino leg by leg (before)", "roads' graph (after)", "Valhalla, roadtrip's client", "Valhalla `/sources_to_targets`"])
        for count in counts:
            name, points = stops[count]
            listed = os.path.join(work, f"stops-{count}.txt")
            with open(listed, "w") as file:
                file.write("".join(f"{lat}, {lon}\n" for lat, lon in points))
            def matrix_alone(engine):
                result = subprocess.run([bench, "--matrix", listed, str(1 if engine.limit else options.runs)], capture_output=True,
                                        text=True, env={**os.environ, **engine.environment})
                if result.returncode != 0:
                    sys.exit(f"bench: roadtrip-bench --matrix failed: {result.stderr.strip()}")
                first, again = (float(v) for v in result.stdout.split()[1::2])
                return f"{first:.0f} / {again:.0f} ms" if again < 2_000 else f"{first / 1000:.2f} / {again / 1000:.2f} s"

            cells = per_engine(engines, count, matrix_alone)
            alone = statistics.median(matrix_request(port, points) for _ in range(options.runs))
            cells.append(f"{alone * 1000:.0f} ms")
            print(f"| {count} | {count * (count - 1):,} | " + " | ".join(cells) + " |")
            sys.stdout.flush()
        print()
        table(f"The whole `optimize NAME --json`, Andorra, {options.runs} runs, medians: wall (CPU of the process), leg cache empty",
              ["Routino leg by leg (before)", "roads' graph (after)", "Valhalla engine"])
        for count in counts:
            name, points = stops[count]
            cells = per_engine(engines, count, lambda engine: shown(engine.cold(binary, ["--file", trips, "optimize", name, "--json"],
                                                                               options.runs, on_roads)))
            print(f"| {count} | {count * (count - 1):,} | " + " | ".join(cells) + " |")
            sys.stdout.flush()
        leg = [shown(engine.cold(binary, ["--file", trips, "show", "A leg", "--json"], options.runs, leg_on_roads)) for engine in engines]
        print(f"| a leg (`show --json`) | 1 | {leg[0]} | {leg[1]} | {leg[2]} |")
    finally:
        if service:
            valhalla_local.stop(service)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
