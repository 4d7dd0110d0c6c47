import Foundation
import Testing

/// The team's rule that no function of the library is longer than 120 lines, checked on
/// the source: every `func`, `init`, `deinit` and `subscript` body of the library modules,
/// from its declaration's first line to its closing brace, comments and string literals
/// skipped.
@Suite struct SourceFunctionLengthTests {
  static let limit = 120
  static let modules = ["TimeTravel", "TimeTravelJSON", "TimeTravelDiff", "TimeTravelJQ"]

  @Test func noLibraryFunctionIsLongerThanTheLimit() throws {
    var scanned = 0
    var tooLong: [String] = []
    for module in Self.modules {
      let folder = Repo.root.appendingPathComponent("Sources/\(module)")
      let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
      for case let file as URL in files?.allObjects ?? [] where file.pathExtension == "swift" {
        let text = try String(contentsOf: file, encoding: .utf8)
        for function in FunctionScanner.functions(in: text) {
          scanned += 1
          if function.lines > Self.limit {
            tooLong.append(
              "\(module)/\(file.lastPathComponent):\(function.line) \(function.name): \(function.lines) lines"
            )
          }
        }
      }
    }
    #expect(scanned > 500, "the scanner found too few functions to be working")
    #expect(tooLong.isEmpty, "longer than \(Self.limit) lines: \(tooLong)")
  }

  @Test func theScannerMeasuresBodiesNotText() {
    let source = """
      protocol P { func required() }
      struct S {
        /// A doc comment with a { brace.
        func short() -> String {
          let s = "a } in a string"
          return s + #"and a raw } one"# + \"""
            a multi-line } string
            \"""
        }
        init(x: Int) throws { }
      }
      """
    let found = FunctionScanner.functions(in: source)
    #expect(found.map(\.name) == ["func required", "func short", "init"])
    #expect(found.map(\.lines) == [1, 6, 1])
  }
}

/// Finds function bodies in Swift source by matching braces outside comments and string
/// literals. Not a parser: enough for the shapes of this repository's code.
enum FunctionScanner {
  struct Function {
    var name: String
    /// 1-based line of the declaration.
    var line: Int
    var lines: Int
  }

  static func functions(in source: String) -> [Function] {
    let code = Array(blankingCommentsAndStrings(source).utf8)
    var lineOf = [Int](repeating: 1, count: code.count + 1)
    for k in code.indices { lineOf[k + 1] = lineOf[k] + (code[k] == UInt8(ascii: "\n") ? 1 : 0) }
    var found: [Function] = []
    var i = 0
    while i < code.count {
      guard let keyword = keyword(at: i, in: code) else {
        i += 1
        continue
      }
      let line = lineOf[i]
      // Scan from the word, so the parameter list's own parenthesis is counted.
      var j = i + keyword.prefix { $0.isLetter }.count
      var depth = 0
      var open: Int?
      scan: while j < code.count {
        switch code[j] {
        case UInt8(ascii: "("), UInt8(ascii: "["): depth += 1
        case UInt8(ascii: ")"), UInt8(ascii: "]"): depth -= 1
        case UInt8(ascii: "{") where depth == 0:
          open = j
          break scan
        case UInt8(ascii: "}") where depth == 0:
          break scan
        case UInt8(ascii: "\n") where depth == 0 && startsDeclaration(after: j, in: code):
          break scan
        default: break
        }
        j += 1
      }
      let name = self.name(keyword, at: i, in: code)
      guard let open else {
        found.append(Function(name: name, line: line, lines: 1))
        i = j
        continue
      }
      var braces = 0
      var close = open
      while close < code.count {
        if code[close] == UInt8(ascii: "{") { braces += 1 }
        if code[close] == UInt8(ascii: "}") {
          braces -= 1
          if braces == 0 { break }
        }
        close += 1
      }
      found.append(
        Function(name: name, line: line, lines: lineOf[min(close, code.count)] - line + 1))
      i = i + keyword.count
    }
    return found
  }

  /// `func NAME`, `init`, `deinit` or `subscript`.
  private static func name(_ keyword: String, at i: Int, in code: [UInt8]) -> String {
    guard keyword == "func " else {
      return String(keyword.prefix { isLetterOrDigit(UInt8($0.asciiValue ?? 0)) })
    }
    var j = i + keyword.count
    var identifier = ""
    while j < code.count,
      ![UInt8(ascii: "("), UInt8(ascii: "<"), UInt8(ascii: " ")].contains(code[j])
    {
      identifier.append(Character(Unicode.Scalar(code[j])))
      j += 1
    }
    return "func " + identifier
  }

  private static let keywords = [
    "func ", "init(", "init<", "init?(", "init!(", "deinit ", "deinit{", "subscript(",
  ]

  private static func keyword(at i: Int, in code: [UInt8]) -> String? {
    guard
      [UInt8(ascii: "f"), UInt8(ascii: "i"), UInt8(ascii: "d"), UInt8(ascii: "s")].contains(code[i])
    else { return nil }
    if i > 0 {
      let before = code[i - 1]
      if before == UInt8(ascii: ".") || before == UInt8(ascii: "_") || isLetterOrDigit(before) {
        return nil
      }
    }
    for keyword in keywords where code[i...].starts(with: keyword.utf8) { return keyword }
    return nil
  }

  private static func isLetterOrDigit(_ c: UInt8) -> Bool {
    (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
  }

  private static let declarationStarts = [
    "func ", "var ", "let ", "init", "static ", "public ", "private ", "internal ",
    "fileprivate ", "case ", "@", "}", "mutating ", "subscript", "typealias ",
    "associatedtype ", "nonmutating ", "override ", "final ", "package ",
  ]

  private static func startsDeclaration(after newline: Int, in code: [UInt8]) -> Bool {
    var k = newline + 1
    while k < code.count, code[k] == UInt8(ascii: " ") || code[k] == UInt8(ascii: "\t") { k += 1 }
    return declarationStarts.contains { code[k...].starts(with: $0.utf8) }
  }

  /// `source` with comments and string literals replaced by spaces (newlines kept).
  static func blankingCommentsAndStrings(_ source: String) -> String {
    let s = Array(source.utf8)
    var out = s
    var i = 0
    func blank(_ from: Int, _ to: Int) {
      for k in from..<min(to, s.count) where s[k] != UInt8(ascii: "\n") {
        out[k] = UInt8(ascii: " ")
      }
    }
    while i < s.count {
      let c = s[i]
      guard c == UInt8(ascii: "/") || c == UInt8(ascii: "#") || c == UInt8(ascii: "\"") else {
        i += 1
        continue
      }
      if s[i...].starts(with: "//".utf8) {
        var j = i
        while j < s.count, s[j] != UInt8(ascii: "\n") { j += 1 }
        blank(i, j)
        i = j
      } else if s[i...].starts(with: "/*".utf8) {
        var j = i + 2
        var depth = 1
        while j < s.count, depth > 0 {
          if s[j...].starts(with: "/*".utf8) {
            depth += 1; j += 1
          } else if s[j...].starts(with: "*/".utf8) {
            depth -= 1; j += 1
          }
          j += 1
        }
        blank(i, j)
        i = j
      } else if s[i] == UInt8(ascii: "#") || s[i] == UInt8(ascii: "\"") {
        var hashes = 0
        var j = i
        while j < s.count, s[j] == UInt8(ascii: "#") { hashes += 1; j += 1 }
        guard j < s.count, s[j] == UInt8(ascii: "\"") else {
          i = j + (hashes == 0 ? 1 : 0)
          continue
        }
        let multiLine = s[j...].starts(with: "\"\"\"".utf8)
        let close =
          Array((multiLine ? "\"\"\"" : "\"").utf8)
          + Array(repeating: UInt8(ascii: "#"), count: hashes)
        j += multiLine ? 3 : 1
        while j < s.count, !s[j...].starts(with: close) {
          if hashes == 0, s[j] == UInt8(ascii: "\\") { j += 1 }
          if !multiLine, s[j] == UInt8(ascii: "\n") { break }
          j += 1
        }
        j = min(s.count, j + close.count)
        blank(i, j)
        i = j
      } else {
        i += 1
      }
    }
    return String(decoding: out, as: UTF8.self)
  }
}
