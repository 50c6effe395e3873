// SQLite's C library, for the benchmark that loads the store's records beside it. Built only with
// the package's SQLite trait: `swift build --traits SQLite`.
#include <sqlite3.h>
