/// How a form's save ended, as a form that takes a whole draft at once answers it (for a
/// command line, which has no fields to type in): saved, refused with each field's message,
/// refused because the record changed elsewhere, or failed.
public enum FormOutcome<Record: Hashable & Sendable, Field: Hashable & Sendable>: Hashable,
  Sendable
{
  /// Saved, as stored.
  case saved(Record)
  /// Not saved: each field that breaks a rule, with its message.
  case refused([Field: String])
  /// Not saved: the record was changed elsewhere since the form loaded it.
  case conflict(String)
  /// Not saved: loading or saving failed.
  case failed(String)
}
