/// An RFC 3339 `date-time` as a point on the UTC time line, for ordering entries' `time`
/// and measuring a log's span: the package's one RFC 3339 parser.
///
/// Parsed by hand (RFC 3339 §5.6: `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`, `T` or `t`
/// or a space, `Z` or `z`) because a summary orders every entry's time, and a
/// formatter costs microseconds per call. A fraction is kept to the nanosecond; a leap
/// second (`:60`) counts as the second after `:59`.
package struct RFC3339Instant: Comparable, Sendable {
  /// Seconds since 1970-01-01T00:00:00Z (proleptic Gregorian calendar).
  package var seconds: Int64
  /// Nanoseconds after `seconds`, 0..<1,000,000,000.
  package var nanoseconds: Int64

  /// Parses `text`; `nil` unless it is an RFC 3339 `date-time`.
  /// - Complexity: O(`text`'s length), no allocation.
  package init?(_ text: String) {
    var text = text
    guard let parsed = text.withUTF8({ Self.parse($0) }) else { return nil }
    self = parsed
  }

  private init(seconds: Int64, nanoseconds: Int64) {
    self.seconds = seconds
    self.nanoseconds = nanoseconds
  }

  package static func < (a: RFC3339Instant, b: RFC3339Instant) -> Bool {
    a.seconds != b.seconds ? a.seconds < b.seconds : a.nanoseconds < b.nanoseconds
  }

  /// `self − earlier` in seconds, to the nanosecond.
  package func seconds(after earlier: RFC3339Instant) -> Double {
    Double(seconds &- earlier.seconds) + Double(nanoseconds - earlier.nanoseconds) / 1e9
  }

  /// `self − earlier` as seconds with milliseconds, e.g. `4.250 s` (rounded down).
  package func distance(after earlier: RFC3339Instant) -> String {
    var seconds = self.seconds &- earlier.seconds
    var nanoseconds = self.nanoseconds - earlier.nanoseconds
    if nanoseconds < 0 {
      nanoseconds += 1_000_000_000
      seconds &-= 1
    }
    let milliseconds = String(nanoseconds / 1_000_000)
    return "\(seconds).\(String(repeating: "0", count: 3 - milliseconds.count))\(milliseconds) s"
  }

  private static func parse(_ b: UnsafeBufferPointer<UInt8>) -> RFC3339Instant? {
    var i = 0
    func digits(_ count: Int) -> Int64? {
      guard i + count <= b.count else { return nil }
      var value: Int64 = 0
      for _ in 0..<count {
        let d = b[i] &- UInt8(ascii: "0")
        guard d < 10 else { return nil }
        value = value * 10 + Int64(d)
        i += 1
      }
      return value
    }
    func expect(_ characters: String) -> Bool {
      guard i < b.count, characters.utf8.contains(b[i]) else { return false }
      i += 1
      return true
    }
    guard let year = digits(4), expect("-"), let month = digits(2), expect("-"),
      let day = digits(2), expect("Tt "), let hour = digits(2), expect(":"),
      let minute = digits(2), expect(":"), let second = digits(2),
      (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year), hour < 24,
      minute < 60, second <= 60
    else { return nil }
    var nanoseconds: Int64 = 0
    if i < b.count, b[i] == UInt8(ascii: ".") {
      i += 1
      var scale: Int64 = 100_000_000
      let start = i
      while i < b.count, b[i] &- UInt8(ascii: "0") < 10 {
        nanoseconds += Int64(b[i] &- UInt8(ascii: "0")) * scale
        scale /= 10
        i += 1
      }
      guard i > start else { return nil }
    }
    var offset: Int64 = 0
    if expect("Zz") {
      offset = 0
    } else if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") {
      let sign: Int64 = b[i] == UInt8(ascii: "-") ? -1 : 1
      i += 1
      guard let hours = digits(2), expect(":"), let minutes = digits(2), hours < 24,
        minutes < 60
      else { return nil }
      offset = sign * (hours * 3600 + minutes * 60)
    } else {
      return nil
    }
    guard i == b.count else { return nil }
    let days = daysSince1970(year: year, month: month, day: day)
    return RFC3339Instant(
      seconds: days * 86_400 + hour * 3600 + minute * 60 + second - offset,
      nanoseconds: nanoseconds)
  }

  private static func daysIn(month: Int64, year: Int64) -> Int64 {
    switch month {
    case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  // Howard Hinnant's days-from-civil algorithm; years here are 0...9999.
  private static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let shiftedMonth = month > 2 ? month - 3 : month + 9
    let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}
