#!/usr/bin/env bash
# Every released version in CHANGELOG.md has its git tag (run by ./dev api-check, in CI;
# Documentation/versioning.md, "Releases"). A package that depends on Waypoint by version
# (`.upToNextMinor(from: "0.1.0")`) resolves it through the tag, so a release without one
# cannot be depended on.
#
# A released version is a heading `## [X.Y.Z] - YYYY-MM-DD` (the `[Unreleased]` heading is
# not one). Its tag is `X.Y.Z`, an annotated tag; when the section names its commit
# ("commit <40 hex digits>"), the tag must point at that commit. The newest release is the
# API-break baseline (Scripts/api-baseline.txt), so that baseline must be its tag's commit.
# The tags come with any clone of the repository (`git clone` copies them; a fetch of a
# shallow clone may need `--tags`).
set -euo pipefail
cd "$(dirname "$0")/.."

status=0
versions=0
newest=""
# A clone may carry no tags at all: CI's fresh clone of one branch does not. Try the
# remote once; if it still has none, the tags cannot be seen here, and what can be checked
# without them is checked instead (the commit each release names is in this history), with
# a line that says so. A clone that has tags but not a release's is still an error.
if [ -z "$(git tag -l)" ] && git remote get-url origin >/dev/null 2>&1; then
    timeout 30 git fetch --quiet --tags origin >/dev/null 2>&1 || true
fi
tagless=false
[ -n "$(git tag -l)" ] || tagless=true
while IFS= read -r version; do
    versions=$((versions + 1))
    [ -n "$newest" ] || newest="$version"
    # The section of the version: from its heading to the next version heading.
    named="$(awk -v heading="## [$version]" '
        index($0, heading) == 1 { inside = 1; next }
        inside && /^## \[/ { exit }
        inside { print }
    ' CHANGELOG.md | grep -o -E 'commit [0-9a-f]{40}' | head -n 1 | cut -d ' ' -f 2 || true)"
    if $tagless; then
        if [ -z "$named" ]; then
            echo "release-tags: $version names no commit in CHANGELOG.md, and this clone has no tags to check it by" >&2
            status=1
        elif ! git merge-base --is-ancestor "$named" HEAD 2>/dev/null; then
            echo "release-tags: $version names commit ${named:0:7}, which is not in this history" >&2
            status=1
        fi
        continue
    fi
    if ! git rev-parse -q --verify "refs/tags/$version" >/dev/null; then
        echo "release-tags: $version is released in CHANGELOG.md but has no tag $version;" \
            "tag its commit: git tag -a $version ${named:-<commit>} -m \"Waypoint $version\"" >&2
        status=1
        continue
    fi
    if [ "$(git cat-file -t "refs/tags/$version")" != tag ]; then
        echo "release-tags: the tag $version is a lightweight tag; releases are annotated tags (git tag -a)" >&2
        status=1
    fi
    tagged="$(git rev-parse "refs/tags/$version^{commit}")"
    if [ -n "$named" ] && [ "$tagged" != "$named" ]; then
        echo "release-tags: the tag $version is on ${tagged:0:7}, but CHANGELOG.md names commit ${named:0:7}" >&2
        status=1
    fi
done < <(sed -n -E 's/^## \[([0-9]+\.[0-9]+\.[0-9]+)\] - [0-9]{4}-[0-9]{2}-[0-9]{2}.*$/\1/p' CHANGELOG.md)

if [ "$versions" -eq 0 ]; then
    echo "release-tags: no released version found in CHANGELOG.md (headings \"## [X.Y.Z] - YYYY-MM-DD\")" >&2
    exit 1
fi
baseline="$(grep -v -E '^[[:space:]]*(#|$)' Scripts/api-baseline.txt)"
newest_commit=""
if $tagless; then
    newest_commit="$(awk -v heading="## [$newest]" '
        index($0, heading) == 1 { inside = 1; next }
        inside && /^## \[/ { exit }
        inside { print }
    ' CHANGELOG.md | grep -o -E 'commit [0-9a-f]{40}' | head -n 1 | cut -d ' ' -f 2 || true)"
elif git rev-parse -q --verify "refs/tags/$newest" >/dev/null; then
    newest_commit="$(git rev-parse "refs/tags/$newest^{commit}")"
fi
if [ -n "$newest_commit" ] && [ "$newest_commit" != "$baseline" ]; then
    echo "release-tags: Scripts/api-baseline.txt names ${baseline:0:7}, not the newest release $newest" \
        "(${newest_commit:0:7}); move the baseline with the release" >&2
    status=1
fi
if [ "$status" -eq 0 ] && $tagless; then
    echo "release-tags: this clone has no tags (a clone of one branch); $versions released version(s)" \
        "in CHANGELOG.md, each naming a commit in this history; the API baseline is the newest, $newest." \
        "The tags themselves are checked where the repository's tags are present."
elif [ "$status" -eq 0 ]; then
    echo "release-tags: $versions released version(s) in CHANGELOG.md, each tagged at its commit;" \
        "the API baseline is the newest, $newest"
fi
exit "$status"
