import CLITestSupport
import Foundation
import ReplayCLI
import TestSupport
import Testing
import TodoReducer

@testable import TimeTravel
@testable import TimeTravelDiff
@testable import TimeTravelJSON

@MainActor
@Suite struct RecordingRingTests {
  @Test(arguments: [LogRecorder.EntryEncoding.full, .compact(keyframeInterval: 4)])
  func ringKeepsTheLastEntriesAndSaysHowManyWereDropped(encoding: LogRecorder.EntryEncoding)
    throws
  {
    let fullURL = RecordingSession.temporaryURL("ring-reference")
    let ringURL = RecordingSession.temporaryURL("ring")
    defer {
      try? FileManager.default.removeItem(at: fullURL)
      try? FileManager.default.removeItem(at: ringURL)
    }
    try RecordingSession.record(steps: 137) { try RecordingSession.recorder(fullURL, $0) }
    try RecordingSession.record(steps: 137) {
      try RecordingSession.recorder(
        ringURL, $0, encoding: encoding, durability: .asynchronous(), keepingLast: 20)
    }
    let full = try LogFile(path: fullURL.path)
    let ring = try LogFile(path: ringURL.path)
    // Rotations at 30 entries keep 20: 137 entries leave seq 111…137 (27 entries).
    #expect(ring.header?.ring == 20)
    #expect(ring.header?.firstSeq == 111)
    #expect(ring.header?.dropped == 110)
    #expect(ring.entryCount == 27)
    #expect(
      ring.warnings.map(\.message) == [
        "110 earlier entries were dropped (ring mode, keeps the last 20)"
      ])
    let expected = try RecordingSession.entries(full).suffix(27)
    #expect(try RecordingSession.entries(ring) == Array(expected))
    let leftovers = try FileManager.default.contentsOfDirectory(
      atPath: ringURL.deletingLastPathComponent().path
    ).filter { $0.hasPrefix(".\(ringURL.lastPathComponent)") }
    #expect(leftovers.isEmpty)
    let (code, _, err) = replay(ringURL.path)
    #expect(code == 0)
    #expect(err.contains("110 earlier entries were dropped (ring mode, keeps the last 20)"))
  }
}
