// Synthesized `Codable` writes optionals through `encodeIfPresent`, whose default leaves
// `nil` out. These overloads write `null` instead when the encoder was made with
// `NilEncoding.null`, so the log keeps members that are null (see `NilEncoding`).
extension JSONBytesKeyedContainer {
  private mutating func encodeAbsent(forKey key: Key) throws {
    if core.writesNilOptionals { try encodeNil(forKey: key) }
  }

  mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) } else { try encodeAbsent(forKey: key) }
  }

  mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) } else { try encodeAbsent(forKey: key) }
  }

  mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) } else { try encodeAbsent(forKey: key) }
  }

  mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) } else { try encodeAbsent(forKey: key) }
  }

  mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) } else { try encodeAbsent(forKey: key) }
  }

  mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) } else { try encodeAbsent(forKey: key) }
  }

  mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) } else { try encodeAbsent(forKey: key) }
  }

  mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) } else { try encodeAbsent(forKey: key) }
  }

  mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) } else { try encodeAbsent(forKey: key) }
  }

  mutating func encodeIfPresent(_ value: Int128?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) } else { try encodeAbsent(forKey: key) }
  }

  mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) } else { try encodeAbsent(forKey: key) }
  }

  mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) } else { try encodeAbsent(forKey: key) }
  }

  mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) } else { try encodeAbsent(forKey: key) }
  }

  mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) } else { try encodeAbsent(forKey: key) }
  }

  mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) } else { try encodeAbsent(forKey: key) }
  }

  mutating func encodeIfPresent(_ value: UInt128?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) } else { try encodeAbsent(forKey: key) }
  }

  mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) } else { try encodeAbsent(forKey: key) }
  }
}
