import TimeTravelJSON

extension DiffTextRenderer {
  /// The changes shown inside their surrounding structure, in the style of
  /// swift-custom-dump and TCA's `TestStore` failures:
  ///
  /// ```
  ///   {
  ///     "todos": [
  ///       … (3 unchanged)
  ///       [3]: {
  ///         … (2 unchanged)
  /// -       "title": "Buy milk"
  /// +       "title": "Buy oat milk"  // /todos/3/title
  ///       }
  ///       … (6 unchanged)
  ///     ]
  ///   }
  /// ```
  ///
  /// A two-column gutter holds `-` (old), `+` (new), `↷` (moved) or blanks
  /// (context); containers on the way to a change open with their key or
  /// `[index]`; unchanged runs fold to `… (N unchanged)`; each change carries
  /// its JSON Pointer path as a `//` comment. Only containers that hold one of
  /// `changes` are opened, so a filtered list renders just those. Within an
  /// array, removals are listed first by old index (they apply first); the
  /// other changes appear at their index in `new`, and a move's comment names
  /// where the element was by its old index, as the removals do. Colour (red `-`, green
  /// `+`, cyan moves, dim folds) when ``color`` is set. `"(no changes)"` when
  /// `changes` is empty.
  ///
  /// Iterative on depth; O(size of the printed output + total path length).
  public func renderStructural(old: JSONValue, new: JSONValue, changes: [JSONChange]) -> String {
    guard !changes.isEmpty else { return "(no changes)" }
    let trie = ChangeTrie(changes)
    var lines: [String] = []
    enum Task {
      case line(String)
      // `inArray`: removals were already listed at the top of the array.
      case open(node: Int, value: JSONValue, label: String, depth: Int, inArray: Bool)
    }
    var tasks: [Task] = [.open(node: 0, value: new, label: "", depth: 0, inArray: false)]
    while let task = tasks.popLast() {
      switch task {
      case .line(let line):
        lines.append(line)
      case .open(let node, let value, let label, let depth, let inArray):
        let exact = trie.changes[node].filter { !inArray || $0.op != .remove }
        if !exact.isEmpty || !value.isContainer {
          lines.append(contentsOf: exactLines(exact, label: label, depth: depth))
          if trie.children[node].isEmpty || !value.isContainer { continue }
        }
        let (open, close) = value.arrayValue != nil ? ("[", "]") : ("{", "}")
        lines.append(context(label + open, depth: depth))
        var body: [Task] = []
        var folded = 0
        func flush() {
          if folded > 0 {
            body.append(
              .line(paint(context("… (\(folded) unchanged)", depth: depth + 1), Self.dim)))
            folded = 0
          }
        }
        let isArray = value.arrayValue != nil
        func child(_ token: String, _ childValue: JSONValue, _ childLabel: String) {
          guard let childNode = trie.child(of: node, token) else {
            folded += 1
            return
          }
          flush()
          body.append(
            .open(
              node: childNode, value: childValue, label: childLabel, depth: depth + 1,
              inArray: isArray))
        }
        switch value {
        case .object(let object):
          for (key, member) in zip(object.keys, object.values) {
            child(key, member, JSONPointer.quoted(key) + ": ")
          }
          flush()
          for (token, childNode) in trie.orderedChildren(node) where object[token] == nil {
            body.append(
              .line(
                exactLines(
                  trie.changes[childNode], label: JSONPointer.quoted(token) + ": ",
                  depth: depth + 1
                ).joined(separator: "\n")))
          }
        case .array(let array):
          for (token, childNode) in trie.orderedChildren(node) {
            let removals = trie.changes[childNode].filter { $0.op == .remove }
            if !removals.isEmpty {
              body.append(
                .line(
                  exactLines(removals, label: "[\(token)]: ", depth: depth + 1)
                    .joined(separator: "\n")))
            }
          }
          for (j, element) in array.enumerated() {
            let token = String(j)
            if let childNode = trie.child(of: node, token),
              trie.changes[childNode].allSatisfy({ $0.op == .remove }),
              trie.children[childNode].isEmpty
            {
              folded += 1
              continue
            }
            child(token, element, "[\(j)]: ")
          }
          flush()
        default:
          break
        }
        tasks.append(.line(context(close, depth: depth)))
        tasks.append(contentsOf: body.reversed())
      }
    }
    return lines.joined(separator: "\n")
  }

  /// Indentation stops growing past ``JSONPrinter/maxIndentLevel`` levels (100), as the
  /// printer's does, so that a deeply nested change prints in output linear in its depth,
  /// not quadratic (a 100,000-deep change would otherwise print 10^10 spaces).
  private func indent(_ depth: Int) -> String {
    String(repeating: "  ", count: min(depth, JSONPrinter.pretty.maxIndentLevel))
  }

  private func context(_ text: String, depth: Int) -> String { "  " + indent(depth) + text }

  /// The `-`/`+`/`↷` lines for changes whose path ends at one label.
  private func exactLines(_ changes: [JSONChange], label: String, depth: Int) -> [String] {
    var lines: [String] = []
    for change in changes {
      let note = "  // " + Self.displayPath(change.shownPath)
      let pad = indent(depth)
      switch change.op {
      case .replace:
        let (old, new) = values(change.old, change.new)
        lines.append(paint("- " + pad + label + old, Self.red))
        lines.append(paint("+ " + pad + label + new + note, Self.green))
      case .add:
        lines.append(paint("+ " + pad + label + value(change.new) + note, Self.green))
      case .remove:
        lines.append(paint("- " + pad + label + value(change.old) + note, Self.red))
      case .move:
        let from = change.shownSource.map(Self.displayPath) ?? "?"
        lines.append(
          paint(
            "↷ " + pad + label + value(change.new) + "  // moved \(from) → "
              + Self.displayPath(change.shownPath), Self.cyan))
      }
    }
    return lines
  }
}

/// Changes indexed by path, as a trie of tokens (node 0 is the root), so the
/// renderer can tell in O(1) per level whether a child holds any change.
struct ChangeTrie {
  /// Keyed by the token's bytes: JSON Pointer tokens are distinct when their code points
  /// are, even if Swift's `==` calls them equal ("é" and "e\u{301}").
  var children: [[ExactKey: Int]] = [[:]]
  var changes: [[JSONChange]] = [[]]
  /// Insertion order of each node's children, for stable output.
  var order: [[String]] = [[]]

  init(_ list: [JSONChange]) {
    for change in list {
      var node = 0
      for token in change.shownPath.tokens {
        if let next = children[node][ExactKey(token)] {
          node = next
        } else {
          children.append([:])
          changes.append([])
          order.append([])
          children[node][ExactKey(token)] = children.count - 1
          order[node].append(token)
          node = children.count - 1
        }
      }
      changes[node].append(change)
    }
  }

  /// The child of `node` reached by `token`, if any change lies below it.
  func child(of node: Int, _ token: String) -> Int? { children[node][ExactKey(token)] }

  /// Children in ascending array index when all tokens are indexes,
  /// otherwise in first-seen order.
  func orderedChildren(_ node: Int) -> [(String, Int)] {
    var tokens = order[node]
    let indexes = tokens.compactMap(JSONPointer.arrayIndex)
    if indexes.count == tokens.count {
      tokens = indexes.sorted().map(String.init)
    }
    return tokens.map { ($0, child(of: node, $0)!) }
  }
}
