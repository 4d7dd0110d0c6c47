import Foundation

/// What a line of a live session is, from its first bytes and its `seq` (the log's own
/// scan, ``LineKindScan``), so that the app's stream buffer and the listener can number
/// what they hold without parsing states.
package enum LiveLine: Sendable, Equatable {
  /// A log header (`{"format":…`).
  case header
  /// An entry; `keyframe` is false for a compact entry (a patch against the previous
  /// entry's `next`, which cannot follow a gap).
  case entry(seq: Int?, keyframe: Bool)
  /// A pending record for entry `seq`.
  case pending(seq: Int?)
  /// A gap record: `count` transitions from `first` on were never written.
  case gap(first: Int, count: Int)
  /// A closing record.
  case closing(lastSeq: Int?)
  /// An effect record (an effect's start or end): saved, numbered by no `seq`.
  case effect
  /// An app's reply to a command.
  case reply
  /// An app's heartbeat.
  case heartbeat

  private static let headerPrefix = Array(#"{"format":"#.utf8)
  private static let replyPrefix = Array(#"{"reply":"#.utf8)
  private static let heartbeatPrefix = Array(#"{"heartbeat":"#.utf8)

  /// The kind of `line` (without its `\n`). Lines that are not JSON objects count as
  /// entries without a `seq`: whoever saves them validates them first.
  package init(_ line: UnsafeRawBufferPointer) {
    if line.starts(with: Self.headerPrefix) {
      self = .header
      return
    }
    if line.starts(with: Self.replyPrefix) {
      self = .reply
      return
    }
    if line.starts(with: Self.heartbeatPrefix) {
      self = .heartbeat
      return
    }
    let scan = LineKindScan.classify(line, isPrefix: false)
    let kind = scan?.kind ?? .entry
    func seq() -> Int? {
      switch scan?.seq ?? .absent {
      case .value(let seq): return seq
      case .absent: return nil
      case .later:
        if case .value(let seq) = LineKindScan.seqMember(line) { return seq }
        return nil
      }
    }
    switch kind {
    case .blank, .entry: self = .entry(seq: seq(), keyframe: true)
    case .patch: self = .entry(seq: seq(), keyframe: false)
    case .pending: self = .pending(seq: RecordSeq.read(Data(line)))
    case .gap:
      let value = try? JSONParser.parse(bytes: line.bindMemory(to: UInt8.self))
      if let count = value?["dropped"]?.numberValue?.intValue,
        let first = value?["seq"]?.numberValue?.intValue, count >= 1, first >= 1
      {
        self = .gap(first: first, count: count)
      } else {
        self = .entry(seq: nil, keyframe: true)
      }
    case .closing:
      let value = try? JSONParser.parse(bytes: line.bindMemory(to: UInt8.self))
      self = .closing(lastSeq: value?["lastSeq"]?.numberValue?.intValue)
    case .effect: self = .effect
    }
  }

  /// Reads the kind of `line`'s bytes.
  package init(_ line: Data) {
    self = line.withUnsafeBytes { LiveLine($0) }
  }

  /// The last `seq` the line accounts for: an entry's or pending record's own, a gap's
  /// last; `nil` for lines that carry none.
  package var lastSeq: Int? {
    switch self {
    case .entry(let seq, _), .pending(let seq): seq
    case .gap(let first, let count): first + count - 1
    case .header, .closing, .effect, .reply, .heartbeat: nil
    }
  }

  /// The gap record `{"dropped":N,"seq":S,"reason":R}` for `count` transitions from
  /// `first` on (see <doc:LogFormat>, "Gap records").
  package static func gapRecord(first: Int, count: Int, reason: String) -> Data {
    Data(#"{"dropped":\#(count),"seq":\#(first),"reason":"\#(reason)"}"#.utf8 + [0x0A])
  }
}
