import Foundation
// store-stress: writes to a store from its own process, for the store's multi-process tests.
//
//   store-stress add-friends DIRECTORY COUNT TAG
//
// Adds COUNT friends named "TAG n1", "TAG n2"… to the store in DIRECTORY (creating an empty
// store if there is none) and prints the identifier of each friend on its own line as soon
// as the store has acknowledged the write. Exits 0 when done, 1 on a store error, 64 on a
// usage error.
import LocalBackend
import Models

func fail(_ message: String, status: Int32) -> Never {
  FileHandle.standardError.write(Data("store-stress: \(message)\n".utf8))
  exit(status)
}

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 4, arguments.first == "add-friends", let count = Int(arguments[3])
else {
  fail("usage: store-stress add-friends DIRECTORY COUNT TAG", status: 64)
}
let directory = URL(fileURLWithPath: arguments[2], isDirectory: true)
let tag = arguments[4]

do {
  let store = try LocalStore(directory: directory, seed: .empty)
  for number in 1...max(count, 1) {
    let digits = String(number)
    let phone = "555 " + String(repeating: "0", count: max(0, 7 - digits.count)) + digits
    let friend = try store.addFriend(
      FriendDraft(firstName: tag, lastName: "n\(number)", phoneNumber: phone))
    // Unbuffered: the line leaves the process as soon as the write is acknowledged.
    FileHandle.standardOutput.write(Data("\(friend.id)\n".utf8))
  }
} catch {
  fail("\(error)", status: 1)
}
