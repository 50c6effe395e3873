/// The events of a synchronous source (`of`, `from`, `range`, `generate`, `repeatElement`,
/// `just(_:scheduler:)`), one per step; a terminal event is the last.
@usableFromInline
protocol SourceSteps {
  associatedtype Element

  /// The next event.
  mutating func nextEvent() -> Event<Element>
}

/// Runs `steps` on `scheduler`, one event per scheduled step, until the terminal event or the
/// end of `lifetime`.
///
/// On `CurrentThreadScheduler` the steps go through the thread's trampoline: when it is already
/// running, the first step is queued behind the waiting actions; otherwise this call becomes
/// the trampoline and runs the steps at once. After each element, the next step runs at once
/// if no other action waits (a queued step would be the next to run anyway), and is queued
/// behind the waiting actions otherwise. So a source alone on its thread emits in a loop and
/// allocates nothing, and sources that share the trampoline take turns, element by element.
@inlinable
func runSteps<Steps: SourceSteps>(
  _ steps: Steps, on scheduler: ImmediateSchedulerType,
  _ sink: @escaping EventSink<Steps.Element>, _ lifetime: Lifetime
) -> Disposable {
  guard scheduler is CurrentThreadScheduler else {
    return scheduler.scheduleRecursive(steps) { steps, recurse in
      guard !lifetime.isEnded else { return }
      var steps = steps
      let event = steps.nextEvent()
      sink(event)
      if !event.isStopEvent { recurse(steps) }
    }
  }
  let trampoline = Trampoline.current
  if trampoline.isRunning {
    let stepper = SourceStepper(steps, sink, lifetime) { stepper, trampoline in
      stepper.resume(trampoline)
    }
    trampoline.enqueue(stepper)
    return stepper
  }
  trampoline.isRunning = true
  var steps = steps
  var result = Disposables.create()
  if !pumpSteps(&steps, sink, lifetime, trampoline, nil) {
    let stepper = SourceStepper(steps, sink, lifetime) { stepper, trampoline in
      stepper.resume(trampoline)
    }
    trampoline.enqueue(stepper)
    result = stepper
  }
  trampoline.finish()
  return result
}

/// Emits the events of `steps` until the terminal event, the end of `lifetime` or the disposal
/// of `item`, and returns `true`; or until another action waits on `trampoline` after an
/// element, and returns `false`.
@inlinable
func pumpSteps<Steps: SourceSteps>(
  _ steps: inout Steps, _ sink: EventSink<Steps.Element>, _ lifetime: Lifetime,
  _ trampoline: Trampoline, _ item: TrampolineItem?
) -> Bool {
  while !lifetime.isEnded {
    if let item, item.isDisposed { return true }
    let event = steps.nextEvent()
    sink(event)
    if event.isStopEvent { return true }
    if !trampoline.isEmpty { return false }
  }
  return true
}

/// A synchronous source that waits on the trampoline for its next step.
///
/// Its step is the closure `body`, created where the element type is known, so that the
/// element loop runs specialised code although the trampoline calls it through the class.
@usableFromInline
final class SourceStepper<Steps: SourceSteps>: TrampolineItem, @unchecked Sendable {
  // `steps` is touched only by the trampoline's thread, one step at a time; the rest is
  // immutable.
  @usableFromInline @exclusivity(unchecked) var steps: Steps
  @usableFromInline let sink: EventSink<Steps.Element>
  @usableFromInline let lifetime: Lifetime
  @usableFromInline let body: (SourceStepper<Steps>, Trampoline) -> Void

  @inlinable init(
    _ steps: Steps, _ sink: @escaping EventSink<Steps.Element>, _ lifetime: Lifetime,
    _ body: @escaping (SourceStepper<Steps>, Trampoline) -> Void
  ) {
    self.steps = steps
    self.sink = sink
    self.lifetime = lifetime
    self.body = body
  }

  @usableFromInline override func invoke(_ trampoline: Trampoline) { body(self, trampoline) }

  /// Emits from where the source stopped, and queues itself again if it has to yield.
  @inlinable func resume(_ trampoline: Trampoline) {
    if !pumpSteps(&steps, sink, lifetime, trampoline, self) { trampoline.enqueue(self) }
  }
}

/// The elements of an iterator, then `.completed`.
@usableFromInline
struct SequenceSteps<Iterator: IteratorProtocol>: SourceSteps {
  @usableFromInline var iterator: Iterator

  @inlinable init(_ iterator: Iterator) { self.iterator = iterator }

  @inlinable mutating func nextEvent() -> Event<Iterator.Element> {
    if let element = iterator.next() { return .next(element) }
    return .completed
  }
}

/// `count` integers from `next`, then `.completed`.
@usableFromInline
struct RangeSteps<Element: FixedWidthInteger>: SourceSteps {
  @usableFromInline var next: Element
  @usableFromInline var remaining: Element

  @inlinable init(start: Element, count: Element) {
    next = start
    remaining = count
  }

  @inlinable mutating func nextEvent() -> Event<Element> {
    guard remaining > 0 else { return .completed }
    let element = next
    remaining -= 1
    next &+= 1
    return .next(element)
  }
}

/// One element, then `.completed`.
@usableFromInline
struct JustSteps<Element>: SourceSteps {
  @usableFromInline var element: Element?

  @inlinable init(_ element: Element) { self.element = element }

  @inlinable mutating func nextEvent() -> Event<Element> {
    guard let element else { return .completed }
    self.element = nil
    return .next(element)
  }
}

/// The same element, forever.
@usableFromInline
struct RepeatSteps<Element>: SourceSteps {
  @usableFromInline let element: Element

  @inlinable init(_ element: Element) { self.element = element }

  @inlinable mutating func nextEvent() -> Event<Element> { .next(element) }
}

/// The states of a `generate` loop while `condition` holds, then `.completed`; an error thrown
/// by `condition` or `iterate` is the last event.
@usableFromInline
struct GenerateSteps<Element>: SourceSteps {
  @usableFromInline var state: Element
  @usableFromInline var isFirst = true
  @usableFromInline let condition: (Element) throws -> Bool
  @usableFromInline let iterate: (Element) throws -> Element

  @inlinable init(
    _ state: Element, _ condition: @escaping (Element) throws -> Bool,
    _ iterate: @escaping (Element) throws -> Element
  ) {
    self.state = state
    self.condition = condition
    self.iterate = iterate
  }

  @inlinable mutating func nextEvent() -> Event<Element> {
    do {
      if !isFirst { state = try iterate(state) }
      isFirst = false
      guard try condition(state) else { return .completed }
      return .next(state)
    } catch {
      return .error(error)
    }
  }
}
