/*
 * aor-orders.c - the order lines of Age of Reason.
 *
 *   BID n A country [B country]	an auction step (R10)
 *   PASS				an auction step or a whole segment
 *   PLACE box [TAKE card]		a segment's placement (R14-R17)
 *   ATTACK ...				a segment's attack (not yet)
 *
 * Keywords are case-insensitive; names follow rs_find_*().
 */
#include "aor.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

#define MAX_WORDS 32

/* Splits line into words in place; returns the count. */
static int
split(char *line, char **w, int max)
{
	int n = 0;
	char *p = line;

	for (;;) {
		while (isspace((unsigned char)*p))
			p++;
		if (*p == '\0' || n == max)
			return n;
		w[n++] = p;
		while (*p && !isspace((unsigned char)*p))
			p++;
		if (*p)
			*p++ = '\0';
	}
}

/* Joins words [from, to) with single spaces into buf. */
static void
join(char **w, int from, int to, char *buf, size_t len)
{
	size_t o = 0;
	int i;

	buf[0] = '\0';
	for (i = from; i < to; i++)
		o += (size_t)snprintf(buf + o, o < len ? len - o : 0, "%s%s",
		    i > from ? " " : "", w[i]);
}

static int
find_word(char **w, int from, int n, const char *word)
{
	int i;

	for (i = from; i < n; i++)
		if (str_ieq(w[i], word))
			return i;
	return -1;
}

static int
parse_bid(const struct ruleset *rs, char **w, int n, struct item *it,
    struct strbuf *err)
{
	long v;
	int ia, ib;
	char name[128];

	if (n < 2 || parse_int(w[1], 0, 100000, &v) != 0) {
		sb_add(err, "BID needs an amount of gold (0 or more): "
		    "BID n A country B country");
		return -1;
	}
	it->kind = IT_BID;
	it->amount = (int)v;
	ia = find_word(w, 2, n, "A");
	ib = find_word(w, 2, n, "B");
	if (ia != 2 || (ib >= 0 && ib < ia + 2)) {
		sb_add(err, "BID needs proposals: BID n A country B country");
		return -1;
	}
	join(w, ia + 1, ib >= 0 ? ib : n, name, sizeof(name));
	it->a = rs_find_country(rs, name, err);
	if (it->a < 0)
		return -1;
	it->b = NO_COUNTRY;
	if (ib >= 0) {
		if (ib + 1 >= n) {
			sb_add(err, "proposal B names no country");
			return -1;
		}
		join(w, ib + 1, n, name, sizeof(name));
		it->b = rs_find_country(rs, name, err);
		if (it->b < 0)
			return -1;
	}
	return 0;
}

static int
parse_place(const struct ruleset *rs, int country, char **w, int n,
    struct item *it, struct strbuf *err)
{
	int it_take = find_word(w, 1, n, "TAKE");
	char name[128];

	it->kind = IT_PLACE;
	it->card = -1;
	if (n < 2 || it_take == 1) {
		sb_add(err, "PLACE needs an action box: PLACE box [TAKE card]");
		return -1;
	}
	join(w, 1, it_take >= 0 ? it_take : n, name, sizeof(name));
	it->box = rs_find_boxkind(rs, name, err);
	if (it->box < 0)
		return -1;
	if (it_take >= 0) {
		if (it_take + 2 != n) {
			sb_add(err, "TAKE names one card, e.g. TAKE 3/0/2");
			return -1;
		}
		it->card = rs_find_card(rs, country, w[it_take + 1], err);
		if (it->card < 0)
			return -1;
	}
	return 0;
}

int
aor_parse_line(const struct ruleset *rs, int country, const char *line,
    struct item *it, struct strbuf *err)
{
	char *copy = xstrdup(line), *w[MAX_WORDS];
	int n = split(copy, w, MAX_WORDS), rc = -1;

	memset(it, 0, sizeof(*it));
	it->a = it->b = NO_COUNTRY;
	it->card = -1;
	if (n == 0)
		sb_add(err, "empty order");
	else if (n == MAX_WORDS)
		sb_add(err, "order line too long");
	else if (str_ieq(w[0], "BID"))
		rc = parse_bid(rs, w, n, it, err);
	else if (str_ieq(w[0], "PASS")) {
		it->kind = IT_PASS;
		if (n == 1)
			rc = 0;
		else
			sb_add(err, "PASS takes no arguments");
	} else if (str_ieq(w[0], "PLACE"))
		rc = parse_place(rs, country, w, n, it, err);
	else if (str_ieq(w[0], "ATTACK") || str_ieq(w[0], "CONVERT")) {
		it->kind = IT_ATTACK;
		sb_addf(err, "%s: attacks are not implemented yet in this "
		    "version of the adjudicator", w[0]);
	} else {
		const char *kw[] = { "BID", "PASS", "PLACE", "ATTACK",
		    "CONVERT" };
		size_t i;

		sb_addf(err, "unknown order '%s'", w[0]);
		for (i = 0; i < ARRAY_SIZE(kw); i++)
			if (strlen(w[0]) >= 3 && (str_iprefix(w[0], kw[i]) ||
			    str_iprefix(kw[i], w[0]))) {
				sb_addf(err, " (did you mean '%s'?)", kw[i]);
				break;
			}
		if (i == ARRAY_SIZE(kw))
			sb_add(err, " (orders are BID, PASS, PLACE, ATTACK)");
	}
	free(copy);
	return rc;
}
