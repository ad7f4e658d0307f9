#!/usr/bin/env python3
"""A local Valhalla routing service from PyPI's pyvalhalla 3.9.1 (shared by `make valhalla`, the
drive-time bench and the Valhalla tests).

    Scripts/valhalla-local.py install DIR
    Scripts/valhalla-local.py tiles --install DIR --work WORK EXTRACT...
    Scripts/valhalla-local.py config --install DIR --work WORK --port PORT
    Scripts/valhalla-local.py start --install DIR --work WORK [--port PORT] [EXTRACT...]

- install: pyvalhalla's native binaries into DIR (once), as files only: the wheel is for Python
  3.12 (cp312-abi3, manylinux_2_28), its binaries run under any (../docs and PITFALLS).
- tiles: the tiles of EXTRACT... in WORK/tiles (several extracts, or one that is not .osm.pbf, are
  merged into one .osm.pbf by `osmium sort` first: Valhalla reads PBF only).
- config: a valhalla.json for a service on 127.0.0.1:PORT over WORK's tiles, in a folder of its
  own (WORK/service-PORT), whose path it prints: each service its own sockets and port.
- start: tiles (when EXTRACT... are given), a config on PORT (a free one by default), and
  `valhalla_service` started in the background; waits until it answers `/status`, then prints
  `ROADTRIP_VALHALLA_URL=http://127.0.0.1:PORT` and the line that stops it. With no EXTRACT, the
  files the added regions were made from are used (`region_extracts`).
"""
import argparse
import glob
import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

PYVALHALLA = "pyvalhalla==3.9.1"


def binaries(folder):
    return os.path.join(folder, "valhalla", "bin")


def install(folder):
    """The folder of Valhalla's binaries, installed from PyPI into `folder` unless they are there."""
    return install_wheel_binaries(folder, PYVALHALLA, binaries(folder), "valhalla_service")


def install_wheel_binaries(folder, requirement, found, program):
    """`found`, a folder of native programs inside a wheel (`requirement`), installed from PyPI
    into `folder` unless `program` is there: as files only, the cp312-abi3 manylinux_2_28 build,
    whose programs run under any Python (pyvalhalla here, osrm-bindings in Scripts/bench-scale.py)."""
    if not os.access(os.path.join(found, program), os.X_OK):
        result = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                                 "--target", folder, "--upgrade", "--no-deps", "--only-binary=:all:", "--python-version", "3.12",
                                 "--platform", "manylinux_2_28_x86_64", requirement], capture_output=True, text=True)
        if result.returncode != 0:
            last = (result.stderr.strip().splitlines() or ["no message"])[-1]
            raise RuntimeError(f"pip could not install {requirement}: {last}")
        for name in os.listdir(found):
            os.chmod(os.path.join(found, name), 0o755)
    return found


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def write_config(folder, work, port):
    """valhalla.json from the wheel's own generator: WORK's tiles, 127.0.0.1:PORT, sockets of its own."""
    tiles = os.path.join(work, "tiles")
    generated = subprocess.run([sys.executable, os.path.join(folder, "valhalla", "valhalla_build_config.py"),
                                "--mjolnir-tile-dir", tiles, "--mjolnir-tile-extract", tiles + ".tar",
                                "--mjolnir-timezone", os.path.join(work, "tz.sqlite"),
                                "--mjolnir-admin", os.path.join(work, "admins.sqlite")],
                               check=True, capture_output=True, text=True).stdout
    config = json.loads(generated)
    service = os.path.join(work, f"service-{port}")
    os.makedirs(service, exist_ok=True)
    # The default sockets in /tmp collide between instances; no drain on SIGTERM (it keeps the port ~28 s).
    config["httpd"]["service"].update(listen=f"tcp://127.0.0.1:{port}", drain_seconds=0, shutdown_seconds=0,
                                      loopback=f"ipc://{service}/loopback", interrupt=f"ipc://{service}/interrupt")
    del config["mjolnir"]["tile_extract"]  # read the tile folder, not a tar that is never made
    config["mjolnir"]["concurrency"] = 2
    # roadtrip's matrix asks up to 2,500 pairs a request (a 100-stop matrix in one is allowed too), and
    # a road trip's stops are often farther apart than the default 400 km a matrix may span.
    for costing in ("auto", "motorcycle", "truck"):
        config["service_limits"][costing].update(max_matrix_location_pairs=10_000, max_matrix_distance=4_000_000.0)
    path = os.path.join(service, "valhalla.json")
    with open(path, "w") as file:
        json.dump(config, file)
    return path


def build_tiles(folder, work, extracts):
    """WORK/tiles from `extracts`; returns the config it was built with."""
    os.makedirs(work, exist_ok=True)
    source = extracts[0]
    if len(extracts) > 1 or not source.endswith(".osm.pbf"):
        source = os.path.join(work, "extracts.osm.pbf")
        subprocess.run(["osmium", "sort", "--overwrite", "-o", source] + extracts, check=True, capture_output=True)
    config = write_config(folder, work, 0)
    log = os.path.join(work, "build.log")
    with open(log, "w") as output:
        built = subprocess.run([os.path.join(binaries(folder), "valhalla_build_tiles"), "-c", config, source], stdout=output, stderr=output)
    if built.returncode != 0:
        raise RuntimeError(f"valhalla_build_tiles failed ({built.returncode}); see {log}")
    return config


def wait_ready(process, port, log, deadline=60):
    """Returns when the service answers `/status`; raises when it exits or does not answer in time."""
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        if process.poll() is not None:
            raise RuntimeError(f"valhalla_service exited ({process.returncode}); see {log}")
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/status", timeout=2).read()
            return
        except (urllib.error.URLError, ConnectionError, OSError):
            time.sleep(0.2)
    raise RuntimeError(f"valhalla_service did not answer on port {port} within {deadline} s")


def start(folder, work, port, detached=False):
    """valhalla_service on WORK's tiles on 127.0.0.1:PORT, answering: (process, log path)."""
    config = write_config(folder, work, port)
    log = os.path.join(os.path.dirname(config), "service.log")
    with open(log, "w") as output:
        process = subprocess.Popen([os.path.join(binaries(folder), "valhalla_service"), config, "1"], stdout=output, stderr=output,
                                   stdin=subprocess.DEVNULL, start_new_session=detached)
    try:
        wait_ready(process, port, log)
    except BaseException:
        stop(process)
        raise
    return process, log


def stop(process):
    """Ends the service by its pid and reaps it."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def region_extracts(environment):
    """The files the added regions were made from ($XDG_DATA_HOME/roadtrip/regions/*/region.json),
    where they are still there and of the size they had: roadtrip keeps only their path."""
    data = environment.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    found, missing = [], []
    for info_path in sorted(glob.glob(os.path.join(data, "roadtrip", "regions", "*", "region.json"))):
        with open(info_path) as file:
            info = json.load(file)
        if not info.get("roadDatabase"):
            continue
        source = info.get("sourceFile", "")
        if os.path.isfile(source) and os.path.getsize(source) == info.get("sourceBytes"):
            found.append(source)
        else:
            missing.append(f"{info.get('name')} ({source})")
    return found, missing


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("install").add_argument("install")
    for name in ("tiles", "config", "start"):
        command = commands.add_parser(name)
        command.add_argument("--install", required=True, help="where pyvalhalla's binaries are (installed there once)")
        command.add_argument("--work", required=True, help="the folder of the tiles and the services' configs")
        if name != "tiles":
            command.add_argument("--port", type=int, default=0)
        if name != "config":
            command.add_argument("extracts", nargs="*")
    options = parser.parse_args()
    try:
        if options.command == "install":
            print(install(os.path.abspath(options.install)))
            return
        folder, work = os.path.abspath(options.install), os.path.abspath(options.work)
        install(folder)
        if options.command == "tiles":
            build_tiles(folder, work, [os.path.abspath(e) for e in options.extracts] or sys.exit("tiles: no extract given"))
        elif options.command == "config":
            print(write_config(folder, work, options.port or free_port()))
        else:
            start_command(folder, work, options)
    except (OSError, RuntimeError, subprocess.CalledProcessError, ValueError, KeyError) as error:
        sys.exit(f"valhalla-local: {error}")


def start_command(folder, work, options):
    extracts = [os.path.abspath(e) for e in options.extracts]
    if not extracts:
        extracts, missing = region_extracts(os.environ)
        if missing:
            print(f"valhalla-local: the files of these regions are gone or changed, left out: {', '.join(missing)} "
                  "(give the extracts as VALHALLA_EXTRACTS=...)", file=sys.stderr)
    if extracts:
        print(f"valhalla-local: building tiles from {', '.join(os.path.basename(e) for e in extracts)} in {work}/tiles", file=sys.stderr)
        build_tiles(folder, work, extracts)
    elif not os.path.isdir(os.path.join(work, "tiles")):
        sys.exit("valhalla-local: no extract to build tiles from: add a region (roadtrip region add FILE), "
                 "or give the files as VALHALLA_EXTRACTS=...")
    port = options.port or free_port()
    process, log = start(folder, work, port, detached=True)
    print(f"valhalla-local: valhalla_service answers on 127.0.0.1:{port} (pid {process.pid}, log {log}); stop it with: kill {process.pid}",
          file=sys.stderr)
    print(f"ROADTRIP_VALHALLA_URL=http://127.0.0.1:{port}")


if __name__ == "__main__":
    main()
