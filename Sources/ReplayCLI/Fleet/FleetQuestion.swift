import TimeTravel
import TimeTravelJQ

/// What is asked of each log of a fleet, its expressions compiled once (so that a syntax
/// error is reported once, not per log).
struct FleetQuestion: Sendable {
  enum Kind: Sendable {
    /// The summary: entries, actions, and how the session ended.
    case summary
    /// `--find EXPR`: the matching entries.
    case find(JQFilter)
    /// `--watch PATH`: the entries that changed the value at the path.
    case watch(JSONPointer)
  }

  var kind: Kind
  /// `--where EXPR`, checked by compiling it.
  var filter: String?
  /// Where `import` and `include` find modules (`-L`).
  var modules: JQModuleSearch
  /// The mode's declaration (what it needs of an action-only log's states).
  var declaration: ModeDeclaration

  /// Whether the answer lists matches (`--find`, `--watch`) rather than summing up.
  var listsMatches: Bool {
    if case .summary = kind { return false }
    return true
  }

  /// The question `mode` asks with `options`.
  /// - Throws: ``CommandError`` (exit 2) for an expression or path that does not parse.
  init(_ mode: any LogMode, _ options: Options) throws {
    declaration = type(of: mode).declaration
    filter = options.filter
    modules = options.modules
    if let filter {
      _ = try JQPredicate.compile(filter, what: "--where expression", modules: modules)
    }
    switch mode {
    case let find as FindMode:
      kind = .find(
        try JQPredicate.compile(
          find.expression, what: "--find expression", modules: modules))
    case let watch as WatchMode:
      do {
        kind = .watch(try WatchPath.pointer(parsing: watch.path))
      } catch {
        throw CommandError(code: ExitCode.usage, message: "--watch: \(error.message)")
      }
    default:
      kind = .summary
    }
  }

  /// The answer of the log of `context`. For `--find` and `--watch`, each match is
  /// rendered by `render` on the scan's worker that read it and handed to `emit` on the
  /// calling thread, in log order, as the scan consumes it: memory follows one match,
  /// not the log's.
  /// - Throws: ``LogError`` and ``CommandError`` as the mode on that log alone, after
  ///   `emit` has had every match before the entry that failed.
  func answer(
    _ context: Context, render: @Sendable (FleetMatch) throws -> [UInt8],
    emit: ([UInt8]) -> Void
  ) throws -> FleetLogResult {
    let log = context.log
    let restriction = try EntryFilter(filter, log: log, modules: modules)
    switch kind {
    case .summary:
      let summary =
        filter == nil
        ? try LogSummary(fastScanning: log)
        : try LogSummary(
          fastScanning: log, reading: restriction.projectionReadingActionInPart,
          including: restriction.includes)
      return .summary(
        summary, pending: log.pendingEntry, total: filter == nil ? nil : log.entryCount)
    case .find(let expression):
      try FindMode.forEachHit(
        context, filter: expression, what: "the --find expression", restriction: restriction,
        progress: nil, render: { try render(.entry($0)) }
      ) { _, item in emit(item) }
    case .watch(let path):
      let reading = Watch.projection(at: path).union(restriction.projection)
      try log.scan { line -> [UInt8]? in
        let entry = try line.entry(reading: reading)
        guard let hit = Watch.hit(entry, at: path), try restriction.includes(entry) else {
          return nil
        }
        return try render(.hit(hit))
      } consume: { _, item in
        if let item { emit(item) }
        return true
      }
    }
    return .matches
  }
}

/// A match of `--find` (the entry, without its states) or `--watch` (the hit).
enum FleetMatch: Sendable {
  case entry(LogEntry)
  case hit(Watch.Hit)
}

/// One log's part of a fleet's report.
enum FleetLogResult: Sendable {
  /// `total` is the log's entry count when `--where` restricted the summary.
  case summary(LogSummary, pending: PendingEntry?, total: Int?)
  /// The matches of `--find` or `--watch`: their records went to the stream, which counts
  /// them (``FleetRun/Answer/matches``).
  case matches
}
