import TimeTravelJSON

/// The provenance checks of a summary: each entry's `site` and `origin` as ``LogEntry/provenanceWarnings``
/// reads them, and, over the whole log, each `origin.cause` as ``LogFile/causeChain(ofEntry:)``
/// follows it: a cause that names no entry, one that does not come before what it caused,
/// and causes that go round in a cycle.
///
/// Every kind of warning is listed for its first three entries; past them one warning
/// counts the rest (see ``WarningCounter``).
///
/// Both summaries (``LogSummary/init(scanning:including:)`` and the fast scan) feed it the
/// members as written, entry after entry, so they report the very same warnings.
struct ProvenanceCheck {
  /// What a warning is about, for counting.
  enum Kind: Int, Hashable {
    case siteUnreadable, siteControlCharacters, originUnreadable, causeMissing, causeAfter, cycle

    /// `whose sites cannot be read`: the rest of the sentence that counts them.
    var counted: String {
      switch self {
      case .siteUnreadable: "whose sites cannot be read"
      case .siteControlCharacters: "whose sites hold control characters"
      case .originUnreadable: "whose /origin cannot be read"
      case .causeMissing: "whose causes are not in the log"
      case .causeAfter: "whose causes do not come before them"
      case .cycle: "whose causes go round in a cycle"
      }
    }
  }

  private let log: LogFile
  /// The entries with an integer `origin.cause`: position, number, line and cause.
  private var causes: [(position: Int, seq: Int, line: Int, cause: Int)] = []
  private var counter = WarningCounter<Kind>()

  init(_ log: LogFile) { self.log = log }

  /// Checks the `site` and `origin` members (as written) of the entry at `position`.
  mutating func check(position: Int, seq: Int, line: Int, site: JSONValue?, origin: JSONValue?) {
    guard site != nil || origin != nil else { return }
    for warning in LogEntry.provenanceWarnings(seq: seq, line: line, site: site, origin: origin) {
      let kind: Kind =
        warning.message.contains("'s site cannot be read")
        ? .siteUnreadable
        : warning.message.contains("'s site holds control characters")
          ? .siteControlCharacters : .originUnreadable
      note(kind, warning)
    }
    if case .object(let object)? = origin, let cause = object["cause"]?.numberValue?.intValue {
      causes.append((position, seq, line, cause))
    }
  }

  private mutating func note(_ kind: Kind, _ warning: LogWarning) { counter.add(kind, warning) }

  /// The warnings of every entry checked, in line order: the chain's found now that every
  /// cause is known. Call once, after the last entry.
  mutating func finish() -> [LogWarning] {
    checkCauses()
    return counter.warnings { kind, more in "\(more == 1 ? "entry" : "entries") \(kind.counted)" }
  }

  /// The causes, checked as `--why` follows them; each cycle named once, at its first
  /// entry (whose cause necessarily does not come before it).
  private mutating func checkCauses() {
    var index: [Int: Int] = [:]
    for (i, record) in causes.enumerated() { index[record.seq] = i }
    // The cause's record, when the cause is an entry with a cause of its own.
    func successor(_ i: Int) -> Int? { index[causes[i].cause] }
    // Cycles in the graph of causes, each node with one cause at most: walk from each
    // entry, marking the walk, until a marked entry ends it.
    var walk = [Int](repeating: 0, count: causes.count)  // 0 unseen, else the walk's id
    var onCycle = [Bool](repeating: false, count: causes.count)
    var cycles: [[Int]] = []
    for start in causes.indices where walk[start] == 0 {
      var path: [Int] = []
      var i: Int? = start
      while let node = i, walk[node] == 0 {
        walk[node] = start + 1
        path.append(node)
        i = successor(node)
      }
      if let node = i, walk[node] == start + 1, let at = path.firstIndex(of: node) {
        let cycle = Array(path[at...])
        for member in cycle { onCycle[member] = true }
        cycles.append(cycle)
      }
    }
    var found: [(LogWarning, Kind)] = []
    for cycle in cycles {
      let first = cycle.min { causes[$0].position < causes[$1].position }!
      let from = cycle.firstIndex(of: first)!
      let order = cycle[from...] + cycle[..<from]
      let chain = (order + [first]).map { String(causes[$0].seq) }.joined(separator: " ← ")
      let record = causes[first]
      found.append(
        (
          LogWarning(
            line: record.line,
            message:
              "entry \(record.seq)'s cause, entry \(record.cause), leads back to it: a cycle of causes (\(chain))"
          ), .cycle
        ))
    }
    for (i, record) in causes.enumerated() where !onCycle[i] {
      guard let position = log.numbering.position(ofNumber: record.cause) else {
        found.append(
          (
            LogWarning(
              line: record.line,
              message:
                "entry \(record.seq)'s cause, entry \(record.cause), is not in the log\(log.missingReason(record.cause))"
            ), .causeMissing
          ))
        continue
      }
      if position >= record.position {
        found.append(
          (
            LogWarning(
              line: record.line,
              message: "entry \(record.seq)'s cause, entry \(record.cause), does not come before it"
            ),
            .causeAfter
          ))
      }
    }
    found.sort { ($0.0.line ?? 0) < ($1.0.line ?? 0) }
    for (warning, kind) in found { note(kind, warning) }
  }
}
