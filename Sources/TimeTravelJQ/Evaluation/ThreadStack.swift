import TimeTravelJSON

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The current thread's stack, so the evaluator can stop deep recursion with
/// an error before it overflows (stacks grow down on every platform Swift
/// supports).
enum ThreadStack {
  /// Stack assumed below the caller when the platform cannot say.
  static let fallbackSize: UInt = 512 << 10

  /// The lowest address the evaluator may reach on this thread: the stack's
  /// end plus a reserve (a quarter of the stack, at most 1 MB) for the
  /// builtins, printing and runtime calls made between two checks.
  static func floor() -> UInt {
    let here = currentAddress()
    guard let (low, size) = cachedBounds(), low < here, here - low <= size else {
      return here - fallbackSize * 3 / 4
    }
    return low + min(size / 4, 1 << 20)
  }

  /// ``bounds()``, asked once per thread: on Linux it costs a system call
  /// (`sched_getaffinity`, inside `pthread_getattr_np`), and a scan makes an evaluator
  /// per entry. A thread's stack does not move while it runs.
  static func cachedBounds() -> (low: UInt, size: UInt)? {
    #if os(Linux)
      guard let key = boundsKey else { return bounds() }
      if let cached = pthread_getspecific(key) {
        let pair = cached.assumingMemoryBound(to: UInt.self)
        return (pair[0], pair[1])
      }
      guard let found = bounds() else { return nil }
      let pair = UnsafeMutablePointer<UInt>.allocate(capacity: 2)
      pair[0] = found.low
      pair[1] = found.size
      guard pthread_setspecific(key, pair) == 0 else {
        pair.deallocate()
        return found
      }
      return found
    #else
      return bounds()
    #endif
  }

  /// An address in the caller's frame: close enough to the stack pointer.
  @inline(__always) static func currentAddress() -> UInt {
    var marker: UInt8 = 0
    return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
  }

  /// The lowest address and size of the current thread's stack, or `nil`.
  static func bounds() -> (low: UInt, size: UInt)? {
    #if canImport(Darwin)
      let top = UInt(bitPattern: pthread_get_stackaddr_np(pthread_self()))
      let size = UInt(pthread_get_stacksize_np(pthread_self()))
      return top > size ? (top - size, size) : nil
    #elseif os(Linux)
      guard let getattr = getattrNP else { return nil }
      var attr = pthread_attr_t()
      guard getattr(pthread_self(), &attr) == 0 else { return nil }
      defer { pthread_attr_destroy(&attr) }
      var address: UnsafeMutableRawPointer?
      var size = 0
      guard pthread_attr_getstack(&attr, &address, &size) == 0, let address, size > 0 else {
        return nil
      }
      return (UInt(bitPattern: address), UInt(size))
    #else
      return nil
    #endif
  }

  #if os(Linux)
    private typealias GetAttrNP =
      @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32

    /// The key of each thread's cached ``bounds()``: two words, freed when the thread ends.
    private static let boundsKey: pthread_key_t? = {
      var key = pthread_key_t()
      let created = pthread_key_create(&key) { pair in pair?.deallocate() }
      return created == 0 ? key : nil
    }()

    /// glibc's and musl's `pthread_getattr_np`, looked up at run time because
    /// the Swift module does not export GNU extensions.
    private static let getattrNP: GetAttrNP? = dlsym(nil, "pthread_getattr_np").map {
      unsafeBitCast($0, to: GetAttrNP.self)
    }
  #endif
}
