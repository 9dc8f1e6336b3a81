#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H

#include <sqlite3.h>

/// `SQLITE_TRANSIENT` is a macro casting -1 to a function pointer; Swift cannot import it.
static inline sqlite3_destructor_type CSQLite_transient(void) { return SQLITE_TRANSIENT; }

/// `sqlite3_db_config` is variadic; Swift cannot call it. Sets one of its on/off options
/// (`SQLITE_DBCONFIG_DEFENSIVE`, `_TRUSTED_SCHEMA`, `_ENABLE_TRIGGER`, `_ENABLE_VIEW`) and returns
/// the option's value afterwards, or -1 when SQLite refused the call.
static inline int CSQLite_db_config_flag(sqlite3 *db, int option, int on) {
    int now = -1;
    if (sqlite3_db_config(db, option, on, &now) != SQLITE_OK) return -1;
    return now;
}

#endif
