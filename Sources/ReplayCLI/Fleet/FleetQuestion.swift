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

  /// The answer of the log of `context`.
  /// - Throws: ``LogError`` and ``CommandError`` as the mode on that log alone.
  func answer(_ context: Context) throws -> FleetLogResult {
    let log = context.log
    let restriction = try EntryFilter(filter, log: log, modules: modules)
    switch kind {
    case .summary:
      let summary =
        filter == nil
        ? try LogSummary(fastScanning: log)
        : try LogSummary(
          fastScanning: log, reading: restriction.projection, including: restriction.includes)
      return .summary(
        summary, pending: log.pendingEntry, total: filter == nil ? nil : log.entryCount)
    case .find(let expression):
      let hits = try FindMode.search(
        context, filter: expression, what: "the --find expression", restriction: restriction)
      return .entries(hits.map(\.entry))
    case .watch(let path):
      let reading = Watch.projection(at: path).union(restriction.projection)
      var hits: [Watch.Hit] = []
      try log.scan { line -> Watch.Hit? in
        let entry = try line.entry(reading: reading)
        guard let hit = Watch.hit(entry, at: path), try restriction.includes(entry) else {
          return nil
        }
        return hit
      } consume: { _, hit in
        if let hit { hits.append(hit) }
        return true
      }
      return .hits(hits)
    }
  }
}

/// One log's part of a fleet's report.
enum FleetLogResult: Sendable {
  /// `total` is the log's entry count when `--where` restricted the summary.
  case summary(LogSummary, pending: PendingEntry?, total: Int?)
  case entries([LogEntry])
  case hits([Watch.Hit])
}
