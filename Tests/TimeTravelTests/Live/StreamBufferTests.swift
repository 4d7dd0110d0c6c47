import Foundation
import Testing

@testable import TimeTravel

/// The streaming recorder's buffer: what it drops when full, what it sends after a
/// reconnection, and where replies go.
@Suite struct StreamBufferTests {
  static func entry(_ seq: Int, patch: Bool = false) -> String {
    patch
      ? #"{"seq":\#(seq),"time":"t","patch":[],"action":"a"}"#
      : #"{"seq":\#(seq),"time":"t","action":"a","prior":0,"next":0}"#
  }

  static func pending(_ seq: Int) -> String {
    #"{"seq":\#(seq),"time":"t","pending":true,"action":"a","prior":0}"#
  }

  static let header = #"{"format":"replay-log","version":1}"#

  static func lines(_ data: Data) -> [String] {
    String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  static func buffer(limit: Int, _ lines: [String]) -> StreamBuffer {
    var buffer = StreamBuffer(limit: limit)
    for line in lines { buffer.append(Data((line + "\n").utf8)) }
    return buffer
  }

  static func takeAll(_ buffer: inout StreamBuffer) -> [String] {
    lines(buffer.take(maxBytes: .max, now: 0, replyDelay: 1))
  }

  @Test func theHeaderGoesFirstOnEveryConnection() {
    var buffer = Self.buffer(limit: 10_000, [Self.header, Self.entry(1), Self.entry(2)])
    #expect(Self.lines(buffer.resume(after: nil)) == [Self.header])
    #expect(Self.takeAll(&buffer) == [Self.entry(1), Self.entry(2)])
    #expect(Self.takeAll(&buffer) == [])
    // A reconnection to a listener that has entry 1: the header, then entry 2 again.
    #expect(Self.lines(buffer.resume(after: 1)) == [Self.header])
    #expect(Self.takeAll(&buffer) == [Self.entry(2)])
  }

  @Test func aFullBufferDropsTheOldestUnsentLinesIntoOneGap() {
    let line = Self.entry(10).utf8.count + 1  // every entry here has a two-digit seq
    var buffer = Self.buffer(limit: line * 4, (10...19).map { Self.entry($0) })
    #expect(buffer.dropped == 7)
    #expect(Self.lines(buffer.resume(after: 9)) == [])
    #expect(
      Self.takeAll(&buffer)
        == [
          #"{"dropped":7,"seq":10,"reason":"buffer"}"#, Self.entry(17), Self.entry(18),
          Self.entry(19),
        ])
  }

  @Test func sentLinesGoBeforeUnsentOnes() {
    let line = Self.entry(10).utf8.count + 1
    var buffer = Self.buffer(limit: line * 3, (10...12).map { Self.entry($0) })
    _ = buffer.resume(after: nil)
    #expect(Self.takeAll(&buffer).count == 3)
    for seq in 13...15 { buffer.append(Data((Self.entry(seq) + "\n").utf8)) }
    #expect(buffer.dropped == 0)
    // The listener got up to 11 before the connection failed: 12 is no longer held.
    #expect(Self.lines(buffer.resume(after: 11)) == [#"{"dropped":1,"seq":12,"reason":"lost"}"#])
    #expect(Self.takeAll(&buffer) == (13...15).map { Self.entry($0) })
  }

  @Test func aDroppedPendingRecordTakesItsEntryAndCompactEntriesWaitForAKeyframe() {
    let lines = [
      Self.pending(10), Self.entry(10), Self.entry(11, patch: true), Self.entry(12, patch: true),
      Self.entry(13), Self.entry(14, patch: true),
    ]
    let limit = lines.suffix(2).map { $0.utf8.count + 1 }.reduce(0, +) + 60
    var buffer = Self.buffer(limit: limit, lines)
    _ = buffer.resume(after: 9)
    #expect(
      Self.takeAll(&buffer)
        == [
          #"{"dropped":3,"seq":10,"reason":"buffer"}"#, Self.entry(13), Self.entry(14, patch: true),
        ])
    #expect(buffer.dropped == 3)
  }

  @Test func aGapTheListenerHasTheStartOfIsSentForTheRestOnly() {
    let line = Self.entry(10).utf8.count + 1
    // Three lines' worth: the gap record and two entries.
    var buffer = Self.buffer(limit: line * 3, (10...19).map { Self.entry($0) })
    #expect(Self.lines(buffer.resume(after: 12)) == [])
    #expect(
      Self.takeAll(&buffer)
        == [#"{"dropped":5,"seq":13,"reason":"buffer"}"#, Self.entry(18), Self.entry(19)])
  }

  @Test func aClosingRecordIsNeverDropped() {
    let closing = #"{"closed":true,"lastSeq":19}"#
    var buffer = Self.buffer(limit: 10, [Self.entry(18), Self.entry(19), closing])
    _ = buffer.resume(after: 17)
    #expect(Self.takeAll(&buffer) == [#"{"dropped":2,"seq":18,"reason":"buffer"}"#, closing])
  }

  @Test func aReplyFollowsTheEntryItNamesOrGoesWhenThatSeemsLost() {
    var buffer = Self.buffer(limit: 10_000, [Self.entry(1)])
    _ = buffer.resume(after: nil)
    buffer.reply(Data("R2\n".utf8), afterSeq: 2, now: 0)
    buffer.reply(Data("R9\n".utf8), afterSeq: 9, now: 0)
    #expect(Self.takeAll(&buffer) == [Self.entry(1)])
    buffer.append(Data((Self.entry(2) + "\n").utf8))
    #expect(Self.takeAll(&buffer) == [Self.entry(2), "R2"])
    #expect(Self.lines(buffer.take(maxBytes: .max, now: 5, replyDelay: 1)) == ["R9"])
    buffer.reply(Data("R3\n".utf8), afterSeq: 3, now: 0)
    _ = buffer.resume(after: 2)  // a new connection: replies to the old one's commands go
    #expect(!buffer.hasReplies)
  }
}
