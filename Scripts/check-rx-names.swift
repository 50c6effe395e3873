// Compares the names the drop-in products export with RxSwift 6.10's (see check-rx-names.sh).
//
//   check-rx-names REFERENCE ALLOWED GRAPHS_DIR   (compiled by check-rx-names.sh)
//
// REFERENCE lists RxSwift's names, one "<module>\t<type or <top>>\t<name>" a line. ALLOWED lists
// deliberate additions, one "<type or <top>>\t<name>\t<reason>" a line. GRAPHS_DIR holds one
// folder of symbol graphs per product. Prints every public name a product exports that neither
// RxSwift's modules visible through that product's namesake nor ALLOWED have, on the type it
// is on, and exits 1 if there is one.
import Foundation

/// The RxSwift modules whose names each product may export. The core is one module, which
/// RxSwift, RxRelay and RxCocoa all re-export, so each of them exports the names of all three
/// (RxSwift's own names: code written for RxSwift that imports RxCocoa sees them all too); RxTest
/// and RxBlocking add their own.
let core: Set<String> = ["RxSwift", "RxRelay", "RxCocoa"]
let visible: [String: Set<String>] = [
  "RxSwift": core,
  "RxRelay": core,
  "RxCocoa": core,
  "RxTest": core.union(["RxTest"]),
  "RxBlocking": core.union(["RxBlocking"]),
]

struct Name: Hashable, Comparable {
  let type: String
  let member: String
  static func < (a: Name, b: Name) -> Bool { (a.type, a.member) < (b.type, b.member) }
}

func lines(_ path: String) -> [[String]] {
  guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
    FileHandle.standardError.write(Data("rx-names: cannot read \(path)\n".utf8))
    exit(2)
  }
  return text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }.map {
    $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
  }
}

let arguments = CommandLine.arguments
guard arguments.count == 4 else {
  FileHandle.standardError.write(
    Data("usage: check-rx-names REFERENCE ALLOWED GRAPHS_DIR\n".utf8))
  exit(64)
}
var reference: [String: Set<Name>] = [:]
for fields in lines(arguments[1]) where fields.count == 3 {
  reference[fields[0], default: []].insert(Name(type: fields[1], member: fields[2]))
}
var allowed: [Name: String] = [:]
for fields in lines(arguments[2]) {
  guard fields.count == 3, !fields[2].isEmpty else {
    FileHandle.standardError.write(
      Data("rx-names: an allowed name needs a type, a name and a reason: \(fields)\n".utf8))
    exit(2)
  }
  allowed[Name(type: fields[0], member: fields[1])] = fields[2]
}

/// A product's public names, and the types each type inherits from or conforms to.
func exportedNames(in folder: URL) -> (names: Set<Name>, supertypes: [String: Set<String>]) {
  var names = Set<Name>()
  var pathOf: [String: String] = [:]
  var edges: [(String, String)] = []
  let files =
    (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil))
    ?? []
  for file in files where file.lastPathComponent.hasSuffix(".symbols.json") {
    guard let data = try? Data(contentsOf: file),
      let graph = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else {
      FileHandle.standardError.write(Data("rx-names: cannot read \(file.path)\n".utf8))
      exit(2)
    }
    for symbol in graph["symbols"] as? [[String: Any]] ?? [] {
      let access = symbol["accessLevel"] as? String ?? ""
      guard access == "public" || access == "open",
        let path = symbol["pathComponents"] as? [String], !path.isEmpty,
        let identifier = (symbol["identifier"] as? [String: Any])?["precise"] as? String
      else { continue }
      let kind = (symbol["kind"] as? [String: Any])?["identifier"] as? String ?? ""
      if kind == "swift.extension" { continue }
      pathOf[identifier] = path.joined(separator: ".")
      let type = path.count == 1 ? "<top>" : path.dropLast().joined(separator: ".")
      names.insert(Name(type: type, member: path[path.count - 1]))
    }
    for relation in graph["relationships"] as? [[String: Any]] ?? [] {
      let kind = relation["kind"] as? String ?? ""
      guard kind == "inheritsFrom" || kind == "conformsTo",
        let source = relation["source"] as? String, let target = relation["target"] as? String
      else { continue }
      edges.append((source, target))
      if let fallback = relation["targetFallback"] as? String, pathOf[target] == nil {
        pathOf[target] = fallback.split(separator: ".").last.map(String.init)
      }
    }
  }
  var supertypes: [String: Set<String>] = [:]
  for (source, target) in edges {
    guard let sourcePath = pathOf[source], let targetPath = pathOf[target] else { continue }
    supertypes[sourcePath, default: []].insert(targetPath)
  }
  return (names, supertypes)
}

/// `type` and every type it inherits from or conforms to, directly or not.
func lineage(of type: String, _ supertypes: [String: Set<String>]) -> Set<String> {
  var seen: Set<String> = [type]
  var work = [type]
  while let next = work.popLast() {
    for parent in supertypes[next] ?? [] where seen.insert(parent).inserted { work.append(parent) }
  }
  return seen
}

let graphs = URL(fileURLWithPath: arguments[3])
var failed = false
var used = Set<Name>()
for product in visible.keys.sorted() {
  let folder = graphs.appendingPathComponent(product)
  guard FileManager.default.fileExists(atPath: folder.path) else {
    FileHandle.standardError.write(Data("rx-names: no symbol graphs for \(product)\n".utf8))
    exit(2)
  }
  let (names, supertypes) = exportedNames(in: folder)
  var rx = Set<Name>()
  for module in visible[product]! { rx.formUnion(reference[module] ?? []) }
  var additions: [Name] = []
  for name in names.sorted() {
    let types = name.type == "<top>" ? ["<top>"] : lineage(of: name.type, supertypes)
    if types.contains(where: { rx.contains(Name(type: $0, member: name.member)) }) { continue }
    if let match = types.map({ Name(type: $0, member: name.member) }).first(where: {
      allowed[$0] != nil
    }) {
      used.insert(match)
      continue
    }
    additions.append(name)
  }
  if additions.isEmpty {
    print("rx-names: \(product) exports only RxSwift's names (\(names.count) checked)")
  } else {
    failed = true
    print("rx-names: \(product) exports names that RxSwift's \(product) does not:")
    for name in additions {
      print("  \(name.type == "<top>" ? "" : name.type + ".")\(name.member)")
    }
  }
}
for name in allowed.keys.sorted() where !used.contains(name) {
  print("rx-names: the allowed name \(name.type).\(name.member) is no longer exported; remove it")
  failed = true
}
if failed {
  print(
    "rx-names: move additions to ReactiveCore's or ReactiveTesting's own modules, or allow one "
      + "that cannot clash with a client's name, with the reason, in the allow-list")
}
exit(failed ? 1 : 0)
