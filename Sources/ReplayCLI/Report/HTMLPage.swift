import TimeTravel

/// The report's HTML: one file, its stylesheet and scripts inline, no network requests.
///
/// Everything from the log is data, never markup: the index and each segment of states
/// sit in `<script type="application/json">` elements (which the browser never runs),
/// with `<`, `>` and `&` written as `\u003c`, `\u003e` and `\u0026`, and U+2028 and U+2029
/// as `\u2028` and `\u2029`, so no string can close the element or open a comment; the
/// page's script builds the DOM from it with text nodes only. A Content-Security-Policy
/// `<meta>` allows only the page's own script and style (by SHA-256 hash), so an inline
/// event handler, a `javascript:` URL or any request (fetch, image, font, form) is refused
/// by the browser even if markup were ever injected.
struct HTMLPage {
  /// What the page's script reads from `#replay-index` with `JSON.parse`.
  var index: JSONValue
  /// The segments' JSON text, in order: `#replay-segment-0`, `#replay-segment-1`, …
  var segments: [[UInt8]]

  /// The page's script: the core (JSON, patches, diff, rendering rules) then the view.
  static let script = ReportAssets.reportCoreJS + ReportAssets.reportViewJS
  static let style = ReportAssets.reportCSS

  /// The Content-Security-Policy of the page.
  static let contentSecurityPolicy: String = {
    let scriptHash = SHA256.base64Digest(Array(script.utf8))
    let styleHash = SHA256.base64Digest(Array(style.utf8))
    return [
      "default-src 'none'", "script-src 'sha256-\(scriptHash)'",
      "style-src 'sha256-\(styleHash)'", "img-src 'none'", "connect-src 'none'",
      "font-src 'none'", "media-src 'none'", "object-src 'none'", "frame-src 'none'",
      "worker-src 'none'", "manifest-src 'none'", "form-action 'none'", "base-uri 'none'",
    ].joined(separator: "; ")
  }()

  /// The whole page, UTF-8.
  var bytes: [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(segments.reduce(0) { $0 + $1.count } + 200_000)
    out.append(
      contentsOf: """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="\(Self.contentSecurityPolicy)">
        <meta name="referrer" content="no-referrer">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="generator" content="replay \(ReplayCommand.version)">
        <title>replay report</title>
        <style>\(Self.style)</style>
        </head>
        <body>
        <noscript>This report needs JavaScript to show the log.</noscript>

        """.utf8)
    for (n, segment) in segments.enumerated() {
      out.append(
        contentsOf: #"<script type="application/json" id="replay-segment-\#(n)">"#.utf8)
      Self.appendEscaped(segment, to: &out)
      out.append(contentsOf: "</script>\n".utf8)
    }
    out.append(contentsOf: #"<script type="application/json" id="replay-index">"#.utf8)
    var indexText: [UInt8] = []
    JSONPrinter.compact.write(index, to: &indexText)
    Self.appendEscaped(indexText, to: &out)
    out.append(contentsOf: "</script>\n<script>".utf8)
    out.append(contentsOf: Self.script.utf8)
    out.append(contentsOf: "</script>\n</body>\n</html>\n".utf8)
    return out
  }

  /// Appends JSON text so that it cannot end the `<script>` element it sits in: `<`, `>`
  /// and `&` (which JSON text holds only inside strings) become `\u003c`, `\u003e` and
  /// `\u0026`, and U+2028 and U+2029 become `\u2028` and `\u2029`. The JSON's value is
  /// unchanged.
  static func appendEscaped(_ json: [UInt8], to out: inout [UInt8]) {
    var i = 0
    while i < json.count {
      let byte = json[i]
      switch byte {
      case UInt8(ascii: "<"): out.append(contentsOf: #"\u003c"#.utf8)
      case UInt8(ascii: ">"): out.append(contentsOf: #"\u003e"#.utf8)
      case UInt8(ascii: "&"): out.append(contentsOf: #"\u0026"#.utf8)
      case 0xE2
      where i + 2 < json.count && json[i + 1] == 0x80
        && (json[i + 2] == 0xA8 || json[i + 2] == 0xA9):
        out.append(contentsOf: (json[i + 2] == 0xA8 ? #"\u2028"# : #"\u2029"#).utf8)
        i += 2
      default: out.append(byte)
      }
      i += 1
    }
  }
}
