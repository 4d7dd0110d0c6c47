import TimeTravelJSON

/// One `import` or `include` directive of a program or module.
struct ImportDirective {
  /// The module's path relative to a search directory, without `.jq` or `.json`.
  var path: String
  /// `as name` (functions become `name::f`) or `as $name` (``isData``); `nil` for
  /// `include`.
  var alias: String?
  /// `import "path" as $name;`: a JSON data file, bound to `$name::name` and `$name`.
  var isData: Bool
  /// The directive's metadata object (`{search: "./lib"}`), `{}` when none.
  var metadata: JSONObject
  /// Where the directive is written, for errors.
  var column: Int
}

/// What comes before a program's or module's body: `module META;`, then imports and
/// includes, as jq's grammar has them.
struct ProgramHeader {
  var metadata: JSONObject?
  var imports: [ImportDirective] = []
}

extension Parser {
  /// A whole program: its header, then the body (`.` when only definitions follow, as
  /// in a module). `isModule` requires the body to be definitions only.
  static func parseProgram(_ source: String, fileName: String, isModule: Bool)
    throws(JQSyntaxError) -> (ProgramHeader, Node)
  {
    var parser = Parser(tokens: try Lexer.tokenize(source), source: source)
    parser.fileName = fileName
    let header = try parser.parseHeader()
    if isModule {
      var definitions: [FunctionDefinition] = []
      while parser.isKeyword("def") { definitions.append(try parser.parseDefinition()) }
      guard parser.current.kind == .eof else {
        throw parser.error(
          "a module holds only definitions (def name: body;), not \(parser.describe(parser.current))"
        )
      }
      let body = definitions.reversed().reduce(Node.identity) { .functionDefinition($1, $0) }
      return (header, body)
    }
    let body = try parser.parsePipe()
    try parser.expectEnd()
    return (header, body)
  }

  private mutating func parseHeader() throws(JQSyntaxError) -> ProgramHeader {
    var header = ProgramHeader()
    if isKeyword("module") {
      advance()
      header.metadata = try parseMetadata()
      try expectPunct(";")
    }
    while isKeyword("import") || isKeyword("include") {
      header.imports.append(try parseImport())
    }
    return header
  }

  /// `import "path" as name [META];`, `import "path" as $name [META];` or
  /// `include "path" [META];`.
  private mutating func parseImport() throws(JQSyntaxError) -> ImportDirective {
    let start = current
    let isInclude = isKeyword("include")
    advance()
    guard case .string(let parts) = current.kind, parts.count == 1,
      case .text(let path) = parts[0]
    else {
      throw error("unexpected \(describe(current)), expected the module's path as a string")
    }
    advance()
    var directive = ImportDirective(
      path: path, alias: nil, isData: false, metadata: [:], column: start.column)
    if !isInclude {
      guard isKeyword("as") else { throw error("unexpected \(describe(current)), expected 'as'") }
      advance()
      switch current.kind {
      case .ident(let name) where !Self.keywords.contains(name): directive.alias = name
      case .variable(let name):
        directive.alias = name
        directive.isData = true
      default:
        throw error("unexpected \(describe(current)), expected a name or $name")
      }
      advance()
    }
    if isPunct("{") { directive.metadata = try parseMetadata() }
    try expectPunct(";")
    return directive
  }

  /// Whether `node` is built of literals only (what jq folds into a constant).
  static func isConstant(_ node: Node) -> Bool {
    switch node {
    case .literal: return true
    case .array(let body): return body.map(isConstant) ?? true
    case .object(let entries):
      return entries.allSatisfy { isConstant($0.key) && isConstant($0.value) }
    case .comma(let items): return items.allSatisfy(isConstant)
    case .negate(let operand): return isConstant(operand)
    case .pipe(let a, let b): return isConstant(a) && isConstant(b)
    default: return false
    }
  }

  /// A constant object: module and import metadata.
  private mutating func parseMetadata() throws(JQSyntaxError) -> JSONObject {
    let start = current
    guard isPunct("{") else { throw error("unexpected \(describe(current)), expected '{'") }
    let node = try parseObject()
    guard Self.isConstant(node),
      let value = try? Evaluator().values(node, .null, Environment(parent: nil, binding: nil))
        .first
    else { throw self.error("Module metadata must be constant", at: start) }
    guard case .object(let object) = value else {
      throw self.error("Module metadata must be an object", at: start)
    }
    return object
  }
}
