// store-stress: writes to a store from its own process, for the store's multi-process tests.
//
//   store-stress add-friends DIRECTORY COUNT TAG [--fold-every-write] [--threads N]
//
// Adds COUNT friends named "TAG n1", "TAG n2"… to the store in DIRECTORY (creating an empty
// store if there is none) and prints the identifier of each friend on its own line as soon
// as the store has acknowledged the write. With --fold-every-write, every write also folds
// the journal into a new snapshot, so that a kill is likely to land in the middle of a fold.
// With --threads N, N threads of the process write at once through one open store (so that
// their writes share flushes), each adding COUNT friends named "TAG t<thread> n1"….
// Exits 0 when done, 1 on a store error, 64 on a usage error.
import Foundation
import LocalBackend
import Models
import Store

func fail(_ message: String, status: Int32) -> Never {
  FileHandle.standardError.write(Data("store-stress: \(message)\n".utf8))
  exit(status)
}

let usage = "usage: store-stress add-friends DIRECTORY COUNT TAG [--fold-every-write] [--threads N]"
let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 4, arguments[0] == "add-friends", let count = Int(arguments[2]) else {
  fail(usage, status: 64)
}
var foldEveryWrite = false
var threads = 1
var flags = arguments.dropFirst(4)
while let flag = flags.popFirst() {
  switch flag {
  case "--fold-every-write": foldEveryWrite = true
  case "--threads":
    guard let text = flags.popFirst(), let number = Int(text), number >= 1 else {
      fail(usage, status: 64)
    }
    threads = number
  default: fail(usage, status: 64)
  }
}
let directory = URL(fileURLWithPath: arguments[1], isDirectory: true)
let tag = arguments[3]
let options =
  foldEveryWrite
  ? StoreOptions(minimumJournalBytes: 0, journalToSnapshotRatio: 0) : StoreOptions()

/// Adds `count` friends named `name` n1, n2…, printing each identifier once acknowledged.
@Sendable func addFriends(to store: LocalStore, named name: String, count: Int) throws {
  for number in 1...max(count, 1) {
    let digits = String(number)
    let phone = "555 " + String(repeating: "0", count: max(0, 7 - digits.count)) + digits
    let friend = try store.add(
      FriendDraft(firstName: name, lastName: "n\(number)", phoneNumber: phone))
    // Unbuffered, one write of a short line: it leaves the process whole as soon as the
    // write is acknowledged.
    FileHandle.standardOutput.write(Data("\(friend.id)\n".utf8))
  }
}

do {
  let store = try LocalStore(directory: directory, seed: .empty, options: options)
  if threads == 1 {
    try addFriends(to: store, named: tag, count: count)
  } else {
    let done = DispatchGroup()
    for thread in 0..<threads {
      done.enter()
      let (name, writes) = ("\(tag) t\(thread)", count)
      Thread {
        do {
          try addFriends(to: store, named: name, count: writes)
        } catch {
          fail("\(error)", status: 1)
        }
        done.leave()
      }.start()
    }
    done.wait()
  }
} catch {
  fail("\(error)", status: 1)
}
