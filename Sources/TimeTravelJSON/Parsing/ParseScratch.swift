/// The working memory of a parse: the stacks of open containers, the key caches and the
/// leaf containers built (``LeafCache``).
/// A parse of one line makes one; a lazily parsed document keeps one for building its
/// containers on first access, so repeated keys stay shared across them.
///
/// Making one allocates nothing but the key cache (see ``init(cachingKeys:)``): the
/// stacks take memory on their first push.
struct ParseScratch: ~Copyable {
  var values = MoveStack<JSONValue>()
  var keys = MoveStack<String>()
  var frames: [JSONParser.Frame] = []
  var shapes = KeyShapes()
  let keyCache: KeyCache
  /// The leaf containers built so far, shared when their bytes repeat.
  var leaves: LeafCache

  /// A scratch whose key cache is on when `cachingKeys`; a parse of a small value (a few
  /// hundred bytes: an entry's action) is cheaper without one, which costs three
  /// allocations and 64 strings to set up and tear down, and without shared key arrays
  /// or leaves.
  init(cachingKeys: Bool = true) {
    keyCache = KeyCache(enabled: cachingKeys)
    leaves = LeafCache(enabled: cachingKeys)
    shapes.isEnabled = cachingKeys
  }
}
