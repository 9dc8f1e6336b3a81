#ifndef CLIBICAL_SHIM_H
#define CLIBICAL_SHIM_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dlfcn.h>
#include <libical/ical.h>

/// The file the loaded libical came from (NULL when the loader cannot say): ICAL_VERSION
/// only names "3.0", and an answer kept by one build of libical is not trusted by another.
static inline const char *CLibical_library_path(void) {
    Dl_info info;
    if (dladdr((const void *)&icaltime_null_time, &info) && info.dli_fname) return info.dli_fname;
    return 0;
}

/// `icalerrno` is a function-like macro over a thread-local; Swift cannot expand it.
static inline icalerrorenum CLibical_errno(void) { return icalerrno; }

/// Resets `icalerrno` before a call whose failure is only visible through it.
static inline void CLibical_clear_errno(void) { icalerrno = ICAL_NO_ERROR; }

#endif
