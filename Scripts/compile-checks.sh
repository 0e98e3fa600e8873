#!/usr/bin/env bash
# Compiles, as downstream code, every Swift code block of the documentation and every snippet
# of Scripts/CompileChecks: Swift 6 language mode, warnings as errors, in a new package that
# depends on this checkout by path and sees only its products (Waypoint, WaypointCoding,
# WaypointLinkBuilder, WaypointNavigation, WaypointReverseRouting, WaypointExplain, WaypointAssociation,
# WaypointDetour, WaypointPaylisher). Run by `./dev compile-checks` and CI.
#
# Documentation blocks. Every ```swift block of README.md and of each DocC article (every
# .md file in a Sources/*/*.docc catalog, at any depth) is extracted mechanically.
# How blocks compose:
#   - A block is a program of its own by default: it is the main.swift of an executable
#     target, so it shows its own imports and declarations and may have top-level code.
#   - Blocks whose fences are immediately preceded by the same line `<!-- group: NAME -->`
#     in one document are one program: concatenated in document order, as a reader who
#     pasted them in order would have them (the README's tour, whose later blocks use the
#     `router` of its first). Other blocks may come between them.
#   - `<!-- apple-only -->` immediately before the fence: the block needs an Apple SDK
#     (UIKit, SwiftUI, …), which Linux does not have. It is not compiled here; this script
#     lists it.
#   - `<!-- downstream: NAME -->` before the fence: one of the README's Install blocks,
#     which `./dev downstream` builds and runs as the files they are, or of the build tool
#     plugin's example (`plugin NAME`), which `./dev plugin-check` builds and runs. Listed,
#     not compiled here.
# Compiler messages point at the document's own lines (#sourceLocation).
#
# Snippets of Scripts/CompileChecks, each the main.swift of a target, checked by first line:
#   // expect: compiles          the snippet must build;
#   // expect-error: TEXT        the build must fail, and its output must contain TEXT.
#
# Everything that must compile is built by one `swift build` (in .build/compile-checks), so
# the library builds once; each expect-error snippet is then built on its own.
set -euo pipefail
cd "$(dirname "$0")/.."
checkout="$PWD"
scratch="$checkout/.build/compile-checks"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
package="$work/Checks"
mkdir -p "$package/Sources"
ln -s "$checkout" "$work/waypoint"

# Writes each documentation program to $package/Sources/<target>/main.swift and prints one
# line per block: `compile TARGET DOCUMENT:LINE`, `apple-only DOCUMENT:LINE` or
# `downstream DOCUMENT:LINE`.
extract() {
    local document
    for document in README.md $(find Sources -path '*.docc/*' -name '*.md' | LC_ALL=C sort); do
        awk -v document="$document" -v out="$package/Sources" '
            function slug(text) { gsub(/[^A-Za-z0-9]/, "_", text); return text }
            function fail(message) {
                print "compile-checks: " document ":" NR ": " message > "/dev/stderr"
                failed = 1
                exit 1
            }
            !inside && /^[ ]*```/ {
                info = $0
                sub(/^[ ]*```/, "", info)
                indent = $0
                sub(/```.*/, "", indent)
                if (info != "swift") { other = 1; inside = 1; next }
                other = 0
                inside = 1
                marker = previous
                sub(/^[ ]+/, "", marker)
                if (marker == "<!-- apple-only -->") {
                    mode = "skip"
                    print "apple-only " document ":" NR
                } else if (marker ~ /^<!-- downstream: .* -->$/) {
                    mode = "skip"
                    print "downstream " document ":" NR
                } else {
                    mode = "code"
                    group = ""
                    if (marker ~ /^<!-- group: [A-Za-z0-9_-]+ -->$/) {
                        group = marker
                        sub(/^<!-- group: /, "", group)
                        sub(/ -->$/, "", group)
                    } else if (marker ~ /^<!-- /) {
                        fail("unknown marker before a swift block: " marker)
                    }
                    if (group != "" && (group in groups)) {
                        target = groups[group]
                    } else {
                        name = document
                        sub(/\.md$/, "", name)
                        sub(/^Sources\/[^\/]*\//, "", name)
                        sub(/\.docc\//, "_", name)
                        target = "Doc_" slug(name) "_" (group != "" ? slug(group) : NR)
                        if (group != "") groups[group] = target
                        system("mkdir -p \"" out "/" target "\"")
                    }
                    file = out "/" target "/main.swift"
                    print "compile " target " " document ":" NR
                }
                if (mode == "code") printf "#sourceLocation(file: \"%s\", line: %d)\n", document, NR + 1 > file
                previous = $0
                next
            }
            inside && /^[ ]*```[ ]*$/ {
                inside = 0
                if (!other && mode == "code") print "#sourceLocation()" > file
                previous = $0
                next
            }
            inside {
                if (!other && mode == "code") {
                    line = $0
                    if (indent != "" && substr(line, 1, length(indent)) == indent) line = substr(line, length(indent) + 1)
                    print line > file
                }
                previous = $0
                next
            }
            { if ($0 != "") previous = $0; else previous = "" }
            END {
                if (failed) exit 1
                if (inside) { print "compile-checks: " document ": unclosed code block" > "/dev/stderr"; exit 1 }
            }
        ' "$document" || return 1
    done
}

blocks="$(extract)" || exit 1
doc_targets="$(awk '$1 == "compile" && !seen[$2]++ { print $2 }' <<<"$blocks")"

# The Scripts/CompileChecks snippets.
compiling="" failing=""
for snippet in Scripts/CompileChecks/*.swift; do
    name="$(basename "$snippet" .swift)"
    mkdir -p "$package/Sources/$name"
    cp "$snippet" "$package/Sources/$name/main.swift"
    case "$(head -n 1 "$snippet")" in
        "// expect: compiles") compiling+="$name"$'\n' ;;
        "// expect-error: "*) failing+="$name"$'\n' ;;
        *)
            echo "compile-checks: $snippet does not start with '// expect: compiles' or '// expect-error: ...'" >&2
            exit 1
            ;;
    esac
done

# Writes the manifest with the given targets (one name a line).
manifest() {
    local name targets=""
    while IFS= read -r name; do
        [ -n "$name" ] || continue
        targets+="        .executableTarget(name: \"$name\", dependencies: products, swiftSettings: settings),"$'\n'
    done <<<"$1"
    cat >"$package/Package.swift" <<MANIFEST
// swift-tools-version:6.1
import PackageDescription

let settings: [SwiftSetting] = [.unsafeFlags(["-warnings-as-errors"])]
let products: [Target.Dependency] = [
    .product(name: "Waypoint", package: "waypoint"),
    .product(name: "WaypointCoding", package: "waypoint"),
    .product(name: "WaypointLinkBuilder", package: "waypoint"),
    .product(name: "WaypointNavigation", package: "waypoint"),
    .product(name: "WaypointReverseRouting", package: "waypoint"),
    .product(name: "WaypointExplain", package: "waypoint"),
    .product(name: "WaypointAssociation", package: "waypoint"),
    .product(name: "WaypointDetour", package: "waypoint"),
    .product(name: "WaypointPaylisher", package: "waypoint"),
]

let package = Package(
    name: "Checks",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    dependencies: [.package(path: "../waypoint")],
    targets: [
$targets    ],
    swiftLanguageModes: [.v6]
)
MANIFEST
}

status=0
manifest "$doc_targets"$'\n'"$compiling"
if output="$(cd "$package" && swift build --scratch-path "$scratch" 2>&1)"; then
    awk '$1 == "compile" { print "compile-checks: compiles: " $3 }' <<<"$blocks"
    while IFS= read -r name; do
        [ -n "$name" ] && echo "compile-checks: compiles: Scripts/CompileChecks/$name.swift"
    done <<<"$compiling"
else
    # The build stops at the first target that fails: build each on its own to name them all.
    status=1
    while IFS= read -r name; do
        [ -n "$name" ] || continue
        if ! output="$(cd "$package" && swift build --scratch-path "$scratch" --target "$name" 2>&1)"; then
            printf '%s\n' "$output" | grep -v -E '^\[[0-9]+/[0-9]+\] |^Building for|^error: emit-module' >&2
            where="$(awk -v target="$name" '$1 == "compile" && $2 == target { print $3 }' <<<"$blocks" | paste -sd ' ')"
            echo "compile-checks: does not compile: ${where:-Scripts/CompileChecks/$name.swift}" >&2
        fi
    done <<<"$doc_targets"$'\n'"$compiling"
    echo "compile-checks: the blocks and snippets above do not compile as downstream code" >&2
fi
awk '$1 == "apple-only" { print "compile-checks: apple-only, not compiled on Linux: " $2 }' <<<"$blocks"
awk '$1 == "downstream" { print "compile-checks: built by ./dev downstream or ./dev plugin-check: " $2 }' <<<"$blocks"

# Each snippet that must not compile, built on its own.
manifest "$failing"
while IFS= read -r name; do
    [ -n "$name" ] || continue
    message="$(head -n 1 "Scripts/CompileChecks/$name.swift")"
    message="${message#// expect-error: }"
    if output="$(cd "$package" && swift build --scratch-path "$scratch" --target "$name" 2>&1)"; then
        echo "compile-checks: $name should fail to compile and builds" >&2
        status=1
    elif ! grep -qF -- "error: $message" <<<"$output"; then
        printf '%s\n' "$output" >&2
        echo "compile-checks: $name fails, but without the error: $message" >&2
        status=1
    else
        echo "compile-checks: $name fails with: $message"
    fi
done <<<"$failing"
exit "$status"
