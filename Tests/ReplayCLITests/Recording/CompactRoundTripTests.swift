import Foundation
import ReplayCLI
import TestSupport
import Testing
import TodoReducer

@testable import TimeTravel
@testable import TimeTravelDiff
@testable import TimeTravelJSON

@MainActor
@Suite struct CompactRoundTripTests {
  static let steps = 160

  private func recordBoth(interval: Int) throws -> (full: URL, compact: URL) {
    let full = RecordingSession.temporaryURL("full")
    let compact = RecordingSession.temporaryURL("compact-\(interval)")
    try RecordingSession.record(steps: Self.steps) { try RecordingSession.recorder(full, $0) }
    try RecordingSession.record(steps: Self.steps) {
      try RecordingSession.recorder(compact, $0, encoding: .compact(keyframeInterval: interval))
    }
    return (full, compact)
  }

  @Test(arguments: [1, 5, 50])
  func compactEntriesReadBackAsTheFullOnes(interval: Int) throws {
    let (fullURL, compactURL) = try recordBoth(interval: interval)
    defer {
      try? FileManager.default.removeItem(at: fullURL)
      try? FileManager.default.removeItem(at: compactURL)
    }
    let full = try LogFile(path: fullURL.path)
    let compact = try LogFile(path: compactURL.path)
    #expect(compact.header?.encoding == "compact")
    #expect(compact.header?.keyframeInterval == interval)
    #expect(compact.warnings.isEmpty)
    #expect(compact.entryCount == Self.steps)
    // In order (the cached path), then backwards (keyframe windows every time).
    #expect(try RecordingSession.entries(compact) == RecordingSession.entries(full))
    for k in stride(from: Self.steps, through: 0, by: -7) {
      #expect(try compact.state(k) == full.state(k))
    }
    #expect(try LogSummary(scanning: compact) == LogSummary(scanning: full))
    let fullSize = try Data(contentsOf: fullURL).count
    let compactSize = try Data(contentsOf: compactURL).count
    if interval > 1 { #expect(compactSize < fullSize) }
  }

  @Test(arguments: [1, 5, 50])
  func everyCLIModeGivesTheSameOutput(interval: Int) throws {
    let (fullURL, compactURL) = try recordBoth(interval: interval)
    defer {
      try? FileManager.default.removeItem(at: fullURL)
      try? FileManager.default.removeItem(at: compactURL)
    }
    let invocations: [[String]] = [
      [],
      ["--diff", "3", "97"],
      ["--diff", "120"],
      ["--show", "0"],
      ["--show", "73"],
      ["--bisect", "--predicate", whitespacePredicate],
      ["--bisect", "--predicate", whitespacePredicate, "--linear"],
      ["--find", ".action.addTodo != null"],
    ]
    for arguments in invocations {
      let a = BufferIO(stdin: "")
      let b = BufferIO(stdin: "")
      let codeA = ReplayCommand.run([fullURL.path] + arguments, io: a)
      let codeB = ReplayCommand.run([compactURL.path] + arguments, io: b)
      #expect(codeA == codeB, "\(arguments)")
      #expect(
        a.stdout.replacingOccurrences(of: fullURL.path, with: "LOG")
          == b.stdout.replacingOccurrences(of: compactURL.path, with: "LOG"), "\(arguments)")
      #expect(
        a.stderr.replacingOccurrences(of: fullURL.path, with: "LOG")
          == b.stderr.replacingOccurrences(of: compactURL.path, with: "LOG"), "\(arguments)")
    }
    let bisect = BufferIO(stdin: "")
    _ = ReplayCommand.run(
      [compactURL.path, "--bisect", "--predicate", whitespacePredicate], io: bisect)
    #expect(bisect.stdout.contains("entry \(RecordingSession.whitespaceStep) (addTodo)"))
  }

  @Test func compactLinesHaveThePatchBeforeTheAction() throws {
    let writer = MemoryLogWriter()
    let recorder = try LogRecorder(
      writer: writer, app: "Counter", stateType: "CounterState", actionType: "CounterAction",
      writesHeader: false, clock: { RecordingSession.start },
      encoding: .compact(keyframeInterval: 3))
    let store = Store(initialState: CounterState(), reducer: counterReducer, recorder: recorder)
    for _ in 1...4 { store.dispatch(.increment) }
    let line = #line - 1
    try recorder.close()
    let t = "2026-01-05T09:00:00.000Z"
    // The site follows the action, in patch lines too.
    let site =
      #""site":{"file":"ReplayCLITests/CompactRoundTripTests.swift","line":\#(line),"function":"compactLinesHaveThePatchBeforeTheAction()"}"#
    #expect(
      writer.lines == [
        #"{"seq":1,"time":"\#(t)","action":{"increment":{}},\#(site),"prior":{"count":0},"next":{"count":1}}"#,
        #"{"seq":2,"time":"\#(t)","patch":[{"op":"replace","path":"/count","value":2}],"action":{"increment":{}},\#(site)}"#,
        #"{"seq":3,"time":"\#(t)","patch":[{"op":"replace","path":"/count","value":3}],"action":{"increment":{}},\#(site)}"#,
        #"{"seq":4,"time":"\#(t)","action":{"increment":{}},\#(site),"prior":{"count":3},"next":{"count":4}}"#,
        #"{"closed":true,"lastSeq":4,"time":"\#(t)","by":"close"}"#,
      ])
  }

  @Test func aMemberAddedInTheMiddleIsWrittenAsAKeyframe() {
    let next: JSONValue = ["a": 1, "b": 2, "c": 3]
    let base: JSONValue = ["a": 1, "c": 3]
    #expect(!LogPipeline.keepsMemberOrder(JSONDiff.patch(from: base, to: next), in: next))
    let appended: JSONValue = ["a": 1, "b": 2]
    #expect(
      LogPipeline.keepsMemberOrder(JSONDiff.patch(from: ["a": 1], to: appended), in: appended))
  }
}
