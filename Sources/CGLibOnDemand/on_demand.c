// GMime and GIO, loaded when first needed (CGLibOnDemand.h).
#include "CGLibOnDemand.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define FUNCTION(returns, name, parameters, arguments) returns(*name) parameters;
#define PROCEDURE(name, parameters, arguments) void(*name) parameters;
static struct {
#include "glib_functions.h"
    char failure[512];
} glib;
static struct {
#include "gmime_functions.h"
    char failure[512];
} gmime;
static struct {
#include "gio_functions.h"
    char failure[512];
} gio;
#undef FUNCTION
#undef PROCEDURE

/* A library's names, the first that loads being taken. On macOS, Homebrew's folders are named:
 * dlopen does not search /opt/homebrew/lib. */
#ifdef __APPLE__
#define NAMES(stem) \
    {"lib" stem ".0.dylib", "/opt/homebrew/lib/lib" stem ".0.dylib", "/usr/local/lib/lib" stem ".0.dylib", NULL}
#else
#define NAMES(stem) {"lib" stem ".so.0", "lib" stem ".so", NULL}
#endif

static const char *ready_glib(void);

/* Opens the first of `names` that loads (after GLib, for GMime and GIO), or says why none did
 * and which package to install. */
static void *open_library(const char *const *names, const char *package, int after_glib, char *failure,
                          size_t size) {
    const char *glib_failure = after_glib ? ready_glib() : NULL;
    if (glib_failure != NULL) {
        snprintf(failure, size, "%s", glib_failure);
        return NULL;
    }
    for (int index = 0; names[index] != NULL; index++) {
        void *library = dlopen(names[index], RTLD_NOW | RTLD_LOCAL);
        if (library != NULL) return library;
    }
    snprintf(failure, size, "cannot load %s (install %s): %s", names[0], package, dlerror());
    return NULL;
}

#define FIND(table, library, symbol)                                                            \
    *(void **)(&table.symbol) = dlsym(library, #symbol);                                         \
    if (table.symbol == NULL) {                                                                  \
        snprintf(table.failure, sizeof table.failure, "the library loaded has no %s", #symbol); \
        return;                                                                                  \
    }
#define FUNCTION(returns, name, parameters, arguments) FIND(TABLE, library, name)
#define PROCEDURE(name, parameters, arguments) FIND(TABLE, library, name)

static void load_glib(void) {
    const char *names[] = NAMES("gobject-2.0");
    void *library = open_library(names, "libglib2.0-0, or on macOS: brew install glib", 0, glib.failure,
                                 sizeof glib.failure);
    if (library == NULL) return;
#define TABLE glib
#include "glib_functions.h"
#undef TABLE
}

static void load_gmime(void) {
    const char *names[] = NAMES("gmime-3.0");
    void *library = open_library(names, "libgmime-3.0-0, or on macOS: brew install gmime", 1, gmime.failure,
                                 sizeof gmime.failure);
    if (library == NULL) return;
#define TABLE gmime
#include "gmime_functions.h"
#undef TABLE
    gmime.g_mime_init();
}

static void load_gio(void) {
    const char *names[] = NAMES("gio-2.0");
    void *library = open_library(names, "libglib2.0-0, or on macOS: brew install glib", 1, gio.failure,
                                 sizeof gio.failure);
    if (library == NULL) return;
#define TABLE gio
#include "gio_functions.h"
#undef TABLE
}

static pthread_once_t glib_once = PTHREAD_ONCE_INIT, gmime_once = PTHREAD_ONCE_INIT, gio_once = PTHREAD_ONCE_INIT;

static const char *ready_glib(void) {
    pthread_once(&glib_once, load_glib);
    return glib.failure[0] != '\0' ? glib.failure : NULL;
}

const char *lazy_load_gmime(void) {
    pthread_once(&gmime_once, load_gmime);
    return gmime.failure[0] != '\0' ? gmime.failure : NULL;
}

const char *lazy_load_gio(void) {
    pthread_once(&gio_once, load_gio);
    return gio.failure[0] != '\0' ? gio.failure : NULL;
}
#undef FUNCTION
#undef PROCEDURE

/* A function called before its library loaded is a bug in invites, not a state to go on in. */
static void never_loaded(const char *name) {
    fprintf(stderr, "invites: %s called before its library was loaded\n", name);
    abort();
}

#define FUNCTION(returns, name, parameters, arguments) \
    returns lazy_##name parameters {                   \
        if (TABLE.name == NULL) never_loaded(#name);   \
        return TABLE.name arguments;                   \
    }
#define PROCEDURE(name, parameters, arguments)       \
    void lazy_##name parameters {                    \
        if (TABLE.name == NULL) never_loaded(#name); \
        TABLE.name arguments;                        \
    }
#define TABLE glib
#include "glib_functions.h"
#undef TABLE
#define TABLE gmime
#include "gmime_functions.h"
#undef TABLE
#define TABLE gio
#include "gio_functions.h"
#undef TABLE
#undef FUNCTION
#undef PROCEDURE

/* G_TYPE_CHECK_INSTANCE_TYPE without its macro. */
static int is_a(GMimeObject *object, GType type) {
    return object != NULL && lazy_g_type_check_instance_is_a((GTypeInstance *)object, type);
}
int lazy_is_multipart(GMimeObject *object) { return is_a(object, lazy_g_mime_multipart_get_type()); }
int lazy_is_part(GMimeObject *object) { return is_a(object, lazy_g_mime_part_get_type()); }
int lazy_is_message_part(GMimeObject *object) { return is_a(object, lazy_g_mime_message_part_get_type()); }
int lazy_is_mailbox(InternetAddress *address) {
    return is_a((GMimeObject *)address, lazy_internet_address_mailbox_get_type());
}
