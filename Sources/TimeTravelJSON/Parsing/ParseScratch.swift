/// The working memory of a parse: the stacks of open containers and the key caches.
/// A parse of one line makes one; a lazily parsed document keeps one for building its
/// containers on first access, so repeated keys stay shared across them.
struct ParseScratch: ~Copyable {
  var values = MoveStack<JSONValue>()
  var keys = MoveStack<String>()
  var frames: [JSONParser.Frame] = []
  var shapes = KeyShapes()
  let keyCache = KeyCache()
}
