import TimeTravelJSON

/// Recursive-descent parser for jq, with jq's precedence (loosest first):
/// `def`/`as` bodies and `|`, `,`, `//`, assignments, `or`, `and`,
/// comparisons, `+ -`, `* / %`, unary `-`, postfix (`.a`, `[i]`, `?`).
struct Parser {
  /// Programs nested deeper than this are rejected: the parser and the
  /// evaluator recurse on the program's structure.
  static let maximumNesting = 100

  var tokens: [Token]
  var position = 0
  let source: String
  var nesting: Int
  /// What `$__loc__` names as the file: `<top-level>` for a program, a module's path.
  var fileName = "<top-level>"

  init(tokens: [Token], source: String, nesting: Int = 0) {
    self.tokens = tokens
    self.source = source
    self.nesting = nesting
  }

  /// Parses a whole program; `$__loc__` names `fileName`.
  static func parse(_ source: String, fileName: String = "<top-level>") throws(JQSyntaxError)
    -> Node
  {
    var parser = Parser(tokens: try Lexer.tokenize(source), source: source)
    parser.fileName = fileName
    let node = try parser.parsePipe()
    try parser.expectEnd()
    return node
  }

  var current: Token { tokens[position] }

  func error(_ message: String, at token: Token? = nil) -> JQSyntaxError {
    JQSyntaxError(message: message, column: (token ?? current).column, source: source)
  }

  mutating func advance() { if position < tokens.count - 1 { position += 1 } }

  func isPunct(_ p: String) -> Bool { current.kind == .punct(p) }
  func isKeyword(_ k: String) -> Bool { current.kind == .ident(k) }

  func describe(_ token: Token) -> String { token.kind.displayName }

  mutating func expectPunct(_ p: String) throws(JQSyntaxError) {
    guard isPunct(p) else { throw error("unexpected \(describe(current)), expected '\(p)'") }
    advance()
  }

  private mutating func expectKeyword(_ k: String) throws(JQSyntaxError) {
    guard isKeyword(k) else { throw error("unexpected \(describe(current)), expected '\(k)'") }
    advance()
  }

  mutating func expectEnd() throws(JQSyntaxError) {
    guard current.kind == .eof else { throw error("unexpected \(describe(current))") }
  }

  /// Counts one more link of a left-associative chain (`a + b + c`, `.a.b.c`)
  /// against the nesting limit; the caller restores `nesting` afterwards.
  private mutating func link(_ links: inout Int) throws(JQSyntaxError) {
    links += 1
    try enter()
  }

  private mutating func enter() throws(JQSyntaxError) {
    nesting += 1
    if nesting > Self.maximumNesting {
      throw error("program nested too deeply (more than \(Self.maximumNesting) levels)")
    }
  }

  // MARK: Expressions

  mutating func parsePipe() throws(JQSyntaxError) -> Node {
    try enter()
    defer { nesting -= 1 }
    if isKeyword("def") {
      let definition = try parseDefinition()
      return .functionDefinition(definition, try parsePipe())
    }
    if isKeyword("label") {
      advance()
      guard case .variable(let name) = current.kind, name != "__loc__" else {
        throw error("unexpected \(describe(current)), expected a label name ($name)")
      }
      advance()
      try expectPunct("|")
      return .label(name, try parsePipe())
    }
    let lhs = try parseComma()
    if isPunct("|") {
      advance()
      return .pipe(lhs, try parsePipe())
    }
    return lhs
  }

  mutating func parseDefinition() throws(JQSyntaxError) -> FunctionDefinition {
    try expectKeyword("def")
    guard case .ident(let name) = current.kind, !Self.keywords.contains(name) else {
      throw error("unexpected \(describe(current)), expected a function name")
    }
    advance()
    var parameters: [String] = []
    var valueParameters: [String] = []
    if isPunct("(") {
      advance()
      while true {
        switch current.kind {
        case .ident(let p):
          parameters.append(p)
        case .variable(let p):
          parameters.append(p)
          valueParameters.append(p)
        default:
          throw error("unexpected \(describe(current)), expected a parameter name")
        }
        advance()
        if isPunct(";") {
          advance()
          continue
        }
        try expectPunct(")")
        break
      }
    }
    try expectPunct(":")
    var body = try parsePipe()
    try expectPunct(";")
    // `def f($a): body` means `def f(a): a as $a | body`.
    for p in valueParameters.reversed() {
      body = .bind(.call(p, [], column: 0), .variable(p), body)
    }
    return FunctionDefinition(name: name, parameters: parameters, body: body)
  }

  /// `a, b, …`. Each item is an expression without `,` or `|`, which
  /// `as PATTERNS | body` may follow: jq 1.8 binds everything left of `as` up to the
  /// nearest `,`, `|` or bracket (`1 + . as $x | $x` is `(1 + .) as $x | $x`), and the body
  /// runs to the end of the pipe, so it ends the list. An item may also start a pipe
  /// (`1, def f: 2; f`, `1, label $out | 2`), as jq's grammar allows after `,`.
  private mutating func parseComma() throws(JQSyntaxError) -> Node {
    var items: [Node] = []
    while true {
      if isKeyword("def") || isKeyword("label") {
        items.append(try parsePipe())
        break
      }
      let item = try parseAlternative()
      if isKeyword("as") {
        items.append(try parseBinding(on: item))
        break
      }
      items.append(item)
      guard isPunct(",") else { break }
      advance()
    }
    return items.count == 1 ? items[0] : .comma(items)
  }

  private mutating func parseAlternative() throws(JQSyntaxError) -> Node {
    let lhs = try parseAssignment()
    if isPunct("//") {
      advance()
      try enter()
      defer { nesting -= 1 }
      return .alternative(lhs, try parseAlternative())
    }
    return lhs
  }

  private mutating func parseAssignment() throws(JQSyntaxError) -> Node {
    let lhs = try parseOr()
    if case .punct(let p) = current.kind, let op = AssignOperator(rawValue: p) {
      advance()
      // `//` binds looser than assignment in jq: `.a = .b // 1` is `(.a = .b) // 1`.
      return .assign(op, lhs, try parseOr())
    }
    return lhs
  }

  private mutating func parseOr() throws(JQSyntaxError) -> Node {
    var links = 0
    defer { nesting -= links }
    var lhs = try parseAnd()
    while isKeyword("or") {
      advance()
      try link(&links)
      lhs = .or(lhs, try parseAnd())
    }
    return lhs
  }

  private mutating func parseAnd() throws(JQSyntaxError) -> Node {
    var links = 0
    defer { nesting -= links }
    var lhs = try parseComparison()
    while isKeyword("and") {
      advance()
      try link(&links)
      lhs = .and(lhs, try parseComparison())
    }
    return lhs
  }

  private static let comparisons: Set<String> = ["==", "!=", "<", "<=", ">", ">="]

  private mutating func parseComparison() throws(JQSyntaxError) -> Node {
    let lhs = try parseAdditive()
    guard case .punct(let p) = current.kind, Self.comparisons.contains(p) else { return lhs }
    advance()
    let rhs = try parseAdditive()
    if case .punct(let q) = current.kind, Self.comparisons.contains(q) {
      throw error("unexpected '\(q)': comparisons do not chain; use parentheses")
    }
    return .binary(BinaryOperator(rawValue: p)!, lhs, rhs)
  }

  private mutating func parseAdditive() throws(JQSyntaxError) -> Node {
    var links = 0
    defer { nesting -= links }
    var lhs = try parseMultiplicative()
    while case .punct(let p) = current.kind, p == "+" || p == "-" {
      advance()
      try link(&links)
      lhs = .binary(BinaryOperator(rawValue: p)!, lhs, try parseMultiplicative())
    }
    return lhs
  }

  private mutating func parseMultiplicative() throws(JQSyntaxError) -> Node {
    var links = 0
    defer { nesting -= links }
    var lhs = try parseUnary()
    while case .punct(let p) = current.kind, p == "*" || p == "/" || p == "%" {
      advance()
      try link(&links)
      lhs = .binary(BinaryOperator(rawValue: p)!, lhs, try parseUnary())
    }
    return lhs
  }

  private mutating func parseUnary() throws(JQSyntaxError) -> Node {
    try parsePostfix()
  }

  // MARK: Postfix and terms

  /// A term with its suffixes (`.a`, `[i]`, `?`), or `-` before one (jq 1.8: `-.`,
  /// `-reduce …`, `try -. catch .`; the suffixes bind tighter, so `-.a?` is `-(.a?)`).
  private mutating func parsePostfix() throws(JQSyntaxError) -> Node {
    if isPunct("-") {
      advance()
      try enter()
      let operand = try parsePostfix()
      nesting -= 1
      return .negate(operand)
    }
    var term = try parseTerm()
    var links = 0
    defer { nesting -= links }
    while true {
      try link(&links)
      if case .field(let name) = current.kind {
        advance()
        term = .index(term, .literal(.string(name)))
      } else if isPunct("."), case .string = tokens[position + 1].kind {
        advance()
        term = .index(term, try parseStringLiteral(format: nil))
      } else if isPunct("[") {
        term = try parseBracketSuffix(on: term)
      } else if isPunct("?") {
        advance()
        term = .tryCatch(term, nil)
      } else if isPunct("."), tokens[position + 1].kind == .punct("[") {
        advance()
      } else {
        break
      }
    }
    return term
  }

  /// `source as PATTERNS | body`, at `as`.
  private mutating func parseBinding(on term: Node) throws(JQSyntaxError) -> Node {
    try expectKeyword("as")
    let pattern = try parsePatterns()
    try expectPunct("|")
    return .bind(term, pattern, try parsePipe())
  }

  /// A pattern, or jq's destructuring alternatives `p1 ?// p2 ?// …`.
  private mutating func parsePatterns() throws(JQSyntaxError) -> Pattern {
    var patterns = [try parsePattern()]
    while isPunct("?//") {
      advance()
      patterns.append(try parsePattern())
    }
    return patterns.count == 1 ? patterns[0] : .alternatives(patterns)
  }

  private mutating func parseBracketSuffix(on term: Node) throws(JQSyntaxError) -> Node {
    try expectPunct("[")
    if isPunct("]") {
      advance()
      return .iterate(term)
    }
    if isPunct(":") {
      advance()
      let to = try parsePipe()
      try expectPunct("]")
      return .slice(term, from: nil, to: to)
    }
    let key = try parsePipe()
    if isPunct(":") {
      advance()
      if isPunct("]") {
        advance()
        return .slice(term, from: key, to: nil)
      }
      let to = try parsePipe()
      try expectPunct("]")
      return .slice(term, from: key, to: to)
    }
    try expectPunct("]")
    return .index(term, key)
  }

  static let keywords: Set<String> = [
    "def", "if", "then", "elif", "else", "end", "as", "reduce", "foreach", "try", "catch",
    "label", "import", "include", "and", "or", "__loc__",
  ]

  private mutating func parseTerm() throws(JQSyntaxError) -> Node {
    let token = current
    switch token.kind {
    case .eof:
      throw error("unexpected end of input")
    case .number(let text):
      advance()
      let number = JSONNumber(literal: text) ?? JSONNumber(Double(text) ?? 0)
      return .literal(.number(number))
    case .string:
      return try parseStringLiteral(format: nil)
    case .format(let name):
      advance()
      if case .string = current.kind { return try parseStringLiteral(format: name) }
      return .format(name, column: token.column)
    case .field(let name):
      advance()
      return .index(.identity, .literal(.string(name)))
    case .variable(let name):
      advance()
      if name == "__loc__" { return location(of: token) }
      return .variable(name, column: token.column)
    case .punct("."):
      advance()
      if case .string = current.kind {
        return .index(.identity, try parseStringLiteral(format: nil))
      }
      return .identity
    case .punct(".."):
      advance()
      return .recurseAll
    case .punct("("):
      advance()
      let inner = try parsePipe()
      try expectPunct(")")
      return inner
    case .punct("["):
      advance()
      if isPunct("]") {
        advance()
        return .array(nil)
      }
      let inner = try parsePipe()
      try expectPunct("]")
      return .array(inner)
    case .punct("{"):
      return try parseObject()
    case .ident("if"):
      return try parseIf()
    case .ident("try"):
      advance()
      try enter()
      defer { nesting -= 1 }
      let body = try parsePostfix()
      if isKeyword("catch") {
        advance()
        return .tryCatch(body, try parsePostfix())
      }
      return .tryCatch(body, nil)
    case .ident("reduce"), .ident("foreach"):
      return try parseReduceOrForeach()
    case .ident("def"):
      throw error("unexpected 'def': a definition starts a pipe; use parentheses")
    case .ident("true"):
      advance()
      return .literal(true)
    case .ident("false"):
      advance()
      return .literal(false)
    case .ident("null"):
      advance()
      return .literal(.null)
    case .ident("label"):
      throw error("unexpected 'label': a label starts a pipe; use parentheses")
    case .ident(let name) where name == "import" || name == "include":
      throw error("unexpected '\(name)': imports and includes come first in a program")
    case .ident("break"):
      advance()
      guard case .variable(let name) = current.kind else {
        throw error("unexpected \(describe(current)), expected a label name ($name)")
      }
      advance()
      return .breakLabel(name, column: token.column)
    case .ident(let name) where !Self.keywords.contains(name):
      advance()
      var arguments: [Node] = []
      if isPunct("(") {
        advance()
        arguments.append(try parsePipe())
        while isPunct(";") {
          advance()
          arguments.append(try parsePipe())
        }
        try expectPunct(")")
      }
      return .call(name, arguments, column: token.column)
    default:
      throw error("unexpected \(describe(token))")
    }
  }

  /// `reduce SOURCE as PATTERN (INIT; UPDATE)` and
  /// `foreach SOURCE as PATTERN (INIT; UPDATE[; EXTRACT])`.
  private mutating func parseReduceOrForeach() throws(JQSyntaxError) -> Node {
    let isReduce = isKeyword("reduce")
    advance()
    // jq 1.8 takes any expression without `,` or `|` as the source (`reduce .[] / 2 as
    // $x …`); its own `as` ends it.
    let source = try parseAlternative()
    try expectKeyword("as")
    let pattern = try parsePatterns()
    try expectPunct("(")
    let initial = try parsePipe()
    try expectPunct(";")
    let update = try parsePipe()
    if isReduce {
      try expectPunct(")")
      return .reduce(source, pattern, initial, update)
    }
    var extract: Node?
    if isPunct(";") {
      advance()
      extract = try parsePipe()
    }
    try expectPunct(")")
    return .foreach(source, pattern, initial, update, extract)
  }

  /// `$__loc__`: the file and the 1-based line where it is written.
  private func location(of token: Token) -> Node {
    let line = source.prefix(max(0, token.column - 1)).reduce(1) { count, character in
      character == "\n" || character == "\r\n" ? count + 1 : count
    }
    return .literal(["file": .string(fileName), "line": .number(JSONNumber(line))])
  }

  private mutating func parseIf() throws(JQSyntaxError) -> Node {
    advance()
    let condition = try parsePipe()
    try expectKeyword("then")
    let then = try parsePipe()
    if isKeyword("elif") {
      try enter()
      defer { nesting -= 1 }
      return .ifThen(condition, then, try parseIf())
    }
    var otherwise: Node?
    if isKeyword("else") {
      advance()
      otherwise = try parsePipe()
    }
    try expectKeyword("end")
    return .ifThen(condition, then, otherwise)
  }

  mutating func parseStringLiteral(format: String?) throws(JQSyntaxError) -> Node {
    guard case .string(let parts) = current.kind else {
      throw error("unexpected \(describe(current)), expected a string")
    }
    advance()
    var result: [InterpolationPart] = []
    for part in parts {
      switch part {
      case .text(let s): result.append(.text(s))
      case .interpolation(let inner):
        var sub = Parser(
          tokens: inner + [Token(kind: .eof, column: current.column)], source: source,
          nesting: nesting)
        sub.fileName = fileName
        let node = try sub.parsePipe()
        try sub.expectEnd()
        result.append(.expression(node))
      }
    }
    if format == nil, result.count == 1, case .text(let s) = result[0] {
      return .literal(.string(s))
    }
    return .interpolated(result, format: format)
  }

  mutating func parseObject() throws(JQSyntaxError) -> Node {
    try expectPunct("{")
    try enter()
    defer { nesting -= 1 }
    var entries: [ObjectEntry] = []
    while !isPunct("}") {
      let token = current
      var key: Node
      var shorthand: Node?
      switch token.kind {
      case .variable(let name):
        advance()
        let variable =
          name == "__loc__" ? location(of: token) : .variable(name, column: token.column)
        // `{$x}` is `{x: $x}`; `{$x: v}` takes the key from `$x`'s value (jq 1.8).
        key = isPunct(":") ? variable : .literal(.string(name))
        shorthand = variable
      case .ident(let name):
        advance()
        key = .literal(.string(name))
        shorthand = .index(.identity, key)
      case .number(let text):
        advance()
        key = .literal(.string(text))
      case .string:
        key = try parseStringLiteral(format: nil)
        shorthand = .index(.identity, key)
      case .format(let name):
        advance()
        key = try parseStringLiteral(format: name)
        shorthand = .index(.identity, key)
      case .punct("("):
        advance()
        key = try parsePipe()
        try expectPunct(")")
      default:
        throw error("unexpected \(describe(token)) in object construction, expected a key")
      }
      if isPunct(":") {
        advance()
        entries.append(ObjectEntry(key: key, value: try parseObjectValue()))
      } else if let shorthand {
        entries.append(ObjectEntry(key: key, value: shorthand))
      } else {
        throw error("unexpected \(describe(current)), expected ':'")
      }
      if isPunct(",") {
        advance()
      } else if !isPunct("}") {
        throw error("unexpected \(describe(current)), expected '}'")
      }
    }
    advance()
    return .object(entries)
  }

  // jq allows only pipes of terms as an object value, so `,` ends the entry.
  private mutating func parseObjectValue() throws(JQSyntaxError) -> Node {
    var value = try parseAlternative()
    if isPunct("|") {
      advance()
      value = .pipe(value, try parseObjectValue())
    }
    return value
  }

  private mutating func parsePattern() throws(JQSyntaxError) -> Pattern {
    try enter()
    defer { nesting -= 1 }
    switch current.kind {
    case .variable(let name):
      advance()
      return .variable(name)
    case .punct("["):
      advance()
      var items: [Pattern] = []
      repeat {
        if isPunct(",") { advance() }
        items.append(try parsePattern())
      } while isPunct(",")
      try expectPunct("]")
      return .array(items)
    case .punct("{"):
      advance()
      var entries: [ObjectPatternEntry] = []
      repeat {
        if isPunct(",") { advance() }
        let token = current
        switch token.kind {
        case .variable(let name):
          advance()
          var value: Pattern?
          if isPunct(":") {
            advance()
            value = try parsePattern()
          }
          entries.append(
            ObjectPatternEntry(key: .literal(.string(name)), binds: name, value: value))
          continue
        case .ident(let name):
          advance()
          try expectPunct(":")
          entries.append(
            ObjectPatternEntry(key: .literal(.string(name)), binds: nil, value: try parsePattern()))
        case .string:
          let key = try parseStringLiteral(format: nil)
          try expectPunct(":")
          entries.append(ObjectPatternEntry(key: key, binds: nil, value: try parsePattern()))
        case .punct("("):
          advance()
          let key = try parsePipe()
          try expectPunct(")")
          try expectPunct(":")
          entries.append(ObjectPatternEntry(key: key, binds: nil, value: try parsePattern()))
        default:
          throw error("unexpected \(describe(token)) in object pattern")
        }
      } while isPunct(",")
      try expectPunct("}")
      return .object(entries)
    default:
      throw error("unexpected \(describe(current)), expected a pattern ($name, [...] or {...})")
    }
  }
}
