# librarybot: `make run` and `make test` install what they need on Debian, then build.
SWIFT ?= swift
APT_PACKAGES := libwebsockets-dev libcurl4-openssl-dev libsqlite3-dev pkg-config
DATABASE ?= data/library.sqlite
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps pydeps build run release order test bench clean

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
## loader no longer reads and hashes it). Each function is compiled into a section of its own,
## and the code that start-up runs is laid out first, then the code of commands
## (config/release/startup.order and startup.ld, written by `make order`): the kernel maps the
## page cache around each page a process touches, and start-up code spread over the binary's
## 22 MB of code kept 14 MiB of it resident; in a row, 4.7 MiB. RELEASE_MAP=FILE also writes
## the link map (symbols not demangled), which `make order` reads. Prints the binary's path last.
RELEASE_LAYOUT := $(CURDIR)/config/release
RELEASE_FLAGS := -c release --static-swift-stdlib -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs \
	-Xlinker --no-export-dynamic -Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections \
	-Xlinker --symbol-ordering-file=$(RELEASE_LAYOUT)/startup.order -Xlinker --no-warn-symbol-ordering \
	-Xlinker -T -Xlinker $(RELEASE_LAYOUT)/startup.ld
## The Swift driver does not recompile when only frontend flags change, so a release folder
## built with other flags is removed first (they are kept in .build/release-flags).
release: deps
	@flags='$(RELEASE_FLAGS)'; [ "$$(cat .build/release-flags 2>/dev/null)" = "$$flags" ] || { \
		rm -rf "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)"; mkdir -p .build; echo "$$flags" > .build/release-flags; }
	$(SWIFT) build $(RELEASE_FLAGS) $(if $(RELEASE_MAP),-Xlinker --no-demangle -Xlinker -Map=$(RELEASE_MAP)) --product librarybot
	@echo "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/librarybot"

## order: profile what `librarybot run` runs to start and connect (Slack and Discord emulators),
## then a few commands, under valgrind's callgrind, and write the layout `make release` links by
## (config/release/startup.order and startup.ld). Run it again when start-up changes much.
order: deps pydeps
	@dpkg-query -W -f='$${Status}' valgrind 2>/dev/null | grep -q "install ok installed" || { \
		$(SUDO) apt-get update && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y valgrind; }
	python3 Benchmarks/python/startup_order.py

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
