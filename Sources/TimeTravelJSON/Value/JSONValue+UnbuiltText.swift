extension JSONValue {
  /// Calls `body` with the text of this container when it was parsed from bytes and is
  /// not built yet (see `JSONLazyDocument`): exactly the container's bytes, brackets
  /// included, valid JSON. `nil`, without calling `body`, for a scalar, a container built
  /// eagerly, or one already built.
  ///
  /// Why: a reader that compares two such containers (a diff) can compare their parts by
  /// bytes and build only the parts that differ. The bytes are valid only during the call.
  package func withUnbuiltText<Result>(
    _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
  ) rethrows -> Result? {
    guard let storage = containerStorage, let (document, start, end) = storage.unbuiltSource
    else { return nil }
    return try withExtendedLifetime(storage) {
      try body(UnsafeBufferPointer(rebasing: document.bytes[start...end]))
    }
  }
}
