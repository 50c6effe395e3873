import CommandLineKit
import Foundation
import ReactiveCore

/// The lines of standard input as an observable that delivers on the main queue.
///
/// A background thread reads one line at a time (reading blocks) and hands each to the main
/// queue as soon as it is complete, so a view model sees each line when it is typed; the
/// sequence completes at the end of input.
enum StandardInputLines {
  /// The lines of `descriptor` (standard input by default). Subscribe once: each
  /// subscription starts its own reader.
  static func observable(descriptor: Int32 = 0) -> Observable<String> {
    Observable<String>.create { observer in
      let emitter = LineEmitter(observer)
      let reader = Thread {
        let input = StandardInput(descriptor: descriptor)
        while let line = input.readLine() {
          guard emitter.isActive else { return }
          emitter.send(line)
        }
        emitter.finish()
      }
      reader.start()
      return Disposables.create(with: { emitter.cancel() })
    }
    .observe(on: MainScheduler.instance)
  }
}

/// Hands lines from the reader thread to the observer, until cancelled.
private final class LineEmitter: @unchecked Sendable {
  // `observer` is only called under `lock`; `cancelled` is guarded by it too.
  private let lock = NSLock()
  private let observer: AnyObserver<String>
  private var cancelled = false

  init(_ observer: AnyObserver<String>) {
    self.observer = observer
  }

  var isActive: Bool { lock.withLock { !cancelled } }

  func send(_ line: String) {
    lock.withLock { if !cancelled { observer.onNext(line) } }
  }

  func finish() {
    lock.withLock { if !cancelled { observer.onCompleted() } }
  }

  func cancel() {
    lock.withLock { cancelled = true }
  }
}
