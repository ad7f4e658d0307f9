#!/usr/bin/env python3
"""Prints the text captures of the user guide's screen sections, from the real program in tmux.

    python3 Scripts/readme-screens.py .build/debug/roadtrip

The sample trips (Resources/sample-trips.json) in an 80x20 terminal, Route 66 starting on
1 July 2026 so that the itinerary's dates do not change with the day it is run. Each capture is
printed under a "=== name" line, ready to paste into docs/user-guide.md ("Screens").
"""
import json
import os
import subprocess
import sys
import tempfile
import time

WIDTH, HEIGHT = 80, 20


def tmux(socket, *arguments):
    return subprocess.run(["tmux", "-L", socket, *arguments], check=True, capture_output=True, text=True).stdout


def wait_for(socket, text, timeout=10):
    """The screen once it shows `text` (polled, never a fixed sleep)."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        screen = tmux(socket, "capture-pane", "-p")
        if text in screen:
            return screen
        time.sleep(0.05)
    raise SystemExit(f"timed out waiting for {text!r}; last screen:\n{screen}")


def main():
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    binary = os.path.abspath(sys.argv[1])
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with open(os.path.join(root, "Resources", "sample-trips.json"), encoding="utf-8") as source:
        data = json.load(source)
    for trip in data["trips"]:
        if trip["name"] == "Route 66":
            trip["settings"] = {"startDate": "2026-07-01"}
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "trips.json")
        with open(path, "w", encoding="utf-8") as target:
            json.dump(data, target)
        socket = f"readme-{os.getpid()}"
        command = f"env TERM=xterm-256color LANG=C.UTF-8 ROADTRIP_FILE={path} {binary} --no-mouse"
        tmux(socket, "new-session", "-d", "-x", str(WIDTH), "-y", str(HEIGHT), command)
        try:
            steps = [
                ("trip list", [], "Enter Open"),
                ("trip", ["Enter"], "Total distance"),
                ("map", ["m"], "Pan"),
                ("stop editor", ["Escape", "j", "j", "Enter", "C-u", "-l", "big s"], "Big Sur"),
                ("itinerary", ["Escape", "Escape", "j", "Enter", "i"], "Day 2"),
                ("trip with a start date", ["Escape"], "Arrives"),
            ]
            for name, keys, expected in steps:
                if keys:
                    if "-l" in keys:
                        split = keys.index("-l")
                        tmux(socket, "send-keys", *keys[:split])
                        tmux(socket, "send-keys", "-l", keys[split + 1])
                    else:
                        tmux(socket, "send-keys", *keys)
                screen = wait_for(socket, expected)
                print(f"=== {name}")
                print("\n".join(line.rstrip() for line in screen.rstrip("\n").split("\n")))
        finally:
            subprocess.run(["tmux", "-L", socket, "kill-server"], capture_output=True)


if __name__ == "__main__":
    main()
