import Foundation

extension ObservableType {
  /// Prints every event, the subscription and its disposal to standard output, each line
  /// stamped with the local time (`2024-05-01 14:03:07.125: id -> Event next(1)`), and mirrors
  /// the sequence.
  ///
  /// `identifier` defaults to `file:line (function)` of the call. With `trimOutput`, event
  /// descriptions longer than 40 characters are shortened around an ellipsis.
  public func debug(
    _ identifier: String? = nil, trimOutput: Bool = false, file: String = #file,
    line: UInt = #line, function: String = #function
  ) -> Observable<Element> {
    let name =
      identifier
      ?? "\(file.split(separator: "/").last.map(String.init) ?? file):\(line) (\(function))"
    return debug(name, trimOutput: trimOutput) { print($0) }
  }

  /// `debug` with its output sent to `log` instead of standard output.
  @inlinable
  func debug(_ identifier: String, trimOutput: Bool, log: @escaping (String) -> Void)
    -> Observable<Element>
  {
    Producer((asObservable(), identifier, trimOutput, log)) { payload, sink, lifetime in
      let (source, identifier, trimOutput, log) = payload
      let formatter = DateFormatter()
      formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
      let write = { (text: String) in
        log("\(formatter.string(from: Date())): \(identifier) -> \(text)")
      }
      write("subscribed")
      let subscription = source.run(
        { event in
          var description = "\(event)"
          if trimOutput && description.count > 40 {
            description = "\(description.prefix(20))...\(description.suffix(20))"
          }
          write("Event \(description)")
          sink(event)
        }, lifetime)
      return Disposables.create(with: {
        write("isDisposed")
        subscription.dispose()
      })
    }
  }
}
