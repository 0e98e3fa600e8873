#!/usr/bin/env bash
# The API-break gate (`./dev api-check`, in CI; policy in Documentation/versioning.md).
#
# 0. Every version CHANGELOG.md lists as released has its git tag at its commit, and the
#    newest is the baseline below (Scripts/release-tags.sh): a release nobody can depend on
#    by version cannot be forgotten again.
# 1. The package's products are exactly the four libraries, the `waypoint` tool and the two
#    plugins, so no test, example or benchmark target leaks out to downstream packages.
# 2. `swift package diagnose-api-breaking-changes` compares the public API of the library
#    products that the baseline has (Waypoint, WaypointDetour, WaypointPaylisher) with the
#    baseline release (Scripts/api-baseline.txt). It works offline on Linux: it clones the baseline commit
#    from this repository into .build/<triple>/apidiff, builds it there, dumps each module's
#    API with swift-api-digester and compares. The baseline's API dumps are kept in
#    .build/api-baseline, so a second run builds only the current tree; nothing is kept
#    outside .build, and a fresh clone needs nothing but the git history (a shallow clone
#    must fetch the baseline commit first). WaypointAssociation is new since 0.1.0: it is
#    compared once a release has it (add it to --products when the baseline moves).
# 3. Every break it reports must be in Scripts/api-breakage-allowlist.txt, and every entry
#    of the allow-list must still be a break, so the list stays exact. The command runs
#    without SwiftPM's own --breakage-allowlist-path for that reason: the comparison is
#    done here, on the full list.
#
# Known limit: SwiftPM dumps `package` declarations with the public ones, so removing or
# changing a `package` declaration of a library module is reported too (see the allow-list's
# routeMatchURL entries); allow-list it with a comment saying it is not public.
set -euo pipefail
cd "$(dirname "$0")/.."
status=0

# 0. Release tags.
Scripts/release-tags.sh || status=1

# 1. Products.
expected="library Waypoint
library WaypointCoding
library WaypointLinkBuilder
library WaypointNavigation
library WaypointReverseRouting
library WaypointExplain
library WaypointAssociation
library WaypointDetour
library WaypointPaylisher
executable waypoint
plugin WaypointRoutesPlugin
plugin WaypointGenerateAssociation"
actual="$(sed -n -E 's/^[[:space:]]*\.(library|executable|plugin)\(name: "([^"]+)".*/\1 \2/p' Package.swift)"
if [ "$(sort <<<"$actual")" != "$(sort <<<"$expected")" ]; then
    printf 'expected:\n%s\nactual:\n%s\n' "$expected" "$actual" >&2
    echo "api-check: the package's products changed; only the libraries, the waypoint tool and the plugins are products" >&2
    status=1
else
    echo "api-check: products: $(awk '{ print $2 }' <<<"$actual" | paste -sd ' ')"
fi

# 2. The comparison.
baseline="$(grep -v -E '^[[:space:]]*(#|$)' Scripts/api-baseline.txt)"
if ! git cat-file -e "$baseline^{commit}" 2>/dev/null; then
    echo "api-check: the baseline commit $baseline is not in this clone (a shallow clone? git fetch --unshallow)" >&2
    exit 1
fi
log=.build/api-check.log
mkdir -p .build
set +e
# WAYPOINT_API_CHECK leaves the plugins out of the manifest: with them, the libraries are
# built for the host too, and SwiftPM 6.3's comparison then finds none of their declarations
# (decisions.md, "The plugins and the API check").
WAYPOINT_API_CHECK=1 swift package diagnose-api-breaking-changes "$baseline" \
    --products Waypoint WaypointDetour WaypointPaylisher \
    --baseline-dir .build/api-baseline >"$log" 2>&1
tool=$?
set -e
reported="$(sed -n -E 's/^.*(API breakage: .*)$/\1/p' "$log" | sort -u)"
if [ "$tool" -ne 0 ] && [ -z "$reported" ]; then
    grep -v -E '^\[[0-9]+/[0-9]+\] ' "$log" >&2
    echo "api-check: swift package diagnose-api-breaking-changes failed (exit $tool), log in $log" >&2
    exit 1
fi
if [ "$tool" -eq 0 ] && ! grep -q "No breaking changes detected" "$log"; then
    grep -v -E '^\[[0-9]+/[0-9]+\] ' "$log" >&2
    echo "api-check: unexpected output from swift package diagnose-api-breaking-changes (log in $log)" >&2
    exit 1
fi

# 3. Against the allow-list.
allowed="$(grep -v -E '^[[:space:]]*(#|$)' Scripts/api-breakage-allowlist.txt | sort -u)"
unlisted="$(comm -23 <(printf '%s\n' "$reported") <(printf '%s\n' "$allowed") | sed '/^$/d')"
stale="$(comm -13 <(printf '%s\n' "$reported") <(printf '%s\n' "$allowed") | sed '/^$/d')"
if [ -n "$unlisted" ]; then
    # Each break with the module it was found in, as the tool printed it.
    grep -E 'breaking changes detected in|API breakage: ' "$log" | sed -E 's/^[[:space:]]*[^A-Za-z0-9]*[[:space:]]*API/  API/' >&2
    printf '%s\n' "$unlisted" | sed 's/^/api-check: not allowed: /' >&2
    echo "api-check: public API breaks since $baseline that Scripts/api-breakage-allowlist.txt does not list; undo them, or list each with its CHANGELOG line" >&2
    status=1
fi
if [ -n "$stale" ]; then
    printf '%s\n' "$stale" | sed 's/^/api-check: allowed but no longer a break: /' >&2
    echo "api-check: remove those lines from Scripts/api-breakage-allowlist.txt" >&2
    status=1
fi
if [ "$status" -eq 0 ]; then
    echo "api-check: $(grep -c . <<<"$reported" || true) break(s) since ${baseline:0:7}, each in the allow-list; no other"
fi
exit "$status"
