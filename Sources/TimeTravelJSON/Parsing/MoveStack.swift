/// A stack in one manually managed buffer, so that the top elements can be *moved*
/// into an exactly sized array: no copies, no reference-count traffic, no regrowth of
/// the result. The parser keeps the elements and keys of every open container here.
struct MoveStack<Element>: ~Copyable {
  private var base: UnsafeMutablePointer<Element>
  private var capacity: Int
  /// The number of elements on the stack.
  private(set) var count = 0

  init(capacity: Int = 32) {
    self.capacity = capacity
    base = .allocate(capacity: capacity)
  }

  deinit {
    base.deinitialize(count: count)
    base.deallocate()
  }

  mutating func push(_ element: consuming Element) {
    if count == capacity {
      let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
      larger.moveInitialize(from: base, count: count)
      base.deallocate()
      base = larger
      capacity *= 2
    }
    (base + count).initialize(to: element)
    count += 1
  }

  /// Moves the elements from `start` to the top into a new array, in order.
  mutating func popArray(from start: Int) -> [Element] {
    // `reserveCapacity` and `append` are specialized for `Element`; the unsafe
    // uninitialized-capacity initializer calls into the standard library's generic code,
    // which looks up the array's type metadata at run time on every call.
    var array: [Element] = []
    array.reserveCapacity(count - start)
    for i in start..<count { array.append((base + i).move()) }
    count = start
    return array
  }

  /// Destroys the elements from `start` to the top.
  mutating func drop(from start: Int) {
    (base + start).deinitialize(count: count - start)
    count = start
  }

  /// Whether the elements from `start` to the top are the keys `array`, byte for byte.
  func matches(_ array: [String], from start: Int) -> Bool where Element == String {
    guard array.count == count - start else { return false }
    for i in array.indices where !ExactKey.same(array[i], base[start + i]) { return false }
    return true
  }
}
