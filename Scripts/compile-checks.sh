#!/usr/bin/env bash
# Compiles each snippet of Scripts/CompileChecks as downstream code (Swift 6 mode, warnings as
# errors) against this checkout, and checks its first line:
#   // expect: compiles          the snippet must build;
#   // expect-error: TEXT        the build must fail, and its output must contain TEXT.
# Each snippet is the main.swift of its own executable target in one temporary package, so
# the library builds once (in .build/compile-checks). Run by `./dev compile-checks`.
set -euo pipefail
cd "$(dirname "$0")/.."
checkout="$PWD"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/Checks"
targets=""
for snippet in Scripts/CompileChecks/*.swift; do
    name="$(basename "$snippet" .swift)"
    mkdir -p "$work/Checks/Sources/$name"
    cp "$snippet" "$work/Checks/Sources/$name/main.swift"
    targets+="        .executableTarget(name: \"$name\", dependencies: [.product(name: \"Waypoint\", package: \"waypoint\")], swiftSettings: settings),"$'\n'
done
ln -s "$checkout" "$work/waypoint"
cat >"$work/Checks/Package.swift" <<MANIFEST
// swift-tools-version:6.1
import PackageDescription

let settings: [SwiftSetting] = [.unsafeFlags(["-warnings-as-errors"])]

let package = Package(
    name: "Checks",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(path: "../waypoint")],
    targets: [
$targets    ],
    swiftLanguageModes: [.v6]
)
MANIFEST
status=0
for snippet in Scripts/CompileChecks/*.swift; do
    name="$(basename "$snippet" .swift)"
    expectation="$(head -n 1 "$snippet")"
    if output="$(cd "$work/Checks" && swift build --scratch-path "$checkout/.build/compile-checks" --target "$name" 2>&1)"; then
        built=yes
    else
        built=no
    fi
    case "$expectation" in
        "// expect: compiles")
            if [ "$built" = yes ]; then
                echo "compile-checks: $name compiles"
            else
                printf '%s\n' "$output" >&2
                echo "compile-checks: $name should compile and does not" >&2
                status=1
            fi
            ;;
        "// expect-error: "*)
            message="${expectation#// expect-error: }"
            if [ "$built" = yes ]; then
                echo "compile-checks: $name should fail to compile and builds" >&2
                status=1
            elif ! grep -qF -- "error: $message" <<<"$output"; then
                printf '%s\n' "$output" >&2
                echo "compile-checks: $name fails, but without the error: $message" >&2
                status=1
            else
                echo "compile-checks: $name fails with: $message"
            fi
            ;;
        *)
            echo "compile-checks: $snippet does not start with '// expect: compiles' or '// expect-error: ...'" >&2
            status=1
            ;;
    esac
done
exit "$status"
