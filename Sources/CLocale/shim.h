#ifndef ROADTRIP_CLOCALE_SHIM_H
#define ROADTRIP_CLOCALE_SHIM_H

// What measuring text needs from the C library, without curses: the locale (setlocale,
// nl_langinfo(CODESET)) and wcwidth, the width ncurses gives each cell.

#include <locale.h>
#include <langinfo.h>
#include <wchar.h>

// glibc declares wcwidth only under _XOPEN_SOURCE, which SwiftPM does not let a package define.
extern int wcwidth(wchar_t c);
static inline int rt_locale_wcwidth(unsigned int c) { return wcwidth((wchar_t)c); }

#endif
