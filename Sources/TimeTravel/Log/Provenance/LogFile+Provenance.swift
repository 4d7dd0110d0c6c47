import TimeTravelJSON

extension LogFile {
  /// Whether the log has effect records (see <doc:LogFormat#Effect-records>).
  public var hasEffectRecords: Bool { !effectLines.isEmpty }

  /// The entry numbered `number`, or `nil` when no entry is: what a query's `entry(K)`
  /// reads (see ``numbering``).
  ///
  /// - Parameter number: An entry number, as the log names entries.
  /// - Throws: ``LogError`` as ``entry(_:)`` does for that entry's line.
  /// - Complexity: One line read and parsed (a compact entry: as ``entry(_:)``).
  public func entry(numbered number: Int) throws(LogError) -> LogEntry? {
    guard let position = numbering.position(ofNumber: number) else { return nil }
    return try entry(position)
  }

  /// Every effect run of the log, paired from its effect records, with warnings for what
  /// could not be read or paired (see ``EffectRuns/warnings``). A log without effect
  /// records has none (``EffectRuns/empty``).
  ///
  /// - Throws: ``LogError`` `.cannotOpen` naming the line when the file cannot be read
  ///   there any more (it was truncated since it was opened). A record that is not JSON
  ///   or not an effect record is a warning, not an error.
  /// - Complexity: One read and parse per effect record; entry lines are not read.
  public func effectRuns() throws(LogError) -> EffectRuns {
    var runs = EffectRuns()
    let startsMayBeMissing = (header?.dropped ?? 0) > 0 || !gaps.isEmpty
    for i in effectLines {
      guard let record = try effectRecord(atLineIndex: i, warnings: &runs) else { continue }
      runs.add(record, line: i + 1, startsMayBeMissing: startsMayBeMissing) {
        numbering.position(ofNumber: $0) != nil
      }
    }
    return runs
  }

  /// The chain of causes of the entry numbered `number`: from the root action down to
  /// it, following each entry's `origin.cause`, with the effect run between links when
  /// its start record is where the format puts it (after the causing entry).
  ///
  /// - Parameter number: An entry number, as the log names entries.
  /// - Returns: The chain, root first; its warnings say where it is broken (a cause that
  ///   names no entry, a cycle, a cause after what it causes) and the chain stops there.
  /// - Throws: ``LogError`` `.outOfRange` when no entry has that number; the error of
  ///   ``entry(_:)`` when a line on the chain is not a valid entry.
  /// - Complexity: Reads only the lines on the chain: one per link, plus the effect
  ///   records right after each causing entry. Never loops: a cause already on the chain
  ///   ends it.
  public func causeChain(ofEntry number: Int) throws(LogError) -> CauseChain {
    guard let first = numbering.position(ofNumber: number) else {
      throw LogError(
        kind: .outOfRange, path: path,
        message: "no entry is numbered \(number) (the log has entries \(numbering.rangeText))")
    }
    var links: [CauseChain.Link] = []
    var warnings: [LogWarning] = []
    var onChain: Set<Int> = [number]
    var position = first
    while true {
      var link = try chainLink(atPosition: position, warnings: &warnings)
      let seq = link.seq
      guard let origin = link.origin, let cause = origin.cause else {
        links.append(link)
        break
      }
      func stop(_ message: String) {
        warnings.append(
          LogWarning(line: link.line, message: "entry \(seq)'s cause, entry \(cause), \(message)"))
        links.append(link)
      }
      guard !onChain.contains(cause) else {
        stop("is already on its chain of causes (a cycle); the chain stops here")
        break
      }
      guard let causePosition = numbering.position(ofNumber: cause) else {
        stop("is not in the log\(missingReason(cause)); the chain stops here")
        break
      }
      // A cause recorded after what it caused cannot be its cause: the log was written
      // out of order, or its numbers name other entries than the app meant.
      guard causePosition < position else {
        stop("does not come before it; the chain stops here")
        break
      }
      link.effect = try effectStart(
        sending: origin, afterPosition: causePosition, warnings: &warnings)
      links.append(link)
      onChain.insert(cause)
      position = causePosition
    }
    return CauseChain(links: links.reversed(), warnings: warnings)
  }

  /// Why entry `number` may be missing: the ring dropped it, or a gap record covers it.
  func missingReason(_ number: Int) -> String {
    if let dropped = header?.dropped, dropped > 0, let first = numbering.first, number < first {
      return " (ring mode dropped the entries before \(first))"
    }
    if gaps.contains(where: { number >= $0.firstSeq && number - $0.firstSeq < $0.dropped }) {
      return " (the recorder dropped it: its queue was full)"
    }
    return ""
  }

  /// The link for the entry at `position`: its line parsed, but no state rebuilt.
  private func chainLink(atPosition position: Int, warnings: inout [LogWarning])
    throws(LogError) -> CauseChain.Link
  {
    let line = lineNumber(ofEntry: position)
    let value = try parseLine(line)
    guard case .object(let object) = value, let action = object["action"] else {
      _ = try entry(position)  // throws the reader's message for this line
      throw LogError(kind: .invalidEntry, path: path, line: line, message: "not an entry")
    }
    var link = CauseChain.Link(
      seq: numbering.number(atPosition: position), line: line, action: action)
    link.time = object["time"]?.stringValue
    var entry = LogEntry(
      seq: link.seq, time: link.time, action: action, prior: .null, next: .null, line: line)
    entry.hasStates = false
    for (key, member) in object where key == "site" || key == "origin" {
      entry.otherMembers[key] = member
    }
    link.site = entry.site
    link.origin = entry.origin
    warnings += entry.provenanceWarnings
    return link
  }

  /// The start record of the run that sent an action with `origin`: among the effect
  /// records right after the causing entry (at `position`), where writers put it.
  private func effectStart(
    sending origin: LogOrigin, afterPosition position: Int, warnings: inout [LogWarning]
  ) throws(LogError) -> EffectRun? {
    let from = lineIndex(ofEntry: position)
    let to = position < entryCount ? lineIndex(ofEntry: position + 1) : Int.max
    var runs = EffectRuns()
    var candidates: [EffectRun] = []
    for i in effectLines[Self.lowerBound(effectLines, from + 1)...] {
      guard i < to else { break }
      guard case .start(let run)? = try effectRecord(atLineIndex: i, warnings: &runs) else {
        continue
      }
      if let id = origin.effectID {
        if run.id == id { return run }
      } else if run.name == origin.effect, run.cause == origin.cause {
        candidates.append(run)
      }
    }
    warnings += runs.warnings
    // Without an id, a name is enough only when it names one run.
    return candidates.count == 1 ? candidates[0] : nil
  }

  /// The effect record on line index `i`, or `nil` with a warning when it cannot be read.
  private func effectRecord(atLineIndex i: Int, warnings runs: inout EffectRuns)
    throws(LogError) -> EffectRecord?
  {
    let value: JSONValue
    do {
      value = try parseLine(i + 1)
    } catch  where error.kind == .malformedLine {
      runs.warn(
        i + 1, .unreadable, "an effect record cannot be read (\(error.message)); ignored it")
      return nil
    }
    switch EffectRecord.read(value, line: i + 1, after: entryNumber(beforeLineIndex: i)) {
    case .success(let record):
      return record
    case .failure(let problem):
      runs.warn(i + 1, .unreadable, "an effect record cannot be read (\(problem.text)); ignored it")
      return nil
    }
  }

  /// The number of the last entry before line index `i`, `nil` when none is.
  func entryNumber(beforeLineIndex i: Int) -> Int? {
    let count: Int
    if let entryLines {
      count = Self.lowerBound(entryLines, i)
    } else {
      count = min(entryCount, max(0, i - firstEntryLine))
    }
    return count > 0 ? numbering.number(atPosition: count) : nil
  }

  /// The index of the first element of the ascending `array` that is at least `value`.
  static func lowerBound(_ array: [Int], _ value: Int) -> Int {
    var low = 0
    var high = array.count
    while low < high {
      let mid = (low + high) / 2
      if array[mid] < value { low = mid + 1 } else { high = mid }
    }
    return low
  }
}
