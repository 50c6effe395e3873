import ReactiveCore

/// The recorded events as compact strings, one per event, for exact timeline assertions:
/// `"<element>@<tick>"` for an element (the element as `String(describing:)` prints it),
/// `"completed@<tick>"` for a completion, and `"error(<error>)@<tick>"` for a failure.
///
/// ```swift
/// #expect(timeline(enabled.events) == ["false@150", "true@200", "completed@900"])
/// ```
public func timeline<Element>(_ events: [Recorded<Event<Element>>]) -> [String] {
  events.map { recorded in
    switch recorded.value {
    case .next(let element): return "\(element)@\(recorded.time)"
    case .completed: return "completed@\(recorded.time)"
    case .error(let error): return "error(\(error))@\(recorded.time)"
    }
  }
}
