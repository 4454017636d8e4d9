# librarybot: `make run` and `make test` install what they need on Debian, then build.
SWIFT ?= swift
APT_PACKAGES := libwebsockets-dev libcurl4-openssl-dev libsqlite3-dev pkg-config
DATABASE ?= data/library.sqlite
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps pydeps build run release test bench clean

## deps: install the C libraries (Debian packages) that are missing.
deps:
	@missing=""; \
	for package in $(APT_PACKAGES); do \
		dpkg-query -W -f='$${Status}' $$package 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
		echo "Installing$$missing"; \
		$(SUDO) apt-get update && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y $$missing; \
	fi

build: deps
	$(SWIFT) build

## run: build, put the demo books on the shelf (once), and start librarybot (the console
## until a gateway is enabled in the configuration).
run: build
	$(SWIFT) run librarybot books demo --database $(DATABASE)
	$(SWIFT) run librarybot run --database $(DATABASE)

## release: the build to deploy: optimized, with the Swift runtime and Foundation linked in
## statically (the server needs only the Debian packages above, no Swift toolchain), linked by
## lld with packed relative relocations (glibc 2.36+), which keeps the bot's resident memory
## about 7 MiB lower than a plain `swift build -c release`, and without exporting its 14,557
## symbols as a dynamic symbol table that nothing looks up (about 1 MiB less resident: the
## loader no longer reads and hashes it). Prints the binary's path last.
RELEASE_FLAGS := -c release --static-swift-stdlib -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs \
	-Xlinker --no-export-dynamic
release: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product librarybot
	@echo "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/librarybot"

## pydeps: the Python peers the transport tests talk to (a strict RFC 6455 server).
pydeps:
	@python3 -c "import websockets" 2>/dev/null || python3 -m pip install --quiet "websockets>=12" \
		|| python3 -m pip install --quiet --break-system-packages "websockets>=12"

## test: every test of the package (the benchmarks are a separate package).
test: deps pydeps
	$(SWIFT) test

## bench: the benchmarks in Benchmarks/ (release build), then the same transport
## measurements with Python's websockets and aiohttp clients against the same servers.
bench: deps pydeps
	@python3 -c "import aiohttp" 2>/dev/null || python3 -m pip install --quiet aiohttp \
		|| python3 -m pip install --quiet --break-system-packages aiohttp
	cd Benchmarks && python3 python/with_peers.py -- $(SWIFT) package --allow-writing-to-package-directory benchmark
	python3 Benchmarks/python/slack_burst.py
	python3 Benchmarks/python/discord_burst.py

clean:
	rm -rf .build Benchmarks/.build
