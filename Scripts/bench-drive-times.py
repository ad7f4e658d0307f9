#!/usr/bin/env python3
"""Drive times on roads, before and after roadtrip's own driving profiles (BENCHMARKS.md, issue 35).

    Scripts/bench-drive-times.py ROADTRIP [--valhalla DIR]

ROADTRIP is the binary (the release build under `make bench`). The committed extracts (Andorra,
Krems, Beatty) are added as regions into a fresh XDG data folder, and each leg below is timed three
ways:

- before: Routino's default, what roadtrip gave before issue 35: `routino-router` with Debian's
  /usr/share/routino/profiles.xml, `--profile=motorcar --quickest`, on the region's own database;
- after: ROADTRIP's `show TRIP --json` leg (distanceMeters, durationSeconds) of a two-stop trip,
  a car, quickest (the defaults);
- Valhalla: its `auto` costing, from PyPI's pyvalhalla 3.9.1 native binaries (Scripts/valhalla-local.py; installed once into
  DIR, default .build/valhalla, as files only: the wheel is for Python 3.12, its binaries run under
  any), tiles built from the same three extracts (merged by `osmium sort`), served by
  `valhalla_service` on a free port of 127.0.0.1 for the run and stopped by its pid at the end.
  When it cannot be installed or run, its columns say "—" and the script says why on standard
  error; the other columns are measured all the same.

One Markdown row a leg, with the time ratios after/before, Valhalla/before and after/Valhalla, and
after/reference, and a last row of medians; then the town legs (issue 56) against their
reference; then a table of a few legs in each other vehicle and by the shortest way (after only),
each beside the car's quickest figures, to show that they differ.

The references, typical real driving:
- the mountain and valley legs (LEGS): 1.82 × Routino's default time, the ratio issue 35 measured
  over 14 Andorra legs between Routino's default motorcar and typical real driving times;
- the town legs (TOWN_LEGS): the leg's length at the daytime speed measured on the main streets of
  Helsinki's city centre, 23.9 km/h (HSL Helsinki Region Transport, "Decreased travel speeds in the
  Helsinki region", December 2012: GPS runs with the traffic flow in September–October 2011,
  weekdays; morning 19.0, daytime 23.9, evening 14.8 km/h). Krems and Andorra la Vella have no
  published figure of their own; Helsinki's daytime centre speed stands for a European town
  centre's. The issue that asked for these legs found typical downtown driving of 1–2 miles in
  5–8 minutes, 19–39 km/h, which brackets it.
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
import urllib.error
import urllib.request

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
FIXTURES = os.path.join(ROOT, "Tests", "Fixtures", "osm")
EXTRACTS = {"andorra": "andorra.osm.pbf", "krems": "krems.osm.gz", "beatty": "beatty.osm", "helsinki": "helsinki.osm.pbf"}
PROFILES = "/usr/share/routino/profiles.xml"

PLACES = {
    "Andorra la Vella": (42.5078, 1.5211), "Escaldes": (42.5100, 1.5386), "Encamp": (42.5345, 1.5806),
    "Canillo": (42.5676, 1.5976), "Ordino": (42.5562, 1.5332), "La Massana": (42.5442, 1.5164),
    "Arinsal": (42.5721, 1.4844), "Sant Julià": (42.4637, 1.4912), "Soldeu": (42.5769, 1.6672),
    "Pas de la Casa": (42.5428, 1.7336),
    "Krems": (48.4102, 15.6036), "Krems east": (48.4046, 15.6512), "Stein": (48.4025, 15.5880),
    "Beatty": (36.9084, -116.7593), "Rhyolite": (36.9038, -116.8289),
    # Town centres (issue 56).
    "Helsinki Rautatientori": (60.1712, 24.9441), "Helsinki Kauppatori": (60.1678, 24.9522),
    "Helsinki Erottaja": (60.1665, 24.9430), "Helsinki Kaisaniemi": (60.1745, 24.9455),
    "Helsinki Senaatintori": (60.1694, 24.9522),
    "Krems Steiner Tor": (48.4113, 15.5985), "Krems station": (48.4089, 15.6049), "Krems Wiener Straße": (48.4129, 15.6069),
    "Andorra la Vella Plaça del Poble": (42.5063, 1.5218), "Escaldes Caldea": (42.5115, 1.5387),
    "Santa Coloma": (42.4945, 1.4985),
}
# The daytime speed on the main streets of Helsinki's centre (HSL, 2011; see above), in km/h.
TOWN_REFERENCE_KMH = 23.9
# Issue 35's measured ratio of typical real driving to Routino's default motorcar.
REAL_OVER_ROUTINO = 1.82
# (region, from, to): town streets, valley roads, the climbs to the passes, and a few long legs.
LEGS = [
    ("andorra", "Andorra la Vella", "Escaldes"), ("andorra", "Escaldes", "Encamp"),
    ("andorra", "Andorra la Vella", "Encamp"), ("andorra", "Encamp", "Canillo"),
    ("andorra", "Canillo", "Soldeu"), ("andorra", "Soldeu", "Pas de la Casa"),
    ("andorra", "Andorra la Vella", "Pas de la Casa"), ("andorra", "Andorra la Vella", "Ordino"),
    ("andorra", "Ordino", "La Massana"), ("andorra", "La Massana", "Arinsal"),
    ("andorra", "Andorra la Vella", "Arinsal"), ("andorra", "Andorra la Vella", "Sant Julià"),
    ("andorra", "Sant Julià", "Escaldes"), ("andorra", "Ordino", "Canillo"),
    ("andorra", "Sant Julià", "Pas de la Casa"),
    ("krems", "Krems", "Krems east"), ("krems", "Stein", "Krems"), ("krems", "Stein", "Krems east"),
    ("beatty", "Beatty", "Rhyolite"),
]
# (region, from, to): town centres' streets, with their lights, crossings and one-way streets.
TOWN_LEGS = [
    ("helsinki", "Helsinki Rautatientori", "Helsinki Kauppatori"), ("helsinki", "Helsinki Erottaja", "Helsinki Kaisaniemi"),
    ("helsinki", "Helsinki Senaatintori", "Helsinki Erottaja"), ("helsinki", "Helsinki Kaisaniemi", "Helsinki Kauppatori"),
    ("krems", "Krems Steiner Tor", "Krems station"), ("krems", "Krems station", "Krems Wiener Straße"),
    ("krems", "Krems Wiener Straße", "Krems station"),
    ("andorra", "Andorra la Vella Plaça del Poble", "Escaldes Caldea"), ("andorra", "Santa Coloma", "Andorra la Vella Plaça del Poble"),
    ("andorra", "Escaldes", "Andorra la Vella Plaça del Poble"),
]
# The legs driven again in each other vehicle and by the shortest way: a climb, the long way over
# the pass, a valley where the shortest way goes through the towns, and a town whose shortest way
# is its streets rather than the bypass.
VARIANT_LEGS = [("andorra", "Canillo", "Soldeu"), ("andorra", "Andorra la Vella", "Pas de la Casa"),
                ("andorra", "Andorra la Vella", "Ordino"), ("krems", "Krems", "Krems east")]
VARIANTS = [("motorcycle", "quickest"), ("van", "quickest"), ("camper", "quickest"), ("car", "shortest")]


def run(binary, arguments, environment):
    result = subprocess.run([binary] + arguments, capture_output=True, text=True, env={**os.environ, **environment})
    if result.returncode != 0:
        sys.exit(f"bench-drive-times: {' '.join(arguments)} failed ({result.returncode}): {result.stderr.strip()}")
    return result


def note(text):
    print(f"bench-drive-times: {text}", file=sys.stderr)


def routino_default(database, start, end):
    """(km, minutes) by Routino's default motorcar, quickest; None when it finds no way."""
    (lat1, lon1), (lat2, lon2) = start, end
    result = subprocess.run(["routino-router", f"--dir={database}", f"--profiles={PROFILES}", "--profile=motorcar", "--quickest",
                             f"--lat1={lat1}", f"--lon1={lon1}", f"--lat2={lat2}", f"--lon2={lon2}",
                             "--output-text-all", "--output-stdout", "--quiet"], capture_output=True, text=True)
    rows = [line.split("\t") for line in result.stdout.splitlines() if line and not line.startswith("#")]
    if result.returncode != 0 or not rows:
        note(f"routino-router found no way {start} → {end}: {result.stderr.strip()}")
        return None
    # Columns 7 and 8 of the last row: the total kilometers and minutes.
    return float(rows[-1][6]), float(rows[-1][7])


class Roadtrip:
    """Two-stop trips in a data file of their own, in the regions' XDG folders."""

    def __init__(self, binary, work, regions):
        self.binary, self.regions = binary, regions
        self.trips = os.path.join(work, "trips.json")
        self.count = 0

    def leg(self, start, end, vehicle="car", route="quickest"):
        """(km, minutes) of the trip's one leg, or None when it is an estimate (the reason said)."""
        self.count += 1
        name = f"Leg {self.count}"
        stops = [f"{lat}, {lon}" for lat, lon in (start, end)]
        run(self.binary, ["--file", self.trips, "new", "--force", name] + stops, self.regions)
        for key, value in (("vehicle", vehicle), ("roads", route)):
            run(self.binary, ["--file", self.trips, "set", name, key, value], self.regions)
        leg = json.loads(run(self.binary, ["--file", self.trips, "show", name, "--json"], self.regions).stdout)["legs"][0]
        if leg["source"] != "road":
            note(f"roadtrip's leg {start} → {end} ({vehicle}, {route}) is an estimate: {leg.get('reason')}")
            return None
        return leg["distanceMeters"] / 1000, leg["durationSeconds"] / 60


def local_valhalla():
    """Scripts/valhalla-local.py as a module: installing pyvalhalla, building tiles, starting and stopping a service."""
    spec = importlib.util.spec_from_file_location("valhalla_local", os.path.join(ROOT, "Scripts", "valhalla-local.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Valhalla:
    """valhalla_service on the three extracts' tiles, on a free port of 127.0.0.1, until `stop`."""

    def __init__(self, folder, work):
        local = local_valhalla()
        self.local, self.process = local, None
        local.install(folder)
        work = os.path.join(work, "valhalla")
        local.build_tiles(folder, work, [os.path.join(FIXTURES, name) for name in EXTRACTS.values()])
        self.port = local.free_port()
        self.process, _ = local.start(folder, work, self.port)

    def leg(self, start, end):
        """(km, minutes) by the `auto` costing, or None when it finds no way (the reason said)."""
        body = {"locations": [{"lat": lat, "lon": lon} for lat, lon in (start, end)], "costing": "auto", "units": "kilometers"}
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}/route", data=json.dumps(body).encode(),
                                         headers={"Content-Type": "application/json"})
        try:
            summary = json.load(urllib.request.urlopen(request, timeout=30))["trip"]["summary"]
        except urllib.error.HTTPError as error:
            note(f"Valhalla found no way {start} → {end}: {error.read().decode(errors='replace')}")
            return None
        except (OSError, ValueError, KeyError) as error:  # URLError is an OSError
            note(f"Valhalla did not answer for {start} → {end}: {error}")
            return None
        return summary["length"], summary["time"] / 60

    def stop(self):
        """Ends the service by its pid and reaps it."""
        if self.process:
            self.local.stop(self.process)


def start_valhalla(folder, work):
    """A running Valhalla, or None (the reason said): the bench goes on without it."""
    try:
        return Valhalla(folder, work)
    except (OSError, RuntimeError, subprocess.CalledProcessError, ValueError, KeyError) as error:
        note(f"no Valhalla column: {error}")
        return None


def ratio(a, b):
    return a[1] / b[1] if a and b else None


def figures(pair):
    return f"{pair[0]:.1f} | {pair[1]:.1f}" if pair else "— | —"


def tenths(value):
    return f"{value:.1f}" if value is not None else "—"


def times(value):
    return f"{value:.2f}" if value is not None else "—"


def median(values):
    present = [v for v in values if v is not None]
    return statistics.median(present) if present else None


def reference(before):
    """Issue 35's real driving for a mountain or valley leg: 1.82 × Routino's default time."""
    return (before[0], before[1] * REAL_OVER_ROUTINO) if before else None


def comparison_table(rows):
    """One row a leg (name, before, after, Valhalla: each (km, min) or None), then the medians."""
    print("| leg | before km | before min | after km | after min | Valhalla km | Valhalla min | reference min | after/before | Valhalla/before | after/Valhalla | after/reference |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    rows = [row + (reference(row[1]),) for row in rows]
    pairs = ((2, 1), (3, 1), (2, 3), (2, 4))  # after/before, Valhalla/before, after/Valhalla, after/reference
    for row in rows:
        print(f"| {row[0]} | {figures(row[1])} | {figures(row[2])} | {figures(row[3])} | {tenths(row[4][1] if row[4] else None)} | "
              + " | ".join(times(ratio(row[x], row[y])) for x, y in pairs) + " |")
    columns = [[row[k][i] if row[k] else None for row in rows] for k in (1, 2, 3) for i in (0, 1)]
    ratios = [[ratio(row[x], row[y]) for row in rows] for x, y in pairs]
    print("| **median** | " + " | ".join(tenths(median(column)) for column in columns)
          + f" | {tenths(median([row[4][1] if row[4] else None for row in rows]))} | "
          + " | ".join(f"**{times(median(values))}**" for values in ratios) + " |")


def town_table(rows):
    """The town legs (name, after, Valhalla) against the reference: their length at the centre's speed."""
    print(f"| town leg | after km | after min | Valhalla km | Valhalla min | reference min ({TOWN_REFERENCE_KMH} km/h) | after/reference | Valhalla/reference |")
    print("|---|---|---|---|---|---|---|---|")
    ratios = []
    for name, after, valhalla in rows:
        real = (after[0], after[0] / TOWN_REFERENCE_KMH * 60) if after else None
        ratios.append((ratio(after, real), ratio(valhalla, real)))
        print(f"| {name} | {figures(after)} | {figures(valhalla)} | {tenths(real[1] if real else None)} | "
              f"{times(ratios[-1][0])} | {times(ratios[-1][1])} |")
    print(f"| **median** | | | | | | **{times(median([r[0] for r in ratios]))}** | **{times(median([r[1] for r in ratios]))}** |")


def variant_table(rows):
    print("| leg | vehicle, way | km | min | car quickest km | car quickest min | time / car quickest |")
    print("|---|---|---|---|---|---|---|")
    for name, variant, figure, car in rows:
        print(f"| {name} | {variant} | {figures(figure)} | {figures(car)} | {times(ratio(figure, car))} |")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("roadtrip")
    parser.add_argument("--valhalla", default=os.path.join(ROOT, ".build", "valhalla"),
                        help="where pyvalhalla's binaries are installed (once); default .build/valhalla")
    options = parser.parse_args()
    binary = os.path.abspath(options.roadtrip)
    work = tempfile.mkdtemp(prefix="roadtrip-bench-drive-")
    valhalla = None
    try:
        data = os.path.join(work, "data")
        regions = {"XDG_DATA_HOME": data, "XDG_CACHE_HOME": os.path.join(work, "cache")}
        for extract in EXTRACTS.values():
            run(binary, ["region", "add", os.path.join(FIXTURES, extract)], regions)
        roadtrip = Roadtrip(binary, work, regions)
        valhalla = start_valhalla(os.path.abspath(options.valhalla), work)
        rows, car = [], {}
        for region, start, end in LEGS:
            database = os.path.join(data, "roadtrip", "regions", region, "roads")
            a, b = PLACES[start], PLACES[end]
            car[(start, end)] = roadtrip.leg(a, b)
            rows.append((f"{start} → {end}", routino_default(database, a, b), car[(start, end)], valhalla.leg(a, b) if valhalla else None))
        towns = [(f"{start} → {end}", roadtrip.leg(PLACES[start], PLACES[end]), valhalla.leg(PLACES[start], PLACES[end]) if valhalla else None)
                 for _, start, end in TOWN_LEGS]
        variants = [(f"{start} → {end}", f"{vehicle}, {route}", roadtrip.leg(PLACES[start], PLACES[end], vehicle, route), car[(start, end)])
                    for _, start, end in VARIANT_LEGS for vehicle, route in VARIANTS]
    finally:
        if valhalla:
            valhalla.stop()
        shutil.rmtree(work, ignore_errors=True)

    print(f"{len(LEGS)} legs on the committed extracts (Andorra, Krems, Beatty); times are minutes, ratios are of the times; "
          f"reference: {REAL_OVER_ROUTINO} × before (issue 35)")
    print("before: routino-router, profiles.xml motorcar, quickest · after: roadtrip `show --json`, car, quickest · "
          + ("Valhalla: pyvalhalla 3.9.1, auto costing" if valhalla else "Valhalla: not run (see above)"))
    print()
    comparison_table(rows)
    print()
    print(f"{len(TOWN_LEGS)} town legs (Helsinki, Krems, Andorra la Vella); reference: the leg's length at {TOWN_REFERENCE_KMH} km/h, "
          "the daytime speed on Helsinki's centre streets (HSL, 2011)")
    print()
    town_table(towns)
    print()
    variant_table(variants)


if __name__ == "__main__":
    main()
