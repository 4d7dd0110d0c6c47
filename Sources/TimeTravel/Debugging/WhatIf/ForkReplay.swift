import TimeTravelJSON

/// A replay of an edited history through the reducer: the typed state, and (when a
/// move may follow) the undo history the moves go through. Effects are not run.
struct ForkReplay {
  let recomputer: StateRecomputer
  let log: LogFile
  private(set) var run: StateRecomputer.Run
  /// `nil` when no move follows, so no state needs keeping.
  var history: ForkHistory?
  /// The history indices the last step moved between, when it was a move (equal when
  /// it changed nothing); `nil` after any other step.
  private(set) var lastMove: (from: Int, to: Int)?

  /// Starts from the log's state `index` (0: the initial state).
  /// - Throws: ``WhatIfError`` `.undecodableState` naming the state and the pointer
  ///   when it does not decode as the reducer's `State`.
  init(log: LogFile, recomputer: StateRecomputer, state index: Int, history: ForkHistory?)
    throws(WhatIfError)
  {
    self.log = log
    self.recomputer = recomputer
    self.history = history
    self.run = try Self.start(log: log, recomputer: recomputer, state: index)
  }

  /// Continues from `run` (a snapshot, which is forked) and `history`.
  init(log: LogFile, recomputer: StateRecomputer, run: StateRecomputer.Run, history: ForkHistory?) {
    self.log = log
    self.recomputer = recomputer
    self.run = run.fork()
    self.history = history
  }

  static func start(log: LogFile, recomputer: StateRecomputer, state index: Int)
    throws(WhatIfError) -> StateRecomputer.Run
  {
    let json: JSONValue
    do { json = try log.state(index) } catch { throw WhatIfError(error) }
    do { return try recomputer.start(json, log.nils) } catch {
      let seq = index > 0 ? log.numbering.number(atPosition: index) : nil
      let which = seq.map { "the state after entry \($0)" } ?? "the initial state"
      throw WhatIfError(
        kind: .undecodableState, path: log.path, seq: seq,
        line: index > 0 ? log.lineNumber(ofEntry: index) : nil, pointer: error.pointer,
        message: "replaying through reducer \(recomputer.name): \(which): \(error.message)")
    }
  }

  /// Applies `step`: its action through the reducer, or its move through the history.
  /// - Throws: ``WhatIfError`` `.undecodableState` when a move returns to a recorded
  ///   state that does not decode.
  mutating func apply(_ step: ReplayStep) throws(WhatIfError) {
    try apply(step.kind, owner: step.owner)
  }

  /// Applies a step of kind `kind` made by `owner` (see `ReplayStep`).
  mutating func apply(_ kind: ReplayStep.Kind, owner: Int) throws(WhatIfError) {
    lastMove = nil
    switch kind {
    case .action(let action):
      run.apply(prepared: action)
      history?.append(owner: owner, stored: .run(run.fork()))
    case .unchanged:
      history?.append(owner: owner, stored: .run(run.fork()))
    case .move(let chain):
      guard var moved = history else { return }
      let from = moved.cursor
      defer {
        history = moved
        lastMove = (from, moved.cursor)
      }
      guard let slot = moved.move(along: chain) else { return }
      switch slot.stored {
      case .run(let snapshot): run = snapshot.fork()
      case .recorded(let index):
        run = try Self.start(log: log, recomputer: recomputer, state: index)
      }
    }
  }

  /// The current state as JSON, redacted as the app records it.
  /// - Throws: ``WhatIfError`` `.undecodableState` when it cannot be encoded.
  func state() throws(WhatIfError) -> JSONValue {
    do { return recomputer.redaction.redactingState(try run.encode()) } catch {
      throw WhatIfError(
        kind: .undecodableState, path: log.path,
        message: "replaying through reducer \(recomputer.name): \(error.message)")
    }
  }
}
