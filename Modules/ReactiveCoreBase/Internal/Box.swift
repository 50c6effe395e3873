/// Mutable state of one subscription of an operator, shared by the closures of that
/// subscription.
///
/// The Rx grammar already serialises the calls that touch it (an operator's upstream never
/// calls it concurrently), so the runtime exclusivity check is switched off; operators with
/// several upstreams guard their boxes with a lock of their own.
@usableFromInline
final class Box<Value> {
  @exclusivity(unchecked) @usableFromInline var value: Value

  @inlinable init(_ value: Value) {
    self.value = value
  }
}
