#!/usr/bin/env python3
"""Time two roadtrip binaries on the same commands, interleaved, and print the medians.

    Scripts/compare-binaries.py OLD NEW DATA.json [ROUNDS]

Each run gets a fresh copy of DATA.json (commands like `new` change it). The runs alternate
between OLD and NEW, so that a busy moment of the machine falls on both alike. Figures are wall
time from exec to exit, in seconds: median of ROUNDS runs (default 15).
"""
import shutil, statistics, subprocess, sys, tempfile, time, os

COMMANDS = [["list"], ["new", "X", "Paris"]]

def main():
    if len(sys.argv) not in (4, 5):
        sys.exit(__doc__)
    old, new, data = sys.argv[1:4]
    rounds = int(sys.argv[4]) if len(sys.argv) == 5 else 15
    with tempfile.TemporaryDirectory() as folder:
        copy = os.path.join(folder, "trips.json")
        def run(binary, arguments):
            shutil.copy(data, copy)
            start = time.perf_counter()
            subprocess.run([binary, "--file", copy] + arguments, stdout=subprocess.DEVNULL, check=True)
            return time.perf_counter() - start
        print(f"{os.path.getsize(data):,} bytes, median of {rounds} runs each")
        for arguments in COMMANDS:
            times = {old: [], new: []}
            for _ in range(rounds):
                for binary in times:
                    times[binary].append(run(binary, arguments))
            before, after = (statistics.median(times[b]) for b in (old, new))
            print(f"{' '.join(arguments):14} {before:.3f} s -> {after:.3f} s")

main()
