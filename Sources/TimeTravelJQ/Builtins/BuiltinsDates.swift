import Foundation
import TimeTravelJSON

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Time, in UTC, as jq's C date builtins: seconds since the Unix epoch, and "broken down
/// time" arrays `[year, month (0–11), day of month, hours, minutes, seconds, day of week
/// (0 = Sunday), day of year (0–365)]`. `todate`, `fromdate` and friends are jq
/// definitions in ``Prelude``.
extension Builtins {
  static let dates: [Builtin] = [
    .value("now", 0) { _, _ in number(Date().timeIntervalSince1970) },
    .value("mktime", 0, mktime),
    .value("gmtime", 0) { input, _ in try brokenDown(input, local: false) },
    .value("localtime", 0) { input, _ in try brokenDown(input, local: true) },
    .value("strftime", 1) { input, args in try format(input, args[0], local: false) },
    .value("strflocaltime", 1) { input, args in try format(input, args[0], local: true) },
    .value("strptime", 1, strptime),
  ]

  /// `mktime`: the seconds since the epoch of a broken down time (`timegm`), whole.
  static func mktime(_ input: JSONValue, _: [JSONValue]) throws -> JSONValue {
    guard case .array = input else {
      throw JQRuntimeError(message: "mktime requires array inputs")
    }
    guard var tm = brokenDownTime(input) else {
      throw JQRuntimeError(message: "mktime requires parsed datetime inputs")
    }
    let seconds = timegm(&tm)
    if seconds == -1 { throw JQRuntimeError(message: "invalid gmtime representation") }
    return .number(JSONNumber(Int(seconds)))
  }

  /// `gmtime` and `localtime`: the broken down time (UTC, or the local time zone) of a
  /// number of seconds since the epoch; the seconds keep their fraction.
  static func brokenDown(_ input: JSONValue, local: Bool) throws -> JSONValue {
    let name = local ? "localtime" : "gmtime"
    guard case .number(let n) = input else {
      throw JQRuntimeError(message: "\(name)() requires numeric inputs")
    }
    let seconds = n.doubleValue
    guard seconds.isFinite, Swift.abs(seconds) < 1e17 else {
      throw JQRuntimeError(
        message: "error converting number of seconds since epoch to datetime")
    }
    var whole = time_t(seconds.rounded(.down))
    var tm = tm()
    let converted = local ? localtime_r(&whole, &tm) : gmtime_r(&whole, &tm)
    guard converted != nil else {
      throw JQRuntimeError(
        message: "error converting number of seconds since epoch to datetime")
    }
    var parts = array(tm)
    parts[5] = number(Double(tm.tm_sec) + (seconds - seconds.rounded(.down)))
    return .array(JSONArray(parts))
  }

  /// `strftime(fmt)` and `strflocaltime(fmt)`: C `strftime` of a broken down time, or of
  /// a number of seconds (through `gmtime` or `localtime`). As jq 1.8, the broken down
  /// time is normalised first (`timegm`, or `mktime` for local time), so out-of-range
  /// fields carry over (`[2024,0,0]` is 2023-12-31) and the weekday and day of the year
  /// are computed, not taken from the array.
  static func format(_ input: JSONValue, _ formatValue: JSONValue, local: Bool) throws -> JSONValue
  {
    let name = local ? "strflocaltime/1" : "strftime/1"
    var value = input
    if case .number = input { value = try brokenDown(input, local: local) }
    guard case .array = value else {
      throw JQRuntimeError(message: "\(name) requires parsed datetime inputs")
    }
    guard case .string(let format) = formatValue else {
      throw JQRuntimeError(message: "\(name) requires a string format")
    }
    guard var tm = brokenDownTime(value) else {
      throw JQRuntimeError(message: "\(name) requires parsed datetime inputs")
    }
    var seconds = local ? cMktime(&tm) : timegm(&tm)
    if seconds != -1 {
      _ = local ? localtime_r(&seconds, &tm) : gmtime_r(&seconds, &tm)
    }
    var buffer = [CChar](repeating: 0, count: 512 + format.utf8.count * 8)
    let count = cStrftime(&buffer, buffer.count, format, &tm)
    if count == 0 && !format.isEmpty {
      throw JQRuntimeError(message: "\(name): unknown system failure")
    }
    return .string(String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self))
  }

  /// `strptime(fmt)`: C `strptime` of a string to a broken down time; the day of the week
  /// and of the year are computed when the format does not give them, as jq does.
  static func strptime(_ input: JSONValue, _ args: [JSONValue]) throws -> JSONValue {
    guard case .string(let text) = input, case .string(let format) = args[0] else {
      throw JQRuntimeError(message: "strptime/1 requires string inputs and arguments")
    }
    var tm = tm()
    tm.tm_wday = 8
    tm.tm_yday = 367
    let rest: String? = text.withCString { start in
      guard let end = cStrptime(start, format, &tm) else { return nil }
      return String(cString: end)
    }
    guard let rest, rest.allSatisfy(\.isWhitespace) else {
      throw JQRuntimeError(message: "date \"\(text)\" does not match format \"\(format)\"")
    }
    // As jq 1.8, the weekday and the day of the year are computed only for a day of the
    // month the format gave (1–31); otherwise they keep jq's placeholders 8 and 367.
    if tm.tm_wday == 8 || tm.tm_yday == 367, (1...31).contains(tm.tm_mday) {
      var copy = tm
      var seconds = timegm(&copy)
      var computed = tm
      if gmtime_r(&seconds, &computed) != nil {
        if tm.tm_wday == 8 { tm.tm_wday = computed.tm_wday }
        if tm.tm_yday == 367 { tm.tm_yday = computed.tm_yday }
      }
    }
    return .array(JSONArray(array(tm)))
  }

  /// jq's `tm2jv`.
  private static func array(_ tm: tm) -> [JSONValue] {
    [
      Int(tm.tm_year) + 1900, Int(tm.tm_mon), Int(tm.tm_mday), Int(tm.tm_hour), Int(tm.tm_min),
      Int(tm.tm_sec), Int(tm.tm_wday), Int(tm.tm_yday),
    ].map { .number(JSONNumber($0)) }
  }

  /// jq's `jv2tm`: the numbers of a broken down time (missing trailing ones are 0), each
  /// truncated and clamped to `Int32`; `nil` if one is not a number or is NaN.
  private static func brokenDownTime(_ value: JSONValue) -> tm? {
    guard case .array(let parts) = value else { return nil }
    var fields = [Int32](repeating: 0, count: 8)
    for (i, part) in parts.elements.prefix(8).enumerated() {
      guard case .number(let n) = part, !JQNumber.isNaN(n) else { return nil }
      var d = n.doubleValue
      if i == 0 { d -= 1900 }
      fields[i] = d.isNaN ? 0 : Int32(max(min(d, Double(Int32.max)), Double(Int32.min)))
    }
    var tm = tm()
    (tm.tm_year, tm.tm_mon, tm.tm_mday, tm.tm_hour) = (fields[0], fields[1], fields[2], fields[3])
    (tm.tm_min, tm.tm_sec, tm.tm_wday, tm.tm_yday) = (fields[4], fields[5], fields[6], fields[7])
    return tm
  }
}

// The C functions, named apart from the builtins of the same name.
private func cStrptime(
  _ text: UnsafePointer<CChar>, _ format: String, _ tm: UnsafeMutablePointer<tm>
) -> UnsafeMutablePointer<CChar>? {
  #if os(Linux)
    // glibc declares strptime only for _XOPEN_SOURCE, which the Swift module does not
    // set: look it up at run time, as ThreadStack does for pthread_getattr_np.
    typealias Strptime =
      @convention(c) (
        UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafeMutablePointer<tm>?
      ) -> UnsafeMutablePointer<CChar>?
    guard let symbol = dlsym(nil, "strptime") else { return nil }
    return unsafeBitCast(symbol, to: Strptime.self)(text, format, tm)
  #else
    return strptime(text, format, tm)
  #endif
}

private func cStrftime(
  _ buffer: UnsafeMutablePointer<CChar>, _ size: Int, _ format: String,
  _ tm: UnsafePointer<tm>
) -> Int {
  strftime(buffer, size, format, tm)
}

private func cMktime(_ tm: UnsafeMutablePointer<tm>) -> time_t { mktime(tm) }
