/// Carries a value into a `@Sendable` closure that a scheduler runs in another context.
///
/// Schedulers hand work to another queue or thread by contract: the action and its state are
/// used by exactly one context at a time, the one the scheduler runs them in.
@usableFromInline
struct UncheckedSendable<Value>: @unchecked Sendable {
  @usableFromInline let value: Value

  @inlinable init(_ value: Value) { self.value = value }
}
