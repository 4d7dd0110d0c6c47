import Foundation

/// JavaScript stack traces, as Redux DevTools records them with `trace: true` (an action's
/// `stack`, `Error().stack` taken at the dispatch) and as V8, SpiderMonkey and
/// JavaScriptCore write them, read into sites (``LogSite``).
///
/// Frames in V8's form, `    at handleClick (http://localhost:3000/src/App.js:12:5)`,
/// `    at async load (file:///app/src/api.mjs:7:3)` and `    at /app/index.js:3:1`, and
/// in Firefox's and Safari's, `handleClick@http://localhost:3000/src/App.js:12:5`, are
/// read; a first line `Error` (or any line that is no frame) is skipped. File names lose
/// what says where the code was served from: `http://localhost:3000/src/App.js?t=1` is
/// `src/App.js`, `webpack-internal:///./src/App.js` and `webpack:///./src/App.js` are
/// `src/App.js`, `file:///app/src/api.mjs` is `/app/src/api.mjs`.
public enum StackTrace {
  /// The frames of `stack` that name a file, innermost first.
  ///
  /// - Parameter stack: A stack trace's text.
  /// - Returns: One site per frame; frames without a location (`at native`, `at
  ///   <anonymous>`) are left out.
  /// - Complexity: O(`stack` length).
  public static func frames(_ stack: String) -> [LogSite] {
    stack.split(whereSeparator: \.isNewline).compactMap { frame(String($0)) }
  }

  /// The site of the dispatch a Redux DevTools `stack` records: its first frame outside
  /// libraries (a file under `node_modules/`, where Redux, redux-thunk and the DevTools
  /// run), or its first frame when every frame is in one (a bundle).
  ///
  /// - Parameter stack: A stack trace's text.
  /// - Returns: `nil` when no line of `stack` is a frame.
  public static func site(_ stack: String) -> LogSite? {
    let all = frames(stack)
    return all.first { !$0.file.contains("node_modules/") } ?? all.first
  }

  /// One frame, or `nil` for a line that is no frame with a location.
  static func frame(_ text: String) -> LogSite? {
    let line = text.trimmingWhitespace()
    var function: String?
    var location: Substring
    if line.hasPrefix("at ") {
      let body = line.dropFirst(3)
      // `at FUNCTION (LOCATION)`, or `at LOCATION` for anonymous code.
      if body.hasSuffix(")"), let open = body.range(of: " (") {
        function = String(body[..<open.lowerBound])
        location = body[open.upperBound..<body.index(before: body.endIndex)]
      } else {
        location = body
      }
    } else if let at = line.firstIndex(of: "@") {
      let name = line[..<at]
      function = name.isEmpty ? nil : String(name)
      location = line[line.index(after: at)...]
    } else {
      return nil
    }
    if location.hasPrefix("eval at ") { return nil }
    // `FILE:LINE:COLUMN`, the numbers read from the end (a URL holds colons too).
    var numbers: [Int] = []
    while numbers.count < 2, let colon = location.lastIndex(of: ":"),
      let number = Int(location[location.index(after: colon)...])
    {
      numbers.insert(number, at: 0)
      location = location[..<colon]
    }
    guard !numbers.isEmpty, !location.isEmpty else { return nil }
    return LogSite(
      file: fileName(String(location)), line: numbers[0], function: function,
      column: numbers.count > 1 ? numbers[1] : nil)
  }

  /// A frame's file without what says where it was served from.
  static func fileName(_ location: String) -> String {
    var name = Substring(location)
    for scheme in ["webpack-internal:///", "webpack:///"] where name.hasPrefix(scheme) {
      name = name.dropFirst(scheme.count)
      if name.hasPrefix("./") { name = name.dropFirst(2) }
    }
    if name.hasPrefix("file://") {
      name = name.dropFirst("file://".count)
    } else if let scheme = name.range(of: "://") {
      let rest = name[scheme.upperBound...]
      name = rest.firstIndex(of: "/").map { rest[rest.index(after: $0)...] } ?? rest
    }
    if let query = name.firstIndex(where: { $0 == "?" || $0 == "#" }) { name = name[..<query] }
    return String(name)
  }
}

extension String {
  fileprivate func trimmingWhitespace() -> Substring {
    let start = firstIndex { !$0.isWhitespace } ?? endIndex
    let end = lastIndex { !$0.isWhitespace }.map { index(after: $0) } ?? start
    return self[start..<end]
  }
}
