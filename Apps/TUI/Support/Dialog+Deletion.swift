import TerminalUI
import ViewModels

extension Dialog {
  /// The dialog that asks `question` before a deletion: "Delete" or "Keep".
  static func deletion(_ question: DeletionQuestion) -> Dialog {
    .confirm(
      title: question.title, message: question.message, confirm: question.confirm,
      cancel: question.cancel)
  }
}
