#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A number that identifies the calling thread while it runs.
///
/// Used only to tell a re-entrant call (the same thread, from inside an action) from a concurrent
/// one (another thread), never to tie an object to the thread that created it.
@usableFromInline
func currentThreadToken() -> UInt {
  #if canImport(Glibc)
    return UInt(pthread_self())
  #else
    return UInt(bitPattern: pthread_self())
  #endif
}
