#!/usr/bin/env python3
"""Start-up: a command's whole process, and a whole `optimize`, beside the tools roadtrip is compared
with, on Andorra's roads (BENCHMARKS.md, issue 59).

    Scripts/bench-start.py ROADTRIP [--runs N] [--counts 20,100,500] [--osrm DIR] [--json PATH]

ROADTRIP is the binary (a release build). Andorra (Tests/Fixtures/osm/andorra.osm.pbf) is added into
fresh XDG data and config folders, with a trips file of its own (`--file`), in a temporary folder
removed at the end. Every roadtrip run has TERM=dumb, LC_ALL=C.UTF-8, none of the caller's
ROADTRIP_* variables, and an XDG cache folder of its own, new and empty: no leg comes from the leg
cache. The trips: "Valley", Andorra la Vella → Ordino (one leg, about 11 km); and "Road N" for each
count of --counts, N distinct vertices of the lines of Andorra's public roads (`osmium tags-filter`
of the highway classes below, then `osmium export`), drawn with random.Random(59).

Rows, each N rounds (--runs, default 15) of roadtrip then its peer (A B A B …), after one untimed
run of each (which checks what it does):

- cold `show Valley` / `routino-router` for the same leg (the stops of `show --json`) on the
  region's own Routino database: motorcar, quickest, --output-none;
- `--version` / `routino-router --version`: a process that starts and exits;
- cold `optimize "Road N" --json` (no --apply: it prints the order and saves nothing, which is
  checked after every run) / with --osrm, curl of OSRM's CH `/table` of the same stops; and cold
  `show Valley` / curl of OSRM's `/route` of the leg. DIR is where Scripts/bench-scale.py installs
  osrm-bindings (`osrm_install`, .build/osrm there): its osrm-extract -p car.lua and osrm-contract
  make the data of the same extract in the temporary folder, and `osrm-routed --algorithm ch` is
  started on a free port of 127.0.0.1 (bench-scale's Routed) and stopped by its pid at the end.
  Without --osrm, or without DIR/osrm/bin/osrm-routed, those rows are left out and the output says so.

Every run is a whole process spawned here and timed from outside: wall time from the spawn to its
reaping (time.monotonic), CPU time user + system from wait4's rusage (curl's own: the CPU
osrm-routed spent meanwhile, from /proc, is in the note). Columns: the medians of roadtrip's wall
(CPU) and the peer's, and the median over the rounds of each round's roadtrip / peer, of wall and
of CPU; the note says what the command did (the leg's source, optimize's measure and the stops it
cut off). Times in ms. Progress goes to standard error; --json PATH writes every figure, samples
and medians.
"""
import argparse
import datetime
import glob
import hashlib
import importlib.util
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
ANDORRA = os.path.join(ROOT, "Tests", "Fixtures", "osm", "andorra.osm.pbf")
ROAD_CLASSES = ("motorway,trunk,primary,secondary,tertiary,unclassified,residential,"
                "motorway_link,trunk_link,primary_link,secondary_link,tertiary_link")
SEED = 59
ROUTINO_PROFILES = "/usr/share/routino/profiles.xml"
sys.dont_write_bytecode = True  # no __pycache__ of the sibling scripts left in Scripts/


def module(name, file):
    spec = importlib.util.spec_from_file_location(name, os.path.join(ROOT, "Scripts", file))
    loaded = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(loaded)
    return loaded


bench_scale = module("bench_scale", "bench-scale.py")


def progress(text):
    print(f"bench-start: {text}", file=sys.stderr, flush=True)


def spawn(argv, environment):
    """One run of ARGV, a whole process: ({"wall", "cpu"} seconds, exit status, standard output,
    standard error). Wall from the spawn to the reaping; CPU user + system from wait4. The output
    goes into files, so that no pipe fills while it runs."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.monotonic()
        child = subprocess.Popen(argv, stdout=out, stderr=err, stdin=subprocess.DEVNULL, env=environment)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.monotonic() - start
        child.returncode = os.waitstatus_to_exitcode(status)  # reaped here: Popen must not wait again
        out.seek(0)
        err.seek(0)
        return ({"wall": wall, "cpu": usage.ru_utime + usage.ru_stime}, child.returncode,
                out.read().decode(errors="replace"), err.read().decode(errors="replace"))


def succeeded(argv, environment):
    """spawn(ARGV), which must exit 0: (sample, standard output)."""
    sample, status, output, error = spawn(argv, environment)
    if status != 0:
        sys.exit(f"bench-start: {' '.join(argv)[:200]} failed ({status}): {(error.strip() or output.strip())[-500:]}")
    return sample, output


class Roadtrip:
    """ROADTRIP with its folders in WORK: data, config and trips file shared by every run, a new
    empty cache folder for each."""

    def __init__(self, binary, work):
        self.binary, self.work = binary, work
        self.trips = os.path.join(work, "trips.json")
        self.data = os.path.join(work, "data")
        inherited = {key: value for key, value in os.environ.items() if not key.startswith("ROADTRIP_")}
        self.base = inherited | {"TERM": "dumb", "LC_ALL": "C.UTF-8", "XDG_DATA_HOME": self.data,
                                 "XDG_CONFIG_HOME": os.path.join(work, "config")}
        self.caches = 0

    def run(self, arguments):
        """One run of ROADTRIP ARGUMENTS with a fresh cache, which must exit 0: (sample, output)."""
        self.caches += 1
        cache = os.path.join(self.work, "caches", str(self.caches))
        os.makedirs(cache)
        return succeeded([self.binary] + arguments, self.base | {"XDG_CACHE_HOME": cache})

    def trip(self, *arguments):
        return ["--file", self.trips] + list(arguments)


def road_vertices(work):
    """The vertices of the lines of Andorra's public roads (ROAD_CLASSES), each once, in the
    file's order: (lat, lon)."""
    roads, lines = os.path.join(work, "HW.osm.pbf"), os.path.join(work, "HW.geojsonseq")
    subprocess.run(["osmium", "tags-filter", "-o", roads, ANDORRA, "w/highway=" + ROAD_CLASSES], check=True, capture_output=True)
    subprocess.run(["osmium", "export", "-f", "geojsonseq", roads, "-o", lines], check=True, capture_output=True)
    vertices = {}
    with open(lines) as file:
        for line in file:
            line = line.strip("\x1e \n")
            geometry = json.loads(line)["geometry"] if line else {}
            if geometry.get("type") == "LineString":
                for lon, lat in geometry["coordinates"]:
                    vertices[(lat, lon)] = None
    return list(vertices)


def routino_database(data):
    """The Routino database of the region `region add` made: (its folder, its prefix or None)."""
    region = os.path.realpath(os.path.join(data, "roadtrip", "regions", "andorra"))
    found = glob.glob(os.path.join(region, "**", "*nodes.mem"), recursive=True)
    if not found:
        sys.exit(f"bench-start: no Routino database (*nodes.mem) in {region}")
    prefix = os.path.basename(found[0])[:-len("nodes.mem")].rstrip("-")
    return os.path.dirname(found[0]), prefix or None


def routino_leg(folder, prefix, stops, environment):
    """routino-router's command for the leg between STOPS, checked to exit 0 once: with the
    default profiles, else with ROUTINO_PROFILES. (argv, which profiles)."""
    argv = ["routino-router", f"--dir={folder}"] + ([f"--prefix={prefix}"] if prefix else [])
    points = [f"--lat{n}={lat:.7f}" for n, (lat, _) in enumerate(stops, 1)] + [f"--lon{n}={lon:.7f}" for n, (_, lon) in enumerate(stops, 1)]
    route = ["--profile=motorcar", "--quickest", "--output-none", "--quiet"]
    for profiles, used in (([], "its default profiles"), ([f"--profiles={ROUTINO_PROFILES}"], f"--profiles={ROUTINO_PROFILES}")):
        _, status, output, error = spawn(argv + profiles + points + route, environment)
        if status == 0:
            return argv + profiles + points + route, used
    sys.exit(f"bench-start: routino-router failed ({status}) with both profiles: {(error.strip() or output.strip())[-300:]}")


def osrm_data(binaries, profile, work):
    """OSRM's CH data of the Andorra extract in WORK/osrm (osrm-extract -p car.lua, osrm-contract): its base."""
    folder = os.path.join(work, "osrm")
    os.makedirs(folder)
    base = os.path.join(folder, "andorra.osrm")
    for argv in ([os.path.join(binaries, "osrm-extract"), "-p", profile, "-o", base, ANDORRA],
                 [os.path.join(binaries, "osrm-contract"), base]):
        result = subprocess.run(argv, cwd=folder, capture_output=True, text=True)
        if result.returncode != 0:
            sys.exit(f"bench-start: {os.path.basename(argv[0])} failed ({result.returncode}): {result.stderr.strip()[-300:]}")
    return base


def curl(routed, path, environment):
    """A run of curl for PATH on osrm-routed: its answer checked once; (the run, OSRM's answer)."""
    argv = ["curl", "-s", f"http://127.0.0.1:{routed.port}{path}"]
    answer = json.loads(succeeded(argv, environment)[1])
    if answer.get("code") != "Ok":
        sys.exit(f"bench-start: OSRM {path[:60]}…: {answer.get('code')} {answer.get('message')}")

    def once():
        before = routed.cpu()
        sample = succeeded(argv, environment)[0]
        return sample | {"serverCpu": routed.cpu() - before}

    return once, answer


def summary(samples):
    """The medians of the samples' figures, and the samples."""
    return {key: statistics.median(s[key] for s in samples) for key in samples[0]} | {"samples": samples}


def rounds(runs, ours, theirs=None):
    """RUNS rounds of ours() then theirs() (A B A B …), each a sample {"wall", "cpu", …}: their
    medians and the median of the rounds' ratios ours / theirs."""
    mine, peer = [], []
    for _ in range(runs):
        mine.append(ours())
        if theirs:
            peer.append(theirs())
    row = {"roadtrip": summary(mine)}
    if theirs:
        row["peer"] = summary(peer)
        row["ratio"] = {}
        for key in ("wall", "cpu"):
            ratios = [a[key] / b[key] for a, b in zip(mine, peer) if b[key] > 0]
            row["ratio"][key] = statistics.median(ratios) if ratios else None
    return row


def ms(seconds):
    value = seconds * 1000
    return f"{value:.1f} ms" if value < 100 else f"{value:.0f} ms"


def cell(figures):
    return f"{ms(figures['wall'])} ({ms(figures['cpu'])})" if figures else "—"


def times(ratio):
    return f"{ratio:.2f}×" if ratio else "—"


def print_table(rows):
    print("| what | roadtrip wall (CPU) | peer | peer wall (CPU) | roadtrip/peer wall | roadtrip/peer CPU | note |")
    print("|---|---|---|---|---|---|---|")
    for row in rows:
        ratio = row.get("ratio", {})
        print(f"| {row['what']} | {cell(row['roadtrip'])} | {row.get('peerLabel') or '—'} | {cell(row.get('peer'))} "
              f"| {times(ratio.get('wall'))} | {times(ratio.get('cpu'))} | {row['note']} |")


def make_trips(roadtrip, counts, work):
    """Andorra added; the trips "Valley" and "Road N" for each count: the stops of each "Road N"."""
    progress("region add andorra.osm.pbf")
    roadtrip.run(["region", "add", ANDORRA])
    roadtrip.run(roadtrip.trip("new", "Valley", "Andorra la Vella", "Ordino"))
    vertices = road_vertices(work)
    progress(f"{len(vertices):,} road vertices; trips of {', '.join(map(str, counts))} of them")
    stops = {}
    for count in counts:
        if count > len(vertices):
            sys.exit(f"bench-start: {count} stops asked, Andorra's roads have {len(vertices)} vertices")
        stops[count] = random.Random(SEED).sample(vertices, count)
        roadtrip.run(roadtrip.trip("new", "--force", f"Road {count}", *[f"{lat:.7f}, {lon:.7f}" for lat, lon in stops[count]]))
    return stops


def start_osrm(folder, counts, work):
    """osrm-routed on the extract's data, from osrm-bindings installed in FOLDER: (Routed, None),
    or (None, why not)."""
    if not folder:
        return None, "--osrm not given"
    binaries = os.path.join(os.path.abspath(folder), "osrm", "bin")
    if not os.access(os.path.join(binaries, "osrm-routed"), os.X_OK):
        return None, f"no {os.path.join(binaries, 'osrm-routed')} (Scripts/bench-scale.py installs it)"
    progress("OSRM: osrm-extract, osrm-contract, osrm-routed")
    profile = os.path.join(os.path.dirname(binaries), "share", "profiles", "car.lua")
    return bench_scale.Routed(binaries, osrm_data(binaries, profile, work), max(counts + [2]) + 10, work), None


def measure(roadtrip, stops, routed, runs):
    """Every row, measured: a list of {"what", "peerLabel", "note", "roadtrip", "peer", "ratio"}."""
    rows = []

    def row(what, ours, peer_label=None, theirs=None, note=""):
        """One row: one untimed run of each, then RUNS rounds."""
        progress(f"{what}: {runs} rounds")
        ours()
        if theirs:
            theirs()
        figures = rounds(runs, ours, theirs)
        server = figures.get("peer", {}).get("serverCpu")
        if server is not None:
            note += f"; osrm-routed CPU {ms(server)}"
        rows.append({"what": what, "peerLabel": peer_label, "note": note.strip("; ")} | figures)

    # A cold leg: roadtrip's, routino-router's, OSRM's.
    shown = json.loads(roadtrip.run(roadtrip.trip("show", "Valley", "--json"))[1])
    valley = [(s["latitude"], s["longitude"]) for s in shown.get("stops") or shown["waypoints"]]
    leg = shown["legs"][0]
    folder, prefix = routino_database(roadtrip.data)
    router, profiles = routino_leg(folder, prefix, valley, roadtrip.base)
    show = roadtrip.trip("show", "Valley")
    leg_note = f"leg {leg.get('source')}, {leg['distanceMeters'] / 1000:.1f} km"
    row("cold `show Valley`", lambda: roadtrip.run(show)[0],
        "`routino-router --dir=… --profile=motorcar --quickest --output-none --quiet`, the same leg",
        lambda: succeeded(router, roadtrip.base)[0], f"{leg_note}; routino-router with {profiles}")
    if routed:
        route, answer = curl(routed, f"/route/v1/driving/{bench_scale.coordinates(valley)}?overview=false", roadtrip.base)
        row("cold `show Valley`", lambda: roadtrip.run(show)[0], "`curl` OSRM CH `/route/v1/driving/…?overview=false`", route,
            f"{leg_note}; OSRM {answer['routes'][0]['distance'] / 1000:.1f} km")

    # A process that starts and exits.
    peer_version, checked = ["routino-router", "--version"], True
    if spawn(peer_version, roadtrip.base)[1] != 0:
        peer_version, checked = ["routino-router", "--help"], False

    def routino_started():
        return succeeded(peer_version, roadtrip.base)[0] if checked else spawn(peer_version, roadtrip.base)[0]

    row("`--version`", lambda: roadtrip.run(["--version"])[0], f"`{' '.join(peer_version)}`", routino_started,
        "" if checked else "routino-router has no --version: its --help, exit status ignored")

    # optimize, which must leave the trips file as it was.
    with open(roadtrip.trips, "rb") as file:
        saved = hashlib.sha256(file.read()).hexdigest()
    for count, points in stops.items():
        arguments = roadtrip.trip("optimize", f"Road {count}", "--json")

        def optimize(arguments=arguments):
            sample = roadtrip.run(arguments)[0]
            with open(roadtrip.trips, "rb") as file:
                if hashlib.sha256(file.read()).hexdigest() != saved:
                    sys.exit(f"bench-start: {' '.join(arguments[2:])} changed the trips file")
            return sample

        report = json.loads(roadtrip.run(arguments)[1])
        note = f"measure {report.get('measure')}" + (f" ({report['reason']})" if report.get("reason") else "")
        if "cutOff" in report:
            note += f"; cutOff {len(report['cutOff'])}"
        what = f"cold `optimize \"Road {count}\" --json`"
        if routed:
            table, _ = curl(routed, f"/table/v1/driving/{bench_scale.coordinates(points)}?annotations=duration,distance", roadtrip.base)
            row(what, optimize, f"`curl` OSRM CH `/table/v1/driving/…` {count}×{count}", table, note)
        else:
            row(what, optimize, note=f"{note}; no OSRM peer")
    return rows, {"routinoRouter": router, "routinoProfiles": profiles}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("roadtrip")
    parser.add_argument("--runs", type=int, default=15, help="rounds of each row (A B A B)")
    parser.add_argument("--counts", default="20,100,500", help="stops of the optimize rows")
    parser.add_argument("--osrm", help="where Scripts/bench-scale.py installed osrm-bindings (DIR/osrm/bin/osrm-routed)")
    parser.add_argument("--json", help="write every figure here")
    options = parser.parse_args()
    binary = os.path.abspath(options.roadtrip)
    counts = [int(c) for c in options.counts.split(",") if c.strip()]
    if not os.access(binary, os.X_OK):
        sys.exit(f"bench-start: {binary} is not a program")
    for tool in ("osmium", "routino-router", "curl"):
        if not shutil.which(tool):
            sys.exit(f"bench-start: needs {tool}")
    work = tempfile.mkdtemp(prefix="roadtrip-bench-start-")
    routed = None
    try:
        roadtrip = Roadtrip(binary, work)
        stops = make_trips(roadtrip, counts, work)
        version = roadtrip.run(["--version"])[1].strip()
        routed, skipped = start_osrm(options.osrm, counts, work)
        rows, peers = measure(roadtrip, stops, routed, options.runs)
    finally:
        if routed:
            routed.stop()
        shutil.rmtree(work, ignore_errors=True)
    date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    print(f"{date} · `{binary}` (`--version`: {version}) · {options.runs} runs · Linux `{os.uname().release}`")
    print()
    print_table(rows)
    if skipped:
        print()
        print(f"(No OSRM rows: {skipped}.)")
    if options.json:
        with open(options.json, "w") as file:
            json.dump({"date": date, "binary": binary, "version": version, "runs": options.runs, "kernel": os.uname().release,
                       "osrm": skipped or "osrm-routed --algorithm ch", "rows": rows} | peers, file, indent=1)


if __name__ == "__main__":
    main()
