import TimeTravelDiff
import TimeTravelJSON

extension Watch {
  /// ``hit(_:at:)``, with what changed inside the value when it is a container on both
  /// sides: the changes of `JSONDiff.lazyChanges(from:to:options:)` at pointers relative
  /// to `path`. `changes` is `nil` when a side is absent or when the value is not a
  /// container of one kind on both sides (the change is then the replacement of the
  /// whole value).
  ///
  /// The two containers are compared by their bytes when parsed from a log line and not
  /// built yet, so an entry that left the value unchanged, and every unchanged member or
  /// element of a changed one, costs a comparison of bytes and builds nothing; the hit's
  /// ``Hit/old`` and ``Hit/new`` are then left unbuilt until read.
  /// - Returns: The same hits as ``hit(_:at:)``: `nil` exactly when it is `nil`.
  /// - Complexity: O(bytes of both values), plus building what changed.
  public static func hitWithChanges(
    _ entry: LogEntry, at path: JSONPointer, options: DiffOptions = .init()
  ) -> (hit: Hit, changes: [JSONChange]?)? {
    let old = path.resolve(in: entry.prior)
    let new = path.resolve(in: entry.next)
    var changes: [JSONChange]?
    switch (old, new) {
    case (nil, nil):
      return nil
    case (let old?, let new?):
      let found = JSONDiff.lazyChanges(from: old, to: new, options: options)
      guard !found.isEmpty else { return nil }
      switch (old, new) {
      case (.array, .array), (.object, .object): changes = found
      default: break
      }
    default:
      break
    }
    let hit = Hit(entry, old: old, new: new)
    return (hit, changes)
  }
}
