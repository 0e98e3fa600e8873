#!/usr/bin/env bash
# What Waypoint adds to an app (`./dev size`; method in Documentation/decisions.md, "Binary
# size and build time per product").
#
# For the baseline and each library product it builds one small program, each in a new
# downstream package in a temporary directory next to a symlink to this checkout named
# `waypoint`, as the README's Install section depends on it (`.package(path: "../waypoint")`):
#   Baseline   the router-only program's work without Waypoint (Scripts/SizeReport/Baseline.swift);
#   Waypoint   one `register` and one `handle` (Scripts/SizeReport/Waypoint.swift);
#   <Product>  the same route and a minimal real call of the adapter (Scripts/SizeReport/<Product>.swift).
# Every library product of Package.swift needs its program; a program whose product this
# checkout does not have is skipped. Each package is built from clean with
# `swift build -c release`, timed, run (its last line must be `hi`), stripped, and its
# symbols counted with `nm` and `swift demangle`.
#
# The table gives, per program: the stripped size and its growth over the baseline (and,
# for an adapter, over the router-only program), the symbols of areas an app should not carry
# (association files, the Codable bridge, the reference matcher, the pattern-table and
# command-line code), and
# the clean build's time less the baseline's, in wall-clock and CPU seconds (CPU time depends
# less on what else the machine runs; the load average is printed).
#
# Options:
#   --max-router-growth BYTES  fail when the router-only program grows by more than BYTES
#   --forbid-unwanted          fail when a program carries symbols of an unwanted area (the
#                              association files count only outside WaypointAssociation's program,
#                              the Codable bridge outside WaypointCoding's and WaypointAssociation's,
#                              the link builder outside WaypointLinkBuilder's, the destination
#                              face outside WaypointNavigation's, reverse routing outside
#                              WaypointReverseRouting's and WaypointNavigation's, explain
#                              outside WaypointExplain's and WaypointNavigation's)
#   --traits LIST              build Waypoint with these traits (e.g. FoundationRegex)
#   --breakdown N              also print the router-only program's growth by ELF section and
#                              its N largest Waypoint source files (by linked symbol bytes)
#   --keep                     keep the temporary directory and say where it is
set -euo pipefail
cd "$(dirname "$0")/.."
checkout="$PWD"
programs="$checkout/Scripts/SizeReport"

usage() { sed -n '/^# Options:/,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; }
fail() {
    echo "size-report: $*" >&2
    exit 2
}

max_growth="" forbid=no traits="" breakdown=0 keep=no
while [ $# -gt 0 ]; do
    case "$1" in
        --max-router-growth) [ $# -ge 2 ] || fail "--max-router-growth needs a number of bytes"; max_growth="$2"; shift 2 ;;
        --max-router-growth=*) max_growth="${1#*=}"; shift ;;
        --forbid-unwanted) forbid=yes; shift ;;
        --traits) [ $# -ge 2 ] || fail "--traits needs a list"; traits="$2"; shift 2 ;;
        --traits=*) traits="${1#*=}"; shift ;;
        --breakdown) [ $# -ge 2 ] || fail "--breakdown needs a count"; breakdown="$2"; shift 2 ;;
        --breakdown=*) breakdown="${1#*=}"; shift ;;
        --keep) keep=yes; shift ;;
        -h | --help) usage; exit 0 ;;
        *) usage >&2; fail "unknown argument $1" ;;
    esac
done
case "$max_growth" in "" | *[!0-9]*) [ -z "$max_growth" ] || fail "--max-router-growth takes bytes, not $max_growth" ;; esac
case "$breakdown" in *[!0-9]* | "") fail "--breakdown takes a count, not $breakdown" ;; esac
for tool in swift strip nm timeout; do
    command -v "$tool" >/dev/null 2>&1 || fail "needs $tool on PATH"
done

# The packages live in a temporary directory beside a link to the checkout named as the
# README names it; nothing is written into the checkout.
work="$(mktemp -d "${TMPDIR:-/tmp}/waypoint-size.XXXXXX")"
cleanup() {
    if [ "$keep" = yes ]; then
        echo "size-report: kept $work" >&2
    else
        rm -rf "$work"
    fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM
ln -s "$checkout" "$work/waypoint"

# The programs to build: the baseline, then one per library product of the manifest.
products="$(sed -n -E 's/^[[:space:]]*\.library\(name: "([^"]+)".*/\1/p' Package.swift)"
[ -n "$products" ] || fail "no library products in Package.swift"
names="Baseline"
for product in $products; do
    [ -f "$programs/$product.swift" ] \
        || fail "the product $product has no size program; add Scripts/SizeReport/$product.swift"
    names="$names $product"
done
for file in "$programs"/*.swift; do
    name="$(basename "$file" .swift)"
    case " $names " in *" $name "*) ;; *) echo "size-report: $name is not a product of this checkout; skipped" >&2 ;; esac
done

# Writes the package of program $1 (a product, or Baseline without Waypoint). Its directory is
# not named after the product: a root package named `Waypoint` would have the dependency's
# identity, `waypoint`.
write_package() {
    local name="$1" dir="$work/program-$1" dependency="" uses=""
    mkdir -p "$dir/Sources"
    cp "$programs/$name.swift" "$dir/Sources/main.swift"
    if [ "$name" != Baseline ]; then
        local trait_list=""
        if [ -n "$traits" ]; then
            trait_list=", traits: [$(tr ',' '\n' <<<"$traits" | sed 's/.*/"&"/' | paste -sd, -)]"
        fi
        dependency=".package(path: \"../waypoint\"$trait_list)"
        uses=".product(name: \"Waypoint\", package: \"waypoint\")"
        if [ "$name" != Waypoint ]; then
            uses="$uses, .product(name: \"$name\", package: \"waypoint\")"
        fi
    fi
    cat >"$dir/Package.swift" <<MANIFEST
// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "Size$name",
    dependencies: [$dependency],
    targets: [.executableTarget(name: "Program", dependencies: [$uses], path: "Sources")]
)
MANIFEST
}

unwanted_association='AppSiteAssociation|AASA|AppLinks|UniversalLink|WaypointAssociation\.|Waypoint\.JSONPath'
unwanted_coding='JSONValueDecoder|JSONValueEncoder|JSONValueReader|JSONKindHint|WaypointCoding\.'
unwanted_reference='ReferenceMatcher|WaypointReference\.'
unwanted_tools='WaypointTables\.|WaypointCLI\.'
# The link builder's module; the core's unavailable `DeepLinkBuilder`, which names the
# product a use needs, is not counted.
unwanted_builder='WaypointLinkBuilder\.'
# The destination face's module; the core's unavailable `DestinationRouter` is not counted.
unwanted_navigation='WaypointNavigation\.'
# Reverse routing's module, which the destination face's printers use; the core's
# unavailable `url(for:)` is not counted.
unwanted_reverse='WaypointReverseRouting\.'
# Explain's module, which the destination face's `explain` uses; the core's unavailable
# `explain(_:)` is not counted.
unwanted_explain='WaypointExplain\.'

for name in $names; do
    write_package "$name"
done
# Manifests are compiled and cached before anything is timed, so no build pays for them.
for name in $names; do
    swift package --package-path "$work/program-$name" resolve >"$work/$name.resolve.log" 2>&1 \
        || { cat "$work/$name.resolve.log" >&2; fail "$name: the package does not resolve"; }
done

# One line per program in $work/results: name, stripped bytes, wall and CPU (user + system)
# seconds of the clean build, and its symbols of each unwanted area.
load_before="$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime)"
for name in $names; do
    echo "size-report: building $name (swift build -c release, from clean)" >&2
    timing="$(
        TIMEFORMAT='%R %U %S'
        { time swift build -c release --package-path "$work/program-$name" >"$work/$name.build.log" 2>&1; } 2>&1
    )" || { tail -n 40 "$work/$name.build.log" >&2; fail "$name does not build (log above)"; }
    binary="$(swift build -c release --package-path "$work/program-$name" --show-bin-path)/Program"
    # Real work: every program's last line is the word its link carried.
    output="$(cd "$work" && HOME="$work" XDG_DATA_HOME="$work/data" timeout 120 "$binary" 2>&1)" \
        || { printf '%s\n' "$output" >&2; fail "$name: the program failed or hung"; }
    [ "$(printf '%s\n' "$output" | tail -n 1)" = hi ] \
        || { printf '%s\n' "$output" >&2; fail "$name: the program did not print hi"; }
    strip -o "$work/$name.stripped" "$binary"
    nm "$binary" | awk '{ print $NF }' | swift demangle >"$work/$name.symbols"
    counts=""
    for pattern in "$unwanted_association" "$unwanted_coding" "$unwanted_reference" "$unwanted_tools" "$unwanted_builder" "$unwanted_navigation" "$unwanted_reverse" "$unwanted_explain"; do
        counts="$counts $(grep -c -E "$pattern" "$work/$name.symbols" || true)"
    done
    echo "$name $(wc -c <"$work/$name.stripped") $timing$counts" >>"$work/results"
done
load_after="$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime)"

engine="default traits"
[ -z "$traits" ] || engine="traits $traits"
echo
echo "Waypoint $(git -C "$checkout" describe --always --dirty --abbrev=7 --exclude='*' 2>/dev/null || echo '(not a git checkout)'):" \
    "$(uname -sm), $(swift --version 2>/dev/null | head -n 1 | sed 's/ (.*//'), swift build -c release, $engine;" \
    "$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo '?') cores, load $load_before before and $load_after after"
echo
# The table; exit status 1 from awk when --forbid-unwanted finds symbols of an unwanted area
# (association-file symbols are expected only in WaypointAssociation's program).
status=0
awk -v forbid="$forbid" '
    function grouped(n,    s, out, sign) {
        sign = n < 0 ? "-" : ""; s = sprintf("%d", n < 0 ? -n : n); out = ""
        while (length(s) > 3) { out = "," substr(s, length(s) - 2) out; s = substr(s, 1, length(s) - 3) }
        return sign s out
    }
    function mib(n) { return sprintf("%.2f MiB", n / 1048576) }
    {
        name[NR] = $1; bytes[NR] = $2; wall[NR] = $3; cpu[NR] = $4 + $5
        association[NR] = $6; coding[NR] = $7; reference[NR] = $8; tools[NR] = $9; builder[NR] = $10; navigation[NR] = $11; reverse[NR] = $12; explain[NR] = $13
        if ($1 == "Baseline") base = NR
        if ($1 == "Waypoint") router = NR
    }
    END {
        print "| program | stripped bytes | growth over baseline | over router-only | association / Codable / reference / tool / link-builder / navigation / reverse-routing / explain symbols | clean build, wall | clean build, CPU |"
        print "|---|---:|---:|---:|---:|---:|---:|"
        for (i = 1; i <= NR; i++) {
            symbols = association[i] " / " coding[i] " / " reference[i] " / " tools[i] " / " builder[i] " / " navigation[i] " / " reverse[i] " / " explain[i]
            if (i == base) {
                printf "| Baseline (Foundation only) | %s | 0 | | %s | %.1f s | %.1f s |\n", grouped(bytes[i]), symbols, wall[i], cpu[i]
                continue
            }
            growth = bytes[i] - bytes[base]
            over = i == router ? "" : grouped(bytes[i] - bytes[router]) " (" mib(bytes[i] - bytes[router]) ")"
            printf "| %s | %s | %s (%s) | %s | %s | %+.1f s | %+.1f s |\n", name[i], grouped(bytes[i]),
                grouped(growth), mib(growth), over, symbols, wall[i] - wall[base], cpu[i] - cpu[base]
            # WaypointAssociation reads its files through WaypointCoding.
            coded = name[i] == "WaypointCoding" || name[i] == "WaypointAssociation"
            unwanted = reference[i] + tools[i] + (name[i] == "WaypointAssociation" ? 0 : association[i]) + (coded ? 0 : coding[i]) \
                + (name[i] == "WaypointLinkBuilder" ? 0 : builder[i]) \
                + (name[i] == "WaypointNavigation" ? 0 : navigation[i]) \
                + (name[i] == "WaypointReverseRouting" || name[i] == "WaypointNavigation" ? 0 : reverse[i]) \
                + (name[i] == "WaypointExplain" || name[i] == "WaypointNavigation" ? 0 : explain[i])
            if (forbid == "yes" && unwanted > 0) {
                printf "size-report: %s carries %d symbols of unwanted areas\n", name[i], unwanted > "/dev/stderr"
                failed = 1
            }
        }
        printf "\nBuild times are the clean build less the baseline'"'"'s (%.1f s wall, %.1f s CPU).\n", wall[base], cpu[base]
        exit failed
    }
' "$work/results" || status=1
base="$(awk '$1 == "Baseline" { print $2 }' "$work/results")"
router="$(awk '$1 == "Waypoint" { print $2 }' "$work/results")"

if [ "$breakdown" -gt 0 ]; then
    echo
    echo "Router-only program, growth over the baseline by section (bytes in the stripped file; .bss takes none):"
    if command -v size >/dev/null 2>&1; then
        { size -A "$work/Baseline.stripped" | awk 'NR > 2 && $1 != "Total" { print "base", $1, $2 }'
          size -A "$work/Waypoint.stripped" | awk 'NR > 2 && $1 != "Total" { print "prog", $1, $2 }'; } |
            awk '$2 != ".bss" && $2 != ".tbss" { s[$2] += ($1 == "prog" ? $3 : -$3) }
                END { for (k in s) if (s[k] != 0) printf "%10d  %s\n", s[k], k }' |
            sort -nr | awk 'NR <= 12'
    else
        echo "  (size not found)"
    fi
    echo
    echo "Router-only program, the $breakdown largest Waypoint source files by linked symbol bytes" \
        "(code and data with a symbol; unwind tables, relocations and dynamic-link entries come on top):"
    bin_dir="$(swift build -c release --package-path "$work/program-Waypoint" --show-bin-path)"
    for object in "$bin_dir"/Waypoint.build/*.o; do
        nm --defined-only "$object" | awk -v file="$(basename "$object" .o)" '{ print "owner", $NF, file }'
    done >"$work/owners"
    nm --defined-only -S -t d "$bin_dir/Program" | awk 'NF == 4 { print "size", $4, $2 + 0 }' >"$work/sizes"
    awk '
        $1 == "owner" { if (!($2 in owner)) owner[$2] = $3; next }
        $1 == "size" && ($2 in owner) { total[owner[$2]] += $3; all += $3 }
        END { for (f in total) printf "%10d  %s\n", total[f], f; printf "%10d  (all Waypoint files)\n", all >"/dev/stderr" }
    ' "$work/owners" "$work/sizes" 2>"$work/owners.total" | sort -nr | awk -v n="$breakdown" 'NR <= n'
    cat "$work/owners.total"
fi

if [ -n "$max_growth" ]; then
    growth=$((router - base))
    if [ "$growth" -gt "$max_growth" ]; then
        echo "size-report: the router-only program grows by $growth bytes, more than $max_growth" >&2
        status=1
    else
        echo "size-report: the router-only program grows by $growth bytes, within $max_growth"
    fi
fi
exit "$status"
