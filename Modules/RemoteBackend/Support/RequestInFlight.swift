// Only where `URLSession` costs nothing (macOS) or the HTTPS trait asks for it (Linux).
#if HTTPS || canImport(Darwin)
  import Foundation
  import Services

  #if canImport(FoundationNetworking)
    import FoundationNetworking
  #endif

  /// One `URLSession` data task with a deadline and task cancellation, whose outcome is
  /// delivered exactly once: by the task's completion, by the deadline (``ServiceError/timedOut``)
  /// or by cancellation (`CancellationError`), whichever comes first. The deadline and
  /// cancellation also cancel the data task, which closes its connection.
  final class RequestInFlight: @unchecked Sendable {
    // `@unchecked Sendable`: every stored property is only touched with `lock` held.
    private typealias Outcome = Result<(Data, Int), any Error>

    private let lock = NSLock()
    private var continuation: CheckedContinuation<(Data, Int), any Error>?
    private var task: URLSessionDataTask?
    private var timer: DispatchWorkItem?
    /// The outcome, once known; set at most once.
    private var outcome: Outcome?

    /// Runs `request` and returns the body and the status code of its answer.
    static func run(
      _ request: URLRequest, in session: URLSession, timeout: Duration, server: String
    ) async throws -> (Data, Int) {
      let flight = RequestInFlight()
      return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
          // A caller cancelled before this point has its outcome already: no task is made.
          guard flight.begin(continuation) else { return }
          let task = session.dataTask(with: request) { data, response, error in
            flight.finish(
              Self.outcome(data: data, response: response, error: error, server: server))
          }
          let timer = DispatchWorkItem { flight.finish(.failure(ServiceError.timedOut)) }
          let stillRunning = flight.attach(task, timer: timer)
          // A task once made is always resumed, so that its URLSession can account for it; one
          // whose caller was cancelled meanwhile is cancelled at once.
          task.resume()
          if stillRunning {
            DispatchQueue.global().asyncAfter(
              deadline: .now() + HTTPTransport.seconds(timeout), execute: timer)
          } else {
            task.cancel()
          }
        }
      } onCancel: {
        flight.finish(.failure(CancellationError()))
      }
    }

    /// Stores the continuation; returns `false` (after delivering the outcome) when the
    /// request already ended, which happens when the caller was cancelled first.
    private func begin(_ continuation: CheckedContinuation<(Data, Int), any Error>) -> Bool {
      lock.lock()
      if let outcome {
        lock.unlock()
        continuation.resume(with: outcome)
        return false
      }
      self.continuation = continuation
      lock.unlock()
      return true
    }

    /// Stores the data task and its deadline; returns `false` when the request ended in the
    /// meantime.
    private func attach(_ task: URLSessionDataTask, timer: DispatchWorkItem) -> Bool {
      lock.withLock {
        guard outcome == nil else { return false }
        self.task = task
        self.timer = timer
        return true
      }
    }

    /// Delivers `outcome` unless another one came first; cancels the data task when the
    /// outcome is not its own.
    private func finish(_ outcome: Outcome) {
      lock.lock()
      guard self.outcome == nil else {
        lock.unlock()
        return
      }
      self.outcome = outcome
      let continuation = self.continuation
      let task = self.task
      let timer = self.timer
      self.continuation = nil
      self.task = nil
      self.timer = nil
      lock.unlock()
      timer?.cancel()
      // Cancelling a completed task does nothing, so this is safe when the task finished.
      task?.cancel()
      continuation?.resume(with: outcome)
    }

    /// The outcome a data task's completion stands for.
    private static func outcome(
      data: Data?, response: URLResponse?, error: (any Error)?, server: String
    ) -> Outcome {
      if let error {
        return .failure(transportError(error, server: server))
      }
      guard let response = response as? HTTPURLResponse else {
        return .failure(ServiceError.malformedResponse("the answer is not an HTTP response"))
      }
      return .success((data ?? Data(), response.statusCode))
    }

    /// The error a failed transfer stands for.
    static func transportError(_ error: any Error, server: String) -> any Error {
      guard let error = error as? URLError else {
        return ServiceError.unreachable(error.localizedDescription)
      }
      switch error.code {
      case .cancelled:
        return CancellationError()
      case .timedOut:
        return ServiceError.timedOut
      case .cannotConnectToHost:
        return ServiceError.unreachable("nothing accepted the connection at \(server)")
      case .cannotFindHost, .dnsLookupFailed:
        return ServiceError.unreachable("no host is known by the name in \(server)")
      case .notConnectedToInternet:
        return ServiceError.unreachable("this machine is not connected to a network")
      case .networkConnectionLost:
        return ServiceError.unreachable("the connection to \(server) was lost")
      case .badServerResponse, .cannotParseResponse, .zeroByteResource:
        return ServiceError.malformedResponse("the server did not send a valid HTTP answer")
      default:
        return ServiceError.unreachable("\(server): \(error.localizedDescription)")
      }
    }
  }
#endif
