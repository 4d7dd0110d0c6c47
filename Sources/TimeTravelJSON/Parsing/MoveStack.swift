/// A stack in one manually managed buffer, so that the top elements can be *moved*
/// into an exactly sized array: no copies, no reference-count traffic, no regrowth of
/// the result. The parser keeps the elements and keys of every open container here, and
/// the printer the frames of the containers it has open.
///
/// The buffer is allocated on the first push: a parse of a scalar never needs one.
struct MoveStack<Element>: ~Copyable {
  /// `nil` until the first push; then non-nil with room for ``capacity`` elements.
  private var storage: UnsafeMutablePointer<Element>?
  private var capacity = 0
  /// The capacity of the first buffer.
  private let initialCapacity: Int
  /// The number of elements on the stack.
  private(set) var count = 0

  init(capacity: Int = 32) { initialCapacity = max(1, capacity) }

  deinit {
    guard let storage else { return }
    storage.deinitialize(count: count)
    storage.deallocate()
  }

  /// The buffer: only read when an element is on the stack, so allocated by then.
  private var base: UnsafeMutablePointer<Element> { storage.unsafelyUnwrapped }

  mutating func push(_ element: consuming Element) {
    if count == capacity { grow() }
    (base + count).initialize(to: element)
    count += 1
  }

  @inline(never)
  private mutating func grow() {
    let larger = UnsafeMutablePointer<Element>.allocate(
      capacity: capacity == 0 ? initialCapacity : capacity * 2)
    if let storage {
      larger.moveInitialize(from: storage, count: count)
      storage.deallocate()
    }
    storage = larger
    capacity = capacity == 0 ? initialCapacity : capacity * 2
  }

  /// Moves the top element off the stack; the stack must not be empty.
  @inline(__always)
  mutating func pop() -> Element {
    count &-= 1
    return (base + count).move()
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
    guard count > start else { return }
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
