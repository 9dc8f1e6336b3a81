#ifndef CGMIME_SHIM_H
#define CGMIME_SHIM_H

#include <gmime/gmime.h>

/* GObject's type checks are function-like macros, which Swift cannot call. */
static inline int CGMime_is_multipart(GMimeObject *object) { return GMIME_IS_MULTIPART(object); }
static inline int CGMime_is_part(GMimeObject *object) { return GMIME_IS_PART(object); }
static inline int CGMime_is_message_part(GMimeObject *object) { return GMIME_IS_MESSAGE_PART(object); }

/* Casts that GObject spells as macros. */
static inline GMimeMultipart *CGMime_as_multipart(GMimeObject *object) { return GMIME_MULTIPART(object); }
static inline GMimePart *CGMime_as_part(GMimeObject *object) { return GMIME_PART(object); }
static inline GMimeMessagePart *CGMime_as_message_part(GMimeObject *object) { return GMIME_MESSAGE_PART(object); }
static inline void CGMime_unref(void *object) { g_object_unref(object); }

#endif
