#ifndef INVITES_CGLIBONDEMAND_H
#define INVITES_CGLIBONDEMAND_H

/* GMime (for mail) and GIO (for `watch`'s notifications) with GLib under them are loaded with
 * dlopen when first needed, so that every other start of `invites` maps none of their twenty
 * libraries. Each function is called as lazy_NAME, which calls NAME through a pointer found at
 * load time; neither their headers nor their libraries are needed to build. */
#include "glib_types.h"

/* Loads GMime (and initialises it) once per process. NULL when it is ready; otherwise why it
 * cannot be, in words for the user (the library, dlerror's reason, the package to install). */
const char *lazy_load_gmime(void);
/* Loads GIO once per process. NULL when it is ready; otherwise why it cannot be. */
const char *lazy_load_gio(void);

#define FUNCTION(returns, name, parameters, arguments) returns lazy_##name parameters;
#define PROCEDURE(name, parameters, arguments) void lazy_##name parameters;
#include "glib_functions.h"
#include "gmime_functions.h"
#include "gio_functions.h"
#undef FUNCTION
#undef PROCEDURE

/* g_object_unref for any GObject, which Swift sees as an OpaquePointer of any type. */
typedef struct _GObject GObject;
static inline void lazy_unref(GObject *object) { lazy_g_object_unref(object); }

/* GObject's type checks are function-like macros, which Swift cannot call. (Its casts need no
 * counterpart: Swift sees every one of these types as an OpaquePointer.) */
int lazy_is_multipart(GMimeObject *object);
int lazy_is_part(GMimeObject *object);
int lazy_is_message_part(GMimeObject *object);
int lazy_is_mailbox(InternetAddress *address);

/* G_VARIANT_TYPE is a cast macro: a type string as a GVariantType. */
static inline const GVariantType *lazy_variant_type(const char *type_string) {
    return (const GVariantType *)type_string;
}

#endif
