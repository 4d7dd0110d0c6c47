import TimeTravelJSON

extension LogFile {
  /// The state before the first entry of an action-only log, as the log records it: the
  /// header's `initialState`, else the first entry's `prior`; `nil` when it records none
  /// (an Elm history), so the reducer's own initial state is used.
  public var recordedInitialState: JSONValue? {
    if let state = header?.initialState { return state }
    guard entryCount > 0, case .object(let first)? = try? parseLine(lineNumber(ofEntry: 1))
    else { return nil }
    return first["prior"]
  }

  /// Whether ``entry(_:)`` and ``state(_:)`` give states: always, except for an
  /// action-only log before ``recompute(with:keyframeInterval:)``.
  public var hasStates: Bool { !isActionOnly || recomputation.withLock { $0 != nil } }

  /// The keyframe interval K of the recomputation, and the reducer applications it has
  /// made so far; `nil` before ``recompute(with:keyframeInterval:)``. For measurements.
  public var recomputationCounts: (interval: Int, keyframes: Int, applications: Int)? {
    recomputation.withLock { states in
      states.map { ($0.interval, $0.keyframeCount, $0.applications) }
    }
  }

  /// Makes an action-only log give states, recomputed through `recomputer` when asked
  /// for: state 0 is ``recordedInitialState`` (else the reducer's initial state), and
  /// each entry's `next` is its action applied to its `prior`; an entry marked
  /// `"skipped":true` (Redux DevTools' skip) leaves the state unchanged.
  ///
  /// Call it once, before reading entries; it does nothing to a log that records
  /// states.
  /// - Parameters:
  ///   - recomputer: The reducer to replay the actions through.
  ///   - keyframeInterval: K: a state is kept every K entries, so memory holds about
  ///     `entryCount / K` states and reaching any state costs at most K − 1 reducer
  ///     applications once the keyframes before it are made.
  /// - Throws: ``LogError`` `.doesNotFitReducer` when neither the log nor the reducer
  ///   has an initial state.
  /// - Complexity: O(1); states are computed when read.
  public func recompute(with recomputer: StateRecomputer, keyframeInterval: Int = 64)
    throws(LogError)
  {
    guard isActionOnly else { return }
    guard let initial = recordedInitialState ?? recomputer.initial(nils) else {
      throw LogError(
        kind: .doesNotFitReducer, path: path,
        message:
          "the log records actions only and no initial state, and reducer \(recomputer.name) has none registered to start from"
      )
    }
    let states = RecomputedStates(
      recomputer: recomputer, initialState: initial, interval: keyframeInterval, nils: nils,
      path: path, namesLines: header?.importedFrom == nil
    ) { [unowned self] (position) throws(LogError) -> RecomputedStates.Step in
      let line = lineNumber(ofEntry: position)
      guard case .object(let object) = try parseLine(line), let action = object["action"] else {
        throw LogError(
          kind: .invalidEntry, path: path, line: line, message: "the entry has no /action member")
      }
      return RecomputedStates.Step(
        action: action, skipped: object["skipped"] == .bool(true),
        seq: numbering.number(atPosition: position), line: line)
    }
    recomputation.withLock { $0 = states }
  }

  /// Entry `position` of an action-only log: its states recomputed, or `null` with
  /// ``LogEntry/hasStates`` false when no reducer was given.
  func actionOnlyEntry(position: Int, line: Int, action: JSONValue) throws(LogError) -> LogEntry {
    guard let states = recomputation.withLock({ $0 }) else {
      var entry = LogEntry(seq: 0, time: nil, action: action, prior: .null, next: .null, line: line)
      entry.hasStates = false
      return entry
    }
    let prior = try states.state(position - 1)
    let next = try states.state(position)
    return LogEntry(seq: 0, time: nil, action: action, prior: prior, next: next, line: line)
  }

  /// State `index` of an action-only log, recomputed.
  func recomputedState(_ index: Int) throws(LogError) -> JSONValue {
    guard let states = recomputation.withLock({ $0 }) else {
      throw LogError(
        kind: .invalidEntry, path: path,
        message:
          "the log records actions only, so its states must be recomputed through a reducer (replay's --reducer NAME)"
      )
    }
    return try states.state(index)
  }
}
