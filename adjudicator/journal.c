/*
 * journal.c - the events of an action, as the rules tell them.
 */
#include "journal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "module.h"
#include "util.h"

void
journal_init(struct journal *j)
{
	memset(j, 0, sizeof(*j));
}

void
journal_clear(struct journal *j)
{
	size_t i;

	for (i = 0; i < j->n; i++)
		free(j->ev[i].text);
	j->n = 0;
}

void
journal_release(struct journal *j)
{
	journal_clear(j);
	free(j->ev);
	memset(j, 0, sizeof(*j));
}

void
journal_fix_possessive(char *s)
{
	char *p = s;

	while ((p = strstr(p, "s's")) != NULL) {
		if (p > s && ((p[-1] >= 'a' && p[-1] <= 'z') ||
		    (p[-1] >= 'A' && p[-1] <= 'Z')) &&
		    (p[3] == ' ' || p[3] == '.' || p[3] == ',' ||
		    p[3] == '\0')) {
			memmove(p + 2, p + 3, strlen(p + 3) + 1);
			p += 2;
		} else
			p += 3;
	}
}

static void
ev_va(struct ctx *c, const char *type, int country, int to, const char *fmt,
    va_list ap)
{
	struct journal *j = c->j;
	struct event *e;
	struct strbuf sb;

	if (j == NULL)
		return;
	if (j->n == j->alloc) {
		j->alloc = j->alloc ? 2 * j->alloc : 32;
		j->ev = xrealloc(j->ev, j->alloc * sizeof(*j->ev));
	}
	e = &j->ev[j->n++];
	snprintf(e->type, sizeof(e->type), "%s", type);
	e->country = country;
	e->to = to;
	sb_init(&sb);
	sb_vaddf(&sb, fmt, ap);
	journal_fix_possessive(sb.buf);
	e->text = sb_detach(&sb);
}

void
ev(struct ctx *c, const char *type, int country, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	ev_va(c, type, country, NO_COUNTRY, fmt, ap);
	va_end(ap);
}

void
ev_private(struct ctx *c, const char *type, int to, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	ev_va(c, type, to, to, fmt, ap);
	va_end(ap);
}
