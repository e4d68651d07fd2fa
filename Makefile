# formc — the two Quick start commands, and the rest of the developer loop.
# `make run` and `make test` install libyaml-dev first when it is missing.

SHELL := /bin/bash
SWIFT ?= swift
EXAMPLE ?= schemas/signup.form.yaml

.PHONY: run test e2e e2e-browser e2e-editor e2e-server examples build release deps bench fuzz docs record clean

# libyaml is a system package (pkg-config yaml-0.1). Install it when missing;
# needs root or sudo, which CI images and fresh containers have.
deps:
	@if ! pkg-config --exists yaml-0.1 2>/dev/null; then \
		echo "libyaml-dev is missing: installing it with apt-get"; \
		SUDO=""; [ "$$(id -u)" = "0" ] || SUDO=sudo; \
		$$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq libyaml-dev pkg-config >/dev/null; \
	fi

build: deps
	$(SWIFT) build --product formc

# Build formc and run it on a bundled example: lint it, then print its Swift.
run: build
	$$($(SWIFT) build --show-bin-path)/formc lint schemas
	$$($(SWIFT) build --show-bin-path)/formc build $(EXAMPLE)

# Every test: unit, reference, CLI, corpora, the benchmark's form and goals, and
# the plugin-generated target; then the whole suite again with FORMC_SPEED=plain,
# every stage on its plain path (SpeedPolicy), formc's too.
# The suite is Swift Testing (XCTest finds no tests and says so); the last line
# repeats Swift Testing's counts of both runs in the plain "N passed, N failed" form.
test: deps
	$(SWIFT) build --build-tests
	@set -o pipefail; $(SWIFT) test --skip-build 2>&1 | tee .build/test-output.txt
	@set -o pipefail; FORMC_SPEED=plain $(SWIFT) test --skip-build 2>&1 | tee .build/test-output-plain.txt
	@for run in .build/test-output.txt .build/test-output-plain.txt; do \
		sed -n 's/.*Test run with \([0-9]*\) tests\{0,1\} in .* passed.*/\1/p' $$run | tail -n 1; \
	done | awk '{ n += $$1 } END { print n " passed, 0 failed" }'
	$(MAKE) e2e

# The end-to-end tests (Tests/EndToEnd, pytest) against the built formc, with
# their Python tools (Tests/EndToEnd/requirements.txt, from PyPI) in a virtual
# environment of their own, made and filled when missing or out of date.
E2E_VENV := .build/e2e-venv
E2E_REQUIREMENTS := Tests/EndToEnd/requirements.txt

$(E2E_VENV)/installed: $(E2E_REQUIREMENTS)
	@if ! python3 -m venv --help >/dev/null 2>&1 || ! python3 -c 'import ensurepip' 2>/dev/null; then \
		echo "python3-venv is missing: installing it with apt-get"; \
		SUDO=""; [ "$$(id -u)" = "0" ] || SUDO=sudo; \
		$$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq python3-venv >/dev/null; \
	fi
	[ -x $(E2E_VENV)/bin/python ] || python3 -m venv $(E2E_VENV)
	$(E2E_VENV)/bin/python -m pip install -q --disable-pip-version-check -r $(E2E_REQUIREMENTS)
	touch $@

# The preview's tests (Tests/EndToEnd/test_preview.py) drive Debian's Chromium,
# headless, through Debian's chromedriver: Selenium is given that driver and never
# downloads one. Installed with apt-get when missing.
e2e-browser:
	@if ! { command -v chromium || command -v chromium-browser; } >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then \
		echo "chromium or chromedriver is missing: installing them with apt-get"; \
		SUDO=""; [ "$$(id -u)" = "0" ] || SUDO=sudo; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium chromium-driver >/dev/null; \
	fi

# The language server's editor test (Tests/EndToEnd/test_neovim.py) runs Debian's
# Neovim, headless, with the README's setup. Installed with apt-get when missing.
e2e-editor:
	@if ! command -v nvim >/dev/null 2>&1; then \
		echo "nvim is missing: installing neovim with apt-get"; \
		SUDO=""; [ "$$(id -u)" = "0" ] || SUDO=sudo; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq neovim >/dev/null; \
	fi

# The example server (Examples/FormServer, its own package: Hummingbird from the
# package mirror): built with its unit tests, which run here; test_server.py then
# starts it on loopback and sends it real requests.
SERVER_PACKAGE := Examples/FormServer
e2e-server: deps
	$(SWIFT) build --package-path $(SERVER_PACKAGE) --build-tests
	$(SWIFT) test --package-path $(SERVER_PACKAGE) --skip-build

# The example server's forms as formc writes them: its Swift and its catalog
# (translations kept), from the forms in schemas/ it shares with the app.
SERVER_FORMS := signup:SignUpForm intake:IntakeForm
examples: build
	@formc=$$($(SWIFT) build --show-bin-path)/formc; \
	for pair in $(SERVER_FORMS); do \
		$$formc build schemas/$${pair%%:*}.form.yaml -o $(SERVER_PACKAGE)/Sources/FormServerCore/$${pair##*:}.swift || exit 1; \
	done; \
	$$formc strings $(foreach pair,$(SERVER_FORMS),schemas/$(firstword $(subst :, ,$(pair))).form.yaml) -o $(SERVER_PACKAGE)/Sources/FormServerCore/Localizable.xcstrings

e2e: build e2e-browser e2e-editor e2e-server $(E2E_VENV)/installed
	FORMC_BINARY="$${FORMC_BINARY:-$$($(SWIFT) build --show-bin-path)/formc}" $(E2E_VENV)/bin/python -m pytest -q -o asyncio_default_fixture_loop_scope=function Tests/EndToEnd

# formc as it is installed on Linux: optimized, and one static executable (the
# Swift runtime, Dispatch, libyaml and the C library linked in; it runs on any
# Linux of its architecture, with no libyaml installed). A start then runs no
# dynamic linker (which would spend most of a start loading libstdc++ and looking
# up symbols) and maps less memory. Where libyaml has
# no static archive (libyaml.a, which Debian's and Ubuntu's libyaml-dev ship),
# the Swift runtime alone is linked statically. Trade-offs, as with the Swift
# static Linux SDK's executables: the image is not position-independent (its
# address is not randomised; the heap, stacks and mappings still are; a
# static-pie link crashes at start), and glibc's account and group lookups
# (getpwnam_r and the like, which static FoundationEssentials links in, and
# dlopen from the runtime) would need glibc's shared libraries at run time:
# formc never calls them (bfd's link warns of each; lld does not). lld, because
# gold warns about an mktemp in the static FoundationEssentials. The build plugin
# builds formc the package's own way.
# (`=`, not `:=`: looked up when a recipe runs, after `deps` installed
# libyaml-dev; so `make -n release` on a machine without it shows the fallback.)
YAML_LIBDIR = $(shell pkg-config --variable=libdir yaml-0.1 2>/dev/null)
YAML_ARCHIVE = $(if $(YAML_LIBDIR),$(wildcard $(YAML_LIBDIR)/libyaml.a))
RELEASE = -c release $(if $(YAML_ARCHIVE),-Xswiftc -static-executable,--static-swift-stdlib) -Xswiftc -use-ld=lld

release: deps
	$(SWIFT) build $(RELEASE) --product formc
	@echo "$$($(SWIFT) build $(RELEASE) --show-bin-path)/formc"

# The benchmark, on the release build: formc against libyaml's raw
# parse of a generated 1 MB form, with the goals and PASS/MISS.
# BENCH_FLAGS="--runs 15", "--typecheck" (also type-check the generated Swift
# against FormRuntime).
bench: deps
	$(SWIFT) build $(RELEASE) --product formc
	$(SWIFT) build $(RELEASE) --product formc-bench
	$(SWIFT) build $(RELEASE) --target FormRuntime
	$$($(SWIFT) build $(RELEASE) --show-bin-path)/formc-bench $(BENCH_FLAGS)

# The libFuzzer target (Linux toolchain): read → decode → check → emit under
# AddressSanitizer. FUZZ_RUNS (default 1000000), FUZZ_TIME (seconds, 0 = no limit);
# crashes go to .build-fuzz/artifacts. See docs/performance.md, "Fuzzing".
fuzz: deps
	Fuzz/run.sh

clean:
	rm -rf .build
