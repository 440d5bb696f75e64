/*
 * orders.c - reading order files: comments, header lines, steps.
 */
#include "orders.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "util.h"

/* Strips a comment and surrounding white space in place. */
static char *
clean_line(char *line)
{
	char *hash = strchr(line, '#'), *e;

	if (hash != NULL)
		*hash = '\0';
	while (isspace((unsigned char)*line))
		line++;
	e = line + strlen(line);
	while (e > line && isspace((unsigned char)e[-1]))
		*--e = '\0';
	return line;
}

/* The keyword at the start of line, if it is kw; returns the rest. */
static const char *
keyword(const char *line, const char *kw)
{
	size_t n = strlen(kw);

	if (strlen(line) < n || !str_iprefix(kw, line))
		return NULL;
	if (line[n] != '\0' && !isspace((unsigned char)line[n]))
		return NULL;
	line += n;
	while (isspace((unsigned char)*line))
		line++;
	return line;
}

struct block {
	struct order o;
	struct strbuf text;
	int bad;
	int open;
};

static void
block_start(struct block *b)
{
	memset(&b->o, 0, sizeof(b->o));
	sb_init(&b->text);
	b->bad = 0;
	b->open = 1;
}

static void
block_finish(struct block *b, struct order_file *of, const char *path,
    int line, int *errors)
{
	if (!b->open)
		return;
	b->open = 0;
	/* Trailing blank lines are not part of the verbatim text. */
	while (b->text.len > 0 && (b->text.buf[b->text.len - 1] == '\n' ||
	    b->text.buf[b->text.len - 1] == ' '))
		b->text.buf[--b->text.len] = '\0';
	if (!b->bad && b->o.nitems == 0) {
		diag(EXIT_DATAERR, path, line, "step %s has no orders "
		    "(write PASS to pass)", b->o.step);
		(*errors)++;
		b->bad = 1;
	}
	if (b->bad) {
		order_release(&b->o);
		sb_release(&b->text);
		return;
	}
	b->o.text = sb_detach(&b->text);
	of->orders = xrealloc(of->orders, (size_t)(of->norders + 1) *
	    sizeof(*of->orders));
	of->orders[of->norders++] = b->o;
}

int
orders_parse(const struct ruleset *rs, const char *path, const char *text,
    struct order_file *of)
{
	char *copy = xstrdup(text), *p = copy, *next;
	struct block b;
	char *verbatim = NULL;
	int lineno = 0, errors = 0, step_line = 0;
	struct strbuf err;
	const char *rest;

	memset(of, 0, sizeof(*of));
	of->path = xstrdup(path);
	of->country = -1;
	b.open = 0;
	sb_init(&err);
	for (; p != NULL; p = next) {
		char *raw = p, *line;

		next = strchr(p, '\n');
		if (next != NULL)
			*next++ = '\0';
		lineno++;
		free(verbatim);
		if (strlen(raw) > 0 && raw[strlen(raw) - 1] == '\r')
			raw[strlen(raw) - 1] = '\0';
		verbatim = xstrdup(raw);
		line = clean_line(raw);
		if (b.open && keyword(line, "STEP") == NULL) {
			sb_add(&b.text, verbatim);
			sb_addc(&b.text, '\n');
		}
		if (*line == '\0')
			continue;
		sb_reset(&err);
		if ((rest = keyword(line, "GAME")) != NULL) {
			if (of->game_line) {
				diag(EXIT_DATAERR, path, lineno, "second GAME "
				    "line (first at line %d)", of->game_line);
				errors++;
			}
			snprintf(of->game, sizeof(of->game), "%s", rest);
			of->game_line = lineno;
			continue;
		}
		if ((rest = keyword(line, "COUNTRY")) != NULL) {
			if (of->country_line) {
				diag(EXIT_DATAERR, path, lineno, "second "
				    "COUNTRY line (first at line %d)",
				    of->country_line);
				errors++;
				continue;
			}
			of->country_line = lineno;
			of->country = rs_find_country(rs, rest, &err);
			if (of->country < 0) {
				diag(EXIT_DATAERR, path, lineno, "%s",
				    err.buf);
				errors++;
			}
			continue;
		}
		if ((rest = keyword(line, "STEP")) != NULL) {
			block_finish(&b, of, path, step_line, &errors);
			block_start(&b);
			step_line = lineno;
			sb_add(&b.text, verbatim);
			sb_addc(&b.text, '\n');
			b.o.country = of->country;
			b.o.source = xasprintf("%s:%d", path, lineno);
			if (of->country_line == 0) {
				diag(EXIT_DATAERR, path, lineno, "STEP before "
				    "the COUNTRY line");
				errors++;
				b.bad = 1;
			}
			if (aor_parse_step(rest, b.o.step, sizeof(b.o.step),
			    &err) != 0) {
				diag(EXIT_DATAERR, path, lineno, "%s",
				    err.buf);
				errors++;
				b.bad = 1;
			}
			continue;
		}
		if (!b.open) {
			diag(EXIT_DATAERR, path, lineno, "order before the "
			    "first STEP line");
			errors++;
			continue;
		}
		if (b.bad)
			continue;
		if (b.o.nitems == ORDER_MAX_ITEMS) {
			diag(EXIT_DATAERR, path, lineno, "too many orders in "
			    "step %s", b.o.step);
			errors++;
			b.bad = 1;
			continue;
		}
		if (aor_parse_line(rs, of->country, line,
		    &b.o.items[b.o.nitems], &err) != 0) {
			diag(EXIT_DATAERR, path, lineno, "%s", err.buf);
			errors++;
			b.bad = 1;
			continue;
		}
		b.o.items[b.o.nitems++].line = lineno;
	}
	free(verbatim);
	block_finish(&b, of, path, step_line, &errors);
	if (of->game_line == 0) {
		diag(EXIT_DATAERR, path, 1, "missing GAME line");
		errors++;
	}
	if (of->country_line == 0) {
		diag(EXIT_DATAERR, path, 1, "missing COUNTRY line");
		errors++;
	}
	if (errors == 0 && of->norders == 0) {
		diag(EXIT_DATAERR, path, 1, "no STEP in the file");
		errors++;
	}
	sb_release(&err);
	free(copy);
	return errors;
}

void
order_file_release(struct order_file *of)
{
	int i;

	for (i = 0; i < of->norders; i++)
		order_release(&of->orders[i]);
	free(of->orders);
	free(of->path);
	memset(of, 0, sizeof(*of));
}

int
order_parse_block(const struct ruleset *rs, int country, const char *text,
    const char *source, struct order *o, struct strbuf *err)
{
	char *copy = xstrdup(text), *p, *next, *line;
	const char *rest;
	int first = 1, rc = 0;

	memset(o, 0, sizeof(*o));
	o->country = country;
	for (p = copy; p != NULL && rc == 0; p = next) {
		next = strchr(p, '\n');
		if (next != NULL)
			*next++ = '\0';
		line = clean_line(p);
		if (*line == '\0')
			continue;
		if (first) {
			first = 0;
			rest = keyword(line, "STEP");
			if (rest == NULL || aor_parse_step(rest, o->step,
			    sizeof(o->step), err) != 0) {
				if (rest == NULL)
					sb_add(err, "stored order does not "
					    "start with STEP");
				rc = -1;
			}
			continue;
		}
		if (o->nitems == ORDER_MAX_ITEMS) {
			sb_add(err, "too many orders in one step");
			rc = -1;
		} else if (aor_parse_line(rs, country, line,
		    &o->items[o->nitems++], err) != 0)
			rc = -1;
	}
	free(copy);
	if (rc == 0 && first) {
		sb_add(err, "empty stored order");
		rc = -1;
	}
	if (rc != 0) {
		order_release(o);
		return -1;
	}
	o->text = xstrdup(text);
	o->source = xstrdup(source ? source : "");
	return 0;
}
