import Foundation

/// The text a view model shows for an error: its description, without Swift's decoration.
func describe(_ error: Swift.Error) -> String {
  if let error = error as? LocalizedError, let description = error.errorDescription {
    return description
  }
  return String(describing: error)
}
