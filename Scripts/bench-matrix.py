#!/usr/bin/env python3
"""The road matrix of `optimize` at 20, 50, 100 and 103 stops (the most the matrix routes) in Andorra (issue 36).

    Scripts/bench-matrix.py ROADTRIP [--runs N] [--counts 20,50,100,103]

ROADTRIP is the binary (a release build). Andorra is added into a fresh XDG data folder; 20 is the
20 towns and villages of Scripts/bench-roads.py, the other counts are points spread along their
road line (every two joined by road), as that script's 103-stop row. Each row times the whole
`optimize NAME --json` process, cold (the leg cache emptied first) and warm (right after, the legs
of the cold run kept), as wall time and as the CPU time of the process (user + system, from
wait4): the CPU time is the figure to compare when other work shares the machine.
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
spec = importlib.util.spec_from_file_location("bench_roads", os.path.join(ROOT, "Scripts", "bench-roads.py"))
bench_roads = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench_roads)


def timed_optimize(binary, trips, name, environment):
    """Wall seconds, CPU seconds and the report of one `optimize NAME --json`."""
    start = time.monotonic()
    child = subprocess.Popen([binary, "--file", trips, "optimize", name, "--json"], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, env={**os.environ, **environment})
    output = child.stdout.read()
    child.stderr.read()
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.monotonic() - start
    if status != 0:
        sys.exit(f"bench: optimize {name} failed ({status})")
    return wall, usage.ru_utime + usage.ru_stime, json.loads(output)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("roadtrip")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--counts", default="20,50,100,103")
    options = parser.parse_args()
    binary = os.path.abspath(options.roadtrip)
    work = tempfile.mkdtemp(prefix="roadtrip-bench-matrix-")
    try:
        data, cache = os.path.join(work, "data"), os.path.join(work, "cache")
        regions = {"XDG_DATA_HOME": data, "XDG_CACHE_HOME": cache}
        bench_roads.run(binary, ["region", "add", os.path.join(bench_roads.FIXTURES, "andorra.osm.pbf")], regions)
        trips = os.path.join(work, "trips.json")
        bench_roads.run(binary, ["--file", trips, "new", "--force", "Andorra towns"]
                        + [f"{lat}, {lon}" for lat, lon in bench_roads.ANDORRA], regions)
        print(f"| stops | legs | cold wall | cold CPU | warm wall | warm CPU |  ({options.runs} runs, medians)")
        print("|---|---|---|---|---|---|")
        for count in (int(c) for c in options.counts.split(",")):
            name = "Andorra towns"
            if count != 20:
                name = f"Andorra {count}"
                points = bench_roads.along_the_roads(binary, trips, regions, count)
                bench_roads.run(binary, ["--file", trips, "new", "--force", name] + [f"{lat:.5f}, {lon:.5f}" for lat, lon in points], regions)
            cold, warm = [], []
            for _ in range(options.runs):
                shutil.rmtree(cache, ignore_errors=True)
                cold.append(timed_optimize(binary, trips, name, regions))
                warm.append(timed_optimize(binary, trips, name, regions))
                if cold[-1][2]["measure"] != "road time":
                    sys.exit(f"bench: optimize of {count} stops was not on roads: {cold[-1][2].get('reason')}")
            row = [statistics.median(r[k] for r in rows) for rows in (cold, warm) for k in (0, 1)]
            print(f"| {count} | {count * (count - 1):,} | " + " | ".join(f"{v * 1000:.0f} ms" if v < 2 else f"{v:.2f} s" for v in row) + " |")
            sys.stdout.flush()
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
