import TimeTravelJSON

/// The undo history of an edited replay: slots named by the step that made them, so a
/// recorded undo, redo or jump reaches the state of the same entry as it did in the
/// recording, wherever the edits put that entry.
///
/// A move's target is given as a chain of owners (`RecordedTimeline`): the entry
/// whose state the recording moved to, then the entries of the slots before it. The
/// move goes to the first of them, from the target back, that the edited history
/// holds: without the target's entry, that is the state just before it. Slot 0 (owner
/// 0, the initial state) is never dropped, so a move always lands.
struct ForkHistory {
  /// Where a slot's state comes from.
  enum Stored {
    /// The log's state `index` (0: the initial state, k: after entry k).
    case recorded(Int)
    /// A snapshot of the reducer's run, which is forked to continue from it.
    case run(StateRecomputer.Run)
  }

  struct Slot {
    /// The position of the recorded entry that made the slot, 0 for the initial state,
    /// negative for an inserted action.
    var owner: Int
    var stored: Stored
  }

  private(set) var slots: [Slot]
  private(set) var cursor: Int
  /// Slot index by owner.
  private var index: [Int: Int] = [:]

  /// A history of the recorded slots `owners` (states read from the log) with the cursor
  /// at `cursor`.
  init(recordedOwners owners: [Int], cursor: Int) {
    slots = owners.map { Slot(owner: $0, stored: .recorded($0)) }
    self.cursor = cursor
    for (i, owner) in owners.enumerated() { index[owner] = i }
  }

  /// Makes a new slot for the step `owner` after the cursor, dropping the redo branch.
  mutating func append(owner: Int, stored: Stored) {
    if cursor + 1 < slots.count {
      for slot in slots[(cursor + 1)...] { index[slot.owner] = nil }
      slots.removeSubrange((cursor + 1)...)
    }
    slots.append(Slot(owner: owner, stored: stored))
    cursor = slots.count - 1
    index[owner] = cursor
  }

  /// Moves the cursor to the slot of the last owner of `chain` held (see the type's
  /// notes).
  /// - Returns: The slot moved to, or `nil` when it is the current one (the move
  ///   changes nothing).
  mutating func move(along chain: [Int]) -> Slot? {
    var target = 0
    for owner in chain.reversed() {
      if let slot = index[owner] {
        target = slot
        break
      }
    }
    guard target != cursor else { return nil }
    cursor = target
    return slots[target]
  }
}
