import Foundation

/// Records a server's events so that a test can wait for one, for example for the proof
/// that a client closed its connection after it cancelled a request.
///
/// ```swift
/// let log = HTTPServerEventLog()
/// let server = try HTTPServer(onEvent: log.record, router: router)
/// …
/// let closed = await log.firstEvent(timeout: .seconds(2)) {
///   if case .clientClosed = $0 { return true } else { return false }
/// }
/// ```
///
/// It keeps every event, so give it to servers that live as long as a test, not to a
/// long-running server.
public final class HTTPServerEventLog: @unchecked Sendable {
  // `@unchecked Sendable`: `recorded` and `waiters` are only touched with `lock` held.
  private let lock = NSLock()
  private var recorded: [HTTPServerEvent] = []
  private var waiters: [UUID: Waiter] = [:]

  private struct Waiter {
    var matches: @Sendable (HTTPServerEvent) -> Bool
    var continuation: CheckedContinuation<HTTPServerEvent?, Never>
    var timer: Task<Void, Never>?
  }

  /// Creates an empty log.
  public init() {}

  /// Every event so far, in the order they happened.
  public var events: [HTTPServerEvent] {
    lock.withLock { recorded }
  }

  /// Adds an event; pass this method as the server's `onEvent`.
  @Sendable public func record(_ event: HTTPServerEvent) {
    let satisfied = lock.withLock { () -> [Waiter] in
      recorded.append(event)
      let ids = waiters.filter { $0.value.matches(event) }.map(\.key)
      return ids.compactMap { waiters.removeValue(forKey: $0) }
    }
    for waiter in satisfied {
      waiter.timer?.cancel()
      waiter.continuation.resume(returning: event)
    }
  }

  /// The first event (already recorded or still to come) that `matches`, or `nil` when
  /// none arrives within `timeout`.
  public func firstEvent(
    timeout: Duration, where matches: @escaping @Sendable (HTTPServerEvent) -> Bool
  ) async -> HTTPServerEvent? {
    let id = UUID()
    return await withCheckedContinuation { continuation in
      let found = lock.withLock { () -> HTTPServerEvent?? in
        if let event = recorded.first(where: matches) { return .some(event) }
        waiters[id] = Waiter(matches: matches, continuation: continuation)
        return .none
      }
      if let found {
        continuation.resume(returning: found)
        return
      }
      // Registered before the timer exists, so the timer always finds the waiter unless an
      // event already resumed it.
      let timer = Task { [weak self] in
        try? await Task.sleep(for: timeout)
        self?.expire(id)
      }
      lock.withLock {
        if waiters[id] == nil {
          timer.cancel()
        } else {
          waiters[id]?.timer = timer
        }
      }
    }
  }

  /// Whether `event` happens (or already happened) within `timeout`.
  public func contains(_ event: HTTPServerEvent, within timeout: Duration) async -> Bool {
    await firstEvent(timeout: timeout) { $0 == event } != nil
  }

  private func expire(_ id: UUID) {
    let waiter = lock.withLock { waiters.removeValue(forKey: id) }
    waiter?.continuation.resume(returning: nil)
  }
}
