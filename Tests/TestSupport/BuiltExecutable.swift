import Foundation

/// The executable product `name` of this package, built next to the test bundle (a test
/// target that depends on the executable target gets it built with the tests).
///
/// Depending on the platform, that directory is found from the bundle, from the running
/// executable, or from this source file (`.build/debug` of the package); a missing executable
/// is an error that says how to build it.
public func builtExecutable(_ name: String) throws -> URL {
  let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  let starts = [
    Bundle(for: BundleMarker.self).bundleURL,
    Bundle.main.bundleURL,
    URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath(),
    packageRoot.appendingPathComponent(".build/debug/\(name)"),
  ]
  for start in starts {
    var directory = start.deletingLastPathComponent()
    for _ in 0..<5 {
      let candidate = directory.appendingPathComponent(name)
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory),
        !isDirectory.boolValue, FileManager.default.isExecutableFile(atPath: candidate.path)
      {
        return candidate
      }
      directory.deleteLastPathComponent()
    }
  }
  throw MissingExecutable(name: name, searchedFrom: starts.map(\.path))
}

/// A built executable that `builtExecutable(_:)` did not find.
public struct MissingExecutable: Error, CustomStringConvertible {
  /// The executable's name.
  public var name: String
  /// Where the search started.
  public var searchedFrom: [String]

  public var description: String {
    "\(name) was not found near \(searchedFrom.joined(separator: ", ")); "
      + "build it with `swift build --product \(name)`"
  }
}

private final class BundleMarker {}
