#!/usr/bin/env python3
"""Writes the data files the speed benchmarks run on, the same bytes for the same seed.

    Scripts/bench-data.py OUTPUT_FOLDER [SEED]

trips-10.json, trips-100.json, trips-1000.json: 10, 100 and 1,000 trips of 100 stops each
(trips-1000.json is about 12.6 MB, compact as another program might write it); stops-1000.json
and stops-5000.json: one trip of 1,000 and of 5,000 stops. Stops follow a seeded random walk
over land-sized steps (10 to 80 km), named like the places a trip goes through.
"""
import json, math, os, random, sys, uuid

def walk(rng, count):
    latitude, longitude = rng.uniform(-50, 60), rng.uniform(-170, 170)
    for _ in range(count):
        yield latitude, longitude
        step = rng.uniform(0.1, 0.7)
        bearing = rng.uniform(0, 2 * math.pi)
        latitude = max(-80.0, min(80.0, latitude + step * math.cos(bearing)))
        longitude = (longitude + step * math.sin(bearing) + 180) % 360 - 180

SYLLABLES = ["san", "ta", "mon", "ro", "ville", "ber", "ka", "lin", "do", "mar", "fel", "sen", "port", "ak", "ri"]

def place_name(rng):
    return "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 4))).capitalize()

def trip(rng, index, stops):
    return {
        "id": str(uuid.UUID(int=rng.getrandbits(128), version=4)).upper(),
        "name": f"{place_name(rng)} Loop {index + 1}",
        "waypoints": [
            {"id": str(uuid.UUID(int=rng.getrandbits(128), version=4)).upper(),
             "name": place_name(rng),
             "location": {"latitude": round(latitude, 6), "longitude": round(longitude, 6)}}
            for latitude, longitude in walk(rng, stops)
        ],
    }

def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    folder = sys.argv[1]
    seed = int(sys.argv[2]) if len(sys.argv) == 3 else 20261122
    os.makedirs(folder, exist_ok=True)
    files = {f"trips-{n}.json": (n, 100) for n in (10, 100, 1000)}
    files.update({f"stops-{n}.json": (1, n) for n in (1000, 5000)})
    for name, (trips, stops) in files.items():
        rng = random.Random(f"{seed}-{name}")
        content = {"version": 1, "trips": [trip(rng, index, stops) for index in range(trips)]}
        with open(os.path.join(folder, name), "w") as output:
            json.dump(content, output, separators=(",", ":"), ensure_ascii=False)
        print(f"{name}: {trips} trips x {stops} stops, {os.path.getsize(os.path.join(folder, name)):,} bytes")

main()
