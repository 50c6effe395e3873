/// Every workload, in the order a run without arguments runs them: the reactive core's, the
/// store's, SQLite reading the same records, the password hash, the HTTP server under slow
/// clients and under a mix of requests, concurrent writes to the store and through the
/// server, then the command-line front's start-up.
let allWorkloads: [Workload] =
  reactiveCoreWorkloads
  + storeWorkloads(sizes: [("1k", 1_000), ("10k", 10_000), ("100k", 100_000)])
  + sqliteWorkloads(sizes: [("1k", 1_000), ("10k", 10_000), ("100k", 100_000)])
  + passwordAndServerWorkloads
  + serverMixWorkloads
  + writeWorkloads
  + startupWorkloads

/// The reactive core's workloads, W1 to W7 and MEM.
private let reactiveCoreWorkloads: [Workload] =
  [
    .timed(
      "W1s", size: 10_000_000, unit: "event",
      "PublishSubject → map → filter → scan, one subscriber", body: subjectChain),
    .timed(
      "W1r", size: 10_000_000, unit: "event", "the W1s chain from Observable.range",
      body: rangeChain),
    .timed(
      "W2", size: 100_000, unit: "onNext", "one PublishSubject with 100 subscribers",
      body: manySubscribers),
    .timed(
      "W2f", size: 100_000, unit: "onNext",
      "W2's 100 subscriber closures called from a buffer, no reactive library (its floor)",
      body: subscribersAlone),
    .timed(
      "W3", size: 1_000_000, unit: "subscription",
      "just(1).map { }.filter { }: subscribe, then dispose", body: subscribeAndDispose),
    .timed(
      "W4", size: 1_000_000, unit: "event", "PublishSubject → flatMapLatest { just($0) }",
      body: switchToJust),
    .timed(
      "W5", size: 1_000_000, unit: "accept", "combineLatest of two BehaviorRelays",
      body: combineTwoRelays),
    .timed(
      "W6m", size: 100_000, unit: "event",
      "TestScheduler: hot observable (ticks 1…n) → map, recorded by start", body: virtualTimeMap),
    .timed(
      "W6d", size: 100_000, unit: "event", "the W6m chain → debounce(.milliseconds(0))",
      body: virtualTimeDebounce),
    .timed(
      "W7", size: 10_000_000, unit: "event",
      "the W1s computation as plain closures in an array (the floor)", body: plainClosures),
    Workload(
      id: "MEM", size: 100_000,
      summary: "live subject.map { }.filter { } subscriptions: bytes and times each",
      execute: runMemoryWorkload),
  ]

/// The password hash's workload, then the HTTP server's under slow clients.
private let passwordAndServerWorkloads: [Workload] =
  [
    .timed(
      "PBKDF2-600k", size: 600_000, unit: "derivation",
      "one PBKDF2-HMAC-SHA256 password hash of n iterations", body: hashOnePassword),
    Workload(
      id: "HTTP-slow-500", size: 500,
      summary: "HTTPServer: latency of 300 requests while n clients send a byte a second",
      execute: runSlowClientsWorkload),
    Workload(
      id: "LOGIN-flood", size: 16,
      summary: "friends-server: a person's logins while n threads send bogus logins",
      execute: runLoginFloodWorkload),
    Workload(
      id: "WEB-tabs", size: 100,
      summary: "friends-web: n tabs open, first page and frame, input-to-frame latency, memory",
      execute: runWebTabsWorkload),
  ]
