import Foundation
import TestSupport
import Testing

@testable import TimeTravel

/// `LogFollower` in-process: the test is the writer, and looks with `available()`
/// (which never waits) after each move, so every assertion is about what the file
/// holds at that point, never about timing.
@Suite struct LogFollowerTests {
  static let header = #"{"format":"replay-log","version":1,"app":"Counter"}"#

  static func line(_ seq: Int, _ action: String = "increment") -> String {
    #"{"seq":\#(seq),"action":"\#(action)","prior":{"count":\#(seq - 1)},"next":{"count":\#(seq)}}"#
  }

  /// `(seq, action name, line)` of each entry event, and the other events as words.
  static func summary(_ events: [LogFollower.Event]) -> [String] {
    events.map { event in
      switch event {
      case .entry(let e): return "entry \(e.seq) \(e.actionName) line \(e.line)"
      case .header(let h): return "header \(h.app ?? "")"
      case .pending(let p): return "pending \(p.seq)"
      case .gap(let g): return "gap \(g.firstSeq)+\(g.dropped)"
      case .closing(let c): return "closed \(c.lastSeq)"
      case .warning(let w): return "warning \(w.line ?? 0): \(w.message)"
      case .skipped(let error): return "skipped \(error)"
      case .truncated(let size): return "truncated \(size)"
      case .replaced: return "replaced"
      case .removed: return "removed"
      case .incompleteLine(let line): return "incomplete \(line)"
      case .ended: return "ended"
      }
    }
  }

  @Test(arguments: [FollowWatching.native, .polling(interval: .milliseconds(5))])
  func appendedEntriesArriveInOrderAndATornLineWaits(watching: FollowWatching) throws {
    let folder = try LiveLogFolder()
    try folder.write(Self.header + "\n" + Self.line(1) + "\n")
    let follower = try LogFollower(following: try LogFile(path: folder.log), watching: watching)
    #expect(try follower.available() == [])
    let third = Self.line(3, "decrement")
    try folder.append(Self.line(2) + "\n" + third.prefix(20))
    #expect(Self.summary(try follower.available()) == ["entry 2 increment line 3"])
    #expect(try follower.available() == [])
    try folder.append(third.dropFirst(20) + "\n")
    // Blocking: the line is there, so next() returns without waiting.
    let next = try #require(try follower.next())
    #expect(Self.summary([next]) == ["entry 3 decrement line 4"])
    if case .entry(let entry) = next {
      #expect(entry.prior == ["count": 2])
      #expect(entry.next == ["count": 3])
    }
  }

  @Test func aTornLastLineInTheLogReadIsCompletedWhileFollowing() throws {
    let folder = try LiveLogFolder()
    try folder.write(Self.line(1) + "\n" + Self.line(2).prefix(30))
    let log = try LogFile(path: folder.log)
    #expect(log.entryCount == 1)
    let follower = try LogFollower(following: log)
    #expect(try follower.available() == [])
    try folder.append(Self.line(2).dropFirst(30) + "\r\n")
    #expect(Self.summary(try follower.available()) == ["entry 2 increment line 2"])
  }

  @Test func anUnterminatedCompleteLastLineIsNotReadTwice() throws {
    let folder = try LiveLogFolder()
    try folder.write(Self.line(1) + "\n" + Self.line(2))
    let log = try LogFile(path: folder.log)
    #expect(log.entryCount == 2)
    let follower = try LogFollower(following: log)
    try folder.append("\n" + Self.line(3) + "\n")
    #expect(Self.summary(try follower.available()) == ["entry 3 increment line 3"])
  }

  @Test func truncationStartsANewSessionWithItsHeaderAndNumbering() throws {
    let folder = try LiveLogFolder()
    try folder.write(Self.header + "\n" + Self.line(1) + "\n" + Self.line(2) + "\n")
    let follower = try LogFollower(following: try LogFile(path: folder.log))
    try folder.write("")
    #expect(Self.summary(try follower.available()) == ["truncated 0"])
    try folder.append(Self.header + "\n" + Self.line(1, "reset") + "\n")
    #expect(
      Self.summary(try follower.available()) == ["header Counter", "entry 1 reset line 2"])
  }

  @Test func aFileRewrittenInPlacePastTheOldLengthIsNoticedByItsFirstBytes() throws {
    let folder = try LiveLogFolder()
    try folder.write(Self.line(1) + "\n")
    let follower = try LogFollower(following: try LogFile(path: folder.log))
    // Truncated and rewritten longer before the follower looked: only the start differs.
    let rewritten = Self.header + "\n" + Self.line(1, "reset") + "\n" + Self.line(2) + "\n"
    try folder.write(rewritten)
    #expect(
      Self.summary(try follower.available()) == [
        "truncated \(rewritten.utf8.count)", "header Counter", "entry 1 reset line 2",
        "entry 2 increment line 3",
      ])
  }

  /// A new session written over the log whose header and first 128 bytes equal the old
  /// one's (same app, no `created` time, the same first action with a long payload) is
  /// still told from it: the follower compares the header and the whole first entry.
  @Test func aNewSessionSharingItsFirstBytesIsNoticedByItsFirstEntry() throws {
    let long = String(repeating: "x", count: 200)
    let first = #"{"seq":1,"action":{"load":"\#(long)"},"prior":{"count":0},"next":{"count":1}}"#
    let changed = #"{"seq":1,"action":{"load":"\#(long)"},"prior":{"count":0},"next":{"count":9}}"#
    #expect(
      Array((Self.header + "\n" + first).utf8.prefix(128))
        == Array((Self.header + "\n" + changed).utf8.prefix(128)))
    let folder = try LiveLogFolder()
    try folder.write(Self.header + "\n" + first + "\n")
    let follower = try LogFollower(following: try LogFile(path: folder.log))
    // Rewritten in place, longer, before the follower looked.
    let rewritten = Self.header + "\n" + changed + "\n" + Self.line(2) + "\n"
    try folder.write(rewritten)
    #expect(
      Self.summary(try follower.available()) == [
        "truncated \(rewritten.utf8.count)", "header Counter", "entry 1 load line 2",
        "entry 2 increment line 3",
      ])
    // The same session, appended to, is no new session.
    try folder.append(Self.line(3) + "\n")
    #expect(Self.summary(try follower.available()) == ["entry 3 increment line 4"])
  }

  /// A copytruncate rotation empties the file while the writer keeps its offset: its
  /// next line lands after a hole of NUL bytes. They are skipped with one warning, and
  /// the entry after them is kept.
  @Test func nulBytesBeforeALineAreSkippedWithOneWarning() throws {
    let folder = try LiveLogFolder()
    try folder.write(Self.header + "\n" + Self.line(1) + "\n")
    let size = (Self.header + "\n" + Self.line(1) + "\n").utf8.count
    let follower = try LogFollower(following: try LogFile(path: folder.log))
    try folder.write("")
    #expect(Self.summary(try follower.available()) == ["truncated 0"])
    try folder.write(String(repeating: "\0", count: size) + Self.line(2) + "\n")
    #expect(
      Self.summary(try follower.available()) == [
        "warning 1: \(size) NUL bytes before this line (left by a copytruncate rotation: the writer went on at its old offset in the emptied file); skipped them and kept the line",
        "entry 2 increment line 1",
      ])
    try folder.append(Self.line(3) + "\n")
    #expect(Self.summary(try follower.available()) == ["entry 3 increment line 2"])
  }

  /// A complete last entry without its `\n` is reported once the writer has been quiet,
  /// as `tail -f` prints such a line; the `\n` that comes later is no new line.
  @Test(arguments: [FollowWatching.native, .polling(interval: .milliseconds(5))])
  func aCompleteLastEntryWithoutItsNewlineIsReportedOnceTheWriterIsQuiet(
    watching: FollowWatching
  ) throws {
    let folder = try LiveLogFolder()
    try folder.write(Self.header + "\n" + Self.line(1) + "\n")
    let follower = try LogFollower(
      following: try LogFile(path: folder.log), watching: watching, quiet: .milliseconds(20))
    try folder.append(Self.line(2))
    // Without waiting, it is not there yet: the writer may be about to write its `\n`.
    #expect(try follower.available() == [])
    #expect(Self.summary(try follower.next().map { [$0] } ?? []) == ["entry 2 increment line 3"])
    try folder.append("\n" + Self.line(3) + "\n")
    #expect(Self.summary(try follower.available()) == ["entry 3 increment line 4"])
  }

  /// A torn last line never parses, so it is waited for however quiet the writer is.
  @Test func aTornLastLineIsStillWaitedFor() throws {
    let folder = try LiveLogFolder()
    try folder.write(Self.header + "\n" + Self.line(1) + "\n")
    let follower = try LogFollower(
      following: try LogFile(path: folder.log), quiet: .milliseconds(5))
    try folder.append(String(Self.line(2).dropLast(3)))
    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(150)) { follower.stop() }
    #expect(try follower.next() == nil)
  }

  /// The opening is a file's first two lines, at most 64 KB.
  @Test func theOpeningIsTheFirstTwoLines() {
    #expect(FollowPoint.opening(Array("a\nb\nc\n".utf8)) == Array("a\nb\n".utf8))
    #expect(FollowPoint.opening(Array("a\nb".utf8)) == Array("a\nb".utf8))
    #expect(FollowPoint.opening([UInt8](repeating: 0x41, count: 70_000)).count == 65_536)
  }

  @Test func replacementRemovalAndRecreationAreEachSaid() throws {
    let folder = try LiveLogFolder()
    try folder.write(Self.line(1) + "\n")
    let follower = try LogFollower(following: try LogFile(path: folder.log))
    // The old file gets a last entry and half a line, then a new file is renamed over it.
    try folder.append(Self.line(2) + "\n" + #"{"seq":3,"#)
    let other = folder.path + "/next.jsonl"
    try folder.write(Self.header + "\n" + Self.line(7) + "\n", to: other)
    #expect(rename(other, folder.log) == 0)
    #expect(
      Self.summary(try follower.available()) == [
        "entry 2 increment line 2", "incomplete 3", "replaced", "header Counter",
        "entry 7 increment line 2",
      ])
    try FileManager.default.removeItem(atPath: folder.log)
    #expect(Self.summary(try follower.available()) == ["removed"])
    #expect(try follower.available() == [])
    try folder.write(Self.line(1, "again") + "\n")
    #expect(Self.summary(try follower.available()) == ["replaced", "entry 1 again line 1"])
  }

  @Test func badLinesAreSkippedAndReportedAndFollowingGoesOn() throws {
    let folder = try LiveLogFolder()
    try folder.write(Self.line(1) + "\n")
    let follower = try LogFollower(following: try LogFile(path: folder.log))
    try folder.append("{\"seq\":2,]\n\n{\"seq\":2}\n" + Self.line(2) + "\n")
    #expect(
      Self.summary(try follower.available()) == [
        "skipped \(folder.log):2:10: not valid JSON: expected a string key, found ']'",
        "skipped \(folder.log):3: blank line (JSON Lines allows none)",
        "skipped \(folder.log):4: the entry has no /action member",
        "entry 2 increment line 5",
      ])
  }

  @Test func aSeqThatDoesNotIncreaseIsNumberedOnWithAWarning() throws {
    let folder = try LiveLogFolder()
    try folder.write(Self.line(5) + "\n")
    let follower = try LogFollower(following: try LogFile(path: folder.log))
    try folder.append(Self.line(5) + "\n" + Self.line(9) + "\n")
    #expect(
      Self.summary(try follower.available()) == [
        "warning 2: seq 5 does not increase (the last entry read is numbered 5); numbered 6 while following",
        "entry 6 increment line 2", "entry 9 increment line 3",
      ])
  }

  @Test func compactEntriesArePatchedOntoTheLastStateRead() throws {
    let folder = try LiveLogFolder()
    try folder.write(Self.line(1) + "\n")
    let follower = try LogFollower(following: try LogFile(path: folder.log))
    try folder.append(
      #"{"seq":2,"action":"increment","patch":[{"op":"replace","path":"/count","value":2}]}"#
        + "\n")
    let events = try follower.available()
    #expect(Self.summary(events) == ["entry 2 increment line 2"])
    guard case .entry(let entry) = events.first else { return }
    #expect(entry.prior == ["count": 1])
    #expect(entry.next == ["count": 2])
  }

  @Test func recordsOtherThanEntriesAreReportedAsSuch() throws {
    let folder = try LiveLogFolder()
    try folder.write(Self.line(1) + "\n")
    let follower = try LogFollower(following: try LogFile(path: folder.log))
    try folder.append(
      #"{"pending":true,"seq":2,"action":"increment","prior":{"count":1}}"# + "\n"
        + Self.line(2) + "\n" + #"{"dropped":3,"seq":3}"# + "\n" + Self.line(6) + "\n"
        + #"{"closed":true,"lastSeq":6}"# + "\n")
    #expect(
      Self.summary(try follower.available()) == [
        "pending 2", "entry 2 increment line 3", "gap 3+3", "entry 6 increment line 5", "closed 6",
      ])
  }

  @Test(arguments: [FollowWatching.native, .polling(interval: .milliseconds(5))])
  func aWaitingFollowerWakesForAnAppendFromAnotherThread(watching: FollowWatching) throws {
    let folder = try LiveLogFolder()
    try folder.write(Self.line(1) + "\n")
    let follower = try LogFollower(following: try LogFile(path: folder.log), watching: watching)
    let line = Self.line(2) + "\n"
    let log = folder.log
    DispatchQueue.global().async {
      let handle = FileHandle(forWritingAtPath: log)
      handle?.seekToEndOfFile()
      handle?.write(Data(line.utf8))
      try? handle?.close()
    }
    // A follower that never woke would hang: a generous watchdog stops it instead.
    DispatchQueue.global().asyncAfter(deadline: .now() + 90) { follower.stop() }
    #expect(Self.summary([try #require(try follower.next())]) == ["entry 2 increment line 2"])
  }

  @Test func skippingCountsLinesAndKeepsTheFileEvents() throws {
    let folder = try LiveLogFolder()
    try folder.write(Self.line(1) + "\n")
    let follower = try LogFollower(following: try LogFile(path: folder.log))
    try folder.append(Self.line(2) + "\n" + Self.line(3) + "\n" + Self.line(4).prefix(9))
    let first = try follower.skipAvailable()
    #expect(first.lines == 2)
    #expect(first.events == [])
    try folder.write(Self.line(1, "reset") + "\n")
    let second = try follower.skipAvailable()
    #expect(second.lines == 1)
    #expect(Self.summary(second.events) == ["incomplete 4", "truncated 66"])
    #expect(try follower.skipAvailable().lines == 0)
  }

  @Test func stopEndsAWaitFromAnotherThread() throws {
    let folder = try LiveLogFolder()
    try folder.write(Self.line(1) + "\n")
    let follower = try LogFollower(following: try LogFile(path: folder.log))
    DispatchQueue.global().async { follower.stop() }
    #expect(try follower.next() == nil)
    try folder.append(Self.line(2) + "\n")
    #expect(try follower.next() == nil)
  }

  @Test func standardInputCannotBeFollowed() throws {
    let log = try LogFile(contents: Array((Self.line(1) + "\n").utf8), name: "stdin")
    #expect(throws: LogError.self) { try LogFollower(following: log) }
    do {
      _ = try LogFollower(following: log)
    } catch {
      #expect(
        error.description
          == "stdin: cannot be followed: only a regular file can be read again as it grows")
    }
  }
}
