#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A pthread mutex, optionally recursive.
///
/// The core uses pthread mutexes rather than `Synchronization.Mutex` because ThreadSanitizer
/// understands them on Linux (it reports false races on `Mutex`), and because operators that
/// forward events while holding their lock must allow the same thread to re-enter.
@usableFromInline
final class Lock: @unchecked Sendable {  // guarded by the mutex it wraps
  @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>

  /// Creates a lock; a recursive one may be taken again by the thread that holds it.
  @usableFromInline init(recursive: Bool = false) {
    mutex = .allocate(capacity: 1)
    var attributes = pthread_mutexattr_t()
    pthread_mutexattr_init(&attributes)
    if recursive {
      pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
    }
    let status = pthread_mutex_init(mutex, &attributes)
    precondition(status == 0, "pthread_mutex_init failed: \(status)")
    pthread_mutexattr_destroy(&attributes)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  @inlinable func lock() { pthread_mutex_lock(mutex) }

  @inlinable func unlock() { pthread_mutex_unlock(mutex) }

  /// Runs `body` while holding the lock.
  @inlinable func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }
}
