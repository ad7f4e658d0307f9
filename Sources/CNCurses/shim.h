#ifndef ROADTRIP_CNCURSES_SHIM_H
#define ROADTRIP_CNCURSES_SHIM_H

// The wide-character API (get_wch, cchar_t, setcchar, mvwadd_wch) is hidden unless these are
// defined before the first ncurses include.
#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1

#include <locale.h>
#include <langinfo.h>
#include <wchar.h>
#include <stdio.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

// Swift imports neither function-like macros nor mutable C globals (Swift 6 rejects the latter as
// not concurrency-safe), so every one the terminal layer needs is wrapped here.

static inline WINDOW *rt_stdscr(void) { return stdscr; }
static inline FILE *rt_stdin(void) { return stdin; }
static inline FILE *rt_stdout(void) { return stdout; }
static inline int rt_lines(void) { return LINES; }
static inline int rt_cols(void) { return COLS; }
static inline int rt_colors(void) { return COLORS; }
static inline TERMINAL *rt_cur_term(void) { return cur_term; }
static inline int rt_color_pairs(void) { return COLOR_PAIRS; }

static inline int rt_getmaxy(WINDOW *w) { return getmaxy(w); }
static inline int rt_getmaxx(WINDOW *w) { return getmaxx(w); }
static inline int rt_getcury(WINDOW *w) { return getcury(w); }
static inline int rt_getcurx(WINDOW *w) { return getcurx(w); }

static inline attr_t rt_color_pair(short pair) { return (attr_t)COLOR_PAIR(pair); }
static inline short rt_pair_number(attr_t attrs) { return (short)PAIR_NUMBER(attrs); }
static inline attr_t rt_a_normal(void) { return A_NORMAL; }
static inline attr_t rt_a_bold(void) { return A_BOLD; }
static inline attr_t rt_a_dim(void) { return A_DIM; }
static inline attr_t rt_a_reverse(void) { return A_REVERSE; }
static inline attr_t rt_a_underline(void) { return A_UNDERLINE; }
static inline attr_t rt_a_italic(void) { return A_ITALIC; }
static inline attr_t rt_a_standout(void) { return A_STANDOUT; }

static inline int rt_key_f(int n) { return KEY_F(n); }
static inline attr_t rt_a_color_mask(void) { return A_COLOR; }

// glibc declares wcwidth only under _XOPEN_SOURCE, which SwiftPM does not let a package define.
extern int wcwidth(wchar_t c);
static inline int rt_wcwidth(unsigned int c) { return wcwidth((wchar_t)c); }

// cchar_t is an opaque-ish struct whose text lives in a fixed array; these keep Swift away from it.
static inline int rt_set_cell(cchar_t *cell, const wchar_t *text, attr_t attrs, short pair) {
    return setcchar(cell, text, attrs, pair, NULL);
}
static inline int rt_cell_text(const cchar_t *cell, wchar_t *text, int capacity, attr_t *attrs, short *pair) {
    if (capacity < CCHARW_MAX + 1) return ERR;
    return getcchar(cell, text, attrs, pair, NULL);
}
static inline int rt_cell_capacity(void) { return CCHARW_MAX + 1; }

// Writes `count` characters that each take one cell on their own (no combining marks), from
// (row, column) on, all in `attrs`/`pair`, clipped at the window's right edge: the cell is made
// once and only its character changes, and the cells go into the window a block at a time with
// wadd_wchnstr, which copies them as they are. (wadd_wch took each through the whole path of a
// typed character: a map and a screenful of rows are thousands of cells every frame.)
static inline int rt_add_narrow_run(WINDOW *w, int row, int column, const unsigned int *scalars, int count, attr_t attrs, short pair) {
    wchar_t space[2] = { L' ', 0 };
    cchar_t cell;
    if (setcchar(&cell, space, attrs, pair, NULL) == ERR) return ERR;
    enum { block = 128 };
    cchar_t cells[block];
    for (int done = 0; done < count;) {
        int n = count - done < block ? count - done : block;
        for (int i = 0; i < n; i++) {
            cells[i] = cell;
            cells[i].chars[0] = (wchar_t)scalars[done + i];
        }
        if (wmove(w, row, column + done) == ERR || wadd_wchnstr(w, cells, n) == ERR) return ERR;
        done += n;
    }
    return OK;
}

#endif
