#!/usr/bin/env bash
# Builds the libFuzzer target and runs it (Linux, the swift.org toolchain).
#
#   Fuzz/run.sh                          # 1,000,000 runs, then stop
#   FUZZ_RUNS=-1 FUZZ_TIME=3600 Fuzz/run.sh   # one hour
#   Fuzz/run.sh .build-fuzz/artifacts/crash-…  # replay one input (any libFuzzer flag works)
#
# The compiler's modules that the pipeline and the reports are made of are compiled
# one by one, lowest first, as SwiftPM builds them (with -enable-testing: the target
# reaches internal API through @testable imports), then Fuzz/FormcFuzz.swift is
# linked with them; all with -sanitize=fuzzer,address, against the system libyaml
# (the CYAML module map in Sources/CYAML). Seeds: schemas/, the test forms, the fuzz
# regression inputs and, when present, the shared YAML and JSON conformance corpora.
# New coverage goes to $FUZZ_DIR/corpus; crashes to $FUZZ_DIR/artifacts.
set -euo pipefail
cd "$(dirname "$0")/.."

FUZZ_DIR=${FUZZ_DIR:-.build-fuzz}
FUZZ_RUNS=${FUZZ_RUNS:-1000000}
FUZZ_TIME=${FUZZ_TIME:-0}
FUZZ_MAX_LEN=${FUZZ_MAX_LEN:-8192}
FUZZ_OPT=${FUZZ_OPT:--O}
SWIFTC=${SWIFTC:-swiftc}
CORPORA=${CORPORA:-../shared/corpora}

mkdir -p "$FUZZ_DIR/corpus" "$FUZZ_DIR/seeds" "$FUZZ_DIR/artifacts"
# libFuzzer and AddressSanitizer report crashes; Swift's own backtracer would
# fight them for the crashing process (and can hang).
export SWIFT_BACKTRACE=enable=no
binary="$FUZZ_DIR/formc-fuzz"

# Package.swift's order: each module after the modules it imports.
modules="FormJSON FormSource FormSyntax FormModel FormChecker FormText FormSwiftEmitter FormReports FormCompiler"
sources=$(for module in $modules; do find "Sources/$module" -name '*.swift'; done | sort)
newest=$(ls -t $sources Fuzz/FormcFuzz.swift Fuzz/run.sh | head -1)
if [ ! -x "$binary" ] || [ "$newest" -nt "$binary" ]; then
    echo "fuzz: compiling $binary ($FUZZ_OPT, -sanitize=fuzzer,address)" >&2
    rm -rf "$binary" "$FUZZ_DIR/modules"
    mkdir -p "$FUZZ_DIR/modules"
    # shellcheck disable=SC2086
    compile() {
        "$SWIFTC" -sanitize=fuzzer,address -parse-as-library -swift-version 6 $FUZZ_OPT -g -package-name formc \
            -enable-upcoming-feature MemberImportVisibility -I "$FUZZ_DIR/modules" \
            -I Sources/CYAML $(pkg-config --cflags-only-I yaml-0.1 2>/dev/null | sed 's/-I/-Xcc -I/g') "$@" 2>&1 |
            grep -v "Cannot export local symbol '__asan" >&2 || true
    }
    for module in $modules; do
        compile -module-name "$module" -enable-testing -wmo -c $(find "Sources/$module" -name '*.swift' | sort) \
            -emit-module -emit-module-path "$FUZZ_DIR/modules/$module.swiftmodule" -o "$FUZZ_DIR/modules/$module.o"
        [ -f "$FUZZ_DIR/modules/$module.o" ] || { echo "fuzz: build of $module failed" >&2; exit 1; }
    done
    # shellcheck disable=SC2046
    compile -module-name FormcFuzz $(pkg-config --libs-only-L yaml-0.1 2>/dev/null) -lyaml \
        $(for module in $modules; do echo "$FUZZ_DIR/modules/$module.o"; done) Fuzz/FormcFuzz.swift -o "$binary"
    [ -x "$binary" ] || { echo "fuzz: build failed" >&2; exit 1; }
fi

# Replaying given files (or passing libFuzzer flags only): no corpus, no seeds.
for argument in "$@"; do
    if [ -f "$argument" ]; then exec "$binary" "$@"; fi
done

# Seeds, refreshed each run (small: the forms are a few KB each).
seed() { [ -f "$1" ] && cp "$1" "$FUZZ_DIR/seeds/$2"; return 0; }
for file in schemas/*.form.* $(find Tests -path '*/.build*' -prune -o \( -name '*.form.yaml' -o -name '*.form.yml' -o -name '*.form.json' \) -print); do
    seed "$file" "$(echo "$file" | tr '/' '_')"
done
for file in Tests/FormCompilerTests/Fuzz/*; do seed "$file" "regression_$(basename "$file")"; done
if [ -d "$CORPORA/yaml-test-suite" ]; then
    for file in "$CORPORA"/yaml-test-suite/*/in.yaml; do
        seed "$file" "yaml-test-suite_$(basename "$(dirname "$file")").yaml"
    done
fi
if [ -d "$CORPORA/json-test-suite" ]; then
    # The 100,000-bracket file is larger than the fuzzer's inputs; the limit tests cover it.
    for file in "$CORPORA"/json-test-suite/*.json; do
        [ "$(wc -c <"$file")" -le "$FUZZ_MAX_LEN" ] && seed "$file" "json-test-suite_$(basename "$file")"
    done
fi

exec "$binary" \
    -dict=Fuzz/formc.dict \
    -runs="$FUZZ_RUNS" -max_total_time="$FUZZ_TIME" -max_len="$FUZZ_MAX_LEN" \
    -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$FUZZ_DIR/artifacts/" \
    "$@" "$FUZZ_DIR/corpus" "$FUZZ_DIR/seeds"
