import Foundation

/// RFC 3339 timestamps through Foundation's ISO 8601 parser.
enum RFC3339 {
  static func date(_ text: String) -> Date? {
    if let d = try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    {
      return d
    }
    return try? Date(text, strategy: Date.ISO8601FormatStyle())
  }
}
