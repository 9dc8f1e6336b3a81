#ifndef INVITES_GLIB_TYPES_H
#define INVITES_GLIB_TYPES_H

/* The GLib, GIO and GMime types the functions in the lists take, as their headers declare
 * them (GLib 2.x and GMime 3.x keep them as stable ABI). They are declared here rather than
 * included, so that nothing links the libraries: SwiftPM puts a system library's pkg-config
 * libraries on the link line, and the loader would then map them at every start.
 * Tests/Scripts/glib-declarations.sh checks every function in the lists, and the values and
 * layouts below, against the real headers. */
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

typedef char gchar;
typedef int gint;
typedef unsigned int guint;
typedef int gboolean;
typedef unsigned short gushort;
typedef unsigned char guint8;
typedef int32_t gint32;
typedef uint32_t guint32;
typedef int64_t gint64;
typedef size_t gsize;
typedef ssize_t gssize;
typedef void *gpointer;
typedef gsize GType;
typedef guint32 GQuark;

/* Only ever handled through pointers. */
typedef struct _GTypeInstance GTypeInstance;
typedef struct _GDateTime GDateTime;
typedef struct _GMainContext GMainContext;
typedef struct _GCancellable GCancellable;
typedef struct _GDBusConnection GDBusConnection;
typedef struct _GVariant GVariant;
typedef struct _GVariantType GVariantType;
typedef struct _GMimeContentType GMimeContentType;
typedef struct _GMimeDataWrapper GMimeDataWrapper;
typedef struct _GMimeFilter GMimeFilter;
typedef struct _GMimeFormatOptions GMimeFormatOptions;
typedef struct _GMimeMessage GMimeMessage;
typedef struct _GMimeMessagePart GMimeMessagePart;
typedef struct _GMimeMultipart GMimeMultipart;
typedef struct _GMimeObject GMimeObject;
typedef struct _GMimeParser GMimeParser;
typedef struct _GMimeParserOptions GMimeParserOptions;
typedef struct _GMimePart GMimePart;
typedef struct _GMimeReferences GMimeReferences;
typedef struct _GMimeStream GMimeStream;
typedef struct _GMimeStreamFilter GMimeStreamFilter;
typedef struct _GMimeStreamMem GMimeStreamMem;
typedef struct _GMimeTextPart GMimeTextPart;
typedef struct _InternetAddress InternetAddress;
typedef struct _InternetAddressList InternetAddressList;
typedef struct _InternetAddressMailbox InternetAddressMailbox;

/* Read field by field. */
typedef struct _GError {
    GQuark domain;
    gint code;
    gchar *message;
} GError;
typedef struct _GByteArray {
    guint8 *data;
    guint len;
} GByteArray;
typedef struct _GPollFD {
    gint fd;
    gushort events;
    gushort revents;
} GPollFD;

typedef enum {
    GMIME_ADDRESS_TYPE_SENDER,
    GMIME_ADDRESS_TYPE_FROM,
    GMIME_ADDRESS_TYPE_REPLY_TO,
    GMIME_ADDRESS_TYPE_TO,
    GMIME_ADDRESS_TYPE_CC,
    GMIME_ADDRESS_TYPE_BCC
} GMimeAddressType;
typedef enum {
    GMIME_CONTENT_ENCODING_DEFAULT,
    GMIME_CONTENT_ENCODING_7BIT,
    GMIME_CONTENT_ENCODING_8BIT,
    GMIME_CONTENT_ENCODING_BINARY,
    GMIME_CONTENT_ENCODING_BASE64,
    GMIME_CONTENT_ENCODING_QUOTEDPRINTABLE,
    GMIME_CONTENT_ENCODING_UUENCODE
} GMimeContentEncoding;
typedef enum { G_BUS_TYPE_STARTER = -1, G_BUS_TYPE_NONE = 0, G_BUS_TYPE_SYSTEM = 1, G_BUS_TYPE_SESSION = 2 } GBusType;
typedef enum { G_DBUS_SIGNAL_FLAGS_NONE = 0 } GDBusSignalFlags;
typedef enum { G_DBUS_CALL_FLAGS_NONE = 0 } GDBusCallFlags;
/* The GIOErrorEnum values read: a connection closed, a call that got no answer in time. */
typedef enum { G_IO_ERROR_CLOSED = 18, G_IO_ERROR_TIMED_OUT = 24 } GIOErrorEnum;

typedef void (*GDestroyNotify)(gpointer data);
typedef void (*GDBusSignalCallback)(GDBusConnection *connection, const gchar *sender_name, const gchar *object_path,
                                    const gchar *interface_name, const gchar *signal_name, GVariant *parameters,
                                    gpointer user_data);

#endif
