/// Every state a store has shown, plus a cursor: the value behind undo, redo and jump.
///
/// Index 0 is the initial state. Appending after an undo or a backwards jump discards the
/// states after the cursor (the redo branch), as in most editors.
public struct History<State> {
  /// All retained states, oldest first; never empty.
  public private(set) var states: [State]
  /// The index in ``states`` of the current state.
  public private(set) var currentIndex: Int

  /// Creates a history holding only `initialState`, at index 0.
  ///
  /// - Parameter initialState: The state before any action.
  public init(initialState: State) {
    states = [initialState]
    currentIndex = 0
  }

  /// The state at ``currentIndex``.
  public var currentState: State { states[currentIndex] }

  /// Whether ``undo()`` would move the cursor.
  public var canUndo: Bool { currentIndex > 0 }

  /// Whether ``redo()`` would move the cursor.
  public var canRedo: Bool { currentIndex < states.count - 1 }

  /// Makes `state` the current state, dropping any redo branch first.
  ///
  /// - Parameter state: The state produced by a new action.
  /// - Complexity: O(*k*) where *k* is the number of states dropped; amortized O(1)
  ///   otherwise.
  public mutating func append(_ state: State) {
    if canRedo {
      states.removeSubrange((currentIndex + 1)...)
    }
    states.append(state)
    currentIndex += 1
  }

  /// Moves the cursor one state back.
  ///
  /// - Returns: `false`, leaving the history unchanged, when already at index 0.
  @discardableResult
  public mutating func undo() -> Bool {
    guard canUndo else { return false }
    currentIndex -= 1
    return true
  }

  /// Moves the cursor one state forward along the redo branch.
  ///
  /// - Returns: `false`, leaving the history unchanged, when there is nothing to redo.
  @discardableResult
  public mutating func redo() -> Bool {
    guard canRedo else { return false }
    currentIndex += 1
    return true
  }

  /// Moves the cursor to `index` without discarding anything.
  ///
  /// - Parameter index: A history index, 0 being the initial state.
  /// - Returns: `false`, leaving the history unchanged, when `index` is out of
  ///   `states.indices` or already current (a move to the same place is not a
  ///   transition).
  @discardableResult
  public mutating func jump(to index: Int) -> Bool {
    guard states.indices.contains(index), index != currentIndex else { return false }
    currentIndex = index
    return true
  }
}

extension History: Sendable where State: Sendable {}
extension History: Equatable where State: Equatable {}
