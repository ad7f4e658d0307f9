#!/usr/bin/env python3
"""Scale: roadtrip on Andorra tiled into 2 x 2 ... 16 x 16 copies, beside the bare tools and OSRM (issue 54).

    Scripts/bench-scale.py ROADTRIP [--sizes 2x2,4x4,8x8,16x16] [--runs N] [--import-runs N]
                           [--counts 20,100,1000] [--timeout S] [--long S] [--osrm DIR] [--only import]
                           [--rebuild-osrm] [--json PATH] [--tables]

ROADTRIP is the binary (a release build). For each size, in one run:

- the extract: .build/bench-scale/andorra-RxC.osm.pbf, made once by ../shared/tools/tile-extract.py
  from ../shared/data/osm/andorra.osm.pbf (pyosmium: `pip install osmium`; 16 x 16 takes about
  11 minutes) and kept there (never committed);
- import: `roadtrip region add FILE` into a fresh XDG data folder, beside the bare tools on the
  same file (`osmium tags-filter FILE w/highway`, then `planetsplitter` with roadtrip's driving
  tagging file, as `region add` runs it) and OSRM's preprocessing (`osrm-extract -p car.lua`, then
  `osrm-contract`). Each is the whole process tree, run under GNU time (/usr/bin/time): wall time,
  CPU time (user + system, wait4's: the CPU of the children it waited for added) and the peak
  resident set of its largest process (time's %M; `measured` says why not wait4's own).
  The two tools of a peer are added (times) or the larger taken (memory). roadtrip and the bare
  tools alternate (--import-runs rounds, A B A B); OSRM's data is kept in
  .build/bench-scale/osrm-RxC/ with the figures of the run that made it (--rebuild-osrm makes it
  again);
- OSRM: osrm-bindings 26.10.0 from PyPI (its native osrm-extract, osrm-contract, osrm-routed and
  profiles/car.lua, installed once into DIR, default .build/osrm, as Scripts/valhalla-local.py
  installs pyvalhalla); `osrm-routed --algorithm ch` on a free port of 127.0.0.1, started here and
  stopped by its pid. A request's CPU is the CPU its threads used meanwhile (/proc schedstat);
- the stops: nodes of public roads of the data, on every tile. 600 road nodes of Andorra (read with
  pyosmium, fixed seed) that roadtrip routes to and from Andorra la Vella (on Andorra alone, kept in
  .build/bench-scale/stop-pool.json), each put on tiles drawn at random (fixed seed) where the
  tile tool puts its copies, and those that OSRM's table cannot join both ways dropped. The first
  20, 100 and 1,000 are the `optimize` trips; the `along` trip goes from the first to others about
  90 km apart until its road line (OSRM's) is 500 km or more; the nodes nearest the south-west corner of the first tile and the
  north-east corner of the last, the corner-to-corner leg;
- queries, each over --runs rounds alternating roadtrip and OSRM (A B A B), medians, the leg cache
  emptied before each roadtrip run: `optimize NAME --json` (the whole process) beside OSRM's CH
  `/table` of the same stops, with the median over the optimized order's legs of roadtrip's
  duration / OSRM's; `show --json` of the 2-stop corner-to-corner trip beside `/route`; `search`
  p50/p99 over place names with the tiles' " ROW-COL" suffixes; `along --json` of the 500 km trip;
- the planner (Scripts/bench-tui.py's Session, in tmux, timed by the program itself): its first
  frame from exec, with the region added; the 100-stop trip opened (legs routed by `show` first, so
  that they come from the cache) and `J` in it beside a busy core (bench-tui's Burner); its peak RSS.

A command past --timeout seconds (default 300) is stopped and shown as such, and an `optimize`
row that the one before says would take longer (its time × the ratio of the stops) is not run; an
`optimize` run past --long seconds (default 120) is not repeated. --only import runs the import
rows alone (with OSRM's data). Prints a Markdown table per size and one of the growth per MB, and
writes every figure to --json (default .build/bench-scale/results.json, merged by size); --tables
prints the tables of the sizes kept there again, and runs nothing.
"""
import argparse
import datetime
import functools
import importlib.util
import json
import math
import os
import random
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
SCALE = os.path.join(ROOT, ".build", "bench-scale")
SHARED = os.path.normpath(os.path.join(ROOT, "..", "shared"))
ANDORRA = os.path.join(SHARED, "data", "osm", "andorra.osm.pbf")
TILE_EXTRACT = os.path.join(SHARED, "tools", "tile-extract.py")
OSRM = "osrm-bindings==26.10.0"
# Routino's driving rules, as `region add` runs planetsplitter (RegionInfo.drivingTagging).
DRIVING_TAGGING = "/usr/share/routino/tagging-drive.xml"


def module(name, file):
    spec = importlib.util.spec_from_file_location(name, os.path.join(ROOT, "Scripts", file))
    loaded = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(loaded)
    return loaded


bench_tui = module("bench_tui", "bench-tui.py")
bench_roads = module("bench_roads", "bench-roads.py")
bench_matrix = module("bench_matrix", "bench-matrix.py")
bench_regions = module("bench_regions", "bench-regions.py")
valhalla_local = module("valhalla_local", "valhalla-local.py")

# Towns and villages of Andorra that the tiled copies keep, each as "NAME ROW-COL" there.
PLACES = ["Andorra la Vella", "Sant Julià de Lòria", "La Massana", "Ordino", "Arinsal", "Soldeu", "El Tarter", "Santa Coloma",
          "Sispony", "Llorts", "Ransol", "Encamp", "Canillo", "Erts", "Anyós", "Aixovall", "Bixessarri"]


# ---------------------------------------------------------------------------------------------
# Processes, timed


class Timed:
    """One process tree run to its end: wall and CPU seconds, peak RSS in MB, its output."""

    def __init__(self, wall, cpu, rss, status, output, error):
        self.wall, self.cpu, self.rss, self.status, self.output, self.error = wall, cpu, rss, status, output, error

    @property
    def ok(self):
        return self.status == 0


class TimedOut(Exception):
    pass


def measured(command, environment=None, timeout=None, cwd=None):
    """Runs `command` under GNU time (its output into files, so that no pipe fills) and waits for it
    with wait4: wall time from the spawn; user + system CPU of the process tree (wait4's, of time
    and of the command with the children it waited for); the peak resident set of the largest
    process of the tree, GNU time's %M. Not wait4's own ru_maxrss: Linux keeps in it the peak of the
    memory a process had before its exec, and a process Python starts (vfork) had this script's.
    Past `timeout` the tree is killed (its process group, made for it)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, \
            tempfile.NamedTemporaryFile(mode="r", prefix="bench-scale-time-") as peak:
        start = time.monotonic()
        child = subprocess.Popen(["/usr/bin/time", "-o", peak.name, "-f", "%M"] + command, stdout=out, stderr=err,
                                 stdin=subprocess.DEVNULL, cwd=cwd, env={**os.environ, **(environment or {})},
                                 start_new_session=True)
        killed = threading.Event()

        def kill():
            killed.set()
            os.killpg(child.pid, signal.SIGKILL)

        timer = threading.Timer(timeout, kill) if timeout else None
        if timer:
            timer.daemon = True  # an interrupted bench does not wait for it
            timer.start()
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.monotonic() - start
        if timer:
            timer.cancel()
        child.returncode = os.waitstatus_to_exitcode(status)  # reaped here: Popen must not wait again
        if killed.is_set():
            raise TimedOut(f"over {timeout:.0f} s")
        out.seek(0)
        err.seek(0)
        reported = peak.read().split()
        rss = int(reported[-1]) / 1024 if reported and reported[-1].isdigit() else 0.0
        return Timed(wall, usage.ru_utime + usage.ru_stime, rss, child.returncode,
                     out.read().decode(errors="replace"), err.read().decode(errors="replace"))


def checked(timed, what):
    if not timed.ok:
        raise RuntimeError(f"{what} failed ({timed.status}): {(timed.error.strip() or timed.output.strip())[-500:]}")
    return timed


def chain(parts):
    """Steps of one peer, one after the other: their times added, the larger memory."""
    return {"wall": sum(p["wall"] for p in parts), "cpu": sum(p["cpu"] for p in parts), "rss": max(p["rss"] for p in parts),
            "steps": parts}


def figures(timed):
    return {"wall": timed.wall, "cpu": timed.cpu, "rss": timed.rss}


def median_of(samples):
    """The median wall and CPU seconds of the runs, the largest peak memory, how many runs."""
    result = {"wall": statistics.median(s["wall"] for s in samples), "cpu": statistics.median(s["cpu"] for s in samples),
              "runs": len(samples)}
    if "rss" in samples[0]:
        result["rss"] = max(s["rss"] for s in samples)
    return result


def folder_mb(path):
    """The megabytes of the files under `path` (links not followed): bench-regions.py's count."""
    return bench_regions.folder_bytes(path) / 1e6


# ---------------------------------------------------------------------------------------------
# The tiled extracts


def tile_degrees():
    """The size of one tile in degrees (lat, lon): Andorra's header box, the shift between copies
    of ../shared/tools/tile-extract.py."""
    header = json.loads(subprocess.run(["osmium", "fileinfo", "-j", ANDORRA], check=True, capture_output=True, text=True).stdout)
    west, south, east, north = header["header"]["boxes"][0]
    return north - south, east - west


def extract_path(size):
    return os.path.join(SCALE, f"andorra-{size}.osm.pbf")


def ensure_extract(size):
    """.build/bench-scale/andorra-RxC.osm.pbf, made by the shared tile tool unless it is there."""
    path = extract_path(size)
    if os.path.isfile(path):
        return path
    rows, cols = size.split("x")
    os.makedirs(SCALE, exist_ok=True)
    part = os.path.join(SCALE, f"andorra-{size}.part.osm.pbf")  # pyosmium picks the format by the name's ending
    print(f"bench-scale: making {os.path.basename(path)} with {TILE_EXTRACT} (16 x 16 takes about 11 minutes)", file=sys.stderr)
    start = time.monotonic()
    subprocess.run([sys.executable, TILE_EXTRACT, ANDORRA, rows, cols, part], check=True)
    os.replace(part, path)
    print(f"bench-scale: {os.path.basename(path)} made in {time.monotonic() - start:.0f} s", file=sys.stderr)
    return path


# ---------------------------------------------------------------------------------------------
# OSRM, the peer


def osrm_install(folder):
    """OSRM's native tools and car profile from PyPI's osrm-bindings, installed into `folder` once."""
    binaries = valhalla_local.install_wheel_binaries(folder, OSRM, os.path.join(folder, "osrm", "bin"), "osrm-routed")
    profile = os.path.join(folder, "osrm", "share", "profiles", "car.lua")
    if not os.path.isfile(profile):
        raise RuntimeError(f"{OSRM} has no car profile at {profile}")
    return binaries, profile


def osrm_prepare(binaries, profile, source, size, rebuild, timeout):
    """OSRM's CH data of `source` in .build/bench-scale/osrm-RxC/ with the figures of its making:
    made unless it is there, made from a file of the same size, or `rebuild`."""
    folder = os.path.join(SCALE, f"osrm-{size}")
    base = os.path.join(folder, f"andorra-{size}.osrm")
    record = os.path.join(folder, "figures.json")
    if not rebuild and os.path.isfile(record):
        with open(record) as file:
            made = json.load(file)
        if made.get("sourceBytes") == os.path.getsize(source) and made.get("version") == 2 and os.path.isfile(base + ".hsgr"):
            return base, made | {"cached": True}
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    print(f"bench-scale: osrm-extract and osrm-contract of {os.path.basename(source)} into {folder}", file=sys.stderr)
    extract = checked(measured([os.path.join(binaries, "osrm-extract"), "-p", profile, "-o", base, source], timeout=timeout,
                               cwd=folder), "osrm-extract")
    contract = checked(measured([os.path.join(binaries, "osrm-contract"), base], timeout=timeout, cwd=folder), "osrm-contract")
    made = {"version": 2, "sourceBytes": os.path.getsize(source), "made": datetime.datetime.now().isoformat(timespec="seconds"),
            "extract": figures(extract), "contract": figures(contract), "diskMB": folder_mb(folder)}
    with open(record, "w") as file:
        json.dump(made, file, indent=1)
    return base, made | {"cached": False}


class Routed:
    """`osrm-routed --algorithm ch` on 127.0.0.1, started here and stopped by its pid."""

    def __init__(self, binaries, base, table_size, work):
        self.port = valhalla_local.free_port()
        self.log = os.path.join(work, "osrm-routed.log")
        start = time.monotonic()
        with open(self.log, "w") as output:
            self.process = subprocess.Popen([os.path.join(binaries, "osrm-routed"), "--algorithm", "ch", "-i", "127.0.0.1",
                                             "-p", str(self.port), "--max-table-size", str(table_size),
                                             "--max-viaroute-size", str(table_size), base],
                                            stdout=output, stderr=output, stdin=subprocess.DEVNULL)
        end = start + 300
        while True:
            if self.process.poll() is not None:
                raise RuntimeError(f"osrm-routed exited ({self.process.returncode}); see {self.log}")
            try:
                self.get("/nearest/v1/driving/0,0")
                break
            except urllib.error.HTTPError:
                break  # it answers (a point on no road is an error of its own)
            except (urllib.error.URLError, ConnectionError, OSError):
                if time.monotonic() > end:
                    raise RuntimeError(f"osrm-routed did not answer within 300 s; see {self.log}")
                time.sleep(0.05)
        self.load = time.monotonic() - start

    def get(self, path):
        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}{path}", timeout=600) as answer:
            return answer.read()

    def cpu(self):
        """Seconds of CPU its threads have used so far (/proc schedstat, in ns)."""
        total = 0
        folder = f"/proc/{self.process.pid}/task"
        for task in os.listdir(folder):
            try:
                with open(os.path.join(folder, task, "schedstat")) as stat:
                    total += int(stat.read().split()[0])
            except FileNotFoundError:
                pass
        return total / 1e9

    def peak_rss(self):
        with open(f"/proc/{self.process.pid}/status") as status:
            return next(int(line.split()[1]) for line in status if line.startswith("VmHWM:")) / 1024

    def timed(self, path):
        """Wall (the request from here, its answer read) and CPU seconds of one request, and its JSON."""
        cpu = self.cpu()
        start = time.monotonic()
        body = self.get(path)
        wall = time.monotonic() - start
        used = self.cpu() - cpu
        answer = json.loads(body)
        if answer.get("code") != "Ok":
            raise RuntimeError(f"OSRM {path[:60]}…: {answer.get('code')} {answer.get('message')}")
        return {"wall": wall, "cpu": used}, answer

    def stop(self):
        valhalla_local.stop(self.process)


def coordinates(points):
    return ";".join(f"{lon:.7f},{lat:.7f}" for lat, lon in points)


# ---------------------------------------------------------------------------------------------
# The stops


# The roads a stop is put on: public roads of a class both engines drive on, in the open (a point in
# a tunnel, or on a service road beside a main road, is snapped to different roads by each).
STOP_ROADS = {"motorway", "trunk", "primary", "secondary", "tertiary", "unclassified", "residential"}


@functools.cache
def road_nodes():
    """The nodes of Andorra's public roads (STOP_ROADS, not in a tunnel nor on a bridge, no access
    restriction): (lat, lon), in id order."""
    try:
        import osmium  # pyosmium, as the tile tool needs
    except ImportError:
        sys.exit("bench-scale: needs pyosmium: pip install osmium (or PYTHONPATH with it)")

    class Roads(osmium.SimpleHandler):
        def __init__(self):
            super().__init__()
            self.nodes = {}

        def way(self, way):
            tags = way.tags
            if (tags.get("highway") in STOP_ROADS and "tunnel" not in tags and "bridge" not in tags
                    and tags.get("access", "yes") in ("yes", "permissive", "destination")):
                for node in way.nodes:
                    if node.location.valid():
                        self.nodes[node.ref] = (node.location.lat, node.location.lon)

    roads = Roads()
    roads.apply_file(ANDORRA, locations=True)
    return [roads.nodes[key] for key in sorted(roads.nodes)]


def on_tile(point, row, col, tile):
    """A point of Andorra where the tile tool puts it in the copy at (row, col), to 1e-7 degree."""
    return round(point[0] + row * tile[0], 7), round(point[1] + col * tile[1], 7)


def stop_pool(binary, work, size=600):
    """`size` of Andorra's road nodes (`road_nodes`, drawn with a fixed seed) that roadtrip routes
    to and from Andorra la Vella on Andorra alone (`show` of one trip: la Vella, a node, la Vella,
    the next…): some road nodes lie where Routino's snapping finds no way out (a primary road in
    Pas de la Casa, which OSRM routes), and one such stop sends a whole `optimize` to straight
    lines. A node joined in Andorra is joined in every copy of it. Kept in
    .build/bench-scale/stop-pool.json (delete it to draw again)."""
    kept = os.path.join(SCALE, "stop-pool.json")
    if os.path.isfile(kept):
        with open(kept) as file:
            pool = json.load(file)
        if pool.get("sourceBytes") == os.path.getsize(ANDORRA) and pool.get("drawn") == size:
            return [tuple(p) for p in pool["nodes"]]
    drawn = random.Random(54).sample(road_nodes(), size)
    hub = bench_roads.ANDORRA[0]
    environment = {"XDG_DATA_HOME": os.path.join(work, "pool", "data"), "XDG_CACHE_HOME": os.path.join(work, "pool", "cache")}
    trips = os.path.join(work, "pool", "trips.json")
    bench_roads.run(binary, ["region", "add", ANDORRA], environment)
    stops = [hub] + [p for node in drawn for p in (node, hub)]
    bench_roads.run(binary, ["--file", trips, "new", "--force", "Pool"] + [f"{lat:.7f}, {lon:.7f}" for lat, lon in stops], environment)
    legs = json.loads(bench_roads.run(binary, ["--file", trips, "show", "Pool", "--json"], environment).stdout)["legs"]
    nodes = [node for index, node in enumerate(drawn) if legs[2 * index]["source"] == legs[2 * index + 1]["source"] == "road"]
    with open(kept, "w") as file:
        json.dump({"sourceBytes": os.path.getsize(ANDORRA), "drawn": size, "nodes": nodes}, file)
    shutil.rmtree(os.path.join(work, "pool"), ignore_errors=True)
    return nodes


def spread_stops(routed, pool, size, tile, count, seed):
    """`count` nodes of the pool, each on a tile drawn at random (fixed seed, no two the same),
    every two joined by road both ways (OSRM's table has no gap among them)."""
    rng = random.Random(seed)
    rows, cols = (int(n) for n in size.split("x"))
    wanted = min(count + count // 10 + 10, len(pool) * rows * cols)
    found = [on_tile(pool[k % len(pool)], k // len(pool) // cols, k // len(pool) % cols, tile)
             for k in rng.sample(range(len(pool) * rows * cols), wanted)]
    _, table = routed.timed(f"/table/v1/driving/{coordinates(found)}?annotations=duration")
    durations = table["durations"]
    # Drop the point with the most gaps until there are none (a road of a part that joins nothing).
    keep = list(range(len(found)))
    while True:
        gaps = {i: sum(1 for j in keep if durations[i][j] is None or durations[j][i] is None) for i in keep}
        worst = max(keep, key=lambda i: gaps[i])
        if gaps[worst] == 0:
            break
        keep.remove(worst)
    if len(keep) < count:
        raise RuntimeError(f"only {len(keep)} of the points on roads are joined by road")
    return [found[i] for i in keep[:count]]


def corner_points(pool, size, tile):
    """The nodes of the pool nearest the south-west corner of the first tile and the north-east
    corner of the last."""
    rows, cols = (int(n) for n in size.split("x"))
    south, west = min(p[0] for p in pool), min(p[1] for p in pool)
    north, east = max(p[0] for p in pool), max(p[1] for p in pool)
    scale = math.cos(math.radians(south))  # a degree of longitude, in degrees of latitude

    def nearest(lat, lon):
        return min(pool, key=lambda p: math.hypot(p[0] - lat, (p[1] - lon) * scale))

    return [on_tile(nearest(south, west), 0, 0, tile), on_tile(nearest(north, east), rows - 1, cols - 1, tile)]


def road_trip_stops(routed, points, meters, leg=90_000):
    """Stops of a road trip of `meters` or more on OSRM's roads, from the first of `points` on:
    each next stop the point whose straight line from the one before is nearest `leg` metres
    (several stops on a large map, the farthest each time on a small one)."""
    stops, left = [points[0]], list(points[1:])
    while left:
        here = stops[-1]
        scale = math.cos(math.radians(here[0]))
        nearest = min(left, key=lambda p: abs(math.hypot(p[0] - here[0], (p[1] - here[1]) * scale) * 111_200 - leg))
        left.remove(nearest)
        stops.append(nearest)
        _, route = routed.timed(f"/route/v1/driving/{coordinates(stops)}?overview=false")
        if route["routes"][0]["distance"] >= meters:
            break
    return stops


# ---------------------------------------------------------------------------------------------
# One size


class Bench:
    def __init__(self, options, binary, osrm):
        self.options, self.binary, self.osrm = options, binary, osrm

    def roadtrip(self, arguments, environment, what, timeout=None):
        return checked(measured([self.binary] + arguments, environment, timeout=timeout or self.options.timeout), what)

    def import_rows(self, source, size, work):
        """roadtrip's import and the bare tools', alternating; OSRM's preprocessing (cached)."""
        ours, bare = [], []
        data = None
        for round_ in range(self.options.import_runs):
            data = os.path.join(work, "data")
            shutil.rmtree(data, ignore_errors=True)
            added = self.roadtrip(["region", "add", source], {"XDG_DATA_HOME": data, "XDG_CACHE_HOME": os.path.join(work, "cache")},
                                  "region add")
            ours.append(figures(added))
            tools = os.path.join(work, "bare")
            shutil.rmtree(tools, ignore_errors=True)
            os.makedirs(os.path.join(tools, "routino"))
            roads = os.path.join(tools, "roads.osm.pbf")
            filtered = checked(measured(["osmium", "tags-filter", source, "w/highway", "-o", roads]), "osmium tags-filter")
            split = checked(measured(["planetsplitter", "--loggable", f"--dir={os.path.join(tools, 'routino')}",
                                      f"--tagging={DRIVING_TAGGING}", roads]), "planetsplitter")
            bare.append(chain([figures(filtered), figures(split)]))
            bare_disk = folder_mb(os.path.join(tools, "routino"))
            shutil.rmtree(tools, ignore_errors=True)
        environment = {"XDG_DATA_HOME": data, "XDG_CACHE_HOME": os.path.join(work, "cache")}
        info = json.loads(self.roadtrip(["region", "list", "--json"], environment, "region list").output)[0]
        binaries, profile = self.osrm
        base, osrm = osrm_prepare(binaries, profile, source, size, self.options.rebuild_osrm, self.options.timeout)
        result = {
            "roadtrip": median_of(ours), "bare": median_of([{k: b[k] for k in ("wall", "cpu", "rss")} for b in bare]),
            "bareSteps": bare[-1]["steps"],
            "osrm": chain([osrm["extract"], osrm["contract"]]) | {"cached": osrm["cached"], "made": osrm["made"]},
            "disk": {"roadtrip": folder_mb(os.path.join(data, "roadtrip", "regions")), "bare": bare_disk, "osrm": osrm["diskMB"]},
            "region": {"places": info.get("places"), "roads": info.get("roads"), "bounds": info.get("bounds"),
                       "files": sorted(os.listdir(os.path.join(data, "roadtrip", "regions", info["name"])))},
        }
        return result, environment, base

    def cold(self, environment):
        shutil.rmtree(environment["XDG_CACHE_HOME"], ignore_errors=True)

    def query_rows(self, environment, routed, work):
        options = self.options
        counts = sorted(int(c) for c in options.counts.split(","))
        trips = os.path.join(work, "trips.json")
        rows = {}
        started = time.monotonic()
        tile = tile_degrees()
        pool = stop_pool(self.binary, work)
        points = spread_stops(routed, pool, self.size, tile, max(counts + [100]), seed=54)
        corners = corner_points(pool, self.size, tile)
        along = road_trip_stops(routed, points, 500_000)
        rows["stops"] = {"drawn in s": time.monotonic() - started, "along stops": len(along)}

        def new(name, stops):
            self.roadtrip(["--file", trips, "new", "--force", name] + [f"{lat:.7f}, {lon:.7f}" for lat, lon in stops], environment,
                          f"new {name}")

        for count in sorted(set(counts + [100])):  # the planner's rows open the 100-stop trip
            new(f"{count} stops", points[:count])
        new("Corners", corners)
        new("Along", along)

        # optimize beside OSRM's table.
        previous = None
        for count in counts:
            stops = points[:count]
            name = f"{count} stops"
            reports, ours, theirs, timed_out = [], [], [], None
            table = None
            # Where the row before says this one would pass --timeout (the matrix grows with the
            # stops, a search from each), it is not run.
            before = rows.get(f"optimize {previous}") if previous else None
            if before and before["roadtrip"] and before["roadtrip"]["wall"] * count / previous > options.timeout:
                timed_out = (f"not run: {previous} stops took {seconds(before['roadtrip']['wall'])}, {count:,} would take about "
                             f"{seconds(before['roadtrip']['wall'] * count / previous)}, past --timeout {options.timeout:.0f} s")
            elif before and before["roadtrip"] is None:
                timed_out = f"not run: {previous} stops did not finish"
            previous = count
            for _ in range(options.runs):
                # roadtrip, then OSRM, each round; a run past --long seconds is not repeated.
                if timed_out is None and not (ours and ours[-1]["wall"] > options.long):
                    self.cold(environment)
                    try:
                        run = self.roadtrip(["--file", trips, "optimize", name, "--json"], environment, f"optimize {count}")
                        ours.append(figures(run))
                        reports.append(json.loads(run.output))
                    except TimedOut as error:
                        timed_out = str(error)
                figure, table = routed.timed(f"/table/v1/driving/{coordinates(stops)}?annotations=duration,distance")
                theirs.append(figure)
            row = {"roadtrip": median_of(ours) if ours else None, "osrm": median_of(theirs), "timedOut": timed_out}
            if reports:
                report = reports[-1]
                row["measure"], row["reason"] = report.get("measure"), report.get("reason")
                row["ratio"] = self.duration_ratio(report, table["durations"])
            rows[f"optimize {count}"] = row
            mine = timed_out
            if row["roadtrip"]:
                mine = f"{bench_matrix.shown((row['roadtrip']['wall'], row['roadtrip']['cpu']))} {row.get('measure')}"
            print(f"bench-scale:   optimize {count}: {mine} / OSRM table {bench_matrix.shown((row['osrm']['wall'], row['osrm']['cpu']))}",
                  file=sys.stderr)

        # One leg, corner to corner.
        shows, routes = [], []
        route = show = None
        for _ in range(options.runs):
            self.cold(environment)
            run = self.roadtrip(["--file", trips, "show", "Corners", "--json"], environment, "show Corners")
            shows.append(figures(run))
            show = json.loads(run.output)
            figure, route = routed.timed(f"/route/v1/driving/{coordinates(corners)}?overview=false")
            routes.append(figure)
        leg = show["legs"][0]
        rows["leg"] = {"roadtrip": median_of(shows), "osrm": median_of(routes), "source": leg.get("source"),
                       "reason": leg.get("reason"), "meters": leg["distanceMeters"], "seconds": leg["durationSeconds"],
                       "osrmMeters": route["routes"][0]["distance"], "osrmSeconds": route["routes"][0]["duration"],
                       "ratio": leg["durationSeconds"] / route["routes"][0]["duration"]}

        # Place search over queries of the tiles' names.
        rng = random.Random(54)
        rows_, cols_ = (int(n) for n in self.size.split("x"))
        unsuffixed = ["Canillo", "Sant Julià", "Ordi"]
        queries = [f"{name} {rng.randrange(rows_)}-{rng.randrange(cols_)}" for name in PLACES] + unsuffixed
        walls, cpus, found = [], [], 0
        for round_ in range(options.runs):
            for query in queries:
                run = self.roadtrip(["search", query, "--json", "--limit", "10"], environment, f"search {query}")
                walls.append(run.wall)
                cpus.append(run.cpu)
                if round_ == 0:
                    # A query with its tile's suffix is found when its first answer is that place;
                    # the others (every tile's Canillo, a prefix) when there is an answer.
                    hits = json.loads(run.output)
                    found += bool(hits) and (hits[0]["name"].casefold() == query.casefold() or query in unsuffixed)
        rows["search"] = {"p50": bench_tui.percentile(walls, 50), "p99": bench_tui.percentile(walls, 99),
                          "cpuP50": bench_tui.percentile(cpus, 50), "queries": len(queries), "samples": len(walls), "found": found}

        # The matrix alone (roadtrip-bench --matrix: one process, the first matrix apart, then the
        # median of --runs), beside OSRM's table of the same stops; and search in process, the
        # queries typed prefix by prefix as the stop editor searches (roadtrip-bench --search-shelf).
        bench = os.path.join(os.path.dirname(self.binary), "roadtrip-bench")
        if os.path.exists(bench):
            for count in counts:
                if count < 100:
                    continue
                stops_file = os.path.join(work, f"matrix-{count}.txt")
                with open(stops_file, "w") as file:
                    file.writelines(f"{lat:.7f}, {lon:.7f}\n" for lat, lon in points[:count])
                run = checked(measured([bench, "--matrix", stops_file, str(options.runs)], environment, timeout=options.timeout),
                              f"matrix {count}")
                first, median = (float(x) for x in run.output.split()[1::2])
                theirs = [routed.timed(f"/table/v1/driving/{coordinates(points[:count])}?annotations=duration,distance")[0]
                          for _ in range(options.runs)]
                rows[f"matrix {count}"] = {"first": first / 1000, "median": median / 1000, "osrm": median_of(theirs)}
            run = checked(measured([bench, "--search-shelf"] + queries, environment, timeout=options.timeout), "search in process")
            figures_ = re.search(r"p50 ([\d.]+) ms.*p99 ([\d.]+) ms", run.output)
            rows["search in process"] = {"p50": float(figures_.group(1)) / 1000, "p99": float(figures_.group(2)) / 1000,
                                         "output": run.output.strip().splitlines()}
        else:
            print(f"bench-scale: no {bench}: the matrix-alone and in-process search rows are left out (make bench builds it)",
                  file=sys.stderr)

        # along, about 500 km.
        cold, warm, report = [], [], None
        for _ in range(options.runs):
            self.cold(environment)
            run = self.roadtrip(["--file", trips, "along", "Along", "--json"], environment, "along")
            cold.append(figures(run))
            report = json.loads(run.output)
            warm.append(figures(self.roadtrip(["--file", trips, "along", "Along", "--json"], environment, "along")))
        rows["along"] = {"cold": median_of(cold), "warm": median_of(warm), "stops": len(along), "meters": report.get("tripMeters"),
                         "places": len(report.get("places", []))}
        return rows, trips

    @staticmethod
    def duration_ratio(report, durations):
        """The median over the optimized order's road legs of roadtrip's duration / OSRM's."""
        stops, legs = report.get("stops", []), report.get("legs", [])
        if len(legs) != len(stops) - 1 + (1 if report.get("loop") else 0):
            return None
        ratios = []
        for index, leg in enumerate(legs):
            a, b = stops[index]["was"] - 1, stops[(index + 1) % len(stops)]["was"] - 1
            theirs = durations[a][b]
            if leg.get("source") == "road" and theirs:
                ratios.append(leg["durationSeconds"] / theirs)
        return statistics.median(ratios) if ratios else None

    def planner_rows(self, environment, trips, work):
        """Scripts/bench-tui.py's Session with the region added: first frame, `J` in the 100-stop trip."""
        runs = self.options.runs
        firsts = []
        for _ in range(runs):
            session = bench_tui.Session(self.binary, trips, work, environment=environment)
            firsts.append(session.first_frame_ms())
            session.close()
        # The 100 stops' legs routed first, into the cache the planner reads.
        routed = self.roadtrip(["--file", trips, "show", "100 stops", "--json"], environment, "show 100 stops")
        sources = [leg.get("source") for leg in json.loads(routed.output)["legs"]]
        # The trip opened in a planner of its own each run; `J` in the last.
        opens = []
        for run in range(runs):
            session = bench_tui.Session(self.binary, trips, work, environment=environment)
            try:
                opens.append(bench_roads.open_trip(session, "100 stops"))
            except SystemExit as error:
                print(f"bench-scale: {error}", file=sys.stderr)
                break
            if run < runs - 1:
                session.close()
        opened = statistics.median(o[0] for o in opens) if len(opens) == runs else None
        on_roads = statistics.median(o[1] for o in opens) if len(opens) == runs else None
        moves, cpu = [], None
        if opened is not None:
            with bench_tui.Burner():
                moves, cpu = session.timed_keys("J", 50)
        rss = session.quit()
        return {"firstFrame": statistics.median(firsts), "firstFrames": firsts, "open": opened, "onRoads": on_roads, "opens": opens,
                "J p50": moves and bench_tui.percentile(moves, 50), "J p99": moves and bench_tui.percentile(moves, 99),
                "J cpu": cpu, "rss": rss,
                "show100": figures(routed), "show100Road": sources.count("road"), "show100Legs": len(sources)}

    def run(self, size):
        self.size = size
        load = os.getloadavg()[0]  # other work on the machine: wall times grow with it, CPU times much less
        started = time.monotonic()
        source = ensure_extract(size)
        work = tempfile.mkdtemp(prefix=f"roadtrip-bench-scale-{size}-")
        result = {"size": size, "file": os.path.basename(source), "MB": os.path.getsize(source) / 1e6}
        routed = None
        try:
            print(f"bench-scale: {size}: import", file=sys.stderr)
            result["import"], environment, base = self.import_rows(source, size, work)
            if self.options.only != "import":
                counts = [int(c) for c in self.options.counts.split(",")]
                routed = Routed(self.osrm[0], base, max(counts + [100]) + 200, work)
                print(f"bench-scale: {size}: osrm-routed loaded in {routed.load:.2f} s; queries", file=sys.stderr)
                result["osrmRouted"] = {"load": routed.load}
                result["queries"], trips = self.query_rows(environment, routed, work)
                result["osrmRouted"]["rss"] = routed.peak_rss()
                routed.stop()
                routed = None
                print(f"bench-scale: {size}: planner", file=sys.stderr)
                result["planner"] = self.planner_rows(environment, trips, work)
        finally:
            if routed:
                routed.stop()
            for name in bench_tui.Session.names:
                bench_tui.kill_session(name)
            bench_tui.Session.names.clear()
            shutil.rmtree(work, ignore_errors=True)
        result["seconds"] = time.monotonic() - started
        result["load"] = {"start": load, "end": os.getloadavg()[0], "cores": os.cpu_count()}
        return result


# ---------------------------------------------------------------------------------------------
# Tables


def seconds(value):
    if value is None:
        return "—"
    if value < 2:
        return f"{value * 1000:.0f} ms" if value >= 0.01 else f"{value * 1000:.1f} ms"
    return f"{value:.1f} s" if value < 100 else f"{value:.0f} s"


def cell(figure, mb=None, memory=True):
    """wall (CPU), peak memory, and seconds per MB of the file."""
    if not figure:
        return "—"
    text = f"{seconds(figure['wall'])} (CPU {seconds(figure['cpu'])})"
    if memory and figure.get("rss"):
        text += f", {figure['rss']:.0f} MB"
    if mb:
        text += f"; {figure['wall'] / mb:.2f} s/MB"
    return text


def ratio(a, b):
    return f"{a / b:.1f}×" if a and b else "—"


def counted_rows(rows, prefix):
    """The rows named "PREFIX COUNT" (`optimize 100`, `matrix 1000`), as (count, row), by count."""
    return sorted(((int(key.split()[1]), row) for key, row in rows.items() if key.startswith(prefix + " ")), key=lambda pair: pair[0])


def print_size(result):
    runs, import_runs = result.get("runs", 3), result.get("importRuns", 1)
    mb = result["MB"]
    imported = result["import"]
    region = imported["region"]
    files = ", ".join(name for name in region.get("files", []) if not name.startswith("."))
    print(f"### {result['file']}: {mb:.1f} MB, {region['places']:,} places, {region['roads']:,} roads (the region's files: {files})")
    print()
    print("| what | roadtrip | peer | roadtrip / peer |")
    print("|---|---|---|---|")
    ours = imported["roadtrip"]
    osrm = imported["osrm"]
    bare = imported["bare"]
    print(f"| import: `region add` / `osmium tags-filter w/highway` + `planetsplitter` ({import_runs} run(s), medians) "
          f"| {cell(ours, mb)} | {cell(bare, mb)} | {ratio(ours['wall'], bare['wall'])} |")
    made = "kept from " + osrm["made"] if osrm.get("cached") else "made in this run"
    print(f"| import: `region add` / OSRM `osrm-extract -p car.lua` + `osrm-contract` ({made}) "
          f"| {cell(ours, mb)} | {cell(osrm, mb)} | {ratio(ours['wall'], osrm['wall'])} |")
    disk = imported["disk"]
    print(f"| on disk: the region / Routino's database; OSRM's files | {disk['roadtrip']:.0f} MB | {disk['bare']:.0f} MB; "
          f"{disk['osrm']:.0f} MB | — |")
    if "queries" in result:
        q = result["queries"]
        routed = result["osrmRouted"]
        print(f"| OSRM: `osrm-routed` loading the data, its peak RSS | — | {seconds(routed['load'])}, {routed['rss']:.0f} MB | — |")
        for count, row in counted_rows(q, "optimize"):
            if row["roadtrip"] is None:
                mine = row["timedOut"] if row["timedOut"].startswith("not run") else f"stopped {row['timedOut']}"
            else:
                mine = cell(row["roadtrip"])
                if row.get("measure") != "road time":
                    mine += f", **{row.get('measure')}**: {row.get('reason')}"
            note = f" ({row['roadtrip']['runs']} runs)" if row["roadtrip"] and row["roadtrip"]["runs"] != runs else ""
            durations = f"; durations {row['ratio']:.2f}×" if row.get("ratio") else ""
            print(f"| `optimize` {count:,} stops, cold cache{note} / OSRM CH `/table` {count}×{count} "
                  f"| {mine} | {cell(row['osrm'], memory=False)} "
                  f"| {ratio(row['roadtrip'] and row['roadtrip']['wall'], row['osrm']['wall'])}{durations} |")
        leg = q["leg"]
        source = "" if leg["source"] == "road" else f", **{leg['source']}**: {leg.get('reason')}"
        print(f"| corner to corner: `show` of 2 stops, cold cache / OSRM `/route` ({leg['meters'] / 1000:.0f} km, "
              f"{leg['seconds'] / 3600:.1f} h; OSRM {leg['osrmMeters'] / 1000:.0f} km, {leg['osrmSeconds'] / 3600:.1f} h) "
              f"| {cell(leg['roadtrip'])}{source} | {cell(leg['osrm'], memory=False)} "
              f"| {ratio(leg['roadtrip']['wall'], leg['osrm']['wall'])}; "
              f"durations {leg['ratio']:.2f}× |")
        search = q["search"]
        print(f"| `search`, {search['queries']} queries × {runs} runs ({search['found']} found as asked): p50 / p99 "
              f"| {seconds(search['p50'])} / {seconds(search['p99'])} (CPU p50 {seconds(search['cpuP50'])}) | — | — |")
        for count, row in counted_rows(q, "matrix"):
            print(f"| the matrix alone, {count:,} stops (`roadtrip-bench --matrix`: the first of the process, then the "
                  f"median of {runs}) / OSRM CH `/table` | {seconds(row['first'])}, then {seconds(row['median'])} "
                  f"| {cell(row['osrm'], memory=False)} | {ratio(row['median'], row['osrm']['wall'])} |")
        if "search in process" in q:
            row = q["search in process"]
            print(f"| search in process, the queries typed prefix by prefix with the region added (`roadtrip-bench "
                  f"--search-shelf`): p50 / p99 | {seconds(row['p50'])} / {seconds(row['p99'])} | — | — |")
        along = q["along"]
        print(f"| `along --json`, {along['meters'] / 1000:.0f} km, {along['stops']} stops, {along['places']:,} places: cold cache / warm "
              f"| {cell(along['cold'])} / {cell(along['warm'])} | — | — |")
    if "planner" in result:
        p = result["planner"]
        print(f"| planner: first frame from exec (median of {len(p['firstFrames'])}) | {p['firstFrame']:.1f} ms | — | — |")
        opened = "—" if p["open"] is None else f"{p['open']:.1f} ms; all legs on roads {p['onRoads']:.0f} ms"
        print(f"| planner: the 100-stop trip opened, median of {len(p.get('opens', [1]))} (its legs from the cache: `show` routed "
              f"{p['show100Road']}/{p['show100Legs']} "
              f"on roads in {seconds(p['show100']['wall'])}) | {opened} | — | — |")
        moves = "not measured: the trip did not open"
        if p["J cpu"] is not None:
            moves = f"{p['J p50']:.2f} / {p['J p99']:.2f} ms ({p['J cpu']:.2f} ms)"
        print(f"| planner: `J` in the 100-stop trip, a core kept busy, p50 / p99 (main thread CPU per key) | {moves} | — | — |")
        print(f"| planner: peak RSS | {p['rss']:.0f} MB | — | — |")
    print()
    load = result.get("load")
    busy = f"; load average {load['start']:.1f} at the start, {load['end']:.1f} at the end, {load['cores']} cores" if load else ""
    print(f"({result['size']} took {result['seconds'] / 60:.1f} minutes{busy}.)")
    print()


def print_growth(results):
    print("### Growth with the file: seconds per MB and memory")
    print()
    print("| size | MB | `region add` | s/MB | peak | bare tools | s/MB | peak | OSRM prep | s/MB | peak "
          "| `optimize` 100 | corner leg `show` | `search` p50 |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for r in results:
        mb, imported = r["MB"], r["import"]
        cells = [r["size"], f"{mb:.1f}"]
        for key in ("roadtrip", "bare", "osrm"):
            figure = imported[key]
            cells += [seconds(figure["wall"]), f"{figure['wall'] / mb:.2f}", f"{figure['rss']:.0f} MB"]
        q = r.get("queries", {})
        optimize = q.get("optimize 100", {}).get("roadtrip")
        cells += [seconds(optimize["wall"]) if optimize else "—", seconds(q["leg"]["roadtrip"]["wall"]) if "leg" in q else "—",
                  seconds(q["search"]["p50"]) if "search" in q else "—"]
        print("| " + " | ".join(cells) + " |")
    print()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("roadtrip")
    parser.add_argument("--sizes", default="2x2,4x4,8x8,16x16")
    parser.add_argument("--runs", type=int, default=3, help="rounds of each query row (A B A B)")
    parser.add_argument("--import-runs", type=int, default=1, help="rounds of the import rows")
    parser.add_argument("--counts", default="20,100,1000", help="stops of the optimize rows")
    parser.add_argument("--timeout", type=float, default=300, help="seconds after which a command is stopped")
    parser.add_argument("--long", type=float, default=120, help="an optimize run longer than this is not repeated")
    parser.add_argument("--osrm", default=os.path.join(ROOT, ".build", "osrm"), help="where osrm-bindings is installed (once)")
    parser.add_argument("--rebuild-osrm", action="store_true", help="make OSRM's data again, timed, though it is kept")
    parser.add_argument("--only", choices=["import"], help="the import rows alone")
    parser.add_argument("--json", default=os.path.join(SCALE, "results.json"))
    parser.add_argument("--tables", action="store_true", help="print the tables of the sizes kept in --json, run nothing")
    options = parser.parse_args()
    sizes = [size.strip() for size in options.sizes.split(",")]
    if options.tables:
        with open(options.json) as file:
            saved = json.load(file)
        results = [saved[size] for size in sizes if size in saved]
        for result in results:
            print_size(result)
        print_growth(results)
        return
    binary = os.path.abspath(options.roadtrip)
    osrm = osrm_install(os.path.abspath(options.osrm))
    bench = Bench(options, binary, osrm)
    results = []
    for size in sizes:
        result = bench.run(size) | {"runs": options.runs, "importRuns": options.import_runs}
        results.append(result)
        print_size(result)
        sys.stdout.flush()
        saved = {}
        if os.path.isfile(options.json):
            with open(options.json) as file:
                saved = json.load(file)
        commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
        version = subprocess.run([binary, "--version"], capture_output=True, text=True).stdout.strip()
        saved[size] = result | {"binary": binary, "version": version, "commit": commit,
                                "date": datetime.datetime.now().isoformat(timespec="seconds")}
        with open(options.json, "w") as file:
            json.dump(saved, file, indent=1)
    print_growth(results)


if __name__ == "__main__":
    main()
