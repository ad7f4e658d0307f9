#ifndef ROADTRIP_CLOCALE_SHIM_H
#define ROADTRIP_CLOCALE_SHIM_H

// What measuring text needs from the C library, without curses: the locale (setlocale,
// nl_langinfo(CODESET)) and wcwidth, the width ncurses gives each cell; and reading a number
// whatever the locale.

#include <locale.h>
#include <langinfo.h>
#include <wchar.h>

// glibc declares wcwidth only under _XOPEN_SOURCE, which SwiftPM does not let a package define.
extern int wcwidth(wchar_t c);
static inline int rt_locale_wcwidth(unsigned int c) { return wcwidth((wchar_t)c); }

// A number as C writes it ("42.5"), whatever the user's LC_NUMERIC (the planner adopts the user's
// locale, where 42.5 may be written 42,5): strtod_l in the C locale. glibc declares strtod_l only
// under _GNU_SOURCE. The locale is made at the first call and published atomically; a thread that
// loses the race to publish its own frees it.
#include <stdlib.h>
extern double strtod_l(const char *text, char **end, locale_t locale);
static inline double rt_strtod_c(const char *text, char **end) {
    static locale_t c_locale = (locale_t)0;
    locale_t c = __atomic_load_n(&c_locale, __ATOMIC_ACQUIRE);
    if (c == (locale_t)0) {
        locale_t made = newlocale(LC_ALL_MASK, "C", (locale_t)0);
        locale_t expected = (locale_t)0;
        if (__atomic_compare_exchange_n(&c_locale, &expected, made, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
            c = made;
        } else {
            freelocale(made);
            c = expected;
        }
    }
    return strtod_l(text, end, c);
}

#endif
