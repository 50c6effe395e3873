// The PostgreSQL client library, libpq, as the PostgreSQL backend calls it. Built only with the
// package's Postgres trait: `swift build --traits Postgres`.
#include <libpq-fe.h>
