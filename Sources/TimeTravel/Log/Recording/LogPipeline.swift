import Foundation
import TimeTravelDiff
import TimeTravelJSON

/// One transition's Swift values, encoded only when the writer gets to them.
///
/// A struct of value-type states: handing it to the writer thread copies references,
/// not JSON, which is what keeps an asynchronous `record` cheap.
struct QueuedTransition<State: Encodable & Sendable, Action: Encodable & Sendable>:
  TransitionValues
{
  let action: RecordedAction<Action>
  let prior: State
  let next: State?
  /// Where the action was dispatched; static strings, so carrying it copies no bytes.
  var site: DispatchSite? = nil

  func encodeAction(_ encoder: JSONBytesEncoder, _ redaction: LogRedaction) throws -> Data {
    switch action {
    case .action(let action):
      return try redaction.apply(redaction.actionPointers, to: encoder.encode(action))
    case .undo(let f, let t): return Self.move("@@undo", f, t)
    case .redo(let f, let t): return Self.move("@@redo", f, t)
    case .jump(let f, let t): return Self.move("@@jump", f, t)
    }
  }

  // The shape of a Swift enum case, as app actions have, so that `has("@@undo")`
  // selects time-travel entries the way `has("addTodo")` selects app actions.
  private static func move(_ kind: String, _ from: Int, _ to: Int) -> Data {
    Data(#"{"\#(kind)":{"from":\#(from),"to":\#(to)}}"#.utf8)
  }

  func encodePrior(_ encoder: JSONBytesEncoder, _ redaction: LogRedaction) throws -> Data {
    try redaction.apply(redaction.statePointers, to: encoder.encode(prior))
  }

  func encodeNext(_ encoder: JSONBytesEncoder, _ redaction: LogRedaction) throws -> Data {
    guard let next else { return Data() }
    return try redaction.apply(redaction.statePointers, to: encoder.encode(next))
  }
}

/// Type-erased ``QueuedTransition``, so one queue holds every store's transitions.
///
/// Each method encodes one part of the transition with the pipeline's
/// ``JSONBytesEncoder`` (bytes identical to `JSONEncoder` with sorted keys and unescaped
/// slashes), applies the redaction, and returns the JSON bytes.
protocol TransitionValues: Sendable {
  var site: DispatchSite? { get }
  func encodeAction(_ encoder: JSONBytesEncoder, _ redaction: LogRedaction) throws -> Data
  func encodePrior(_ encoder: JSONBytesEncoder, _ redaction: LogRedaction) throws -> Data
  func encodeNext(_ encoder: JSONBytesEncoder, _ redaction: LogRedaction) throws -> Data
}

/// Where lines go: a plain writer, or a ring file that rotates.
enum LogSink {
  case writer(any LogWriter)
  case ring(RingLog)

  /// Called before the first line of each entry; `true` when the entry must be a
  /// keyframe because the ring may later cut the log just before it.
  func beginEntry(seq: Int) throws -> Bool {
    guard case .ring(let ring) = self else { return false }
    return try ring.beginEntry(seq: seq)
  }

  func write(_ line: Data) throws {
    switch self {
    case .writer(let writer): try writer.write(line: line)
    case .ring(let ring): try ring.write(line)
    }
  }

  func entryWritten() {
    if case .ring(let ring) = self { ring.entryWritten() }
  }

  func flush() throws {
    switch self {
    case .writer(let writer): try writer.flush()
    case .ring(let ring): try ring.flush()
    }
  }

  func close() throws {
    switch self {
    case .writer(let writer): try writer.close()
    case .ring(let ring): try ring.close()
    }
  }
}

/// Turns transitions into lines: the chain of `next` bytes, keyframes and patches,
/// pending records and gap records. Owned by one thread at a time (the caller's in
/// synchronous mode, under the recorder's mutex; the writer thread's otherwise).
struct LogPipeline {
  /// Encodes every action, state and origin; reused, so its buffers are too.
  let encoder: JSONBytesEncoder
  let redaction: LogRedaction
  let encoding: LogRecorder.EntryEncoding
  let sink: LogSink
  /// What the entries say of where they came from (see ``LogRecorder/Provenance``).
  var provenance = LogRecorder.Provenance.none
  var lastSeq = 0
  /// The previous entry's `next` bytes, reused as the following `prior`; `nil` at the
  /// start and after a gap, when the prior must be encoded from its Swift value.
  var lastNext: Data?
  /// The previous entry's `next` as JSON, the base of the following patch (compact only).
  var lastNextValue: JSONValue?
  /// Entries since the last keyframe, compact only.
  var sinceKeyframe = 0
  /// The time and action bytes of the pending record for `lastSeq + 1`.
  var pending: (time: String, action: Data)?
  /// Whether the current entry's first line (gap or pending) was already written.
  var entryBegun = false
  var forceKeyframe = false

  init(
    encoder: JSONBytesEncoder, redaction: LogRedaction, encoding: LogRecorder.EntryEncoding,
    sink: LogSink
  ) {
    self.encoder = encoder
    self.redaction = redaction
    self.encoding = encoding
    self.sink = sink
  }

  private mutating func begin(seq: Int) throws {
    guard !entryBegun else { return }
    entryBegun = true
    if try sink.beginEntry(seq: seq) { forceKeyframe = true }
  }

  /// Writes `{"dropped":N,"seq":S}`: `count` transitions from `lastSeq + 1` on were
  /// never written. The next entry starts a new chain (full prior, keyframe).
  mutating func writeGap(_ count: Int) throws {
    guard count > 0 else { return }
    try begin(seq: lastSeq + 1 + count)
    var line = Data(#"{"dropped":"#.utf8)
    line.append(contentsOf: String(count).utf8)
    line.append(contentsOf: #","seq":"#.utf8)
    line.append(contentsOf: String(lastSeq + 1).utf8)
    line.append(contentsOf: "}\n".utf8)
    try sink.write(line)
    lastSeq += count
    lastNext = nil
    lastNextValue = nil
    pending = nil
  }

  /// Writes the closing record `{"closed":true,"lastSeq":N,"time":…,"by":…}`, the
  /// log's last line (see ``LogClosing``).
  func writeClosing(by reason: ClosingReason, time: Date) throws {
    var line = Data(#"{"closed":true,"lastSeq":"#.utf8)
    line.append(contentsOf: String(lastSeq).utf8)
    line.append(contentsOf: #","time":""#.utf8)
    line.append(contentsOf: LogTimestamp.string(from: time).utf8)
    line.append(contentsOf: #"","by":""#.utf8)
    line.append(contentsOf: reason.rawValue.utf8)
    line.append(contentsOf: "\"}\n".utf8)
    try sink.write(line)
  }

  mutating func writePending(_ values: some TransitionValues, time: Date) throws {
    let seq = lastSeq + 1
    try begin(seq: seq)
    let priorBytes = try lastNext ?? values.encodePrior(encoder, redaction)
    let timeText = LogTimestamp.string(from: time)
    let actionBytes = try values.encodeAction(encoder, redaction)
    var line = Data(#"{"seq":"#.utf8)
    line.append(contentsOf: String(seq).utf8)
    line.append(contentsOf: #","time":""#.utf8)
    line.append(contentsOf: timeText.utf8)
    line.append(contentsOf: #"","pending":true,"action":"#.utf8)
    line.append(actionBytes)
    line.append(contentsOf: #","prior":"#.utf8)
    line.append(priorBytes)
    line.append(contentsOf: "}\n".utf8)
    try sink.write(line)
    lastNext = priorBytes
    pending = (timeText, actionBytes)
  }

  mutating func writeEntry(
    _ values: some TransitionValues, time: Date, origin: (any RecordedOrigin)?
  ) throws {
    let seq = lastSeq + 1
    try begin(seq: seq)
    let priorBytes = try lastNext ?? values.encodePrior(encoder, redaction)
    let nextBytes = try values.encodeNext(encoder, redaction)
    let pending = self.pending
    self.pending = nil
    let actionBytes = try pending?.action ?? values.encodeAction(encoder, redaction)
    let timeText = pending?.time ?? LogTimestamp.string(from: time)

    var patch: Data?
    var nextValue: JSONValue?
    if case .compact(let interval) = encoding {
      let value = try JSONParser.parse(bytes: nextBytes)
      nextValue = value
      if !forceKeyframe, sinceKeyframe < max(1, interval), let base = lastNextValue {
        let diff = JSONDiff.patch(from: base, to: value)
        if Self.keepsMemberOrder(diff, in: value) {
          var out: [UInt8] = []
          JSONPrinter.compact.write(diff.jsonValue, to: &out)
          patch = Data(out)
        }
      }
    }

    var line = Data(#"{"seq":"#.utf8)
    line.append(contentsOf: String(seq).utf8)
    line.append(contentsOf: #","time":""#.utf8)
    line.append(contentsOf: timeText.utf8)
    line.append(UInt8(ascii: "\""))
    if let patch {
      // `patch` precedes every other container member so readers can tell a patch
      // entry from a keyframe by its first bytes (see <doc:LogFormat>).
      line.append(contentsOf: #","patch":"#.utf8)
      line.append(patch)
    }
    line.append(contentsOf: #","action":"#.utf8)
    line.append(actionBytes)
    if let origin = origin as? ActionOrigin {
      try appendOrigin(origin, to: &line)
    } else if let origin {
      // A remote command's origin (`{"remote":…}`).
      line.append(contentsOf: #","origin":"#.utf8)
      line.append(try encoder.encode(origin))
    }
    if provenance.sites, let site = values.site { try appendSite(site, to: &line) }
    if patch == nil {
      line.append(contentsOf: #","prior":"#.utf8)
      line.append(priorBytes)
      line.append(contentsOf: #","next":"#.utf8)
      line.append(nextBytes)
    }
    line.append(contentsOf: "}\n".utf8)
    try sink.write(line)
    sink.entryWritten()
    lastSeq = seq
    lastNext = nextBytes
    lastNextValue = nextValue
    sinceKeyframe = patch == nil ? 1 : sinceKeyframe + 1
    entryBegun = false
    forceKeyframe = false
  }

  /// Whether applying `patch` (whose `add`s of object members append the member) gives
  /// `next` with its members in the same order. Encoders write sorted keys, so a member
  /// that appears in the middle would move to the end; such an entry is written as a
  /// keyframe instead, and reading a compact log shows exactly what a full log shows.
  static func keepsMemberOrder(_ patch: JSONPatch, in next: JSONValue) -> Bool {
    for operation in patch.operations {
      guard case .add(let path, _) = operation, let key = path.tokens.last else { continue }
      let parent = JSONPointer(tokens: Array(path.tokens.dropLast()))
      if case .object(let object)? = parent.resolve(in: next), object.keys.last != key {
        return false
      }
    }
    return true
  }
}
