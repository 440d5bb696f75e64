/*
 * journal.h - events: what an action visibly did, told by the rules and
 * kept by the machinery (stored in each history entry, cached, replayed
 * and compared, shown in reports).
 */
#ifndef JOURNAL_H
#define JOURNAL_H

#include <stddef.h>

struct ctx;

/* No side: a public event's recipient, a decision of nobody. */
#define NO_COUNTRY (-1)

/* One visible effect; text is for people, the rest for programs. */
struct event {
	char type[24];
	int country;		/* or NO_COUNTRY */
	int to;			/* private to this country, or NO_COUNTRY */
	char *text;		/* owned */
};

struct journal {
	struct event *ev;
	size_t n, alloc;
};

void journal_init(struct journal *j);
void journal_clear(struct journal *j);
void journal_release(struct journal *j);

/* Adds a public event (to = NO_COUNTRY) or one private to a country. */
void ev(struct ctx *c, const char *type, int country, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
void ev_private(struct ctx *c, const char *type, int to, const char *fmt,
    ...) __attribute__((format(printf, 4, 5)));

/* "Netherlands's" reads "Netherlands'": names ending in s. */
void journal_fix_possessive(char *s);

#endif
