#!/usr/bin/env bash
# Builds one libFuzzer target and runs it from a seed corpus derived from Fixtures/.
#
#   Fuzz/run.sh TARGET SECONDS [libFuzzer flags…]   fuzz for SECONDS (0: until a finding)
#   Fuzz/run.sh TARGET --build                      only build Fuzz/.build/fuzz-TARGET
#   Fuzz/run.sh TARGET --reproduce FILE…            run the target on saved inputs
#
# TARGET is json, log, patch, pointer, jq or cursor (see docs/fuzzing.md). The corpus grows in
# Fuzz/.build/corpus/TARGET across runs; findings land in Fuzz/.build/findings/TARGET/;
# the run's log is Fuzz/.build/TARGET.log. Nothing under Fuzz/.build is committed.
set -euo pipefail
cd "$(dirname "$0")/.."
# Swift's backtracer fights AddressSanitizer over a failed check; libFuzzer reports it.
export SWIFT_BACKTRACE=enable=no
# Allocation stacks deep enough to reach the jq prelude, which lsan.supp names. Locals on
# the thread's stack, not on AddressSanitizer's fake stack (its use-after-return check,
# on by default): the jq evaluator measures its depth by their addresses against the
# stack's bounds, and on the fake stack it stops every program at its first level.
export ASAN_OPTIONS=${ASAN_OPTIONS:-malloc_context_size=200:detect_stack_use_after_return=0}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$PWD/Fuzz/lsan.supp:print_suppressions=0}

# The library modules the harness imports, in dependency order, as NAME=SOURCE_DIR.
# Each is compiled with swiftc into a static library instrumented for libFuzzer and
# AddressSanitizer. Tests/ReplayCLITests/Fuzz/FuzzChecks.swift holds the matching imports.
MODULES=(
  "TimeTravelJSON=Sources/TimeTravelJSON"
  "TimeTravelDiff=Sources/TimeTravelDiff"
  "TimeTravelJQ=Sources/TimeTravelJQ"
  "TimeTravel=Sources/TimeTravel"
)
PACKAGE_NAME=replay

target=${1:?usage: Fuzz/run.sh json|log|patch|pointer|jq|cursor SECONDS|--build|--reproduce FILE…}
mode=${2:?usage: Fuzz/run.sh TARGET SECONDS|--build|--reproduce FILE…}
shift 2
case $target in
  json | patch | cursor) max_len=4096 ;;
  log) max_len=8192 ;;
  pointer) max_len=256 ;;
  jq) max_len=1024 ;;
  *) echo "unknown target '$target': json, log, patch, pointer, jq or cursor" >&2; exit 2 ;;
esac

build=Fuzz/.build
mkdir -p "$build/lib"
# CHECK_VALID_UTF8: the strings the library makes from bytes it has already checked are
# checked again, so that a path handing it unchecked bytes is a finding, not a bad string.
flags=(-O -sanitize=fuzzer,address -package-name "$PACKAGE_NAME" -parse-as-library -D CHECK_VALID_UTF8)

# Each module is rebuilt when one of its sources (or the ones it depends on) changed;
# the lock keeps two runs started together from building the same archive at once.
exec 9>"$build/lib/.lock"
flock 9
previous=""
for module in "${MODULES[@]}"; do
  name=${module%%=*}
  dir=${module#*=}
  archive="$build/lib/lib$name.a"
  if [[ ! -f $archive || -n $previous && $previous -nt $archive ]] \
    || [[ -n $(find "$dir" -name '*.swift' -newer "$archive" -print -quit) ]]; then
    echo "building $name (a few minutes)…" >&2
    # swiftc's status (pipefail), not the archive's presence: a failed rebuild leaves the
    # old archive in place, and the run would test code that is no longer there.
    status=0
    swiftc "${flags[@]}" -I "$build/lib" -L "$build/lib" -module-name "$name" \
      -emit-library -static -emit-module -emit-module-path "$build/lib/$name.swiftmodule" \
      $(find "$dir" -name '*.swift' | sort) -o "$archive" 2>&1 \
      | { grep -v "^warning:" >&2 || true; } || status=$?
    ((status == 0)) || { rm -f "$archive"; echo "building $name failed" >&2; exit 1; }
  fi
  previous=$archive
done

binary="$build/fuzz-$target"
checks=Tests/ReplayCLITests/Fuzz/FuzzChecks.swift
[[ $target == cursor ]] && checks=Tests/TimeTravelJSONTests/Fuzz/CursorFuzzCheck.swift
harness=(Fuzz/Entry.swift "$checks")
if [[ ! -f $binary || $previous -nt $binary || Fuzz/Entry.swift -nt $binary \
  || $checks -nt $binary ]]; then
  echo "linking $binary…" >&2
  libs=()
  # Dependents before what they depend on: the linker reads each static archive once.
  for module in "${MODULES[@]}"; do libs=(-l"${module%%=*}" "${libs[@]}"); done
  # gold warns about every ASan helper symbol it cannot export; the warnings are noise.
  status=0
  swiftc "${flags[@]}" -D "FUZZ_TARGET_$target" -module-name FuzzHarness -I "$build/lib" \
    -L "$build/lib" "${harness[@]}" "${libs[@]}" -o "$binary" 2>&1 \
    | { grep -v "Cannot export local symbol" >&2 || true; } || status=$?
  ((status == 0)) || { rm -f "$binary"; echo "linking $binary failed" >&2; exit 1; }
fi

flock -u 9

case $mode in
  --build) exit 0 ;;
  --reproduce) exec "$binary" -rss_limit_mb=4096 -timeout=10 "$@" ;;
esac

seeds="$build/seeds/$target"
corpus="$build/corpus/$target"
findings="$build/findings/$target"
rm -rf "$seeds"
mkdir -p "$corpus" "$findings"
python3 Fuzz/seeds.py "$target" "$seeds" >&2
dict=()
[[ -f Fuzz/$target.dict ]] && dict=(-dict="Fuzz/$target.dict")
[[ $target == log || $target == patch ]] && dict=(-dict=Fuzz/json.dict)
[[ $target == json || $target == cursor ]] && dict=(-dict=Fuzz/json.dict)

# A finding: a crash or sanitizer report, a failed check (abort), an input that runs
# longer than 10 s, or a process that grows past 2 GB. libFuzzer stops at the first;
# -fork mode would go on, but it needs a core of its own.
# Run from $build/jobs: with -jobs, libFuzzer writes each worker's log (fuzz-N.log) where it
# runs, and everything the script writes belongs under $build.
root=$PWD
mkdir -p "$build/jobs"
absolute_dict=()
for flag in "${dict[@]}"; do absolute_dict+=("-dict=$root/${flag#-dict=}"); done
set +e
(cd "$build/jobs" && "$root/$binary" "$root/$corpus" "$root/$seeds" -max_total_time="$mode" \
  -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 -artifact_prefix="$root/$findings/" \
  -print_final_stats=1 -use_value_profile=1 "${absolute_dict[@]}" "$@") 2>&1 \
  | tee "$build/$target.log" \
  | grep --line-buffered -E "^(#[0-9]+.*(INITED|DONE|pulse)|==[0-9]+==|SUMMARY|fuzz check|stat::|Test unit written)"
status=${PIPESTATUS[0]}
set -e
echo "exit $status; log: $build/$target.log; findings: $(ls "$findings" | wc -l) in $findings" >&2
exit "$status"
