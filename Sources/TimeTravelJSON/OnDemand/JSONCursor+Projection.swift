extension JSONCursor {
  /// The value at the cursor read with `projection` (see ``JSONProjection``): the parts
  /// it names built, the rest validated and skipped; the cursor ends past the value.
  ///
  /// A repeated object key keeps its first position and its last value, as
  /// ``JSONParser`` does, so the result agrees with the whole value on every part the
  /// projection names.
  /// - Throws: the parser's ``JSONParseError`` for the whole text when the value is not
  ///   valid JSON.
  /// - Complexity: O(length of the value), one pass; it builds only what is named. It
  ///   recurses once per level of the projection, never per level of the value.
  public mutating func value(reading projection: JSONProjection) throws(JSONParseError)
    -> JSONValue
  {
    guard let parts = projection.parts else { return try value() }
    // A container of a validated value that the outline ends: shared when its bytes were
    // read before with the same parts.
    if let cache, let outlined, kind == .object || kind == .array,
      let end = outlined.end(ofValueAt: offset), end &- offset <= ProjectedValueCache.maxBytes
    {
      let bytes = UnsafeBufferPointer(start: base + offset, count: end &- offset)
      if let shared = cache.value(parts, bytes) {
        offset = end
        return shared
      }
      let value = try value(reading: parts)
      cache.store(value, parts, bytes)
      return value
    }
    return try value(reading: parts)
  }

  /// ``value(reading:)`` of a projection that is not whole.
  private mutating func value(reading parts: JSONProjection.Parts) throws(JSONParseError)
    -> JSONValue
  {
    switch kind {
    case .object:
      // An object read for nothing is `{}` whatever its members (an action's payload read
      // for its name): validated in one skip, no member visited.
      if parts.isEmpty {
        try skip()
        return .object(JSONObject())
      }
      return try object(reading: parts) { _, part, member throws(JSONParseError) in
        try member.value(reading: part)
      }
    case .array:
      if parts.each == nil, let outlined, let array = outlined.elements(ofArrayAt: offset) {
        return try outlinedArray(reading: parts, array, outlined)
      }
      var values: [JSONValue] = []
      try elements { index, element throws(JSONParseError) in
        // Past the last index named, only `each` reads an element: no lookup per element.
        let named = index <= parts.lastElement ? parts.elements[index] : nil
        if let part = JSONProjection.union(named, parts.each) {
          values.append(try element.value(reading: part))
        } else {
          values.append(.null)
        }
      }
      return .array(JSONArray(elements: values))
    default:
      return try value()
    }
  }

  /// ``value(reading:)``, the value validated first against `reference` (a valid
  /// value, such as the same state one action before) as
  /// ``skip(comparingWith:outline:)`` validates it, recording its outline in `outline`;
  /// the parts `projection` reads are then read from the valid bytes, the members and
  /// elements it skips at depths 1 and 2 stepped over with the outline, not validated
  /// again. The same value, and the same errors, as ``value(reading:)``.
  /// - Throws: the parser's ``JSONParseError`` for the whole text when the value is not
  ///   valid JSON.
  /// - Complexity: O(length of the value), mostly compared rather than validated (see
  ///   ``skip(comparingWith:outline:)``), plus the parts read.
  package mutating func value(
    reading projection: JSONProjection, comparingWith reference: JSONReference?,
    outline: inout JSONOutline, sharing cache: ProjectedValueCache? = nil
  ) throws(JSONParseError) -> JSONValue {
    let start = offset
    try skip(comparingWith: reference, outline: &outline)
    // What reading an object for nothing gives, whatever its members.
    if projection == .nothing, base[start] == UInt8(ascii: "{") { return .object(JSONObject()) }
    let read: Result<JSONValue, JSONParseError> = outline.withOutlinedValue(origin: start) {
      outlined in
      var cursor = JSONCursor(text: text, base: base, at: start, outlined: outlined)
      cursor.cache = cache
      return Result { () throws(JSONParseError) in try cursor.value(reading: projection) }
    }
    return try read.get()
  }

  /// The array at the cursor, a member of an outlined value, read with `parts` (no
  /// ``JSONProjection/each(_:)``): its length and the elements of its boundaries
  /// `array.ends` taken from the outline, only the elements named read; the cursor ends
  /// at `array.end`.
  private mutating func outlinedArray(
    reading parts: JSONProjection.Parts, _ array: (ends: Range<Int>, end: Int),
    _ outlined: OutlinedValue
  ) throws(JSONParseError) -> JSONValue {
    var values = [JSONValue](repeating: .null, count: array.ends.count)
    for (index, part) in parts.elements where index < array.ends.count {
      // After `[`, or after the element before and its comma (the value is valid).
      var start = offset &+ 1
      if index > 0 {
        start = outlined.origin &+ outlined.boundaries[array.ends.lowerBound &+ index &- 1].offset
        start = JSONSkipper.skipWhitespace(base, start, end) &+ 1
      }
      start = JSONSkipper.skipWhitespace(base, start, end)
      var element = JSONCursor(text: text, base: base, at: start, outlined: outlined.inside)
      element.cache = cache
      values[index] = try element.value(reading: part)
    }
    offset = array.end
    return .array(JSONArray(elements: values))
  }

  /// ``value(reading:)`` with each member of an object that `projection` reads read by
  /// `read` (given the member's key, its part and a cursor at its value, which `read` must
  /// leave past the value, or untouched to have it skipped) in place of
  /// ``value(reading:)``: how a reader that already knows some members' values (a log
  /// entry whose `prior` repeats the `next` before it) avoids reading them again. A value
  /// that is not an object, or a ``JSONProjection/whole`` projection, is read as
  /// ``value(reading:)`` reads it, without `read`.
  /// - Throws: the parser's ``JSONParseError`` for the whole text when the object is not
  ///   valid JSON; whatever `read` throws.
  package mutating func value(
    reading projection: JSONProjection,
    readingMembers read: (JSONKey, JSONProjection, inout JSONCursor) throws(JSONParseError) ->
      JSONValue
  ) throws(JSONParseError) -> JSONValue {
    guard let parts = projection.parts, kind == .object else {
      return try value(reading: projection)
    }
    return try object(reading: parts, read)
  }

  /// Each member of the object at the cursor that `projection` (not ``JSONProjection/whole``)
  /// reads, handed to `read` with its key and its part, in order: the members
  /// ``value(reading:readingMembers:)`` would build, without building the object. `read`
  /// must leave the cursor past the member's value, or untouched to have it skipped. A
  /// member that `projection` keeps only as `null` (``JSONProjection/shape``) comes with
  /// no part, to be taken as `null` and left unread. The cursor ends past the object.
  /// - Precondition: the value at the cursor is an object (``kind`` is `.object`).
  /// - Throws: the parser's ``JSONParseError`` for the whole text when the object is not
  ///   valid JSON; whatever `read` throws.
  package mutating func members(
    reading projection: JSONProjection,
    _ read: (JSONKey, JSONProjection?, inout JSONCursor) throws(JSONParseError) -> Void
  ) throws(JSONParseError) {
    guard let parts = projection.parts else {
      try members { key, member throws(JSONParseError) in try read(key, .whole, &member) }
      return
    }
    try members { key, member throws(JSONParseError) in
      if let part = Self.part(parts, forKey: key) {
        try read(key, part, &member)
      } else if parts.allMembers {
        try read(key, nil, &member)
      }
    }
  }

  /// The object at the cursor with the members `parts` names, each read by `read`; every
  /// other member `null` when `parts` reads the object's shape.
  private mutating func object(
    reading parts: JSONProjection.Parts,
    _ read: (JSONKey, JSONProjection, inout JSONCursor) throws(JSONParseError) -> JSONValue
  ) throws(JSONParseError) -> JSONValue {
    var keys: [String] = []
    var values: [JSONValue] = []
    // Room for the members named (an entry line's six), not grown one append at a time.
    let expected = min(parts.members.count, 16)
    keys.reserveCapacity(expected)
    values.reserveCapacity(expected)
    try members { key, member throws(JSONParseError) in
      if let part = Self.part(parts, forKey: key) {
        keys.append(key.string)
        values.append(try read(key, part, &member))
      } else if parts.allMembers {
        keys.append(key.string)
        values.append(.null)
      }
    }
    return .object(JSONObject(keys: keys, values: values))
  }

  /// The part a reader of `parts` reads of the member `key`, found by its bytes.
  private static func part(_ parts: JSONProjection.Parts, forKey key: JSONKey)
    -> JSONProjection?
  {
    var named: JSONProjection?
    if !parts.members.isEmpty {
      if key.hasEscape {
        let text = key.string
        named = parts.members.first { ExactKey.same($0.key, text) }?.projection
      } else {
        named = parts.members.first { key == $0.key }?.projection
      }
    }
    return JSONProjection.union(named ?? parts.others, parts.each)
  }

  /// The byte range of the value at the RFC 6901 reference `tokens` below the value at
  /// the cursor, or `nil` when there is none; the cursor ends past the value, all of it
  /// validated. The range is exactly the value's text, without surrounding whitespace.
  ///
  /// Two values with the same bytes are equal; values with different bytes may still
  /// be equal (`1.0` and `1`, reordered keys), which a caller checks by building both.
  /// - Throws: the parser's ``JSONParseError`` for the whole text when the value is not
  ///   valid JSON.
  /// - Complexity: O(length of the value), one pass, building nothing.
  public mutating func range(at tokens: ArraySlice<String>) throws(JSONParseError) -> Range<Int>? {
    guard let token = tokens.first else { return try skip() }
    var found: Range<Int>?
    switch kind {
    case .object:
      try members { key, member throws(JSONParseError) in
        // A repeated key: the last one counts, as in the parsed value.
        if key == token { found = try member.range(at: tokens.dropFirst()) }
      }
    case .array:
      guard let wanted = JSONProjection.arrayIndex(token) else {
        try skip()
        return nil
      }
      try elements { index, element throws(JSONParseError) in
        if index == wanted { found = try element.range(at: tokens.dropFirst()) }
      }
    default:
      try skip()
    }
    return found
  }
}
