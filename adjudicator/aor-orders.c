/*
 * aor-orders.c - the order lines of Age of Reason.
 *
 *   BID n A country B country	an auction step (R10)
 *   BID n A country / BID n B country	the seventh country's (R9)
 *   PASS				an auction step or a whole segment
 *   PLACE box [TAKE card]		a segment's placement (R14-R17)
 *   ATTACK country IN area WITH card [RESERVE policy] [NPC list]
 *   ATTACK MARKER id WITH card [RESERVE policy] [NPC list]
 *   CONVERT area WITH card / CONVERT MARKER id WITH card	(R20, R21)
 *   DEFEND WITH card [RESERVE policy] [NPC list]	a defender (R23)
 *   JOIN ALLY / JOIN BLUFF / STAY OUT		an eligible ally (R24)
 *   NPC ALL / NPC NONE / NPC country, country	NPC allies (R25)
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

/*
 * "BID n A country B country"; in the auction for the seventh country
 * "BID n A country" or "BID n B country" (R9, R10).  Which form fits the
 * auction under way is for aor_auction_check to say.
 */
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
	it->a = it->b = NO_COUNTRY;
	ia = find_word(w, 2, n, "A");
	ib = find_word(w, 2, n, "B");
	if (ia > 2 && (ib < 0 || ib >= ia + 2)) {
		/* "BID 1 gold A ...": the amount is a bare number */
		char extra[128], fixed[256];

		join(w, 2, ia, extra, sizeof(extra));
		join(w, ia, n, name, sizeof(name));
		snprintf(fixed, sizeof(fixed), "BID %ld %s", v, name);
		sb_addf(err, "a bid is 'BID n A country B country' with n a "
		    "bare number of gold: write '%s' (without '%s')", fixed,
		    extra);
		return -1;
	}
	if (ia != 2 && !(ia < 0 && ib == 2)) {
		sb_add(err, "BID needs proposals: BID n A country B country "
		    "(n gold, A the country for the top row, B the one for "
		    "the bottom row, e.g. BID 2 A Russia B Spain; for the "
		    "seventh country: BID n A country, or BID n B country)");
		return -1;
	}
	if (ia == 2) {
		if (ia + 1 >= n || (ib >= 0 && ib < ia + 2)) {
			sb_add(err, "proposal A names no country");
			return -1;
		}
		join(w, ia + 1, ib >= 0 ? ib : n, name, sizeof(name));
		it->a = rs_find_country(rs, name, err);
		if (it->a < 0)
			return -1;
	}
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

/* "ALL", "NONE" or "Spain, Great Britain": a set of countries. */
static int
parse_npc_list(const struct ruleset *rs, char **w, int from, int to,
    int *out, struct strbuf *err)
{
	char list[256], *p, *comma;
	int c;

	if (from >= to) {
		sb_add(err, "NPC needs ALL, NONE or a list of countries");
		return -1;
	}
	if (to - from == 1 && str_ieq(w[from], "ALL")) {
		*out = NPC_ALL;
		return 0;
	}
	if (to - from == 1 && str_ieq(w[from], "NONE")) {
		*out = 0;
		return 0;
	}
	join(w, from, to, list, sizeof(list));
	*out = 0;
	for (p = list; p != NULL; p = comma) {
		comma = strchr(p, ',');
		if (comma != NULL)
			*comma++ = '\0';
		while (*p == ' ')
			p++;
		c = rs_find_country(rs, p, err);
		if (c < 0)
			return -1;
		*out |= 1 << c;
	}
	return 0;
}

static int
parse_policy(const char *w, enum reserve_policy *out, struct strbuf *err)
{
	if (str_ieq(w, "never"))
		*out = RES_NEVER;
	else if (str_ieq(w, "if-losing") || str_ieq(w, "iflosing"))
		*out = RES_IF_LOSING;
	else if (str_ieq(w, "always"))
		*out = RES_ALWAYS;
	else {
		sb_addf(err, "unknown reserve policy '%s' (never, if-losing, "
		    "always; R19)", w);
		return -1;
	}
	return 0;
}

/*
 * The tail "WITH card [RESERVE policy] [NPC list]" from word i on; the
 * words before i were the target.
 */
static int
parse_with(const struct ruleset *rs, int country, char **w, int i, int n,
    struct attack *a, int allow_extras, struct strbuf *err)
{
	int k;

	if (i >= n || !str_ieq(w[i], "WITH") || i + 1 >= n) {
		sb_add(err, "name the card with WITH card, e.g. WITH 3/0/2 "
		    "or WITH blank");
		return -1;
	}
	a->card = rs_find_card(rs, country, w[i + 1], err);
	if (a->card < 0)
		return -1;
	for (k = i + 2; k < n; k++) {
		if (allow_extras && str_ieq(w[k], "RESERVE") && k + 1 < n) {
			if (parse_policy(w[k + 1], &a->reserve, err) != 0)
				return -1;
			k++;
		} else if (allow_extras && str_ieq(w[k], "NPC")) {
			int end = find_word(w, k + 1, n, "RESERVE");

			if (end < 0)
				end = n;
			if (parse_npc_list(rs, w, k + 1, end, &a->npc,
			    err) != 0)
				return -1;
			k = end - 1;
		} else {
			sb_addf(err, "unexpected '%s' after the card%s", w[k],
			    allow_extras ? " (RESERVE policy or NPC list "
			    "may follow)" : "");
			return -1;
		}
	}
	return 0;
}

/* ATTACK country IN area WITH ... / ATTACK MARKER id WITH ... */
static int
parse_attack(const struct ruleset *rs, int country, char **w, int n,
    struct item *it, int convert, struct strbuf *err)
{
	struct attack *a = &it->atk;
	int iw = find_word(w, 1, n, "WITH"), iin;
	char name[128];

	it->kind = IT_ATTACK;
	a->kind = convert ? ATK_CONVERT : ATK_DISC;
	a->target = a->marker = -1;
	a->reserve = RES_IF_LOSING;
	a->npc = NPC_UNSET;
	if (iw < 0) {
		sb_addf(err, "%s needs WITH card", w[0]);
		return -1;
	}
	if (iw >= 3 && str_ieq(w[1], "MARKER")) {
		if (iw != 3) {
			sb_add(err, "MARKER takes one marker id, e.g. MARKER "
			    "gs3");
			return -1;
		}
		a->marker = rs_find_marker(rs, w[2], err);
		if (a->marker < 0)
			return -1;
		a->area = rs->markers[a->marker].area;
		if (!convert)
			a->kind = ATK_MARKER;
	} else if (convert) {
		join(w, 1, iw, name, sizeof(name));
		a->area = rs_find_area(rs, name, err);
		if (a->area < 0)
			return -1;
	} else {
		iin = find_word(w, 1, iw, "IN");
		if (iin < 2 || iin + 1 >= iw) {
			sb_add(err, "write ATTACK country IN area WITH card, "
			    "or ATTACK MARKER id WITH card");
			return -1;
		}
		join(w, 1, iin, name, sizeof(name));
		a->target = rs_find_country(rs, name, err);
		if (a->target < 0)
			return -1;
		join(w, iin + 1, iw, name, sizeof(name));
		a->area = rs_find_area(rs, name, err);
		if (a->area < 0)
			return -1;
	}
	return parse_with(rs, country, w, iw, n, a, !convert, err);
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
	else if (str_ieq(w[0], "ATTACK") || str_ieq(w[0], "CONVERT"))
		rc = parse_attack(rs, country, w, n, it,
		    str_ieq(w[0], "CONVERT"), err);
	else if (str_ieq(w[0], "DEFEND")) {
		it->kind = IT_DEFEND;
		it->atk.reserve = RES_IF_LOSING;
		it->atk.npc = NPC_UNSET;
		rc = parse_with(rs, country, w, 1, n, &it->atk, 1, err);
	} else if (str_ieq(w[0], "JOIN") && n == 2 && (str_ieq(w[1], "ALLY") ||
	    str_ieq(w[1], "BLUFF") || str_ieq(w[1], "BLANK"))) {
		it->kind = IT_JOIN;
		it->join = str_ieq(w[1], "ALLY") ? JN_ALLY : JN_BLUFF;
		rc = 0;
	} else if (str_ieq(w[0], "JOIN"))
		sb_add(err, "write JOIN ALLY (pay 1 gold, +1) or JOIN BLUFF "
		    "(the blank card), or STAY OUT (R24)");
	else if (str_ieq(w[0], "STAY") && n == 2 && str_ieq(w[1], "OUT")) {
		it->kind = IT_JOIN;
		it->join = JN_OUT;
		rc = 0;
	} else if (str_ieq(w[0], "NPC")) {
		it->kind = IT_NPC;
		rc = parse_npc_list(rs, w, 1, n, &it->npc, err);
	} else {
		const char *kw[] = { "BID", "PASS", "PLACE", "ATTACK",
		    "CONVERT", "DEFEND", "JOIN", "STAY", "NPC" };
		size_t i;

		sb_addf(err, "unknown order '%s'", w[0]);
		for (i = 0; i < ARRAY_SIZE(kw); i++)
			if (strlen(w[0]) >= 3 && (str_iprefix(w[0], kw[i]) ||
			    str_iprefix(kw[i], w[0]))) {
				sb_addf(err, " (did you mean '%s'?)", kw[i]);
				break;
			}
		if (i == ARRAY_SIZE(kw))
			sb_add(err, " (orders are BID, PASS, PLACE, ATTACK, "
			    "CONVERT, DEFEND, JOIN, STAY OUT, NPC)");
	}
	free(copy);
	return rc;
}
