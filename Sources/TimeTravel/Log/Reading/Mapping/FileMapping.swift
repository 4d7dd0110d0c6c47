#if os(Linux)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A read-only mapping of the first bytes of an open regular file, what the line index and
/// the full scans read instead of copying the file with `pread(2)` when a log is opened
/// mapped (``isDefault``: `REPLAY_MAP=1`; tests compare both ways).
///
/// Not the default: giving the pages back costs more than the copy saves. Each
/// `madvise(MADV_DONTNEED)` of a process running two threads flushes the other core's TLB
/// with an interprocessor interrupt (in a virtual machine, an exit), and a 2-thread
/// `--find` over a 299 MB log spent 0.15–0.49 s in the kernel mapped against
/// 0.05–0.10 s copying, and ran 1.5–2.6× longer (see docs/benchmarks.md).
///
/// It maps the file's size when it was opened: bytes written later are read with
/// `pread(2)`, as is everything once a fault cut the mapping (the file shrank under it;
/// see `MappingFaultGuard`). Pages read are given back with `madvise(MADV_DONTNEED)`
/// (``release(_:)``), so that the process's resident memory follows the stretch being
/// read rather than growing to the file's size. Only on Linux; elsewhere ``init(fd:size:)``
/// returns `nil` and the file is read with `pread(2)` alone.
final class FileMapping: @unchecked Sendable {
  // Unchecked: the mapping is immutable after init; the fault guard's slot is atomic.
  /// The mapped bytes: the file's first ``count`` bytes.
  let base: UnsafeRawPointer
  /// The bytes mapped.
  let count: Int
  /// The fault guard's slot.
  private let slot: Int

  /// Maps the first `size` bytes of `fd`; `nil` when it cannot (not Linux, an empty file,
  /// `mmap(2)` failing, no free slot in the guard), for the caller to read with `pread(2)`.
  init?(fd: Int32, size: Int) {
    #if os(Linux)
      guard size > 0 else { return nil }
      guard let address = mmap(nil, size, PROT_READ, MAP_SHARED, fd, 0), address != MAP_FAILED
      else { return nil }
      guard let slot = MappingFaultGuard.register(base: address, length: size) else {
        munmap(address, size)
        return nil
      }
      madvise(address, size, MADV_SEQUENTIAL)
      (base, count, self.slot) = (UnsafeRawPointer(address), size, slot)
    #else
      return nil
    #endif
  }

  /// Whether a log opened without saying is mapped: only when `REPLAY_MAP` is `1` in the
  /// environment; else it is read with `pread(2)` alone.
  static let isDefault = getenv("REPLAY_MAP").map { String(cString: $0) == "1" } ?? false

  deinit {
    #if os(Linux)
      MappingFaultGuard.unregister(slot)
      munmap(UnsafeMutableRawPointer(mutating: base), count)
    #endif
  }

  /// What ``firstCut`` says of a mapping no fault has cut.
  static let uncut = Int.max

  /// The offset of the first byte that may read as zero rather than the file's: the start
  /// of the lowest page a fault replaced since the mapping was made, or ``uncut``. Check it
  /// after reading, not before: a byte below it was the file's when it was read.
  var firstCut: Int {
    #if os(Linux)
      MappingFaultGuard.firstCut(slot)
    #else
      Self.uncut
    #endif
  }

  /// The mapped bytes at `range`, which must lie in the first ``count`` bytes.
  func bytes(_ range: Range<Int>) -> UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: base + range.lowerBound, count: range.count)
  }

  /// Tells the kernel that the bytes at `range` will be read soon (`MADV_WILLNEED`).
  func prefetch(_ range: Range<Int>) {
    advise(range, MADV_WILLNEED)
  }

  /// Gives back the pages `range` lies on (`MADV_DONTNEED`): they stay in the page cache,
  /// and a later read (of a neighbouring stretch on another thread, say) maps them again.
  func release(_ range: Range<Int>) {
    advise(range, MADV_DONTNEED)
  }

  private func advise(_ range: Range<Int>, _ advice: Int32) {
    #if os(Linux)
      let page = MappingFaultGuard.pageSize
      let start = range.lowerBound & ~(page - 1)
      let end = min(count, (range.upperBound + page - 1) & ~(page - 1))
      guard start < end else { return }
      madvise(UnsafeMutableRawPointer(mutating: base + start), end - start, advice)
    #endif
  }
}
