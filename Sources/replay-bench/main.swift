import Foundation
import TimeTravel

// replay-bench: performance figures of replay beside their peers, measured in
// the same run on the same generated inputs. Usage:
//
//   swift build -c release --product replay-bench --product replay
//   .build/release/replay-bench [--quick] [--size MB]
//     [--only diff|parse|memory|keyframes|minimize|scan] [--keep] [--replay PATH] [--log PATH]
//   .build/release/replay-bench --generate PATH [--size MB]   # just write the log
//
// REPLAY_INDEX_FIRST=1 opens each scanned log by its index first rather than with the
// index deferred to the scan (as the command line's summary, --find and --watch open
// it), to compare the two.
//
// Inputs are generated deterministically into a temporary directory, which is
// removed at the end.

struct Options {
  var quick = false
  var sizeMB = 100
  var only: String?
  var keep = false
  var replay: String?
  var generate: String?
  /// A log to scan instead of generating one (the scan section).
  var log: String?
  /// The scan section's one question to ask (`summary`, `find`, …), or the parse section's
  /// one measure (`print-tree`, `tojson-bytes`, …), without the peers:
  /// for profiling replay alone.
  var question: String?

  init(_ arguments: [String]) {
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      switch argument {
      case "--quick": quick = true
      case "--size": sizeMB = Int(rest.popFirst() ?? "") ?? sizeMB
      case "--only": only = rest.popFirst()
      case "--keep": keep = true
      case "--replay": replay = rest.popFirst()
      case "--generate": generate = rest.popFirst()
      case "--log": log = rest.popFirst()
      case "--question": question = rest.popFirst()
      case "-h", "--help":
        print(
          "usage: replay-bench [--quick] [--size MB] [--only diff|parse|memory|keyframes|minimize|scan] [--keep] [--replay PATH] [--generate PATH] [--log PATH] [--question NAME]"
        )
        exit(0)
      default:
        FileHandle.standardError.write(Data("replay-bench: unknown option \(argument)\n".utf8))
        exit(2)
      }
    }
    if quick, !arguments.contains("--size") { sizeMB = 16 }
  }

  func runs(_ section: String) -> Bool { only == nil || only == section }
}

let options = Options(Array(CommandLine.arguments.dropFirst()))
let directory = FileManager.default.temporaryDirectory
  .appendingPathComponent("replay-bench-\(ProcessInfo.processInfo.processIdentifier)").path
try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
defer { if !options.keep { try? FileManager.default.removeItem(atPath: directory) } }

let python = which("python3")
let hasDeepDiff =
  python.map { runProcess([$0, "-c", "import deepdiff"], timeLimit: 60).status == 0 } ?? false
let jq = which("jq")
// The replay binary beside this one (both built with -c release), unless
// --replay names another.
let replayBinary =
  options.replay
  ?? URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
  .deletingLastPathComponent().appendingPathComponent("replay").path

if let path = options.generate {
  let log = try Generate.log(path: path, bytes: options.sizeMB * 1_000_000)
  print(
    "\(path): \(log.entries) entries, first bad entry \(log.bugAt) for \(MemoryBench.predicate)")
  exit(0)
}

print("# replay-bench\n")
print(
  "machine: \(ProcessInfo.processInfo.activeProcessorCount) cores, "
    + "\(ProcessInfo.processInfo.physicalMemory >> 30) GB; mode: \(options.quick ? "quick" : "full"); log size: \(options.sizeMB) MB"
)
fflush(nil)

if options.runs("diff") { DiffBench.run(options: options) }
if options.runs("parse") { ParseBench.run(options: options) }
if options.runs("memory") { MemoryBench.run(options: options) }
if options.runs("keyframes") { KeyframeBench.run(options: options) }
if options.runs("minimize") { MinimizeBench.run(options: options) }
if options.runs("scan") { ScanBench.run(options: options) }
