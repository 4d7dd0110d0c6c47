import TimeTravelJSON

/// A jq path expression that names one place in a value, read by the jq lexer and parser:
/// `.`, `.todos[0].title`, `."a b"`, `.["k"]`, `.a.[2]`, `.[1:3]`, and pipes and
/// parentheses of these (`.a | .b` is `.a.b`).
///
/// Its ``keys`` are what jq's `path(f)` outputs for it — strings, numbers, and
/// `{"start", "end"}` objects for slices — worked out from the program text alone, without
/// an input. An expression whose paths depend on the input or that has several
/// (`.todos[]`, `.a, .b`, `..`, `.[.k]`, `select(…)`) is rejected, at the column of the
/// part that makes it so.
///
/// ```swift
/// let path = try JQPath(".todos[0].title")
/// // path.keys == ["todos", 0, "title"]
/// ```
public struct JQPath: Sendable, Equatable {
  /// One key of the path and where it is written.
  public struct Component: Sendable, Equatable {
    /// A string (object member), a number (array position, possibly negative or
    /// fractional, as written) or `{"start": …, "end": …}` (a slice, `null` for an open end).
    public var key: JSONValue
    /// The 1-based column, in characters of the source, where the key is written: the `.`
    /// of `.name` and `."name"`, the first character inside `[ ]`.
    public var column: Int
  }

  /// The expression as given.
  public let source: String
  /// The keys from the root, in order; empty for `.`.
  public let components: [Component]

  /// The keys alone: `path(f)` of the expression.
  public var keys: [JSONValue] { components.map(\.key) }

  /// Parses `source` as a jq program and reads its single static path.
  ///
  /// - Throws: ``JQSyntaxError`` with the 1-based column: the parser's error for bad jq
  ///   syntax (`.todos[0` → column 9, `unexpected end of input, expected ']'`), or, for a
  ///   valid program that is not one static path, which part is not (`.todos[]` → column
  ///   7, `'[]' iterates, so the expression has many paths`).
  public init(_ source: String) throws(JQSyntaxError) {
    self.source = source
    let tokens = try Lexer.tokenize(source)
    let node = try Parser.parse(source)
    guard let keys = Self.keys(of: node) else { throw Self.nonStatic(tokens, source) }
    let columns = Self.stepColumns(tokens)
    components = keys.enumerated().map { index, key in
      Component(key: key, column: index < columns.count ? columns[index] : 1)
    }
  }

  /// The keys `path(node)` outputs, or `nil` when they are not fixed by the text.
  static func keys(of node: Node) -> [JSONValue]? {
    switch node {
    case .identity:
      return []
    case .pipe(let lhs, let rhs):
      guard let a = keys(of: lhs), let b = keys(of: rhs) else { return nil }
      return a + b
    case .index(let target, let keyNode):
      guard let base = keys(of: target), let key = literal(keyNode), key.isPathKey else {
        return nil
      }
      return base + [key]
    case .slice(let target, let from, let to):
      guard let base = keys(of: target) else { return nil }
      var bounds: [JSONValue] = []
      for bound in [from, to] {
        guard let bound else {
          bounds.append(.null)
          continue
        }
        guard let value = literal(bound), case .number = value else { return nil }
        bounds.append(value)
      }
      return base + [["start": bounds[0], "end": bounds[1]]]
    default:
      return nil
    }
  }

  /// A literal string or number, or a negated number literal (`.[-1]`).
  private static func literal(_ node: Node) -> JSONValue? {
    switch node {
    case .literal(let value): return value
    case .negate(.literal(.number(let n))): return .number(Arithmetic.negate(n))
    default: return nil
    }
  }

  /// The column of each path step in source order: `.name`, `."name"` and `[…]` outside
  /// brackets. For a static path these pair one to one with its keys.
  private static func stepColumns(_ tokens: [Token]) -> [Int] {
    var columns: [Int] = []
    var depth = 0
    for (i, token) in tokens.enumerated() {
      let next = i + 1 < tokens.count ? tokens[i + 1] : token
      switch token.kind {
      case .field where depth == 0:
        columns.append(token.column)
      case .punct(".") where depth == 0:
        if case .string = next.kind { columns.append(token.column) }
      case .punct("["):
        if depth == 0 { columns.append(next.column) }
        depth += 1
      case .punct("]"):
        depth -= 1
      default:
        break
      }
    }
    return columns
  }

  /// The error for a valid program that is not one static path, at its first token that
  /// a static path cannot have.
  private static func nonStatic(_ tokens: [Token], _ source: String) -> JQSyntaxError {
    var depth = 0
    for (i, token) in tokens.enumerated() {
      let previous = i > 0 ? tokens[i - 1].kind : .eof
      let next = i + 1 < tokens.count ? tokens[i + 1].kind : .eof
      if let message = problem(token.kind, previous: previous, next: next, inBrackets: depth > 0) {
        return JQSyntaxError(message: message, column: token.column, source: source)
      }
      if token.kind == .punct("[") { depth += 1 }
      if token.kind == .punct("]") { depth -= 1 }
    }
    return JQSyntaxError(message: "not a single static path", column: 1, source: source)
  }

  /// Why `kind` cannot be part of a static path where it stands, or `nil` if it can.
  private static func problem(
    _ kind: TokenKind, previous: TokenKind, next: TokenKind, inBrackets: Bool
  ) -> String? {
    switch kind {
    case .eof, .punct("("), .punct(")"):
      return nil
    case .punct("[") where next == .punct("]"):
      return "'[]' iterates, so the expression has many paths"
    case .punct(","):
      return "',' makes more than one path"
    case .punct(".."):
      return "'..' recurses, so the expression has many paths"
    case .string(let parts) where parts.contains(where: \.isInterpolation):
      return "a key with \\( ) interpolation is computed from the input"
    case .punct("."), .field, .punct("|"), .punct("["):
      return inBrackets ? "a key computed from the input is not static; write a literal" : nil
    case .string:
      return inBrackets || previous == .punct(".") ? nil : "a string alone is not a path"
    case .number, .punct(":"), .punct("]"):
      return inBrackets ? nil : "\(describe(kind)) is not a path"
    case .punct("-") where inBrackets && (previous == .punct("[") || previous == .punct(":")):
      return nil
    default:
      return
        "\(describe(kind)) is not part of a static path (.key, .\"key\", .[key], .[from:to], |)"
    }
  }

  private static func describe(_ kind: TokenKind) -> String {
    if case .string = kind { return "a string literal" }
    return kind.displayName
  }
}

extension StringPart {
  fileprivate var isInterpolation: Bool {
    if case .interpolation = self { true } else { false }
  }
}

extension JSONValue {
  /// A key `path(f)` can hold for `.[k]`: a string or a number.
  fileprivate var isPathKey: Bool {
    switch self {
    case .string, .number: true
    default: false
    }
  }
}
