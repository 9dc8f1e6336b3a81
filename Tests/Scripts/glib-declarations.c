/* invites declares the GLib, GIO and GMime functions and types it calls itself
 * (Sources/CGLibOnDemand), so that nothing links those libraries. Compiled against the real
 * headers, this checks every function of the lists against the library's own prototype; run,
 * it prints the values and layouts invites depends on, which glib-declarations.sh compares
 * with the same program compiled against invites' declarations (-DINVITES). */
#include <stddef.h>
#include <stdio.h>

#ifdef INVITES
#include "CGLibOnDemand.h"
#else
#include <gio/gio.h>
#include <gmime/gmime.h>
#define FUNCTION(returns, name, parameters, arguments)                                           \
    _Static_assert(__builtin_types_compatible_p(__typeof__(&name), returns(*) parameters),      \
                   #name " is declared in Sources/CGLibOnDemand as its library declares it");
#define PROCEDURE(name, parameters, arguments)                                                   \
    _Static_assert(__builtin_types_compatible_p(__typeof__(&name), void(*) parameters),         \
                   #name " is declared in Sources/CGLibOnDemand as its library declares it");
#include "gio_functions.h"
#include "glib_functions.h"
#include "gmime_functions.h"
#endif

#define SHOW(expression) printf("%s %ld\n", #expression, (long)(expression))

int main(void) {
    SHOW(GMIME_ADDRESS_TYPE_FROM);
    SHOW(GMIME_ADDRESS_TYPE_TO);
    SHOW(GMIME_CONTENT_ENCODING_DEFAULT);
    SHOW(GMIME_CONTENT_ENCODING_QUOTEDPRINTABLE);
    SHOW(G_BUS_TYPE_SESSION);
    SHOW(G_DBUS_SIGNAL_FLAGS_NONE);
    SHOW(G_DBUS_CALL_FLAGS_NONE);
    SHOW(G_IO_ERROR_CLOSED);
    SHOW(G_IO_ERROR_TIMED_OUT);
    SHOW(sizeof(GIOErrorEnum));
    SHOW(sizeof(GMimeAddressType));
    SHOW(sizeof(GMimeContentEncoding));
    SHOW(sizeof(GBusType));
    SHOW(sizeof(GError));
    SHOW(offsetof(GError, code));
    SHOW(offsetof(GError, message));
    SHOW(sizeof(GByteArray));
    SHOW(offsetof(GByteArray, len));
    SHOW(sizeof(GPollFD));
    SHOW(offsetof(GPollFD, events));
    SHOW(offsetof(GPollFD, revents));
    SHOW(sizeof(gint64));
    SHOW(sizeof(gsize));
    SHOW(sizeof(GType));
    SHOW(sizeof(gboolean));
    return 0;
}
