import Foundation

/// The lines a streaming ``LogRecorder`` holds for its listener: those not sent yet, and
/// as many sent ones as fit, so that after a reconnection it can send again what the
/// listener says it never got.
///
/// The buffer is bounded by `limit` bytes. Sent lines go first when it is full; then the
/// oldest unsent ones, which become one gap record (`"reason":"buffer"`) at the front,
/// so what the listener saves says what is missing. A compact entry right after a gap
/// goes with it (its patch applies to a state the listener never got), and so does the
/// entry completing a dropped pending record. The log header is kept aside and sent at
/// the start of every connection.
///
/// Every operation is O(1) amortized per line, plus the copy of the bytes taken.
struct StreamBuffer {
  private struct Item {
    var bytes: Data
    var kind: LiveLine
    /// Whether this is the gap record the buffer made for lines it dropped.
    var isDropGap = false

    static let removed = Item(bytes: Data(), kind: .heartbeat)
  }

  let limit: Int
  /// The log header, sent first on every connection.
  private(set) var header: Data?
  /// Whether the header came after the connection's start, and is still to be sent.
  private var headerUnsent = false
  private var items: [Item] = []
  /// The first item held; those before it were removed.
  private var head = 0
  /// Items from `head` on already handed to the socket.
  private var sent = 0
  /// Bytes held in items from `head` on.
  private(set) var bytes = 0
  /// Transitions dropped so far because the buffer was full.
  private(set) var dropped = 0
  /// The last `seq` handed to the socket, which the replies waiting on it look at.
  private var takenThrough = 0
  /// Replies waiting for the entry they name to be sent first.
  private var replies: [(afterSeq: Int?, line: Data, since: UInt64)] = []

  /// A buffer of at most `limit` bytes (or one line, when a line is larger).
  init(limit: Int) {
    self.limit = max(1, limit)
  }

  /// Whether unsent lines or replies wait.
  var hasUnsent: Bool { headerUnsent || head + sent < items.count || !replies.isEmpty }

  /// Whether replies wait for their entry.
  var hasReplies: Bool { !replies.isEmpty }

  /// Adds one line (with its `\n`), dropping what the limit requires.
  mutating func append(_ line: Data) {
    let kind = LiveLine(line.dropLast())
    if kind == .header {
      header = line
      headerUnsent = true
      return
    }
    items.append(Item(bytes: line, kind: kind))
    bytes += line.count
    while bytes > limit, items.count - head > 1 {
      if sent > 0 {
        _ = popFront()
        sent -= 1
      } else if !dropFirstUnsent() {
        break
      }
    }
    if head > 64, head * 2 > items.count {
      items.removeFirst(head)
      head = 0
    }
  }

  /// Queues a reply, to be sent once entry `afterSeq` has been (at once when `nil`).
  mutating func reply(_ line: Data, afterSeq: Int?, now: UInt64) {
    replies.append((afterSeq, line, now))
  }

  /// Removes the first item held, or (`afterGap`) the one after the front gap record.
  private mutating func popFront(afterGap: Bool = false) -> Item {
    if afterGap {
      items.swapAt(head, head + 1)
    }
    let item = items[head]
    items[head] = .removed
    head += 1
    bytes -= item.bytes.count
    return item
  }

  /// Puts the buffer's gap record at the front, replacing the one there.
  private mutating func setFrontGap(first: Int, last: Int, replacing: Bool) {
    let line = LiveLine.gapRecord(first: first, count: last - first + 1, reason: "buffer")
    let item = Item(bytes: line, kind: .gap(first: first, count: last - first + 1), isDropGap: true)
    if replacing {
      bytes -= items[head].bytes.count
      items[head] = item
    } else if head > 0 {
      head -= 1
      items[head] = item
    } else {
      items.insert(item, at: 0)
    }
    bytes += line.count
  }

  /// Drops the oldest unsent line, and the lines that cannot be read without it, into
  /// the gap record at the front; `false` when nothing can be dropped (only that gap, or
  /// a closing record, is left).
  private mutating func dropFirstUnsent() -> Bool {
    let gapBefore: (first: Int, count: Int)? =
      if items[head].isDropGap, case .gap(let first, let count) = items[head].kind {
        (first, count)
      } else { nil }
    let index = gapBefore == nil ? head : head + 1
    guard index < items.count else { return false }
    if case .closing = items[index].kind { return false }
    let item = popFront(afterGap: gapBefore != nil)
    guard let range = Self.seqRange(item.kind) else {
      // A line without a seq (another writer's entry) is dropped without a trace.
      return true
    }
    var last = range.last
    // The entry completing a dropped pending record goes with it, and so do compact
    // entries, whose patch applies to a state the listener will not have.
    while (gapBefore == nil ? head : head + 1) < items.count {
      let next = items[gapBefore == nil ? head : head + 1].kind
      if let seqs = Self.seqRange(next), seqs.first <= last {
        last = max(last, seqs.last)
      } else if case .entry(let seq?, false) = next {
        last = max(last, seq)
      } else {
        break
      }
      _ = popFront(afterGap: gapBefore != nil)
    }
    let first = min(gapBefore?.first ?? range.first, range.first)
    dropped += (last - first + 1) - (gapBefore?.count ?? 0)
    setFrontGap(first: first, last: last, replacing: gapBefore != nil)
    return true
  }

  private static func seqRange(_ kind: LiveLine) -> (first: Int, last: Int)? {
    switch kind {
    case .entry(let seq?, _), .pending(let seq?): (seq, seq)
    case .gap(let first, let count): (first, first + count - 1)
    default: nil
    }
  }

  /// Hands over the next unsent lines (and the replies whose entries they include), up
  /// to about `maxBytes`, marking them sent; empty when there is nothing to send.
  /// - Parameters:
  ///   - now: The time in nanoseconds (any monotonic clock).
  ///   - replyDelay: How long a reply waits for its entry before it goes anyway (the
  ///     entry was dropped, or recording stopped), in nanoseconds.
  mutating func take(maxBytes: Int, now: UInt64, replyDelay: UInt64) -> Data {
    var out = Data()
    if headerUnsent, let header {
      out.append(header)
      headerUnsent = false
    }
    while head + sent < items.count, out.count < maxBytes {
      let item = items[head + sent]
      out.append(item.bytes)
      if let last = item.kind.lastSeq { takenThrough = max(takenThrough, last) }
      sent += 1
    }
    var waiting: [(afterSeq: Int?, line: Data, since: UInt64)] = []
    for reply in replies {
      if reply.afterSeq.map({ $0 <= takenThrough }) ?? true || now &- reply.since > replyDelay {
        out.append(reply.line)
      } else {
        waiting.append(reply)
      }
    }
    replies = waiting
    return out
  }

  /// Prepares a new connection: the listener has everything up to `lastSeq` (`nil`:
  /// nothing). Lines it has count as sent; what it lacks and the buffer no longer holds
  /// becomes a gap record (`"reason":"lost"`). Replies to the previous connection's
  /// commands are dropped.
  /// - Returns: What to send first: the header, and that gap record when there is one.
  mutating func resume(after lastSeq: Int?) -> Data {
    replies = []
    headerUnsent = false
    let known = lastSeq ?? 0
    var start = head
    while start < items.count, let last = items[start].kind.lastSeq, last <= known {
      start += 1
    }
    if start < items.count, case .gap(let first, let count) = items[start].kind, first <= known {
      // A gap the listener has the start of: only its rest is news.
      let line = LiveLine.gapRecord(
        first: known + 1, count: first + count - 1 - known, reason: "buffer")
      bytes += line.count - items[start].bytes.count
      items[start] = Item(
        bytes: line, kind: .gap(first: known + 1, count: first + count - 1 - known), isDropGap: true
      )
    }
    sent = start - head
    takenThrough = known
    var preamble = header ?? Data()
    guard start < items.count, let next = Self.seqRange(items[start].kind)?.first,
      next > known + 1
    else { return preamble }
    var last = next - 1
    // Compact entries after the hole have no base either.
    while head + sent < items.count, case .entry(let seq?, false) = items[head + sent].kind {
      last = seq
      sent += 1
    }
    preamble.append(LiveLine.gapRecord(first: known + 1, count: last - known, reason: "lost"))
    takenThrough = last
    return preamble
  }
}
