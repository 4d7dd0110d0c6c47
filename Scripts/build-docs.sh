#!/usr/bin/env bash
# Builds the DocC documentation of every library module with the toolchain's own
# swift-symbolgraph-extract and docc (no package plugin), and fails on any warning:
# a broken symbol link, a documented parameter that does not exist.
#
#   Scripts/build-docs.sh [OUTPUT_DIR]      (default .build/docs; one .doccarchive per module)
#
# It builds the package first, unless REPLAY_BIN_PATH names a build directory whose
# Modules/ already holds the modules (the test suite passes its own).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-.build/docs}
modules=(TimeTravelJSON TimeTravelDiff TimeTravelJQ TimeTravel TimeTravelTesting ReplayLive TerminalEditor ReplayCLI)

if [ -n "${REPLAY_BIN_PATH:-}" ]; then
  bin=$REPLAY_BIN_PATH
else
  swift build >/dev/null
  bin=$(swift build --show-bin-path)
fi
triple="$(uname -m)-unknown-linux-gnu"
[ "$(uname -s)" = Darwin ] && triple="$(uname -m)-apple-macosx15.0"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"
status=0
for module in "${modules[@]}"; do
  graphs="$work/$module"
  mkdir -p "$graphs"
  swift-symbolgraph-extract -module-name "$module" -I "$bin/Modules" -target "$triple" \
    -output-dir "$graphs" -minimum-access-level public -module-cache-path "$work/cache"
  catalog=()
  [ -d "Sources/$module/Documentation.docc" ] && catalog=("Sources/$module/Documentation.docc")
  if ! docc convert "${catalog[@]}" --additional-symbol-graph-dir "$graphs" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.replay.$module" \
    --output-path "$out/$module.doccarchive" --warnings-as-errors >"$work/$module.log" 2>&1
  then
    echo "== $module: documentation has problems"
    cat "$work/$module.log"
    status=1
  fi
done
[ $status = 0 ] && echo "documentation built: ${modules[*]} in $out"
exit $status
