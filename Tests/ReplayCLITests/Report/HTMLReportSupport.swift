import Foundation
import TestSupport
import Testing
import TimeTravel

@testable import ReplayCLI

/// Writing reports and reading back what they embed.
enum HTMLReportSupport {
  /// A fresh path for a report in the temporary directory.
  static func temporaryPath(_ name: String) -> String {
    Scratch.folder
      .appendingPathComponent("replay-report-\(UUID().uuidString)-\(name)").path
  }

  /// The JSON texts of the page's data elements: the index, then the segments in order.
  static func dataElements(_ page: String) -> (index: JSONValue, segments: [JSONValue]) {
    var segments: [(Int, JSONValue)] = []
    var index: JSONValue = .null
    for match in page.matches(
      of: /<script type="application\/json" id="replay-(index|segment-(\d+))">([^<]*)<\/script>/)
    {
      let value = try! JSONParser.parse(String(match.output.3))
      if let n = match.output.2 { segments.append((Int(n)!, value)) } else { index = value }
    }
    return (index, segments.sorted { $0.0 < $1.0 }.map(\.1))
  }

  /// Every state of the report rebuilt as the page rebuilds it: each segment's keyframe,
  /// then its patches applied in order (or an entry's own `next`, when it has one).
  /// Element 0 is the state before the first entry.
  static func rebuiltStates(_ segments: [JSONValue]) throws -> [JSONValue] {
    var states: [JSONValue] = []
    for segment in segments {
      var state = segment["state"]!
      if states.isEmpty { states.append(state) }
      for entry in segment["entries"]!.arrayValue! {
        state = try JSONPatch(parsing: entry["patch"]!).apply(to: state)
        if let next = entry["next"] { state = next }
        states.append(state)
      }
    }
    return states
  }

  /// Strings a hostile log holds in action names, keys, values and times: markup that
  /// would run if it were ever read as HTML, `javascript:` URLs, bidi controls and
  /// invisible characters (written raw in the log, not as JSON escapes).
  static let hostileStrings = [
    "</script><script>window.__pwned=1</script>",
    "<img src=x onerror=\"window.__pwned=2\">",
    "javascript:window.__pwned=3",
    "<!--<script>window.__pwned=4//",
    "\u{202E}gnp.exe\u{202C}",
    "zero\u{200B}width\u{2060}joiner\u{FEFF}",
    "line\u{2028}sep\u{2029}para",
    "<svg onload=window.__pwned=5>",
    "]]>&amp;&#x3c;&lt;/script&gt;",
    "__proto__",
  ]

  /// A JSON string literal that escapes only what JSON requires, so the characters above
  /// reach the log raw.
  static func rawLiteral(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  /// The hostile log: a header whose app is markup, then one entry per hostile string,
  /// named by it (Redux style), each adding a member keyed by it to the state.
  static func hostileLog() -> String {
    var lines = [
      #"{"format":"replay-log","version":1,"app":"<b>App</b></script><script>window.__pwned=9</script>"}"#
    ]
    var items: [String] = []
    for (i, text) in hostileStrings.enumerated() {
      let s = rawLiteral(text)
      let prior = "{\"items\":{\(items.joined(separator: ","))}}"
      items.append(
        "\(s):{\(rawLiteral("</script>")):\(s),\"href\":\(rawLiteral("javascript:window.__pwned=6")),\(rawLiteral("bidi\u{202E}key")):\(rawLiteral("\u{2066}x\u{2069}")),\"__proto__\":{\"polluted\":true}}"
      )
      let next = "{\"items\":{\(items.joined(separator: ","))}}"
      lines.append(
        "{\"seq\":\(i + 1),\"time\":\(rawLiteral("2026-01-05T10:00:0\(i).000Z<img src=x onerror=window.__pwned=7>")),\"action\":{\"type\":\(s),\"payload\":{\"url\":\(rawLiteral("javascript:window.__pwned=8")),\"html\":\(s)}},\"prior\":\(prior),\"next\":\(next)}"
      )
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
