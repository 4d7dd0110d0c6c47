// libFuzzer's entry point for every target. Fuzz/run.sh compiles this file with
// Tests/ReplayCLITests/Fuzz/FuzzChecks.swift (the `cursor` target: with
// Tests/TimeTravelJSONTests/Fuzz/CursorFuzzCheck.swift) and `-D FUZZ_TARGET_<name>`; the check
// decides, and a failed check aborts so that libFuzzer saves the input.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

#if FUZZ_TARGET_json
  let check = FuzzChecks.json
#elseif FUZZ_TARGET_log
  let check = FuzzChecks.log
#elseif FUZZ_TARGET_patch
  let check = FuzzChecks.patch
#elseif FUZZ_TARGET_pointer
  let check = FuzzChecks.pointer
#elseif FUZZ_TARGET_jq
  let check = FuzzChecks.jq
#elseif FUZZ_TARGET_cursor
  let check = CursorFuzzCheck.check
#endif

/// Runs the target's check on one input; a failure is reported and aborts.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  if let failure = check(bytes) {
    fputs("fuzz check failed: \(failure)\n", stderr)
    abort()
  }
  return 0
}
