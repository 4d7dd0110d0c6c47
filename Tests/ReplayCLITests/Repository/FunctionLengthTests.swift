import Foundation
import TestSupport
import Testing

/// The functions of a Swift file and their lengths, found by a lexer that knows just
/// enough Swift to skip comments and string literals (with interpolation, multi-line and
/// raw strings), so that braces inside them are not counted.
enum SwiftFunctionScanner {
  /// A function, initializer, deinitializer or subscript with a body.
  struct Function: Equatable, CustomStringConvertible {
    var file: String
    /// `func parse`, `init(`.
    var declaration: String
    /// The 1-based line of the declaration.
    var line: Int
    /// Lines from the declaration to the closing brace, both included.
    var length: Int
    var description: String { "\(file):\(line): \(declaration) (\(length) lines)" }
  }

  /// The functions with a body in `source`.
  static func functions(in source: String, file: String) -> [Function] {
    let code = Array(mask(Array(source.utf8)))
    let text = String(decoding: code, as: UTF8.self)
    var functions: [Function] = []
    let declaration = /\b(func\s+[^\s(<]+|init[?!]?\s*[(<]|deinit\b|subscript\s*[(<])/
    for match in text.matches(of: declaration) {
      let start = match.range.lowerBound.utf16Offset(in: text)
      let after = match.range.upperBound.utf16Offset(in: text)
      guard let open = bodyStart(code, from: after), let close = matchingBrace(code, open)
      else { continue }
      let line = code[..<start].count { $0 == UInt8(ascii: "\n") } + 1
      let last = code[..<close].count { $0 == UInt8(ascii: "\n") } + 1
      functions.append(
        Function(
          file: file,
          declaration: String(match.output.1).trimmingCharacters(
            in: .init(charactersIn: " \t\n(<")),
          line: line, length: last - line + 1))
    }
    return functions
  }

  /// `bytes` with the contents of comments and string literals replaced by spaces
  /// (line breaks kept), so braces and declarations are only those of the code.
  static func mask(_ bytes: [UInt8]) -> [UInt8] {
    var lexer = Lexer(bytes: bytes)
    lexer.code(until: nil)
    return lexer.out
  }

  /// The `{` that opens the body of the declaration that ends its name at `index`: the
  /// first at bracket depth 0, unless a line starting a new declaration comes first
  /// (a protocol requirement has no body).
  static func bodyStart(_ code: [UInt8], from index: Int) -> Int? {
    var depth = 0
    var i = index
    while i < code.count {
      switch code[i] {
      case UInt8(ascii: "("), UInt8(ascii: "["): depth += 1
      case UInt8(ascii: ")"), UInt8(ascii: "]"): depth -= 1
      case UInt8(ascii: "{") where depth <= 0: return i
      case UInt8(ascii: "}") where depth <= 0: return nil
      case UInt8(ascii: "\n") where depth <= 0:
        let rest = String(decoding: code[(i + 1)...].prefix(40), as: UTF8.self)
          .drop { $0 == " " }
        for keyword in [
          "func ", "var ", "let ", "init", "case ", "static ", "public ", "private ",
          "internal ", "fileprivate ", "mutating ", "@", "subscript", "associatedtype ",
        ] where rest.hasPrefix(keyword) {
          return nil
        }
      default: break
      }
      i += 1
    }
    return nil
  }

  /// The `}` that closes the `{` at `open`.
  static func matchingBrace(_ code: [UInt8], _ open: Int) -> Int? {
    var depth = 0
    for i in open..<code.count {
      if code[i] == UInt8(ascii: "{") { depth += 1 }
      if code[i] == UInt8(ascii: "}") {
        depth -= 1
        if depth == 0 { return i }
      }
    }
    return nil
  }

  private struct Lexer {
    let bytes: [UInt8]
    var i = 0
    var out: [UInt8] = []

    init(bytes: [UInt8]) {
      self.bytes = bytes
      out.reserveCapacity(bytes.count)
    }

    func at(_ text: String, _ index: Int) -> Bool {
      let t = Array(text.utf8)
      return index + t.count <= bytes.count && Array(bytes[index..<(index + t.count)]) == t
    }

    mutating func blank(_ count: Int) {
      for _ in 0..<count where i < bytes.count {
        out.append(bytes[i] == UInt8(ascii: "\n") ? bytes[i] : UInt8(ascii: " "))
        i += 1
      }
    }

    /// Code up to the unmatched `)` that ends an interpolation (`closer`), or the end.
    mutating func code(until closer: UInt8?) {
      var depth = 0
      while i < bytes.count {
        if at("//", i) {
          while i < bytes.count, bytes[i] != UInt8(ascii: "\n") { blank(1) }
        } else if at("/*", i) {
          var nesting = 0
          repeat {
            if at("/*", i) {
              nesting += 1
              blank(2)
            } else if at("*/", i) {
              nesting -= 1
              blank(2)
            } else {
              blank(1)
            }
          } while nesting > 0 && i < bytes.count
        } else if let hashes = stringStart(i) {
          string(hashes: hashes)
        } else {
          let byte = bytes[i]
          if byte == UInt8(ascii: "(") { depth += 1 }
          if byte == UInt8(ascii: ")") {
            if depth == 0, closer != nil { return }
            depth -= 1
          }
          out.append(byte)
          i += 1
        }
      }
    }

    /// The number of `#` before a `"` that starts a string literal at `index`.
    func stringStart(_ index: Int) -> Int? {
      var j = index
      while j < bytes.count, bytes[j] == UInt8(ascii: "#") { j += 1 }
      return j < bytes.count && bytes[j] == UInt8(ascii: "\"") ? j - index : nil
    }

    /// A string literal with `hashes` `#`s: its contents blanked, interpolations lexed
    /// as code and blanked too.
    mutating func string(hashes: Int) {
      let pounds = String(repeating: "#", count: hashes)
      let multiline = at(pounds + "\"\"\"", i)
      let closing = (multiline ? "\"\"\"" : "\"") + pounds
      blank(closing.utf8.count)
      let escape = "\\" + pounds
      while i < bytes.count {
        if at(closing, i) {
          blank(closing.utf8.count)
          return
        } else if at(escape + "(", i) {
          blank(escape.utf8.count + 1)
          let start = out.count
          code(until: UInt8(ascii: ")"))
          for k in start..<out.count where out[k] != UInt8(ascii: "\n") {
            out[k] = UInt8(ascii: " ")
          }
          blank(1)
        } else if at(escape, i) {
          blank(escape.utf8.count + 1)
        } else if !multiline && bytes[i] == UInt8(ascii: "\n") {
          return
        } else {
          blank(1)
        }
      }
    }
  }
}

@Suite struct FunctionLengthTests {
  /// The library and the command line: every target but the samples, the benchmarks and
  /// the fixture generator.
  static let targets = [
    "TimeTravel", "TimeTravelJSON", "TimeTravelDiff", "TimeTravelJQ", "TimeTravelTesting",
    "TerminalEditor", "ReplayCLI", "BundledReducers", "replay",
  ]

  /// Functions known to be longer, each to be split; the test fails when a function not
  /// listed here grows past the limit.
  static let known: Set<String> = []

  static let limit = 120

  @Test func noFunctionOfTheLibraryOrTheCommandLineIsOver120Lines() throws {
    var long: [String] = []
    for target in Self.targets {
      let directory = Repo.root.appendingPathComponent("Sources/\(target)")
      let files =
        FileManager.default.enumerator(atPath: directory.path)?
        .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
      for file in files {
        let source = try String(
          contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
        for function in SwiftFunctionScanner.functions(in: source, file: "\(target)/\(file)")
        where function.length > Self.limit
          && !Self.known.contains("\(function.file): \(function.declaration)")
        {
          long.append(function.description)
        }
      }
    }
    #expect(long == [])
  }

  @Test func theScannerSkipsBracesInStringsAndComments() {
    let source = #"""
      struct S {
        func a() -> String {
          let x = "}" + #"}"# + "\(["}": 1].count)"  // }
          /* } /* } */ } */
          return """
            }
            """
        }
        func b()
        init?(x: Int) where X: Y {
          _ = { (y: Int) in y }
        }
        var c: Int { 1 }
      }
      protocol P { func r() }
      """#
    let functions = SwiftFunctionScanner.functions(in: source, file: "f")
    #expect(
      functions.map { "\($0.declaration) \($0.line) \($0.length)" } == [
        "func a 2 7", "init? 10 3",
      ])
  }
}
