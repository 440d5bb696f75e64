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

static unseal_fn unsealer;
static void *unsealer_ctx;

void
orders_set_unsealer(unseal_fn fn, void *ctx)
{
	unsealer = fn;
	unsealer_ctx = ctx;
}

void *
orders_unsealer_ctx(void)
{
	return unsealer_ctx;
}

#define ARMOR_BEGIN "-----BEGIN PGP MESSAGE-----"
#define ARMOR_END "-----END PGP MESSAGE-----"

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
	struct strbuf armor;	/* a sealed step's message, being read */
	int in_armor;
	int armor_line;
	int bad;
	int open;
};

/* Item i of an order: the module's item_size bytes. */
static void *
item_at(const struct game_module *mod, struct order *o, int i)
{
	return o->items + (size_t)i * mod->item_size;
}

/*
 * Parses the plain lines of a sealed step into the block's items; errors
 * name the line of the armour's start.
 */
static int
unseal_block(const struct game_module *mod, const void *rs, struct block *b,
    struct strbuf *err)
{
	char *plain = NULL, *copy, *p, *next, *line;
	struct strbuf ignore;
	int rc = 0, line_no, header = 1;

	if (unsealer == NULL) {
		sb_add(err, "a sealed pick needs the moderator's key to open "
		    "(GnuPG home with the moderator's secret key)");
		return -1;
	}
	if (unsealer(unsealer_ctx, b->armor.buf, b->o.country, b->o.step,
	    &plain, err) != 0)
		return -1;
	/* the opened lines are recorded in the game file too */
	if (text_check(plain, strlen(plain), &line_no, err) != 0) {
		free(plain);
		return -1;
	}
	b->o.sealed = 1;
	sb_init(&ignore);
	copy = xstrdup(plain);
	for (p = copy; p != NULL && rc == 0; p = next) {
		next = strchr(p, '\n');
		if (next != NULL)
			*next++ = '\0';
		line = clean_line(p);
		if (*line == '\0')
			continue;
		/* the binding lines, checked by the unsealer (issue 9) */
		if (header && (keyword(line, "GAME") != NULL ||
		    keyword(line, "COUNTRY") != NULL ||
		    keyword(line, "STEP") != NULL))
			continue;
		header = 0;
		/*
		 * R39: the reason would tell what the sealed lines say, and
		 * a refusal must not open someone else's pick for whoever
		 * sent it.
		 */
		if (b->o.nitems == mod->max_items || mod->parse_line(rs,
		    b->o.country, line, b->armor_line, item_at(mod, &b->o,
		    b->o.nitems), &ignore) != 0) {
			sb_addf(err, "its lines are not a valid order for "
			    "this step (the reason is not given: it would "
			    "tell what they say, %s)", mod->secrecy_ruling);
			rc = -1;
		} else
			b->o.nitems++;
	}
	free(copy);
	sb_release(&ignore);
	free(b->o.plain);
	b->o.plain = plain;
	return rc;
}

static void
block_start(struct block *b)
{
	memset(&b->o, 0, sizeof(b->o));
	sb_init(&b->text);
	sb_init(&b->armor);
	b->in_armor = 0;
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
	if (b->in_armor && !b->bad) {
		diag(EXIT_DATAERR, path, b->armor_line, "sealed step %s: no "
		    "'%s' line", b->o.step, ARMOR_END);
		(*errors)++;
		b->bad = 1;
	}
	sb_release(&b->armor);
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
orders_parse(const struct game_module *mod, const void *rs, const char *path,
    const char *text,
    struct order_file *of)
{
	return orders_parse_at(mod, rs, path, text, 0, of);
}

int
orders_parse_at(const struct game_module *mod, const void *rs, const char *path,
    const char *text, int first_line, struct order_file *of)
{
	return orders_parse_for(mod, rs, NULL, path, text, first_line, of);
}

/* A line quoted from another mail: its first non-blank is '>'. */
static int
is_quoted(const char *raw)
{
	while (*raw == ' ' || *raw == '\t')
		raw++;
	return *raw == '>';
}

/*
 * Does the order text end before this line: a mail signature separator
 * ("-- ", also without its blank, which some clients strip) or END?
 */
static int
is_end(const char *raw)
{
	char *copy, *line;
	const char *rest;
	int end;
	size_t n = strlen(raw);

	while (n > 0 && (raw[n - 1] == ' ' || raw[n - 1] == '\t'))
		n--;
	if (n == 2 && raw[0] == '-' && raw[1] == '-')
		return 1;
	copy = xstrdup(raw);
	line = clean_line(copy);
	rest = keyword(line, "END");
	end = rest != NULL && *rest == '\0';
	free(copy);
	return end;
}

/*
 * The line number of the first GAME line of text that is not quoted and
 * comes before the end of the orders, or 0.  The lines before it are a
 * mail's greeting and are ignored.
 */
static int
find_game_line(const char *text, int first_line)
{
	const char *p = text;
	int lineno = first_line;

	while (p != NULL && *p != '\0') {
		const char *nl = strchr(p, '\n');
		size_t n = nl != NULL ? (size_t)(nl - p) : strlen(p);
		char *raw = xasprintf("%.*s", (int)n, p), *line;
		int found = 0, stop;

		lineno++;
		if (n > 0 && raw[n - 1] == '\r')
			raw[n - 1] = '\0';
		stop = is_end(raw);
		if (!stop && !is_quoted(raw)) {
			line = clean_line(raw);
			found = keyword(line, "GAME") != NULL;
		}
		free(raw);
		if (found)
			return lineno;
		if (stop)
			return 0;
		p = nl != NULL ? nl + 1 : NULL;
	}
	return 0;
}

int
orders_parse_for(const struct game_module *mod, const void *rs,
    const char *game_id,
    const char *path, const char *text, int first_line,
    struct order_file *of)
{
	char *copy = xstrdup(text), *p = copy, *next;
	struct block b;
	char *verbatim = NULL;
	int lineno = first_line, errors = 0, step_line = 0, nsteps = 0;
	struct strbuf err;
	const char *rest;

	memset(of, 0, sizeof(*of));
	of->path = xstrdup(path);
	of->country = -1;
	of->game_at = find_game_line(text, first_line);
	b.open = 0;
	sb_init(&err);
	/* the verbatim text goes into the game file, which is XML */
	if (text_check(text, strlen(text), &lineno, &err) != 0) {
		diag(EXIT_DATAERR, path, first_line + lineno, "%s", err.buf);
		sb_release(&err);
		free(copy);
		return 1;
	}
	lineno = first_line;
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
		if (of->end_line != 0 || lineno < of->game_at) {
			/* a mail's greeting, or what follows the orders */
			if (*clean_line(raw) == '\0')
				continue;
			if (of->end_line != 0)
				of->ignored_after++;
			else
				of->ignored_before++;
			continue;
		}
		if (b.open && b.in_armor) {
			/* inside a sealed pick: keep the armour verbatim */
			sb_add(&b.text, verbatim);
			sb_addc(&b.text, '\n');
			sb_add(&b.armor, verbatim);
			sb_addc(&b.armor, '\n');
			if (strncmp(verbatim, ARMOR_END, strlen(ARMOR_END)) == 0) {
				b.in_armor = 0;
				if (!b.bad && unseal_block(mod, rs, &b, &err) != 0) {
					diag(EXIT_DATAERR, path, b.armor_line,
					    "sealed step %s: %s", b.o.step,
					    err.buf);
					errors++;
					b.bad = 1;
				}
			}
			continue;
		}
		if (is_quoted(raw)) {
			/* quoted from the mail this one answers */
			if (of->ignored_quoted++ == 0)
				of->first_quoted = lineno;
			continue;
		}
		if (is_end(raw)) {
			of->end_line = lineno;
			continue;
		}
		line = clean_line(raw);
		if (b.open && keyword(line, "STEP") == NULL &&
		    keyword(line, "GAME") == NULL &&
		    keyword(line, "COUNTRY") == NULL &&
		    keyword(line, "ENTROPY") == NULL) {
			sb_add(&b.text, verbatim);
			sb_addc(&b.text, '\n');
		}
		if (b.open && strcmp(line, ARMOR_BEGIN) == 0) {
			if (b.o.nitems > 0 || b.o.sealed) {
				diag(EXIT_DATAERR, path, lineno, "a sealed step "
				    "holds only its sealed message");
				errors++;
				b.bad = 1;
			}
			b.in_armor = 1;
			b.armor_line = lineno;
			sb_reset(&b.armor);
			sb_add(&b.armor, line);
			sb_addc(&b.armor, '\n');
			continue;
		}
		if (*line == '\0')
			continue;
		sb_reset(&err);
		if ((rest = keyword(line, "ENTROPY")) != NULL) {
			if (*rest == '\0' || strlen(rest) > 200) {
				diag(EXIT_DATAERR, path, lineno, "ENTROPY takes "
				    "1 to 200 characters of your choice");
				errors++;
				continue;
			}
			of->entropy = xrealloc(of->entropy,
			    (size_t)(of->nentropy + 1) * sizeof(char *));
			of->entropy[of->nentropy++] = xstrdup(rest);
			continue;
		}
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
			of->country = mod->country_find(rs, rest, &err);
			if (of->country < 0) {
				diag(EXIT_DATAERR, path, lineno, "%s",
				    err.buf);
				errors++;
			}
			continue;
		}
		if ((rest = keyword(line, "STEP")) != NULL) {
			block_finish(&b, of, path, step_line, &errors);
			if (++nsteps > ORDER_MAX_STEPS) {
				if (nsteps == ORDER_MAX_STEPS + 1) {
					diag(EXIT_DATAERR, path, lineno, "more "
					    "than %d steps in one file "
					    "(adjudicator-orders(5))",
					    ORDER_MAX_STEPS);
					errors++;
				}
				block_start(&b);
				b.bad = 1;
				continue;
			}
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
			} else if (of->country < 0)
				b.bad = 1;	/* the COUNTRY line said why */
			if (mod->parse_step(rest, b.o.step, sizeof(b.o.step),
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
			    "first STEP line: put the STEP line of its "
			    "decision above it (your order form shows it, "
			    "e.g. 'STEP T1.S1')");
			errors++;
			continue;
		}
		if (b.bad)
			continue;
		if (b.o.sealed) {
			diag(EXIT_DATAERR, path, lineno, "a sealed step holds "
			    "only its sealed message");
			errors++;
			b.bad = 1;
			continue;
		}
		if (b.o.nitems == mod->max_items) {
			diag(EXIT_DATAERR, path, lineno, "too many orders in "
			    "step %s", b.o.step);
			errors++;
			b.bad = 1;
			continue;
		}
		if (mod->parse_line(rs, of->country, line, lineno,
		    item_at(mod, &b.o, b.o.nitems), &err) != 0) {
			diag(EXIT_DATAERR, path, lineno, "%s", err.buf);
			errors++;
			b.bad = 1;
			continue;
		}
		b.o.nitems++;
	}
	free(verbatim);
	block_finish(&b, of, path, step_line, &errors);
	if (of->game_line == 0) {
		/* say which line to add, and where */
		if (game_id != NULL)
			diag(EXIT_DATAERR, path, of->country_line ?
			    of->country_line : 1, "missing GAME line: add the "
			    "line 'GAME %s' above the COUNTRY line", game_id);
		else
			diag(EXIT_DATAERR, path, of->country_line ?
			    of->country_line : 1, "missing GAME line: add the "
			    "line 'GAME id' (the game's id, as the reports "
			    "print it) above the COUNTRY line");
		errors++;
	}
	if (of->country_line == 0) {
		diag(EXIT_DATAERR, path, of->game_line ? of->game_line : 1,
		    "missing COUNTRY line: add the line 'COUNTRY' and your "
		    "country below the GAME line");
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
	for (i = 0; i < of->nentropy; i++)
		free(of->entropy[i]);
	free(of->entropy);
	free(of->path);
	memset(of, 0, sizeof(*of));
}

int
order_parse_block(const struct game_module *mod, const void *rs, int country,
    const char *text,
    const char *source, struct order *o, struct strbuf *err)
{
	char *copy = xstrdup(text), *p, *next, *line;
	const char *rest;
	struct block b;
	int first = 1, rc = 0;

	memset(&b, 0, sizeof(b));
	sb_init(&b.armor);
	b.o.country = country;
	for (p = copy; p != NULL && rc == 0; p = next) {
		next = strchr(p, '\n');
		if (next != NULL)
			*next++ = '\0';
		if (b.in_armor) {
			sb_add(&b.armor, p);
			sb_addc(&b.armor, '\n');
			if (strncmp(p, ARMOR_END, strlen(ARMOR_END)) == 0) {
				b.in_armor = 0;
				rc = unseal_block(mod, rs, &b, err);
			}
			continue;
		}
		line = clean_line(p);
		if (*line == '\0')
			continue;
		if (first) {
			first = 0;
			rest = keyword(line, "STEP");
			if (rest == NULL || mod->parse_step(rest, b.o.step,
			    sizeof(b.o.step), err) != 0) {
				if (rest == NULL)
					sb_add(err, "stored order does not "
					    "start with STEP");
				rc = -1;
			}
			continue;
		}
		if (strcmp(line, ARMOR_BEGIN) == 0) {
			b.in_armor = 1;
			sb_reset(&b.armor);
			sb_add(&b.armor, line);
			sb_addc(&b.armor, '\n');
			continue;
		}
		if (b.o.nitems == mod->max_items) {
			sb_add(err, "too many orders in one step");
			rc = -1;
		} else if (mod->parse_line(rs, country, line, 0,
		    item_at(mod, &b.o, b.o.nitems++), err) != 0)
			rc = -1;
	}
	free(copy);
	sb_release(&b.armor);
	if (rc == 0 && (first || b.in_armor)) {
		sb_add(err, first ? "empty stored order" : "sealed message "
		    "without its end line");
		rc = -1;
	}
	*o = b.o;
	if (rc != 0) {
		order_release(o);
		return -1;
	}
	o->text = xstrdup(text);
	o->source = xstrdup(source ? source : "");
	return 0;
}

/* Ends a block of order_blocks as block_finish does its text. */
static void
blocks_add(struct strbuf *b, int *open, char ***blocks, int *n)
{
	if (!*open)
		return;
	*open = 0;
	while (b->len > 0 && (b->buf[b->len - 1] == '\n' ||
	    b->buf[b->len - 1] == ' '))
		b->buf[--b->len] = '\0';
	*blocks = xrealloc(*blocks, (size_t)(*n + 1) * sizeof(**blocks));
	(*blocks)[(*n)++] = sb_detach(b);
	sb_init(b);
}

/*
 * The walk of orders_parse_for, keeping only the verbatim text of each
 * STEP block (*blocks) and the ENTROPY texts it takes (*entropy, their
 * number in *nentropy; entropy may be NULL).  Returns the number of
 * blocks.
 */
static int
walk_blocks(const char *text, char ***blocks, char ***entropy,
    int *nentropy)
{
	char *copy = xstrdup(text), *p, *next;
	const char *rest;
	struct strbuf b;
	int n = 0, open = 0, in_armor = 0, ended = 0, lineno = 0;
	int game_at = find_game_line(text, 0);

	*blocks = NULL;
	if (entropy != NULL) {
		*entropy = NULL;
		*nentropy = 0;
	}
	sb_init(&b);
	for (p = copy; p != NULL; p = next) {
		char *raw = p, *verbatim, *line;

		next = strchr(p, '\n');
		if (next != NULL)
			*next++ = '\0';
		lineno++;
		if (strlen(raw) > 0 && raw[strlen(raw) - 1] == '\r')
			raw[strlen(raw) - 1] = '\0';
		if (ended || lineno < game_at)
			continue;
		verbatim = xstrdup(raw);
		if (open && in_armor) {
			sb_add(&b, verbatim);
			sb_addc(&b, '\n');
			if (strncmp(verbatim, ARMOR_END,
			    strlen(ARMOR_END)) == 0)
				in_armor = 0;
		} else if (is_quoted(raw))
			;
		else if (is_end(raw))
			ended = 1;
		else {
			line = clean_line(raw);
			if (keyword(line, "STEP") != NULL) {
				blocks_add(&b, &open, blocks, &n);
				open = 1;
				in_armor = 0;
				sb_add(&b, verbatim);
				sb_addc(&b, '\n');
			} else if ((rest = keyword(line, "ENTROPY")) != NULL) {
				if (entropy != NULL && *rest != '\0' &&
				    strlen(rest) <= 200) {
					*entropy = xrealloc(*entropy,
					    (size_t)(*nentropy + 1) *
					    sizeof(**entropy));
					(*entropy)[(*nentropy)++] = xstrdup(rest);
				}
			} else if (open && keyword(line, "GAME") == NULL &&
			    keyword(line, "COUNTRY") == NULL) {
				sb_add(&b, verbatim);
				sb_addc(&b, '\n');
				if (strcmp(line, ARMOR_BEGIN) == 0)
					in_armor = 1;
			}
		}
		free(verbatim);
	}
	blocks_add(&b, &open, blocks, &n);
	sb_release(&b);
	free(copy);
	return n;
}

int
order_blocks(const char *text, char ***blocks)
{
	return walk_blocks(text, blocks, NULL, NULL);
}

int
order_blocks_entropy(const char *text, char ***blocks, char ***entropy,
    int *nentropy)
{
	return walk_blocks(text, blocks, entropy, nentropy);
}

int
order_block_steps(const struct game_module *mod, char *const *blocks,
    int n, char ***steps)
{
	char *nl, *line, *first;
	const char *rest;
	struct strbuf err;
	int k, m = 0;

	*steps = xcalloc((size_t)n + 1, sizeof(**steps));
	sb_init(&err);
	for (k = 0; k < n; k++) {
		char step[sizeof(((struct order *)0)->step)];

		/* the block's verbatim first line is its STEP line */
		first = xstrdup(blocks[k]);
		if ((nl = strchr(first, '\n')) != NULL)
			*nl = '\0';
		line = clean_line(first);
		sb_reset(&err);
		if ((rest = keyword(line, "STEP")) != NULL &&
		    mod->parse_step(rest, step, sizeof(step), &err) == 0)
			(*steps)[m++] = xstrdup(step);
		free(first);
	}
	sb_release(&err);
	return m;
}

void
order_release(struct order *o)
{
	free(o->text);
	free(o->source);
	free(o->plain);
	o->text = o->source = o->plain = NULL;
}
