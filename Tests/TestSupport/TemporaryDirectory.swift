import Foundation

/// Creates a fresh, uniquely named directory for one test, passes it to `body`, and removes
/// it afterwards, so tests running in parallel never share files.
public func withTemporaryDirectory<Result>(
  _ body: (URL) throws -> Result
) throws -> Result {
  let url = FileManager.default.temporaryDirectory
    .appendingPathComponent("tests-\(UUID().uuidString)", isDirectory: true)
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: url) }
  return try body(url)
}

/// The async version of ``withTemporaryDirectory(_:)``.
public func withTemporaryDirectory<Result>(
  _ body: (URL) async throws -> Result
) async throws -> Result {
  let url = FileManager.default.temporaryDirectory
    .appendingPathComponent("tests-\(UUID().uuidString)", isDirectory: true)
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: url) }
  return try await body(url)
}

extension URL {
  /// The contents of the file at this URL.
  public func bytes() throws -> Data {
    try Data(contentsOf: self)
  }
}
