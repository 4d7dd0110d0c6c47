import Foundation

/// RFC 3339 timestamps as the log writes them: UTC, exactly three fractional digits, `Z`.
public enum LogTimestamp {
  /// Formats `date` like `2026-01-05T09:00:01.500Z`, rounding to the nearest millisecond.
  ///
  /// Computed with integer arithmetic rather than a date formatter: a `Date` is a binary
  /// floating-point count of seconds, and formatters that truncate can turn `.500` into
  /// `.499`. Rounding once to whole milliseconds makes the output a pure function of the
  /// millisecond, which keeps regenerated fixtures byte-identical.
  ///
  /// - Parameter date: Any date; years outside 0...9999 are not RFC 3339 and are
  ///   formatted with as many digits as needed.
  /// - Returns: 24 ASCII characters for years 0...9999.
  /// - Complexity: O(1).
  public static func string(from date: Date) -> String {
    let totalMilliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
    let (days, dayMilliseconds) = floorDivide(totalMilliseconds, 86_400_000)
    let (year, month, day) = civilDate(daysSince1970: days)
    let hour = dayMilliseconds / 3_600_000
    let minute = dayMilliseconds / 60_000 % 60
    let second = dayMilliseconds / 1000 % 60
    let millisecond = dayMilliseconds % 1000
    return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):"
      + "\(pad(second, 2)).\(pad(millisecond, 3))Z"
  }

  private static func floorDivide(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
    let quotient = value >= 0 ? value / divisor : -((-value - 1) / divisor) - 1
    return (quotient, value - quotient * divisor)
  }

  // Howard Hinnant's days-to-civil algorithm (proleptic Gregorian calendar).
  private static func civilDate(daysSince1970: Int64) -> (Int64, Int64, Int64) {
    let z = daysSince1970 + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (year, month, day)
  }

  private static func pad(_ value: Int64, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width
      ? digits : String(repeating: "0", count: width - digits.count) + digits
  }
}
