import CLITestSupport
import Foundation
import ReplayCLI
import TestSupport
import Testing

@testable import TimeTravelJSON

/// `--bisect` answers as git bisect would: skipped states are never taken for good, a
/// command that cannot run is an error, and a predicate about transitions is scanned.
@Suite struct CLIBisectFaithfulTests {
  /// A `--run` script on the counter log: bad from state `flip`, skipping `skipped`.
  /// A check that is bad from state `flip` and skips `skipped` (0 for the initial state,
  /// which REPLAY_STATE names `init`).
  static func script(flip: Int, skipping skipped: [Int]) -> String {
    let name = #"s=$REPLAY_STATE; [ "$s" = init ] && s=0; "#
    let skip =
      skipped.isEmpty
      ? ""
      : "case $s in \(skipped.map(String.init).joined(separator: "|"))) exit 125;; esac; "
    return name + skip + "[ $s -ge \(flip) ] && exit 1 || exit 0"
  }

  static let candidates567 = """
    there are only skipped states left to test; the first bad entry could be any of:
      entry 5 (increment)
      entry 6 (increment)
      entry 7 (increment)

    """

  @Test func linearListsTheSameCandidatesAsBisect() throws {
    let log = try TempLog(TempLog.counterLines(10))
    let command = Self.script(flip: 5, skipping: [5, 6])
    let linear = replay(log.path, arguments: ["--bisect", "--linear", "--run", command])
    #expect(linear.code == ExitCode.inconclusive)
    #expect(linear.err == "")
    #expect(linear.out == Self.candidates567 + "evaluated 8 of 11 states\n")
    let binary = replay(log.path, arguments: ["--bisect", "--run", command])
    #expect(binary.code == ExitCode.inconclusive)
    #expect(binary.out == Self.candidates567 + "evaluated 6 of 11 states\n")
    let json = replay(
      log.path, arguments: ["--bisect", "--linear", "--run", command, "--format", "json"])
    #expect(
      json.out
        == #"{"result":"candidates","candidates":[5,6,7],"evaluated":8,"scan":"requested"}"# + "\n")
  }

  /// Skipped states early in the log: a scan lists them, since a predicate it scans may
  /// flip more than once.
  @Test func linearWithSkippedStatesAtTheStart() throws {
    let log = try TempLog(TempLog.counterLines(10))
    let (code, out, _) = replay(
      log.path,
      arguments: ["--bisect", "--linear", "--run", Self.script(flip: 5, skipping: [1, 2])])
    #expect(code == ExitCode.inconclusive)
    #expect(
      out == """
        there are only skipped states left to test; the first bad entry could be any of:
          entry 1 (increment)
          entry 2 (increment)
          entry 5 (increment)
        evaluated 6 of 11 states

        """)
  }

  @Test func linearWithTheLastStateSkipped() throws {
    let log = try TempLog(TempLog.counterLines(10))
    let (code, out, _) = replay(
      log.path,
      arguments: ["--bisect", "--linear", "--run", Self.script(flip: 99, skipping: [10])])
    #expect(code == ExitCode.inconclusive)
    #expect(
      out == """
        no state judged is bad, but 1 state was skipped; the first bad entry, if there is one, could be any of:
          entry 10 (increment)
        evaluated 11 of 11 states

        """)
    let json = replay(
      log.path,
      arguments: [
        "--bisect", "--linear", "--run", Self.script(flip: 99, skipping: [4, 10]), "--format",
        "json",
      ])
    #expect(json.code == ExitCode.inconclusive)
    #expect(
      json.out
        == #"{"result":"undecided","candidates":[4,10],"evaluated":11,"scan":"requested"}"#
        + "\n")
    let first = replay(
      log.path, arguments: ["--bisect", "--linear", "--run", Self.script(flip: 5, skipping: [0])])
    #expect(first.code == ExitCode.evaluationError)
    #expect(
      first.err
        == "replay: the initial state (init) was skipped; bisect needs a good initial state and a bad last state\n"
    )
  }

  static func cannotRun(_ command: String, _ status: Int, _ meaning: String) -> String {
    "replay: cannot judge states with '\(command)': it exited with \(status) on the initial state (init), the first state judged: the code a shell gives when the command \(meaning). A command that cannot run gives no verdict (git bisect run also stops on 126 or 127 from a good revision); a check that means bad should exit with 1 to 124\n"
  }

  @Test func aCommandThatIsNotFoundIsAnError() throws {
    let log = try TempLog(TempLog.counterLines(10))
    for linear in [false, true] {
      let (code, out, err) = replay(
        log.path,
        arguments: ["--bisect", "--run", "./no-such-command"] + (linear ? ["--linear"] : []))
      #expect(code == ExitCode.evaluationError)
      #expect(out == "")
      // The shell's own message first, then replay's.
      let lines = err.split(separator: "\n", omittingEmptySubsequences: false)
      #expect(lines.count == 3)
      #expect(lines.first?.contains("./no-such-command") == true)
      #expect(
        err.hasSuffix(Self.cannotRun("./no-such-command", 127, "is not found")))
    }
  }

  @Test func aScriptWithoutItsExecuteBitOrADirectoryIsAnError() throws {
    let log = try TempLog(TempLog.counterLines(10))
    let script = Scratch.folder
      .appendingPathComponent("replay-check-\(UUID().uuidString).sh")
    try "#!/bin/sh\nexit 0\n".write(to: script, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: script) }
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: script.path)
    let directory = Scratch.folder.path
    for command in [script.path, directory] {
      let (code, out, err) = replay(log.path, arguments: ["--bisect", "--run", command])
      #expect(code == ExitCode.evaluationError)
      #expect(out == "")
      #expect(
        err.hasSuffix(
          Self.cannotRun(command, 126, "is not executable or is a directory")))
    }
  }

  /// As `git bisect run` does, 126 and 127 are bad once the command has run on a good
  /// state; from state 0 they abort even when the command ran (a bogus code there).
  @Test func codes126And127AfterAGoodStateAreBad() throws {
    let log = try TempLog(TempLog.counterLines(10))
    let (code, out, _) = replay(
      log.path,
      arguments: [
        "--bisect", "--format", "json", "--run",
        #"[ "$REPLAY_STATE" != init ] && [ $REPLAY_STATE -ge 3 ] && exit 127 || exit 0"#,
      ])
    #expect(code == ExitCode.success)
    #expect(out.hasPrefix(#"{"result":"firstBad","seq":3,"#))
    let bogus = replay(log.path, arguments: ["--bisect", "--run", "exit 126"])
    #expect(bogus.code == ExitCode.evaluationError)
    #expect(bogus.err == Self.cannotRun("exit 126", 126, "is not executable or is a directory"))
  }

  /// A cart whose reducer fails to remove items 2 and 5: the predicate reads `$action`,
  /// holds on entries 12 and 16 only, and is false on both ends.
  static func cartLog() throws -> TempLog {
    var items: [JSONValue] = []
    var lines: [String] = []
    func entry(_ action: JSONValue, _ change: () -> Void) {
      let prior: JSONValue = ["items": .array(JSONArray(items))]
      change()
      let next: JSONValue = ["items": .array(JSONArray(items))]
      let object: JSONValue = [
        "seq": .number(JSONNumber(lines.count + 1)), "action": action, "prior": prior,
        "next": next,
      ]
      lines.append(JSONPrinter.compact.print(object))
    }
    for k in 1...10 {
      entry(["addItem": ["id": .string("i\(k)")]]) { items.append(["id": .string("i\(k)")]) }
    }
    for k in 1...6 {
      entry(["removeItem": ["id": .string("i\(k)")]]) {
        if k != 2 && k != 5 { items.removeAll { $0["id"] == .string("i\(k)") } }
      }
      if k == 3 { entry(["addItem": ["id": "i11"]]) { items.append(["id": "i11"]) } }
    }
    entry(["clear": [:]]) { items.removeAll() }
    return try TempLog(lines.joined(separator: "\n") + "\n")
  }

  static let stuckRemoval =
    #"$action.removeItem.id as $id | $id != null and (.items | any(.id == $id))"#

  @Test func aPredicateOnTheActionIsScannedEntryByEntry() throws {
    let log = try Self.cartLog()
    let found = replay(
      log.path,
      arguments: [
        "--find", Self.stuckRemoval.replacingOccurrences(of: ".items", with: ".next.items"),
      ])
    #expect(found.out.hasPrefix("2 entries match:\n  entry 12 (removeItem)"))
    let (code, out, err) = replay(
      log.path, arguments: ["--bisect", "--predicate", Self.stuckRemoval])
    #expect(code == ExitCode.success)
    #expect(err == "")
    #expect(
      out == """
        the predicate reads $action, so it was checked entry by entry: binary search needs a property of the state that turns bad once and stays bad
        entry 12 (removeItem) is the first bad entry
        action: {"removeItem":{"id":"i2"}}
        changes:
          (no state changes)
        evaluated 13 of 19 states

        """)
    let json = replay(
      log.path, arguments: ["--bisect", "--predicate", Self.stuckRemoval, "--format", "json"])
    let value = try JSONParser.parse(json.out)
    #expect(value["seq"] == 12)
    #expect(value["scan"] == "readsTransition")
    #expect(value["evaluated"] == 13)
  }

  @Test func aPredicateOnThePriorStateAloneIsScannedToo() throws {
    let log = try TempLog(TempLog.counterLines(10))
    let (code, out, _) = replay(
      log.path, arguments: ["--bisect", "--predicate", "$prior.count == 4"])
    #expect(code == ExitCode.success)
    #expect(
      out == """
        the predicate reads $prior, so it was checked entry by entry: binary search needs a property of the state that turns bad once and stays bad
        entry 5 (increment) is the first bad entry
        action: "increment"
        changes:
          ~ /count: 4 → 5
        evaluated 6 of 11 states

        """)
    let both = replay(
      log.path,
      arguments: ["--bisect", "--predicate", #"$action == "increment" and $prior.count >= 2"#])
    #expect(
      both.out.hasPrefix(
        "the predicate reads $action and $prior, so it was checked entry by entry: binary search needs a property of the state that turns bad once and stays bad\nentry 3 (increment) is the first bad entry\n"
      ))
    // On state 0, $action and $prior are null.
    let start = replay(log.path, arguments: ["--bisect", "--predicate", "$action == null"])
    #expect(start.code == ExitCode.holdsAtStart)
    #expect(
      start.out.hasSuffix(
        "the state is already bad on the initial state (init): no entry introduced it\n"))
  }

  /// Good on both ends: nothing to bisect, so every state is checked, for a predicate
  /// (a variable bound by `as` is not `$action`) and for a command alike.
  @Test func bothEndsGoodIsScanned() throws {
    let log = try TempLog(TempLog.counterLines(10))
    let expected = """
      the state is good on the initial state (init) and on the last state (10), so there is no flip to search for: it was checked entry by entry
      entry 4 (increment) is the first bad entry
      action: "increment"
      changes:
        ~ /count: 3 → 4
      evaluated 6 of 11 states

      """
    let predicate = replay(
      log.path, arguments: ["--bisect", "--predicate", ". as $action | $action.count == 4"])
    #expect(predicate.code == ExitCode.success)
    #expect(predicate.out == expected)
    let command = replay(
      log.path, arguments: ["--bisect", "--run", #"[ "$REPLAY_STATE" = 4 ] && exit 1 || exit 0"#])
    #expect(command.code == ExitCode.success)
    #expect(command.out == expected)
    let never = replay(log.path, arguments: ["--bisect", "--predicate", ".count == 40"])
    #expect(never.code == ExitCode.notFound)
    #expect(
      never.out == """
        the state is good on the initial state (init) and on the last state (10), so there is no flip to search for: it was checked entry by entry
        the state is never bad: not on any of the 11 states

        """)
    // --linear is asked for: no note.
    let linear = replay(
      log.path, arguments: ["--bisect", "--linear", "--predicate", ".count == 4"])
    #expect(linear.out.hasPrefix("entry 4 (increment) is the first bad entry\n"))
  }

  @Test func aLongChangedStringIsInViewInTheReport() throws {
    // A long URL (254 characters) whose only change is its last character.
    let url =
      "https://shop.example.com/search?q=" + String(repeating: "x", count: 145) + "&"
      + (1...12).map { "k\($0)=v1" }.joined(separator: "&")
    let new = String(url.dropLast()) + "2"
    let line = JSONPrinter.compact.print([
      "action": ["setURL": .string(new)], "prior": ["url": .string(url)],
      "next": ["url": .string(new)],
    ])
    let log = try TempLog(line + "\n")
    let (_, out, _) = replay(
      log.path, arguments: ["--bisect", "--predicate", #".url | endswith("2")"#])
    #expect(
      out.contains(
        #"  ~ /url: "…xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx&k1=v1&k2=v1&k3=v1&k4=v1&k5=v1&k6=v1&k7=v1&k8=v1&k9=v1&k10=v1&k11=v1&k12=v1" → "…xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx&k1=v1&k2=v1&k3=v1&k4=v1&k5=v1&k6=v1&k7=v1&k8=v1&k9=v1&k10=v1&k11=v1&k12=v2""#
          + "\n"))
  }
}
