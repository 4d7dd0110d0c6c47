import Foundation

/// Where `import` and `include` find modules: jq's library search list (`jq -L dir`),
/// so a team can keep its predicates in `.jq` files and JSON data beside them.
///
/// A directive `import "rel/path" as name;` looks, in each directory of its search list,
/// for `rel/path.jq`, then `rel/path/jq/main.jq`, then `rel/path/path.jq` (a data
/// import `import "rel/path" as $name;` for `.json` instead), and takes the first that
/// exists. The search list is the directive's own `search` metadata (`import "x" as x
/// {search: "./lib"};`) if it has one, otherwise `.` and then ``paths``. As in jq 1.8:
///
/// - `~` or a path starting `~/` means the home directory (`HOME`);
/// - a path starting `$ORIGIN/` is relative to ``origin`` (jq's own directory);
/// - `.` alone is the current directory; any other relative path is relative to the
///   directory of the file that imports (``programOrigin`` for the program itself);
/// - module paths are relative, use `/`, and may not contain `..` or the same component
///   twice in a row (`m/m`); they never escape the search directories that way.
///
/// Errors are compile errors (``JQSyntaxError``) at the directive: `module not found:
/// name`, `circular import of /path/a.jq`, a syntax error inside a module (naming its
/// file), a module that is not a regular file or is larger than 16 MB (a data file, 256
/// MB). Reading a module never blocks on a pipe or a device.
///
/// ```swift
/// let search = JQModuleSearch(paths: ["/etc/replay/jq"])
/// let filter = try JQFilter(#"import "todos" as todos; todos::stale"#, modules: search)
/// ```
public struct JQModuleSearch: Sendable, Equatable {
  /// The directories searched after `.`, in order, as `jq -L` gives them. Relative
  /// entries were made absolute against ``programOrigin`` (as jq makes `-L` paths
  /// absolute); `~/…` and `$ORIGIN/…` entries are expanded when searched.
  public var paths: [String]
  /// The directory a program's relative `search` paths are relative to: the current
  /// directory for a program given as text, a program file's directory.
  public var programOrigin: String
  /// What `$ORIGIN` means: the directory of the executable running the program, or
  /// `nil` when there is none (then `$ORIGIN/…` entries find nothing).
  public var origin: String?

  /// jq's search list when `-L` is not given: `~/.jq`, `$ORIGIN/../lib/jq`,
  /// `$ORIGIN/../lib`.
  public static let jqDefaultPaths = ["~/.jq", "$ORIGIN/../lib/jq", "$ORIGIN/../lib"]

  /// A search list of `paths` (relative ones taken against `programOrigin`, which
  /// defaults to the current directory).
  public init(paths: [String], programOrigin: String? = nil, origin: String? = nil) {
    let base = programOrigin ?? FileManager.default.currentDirectoryPath
    self.programOrigin = base
    self.origin = origin
    self.paths = paths.map { path in
      if path.hasPrefix("/") || path == "~" || path.hasPrefix("~/") || path.hasPrefix("$ORIGIN/") {
        return path
      }
      return (base as NSString).appendingPathComponent(path)
    }
  }

  /// The directories `get_search_list` reports: ``paths`` with `~` and `$ORIGIN`
  /// expanded.
  var expandedPaths: [String] { paths.compactMap { expand($0, relativeTo: nil) } }

  /// A search directory as jq expands it, relative to `base` (the importing file's
  /// directory); `nil` when it cannot be used (`$ORIGIN` unknown, no home).
  func expand(_ path: String, relativeTo base: String?) -> String? {
    if path == "~" || path.hasPrefix("~/") {
      guard let home = ProcessInfo.processInfo.environment["HOME"], !home.isEmpty else {
        return nil
      }
      return home + path.dropFirst()
    }
    if path.hasPrefix("$ORIGIN/") {
      guard let origin else { return nil }
      return origin + "/" + path.dropFirst("$ORIGIN/".count)
    }
    if path == "." || path.hasPrefix("/") { return path }
    guard let base else { return path }
    return base + "/" + path
  }

  /// Why `relativePath` cannot name a module, or `nil` when it can.
  static func problem(with relativePath: String) -> String? {
    if relativePath.utf8.contains(0) { return "Module path contains a NUL byte" }
    if relativePath.contains("\\") {
      return "Modules must be named by relative paths using '/', not '\\' (\(relativePath))"
    }
    let components = relativePath.split(separator: "/", omittingEmptySubsequences: false)
    if components.contains("..") {
      return
        "Relative paths to modules may not traverse to parent directories (\(relativePath))"
    }
    for (a, b) in zip(components, components.dropFirst()) where a == b {
      return "module names must not have equal consecutive components: \(relativePath)"
    }
    return nil
  }

  /// The file `relativePath` names with `suffix` (`.jq`, `.json`) in the directories
  /// `search` (for a file in `base`), resolved through symbolic links; `nil` if none.
  func find(_ relativePath: String, suffix: String, search: [String], base: String?) -> String? {
    let name = relativePath.split(separator: "/").last.map(String.init) ?? relativePath
    for entry in search where !entry.isEmpty {
      guard let directory = expand(entry, relativeTo: base) else { continue }
      let candidates = [
        "\(directory)/\(relativePath)\(suffix)",
        "\(directory)/\(relativePath)/jq/main\(suffix)",
        "\(directory)/\(relativePath)/\(name)\(suffix)",
      ]
      for candidate in candidates where FileManager.default.fileExists(atPath: candidate) {
        return URL(fileURLWithPath: candidate).resolvingSymlinksInPath().path
      }
    }
    return nil
  }
}
