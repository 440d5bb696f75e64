/*
 * ren-orders.c - the order lines of Age of Renaissance.  A line is a
 * keyword and its arguments; names may hold spaces ("St. Malo", "Walter
 * the Penniless"), so the words that follow a name (WITH, CATHEDRAL, FOR,
 * ON, IN, PROTECT) end it.
 */
#include "ren.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util.h"

#define MAX_WORDS 24

struct words {
	int n;
	char *w[MAX_WORDS + 1];	/* w[n] is NULL: a missing word */
	char buf[256];
};

static int
split(const char *line, struct words *ws, struct strbuf *err)
{
	char *p;

	if (strlen(line) >= sizeof(ws->buf)) {
		sb_add(err, "line too long");
		return -1;
	}
	strcpy(ws->buf, line);
	ws->n = 0;
	ws->w[0] = NULL;
	for (p = strtok(ws->buf, " \t"); p; p = strtok(NULL, " \t")) {
		if (ws->n == MAX_WORDS) {
			sb_add(err, "too many words");
			return -1;
		}
		ws->w[ws->n++] = p;
	}
	ws->w[ws->n] = NULL;
	return 0;
}

static int
is(const char *w, const char *kw)
{
	return w != NULL && str_ieq(w, kw);
}

/* Joins words [from, to) with single spaces into out. */
static void
join(const struct words *ws, int from, int to, char *out, size_t len)
{
	int i;

	out[0] = '\0';
	for (i = from; i < to; i++) {
		if (i > from)
			strncat(out, " ", len - strlen(out) - 1);
		strncat(out, ws->w[i], len - strlen(out) - 1);
	}
}

static int
number(const char *w, int *out, struct strbuf *err)
{
	char *end;
	long v;

	if (w == NULL) {
		sb_add(err, "a number is missing");
		return -1;
	}
	v = strtol(w, &end, 10);
	if (*end != '\0' || end == w || v < -10000 || v > 10000) {
		sb_addf(err, "'%s' is not a number", w);
		return -1;
	}
	*out = (int)v;
	return 0;
}

/* The index of the first word from 'from' that is one of kws, or n. */
static int
until(const struct words *ws, int from, const char *const *kws)
{
	int i, k;

	for (i = from; i < ws->n; i++)
		for (k = 0; kws[k]; k++)
			if (is(ws->w[i], kws[k]))
				return i;
	return ws->n;
}

static const char *const play_words[] = {
	"for", "on", "in", "protect", NULL
};
static const char *const attack_words[] = {
	"with", "cathedral", "trade", "retry", NULL
};

static int
parse_play(const struct ren_ruleset *rs, const struct words *ws,
    struct ren_item *it, struct strbuf *err)
{
	char name[128];
	int i = 1, e;

	memset(&it->play, 0, sizeof(it->play));
	it->play.commodity = it->play.target = it->play.category = -1;
	it->play.area = -1;
	e = until(ws, i, play_words);
	join(ws, i, e, name, sizeof(name));
	it->a = ren_find_card(rs, name, err);
	if (it->a < 0)
		return -1;
	for (i = e; i < ws->n; i = e) {
		const char *kw = ws->w[i];

		e = until(ws, i + 1, play_words);
		join(ws, i + 1, e, name, sizeof(name));
		if (is(kw, "protect")) {
			if (number(ws->w[i + 1], &it->play.protection,
			    err) < 0)
				return -1;
		} else if (is(kw, "for")) {
			int k;

			/* a commodity, or Papal Decree's category */
			for (k = 0; k < REN_NCATEGORIES; k++)
				if (str_ieq(name, ren_category_name(k)))
					it->play.category = k;
			if (it->play.category < 0) {
				it->play.commodity = ren_find_commodity(rs,
				    name, err);
				if (it->play.commodity < 0)
					return -1;
			}
		} else if (is(kw, "on")) {
			it->play.target = ren_find_capital(rs, name, err);
			if (it->play.target < 0)
				return -1;
		} else {
			/* IN: an area, or up to three provinces "a, b" */
			char *p, *save;

			it->play.area = ren_find_area(rs, name, NULL);
			if (it->play.area >= 0)
				continue;
			for (p = strtok_r(name, ",", &save); p;
			    p = strtok_r(NULL, ",", &save)) {
				while (*p == ' ')
					p++;
				if (it->play.nprov == 3) {
					sb_add(err, "at most three provinces");
					return -1;
				}
				it->play.prov[it->play.nprov] =
				    ren_find_province(rs, p, err);
				if (it->play.prov[it->play.nprov++] < 0)
					return -1;
			}
		}
	}
	return 0;
}

static int
parse_plain(const struct ren_ruleset *rs, const char *line,
    struct ren_item *it, struct strbuf *err)
{
	struct words ws;
	char name[128];
	const char *k;
	int i, e;

	memset(it, 0, sizeof(*it));
	if (split(line, &ws, err) < 0)
		return -1;
	if (ws.n == 0) {
		sb_add(err, "empty line");
		return -1;
	}
	k = ws.w[0];
	if (is(k, "bid")) {
		it->kind = RI_BID;
		return ws.n == 2 ? number(ws.w[1], &it->n, err) :
		    (sb_add(err, "BID takes one number (RR3)"), -1);
	}
	if (is(k, "rank")) {
		char *p, *save;

		it->kind = RI_RANK;
		join(&ws, 1, ws.n, name, sizeof(name));
		for (p = strtok_r(name, ",", &save); p;
		    p = strtok_r(NULL, ",", &save)) {
			while (*p == ' ')
				p++;
			if (it->nrank == REN_MAX_CAPITALS) {
				sb_add(err, "more capitals than there are");
				return -1;
			}
			it->rank[it->nrank] = ren_find_capital(rs, p, err);
			if (it->rank[it->nrank++] < 0)
				return -1;
		}
		return 0;
	}
	if (is(k, "tokens")) {
		it->kind = RI_TOKENS;
		if (ws.n < 2 || ws.n > 3 || (ws.n == 3 &&
		    !is(ws.w[2], "last"))) {
			sb_add(err, "TOKENS n [LAST] (RR5, RR7)");
			return -1;
		}
		it->flag = ws.n == 3;
		return number(ws.w[1], &it->n, err);
	}
	if (is(k, "return") || is(k, "discard") || is(k, "claim")) {
		it->kind = is(k, "return") ? RI_RETURN : is(k, "discard") ?
		    RI_DISCARD : RI_CLAIM;
		join(&ws, 1, ws.n, name, sizeof(name));
		it->a = ren_find_card(rs, name, err);
		return it->a < 0 ? -1 : 0;
	}
	if (is(k, "remove")) {
		/* REMOVE commodity SHORTAGE|SURPLUS (RR9) */
		it->kind = RI_REMOVE;
		if (ws.n < 3 || !(is(ws.w[ws.n - 1], "shortage") ||
		    is(ws.w[ws.n - 1], "surplus"))) {
			sb_add(err, "REMOVE commodity SHORTAGE|SURPLUS (RR9)");
			return -1;
		}
		it->flag = is(ws.w[ws.n - 1], "shortage");
		join(&ws, 1, ws.n - 1, name, sizeof(name));
		it->a = ren_find_commodity(rs, name, err);
		return it->a < 0 ? -1 : 0;
	}
	if (is(k, "none") || is(k, "stop") || is(k, "pay") ||
	    is(k, "refuse") || is(k, "upgrade")) {
		it->kind = is(k, "none") ? RI_NONE : is(k, "stop") ? RI_STOP :
		    is(k, "pay") ? RI_PAY : is(k, "refuse") ? RI_REFUSE :
		    RI_UPGRADE;
		if (ws.n != 1 && !(is(k, "upgrade") && ws.n == 2 &&
		    is(ws.w[1], "ships"))) {
			sb_addf(err, "%s takes nothing more", k);
			return -1;
		}
		return 0;
	}
	if (is(k, "buy")) {
		it->kind = RI_BUY_CARD;
		if (ws.n != 2 || !is(ws.w[1], "card")) {
			sb_add(err, "BUY CARD (RR11, RR32)");
			return -1;
		}
		return 0;
	}
	if (is(k, "advance")) {
		it->kind = RI_ADVANCE;
		join(&ws, 1, ws.n, name, sizeof(name));
		it->a = ren_find_advance(rs, name, err);
		return it->a < 0 ? -1 : 0;
	}
	if (is(k, "relief")) {
		it->kind = RI_RELIEF;
		return ws.n == 2 ? number(ws.w[1], &it->n, err) :
		    (sb_add(err, "RELIEF n (RR22)"), -1);
	}
	if (is(k, "play")) {
		it->kind = RI_PLAY;
		return parse_play(rs, &ws, it, err);
	}
	if (is(k, "place")) {
		/* PLACE n IN province (RR25) */
		it->kind = RI_PLACE;
		if (ws.n < 4 || !is(ws.w[2], "in")) {
			sb_add(err, "PLACE n IN province (RR25)");
			return -1;
		}
		if (number(ws.w[1], &it->n, err) < 0)
			return -1;
		join(&ws, 3, ws.n, name, sizeof(name));
		it->a = ren_find_province(rs, name, err);
		return it->a < 0 ? -1 : 0;
	}
	if (is(k, "attack") || is(k, "release")) {
		it->kind = is(k, "attack") ? RI_ATTACK : RI_RELEASE;
		e = until(&ws, 1, attack_words);
		join(&ws, 1, e, name, sizeof(name));
		it->a = ren_find_province(rs, name, err);
		if (it->a < 0)
			return -1;
		for (i = e; i < ws.n; i++) {
			if (it->kind == RI_ATTACK && is(ws.w[i], "with") &&
			    i + 1 < ws.n) {
				if (number(ws.w[++i], &it->n, err) < 0)
					return -1;
			} else if (it->kind == RI_ATTACK &&
			    is(ws.w[i], "cathedral")) {
				it->flag = 1;
			} else if (it->kind == RI_ATTACK &&
			    is(ws.w[i], "trade") && i + 1 < ws.n) {
				int card;

				e = until(&ws, i + 1, attack_words);
				join(&ws, i + 1, e, name, sizeof(name));
				card = ren_find_card(rs, name, err);
				if (card < 0)
					return -1;
				it->trade = card + 1;	/* RR31 */
				i = e - 1;
			} else if (it->kind == RI_ATTACK &&
			    is(ws.w[i], "retry") && i + 1 < ws.n) {
				if (number(ws.w[++i], &it->retry, err) < 0)
					return -1;
				/* a bound, so that a step stays small */
				if (it->retry > REN_MAX_RETRY) {
					sb_addf(err, "RETRY %d: at most %d "
					    "(RR25)", it->retry, REN_MAX_RETRY);
					return -1;
				}
			} else {
				sb_addf(err, "unexpected '%s' (ATTACK province "
				    "[WITH n] [CATHEDRAL], RR25)", ws.w[i]);
				return -1;
			}
		}
		return 0;
	}
	if (is(k, "cathedral") && ws.n == 3 && is(ws.w[1], "defend")) {
		static const char *const pol[] = { "never", "marker", "always" };

		it->kind = RI_CATHEDRAL_DEFEND;
		for (i = 0; i < 3; i++)
			if (is(ws.w[2], pol[i])) {
				it->n = i;
				return 0;
			}
	}
	if (is(k, "civil-war") && ws.n == 3 && is(ws.w[1], "lose") &&
	    (is(ws.w[2], "cash") || is(ws.w[2], "tokens"))) {
		it->kind = RI_CIVIL_WAR;
		it->n = is(ws.w[2], "cash") ? 1 : 2;
		return 0;
	}
	if (is(k, "elimination") && ws.n == 2 && is(ws.w[1], "empty")) {
		it->kind = RI_ELIMINATION;
		return 0;
	}
	if (is(k, "swap")) {
		/* SWAP UP|DOWN phase [EVERY TURN] (RR8) */
		static const struct { const char *w; int ph; } ph[] = {
			{ "draw", RPH_DRAW }, { "buy", RPH_BUY },
			{ "play", RPH_PLAY }, { "purchase", RPH_PURCHASE },
			{ "expansion", RPH_EXPANSION }, { "end", RPH_END_TURN }
		};

		it->kind = RI_SWAP;
		if ((ws.n == 3 || (ws.n == 5 && is(ws.w[3], "every") &&
		    is(ws.w[4], "turn"))) && (is(ws.w[1], "up") ||
		    is(ws.w[1], "down")))
			for (i = 0; i < (int)ARRAY_SIZE(ph); i++)
				if (is(ws.w[2], ph[i].w)) {
					it->n = is(ws.w[1], "up") ? -1 : 1;
					it->a = ph[i].ph;
					it->flag = ws.n == 5;
					return 0;
				}
		sb_add(err, "SWAP UP|DOWN draw|buy|play|purchase|expansion|end "
		    "[EVERY TURN] (RR8)");
		return -1;
	}
	sb_addf(err, "unknown order '%s'", line);
	return -1;
}

int
ren_label_code(const char *w, size_t len)
{
	int code = 0;
	size_t i;

	if (len < 1 || len > 3)
		return -1;
	for (i = 0; i < len; i++) {
		int c = tolower((unsigned char)w[i]);

		if (c >= 'a' && c <= 'z')
			code = code * 37 + c - 'a' + 1;
		else if (c >= '0' && c <= '9')
			code = code * 37 + c - '0' + 27;
		else
			return -1;
	}
	return code;
}

void
ren_label_text(int code, char *out)
{
	char tmp[4];
	int n = 0, k;

	while (code > 0 && n < 3) {
		int d = code % 37;

		tmp[n++] = (char)(d <= 26 ? 'A' + d - 1 : '0' + d - 27);
		code /= 37;
	}
	for (k = 0; k < n; k++)
		out[k] = tmp[n - 1 - k];
	out[n] = '\0';
}

/*
 * RR25's script prefixes: "A1: ATTACK ..." names an attack; "IF A1 WON ..."
 * and "IF A1 LOST ..." make a step depend on it.  Both are taken off here
 * and the rest is an ordinary line.
 */
int
ren_parse_line(const struct ren_ruleset *rs, const char *line,
    struct ren_item *it, struct strbuf *err)
{
	const char *p = line, *e;
	int label = 0, iflabel = 0, ifwon = 0, r;

	while (*p == ' ' || *p == '\t')
		p++;
	e = p + strcspn(p, " \t:");
	if (*e == ':') {
		label = ren_label_code(p, (size_t)(e - p));
		if (label <= 0) {
			sb_addf(err, "'%.*s' is not a label: one to three "
			    "letters or digits (RR25)", (int)(e - p), p);
			return -1;
		}
		for (p = e + 1; *p == ' ' || *p == '\t'; p++)
			;
		e = p + strcspn(p, " \t");
	}
	if ((size_t)(e - p) == 2 && strncasecmp(p, "if", 2) == 0) {
		const char *l = e + strspn(e, " \t"), *le;
		const char *w, *we;

		le = l + strcspn(l, " \t");
		w = le + strspn(le, " \t");
		we = w + strcspn(w, " \t");
		iflabel = ren_label_code(l, (size_t)(le - l));
		if ((size_t)(we - w) == 3 && strncasecmp(w, "won", 3) == 0)
			ifwon = 1;
		else if (!((size_t)(we - w) == 4 &&
		    strncasecmp(w, "lost", 4) == 0))
			iflabel = -1;
		if (iflabel <= 0) {
			sb_add(err, "IF label WON|LOST, then a step (RR25)");
			return -1;
		}
		p = we;
	}
	r = parse_plain(rs, p, it, err);
	if (r != 0)
		return r;
	if (label && it->kind != RI_ATTACK) {
		sb_add(err, "a label names an ATTACK (RR25)");
		return -1;
	}
	if (iflabel && it->kind != RI_PLACE && it->kind != RI_ATTACK &&
	    it->kind != RI_BUY_CARD && it->kind != RI_RELEASE &&
	    it->kind != RI_STOP) {
		sb_add(err, "IF ... WON|LOST starts a step of an expansion "
		    "script (RR25)");
		return -1;
	}
	it->label = label;
	it->iflabel = iflabel;
	it->ifwon = ifwon;
	return 0;
}
