// store-stress: writes to a store from its own process, for the store's multi-process tests.
//
//   store-stress add-friends DIRECTORY COUNT TAG [--fold-every-write]
//
// Adds COUNT friends named "TAG n1", "TAG n2"… to the store in DIRECTORY (creating an empty
// store if there is none) and prints the identifier of each friend on its own line as soon
// as the store has acknowledged the write. With --fold-every-write, every write also folds
// the journal into a new snapshot, so that a kill is likely to land in the middle of a fold.
// Exits 0 when done, 1 on a store error, 64 on a usage error.
import Foundation
import LocalBackend
import Models
import Store

func fail(_ message: String, status: Int32) -> Never {
  FileHandle.standardError.write(Data("store-stress: \(message)\n".utf8))
  exit(status)
}

let arguments = Array(CommandLine.arguments.dropFirst())
let foldEveryWrite = arguments.count == 5 && arguments[4] == "--fold-every-write"
guard arguments.count == 4 || foldEveryWrite, arguments[0] == "add-friends",
  let count = Int(arguments[2])
else {
  fail(
    "usage: store-stress add-friends DIRECTORY COUNT TAG [--fold-every-write]", status: 64)
}
let directory = URL(fileURLWithPath: arguments[1], isDirectory: true)
let tag = arguments[3]
let options =
  foldEveryWrite
  ? StoreOptions(minimumJournalBytes: 0, journalToSnapshotRatio: 0) : StoreOptions()

do {
  let store = try LocalStore(directory: directory, seed: .empty, options: options)
  for number in 1...max(count, 1) {
    let digits = String(number)
    let phone = "555 " + String(repeating: "0", count: max(0, 7 - digits.count)) + digits
    let friend = try store.add(
      FriendDraft(firstName: tag, lastName: "n\(number)", phoneNumber: phone))
    // Unbuffered: the line leaves the process as soon as the write is acknowledged.
    FileHandle.standardOutput.write(Data("\(friend.id)\n".utf8))
  }
} catch {
  fail("\(error)", status: 1)
}
