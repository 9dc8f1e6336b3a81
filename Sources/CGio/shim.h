#ifndef CGIO_SHIM_H
#define CGIO_SHIM_H

#include <gio/gio.h>

/* G_VARIANT_TYPE is a cast macro, which Swift cannot call: a type string as a GVariantType. */
static inline const GVariantType *CGio_variant_type(const char *type_string) {
    return G_VARIANT_TYPE(type_string);
}

#endif
