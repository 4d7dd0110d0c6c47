import BundledReducers
import CLITestSupport
import Foundation
import ReplayCLI
import TestSupport
import Testing

@testable import TimeTravel

/// Logs for the numbering tests: a counter whose entry with seq `s` takes the count from
/// `prior` to `next`.
enum NumberingLogs {
  /// One entry line; `seq` nil leaves the member out.
  static func line(_ seq: Int?, _ prior: Int, _ next: Int, _ action: String = "inc") -> String {
    let seqMember = seq.map { #""seq":\#($0),"# } ?? ""
    return
      #"{\#(seqMember)"action":"\#(action)","prior":{"count":\#(prior)},"next":{"count":\#(next)}}"#
  }

  /// `count` chained entries numbered from `first`: entry `first + i` goes from i to i + 1.
  static func counter(from first: Int, count: Int) -> String {
    (0..<count).map { line(first + $0, $0, $0 + 1) }.joined(separator: "\n") + "\n"
  }

  /// Runs `replay PATH ARGUMENTS` with `stdin`, the temporary path shown as `LOG`.
  static func run(_ temp: TempLog, _ arguments: [String], stdin: String = "")
    -> (code: Int32, out: String, err: String)
  {
    let io = BufferIO(stdin: stdin)
    let code = ReplayCommand.run(
      [temp.path] + arguments, io: io, reducers: BundledReducers.registry)
    return (
      code, io.stdout.replacingOccurrences(of: temp.path, with: "LOG"),
      io.stderr.replacingOccurrences(of: temp.path, with: "LOG")
    )
  }
}

/// One numbering everywhere: entry K is the entry whose seq is K, state K the state after
/// it, `init` the state before the first entry; every number a mode prints can be typed
/// back into `--show`, `--diff` and `goto`.
@Suite struct NumberingTests {
  typealias L = NumberingLogs

  /// The bug this numbering fixes: on a log starting at seq 50, bisect named entry 53 and
  /// `--show 53` said it was out of range.
  @Test func aLogStartingAtFiftyIsNamedBySeqInEveryMode() throws {
    let temp = try TempLog(L.counter(from: 50, count: 7))
    let bisect = L.run(temp, ["--bisect", "--predicate", ".count >= 4"])
    #expect(bisect.code == 0)
    #expect(
      bisect.out == """
        entry 53 (inc) is the first bad entry
        action: "inc"
        changes:
          ~ /count: 3 → 4
        evaluated 5 of 8 states
        confirmed: no earlier state is bad (scanned states 50…52)

        """)
    let show = L.run(temp, ["--show", "53"])
    #expect(show.code == 0)
    #expect(show.out == "entry 53 (inc)\naction: \"inc\"\nstate after it:\n{\n  \"count\": 4\n}\n")
    let diff = L.run(temp, ["--diff", "53"])
    #expect(diff.out.hasPrefix("entry 53 (inc)\naction: \"inc\"\nstate 52 → state 53: 1 change\n"))
    #expect(
      L.run(temp, ["--diff", "init", "53", "--format", "json"]).out
        == #"{"from":"init","to":53,"changes":[{"op":"replace","path":"/count","old":0,"new":4}]}"#
        + "\n")
    #expect(
      L.run(temp, ["--diff", "53", "--format", "json"]).out
        == #"{"from":52,"to":53,"action":"inc","changes":[{"op":"replace","path":"/count","old":3,"new":4}]}"#
        + "\n")
    #expect(
      L.run(temp, ["--find", ".seq == 51 or $seq == 55"]).out
        == "2 entries match:\n  entry 51 (inc)\n  entry 55 (inc)\n")
    #expect(
      L.run(temp, ["--watch", "/count", "--where", ".seq > 54"]).out
        == "2 entries changed /count:\n  entry 55 (inc): 5 → 6\n  entry 56 (inc): 6 → 7\n")
    let step = L.run(temp, ["--step"], stdin: "goto 53\ndiff\ndiff init 51\nfirst\nlast\nq\n")
    #expect(
      step.out == """
        [init/56] initial state
        [53/56] inc
          ~ /count: 3 → 4
        state 52 → state 53:
          ~ /count: 3 → 4
        state init → state 51:
          ~ /count: 0 → 2
        [init/56] initial state
        [56/56] inc
          ~ /count: 6 → 7

        """)
  }

  /// `init` is the state before the first entry whatever the first seq; `0` names it too
  /// unless an entry has seq 0, and otherwise is out of range or that entry.
  @Test(arguments: [0, 1, 50, 5000])
  func theInitialStateIsInitWhateverTheFirstSeq(first: Int) throws {
    let temp = try TempLog(L.counter(from: first, count: 3))
    let initial = "init: the initial state (entry \(first)'s prior)\n{\n  \"count\": 0\n}\n"
    #expect(L.run(temp, ["--show", "init"]).out == initial)
    #expect(
      L.run(temp, ["--show", "init", "--format", "json"]).out
        == #"{"seq":null,"action":null,"state":{"count":0}}"# + "\n")
    let zero = L.run(temp, ["--show", "0"])
    if first == 0 {
      #expect(zero.out.hasPrefix("entry 0 (inc)\n"))
    } else {
      #expect(zero.out == initial)
    }
    #expect(
      L.run(temp, ["--diff", "init", "\(first + 2)"]).out.hasPrefix(
        "state init → state \(first + 2): 1 change\n"))
    #expect(
      L.run(temp, ["--diff", "\(first)"]).out.hasPrefix(
        "entry \(first) (inc)\naction: \"inc\"\nstate init → state \(first): 1 change\n"))
    let noEntry = L.run(temp, ["--diff", "init"])
    #expect(noEntry.code == 2)
    #expect(
      noEntry.err
        == "replay: --diff init: no entry led to the initial state; use --diff A B to compare two states\n"
    )
    let beyond = L.run(temp, ["--show", "\(first + 3)"])
    #expect(beyond.code == 2)
    #expect(
      beyond.err
        == "replay: LOG: state \(first + 3) is out of range (the log has states init and \(first)…\(first + 2))\n"
    )
  }

  /// Every "entry N" and "state N" any mode prints, typed back into `--show N`,
  /// `--diff N` and `goto N`, names entry N, on logs starting at 0, 1 and 50.
  @Test(arguments: [0, 1, 50])
  func everyPrintedNumberCanBeTypedBack(first: Int) throws {
    let temp = try TempLog(L.counter(from: first, count: 6))
    let outputs = [
      L.run(temp, ["--bisect", "--predicate", ".count >= 3"]).out,
      L.run(temp, ["--bisect", "--predicate", ".count >= 3", "--linear"]).out,
      L.run(temp, ["--find", "true"]).out,
      L.run(temp, ["--watch", ".count"]).out,
      L.run(temp, ["--diff", "\(first + 3)"]).out,
      L.run(temp, ["--step"], stdin: "n\nn\nlist\ndiff\nlast\nrwatch /count\nq\n").out,
    ]
    var names: Set<String> = []
    for output in outputs {
      for match in output.matches(of: /(?:entry|state|\[) ?(init|-?\d+)/) {
        names.insert(String(match.1))
      }
    }
    #expect(names.contains("init"))
    #expect(names.contains("\(first + 5)"))
    for name in names {
      let show = L.run(temp, ["--show", name])
      #expect(show.code == 0, "--show \(name)")
      if name == "init" {
        #expect(show.out.hasPrefix("init: the initial state"))
        continue
      }
      let count = Int(name)! - first + 1
      #expect(
        show.out
          == "entry \(name) (inc)\naction: \"inc\"\nstate after it:\n{\n  \"count\": \(count)\n}\n")
      #expect(L.run(temp, ["--diff", name]).out.contains("+   \"count\": \(count)  // /count"))
      #expect(
        L.run(temp, ["--step"], stdin: "goto \(name)\nq\n").out.contains(
          "[\(name)/\(first + 5)] inc\n  ~ /count: \(count - 1) → \(count)\n"))
    }
  }

  /// `$seq`, `.seq`, `REPLAY_STATE` and `--format json` use the same numbers.
  @Test func variablesAndJSONUseTheSeq() throws {
    let temp = try TempLog(L.counter(from: 50, count: 7))
    #expect(
      L.run(temp, ["--bisect", "--predicate", "$seq != null and $seq >= 54"]).out.hasPrefix(
        "entry 54 (inc) is the first bad entry\n"))
    // $seq is null on the initial state, as $action and $prior are.
    #expect(
      L.run(temp, ["--bisect", "--predicate", "$seq == null"]).out
        == "the state is already bad on the initial state (init): no entry introduced it\n")
    let run = L.run(
      temp,
      [
        "--bisect", "--run",
        #"echo "state $REPLAY_STATE"; [ "$REPLAY_STATE" = init ] || [ "$REPLAY_STATE" -lt 53 ]"#,
      ])
    #expect(run.out.hasPrefix("entry 53 (inc) is the first bad entry\n"))
    #expect(run.err.hasPrefix("state init\nstate 56\nstate 52\n"))
    #expect(
      L.run(temp, ["--find", ".seq == 52", "--format", "json"]).out
        == #"[{"seq":52,"action":"inc","actionName":"inc"}]"# + "\n")
    #expect(
      L.run(temp, ["--watch", "/count", "--where", "$seq == 56", "--format", "json"]).out
        == #"[{"seq":56,"action":"inc","actionName":"inc","old":6,"new":7}]"# + "\n")
    let never = L.run(temp, ["--bisect", "--predicate", ".count > 100"])
    #expect(never.code == 1)
    #expect(
      never.out
        == "the state is good on the initial state (init) and on the last state (56), so there is no flip to search for: it was checked entry by entry\n"
        + "the state is never bad: not on any of the 8 states\n")
  }

  /// Bisect's candidates (skipped states at the boundary) are named by seq, in text and
  /// JSON.
  @Test func bisectCandidatesAreSeqs() throws {
    let temp = try TempLog(L.counter(from: 50, count: 7))
    let script =
      #"[ "$REPLAY_STATE" = init ] && exit 0; [ "$REPLAY_STATE" = 53 ] && exit 125; [ "$REPLAY_STATE" -ge 54 ] && exit 1; exit 0"#
    let text = L.run(temp, ["--bisect", "--run", script])
    #expect(text.code == 7)
    #expect(
      text.out.hasPrefix(
        "there are only skipped states left to test; the first bad entry could be any of:\n  entry 53 (inc)\n  entry 54 (inc)\n"
      ))
    let json = L.run(temp, ["--bisect", "--run", script, "--format", "json"])
    #expect(json.out.hasPrefix(#"{"result":"candidates","candidates":[53,54],"#))
  }

  /// A log without `seq` is numbered by position, from 1, and `0` is `init`.
  @Test func aLogWithoutSeqIsNumberedByPosition() throws {
    let temp = try TempLog(TempLog.counterLines(3))
    let log = try LogFile(path: temp.path)
    #expect(log.numbering.basis == .seq)
    #expect(log.numbering.rangeText == "1…3")
    #expect(
      L.run(temp, ["--show", "0"]).out.hasPrefix("init: the initial state (entry 1's prior)"))
    #expect(L.run(temp, ["--diff", "2"]).out.contains("\nstate 1 → state 2: 1 change"))
    #expect(log.warnings == [])
  }

  /// A `seq` written after the states (or with an escaped key) is found by reading the
  /// whole line, so it names the entry as a leading one would.
  @Test func aSeqAfterTheStatesStillNamesTheEntry() throws {
    let temp = try TempLog(
      #"{"action":"a","prior":{"n":[0]},"next":{"n":[1]},"seq":7}"# + "\n"
        + #"{"action":"b","prior":{"n":[1]},"next":{"n":[2]},"se\u0071":8}"# + "\n"
        + #"{"s\u0065q":9,"action":"c","prior":{"n":[2]},"next":{"n":[3]}}"# + "\n")
    let log = try LogFile(path: temp.path)
    #expect(log.numbering.rangeText == "7…9")
    #expect(try log.entry(2).seq == 8)
    #expect(try log.position(ofEntry: 9) == 3)
    #expect(L.run(temp, ["--show", "9"]).out.hasPrefix("entry 9 (c)\n"))
  }

  /// A ring file's entries keep their seq, and `init` is the state before its first.
  @Test func aRingFileIsNamedByItsSeqs() throws {
    let header =
      #"{"format":"replay-log","version":1,"ring":2,"firstSeq":111,"dropped":110}"# + "\n"
    let temp = try TempLog(header + L.line(111, 110, 111) + "\n" + L.line(112, 111, 112) + "\n")
    let show = L.run(temp, ["--show", "111"])
    #expect(
      show.err
        == "replay: warning: LOG:1: 110 earlier entries were dropped (ring mode, keeps the last 2)\n"
    )
    #expect(show.out.hasPrefix("entry 111 (inc)\n"))
    #expect(L.run(temp, ["--diff", "111"]).out.contains("\nstate init → state 111: 1 change\n"))
    // 0 names the initial state, as no entry has seq 0.
    #expect(
      L.run(temp, ["--show", "0"]).out.hasPrefix("init: the initial state (entry 111's prior)\n"))
    let missing = L.run(temp, ["--show", "110"])
    #expect(missing.code == 2)
    #expect(
      missing.err.hasSuffix(
        "replay: LOG: state 110 is out of range (the log has states init and 111…112)\n"))
  }

  /// A session that died in a reducer: `--show` takes the pending entry's seq, whatever
  /// the first seq.
  @Test func thePendingEntryIsNamedByItsSeq() throws {
    let temp = try TempLog(
      L.counter(from: 50, count: 2)
        + #"{"seq":52,"pending":true,"action":"boom","prior":{"count":2}}"# + "\n")
    let show = L.run(temp, ["--show", "52"])
    #expect(show.code == 0)
    #expect(
      show.out.hasPrefix("entry 52 (boom): the app stopped while applying it (no next state)\n"))
    #expect(
      show.err
        == "replay: warning: LOG:3: the session ended during entry 52 (boom): the app stopped while applying it\n"
    )
    #expect(
      L.run(temp, ["--reproduce", "--format", "json"]).out
        == #"{"seq":52,"action":"boom","state":{"count":2}}"# + "\n")
  }
}
