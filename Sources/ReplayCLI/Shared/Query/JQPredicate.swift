import TerminalEditor
import TimeTravel
import TimeTravelJQ

/// Compiling and running predicates, with the CLI's exit codes.
enum JQPredicate {
  /// The variables every expression of the CLI sees.
  static let variableNames = ["seq", "action", "prior"]
  /// The functions every expression of the CLI may call besides jq's: `entry(K)`.
  static let hostFunctions: Set<String> = ["entry/1"]

  /// Compiles `source` with `$seq`, `$action` and `$prior` declared, so an
  /// unknown variable is a syntax error naming its column, as in jq, and `entry/1`;
  /// its `import` and `include` directives find modules on `modules` (`-L`).
  static func compile(_ source: String, what: String = "predicate", modules: JQModuleSearch)
    throws -> JQFilter
  {
    do {
      return try JQFilter(
        source, variableNames: variableNames, hostFunctions: hostFunctions, modules: modules)
    } catch {
      throw CommandError(
        code: ExitCode.usage,
        message: "\(what) syntax error at \(error.description)\n\(error.caretLine)")
    }
  }

  /// `$seq`, `$action` and `$prior`: the seq, action and prior state of `entry`, the
  /// entry that led to the state (all `null` on the initial state, which none led to);
  /// with `filter`, only those it reads (often none: an empty dictionary costs nothing to
  /// make, and a scan makes one per entry).
  static func bindings(entry: LogEntry?, readBy filter: JQFilter? = nil) -> [String: JSONValue] {
    let reads = filter?.freeVariables
    if let reads, reads.isEmpty { return [:] }
    var bindings: [String: JSONValue] = [:]
    func bind(_ name: String, _ value: @autoclosure () -> JSONValue) {
      if reads?.contains(name) ?? true { bindings[name] = value() }
    }
    bind("seq", entry.map { .number(JSONNumber($0.seq)) } ?? .null)
    bind("action", entry?.action ?? .null)
    bind("prior", entry?.prior ?? .null)
    return bindings
  }

  /// What `filters`, run on an entry (`holds(_:onEntry:what:)`), read of it: the parts of
  /// the entry object they read, and of `$prior`; `$action` is always read whole, and
  /// `$seq` is the entry's number. No filter reads nothing.
  static func entryProjection(_ filters: [JQFilter]) -> EntryProjection {
    var reading = EntryProjection()
    for filter in filters {
      let projection = filter.projection(reading: .truthiness)
      reading = reading.union(EntryProjection(entry: projection.input ?? .nothing))
      if let prior = projection.variables["prior"] {
        reading = reading.union(EntryProjection(prior: prior))
      }
    }
    return reading
  }

  /// ``entryProjection(_:)`` reading of the action only what `filters` read of it (of the
  /// entry's `action` and of `$action`) and what names it
  /// (`EntryProjection.readingAction(_:)`): for a scan that keeps no entry's action, or
  /// reads a hit's whole action afterwards (`LogLine.action()`).
  static func entryProjectionReadingActionInPart(_ filters: [JQFilter]) -> EntryProjection {
    var action: JSONProjection?
    func read(_ part: JSONProjection?) {
      guard let part else { return }
      action = action.map { $0.union(part) } ?? part
    }
    for filter in filters {
      let projection = filter.projection(reading: .truthiness)
      read((projection.input ?? .nothing).member("action"))
      read(projection.variables["action"])
    }
    return entryProjection(filters).readingAction(action)
  }

  /// `entry(K)` on `log`: entry K as `--find` sees entries (`{seq, time, action, prior,
  /// next}` and its other members: `origin`, `site`, …), or `null` when no entry has that
  /// number or K is `null`. It reads that entry's line only.
  static func host(_ log: LogFile?) -> JQHost? {
    guard let log else { return nil }
    return entryHost { number throws(LogError) in
      try log.entry(numbered: number)?.jsonValue
    } describing: {
      $0.description
    }
  }

  /// A host lending `entry/1`: `null` for `null` (`.origin.cause as $c | entry($c)` on an
  /// entry without a cause), `lookup(K)` for an integer K (`null` when it finds none), an
  /// error for anything else or when `lookup` fails (its error as `describing` words it).
  static func entryHost<Failure: Error>(
    _ lookup: @escaping @Sendable (Int) throws(Failure) -> JSONValue?,
    describing: @escaping @Sendable (Failure) -> String
  ) -> JQHost {
    let entry: JQHost.Function = { _, arguments in
      if arguments[0] == .null { return .null }
      guard let number = arguments[0].numberValue?.intValue else {
        throw JQRuntimeError(
          message:
            "entry/1 takes an entry's seq (an integer), not \(JSONPrinter.compact.print(arguments[0]))"
        )
      }
      do throws(Failure) {
        return try lookup(number) ?? .null
      } catch {
        throw JQRuntimeError(message: "entry(\(number)) cannot be read: \(describing(error))")
      }
    }
    return JQHost(functions: ["entry/1": entry])
  }

  /// State `k` of `log` and the entry that led to it (`nil` for state 0), read with one
  /// parse of its line: entry k's `next` is state k.
  static func state(_ k: Int, of log: LogFile) throws -> (state: JSONValue, entry: LogEntry?) {
    guard k > 0 else { return (try log.state(0), nil) }
    let entry = try log.entry(k)
    return (entry.next, entry)
  }

  /// Runs `filter` on the state at position `k` with `$seq`, `$action` and `$prior`
  /// bound (all null on the initial state, position 0).
  static func holds(_ filter: JQFilter, on log: LogFile, state k: Int) throws -> Bool {
    let (state, entry) = try state(k, of: log)
    return try holds(filter, onState: state, after: entry, host: host(log))
  }

  /// ``holds(_:on:state:)`` on a state already read: `state`, the `next` of `entry` (`nil`
  /// for the initial state, which no entry led to), with `entry(K)` served by `host`.
  static func holds(
    _ filter: JQFilter, onState state: JSONValue, after entry: LogEntry?, host: JQHost?
  ) throws -> Bool {
    do {
      return try filter.holds(
        on: state, variables: bindings(entry: entry, readBy: filter), host: host)
    } catch {
      let at =
        entry.map {
          "state \($0.seq) (after entry \($0.seq), \(TerminalText.sanitize($0.actionName)))"
        }
        ?? "the initial state (init)"
      throw CommandError(
        code: ExitCode.evaluationError,
        message: "the predicate failed on \(at): \(error.description)")
    }
  }

  /// Whether `filter` holds on the whole entry `{seq, time, action, prior, next}`, with
  /// `entry(K)` reading `log`.
  static func holds(
    _ filter: JQFilter, onEntry entry: LogEntry, in log: LogFile?, what: String
  ) throws -> Bool {
    try holds(filter, onEntry: entry, host: host(log), what: what)
  }

  /// ``holds(_:onEntry:in:what:)`` with `entry(K)` served by `host` (``host(_:)`` of the
  /// log), made once for a scan rather than once per entry.
  static func holds(
    _ filter: JQFilter, onEntry entry: LogEntry, host: JQHost?, what: String
  ) throws -> Bool {
    do {
      return try filter.holds(
        on: entry.jsonValue, variables: bindings(entry: entry, readBy: filter), host: host)
    } catch {
      throw CommandError(
        code: ExitCode.evaluationError,
        message:
          "\(what) failed on entry \(entry.seq) (\(TerminalText.sanitize(entry.actionName))): \(error.description)"
      )
    }
  }
}
