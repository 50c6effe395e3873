import WebUI

/// The markup of a form's parts, the same on every page: a labelled field with its message
/// under it, read out with the field, and the line that says what is happening.
enum FormMarkup {
  /// A text field named `name` (its `data-input`, and its `id` after `field-`), labelled
  /// `label`, holding `value`; `message` shows under it, marking the field invalid when
  /// `isInvalid`. `example` is a value the field takes, for tests that fill forms they do
  /// not know (`data-example`).
  static func field(
    _ label: String, name: String, value: String, type: String = "text",
    placeholder: String = "", autocomplete: String = "off", message: String? = nil,
    isInvalid: Bool = false, isFocused: Bool = false, example: String? = nil
  ) -> HTML {
    let id = "field-\(name)"
    let messageID = "\(id)-message"
    let example: HTMLAttribute = example.map { .data("example", $0) } ?? .data("example", "")
    return HTML {
      HTML(.label, .for(id)) { label }
      if isFocused {
        HTML(
          .input, .id(id), .type(type), .name(name), .value(value), .data("input", name),
          .placeholder(placeholder), .autocomplete(autocomplete), .aria("describedby", messageID),
          .aria("invalid", isInvalid ? "true" : "false"), example, .autofocus)
      } else {
        HTML(
          .input, .id(id), .type(type), .name(name), .value(value), .data("input", name),
          .placeholder(placeholder), .autocomplete(autocomplete), .aria("describedby", messageID),
          .aria("invalid", isInvalid ? "true" : "false"), example)
      }
      HTML(.p, .id(messageID), .class(isInvalid ? "message" : "message hint")) { message ?? "" }
    }
  }

  /// The line under a form that says what is happening: `busy` while something runs (with
  /// a spinner for screen readers as `status`), else `failure` as an alert, else `note`.
  static func status(busy: String? = nil, failure: String? = nil, note: String? = nil) -> HTML {
    if let busy {
      return HTML(.p, .class("status"), .role("status")) { busy }
    }
    if let failure {
      return HTML(.p, .class("status failure"), .role("alert")) { failure }
    }
    return HTML(.p, .class("status"), .role("status")) { note ?? "" }
  }

  /// A button that sends `tap` when pressed; `isPrimary` for the form's main action.
  ///
  /// A button the view model does not enable yet is marked so (`aria-disabled`, and dimmed)
  /// but still sends its tap: the page's inputs reach the tab in order, so the view model
  /// decides on what was typed up to the tap (and says why it refuses one), and Enter in a
  /// field still sends the form while the frame that enables the button is on its way.
  static func button(
    _ title: String, tap: String, value: String? = nil, isPrimary: Bool = false,
    isEnabled: Bool = true, type: String = "button"
  ) -> HTML {
    HTML(
      .button, .type(type), .class(isPrimary ? "primary" : "secondary"), .data("tap", tap),
      .data("value", value ?? ""), .aria("disabled", isEnabled ? "false" : "true")
    ) { title }
  }
}
