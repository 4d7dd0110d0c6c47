import Foundation
import TimeTravelJSON

/// A compiled `.jq` module: its definitions, bound in their own environment.
struct LoadedModule {
  /// The module's own definitions by `name/arity` (what `import` makes `alias::name`).
  var functions: [String: LibraryFunction]
  /// What `modulemeta` reports: the `module` metadata, `deps` and `defs`.
  var meta: JSONValue
}

/// Loads the modules a program imports (jq's `linker.c`): finds each file on the search
/// list, compiles it with its own imports, detects cycles, and gives the program the
/// functions and data variables its directives bind.
struct ModuleLoader {
  let search: JQModuleSearch?
  /// Modules compiled so far, by resolved path; `nil` while one is being compiled.
  private var modules: [String: LoadedModule?] = [:]
  private var depth = 0

  static let maximumDepth = 64
  static let maximumModuleBytes = 16 << 20
  static let maximumDataBytes = 256 << 20

  init(search: JQModuleSearch?) { self.search = search }

  /// What a header's directives bind for the file at `origin` (a directory): functions
  /// by their names as called (`alias::name/arity`, or `name/arity` for `include`), later
  /// directives over earlier ones, and data variables (names without `$`).
  mutating func bindings(
    for imports: [ImportDirective], origin: String?, source: String
  ) throws(JQSyntaxError) -> (functions: [String: LibraryFunction], data: [(String, JSONValue)]) {
    var functions: [String: LibraryFunction] = [:]
    var data: [(String, JSONValue)] = []
    for directive in imports {
      func fail(_ message: String) -> JQSyntaxError {
        JQSyntaxError(message: message, column: directive.column, source: source)
      }
      guard let search else {
        throw fail(
          "module not found: \(directive.path) (no module search path: compile with a JQModuleSearch)"
        )
      }
      if let problem = JQModuleSearch.problem(with: directive.path) { throw fail(problem) }
      let suffix = directive.isData ? ".json" : ".jq"
      guard
        let file = search.find(
          directive.path, suffix: suffix, search: searchList(directive, search), base: origin)
      else { throw fail("module not found: \(directive.path)") }
      if directive.isData {
        let value = try loadData(file, fail)
        let alias = directive.alias ?? directive.path
        data.append(("\(alias)::\(alias)", value))
        data.append((alias, value))
        continue
      }
      let module = try load(file, fail)
      let prefix = directive.alias.map { "\($0)::" } ?? ""
      for (signature, function) in module.functions { functions[prefix + signature] = function }
    }
    return (functions, data)
  }

  /// The directive's `search` metadata, or `.` then the search paths.
  private func searchList(_ directive: ImportDirective, _ search: JQModuleSearch) -> [String] {
    switch directive.metadata["search"] {
    case .string(let path)?: return [path]
    case .array(let paths)?: return paths.elements.compactMap(\.stringValue)
    case nil: return ["."] + search.paths
    default: return []
    }
  }

  /// The module at `file`, compiled once per program.
  mutating func load(_ file: String, _ fail: (String) -> JQSyntaxError) throws(JQSyntaxError)
    -> LoadedModule
  {
    if let known = modules[file] {
      guard let module = known else { throw fail("circular import of \(file)") }
      return module
    }
    guard depth < Self.maximumDepth else {
      throw fail("modules import each other more than \(Self.maximumDepth) deep")
    }
    let text = try Self.read(file, limit: Self.maximumModuleBytes, fail)
    modules[file] = .some(nil)
    depth += 1
    defer { depth -= 1 }
    let header: ProgramHeader
    let imported: (functions: [String: LibraryFunction], data: [(String, JSONValue)])
    let resolved: Node
    do {
      let body: Node
      (header, body) = try Parser.parseProgram(text, fileName: file, isModule: true)
      let directory = (file as NSString).deletingLastPathComponent
      imported = try bindings(for: header.imports, origin: directory, source: text)
      var resolver = Resolver(
        source: text, predefined: Set(imported.data.map(\.0)),
        library: Prelude.functions.merging(imported.functions) { $1 })
      resolved = try resolver.resolve(body)
    } catch {
      var located = error
      if located.file == nil { located.file = file }
      throw located
    }
    var env = Environment(parent: nil, binding: nil)
    for (name, value) in imported.data { env = env.with(variable: name, value) }
    var functions: [String: LibraryFunction] = [:]
    var node = resolved
    var defs: [JSONValue] = []
    while case .functionDefinition(let definition, let rest) = node {
      env = Environment(parent: env, binding: .function(definition))
      functions[definition.signature] = LibraryFunction(definition: definition, home: env)
      defs.append(.string(definition.signature))
      node = rest
    }
    let module = LoadedModule(
      functions: functions, meta: Self.meta(header, defs: defs))
    modules[file] = .some(module)
    return module
  }

  /// `modulemeta` of the module at `file`: parsed, not compiled, so its imports are only
  /// listed.
  static func describe(_ file: String) throws(JQSyntaxError) -> JSONValue {
    let fail = { (message: String) in JQSyntaxError(message: message, column: 1, source: "") }
    let text = try read(file, limit: maximumModuleBytes, fail)
    var (header, node) = try Parser.parseProgram(text, fileName: file, isModule: true)
    var defs: [JSONValue] = []
    while case .functionDefinition(let definition, let rest) = node {
      defs.append(.string(definition.signature))
      node = rest
    }
    return meta(header, defs: defs)
  }

  /// `modulemeta`'s object: the module's metadata, then `deps` (each directive's
  /// metadata with `as`, `is_data` and `relpath`) and `defs`.
  static func meta(_ header: ProgramHeader, defs: [JSONValue]) -> JSONValue {
    var meta = header.metadata ?? [:]
    meta["deps"] = .array(
      JSONArray(
        header.imports.map { directive in
          var dep = directive.metadata
          if let alias = directive.alias { dep["as"] = .string(alias) }
          dep["is_data"] = .bool(directive.isData)
          dep["relpath"] = .string(directive.path)
          return .object(dep)
        }))
    meta["defs"] = .array(JSONArray(defs))
    return .object(meta)
  }

  /// A data module: every JSON value in the file, as an array (jq slurps it).
  private func loadData(_ file: String, _ fail: (String) -> JQSyntaxError) throws(JQSyntaxError)
    -> JSONValue
  {
    let text = try Self.read(file, limit: Self.maximumDataBytes, fail)
    var values: [JSONValue] = []
    let bytes = Array(text.utf8)
    let failure: JQSyntaxError? = bytes.withUnsafeBufferPointer { buffer in
      var parser = JSONParser(bytes: buffer)
      while !parser.isAtEnd {
        do throws(JSONParseError) {
          values.append(try parser.parseNext())
        } catch {
          return fail(
            "error loading data file \(file): \(error.message) at line \(error.line), column \(error.column)"
          )
        }
      }
      return nil
    }
    if let failure { throw failure }
    return .array(JSONArray(values))
  }

  /// A module file's text: a regular file (never a pipe or a device, which could block)
  /// of at most `limit` bytes.
  private static func read(_ file: String, limit: Int, _ fail: (String) -> JQSyntaxError)
    throws(JQSyntaxError) -> String
  {
    let attributes = try? FileManager.default.attributesOfItem(atPath: file)
    guard attributes?[.type] as? FileAttributeType == .typeRegular else {
      throw fail("error loading \(file): not a regular file")
    }
    if let size = attributes?[.size] as? Int, size > limit {
      throw fail("error loading \(file): larger than \(limit >> 20) MB")
    }
    guard let data = FileManager.default.contents(atPath: file) else {
      throw fail("error loading \(file): cannot be read")
    }
    return String(decoding: data, as: UTF8.self)
  }
}
