#ifndef CLIBICAL_SHIM_H
#define CLIBICAL_SHIM_H

#include <libical/ical.h>

/// `icalerrno` is a function-like macro over a thread-local; Swift cannot expand it.
static inline icalerrorenum CLibical_errno(void) { return icalerrno; }

/// Resets `icalerrno` before a call whose failure is only visible through it.
static inline void CLibical_clear_errno(void) { icalerrno = ICAL_NO_ERROR; }

#endif
