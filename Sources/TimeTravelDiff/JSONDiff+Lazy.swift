import TimeTravelJSON

extension JSONDiff {
  /// The changes of ``changes(from:to:options:)``, the same list, computed from the
  /// values' bytes where they were parsed and are not built yet (large containers parsed
  /// from a log line are built on first access), so that what did not change is neither
  /// built nor hashed: a to-do toggled in an array of a hundred builds two to-dos.
  ///
  /// Two such containers are compared by their bytes; when the bytes differ, an object's
  /// members are paired by key and an array's elements by ``DiffOptions/idKeys`` (the
  /// id of each element read from its bytes), or by position when the elements are
  /// scalars whose text is their only spelling (strings without escapes, integers,
  /// `true`, `false`, `null`). Pairs with equal bytes are equal and skipped; every other
  /// pair, and every value a change carries, is built and diffed as
  /// ``changes(from:to:options:)`` diffs it. Arrays of containers without ids, values
  /// already built, and nesting beyond 32 levels of differing containers are diffed
  /// whole, as ``changes(from:to:options:)`` does.
  ///
  /// - Returns: Exactly ``changes(from:to:options:)``'s result: empty when `old == new`.
  /// - Complexity: O(bytes of both values) to split and compare them, plus the eager
  ///   diff's cost on the parts that differ.
  public static func lazyChanges(
    from old: JSONValue, to new: JSONValue, options: DiffOptions = .init()
  ) -> [JSONChange] {
    let lazy = old.withUnbuiltText { a -> [JSONChange]? in
      let found = new.withUnbuiltText { b -> [JSONChange]? in
        var engine = TextDiffEngine(options: options, old: a, new: b)
        return try? engine.run(validating: false)
      }
      return found ?? nil
    }
    if let changes = lazy ?? nil { return changes }
    return changes(from: old, to: new, options: options)
  }

  /// ``changes(from:to:options:)`` of the JSON texts `old` and `new` (each exactly one
  /// value), computed from their bytes as ``lazyChanges(from:to:options:)`` computes it.
  /// - Throws: ``JSONParseError`` when a text is not one valid JSON value.
  static func changes(
    fromText old: UnsafeBufferPointer<UInt8>, toText new: UnsafeBufferPointer<UInt8>,
    options: DiffOptions = .init()
  ) throws(JSONParseError) -> [JSONChange] {
    var engine = TextDiffEngine(options: options, old: old, new: new)
    return try engine.run(validating: true)
  }
}
