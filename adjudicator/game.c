/*
 * game.c - game files: load by replay, atomic save, lock, history.
 */
#define _DEFAULT_SOURCE
#include "game.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <libxml/parser.h>

#include "cache.h"
#include "diag.h"
#include "orders.h"
#include "mail.h"
#include "pgp.h"
#include "util.h"
#include "xmlutil.h"

#define FORMAT_VERSION 1

static const char *const decision_names[] = {
	"bid", "segment", "defend", "join", "npc"
};

static const char *const kind_names[] = {
	"setup", "order", "default", "adjust", "rejected", "key", "received",
	"entropy", "unseal", "moderator", "revoke"
};

static int unseal_cb(void *ctx, const char *armor, int country,
    const char *step, char **plain, struct strbuf *err);
static void drop_keyring(struct game *g);
static int replay_entry(struct game *g, struct entry *e, int verify,
    int digest_too, const char *path);

void
game_init(struct game *g)
{
	memset(g, 0, sizeof(*g));
	aor_state_init(&g->st, &g->rs);
	orders_set_unsealer(unseal_cb, g);
}

static void
entry_release(struct entry *e)
{
	size_t i;

	free(e->source);
	free(e->text);
	free(e->reason);
	free(e->plain);
	free(e->session_key);
	free(e->entity);
	free(e->signature);
	for (i = 0; i < e->ndraws; i++)
		draw_release(&e->draws[i]);
	free(e->draws);
	journal_release(&e->j);
}

void
game_release(struct game *g)
{
	size_t i;

	for (i = 0; i < g->nhist; i++)
		entry_release(&g->hist[i]);
	free(g->hist);
	for (i = 0; i < g->nqueue; i++)
		order_release(&g->queue[i].o);
	free(g->queue);
	free(g->deadlines);
	free(g->rs_parts);
	if (g->rsdoc != NULL)
		xmlFreeDoc(g->rsdoc);
	dice_release(&g->dice);
	free(g->sealed_seed);
	if (g->mod != NULL)
		pgp_close(g->mod);
	drop_keyring(g);
	free(g->path);
	for (i = 0; i < g->nopened; i++) {
		free(g->opened[i].armor);
		free(g->opened[i].session_key);
	}
	free(g->opened);
	free(g->absences);
	free(g->file);
	orders_set_unsealer(NULL, NULL);
	memset(g, 0, sizeof(*g));
}

/* Time. */

long long
time_parse(const char *text)
{
	struct tm tm;
	int y, mo, d, h, mi, s = 0, n = 0, oh = 0, om = 0;
	char sign = 0;
	const char *p;
	long long t;

	memset(&tm, 0, sizeof(tm));
	if (sscanf(text, "%4d-%2d-%2dT%2d:%2d%n", &y, &mo, &d, &h, &mi,
	    &n) != 5)
		return -1;
	p = text + n;
	if (*p == ':') {
		if (sscanf(p, ":%2d%n", &s, &n) != 1)
			return -1;
		p += n;
	}
	if (*p == 'Z' && p[1] == '\0')
		sign = 'Z';
	else if ((*p == '+' || *p == '-') && sscanf(p + 1, "%2d:%2d", &oh,
	    &om) == 2 && strlen(p) == 6)
		sign = *p;
	else
		return -1;
	if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 ||
	    s > 60 || oh > 23 || om > 59)
		return -1;
	tm.tm_year = y - 1900;
	tm.tm_mon = mo - 1;
	tm.tm_mday = d;
	tm.tm_hour = h;
	tm.tm_min = mi;
	tm.tm_sec = s;
	t = (long long)timegm(&tm);
	if (sign == '+')
		t -= oh * 3600 + om * 60;
	else if (sign == '-')
		t += oh * 3600 + om * 60;
	return t;
}

void
time_format(long long t, char out[32])
{
	time_t tt = (time_t)t;
	struct tm tm;

	gmtime_r(&tt, &tm);
	strftime(out, 32, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

int
time_now(const char *override, char out[32])
{
	long long t;

	if (override == NULL) {
		time_format((long long)time(NULL), out);
		return 0;
	}
	t = time_parse(override);
	if (t < 0)
		return -1;
	time_format(t, out);
	return 0;
}

/* Entries. */

static struct entry *
new_entry(struct game *g, enum entry_kind kind, const char *now)
{
	struct entry *e;

	g->hist = xrealloc(g->hist, (g->nhist + 1) * sizeof(*g->hist));
	e = &g->hist[g->nhist];
	memset(e, 0, sizeof(*e));
	e->kind = kind;
	e->n = (int)g->nhist;
	e->run = g->run;
	e->country = NO_COUNTRY;
	snprintf(e->time, sizeof(e->time), "%s", now ? now : "");
	journal_init(&e->j);
	g->nhist++;
	return e;
}

/* Moves the dice's log of draws into the entry, and its digest. */
static void
finish_entry(struct game *g, struct entry *e)
{
	e->draws = g->dice.log;
	e->ndraws = g->dice.nlog;
	g->dice.log = NULL;
	g->dice.nlog = g->dice.alog = 0;
	aor_state_digest(&g->st, e->digest);
}

static struct ctx
ctx_for(struct game *g, struct journal *j)
{
	struct ctx c;

	c.st = &g->st;
	c.dice = &g->dice;
	c.j = j;
	return c;
}

/*
 * Issue 9.5: the ruleset copy is committed in run 0, so that verify can
 * prove nobody changed a number of the board since.  It is cut into
 * parts (each child of <ruleset>, each country on its own) so that a
 * difference can be named.  Digests are over the serialised elements,
 * which do not depend on the file's indentation (blanks are dropped on
 * reading).
 */
static void
node_sha(xmlNode *n, char out[65])
{
	xmlBuffer *b = xmlBufferCreate();

	xmlNodeDump(b, n->doc, n, 0, 0);
	sha256_hex(xmlBufferContent(b), (size_t)xmlBufferLength(b), out);
	xmlBufferFree(b);
}

/* Calls fn for each part of the ruleset element rs, with its name. */
static void
ruleset_parts(xmlNode *rs, void (*fn)(void *, const char *, xmlNode *),
    void *ctx)
{
	xmlNode *n, *m;
	char name[96], id[64];

	for (n = rs->children; n != NULL; n = n->next) {
		if (n->type != XML_ELEMENT_NODE)
			continue;
		if (strcmp((const char *)n->name, "countries") != 0) {
			fn(ctx, (const char *)n->name, n);
			continue;
		}
		for (m = n->children; m != NULL; m = m->next) {
			if (m->type != XML_ELEMENT_NODE)
				continue;
			if (xml_attr(m, "id", id, sizeof(id)) != 0)
				snprintf(id, sizeof(id), "?");
			snprintf(name, sizeof(name), "countries/%s", id);
			fn(ctx, name, m);
		}
	}
}

static void
add_part(void *ctx, const char *name, xmlNode *n)
{
	struct game *g = ctx;
	struct rs_part *p;

	g->rs_parts = xrealloc(g->rs_parts, (g->nrs_parts + 1) *
	    sizeof(*g->rs_parts));
	p = &g->rs_parts[g->nrs_parts++];
	snprintf(p->name, sizeof(p->name), "%s", name);
	node_sha(n, p->sha);
}

static void
ruleset_commit(struct game *g)
{
	xmlNode *rs = xmlDocGetRootElement(g->rsdoc);

	free(g->rs_parts);
	g->rs_parts = NULL;
	g->nrs_parts = 0;
	node_sha(rs, g->rs_digest);
	ruleset_parts(rs, add_part, g);
}

struct part_check {
	struct game *g;
	const char *path;
	int bad;
};

static void
check_part(void *ctx, const char *name, xmlNode *n)
{
	struct part_check *pc = ctx;
	char sha[65];
	size_t i;

	node_sha(n, sha);
	for (i = 0; i < pc->g->nrs_parts; i++)
		if (strcmp(pc->g->rs_parts[i].name, name) == 0)
			break;
	if (i == pc->g->nrs_parts)
		diag(EXIT_DATAERR, pc->path, (int)xmlGetLineNo(n), "the "
		    "ruleset copy has a part '%s' that run 0 did not commit "
		    "(changed since the game began)", name);
	else if (strcmp(pc->g->rs_parts[i].sha, sha) != 0)
		diag(EXIT_DATAERR, pc->path, (int)xmlGetLineNo(n), "the "
		    "ruleset copy's part '%s' differs from the one committed "
		    "in run 0 (SHA-256 %s, now %s): changed since the game "
		    "began", name, pc->g->rs_parts[i].sha, sha);
	else
		return;
	pc->bad++;
}

static void
count_part(void *ctx, const char *name, xmlNode *n)
{
	int *found = ctx;

	(void)n;
	(void)name;
	(*found)++;
}

/*
 * Checks the file's ruleset copy rs against the recorded commitment;
 * every difference is a diagnostic.  A game file made before issue 9
 * has none, and its copy can only be checked by the replay.
 */
static int
ruleset_check(struct game *g, xmlNode *rs, const char *path, int lean)
{
	struct part_check pc;
	char sha[65];
	int found = 0;

	if (g->rs_digest[0] == '\0')
		return 0;
	/*
	 * The whole copy as committed is the commitment kept: the parts
	 * only name a difference.  A run's load hashes it once; verify
	 * also checks each part against its recorded digest (issue 12).
	 */
	node_sha(rs, sha);
	if (lean && strcmp(sha, g->rs_digest) == 0)
		return 0;
	pc.g = g;
	pc.path = path;
	pc.bad = 0;
	ruleset_parts(rs, check_part, &pc);
	ruleset_parts(rs, count_part, &found);
	if (pc.bad == 0 && (size_t)found != g->nrs_parts) {
		diag(EXIT_DATAERR, path, (int)xmlGetLineNo(rs), "the ruleset "
		    "copy lacks parts that run 0 committed (%zu committed, "
		    "%d there)", g->nrs_parts, found);
		pc.bad++;
	}
	if (pc.bad == 0 && strcmp(sha, g->rs_digest) != 0) {
		diag(EXIT_DATAERR, path, (int)xmlGetLineNo(rs), "the "
		    "<ruleset> element differs from the one committed in run "
		    "0 (SHA-256 %s, now %s)", g->rs_digest, sha);
		pc.bad++;
	}
	return pc.bad ? -1 : 0;
}

static void
ruleset_commit_xml(const struct game *g, xmlNode *root)
{
	xmlNode *n, *m;
	size_t i;

	if (g->rs_digest[0] == '\0')
		return;
	n = xml_add(root, "ruleset-digest", NULL);
	xml_set(n, "sha256", g->rs_digest);
	for (i = 0; i < g->nrs_parts; i++) {
		m = xml_add(n, "part", NULL);
		xml_set(m, "name", g->rs_parts[i].name);
		xml_set(m, "sha256", g->rs_parts[i].sha);
	}
}

static void
ruleset_commit_read(struct game *g, xmlNode *n)
{
	xmlNode *m;
	struct rs_part *p;

	if (n == NULL)
		return;
	xml_attr(n, "sha256", g->rs_digest, sizeof(g->rs_digest));
	for (m = xml_child(n, "part"); m; m = xml_next(m, "part")) {
		g->rs_parts = xrealloc(g->rs_parts, (g->nrs_parts + 1) *
		    sizeof(*g->rs_parts));
		p = &g->rs_parts[g->nrs_parts++];
		memset(p, 0, sizeof(*p));
		xml_attr(m, "name", p->name, sizeof(p->name));
		xml_attr(m, "sha256", p->sha, sizeof(p->sha));
	}
}

int
game_create(struct game *g, const char *id,
    const unsigned char seed[SEED_BYTES], const char *now)
{
	struct entry *e;
	struct ctx c;

	snprintf(g->id, sizeof(g->id), "%s", id);
	snprintf(g->created, sizeof(g->created), "%s", now);
	seed_commitment(seed, g->commitment);
	dice_init(&g->dice, id);
	dice_set_key(&g->dice, seed);
	g->run = 0;
	ruleset_commit(g);
	g->sealing_bound = 1;
	e = new_entry(g, EN_SETUP, now);
	c = ctx_for(g, &e->j);
	aor_start(&c);
	finish_entry(g, e);
	return g->dice.error ? -1 : 0;
}

/*
 * Once no combat is under way, every sealed pick applied so far has been
 * revealed (R39): its opened text is recorded, so that replays need the
 * moderator's key no more.
 */
static void
open_sealed(struct game *g, const char *now)
{
	size_t k, i, n = g->nhist;
	struct entry *e;

	if (g->st.combat.stage != CS_NONE)
		return;
	for (k = 0; k < n; k++) {
		if (g->hist[k].kind != EN_ORDER || g->hist[k].plain == NULL ||
		    g->hist[k].opened)
			continue;
		g->hist[k].opened = 1;
		e = new_entry(g, EN_UNSEAL, now);
		e->of = (int)k;
		e->country = g->hist[k].country;
		snprintf(e->step, sizeof(e->step), "%s", g->hist[k].step);
		e->text = xstrdup(g->hist[k].plain);
		for (i = 0; i < g->nopened; i++)
			if (strstr(g->hist[k].text, g->opened[i].armor) != NULL)
				e->session_key =
				    xstrdup(g->opened[i].session_key);
		aor_state_digest(&g->st, e->digest);
	}
}

int
game_order(struct game *g, const struct order *o, const char *now,
    struct strbuf *err)
{
	struct entry *e;
	struct ctx c;

	if (aor_check(&g->st, o, err) != 0)
		return -1;
	dice_log_clear(&g->dice);
	e = new_entry(g, EN_ORDER, now);
	snprintf(e->step, sizeof(e->step), "%s", o->step);
	e->country = o->country;
	e->source = xstrdup(o->source ? o->source : "");
	e->text = xstrdup(o->text ? o->text : "");
	e->sealed = aor_order_is_secret(o);
	if (o->queued_run > 0 && o->queued_run < g->run)
		e->queued = o->queued_run;
	if (o->sealed && o->plain != NULL)
		e->plain = xstrdup(o->plain);
	c = ctx_for(g, &e->j);
	if (aor_apply(&c, o, err) != 0) {
		/* aor_check passed, so this cannot happen; stay safe. */
		entry_release(e);
		g->nhist--;
		return -1;
	}
	finish_entry(g, e);
	open_sealed(g, now);
	return 0;
}

int
game_default(struct game *g, const struct decision *d, const char *now)
{
	struct entry *e;
	struct ctx c;

	dice_log_clear(&g->dice);
	e = new_entry(g, EN_DEFAULT, now);
	snprintf(e->step, sizeof(e->step), "%s", d->step);
	e->country = d->country;
	c = ctx_for(g, &e->j);
	aor_default(&c, d);
	finish_entry(g, e);
	open_sealed(g, now);
	return 0;
}

int
game_adjust(struct game *g, const char *text, const char *now,
    struct strbuf *err)
{
	struct aor_state saved = g->st;
	struct entry *e;
	struct ctx c;
	char before[65];
	size_t i;

	aor_state_digest(&g->st, before);
	dice_log_clear(&g->dice);
	e = new_entry(g, EN_ADJUST, now);
	e->run = g->run + 1;	/* issue 11: the next report shows it */
	e->text = xstrdup(text);
	c = ctx_for(g, &e->j);
	if (aor_adjust(&c, text, err) != 0) {
		g->st = saved;
		entry_release(e);
		g->nhist--;
		return -1;
	}
	finish_entry(g, e);
	if (strcmp(before, e->digest) == 0) {
		sb_addf(err, "the adjustment '%s' changes nothing (it is so "
		    "already)", text);
		g->st = saved;
		entry_release(e);
		g->nhist--;
		return -1;
	}
	/* a correction of cards shows them to their owner only (R39) */
	for (i = 0; i < e->j.n; i++)
		if (e->j.ev[i].to != NO_COUNTRY) {
			e->country = e->j.ev[i].to;
			e->sealed = 1;
		}
	return 0;
}

void
game_reject(struct game *g, const struct order *o, const char *reason,
    const char *now)
{
	struct entry *e = new_entry(g, EN_REJECTED, now);

	snprintf(e->step, sizeof(e->step), "%s", o->step);
	e->country = o->country;
	e->source = xstrdup(o->source ? o->source : "");
	e->text = xstrdup(o->text ? o->text : "");
	e->reason = xstrdup(reason);
	e->sealed = aor_order_is_secret(o);
	if (o->queued_run > 0 && o->queued_run < g->run)
		e->queued = o->queued_run;
	aor_state_digest(&g->st, e->digest);
}

/* The moderator's commands (issue 11). */

/* The value of the line "KEY VALUE" of a moderator's entry, or NULL. */
static char *
entry_line(const char *text, const char *key)
{
	size_t n = strlen(key);
	const char *p, *end;

	for (p = strchr(text, '\n'); p != NULL; p = strchr(p + 1, '\n'))
		if (strncmp(p + 1, key, n) == 0 && p[n + 1] == ' ') {
			end = strchr(p + n + 2, '\n');
			return end ? xasprintf("%.*s", (int)(end - p - n - 2),
			    p + n + 2) : xstrdup(p + n + 2);
		}
	return NULL;
}

/* "VERB COUNTRY ..." of a moderator's entry: the country, or -1. */
static int
entry_country(const struct game *g, const char *text)
{
	char id[64];

	if (sscanf(text, "%*s %63s", id) != 1)
		return -1;
	return rs_country_by_id(&g->rs, id);
}

/*
 * What a moderator's entry changes outside the rules' state; made live
 * and by every replay, so the history alone says who plays, whether the
 * game is paused, who is away and what the dice are.
 */
static int
moderator_apply(struct game *g, const struct entry *e, struct strbuf *err)
{
	const char *t = e->text ? e->text : "";
	char verb[32] = "", from[32], to[32];
	char *name, *email;
	int co, seat;
	long v;

	sscanf(t, "%31s", verb);
	if (strcmp(verb, "player") == 0) {
		co = entry_country(g, t);
		seat = co >= 0 ? g->st.seat_of[co] : -1;
		name = entry_line(t, "name");
		email = entry_line(t, "email");
		if (seat < 0 || name == NULL || email == NULL) {
			sb_add(err, "a player change names no player's country, "
			    "name and email");
			free(name);
			free(email);
			return -1;
		}
		snprintf(g->st.players[seat].name,
		    sizeof(g->st.players[seat].name), "%s", name);
		snprintf(g->st.players[seat].email,
		    sizeof(g->st.players[seat].email), "%s", email);
		free(name);
		free(email);
	} else if (strcmp(verb, "pause") == 0) {
		if (g->paused[0] != '\0') {
			sb_add(err, "the game is paused already");
			return -1;
		}
		snprintf(g->paused, sizeof(g->paused), "%s", e->time);
	} else if (strcmp(verb, "resume") == 0) {
		if (g->paused[0] == '\0') {
			sb_add(err, "the game is not paused");
			return -1;
		}
		g->paused[0] = '\0';
	} else if (strcmp(verb, "absence") == 0) {
		co = entry_country(g, t);
		if (co < 0 || sscanf(t, "%*s %*s %31s %31s", from, to) != 2 ||
		    time_parse(from) < 0 || time_parse(to) <= time_parse(from)) {
			sb_add(err, "an absence names no country and window");
			return -1;
		}
		g->absences = xrealloc(g->absences, (g->nabsences + 1) *
		    sizeof(*g->absences));
		g->absences[g->nabsences].country = co;
		g->absences[g->nabsences].from = time_parse(from);
		g->absences[g->nabsences].to = time_parse(to);
		g->nabsences++;
	} else if (strcmp(verb, "deadline-hours") == 0) {
		if (sscanf(t, "%*s %ld", &v) != 1 || v < 0 || v > 24 * 365) {
			sb_add(err, "bad deadline hours");
			return -1;
		}
		g->deadline_hours = (int)v;
	} else if (strcmp(verb, "rollback") == 0) {
		/*
		 * The dice after a rollback are new: players saw the draws
		 * of the runs undone, and must not know what comes next.
		 */
		dice_add_entropy(&g->dice, t);
	} else if (strcmp(verb, "deadline") != 0) {
		sb_addf(err, "unknown moderator's command '%s'", verb);
		return -1;
	}
	return 0;
}

struct entry *
game_moderate(struct game *g, const char *text, const char *now,
    struct strbuf *err)
{
	struct entry *e = new_entry(g, EN_MODERATOR, now);

	e->run = g->run + 1;	/* the next report shows it */
	e->text = xstrdup(text);
	if (moderator_apply(g, e, err) != 0) {
		entry_release(e);
		g->nhist--;
		return NULL;
	}
	aor_state_digest(&g->st, e->digest);
	return e;
}

void
game_note(struct game *g, struct entry *e, const char *fmt, ...)
{
	struct ctx c = ctx_for(g, &e->j);
	struct strbuf sb;
	va_list ap;

	/* an entry of the file changes: its bytes there are not its own */
	if ((size_t)(e - g->hist) < g->splice_n)
		g->splice_n = 0;
	sb_init(&sb);
	va_start(ap, fmt);
	sb_vaddf(&sb, fmt, ap);
	va_end(ap);
	ev(&c, "moderator", NO_COUNTRY, "%s", sb.buf);
	sb_release(&sb);
}

int
game_paused(const struct game *g)
{
	return g->paused[0] != '\0';
}

long long
game_absence_shift(const struct game *g, int country, long long t,
    long long now)
{
	size_t i, round;

	/* absences may touch: a moved deadline may fall in the next */
	for (round = 0; round <= g->nabsences; round++)
		for (i = 0; i < g->nabsences; i++) {
			const struct absence *a = &g->absences[i];
			long long start = a->from > now ? a->from : now;

			if (a->country == country && t >= a->from &&
			    t <= a->to && t > now && a->to > start)
				t += a->to - start;
		}
	return t;
}

/* The armoured PGP message in a text, or NULL. */
static char *
pgp_armor_in(const char *text)
{
	const char *a = strstr(text, "-----BEGIN PGP MESSAGE-----"), *b;

	b = a ? strstr(a, "-----END PGP MESSAGE-----") : NULL;
	return b ? xasprintf("%.*s", (int)(b - a) + 25, a) : NULL;
}

int
game_truncate(struct game *g, size_t n, const char *path,
    struct strbuf *err)
{
	struct player players[RS_MAX_COUNTRIES];
	int seat_of[RS_MAX_COUNTRIES], np = g->st.nplayers, seat, rc = 0;
	unsigned variants = g->st.variants;
	int rules = g->st.rules;
	unsigned char seed[SEED_BYTES];
	int have_key = g->dice.have_key;
	char digest[65], *old;
	size_t k;

	if (n == 0 || n > g->nhist) {
		sb_add(err, "nothing to keep");
		return -1;
	}
	/* the next save writes every entry (see game_save_doc) */
	if (n < g->splice_n)
		g->splice_n = 0;
	/* undo, latest first, what dropped entries changed outside it */
	for (k = g->nhist; k-- > n; ) {
		const struct entry *e = &g->hist[k];
		const char *t = e->text ? e->text : "";

		if (e->kind != EN_MODERATOR)
			continue;
		if (strncmp(t, "player ", 7) == 0 &&
		    entry_country(g, t) >= 0 &&
		    (seat = g->st.seat_of[entry_country(g, t)]) >= 0) {
			if ((old = entry_line(t, "old-name")) != NULL)
				snprintf(g->st.players[seat].name,
				    sizeof(g->st.players[seat].name), "%s",
				    old);
			free(old);
			if ((old = entry_line(t, "old-email")) != NULL)
				snprintf(g->st.players[seat].email,
				    sizeof(g->st.players[seat].email), "%s",
				    old);
			free(old);
		} else if (strncmp(t, "deadline-hours ", 15) == 0 &&
		    (old = entry_line(t, "before")) != NULL) {
			g->deadline_hours = atoi(old);
			free(old);
		}
	}
	/*
	 * A sealed pick kept whose reveal is dropped is revealed again when
	 * its combat ends, with the same session key.
	 */
	for (k = n; k < g->nhist; k++) {
		const struct entry *u = &g->hist[k];
		struct entry *o;

		if (u->kind != EN_UNSEAL || u->of < 0 || (size_t)u->of >= n)
			continue;
		o = &g->hist[u->of];
		o->opened = 0;
		free(o->plain);
		o->plain = xstrdup(u->text ? u->text : "");
		if (u->session_key != NULL && o->text != NULL &&
		    (old = pgp_armor_in(o->text)) != NULL) {
			g->opened = xrealloc(g->opened, (g->nopened + 1) *
			    sizeof(*g->opened));
			g->opened[g->nopened].armor = old;
			g->opened[g->nopened].session_key =
			    xstrdup(u->session_key);
			g->nopened++;
		}
	}
	memcpy(players, g->st.players, sizeof(players));
	memcpy(seat_of, g->st.seat_of, sizeof(seat_of));
	memcpy(seed, g->dice.seed, sizeof(seed));
	aor_state_init(&g->st, &g->rs);
	memcpy(g->st.players, players, sizeof(players));
	memcpy(g->st.seat_of, seat_of, sizeof(seat_of));
	g->st.nplayers = np;
	g->st.variants = variants;
	g->st.rules = rules;	/* the reading the game is played under */
	dice_release(&g->dice);
	dice_init(&g->dice, g->id);
	if (have_key)
		dice_set_key(&g->dice, seed);
	memset(g->key_fpr, 0, sizeof(g->key_fpr));
	memset(g->key_text, 0, sizeof(g->key_text));
	g->moderator_fpr[0] = '\0';
	g->moderator_key = NULL;
	/* the keyring is made again from the keys kept when next needed */
	drop_keyring(g);
	g->mod_keys = 0;
	g->paused[0] = '\0';
	free(g->absences);
	g->absences = NULL;
	g->nabsences = 0;
	/* the dropped entries stay until the replay: they open seals */
	for (k = 0; k < n && rc == 0; k++)
		rc = replay_entry(g, &g->hist[k], 0, 0, path);
	for (k = n; k < g->nhist; k++)
		entry_release(&g->hist[k]);
	g->nhist = n;
	if (rc != 0) {
		sb_add(err, "the history does not replay");
		return -1;
	}
	aor_state_digest(&g->st, digest);
	if (strcmp(digest, g->hist[n - 1].digest) != 0) {
		sb_add(err, "the state replayed differs from the recorded "
		    "digest");
		return -1;
	}
	return 0;
}

/* Keys and signatures (issue 4). */

static void
apply_key(struct game *g, const struct entry *e)
{
	if (e->country == NO_COUNTRY) {
		snprintf(g->moderator_fpr, sizeof(g->moderator_fpr), "%s",
		    e->fpr);
		g->moderator_key = e->text;
	} else {
		snprintf(g->key_fpr[e->country], sizeof(g->key_fpr[0]), "%s",
		    e->fpr);
		g->key_text[e->country] = e->text;
		g->key_revoked[e->country] = NULL;
	}
}

static void
apply_revoke(struct game *g, const struct entry *e)
{
	if (e->country >= 0) {
		g->key_revoked[e->country] = e->text;
		g->key_revoked_at[e->country] = e->n;
	}
}

int
game_revoke_key(struct game *g, int country, const char *armored,
    const char *now, struct strbuf *err)
{
	struct pgp *p = NULL;
	struct entry *e;
	char fpr[PGP_FPR_LEN + 1];
	int rc = -1;

	if (country < 0 || g->key_text[country] == NULL) {
		sb_add(err, "no key is registered for this country");
		return -1;
	}
	if (g->key_revoked[country] != NULL) {
		sb_addf(err, "key %s is revoked already (history entry %d)",
		    g->key_fpr[country], g->key_revoked_at[country]);
		return -1;
	}
	if (pgp_open(&p, NULL, err) != 0)
		return -1;
	if (pgp_import(p, g->key_text[country], fpr, err) != 0 ||
	    pgp_import_revocation(p, armored, g->key_fpr[country], err) != 0)
		goto out;
	e = new_entry(g, EN_REVOKE, now);
	e->country = country;
	snprintf(e->fpr, sizeof(e->fpr), "%s", g->key_fpr[country]);
	e->text = xstrdup(armored);
	aor_state_digest(&g->st, e->digest);
	apply_revoke(g, e);
	/* this run's keyring must refuse the key from now on */
	drop_keyring(g);
	sb_reset(err);
	rc = 0;
out:
	pgp_close(p);
	return rc;
}

int
game_add_key(struct game *g, int country, const char *armored,
    const char *now, struct strbuf *err)
{
	struct pgp *p = NULL;
	struct entry *e;
	char fpr[PGP_FPR_LEN + 1];
	char *test = NULL;
	int rc = -1, line;

	/* the armoured key is recorded in the game file, which is XML */
	if (text_check(armored, strlen(armored), &line, err) != 0) {
		sb_addf(err, " (line %d)", line);
		return -1;
	}
	if (pgp_open(&p, NULL, err) != 0)
		return -1;
	if (pgp_import(p, armored, fpr, err) != 0)
		goto out;
	if (country == NO_COUNTRY) {
		/* the moderator's key must take sealed picks */
		if (pgp_encrypt(p, fpr, "test", &test, err) != 0)
			goto out;
	} else if (pgp_key_usable(p, fpr, err) != 0) {
		goto out;
	} else {
		/*
		 * A key that signs but cannot be encrypted to is taken (the
		 * orders count), but every private report to it would be
		 * withheld: the moderator hears it now, not at the next run.
		 */
		struct strbuf why;

		sb_init(&why);
		if (pgp_encrypt(p, fpr, "test", &test, &why) ==
		    PGP_KEY_REFUSED)
			diag_warn(g->path, 0, "the key of %s cannot receive "
			    "private reports: %s; they are withheld until "
			    "'adjudicator key' registers a key with a working "
			    "encryption subkey", cname(&g->st, country),
			    why.buf);
		sb_release(&why);
	}
	e = new_entry(g, EN_KEY, now);
	e->country = country;
	snprintf(e->fpr, sizeof(e->fpr), "%s", fpr);
	e->text = xstrdup(armored);
	aor_state_digest(&g->st, e->digest);
	apply_key(g, e);
	/* the keyring is made again with the new key when next needed */
	drop_keyring(g);
	g->mod_keys = 0;
	rc = 0;
out:
	free(test);
	pgp_close(p);
	return rc;
}

int
game_signed(const struct game *g)
{
	int c;

	for (c = 0; c < g->rs.ncountries; c++)
		if (aor_is_player(&g->st, c) && g->key_fpr[c][0] != '\0')
			return 1;
	return 0;
}

struct pgp *
game_moderator(struct game *g, struct strbuf *err)
{
	const char *home = getenv("GNUPGHOME");
	char *path;

	if (g->mod != NULL)
		return g->mod;
	path = home && *home ? xstrdup(home) :
	    xasprintf("%s/.gnupg", getenv("HOME") ? getenv("HOME") : ".");
	if (pgp_open(&g->mod, path, err) != 0)
		g->mod = NULL;
	free(path);
	return g->mod;
}

/*
 * The armoured keys of the game's keyring: every key registered now (a
 * key replaced by cmd key is not among them), and the revocations of
 * those revoked (issue 9), so that the keyring refuses them.  Gives their
 * number; *owned (caller frees each) are the revocation texts.
 */
static size_t
keyring_texts(const struct game *g, const char *texts[2 * RS_MAX_COUNTRIES + 1],
    char *owned[RS_MAX_COUNTRIES])
{
	size_t n = 0;
	int c, k = 0;

	for (c = 0; c < g->rs.ncountries && c < RS_MAX_COUNTRIES; c++)
		if (g->key_text[c] != NULL)
			texts[n++] = g->key_text[c];
	for (c = 0; c < g->rs.ncountries && c < RS_MAX_COUNTRIES; c++)
		if (g->key_text[c] != NULL && g->key_revoked[c] != NULL) {
			owned[k] = pgp_revocation_text(g->key_revoked[c]);
			texts[n++] = owned[k++];
		}
	for (; k < RS_MAX_COUNTRIES; k++)
		owned[k] = NULL;
	if (g->moderator_key != NULL)
		texts[n++] = g->moderator_key;
	return n;
}

static void
free_owned(char *owned[RS_MAX_COUNTRIES])
{
	int k;

	for (k = 0; k < RS_MAX_COUNTRIES; k++)
		free(owned[k]);
}

void
game_import_keys(struct game *g, struct pgp *p)
{
	struct strbuf err;
	char fpr[PGP_FPR_LEN + 1];
	int c;

	sb_init(&err);
	for (c = 0; c < g->rs.ncountries; c++) {
		if (g->key_text[c] != NULL)
			pgp_import(p, g->key_text[c], fpr, &err);
		/* issue 9: a revoked key signs nothing from then on */
		if (g->key_text[c] != NULL && g->key_revoked[c] != NULL)
			pgp_import_revocation(p, g->key_revoked[c],
			    g->key_fpr[c], &err);
	}
	if (g->moderator_key != NULL)
		pgp_import(p, g->moderator_key, fpr, &err);
	sb_release(&err);
}

/* Imports every registered key into a context once; errors are ignored. */
static void
import_keys(struct game *g, struct pgp *p)
{
	if (g->mod_keys)
		return;
	game_import_keys(g, p);
	g->mod_keys = 1;
}

static void
drop_keyring(struct game *g)
{
	game_verify_ahead(g, NULL, 0);
	if (g->keyring_ctx != NULL)
		pgp_close(g->keyring_ctx);
	g->keyring_ctx = NULL;
	if (g->keyring != NULL && g->keyring_temp)
		pgp_remove_home(g->keyring);
	free(g->keyring);
	g->keyring = NULL;
	g->keyring_temp = 0;
}

/*
 * The game's keyring, GAME.xml.keys/: a GnuPG home that holds exactly the
 * registered keys, labelled in its file "keys.sha256" with the SHA-256 of
 * their armoured texts.  It is made when keys are registered and made
 * again when they change, in a folder beside it renamed into place; a run
 * that finds it up to date starts no GnuPG program to use it (issue 12).
 * Where the game's folder takes no new folder (check on a read-only
 * copy), a temporary home serves the one run.  Nothing in it is trusted
 * more than the game file: a signature counts only when its primary
 * fingerprint is the one pinned in the history.
 */
static const char *make_keyring(struct game *g, const char *const *texts,
    size_t n, struct strbuf *err);

static const char *
game_keyring(struct game *g, struct strbuf *err)
{
	const char *texts[2 * RS_MAX_COUNTRIES + 1];
	char *owned[RS_MAX_COUNTRIES];
	const char *home;
	size_t n;

	if (g->keyring != NULL)
		return g->keyring;
	n = keyring_texts(g, texts, owned);
	home = make_keyring(g, texts, n, err);
	free_owned(owned);
	return home;
}

/* game_keyring's work, once the key texts are known. */
static const char *
make_keyring(struct game *g, const char *const *texts, size_t n,
    struct strbuf *err)
{
	struct strbuf all;
	char label[65], *dir = NULL, *tmp, *mark, *old;
	size_t i, len;

	sb_init(&all);
	for (i = 0; i < n; i++) {
		sb_add(&all, texts[i]);
		sb_addc(&all, '\0');
	}
	sha256_hex(all.buf ? all.buf : "", all.len, label);
	sb_release(&all);
	if (g->path != NULL) {
		dir = xasprintf("%s.keys", g->path);
		mark = xasprintf("%s/keys.sha256", dir);
		old = read_file(mark, &len);
		free(mark);
		if (old != NULL && len >= 64 && memcmp(old, label, 64) == 0) {
			free(old);
			g->keyring = dir;
			return dir;
		}
		free(old);
	}
	tmp = NULL;
	if (dir != NULL) {
		tmp = xasprintf("%s.XXXXXX", dir);
		if (mkdtemp(tmp) == NULL) {
			free(tmp);
			free(dir);
			tmp = dir = NULL;
		}
	}
	if (tmp == NULL) {
		tmp = xstrdup("/tmp/aor.XXXXXX");
		if (mkdtemp(tmp) == NULL) {
			sb_addf(err, "cannot create a GnuPG home in '/tmp': "
			    "%s", strerror(errno));
			free(tmp);
			return NULL;
		}
	}
	mark = xasprintf("%s/keys.sha256", tmp);
	if (pgp_keyring_make(tmp, texts, n, err) != 0 ||
	    write_file_atomic(mark, label, 64, 0600) != 0) {
		if (err->len == 0)
			sb_addf(err, "cannot write '%s': %s", mark,
			    strerror(errno));
		free(mark);
		pgp_remove_home(tmp);
		free(tmp);
		free(dir);
		return NULL;
	}
	free(mark);
	if (dir != NULL) {
		pgp_remove_home(dir);
		if (rename(tmp, dir) == 0) {
			free(tmp);
			g->keyring = dir;
			return dir;
		}
		free(dir);	/* another run made it meanwhile: use ours */
	}
	g->keyring = tmp;
	g->keyring_temp = 1;
	return tmp;
}

void
game_verify_ahead(struct game *g, char **msgs, size_t n)
{
	const char *home = NULL;
	struct strbuf err;
	size_t i;

	for (i = 0; i < g->nahead; i++) {
		free(g->ahead_msg[i]);
		free(g->ahead[i].plain);
		free(g->ahead[i].err);
	}
	free(g->ahead_msg);
	free(g->ahead_len);
	free(g->ahead);
	g->ahead_msg = NULL;
	g->ahead_len = NULL;
	g->ahead = NULL;
	g->nahead = 0;
	if (n >= 2) {
		sb_init(&err);
		home = game_keyring(g, &err);	/* else verify says why */
		sb_release(&err);
	}
	if (home == NULL) {
		for (i = 0; i < n; i++)
			free(msgs[i]);
		free(msgs);
		return;
	}
	g->ahead_msg = msgs;
	g->ahead_len = xcalloc(n, sizeof(*g->ahead_len));
	g->ahead = xcalloc(n, sizeof(*g->ahead));
	for (i = 0; i < n; i++)
		g->ahead_len[i] = strlen(msgs[i]);
	g->nahead = n;
	pgp_verify_home_all(home, (const char *const *)msgs, g->ahead_len,
	    n, g->ahead);
}

/*
 * A verdict of game_verify_ahead on msg: 1 with its outputs, 0 when it
 * has none.
 */
static int
verified_ahead(struct game *g, const char *msg, size_t len, char **plain,
    char fpr[41], long long *signed_at, int *rc, struct strbuf *err)
{
	const struct pgp_verdict *v;
	size_t i;

	for (i = 0; i < g->nahead; i++) {
		v = &g->ahead[i];
		if (!v->judged || g->ahead_len[i] != len ||
		    memcmp(g->ahead_msg[i], msg, len) != 0)
			continue;
		*rc = v->rc;
		if (v->rc != 0) {
			sb_add(err, v->err);
			return 1;
		}
		*plain = xstrdup(v->plain);
		memcpy(fpr, v->fpr, 41);
		if (signed_at != NULL)
			*signed_at = v->signed_at;
		return 1;
	}
	return 0;
}

/*
 * Is an armoured "PGP MESSAGE" encrypted?  Its first packet says so: a
 * public-key or symmetric session key packet (tags 1 and 3) starts an
 * encrypted message, while "gpg --sign --armor" starts with a compressed,
 * one-pass signature or literal packet.
 */
static int
armor_encrypted(const char *msg)
{
	static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrs"
	    "tuvwxyz0123456789+/";
	const char *p = strstr(msg, "-----BEGIN PGP MESSAGE-----"), *a, *b;
	int tag, c;

	if (p == NULL)
		return 0;
	/* the armour headers end at the first empty line */
	for (p = strchr(p, '\n'); p != NULL; p = strchr(p + 1, '\n'))
		if (p[1] == '\n' || (p[1] == '\r' && p[2] == '\n'))
			break;
	if (p == NULL)
		return 0;
	p += p[1] == '\r' ? 3 : 2;
	a = strchr(b64, p[0]);
	b = strchr(b64, p[1]);
	if (p[0] == '\0' || p[1] == '\0' || a == NULL || b == NULL)
		return 0;
	c = (int)((a - b64) << 2 | (b - b64) >> 4);
	if (!(c & 0x80))
		return 0;
	tag = c & 0x40 ? c & 0x3f : (c >> 2) & 0x0f;
	return tag == 1 || tag == 3;
}

/*
 * A GPGME context on the game's keyring, for what pgp_verify_home does
 * not take: signed-only messages and PGP/MIME detached signatures.
 */
static struct pgp *
keyring_ctx(struct game *g, struct strbuf *err)
{
	const char *home;

	if (g->keyring_ctx != NULL)
		return g->keyring_ctx;
	home = game_keyring(g, err);
	if (home == NULL || pgp_open(&g->keyring_ctx, home, err) != 0)
		g->keyring_ctx = NULL;
	return g->keyring_ctx;
}

/*
 * RFC 3156: what was encrypted is a MIME entity, headers included.  Its
 * text replaces *plain.  In the two-step form the entity is itself
 * multipart/signed: its detached signature must be good (then fpr is the
 * signer), else with must_sign the message is not signed at all.
 */
static int
entity_orders(struct pgp *k, char **plain, char fpr[41], int must_sign,
    struct strbuf *err)
{
	struct mail_order inner;
	char *text = NULL, *signed_text = NULL;
	int rc, signed_part = 0;

	rc = mail_entity_text(*plain, strlen(*plain), &text, &inner,
	    &signed_part, err);
	if (rc <= 0)
		return rc;
	if (signed_part) {
		rc = k == NULL ? -1 : pgp_verify_detached(k, inner.text,
		    inner.len, inner.signature, inner.siglen, fpr, err);
		if (rc == 0) {
			struct mail_order none;

			rc = mail_entity_text(inner.text, inner.len,
			    &signed_text, &none, NULL, err);
			if (rc == 0)
				signed_text = xstrdup(inner.text);
			rc = rc < 0 ? -1 : 0;
		}
		mail_order_release(&inner);
		if (rc != 0)
			return -1;
		text = signed_text;
	} else if (must_sign) {
		free(text);
		sb_add(err, "the message is not signed");
		return -1;
	}
	free(*plain);
	*plain = text;
	return 1;
}

/*
 * The verification of a signed order message, with the keys of keys (a
 * home holding the game's keys) and, for a message encrypted to the
 * moderator, the moderator's home mod (NULL: *no_mod is set and -1
 * returned).  With record set, a signature by a key that has expired or
 * was revoked since counts (verify: the message was judged when it came).
 * game_verify_message and verify share it, so that both read the same
 * signed text.
 */
static int
verify_order_message(struct game *g, struct pgp *keys, struct pgp *mod,
    int record, const char *msg, size_t len, char **plain, char fpr[41],
    long long *signed_at, int *no_mod, struct strbuf *err)
{
	struct pgp *p = NULL;
	struct strbuf e2;
	char *conv;
	int rc;

	*plain = NULL;
	if (signed_at != NULL)
		*signed_at = 0;
	if (!armor_encrypted(msg) && keys == NULL &&
	    strstr(msg, "-----BEGIN PGP SIGNED MESSAGE-----") != NULL) {
		/* clearsigned: one gpg on the game's keyring (issue 12) */
		const char *home;

		if (!verified_ahead(g, msg, len, plain, fpr, signed_at, &rc,
		    err)) {
			home = game_keyring(g, err);
			rc = home == NULL ? -1 : pgp_verify_home(home, msg,
			    len, plain, fpr, err);
			if (rc == 0 && signed_at != NULL)
				*signed_at = pgp_signature_time();
		}
	} else if (!armor_encrypted(msg)) {
		/* signed only ("gpg --sign --armor"), or verify's home */
		p = keys != NULL ? keys : keyring_ctx(g, err);
		rc = p == NULL ? -1 : record ? pgp_verify_record(p, msg, len,
		    plain, fpr, err) : pgp_verify(p, msg, len, plain, fpr, err);
		if (rc == 0 && signed_at != NULL)
			*signed_at = pgp_signature_time();
	} else if ((p = mod) == NULL) {
		if (no_mod != NULL)
			*no_mod = 1;
		rc = -1;
	} else {
		import_keys(g, p);
		rc = record ? pgp_verify_record(p, msg, len, plain, fpr, err) :
		    pgp_verify(p, msg, len, plain, fpr, err);
		if (rc == 0 && signed_at != NULL)
			*signed_at = pgp_signature_time();
		if (keys == NULL)
			keys = keyring_ctx(g, err);
		if (rc == 0)
			rc = entity_orders(keys, plain, fpr, 0, err) < 0 ? -1 :
			    0;
		else {
			/* PGP/MIME in two steps: a signed entity, encrypted */
			sb_init(&e2);
			if (pgp_decrypt(p, msg, plain, &e2) == 0 &&
			    entity_orders(keys, plain, fpr, 1, &e2) == 1) {
				rc = 0;
				/* the entity's detached signature */
				if (signed_at != NULL)
					*signed_at = pgp_signature_time();
			} else if (e2.len > 0 && *plain != NULL) {
				/* the entity's own signature said why */
				sb_reset(err);
				sb_add(err, e2.buf);
			}
			sb_release(&e2);
		}
		/*
		 * A whole file signed and encrypted needs no padding: the
		 * game file, which is the moderator's, holds its orders in
		 * clear anyway, and no report shows the message.  Only a
		 * sealed step, whose message stays unopened until the
		 * reveal, must hide its size (R39).  Padding a player
		 * added is comment lines; it is cut all the same.
		 */
		if (rc == 0)
			pgp_unpad(*plain);
	}
	if (rc != 0) {
		free(*plain);
		*plain = NULL;
		fpr[0] = '\0';
		return -1;
	}
	/*
	 * Signed over the bytes as sent; a text in ISO-8859-1 (a mail
	 * client's "COUNTRY Österreich") is read as such from here on.
	 */
	if ((conv = text_to_utf8(*plain, strlen(*plain))) != NULL) {
		free(*plain);
		*plain = conv;
	}
	return 0;
}

int
game_verify_message(struct game *g, const char *msg, size_t len,
    char **plain, char fpr[41], long long *signed_at, struct strbuf *err)
{
	struct pgp *mod = NULL;

	*plain = NULL;
	if (armor_encrypted(msg) && (mod = game_moderator(g, err)) == NULL)
		return -1;
	/* keys NULL: the game's keyring (issue 12) */
	return verify_order_message(g, NULL, mod, 0, msg, len, plain, fpr,
	    signed_at, NULL, err);
}

void
game_received(struct game *g, int country, const char *source,
    const char *fpr, const char *text, const char *content,
    long long signed_at, const char *now)
{
	struct entry *e = new_entry(g, EN_RECEIVED, now);

	e->country = country;
	e->source = xstrdup(source);
	snprintf(e->fpr, sizeof(e->fpr), "%s", fpr);
	e->text = xstrdup(text);
	snprintf(e->content, sizeof(e->content), "%s", content);
	e->signed_at = signed_at;
	aor_state_digest(&g->st, e->digest);
}

void
game_received_mime(struct game *g, const char *entity, size_t len,
    const char *signature)
{
	struct entry *e = &g->hist[g->nhist - 1];

	e->entity = xmalloc(len + 1);
	memcpy(e->entity, entity, len);
	e->entity[len] = '\0';
	e->entity_len = len;
	e->signature = xstrdup(signature);
}

/*
 * The detached signature with the keys of keys, in verify's record mode
 * when record is set, then the text of the signed part.
 */
static int
verify_mime(struct pgp *keys, int record, const char *entity, size_t len,
    const char *signature, char **text, char fpr[41], long long *signed_at,
    struct strbuf *err)
{
	int rc;

	*text = NULL;
	rc = keys == NULL ? -1 : record ? pgp_verify_detached_record(keys,
	    entity, len, signature, strlen(signature), fpr, err) :
	    pgp_verify_detached(keys, entity, len, signature,
	    strlen(signature), fpr, err);
	if (rc != 0)
		return -1;
	if (signed_at != NULL)
		*signed_at = pgp_signature_time();
	if (mail_signed_text(entity, len, text, err) != 0) {
		fpr[0] = '\0';
		return -1;
	}
	return 0;
}

int
game_verify_mime(struct game *g, const char *entity, size_t len,
    const char *signature, char **text, char fpr[41], long long *signed_at,
    struct strbuf *err)
{
	/* the game's keyring: exactly the registered keys (issue 12) */
	return verify_mime(keyring_ctx(g, err), 0, entity, len, signature,
	    text, fpr, signed_at, err);
}

int
game_find_received(const struct game *g, const char *content,
    const char *text)
{
	size_t k;

	for (k = 0; k < g->nhist; k++) {
		const struct entry *e = &g->hist[k];

		if (e->kind != EN_RECEIVED)
			continue;
		if (e->content[0] != '\0' ? strcmp(e->content, content) == 0 :
		    e->text != NULL && strcmp(e->text, text) == 0)
			return (int)k;
	}
	return -1;
}

void
game_entropy(struct game *g, int country, const char *text, const char *now)
{
	struct entry *e = new_entry(g, EN_ENTROPY, now);

	e->country = country;
	e->text = xstrdup(text);
	dice_add_entropy(&g->dice, text);
	aor_state_digest(&g->st, e->digest);
}

int
game_encrypt_to(const char *key, const char *text, char **armored,
    struct strbuf *err)
{
	struct pgp *p = NULL;
	char fpr[PGP_FPR_LEN + 1];
	int rc = -1;

	if (pgp_open(&p, NULL, err) != 0)
		return -1;
	if (pgp_import(p, key, fpr, err) == 0)
		rc = pgp_encrypt(p, fpr, text, armored, err);
	pgp_close(p);
	return rc;
}

int
game_seal_text(struct game *g, const char *text, char **armored,
    struct strbuf *err)
{
	if (g->moderator_key == NULL) {
		sb_add(err, "the game has no moderator's key to seal to");
		return -1;
	}
	return game_encrypt_to(g->moderator_key, text, armored, err);
}

/*
 * Issue 9: a sealed text names, on its first lines, the game, country and
 * step it was sealed for ("GAME id", "COUNTRY name", "STEP step", as an
 * order file starts), so that a ciphertext copied under another player's
 * or another step's STEP line is refused.  Returns 1 when the lines are
 * there and match, 0 when the text has no such lines (sealed before they
 * were written), -1 with err when they name anything else.  The reason
 * never tells what they name (R39).
 */
int
game_sealed_binding(const struct game *g, const char *plain, int country,
    const char *step, struct strbuf *err)
{
	char *copy = xstrdup(plain), *p, *next, *line, *e;
	char canon[32];
	const char *want[3] = { "GAME", "COUNTRY", "STEP" };
	struct strbuf ignore;
	int i = 0, ok = 1;

	sb_init(&ignore);
	for (p = copy; p != NULL && i < 3; p = next) {
		next = strchr(p, '\n');
		if (next != NULL)
			*next++ = '\0';
		if ((e = strchr(p, '#')) != NULL)
			*e = '\0';
		for (line = p; *line == ' ' || *line == '\t' || *line == '\r';
		    line++)
			;
		e = line + strlen(line);
		while (e > line && (e[-1] == ' ' || e[-1] == '\t' ||
		    e[-1] == '\r'))
			*--e = '\0';
		if (*line == '\0')
			continue;
		if (strlen(line) <= strlen(want[i]) ||
		    !str_iprefix(want[i], line) ||
		    (line[strlen(want[i])] != ' ' &&
		    line[strlen(want[i])] != '\t'))
			break;
		for (line += strlen(want[i]); *line == ' ' || *line == '\t';
		    line++)
			;
		if (i == 0)
			ok &= strcmp(line, g->id) == 0;
		else if (i == 1)
			ok &= rs_find_country(&g->rs, line, &ignore) ==
			    country;
		else
			ok &= aor_parse_step(line, canon, sizeof(canon),
			    &ignore) == 0 && strcmp(canon, step) == 0;
		i++;
	}
	free(copy);
	sb_release(&ignore);
	if (i == 0)
		return 0;
	if (i == 3 && ok)
		return 1;
	sb_add(err, i < 3 ? "its first lines must name its GAME, COUNTRY "
	    "and STEP, in this order (see adjudicator-orders(5))" :
	    "it was sealed for another game, country or step: a sealed "
	    "pick counts only under the STEP line it was sealed for");
	return -1;
}

/*
 * The base64 body of the first armoured PGP message in text, without its
 * header lines, checksum and line ends (caller frees), or NULL: two
 * copies of one ciphertext compare equal however they were re-wrapped.
 */
static char *
armor_body(const char *text)
{
	const char *p = strstr(text, "-----BEGIN PGP MESSAGE-----"), *nl;
	struct strbuf sb;
	int in_body = 0;

	if (p == NULL)
		return NULL;
	sb_init(&sb);
	for (p = strchr(p, '\n'); p != NULL && *p != '\0'; p = nl) {
		const char *s = p + 1, *q;

		nl = strchr(s, '\n');
		if (nl == NULL)
			nl = s + strlen(s);
		if (strncmp(s, "-----END PGP MESSAGE-----", 25) == 0)
			break;
		q = s;
		while (q < nl && (*q == ' ' || *q == '\t' || *q == '\r'))
			q++;
		if (!in_body) {
			/* headers ("Version: ...") end at a blank line */
			if (q == nl)
				in_body = 1;
			continue;
		}
		if (*s == '=')
			continue;	/* the checksum */
		for (; s < nl; s++)
			if (*s != ' ' && *s != '\t' && *s != '\r')
				sb_addc(&sb, *s);
		if (*nl == '\0')
			break;
	}
	if (sb.len == 0) {
		sb_release(&sb);
		return NULL;
	}
	return sb_detach(&sb);
}

int
game_holds_sealed(const struct game *g, const char *text)
{
	char *body = armor_body(text), *other;
	size_t k;
	int found = -1;

	if (body == NULL)
		return -1;
	for (k = 0; k < g->nhist && found == -1; k++) {
		const struct entry *e = &g->hist[k];

		if ((e->kind != EN_ORDER && e->kind != EN_REJECTED) ||
		    e->text == NULL ||
		    (other = armor_body(e->text)) == NULL)
			continue;
		if (strcmp(body, other) == 0)
			found = (int)k;
		free(other);
	}
	for (k = 0; k < g->nqueue && found == -1; k++) {
		if (g->queue[k].o.text == NULL ||
		    (other = armor_body(g->queue[k].o.text)) == NULL)
			continue;
		if (strcmp(body, other) == 0)
			found = (int)g->nhist;
		free(other);
	}
	free(body);
	return found;
}

/* Opens a sealed pick: from its EN_UNSEAL record, or with the key. */
static int
unseal_cb(void *ctx, const char *armor, int country, const char *step,
    char **plain, struct strbuf *err)
{
	struct game *g = ctx;
	struct pgp *p;
	size_t k, len;
	char *trimmed = xstrdup(armor), *sk = NULL;
	int bound;

	/* stored texts lose their last newline */
	len = strlen(trimmed);
	while (len > 0 && (trimmed[len - 1] == '\n' || trimmed[len - 1] == ' '))
		trimmed[--len] = '\0';
	for (k = 0; k < g->nhist; k++) {
		const struct entry *u = &g->hist[k];

		if (u->kind == EN_UNSEAL && u->of >= 0 &&
		    (size_t)u->of < g->nhist && g->hist[u->of].text != NULL &&
		    strstr(g->hist[u->of].text, trimmed) != NULL) {
			*plain = xstrdup(u->text ? u->text : "");
			free(trimmed);
			return 0;
		}
	}
	p = game_moderator(g, err);
	if (p == NULL || pgp_decrypt_session(p, armor, NULL, plain, &sk,
	    err) != 0) {
		sb_add(err, " (opening a sealed pick needs the moderator's "
		    "secret key in GNUPGHOME)");
		free(trimmed);
		return -1;
	}
	/* kept so that the reveal can publish it (verify checks it) */
	g->opened = xrealloc(g->opened, (g->nopened + 1) * sizeof(*g->opened));
	g->opened[g->nopened].armor = trimmed;
	g->opened[g->nopened].session_key = sk;
	g->nopened++;
	len = strlen(*plain);
	if (len == 0 || len % PGP_PAD_BLOCK != 0) {
		sb_addf(err, "a sealed pick must be padded to a multiple of %d "
		    "bytes, so that its size cannot betray it (see "
		    "adjudicator-orders(5))", PGP_PAD_BLOCK);
		free(*plain);
		*plain = NULL;
		return -1;
	}
	pgp_unpad(*plain);
	/*
	 * Orders arriving now must be bound to their place; texts already
	 * in a game made before the binding existed are not (issue 9).
	 */
	bound = game_sealed_binding(g, *plain, country, step, err);
	if (bound < 0 || (bound == 0 && (g->sealing_bound || g->intake))) {
		if (bound == 0)
			sb_add(err, "it does not name its GAME, COUNTRY and "
			    "STEP on its first lines, which adjudicator seal "
			    "writes (see adjudicator-orders(5))");
		free(*plain);
		*plain = NULL;
		return -1;
	}
	return 0;
}

int
game_find_seed(struct game *g)
{
	struct strbuf err;
	struct pgp *p;
	unsigned char seed[SEED_BYTES];
	char *plain = NULL, *s, *e, commit[65];

	if (g->dice.have_key)
		return 1;
	if (g->sealed_seed == NULL)
		return 0;
	sb_init(&err);
	p = game_moderator(g, &err);
	if (p != NULL && pgp_decrypt(p, g->sealed_seed, &plain, &err) == 0) {
		pgp_unpad(plain);
		for (s = plain; *s == ' ' || *s == '\n'; s++)
			;
		for (e = s; (*e >= '0' && *e <= '9') || (*e >= 'a' &&
		    *e <= 'f'); e++)
			;
		*e = '\0';
		if (hex_decode(s, seed, SEED_BYTES) == 0) {
			seed_commitment(seed, commit);
			if (strcmp(commit, g->commitment) == 0)
				dice_set_key(&g->dice, seed);
		}
	}
	free(plain);
	sb_release(&err);
	return g->dice.have_key;
}

/* The queue (R36, R38). */

int
game_queue_check(const struct game *g, const struct order *o,
    long long signed_at, struct strbuf *err)
{
	size_t i;
	char a[32], b[32];

	/*
	 * R38: the latest counts, and "latest" is the signing time: an
	 * older signed order sent again (or held back and sent late) must
	 * not undo a newer one.
	 */
	for (i = 0; i < g->nqueue; i++)
		if (g->queue[i].o.country == o->country &&
		    strcmp(g->queue[i].o.step, o->step) == 0 &&
		    signed_at > 0 && g->queue[i].signed_at > signed_at) {
			time_format(signed_at, a);
			time_format(g->queue[i].signed_at, b);
			sb_addf(err, "signed at %s, before the order it would "
			    "replace (signed at %s): only the latest order "
			    "counts (R38)", a, b);
			return -1;
		}
	return 0;
}

void
game_queue(struct game *g, const struct order *o, long long signed_at)
{
	size_t i;
	struct queued *q = NULL;
	int since = g->run;

	for (i = 0; i < g->nqueue; i++)
		if (g->queue[i].o.country == o->country &&
		    strcmp(g->queue[i].o.step, o->step) == 0) {
			q = &g->queue[i];	/* R38: the latest counts */
			/* the slot waits since the first order came */
			if (q->o.queued_run > 0)
				since = q->o.queued_run;
			break;
		}
	if (q != NULL)
		order_release(&q->o);
	if (q == NULL) {
		g->queue = xrealloc(g->queue, (g->nqueue + 1) *
		    sizeof(*g->queue));
		q = &g->queue[g->nqueue++];
	}
	q->o = *o;
	q->o.text = xstrdup(o->text ? o->text : "");
	q->o.source = xstrdup(o->source ? o->source : "");
	q->o.plain = o->plain ? xstrdup(o->plain) : NULL;
	q->o.queued_run = since;
	q->run = g->run;
	q->signed_at = signed_at;
}

static void
queue_remove(struct game *g, size_t i)
{
	memmove(&g->queue[i], &g->queue[i + 1], (g->nqueue - i - 1) *
	    sizeof(*g->queue));
	g->nqueue--;
}

int
game_unqueue(struct game *g, const struct decision *d, struct order *o)
{
	size_t i;

	for (i = 0; i < g->nqueue; i++)
		if (g->queue[i].o.country == d->country &&
		    strcmp(g->queue[i].o.step, d->step) == 0) {
			*o = g->queue[i].o;
			queue_remove(g, i);
			return 1;
		}
	return 0;
}

void
game_drop_stale(struct game *g, const char *now)
{
	size_t i = 0;

	while (i < g->nqueue) {
		struct strbuf why;
		enum step_status s;

		sb_init(&why);
		s = aor_step_status(&g->st, g->queue[i].o.step,
		    g->queue[i].o.country, &why);
		if (s == STEP_STALE || s == STEP_NOT_YOURS) {
			game_reject(g, &g->queue[i].o, why.buf, now);
			order_release(&g->queue[i].o);
			queue_remove(g, i);
		} else
			i++;
		sb_release(&why);
	}
}

const char *
game_deadline(const struct game *g, const struct decision *d)
{
	size_t i;

	for (i = 0; i < g->ndeadlines; i++)
		if (g->deadlines[i].country == d->country &&
		    strcmp(g->deadlines[i].step, d->step) == 0)
			return g->deadlines[i].when[0] ?
			    g->deadlines[i].when : NULL;
	return NULL;
}

static const struct deadline *
deadline_record(const struct game *g, const struct decision *d)
{
	size_t i;

	for (i = 0; i < g->ndeadlines; i++)
		if (g->deadlines[i].country == d->country &&
		    strcmp(g->deadlines[i].step, d->step) == 0)
			return &g->deadlines[i];
	return NULL;
}

/*
 * Keeps deadlines of decisions still pending (and those the moderator
 * removed); sets new ones from now.  While the game is paused its clock
 * stands at the pause, so that resume's shift gives them their full time;
 * a player's absence moves a new deadline past it.
 */
static void
update_deadlines(struct game *g, const char *now)
{
	struct decision d[RS_MAX_COUNTRIES];
	struct deadline *nd;
	int n = aor_pending(&g->st, d, RS_MAX_COUNTRIES), i;
	long long base = now != NULL ? time_parse(now) : -1, t;

	if (g->paused[0] != '\0' && base >= 0)
		base = time_parse(g->paused);
	nd = xcalloc((size_t)n + 1, sizeof(*nd));
	for (i = 0; i < n; i++) {
		const struct deadline *old = deadline_record(g, &d[i]);

		memcpy(nd[i].step, d[i].step, sizeof(nd[i].step));
		nd[i].country = d[i].country;
		if (old != NULL && (old->when[0] || old->removed)) {
			snprintf(nd[i].when, sizeof(nd[i].when), "%.31s",
			    old->when);
			nd[i].removed = old->removed;
		} else if (g->deadline_hours > 0 && base >= 0) {
			t = base + (long long)g->deadline_hours * 3600;
			time_format(game_absence_shift(g, d[i].country, t,
			    base), nd[i].when);
		}
	}
	free(g->deadlines);
	g->deadlines = nd;
	g->ndeadlines = (size_t)n;
}

/* Writing. */

static const char *
cid(const struct game *g, int country)
{
	return g->rs.countries[country].name.id;
}

static void
entry_xml(const struct game *g, const struct entry *e, xmlNode *parent)
{
	xmlNode *n = xml_add(parent, "entry", NULL), *m;
	size_t i;

	xml_set_int(n, "n", e->n);
	xml_set_int(n, "run", e->run);
	xml_set(n, "kind", kind_names[e->kind]);
	if (e->time[0])
		xml_set(n, "time", e->time);
	if (e->step[0])
		xml_set(n, "step", e->step);
	if (e->country != NO_COUNTRY)
		xml_set(n, "country", cid(g, e->country));
	if (e->source != NULL)
		xml_set(n, "source", e->source);
	if (e->sealed)
		xml_set(n, "sealed", "yes");
	if (e->queued > 0)
		xml_set_int(n, "queued", e->queued);
	if (e->fpr[0])
		xml_set(n, "fingerprint", e->fpr);
	if (e->kind == EN_UNSEAL)
		xml_set_int(n, "of", e->of);
	if (e->session_key != NULL)
		xml_set(n, "session-key", e->session_key);
	if (e->signed_at > 0) {
		char t[32];

		time_format(e->signed_at, t);
		xml_set(n, "signed", t);
	}
	if (e->content[0] != '\0')
		xml_set(n, "content", e->content);
	xml_set(n, "digest", e->digest);
	if (e->text != NULL)
		xml_add(n, "text", e->text);
	if (e->entity != NULL) {
		char *b = base64_encode(e->entity, e->entity_len);

		xml_add(n, "entity", b);
		free(b);
		xml_add(n, "signature", e->signature);
	}
	if (e->reason != NULL)
		xml_add(n, "reason", e->reason);
	for (i = 0; i < e->ndraws; i++) {
		m = xml_add(n, "draw", NULL);
		xml_set_int(m, "n", e->draws[i].n);
		xml_set_int(m, "range", e->draws[i].range);
		xml_set_int(m, "value", e->draws[i].value);
		xml_set(m, "purpose", e->draws[i].purpose);
	}
	for (i = 0; i < e->j.n; i++) {
		const struct event *ev = &e->j.ev[i];

		m = xml_add(n, "event", ev->text);
		xml_set(m, "type", ev->type);
		if (ev->country != NO_COUNTRY)
			xml_set(m, "country", cid(g, ev->country));
		if (ev->to != NO_COUNTRY)
			xml_set(m, "to", cid(g, ev->to));
	}
}

/* A player's legal choices, for the order form of their report only. */
static void
add_choices(struct game *g, const struct decision *d, xmlNode *m)
{
	char **lines;
	int n = aor_choices(&g->st, d, &lines), i;

	for (i = 0; i < n; i++) {
		xml_add(m, "choice", lines[i]);
		free(lines[i]);
	}
	free(lines);
}

static xmlDoc *build_xml(struct game *g, const char *now, int viewer,
    int need_run, size_t from, int marks);

xmlDoc *
game_save_xml(struct game *g, const char *now, int report_run)
{
	if (report_run < 0)
		return build_xml(g, now, NO_COUNTRY, -1, 0, 1);
	return build_xml(g, now, NO_COUNTRY, report_run, g->splice_n, 1);
}

xmlDoc *
game_to_xml_for(struct game *g, const char *now, int viewer)
{
	return game_report_xml(g, now, viewer, -1);
}

xmlDoc *
game_report_xml(struct game *g, const char *now, int viewer, int run)
{
	/* with run, no entry is before "from": only run's and the keys */
	xmlDoc *doc = run < 0 ? build_xml(g, now, viewer, -1, 0, 0) :
	    build_xml(g, now, viewer, run, g->nhist, 0);
	struct hidden *h = NULL;
	size_t n = 0, i;

	game_doc_hide(g, doc, viewer, &h, &n);
	for (i = 0; i < n; i++)
		xmlFreeNode(h[i].node);
	free(h);
	return doc;
}

/* Unlinks n from the document, kept in *h to be put back. */
static void
hide_node(xmlNode *n, struct hidden **h, size_t *nh)
{
	*h = xrealloc(*h, (*nh + 1) * sizeof(**h));
	(*h)[*nh].node = n;
	(*h)[*nh].parent = n->parent;
	(*h)[*nh].next = n->next;
	(*nh)++;
	xmlUnlinkNode(n);
}

/* Whether element n's attribute attr is set and is not the viewer's. */
static int
not_viewers(const struct game *g, xmlNode *n, const char *attr, int viewer)
{
	char id[64];

	if (xml_attr(n, attr, id, sizeof(id)) != 0)
		return 0;
	return viewer < 0 || strcmp(id, cid(g, viewer)) != 0;
}

void
game_doc_hide(const struct game *g, xmlDoc *doc, int viewer,
    struct hidden **h, size_t *nh)
{
	xmlNode *root = xmlDocGetRootElement(doc), *n, *m, *next, *q;
	int others = 0;

	*h = NULL;
	*nh = 0;
	/* the splice save's markers (game_save_xml) are no reader's */
	n = xml_child(root, "history");
	for (m = n != NULL ? n->children : NULL; m != NULL; m = next) {
		next = m->next;
		if (m->type == XML_COMMENT_NODE)
			hide_node(m, h, nh);
	}
	/* R39: hands and discard piles are their owner's */
	for (n = xml_child(xml_child(root, "state"), "country"); n;
	    n = xml_next(n, "country")) {
		if (!not_viewers(g, n, "id", viewer))
			continue;
		for (m = n->children; m != NULL; m = next) {
			next = m->next;
			if (xml_is(m, "hand") || xml_is(m, "discard"))
				hide_node(m, h, nh);
		}
	}
	/*
	 * The history: a signed message as received (it may hold picks in
	 * clear), the text and reason of a sealed order, and an event told
	 * to one player only, are that player's.
	 */
	for (n = xml_child(xml_child(root, "history"), "entry"); n;
	    n = xml_next(n, "entry")) {
		char kind[16] = "";
		int secret;

		xml_attr(n, "kind", kind, sizeof(kind));
		secret = not_viewers(g, n, "country", viewer) &&
		    (strcmp(kind, "received") == 0 || xml_attr_yes(n,
		    "sealed"));
		for (m = n->children; m != NULL; m = next) {
			next = m->next;
			if ((secret && (xml_is(m, "text") ||
			    xml_is(m, "entity") || xml_is(m, "signature") ||
			    xml_is(m, "reason"))) || (xml_is(m, "event") &&
			    not_viewers(g, m, "to", viewer)))
				hide_node(m, h, nh);
		}
	}
	/* queued orders: the reader's own; the others only counted */
	q = xml_child(root, "queue");
	for (n = q != NULL ? q->children : NULL; n != NULL; n = next) {
		next = n->next;
		if (xml_is(n, "order") && not_viewers(g, n, "country",
		    viewer)) {
			hide_node(n, h, nh);
			others++;
		}
	}
	if (q != NULL && others > 0)
		xml_set_int(q, "waiting", others);
}

void
game_doc_trim(xmlDoc *doc, int run, struct hidden **h, size_t *nh)
{
	xmlNode *n, *next;
	char want[16], r[16], kind[16];

	*h = NULL;
	*nh = 0;
	snprintf(want, sizeof(want), "%d", run);
	n = xml_child(xml_child(xmlDocGetRootElement(doc), "history"),
	    "entry");
	for (; n != NULL; n = next) {
		next = xml_next(n, "entry");
		/* the template compares @run = $run as strings */
		if (xml_attr(n, "run", r, sizeof(r)) == 0 &&
		    strcmp(r, want) == 0)
			continue;
		if (xml_attr(n, "kind", kind, sizeof(kind)) == 0 &&
		    strcmp(kind, "key") == 0)
			continue;
		hide_node(n, h, nh);
	}
}

void
game_doc_unhide(xmlDoc *doc, struct hidden *h, size_t nh)
{
	xmlNode *q = xml_child(xmlDocGetRootElement(doc), "queue");
	size_t i;

	for (i = nh; i-- > 0;) {
		if (h[i].next != NULL)
			xmlAddPrevSibling(h[i].next, h[i].node);
		else
			xmlAddChild(h[i].parent, h[i].node);
	}
	if (q != NULL)
		xmlUnsetProp(q, (const xmlChar *)"waiting");
	free(h);
}

/*
 * The splice save's markers in the history (game_save_doc): the first
 * stands where the entries before `from` go, its text naming from; the
 * second after the last entry.  The serializer writes each on a line of
 * its own, which is taken out again; comments can stand nowhere else in
 * what build_xml writes after the ruleset copy (text is escaped).
 */
#define SPLICE_A "aor-splice-from "
#define SPLICE_B "aor-splice-end"

/*
 * Writes the game as a document.  History entries from `from` on are all
 * written; those before it only when need_run >= 0 and they are of that
 * run or key entries (what the text report reads, game_doc_trim).  With
 * marks, the splice markers are put around the entries from `from` on.
 */
static xmlDoc *
build_xml(struct game *g, const char *now, int viewer, int need_run,
    size_t from, int marks)
{
	xmlDoc *doc = xmlNewDoc((const xmlChar *)"1.0");
	xmlNode *root = xmlNewNode(NULL, (const xmlChar *)"game"), *n, *m;
	struct decision d[RS_MAX_COUNTRIES];
	int i, np;
	size_t k;

	xmlDocSetRootElement(doc, root);
	xml_set(root, "id", g->id);
	xml_set_int(root, "format", FORMAT_VERSION);
	/* reading 1 is written as no attribute, as version 0.2 wrote it */
	if (g->st.rules != AOR_RULES_OLDEST)
		xml_set_int(root, "rules", g->st.rules);
	xml_set(root, "created", g->created);
	xml_set_int(root, "run", g->run);
	if (g->sealing_bound)
		xml_set(root, "sealing", "bound");
	n = xml_add(root, "players", NULL);
	for (i = 0; i < g->st.nplayers; i++) {
		m = xml_add(n, "player", NULL);
		xml_set_int(m, "seat", i + 1);
		xml_set(m, "country", cid(g, g->st.players[i].country));
		xml_set(m, "name", g->st.players[i].name);
		xml_set(m, "email", g->st.players[i].email);
	}
	n = xml_add(root, "variants", NULL);
	for (i = 0; i < aor_nvariants; i++)
		if (g->st.variants & aor_variants[i].flag) {
			m = xml_add(n, "variant", NULL);
			xml_set(m, "name", aor_variants[i].name);
			xml_set(m, "ruling", aor_variants[i].ruling);
			xml_set(m, "meaning", aor_variants[i].meaning);
		}
	n = xml_add(root, "seed", NULL);
	xml_set(n, "commitment", g->commitment);
	if (g->st.phase == PH_OVER && g->dice.have_key) {
		/* R30: the seed is published when the game ends */
		char hex[2 * SEED_BYTES + 1];

		hex_encode(g->dice.seed, SEED_BYTES, hex);
		xml_set(n, "revealed", hex);
	}
	if (g->sealed_seed != NULL)
		xml_add(n, "sealed", g->sealed_seed);
	if (g->deadline_hours > 0) {
		n = xml_add(root, "settings", NULL);
		xml_set_int(n, "deadline-hours", g->deadline_hours);
	}
	xmlAddChild(root, xmlDocCopyNode(xmlDocGetRootElement(g->rsdoc), doc,
	    1));
	ruleset_commit_xml(g, root);
	n = xml_add(root, "history", NULL);
	for (k = 0; k < from && need_run >= 0; k++)
		if (g->hist[k].run == need_run || g->hist[k].kind == EN_KEY)
			entry_xml(g, &g->hist[k], n);
	if (marks) {
		char mark[48];

		snprintf(mark, sizeof(mark), SPLICE_A "%zu", from);
		xmlAddChild(n, xmlNewDocComment(doc, (const xmlChar *)mark));
	}
	for (k = from; k < g->nhist; k++)
		entry_xml(g, &g->hist[k], n);
	if (marks)
		xmlAddChild(n, xmlNewDocComment(doc,
		    (const xmlChar *)SPLICE_B));
	aor_state_xml(&g->st, root);
	update_deadlines(g, now);
	n = xml_add(root, "pending", NULL);
	np = aor_pending(&g->st, d, RS_MAX_COUNTRIES);
	for (i = 0; i < np; i++) {
		const char *dl = game_deadline(g, &d[i]);

		m = xml_add(n, "decision", NULL);
		xml_set(m, "step", d[i].step);
		xml_set(m, "country", cid(g, d[i].country));
		xml_set(m, "kind", decision_names[d[i].kind]);
		if (dl != NULL)
			xml_set(m, "deadline", dl);
		else if (deadline_record(g, &d[i]) != NULL &&
		    deadline_record(g, &d[i])->removed)
			xml_set(m, "no-deadline", "yes");
		xml_set(m, "what", d[i].what);
		if (viewer == d[i].country)
			add_choices(g, &d[i], m);
	}
	n = xml_add(root, "queue", NULL);
	for (k = 0; k < g->nqueue; k++) {
		m = xml_add(n, "order", g->queue[k].o.text);
		xml_set(m, "step", g->queue[k].o.step);
		xml_set(m, "country", cid(g, g->queue[k].o.country));
		xml_set(m, "source", g->queue[k].o.source);
		xml_set_int(m, "run", g->queue[k].run);
		if (g->queue[k].signed_at > 0) {
			char t[32];

			time_format(g->queue[k].signed_at, t);
			xml_set(m, "signed", t);
		}
		if (g->queue[k].o.queued_run > 0 &&
		    g->queue[k].o.queued_run < g->queue[k].run)
			xml_set_int(m, "since", g->queue[k].o.queued_run);
	}
	return doc;
}

/*
 * The file as it was stays beside it as GAME.xml~ (issue 11), so that a
 * mistaken run is one mv away: a hard link to it, which the rename of the
 * new file leaves alone; a copy where links cannot be made.
 */
static void
keep_previous(const char *path)
{
	char *backup = xasprintf("%s~", path), *text;
	struct stat sb;
	size_t len;

	if (lstat(path, &sb) == 0 && S_ISREG(sb.st_mode)) {
		unlink(backup);
		if (link(path, backup) != 0) {
			text = read_file(path, &len);
			if (text == NULL || write_file_atomic(backup, text, len,
			    0600) != 0)
				diag_warn(backup, 0, "cannot keep the previous "
				    "game file: %s", strerror(errno));
			free(text);
		}
	}
	free(backup);
}

int
game_save(struct game *g, const char *path, const char *now)
{
	xmlDoc *doc = build_xml(g, now, NO_COUNTRY, -1, g->splice_n, 1);
	int rc = game_save_doc(g, doc, path);

	xmlFreeDoc(doc);
	return rc;
}

/* The last occurrence of needle in [buf, buf + len), or NULL. */
static const char *
last_of(const char *buf, size_t len, const char *needle)
{
	size_t n = strlen(needle), i;

	for (i = len >= n ? len - n + 1 : 0; i-- > 0;)
		if (buf[i] == needle[0] && memcmp(buf + i, needle, n) == 0)
			return buf + i;
	return NULL;
}

/*
 * The line a marker comment at p stands on, [*from, *to) with its
 * newline, or -1 when it is not a line of its own (not the serializer's
 * layout).
 */
static int
marker_line(const char *buf, size_t len, const char *p, size_t *from,
    size_t *to)
{
	const char *a = p, *b = strstr(p, "-->");

	while (a > buf && a[-1] == ' ')
		a--;
	if (a == buf || a[-1] != '\n' || b == NULL ||
	    (size_t)(b + 3 - buf) >= len || b[3] != '\n')
		return -1;
	*from = (size_t)(a - buf);
	*to = (size_t)(b + 4 - buf);
	return 0;
}

/*
 * Issue 12, the splice save.  The document holds the head, the history
 * entries from `from` on between two markers (build_xml), and the tail;
 * its serialization, with the markers' lines taken out and the bytes of
 * entries 0 .. from - 1 as the file held them put where the first marker
 * was, is byte for byte what serializing every entry gives, because:
 *  - the serializer writes each child of <history> on lines of its own,
 *    indented by depth alone, so an entry's bytes depend on the entry
 *    and on nothing around it, and a comment's line can be taken out;
 *  - g->file holds the bytes this program (this version and build)
 *    wrote for those very entries, whose place in them it noted when it
 *    wrote them (splice_from, splice_to): the game file as the cache
 *    whose key is its SHA-256 says (load), or as a save earlier in this
 *    process wrote it; and entries are never changed once written:
 *    game_note and game_truncate, the only ways to change or drop one,
 *    turn the splice off (splice_n 0);
 *  - entry_xml(read_entry(x)) == x for every entry it wrote (the golden
 *    tests compare every run's file, and tests/cache.sh compares the
 *    spliced files with those written whole).
 * When anything of that is not known (a load without its cache, a file
 * not written by this version, a rollback), splice_n is 0 and from is 0:
 * every entry is serialized.
 *
 * The bytes are checked to be well-formed before the rename (issue 9.1):
 * the serialization with the markers, which holds everything but the
 * spliced entries, is read again by the SAX parser.  The spliced bytes
 * are a sequence of whole elements that stood as content of <history>
 * in a file that was itself checked so before it was written, and whose
 * SHA-256 (the cache key) says it is still that file, or which this
 * process wrote; content made of whole elements put in element content
 * leaves a document well-formed, so the narrower check is as sound as a
 * full one and costs the run, not the game.
 */
int
game_save_doc(struct game *g, xmlDoc *doc, const char *path)
{
	xmlNode *hist = xml_child(xmlDocGetRootElement(doc), "history");
	xmlNode *c, *next, *a = NULL;
	xmlChar *mem = NULL;
	const char *pa = NULL, *pb = NULL;
	char *out = NULL;
	size_t from = 0, nentries = 0, la = 0, ea = 0, lb = 0, eb = 0;
	size_t oldlen = 0, olen = 0;
	int len = 0, rc;

	for (c = hist != NULL ? hist->children : NULL; c != NULL; c = next) {
		next = c->next;
		if (c->type == XML_COMMENT_NODE && c->content != NULL &&
		    strncmp((const char *)c->content, SPLICE_A,
		    strlen(SPLICE_A)) == 0) {
			a = c;
			from = strtoul((const char *)c->content +
			    strlen(SPLICE_A), NULL, 10);
		} else if (a == NULL && c->type == XML_ELEMENT_NODE) {
			/* the report's copies of entries taken from the file */
			xmlUnlinkNode(c);
			xmlFreeNode(c);
		} else if (a != NULL && c->type == XML_ELEMENT_NODE)
			nentries++;
	}
	if (from > 0 && (from != g->splice_n || g->file == NULL)) {
		diag(EXIT_SOFTWARE, path, 0, "the game file about to be "
		    "written lacks history entries (a bug): not written");
		return -1;
	}
	if (from > 0) {
		oldlen = g->splice_to - g->splice_from;
		/* what the cache said: whole entries, the first numbered 0 */
		if (oldlen < 16 || memcmp(g->file + g->splice_from,
		    "    <entry n=\"0\"", 16) != 0 ||
		    g->file[g->splice_to - 1] != '\n') {
			diag(EXIT_SOFTWARE, path, 0, "the history entries kept "
			    "from the game file are not where they were "
			    "noted (a bug): not written");
			return -1;
		}
	}
	/*
	 * Not validated against the schema: the program built it, and the
	 * tests validate every file they make (issue 12).
	 */
	xmlDocDumpFormatMemoryEnc(doc, &mem, &len, "UTF-8", 1);
	/*
	 * The bytes about to replace the game must parse again: a text
	 * the serializer cannot write as XML must cost one run, never the
	 * game.  (Well-formedness is cheap, unlike the schema.)
	 */
	if (mem == NULL || xml_well_formed((const char *)mem, (size_t)len,
	    path) != 0) {
		diag(EXIT_SOFTWARE, path, 0, "the game file about to be "
		    "written is not well-formed XML (a bug): not written");
		xmlFree(mem);
		return -1;
	}
	if (a != NULL) {
		pb = last_of((const char *)mem, (size_t)len,
		    "<!--" SPLICE_B "-->");
		pa = pb == NULL ? NULL : last_of((const char *)mem,
		    (size_t)(pb - (const char *)mem), "<!--" SPLICE_A);
		if (pa == NULL || marker_line((const char *)mem, (size_t)len,
		    pa, &la, &ea) != 0 || marker_line((const char *)mem,
		    (size_t)len, pb, &lb, &eb) != 0) {
			diag(EXIT_SOFTWARE, path, 0, "the game file about to "
			    "be written is not laid out as expected (a bug): "
			    "not written");
			xmlFree(mem);
			return -1;
		}
		olen = (size_t)len - (ea - la) - (eb - lb) + oldlen;
		out = xmalloc(olen + 1);
		memcpy(out, mem, la);
		if (oldlen > 0)
			memcpy(out + la, g->file + g->splice_from, oldlen);
		memcpy(out + la + oldlen, mem + ea, lb - ea);
		memcpy(out + la + oldlen + (lb - ea), mem + eb,
		    (size_t)len - eb);
		out[olen] = '\0';
	} else {
		olen = (size_t)len;
		out = xmalloc(olen + 1);
		memcpy(out, mem, olen + 1);
	}
	xmlFree(mem);
	keep_previous(path);
	/* the moderator's file: hands and unsealed picks are in it */
	rc = write_file_atomic(path, out, olen, 0600);
	if (rc == -1)
		diag(EXIT_CANTCREAT, path, 0, "cannot create a temporary file "
		    "beside it: %s", strerror(errno));
	else if (rc != 0)
		diag(EXIT_IOERR, path, 0, "cannot write: %s", strerror(errno));
	if (rc == 0 && (g->path == NULL || strcmp(g->path, path) != 0)) {
		free(g->path);
		g->path = xstrdup(path);
		drop_keyring(g);
	}
	/* the next save in this process splices what was just written */
	free(g->file);
	g->file = NULL;
	g->splice_n = 0;
	if (rc == 0 && a != NULL) {
		g->file = out;
		g->file_len = olen;
		g->splice_from = la;
		g->splice_to = la + oldlen + (lb - ea);
		g->splice_n = from + nentries;
		out = NULL;
	}
	free(out);
	if (rc == 0)
		cache_save(g, path);
	if (rc == 0 && game_signed(g)) {
		/* made when keys are registered, not at the next order */
		struct strbuf err;

		sb_init(&err);
		if (game_keyring(g, &err) == NULL)
			diag_warn(path, 0, "the game's keyring was not made "
			    "(it is made again when needed): %s", err.buf);
		sb_release(&err);
	}
	return rc == 0 ? 0 : -1;
}

/*
 * A run killed while writing leaves temporaries (NAME.tmpXXXXXX) of the
 * game's files: GAME.xml's, the whole game with every hand in it; those
 * of its mail state and cache; and in its spool, received and outbox
 * folders (private reports among them).  Whoever holds the lock next
 * knows that no run writes them, and removes them.  Reports written
 * elsewhere are swept as they are written again (report.c).
 */
static void
remove_leftovers(const char *path)
{
	static const char *const beside[] = { "", ".mail", ".cache" };
	static const char *const folders[] = { ".spool", ".received",
	    ".outbox" };
	char *copy = xstrdup(path), *copy2 = xstrdup(path), *name;
	const char *dir = dirname(copy), *base = basename(copy2);
	size_t i;

	for (i = 0; i < sizeof(beside) / sizeof(beside[0]); i++) {
		name = xasprintf("%s%s", base, beside[i]);
		remove_leftover_temps(dir, name, 0, i == 0 ? "saving" :
		    "writing");
		free(name);
	}
	/* the outbox holds a folder per run: run-N/COUNTRY.txt.asc */
	for (i = 0; i < sizeof(folders) / sizeof(folders[0]); i++) {
		name = xasprintf("%s%s", path, folders[i]);
		remove_leftover_temps(name, NULL, 1, "writing");
		free(name);
	}
	free(copy);
	free(copy2);
}

int
game_lock(const char *path)
{
	char *lock = xasprintf("%s.lock", path);
	int fd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0644);

	if (fd < 0) {
		diag(EXIT_CANTCREAT, lock, 0, "cannot open the lock file: %s",
		    strerror(errno));
		free(lock);
		return -1;
	}
	if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
		if (errno == EWOULDBLOCK)
			diag(EXIT_TEMPFAIL, path, 0, "the game is locked by "
			    "another run of the adjudicator; try again "
			    "later");
		else
			diag(EXIT_IOERR, lock, 0, "cannot lock: %s",
			    strerror(errno));
		close(fd);
		free(lock);
		return -1;
	}
	free(lock);
	remove_leftovers(path);
	return fd;
}

void
game_unlock(int fd)
{
	if (fd >= 0) {
		flock(fd, LOCK_UN);
		close(fd);
	}
}

/* Reading. */

static int
country_attr(const struct game *g, xmlNode *n, const char *attr,
    const char *path)
{
	char buf[64];
	int c;

	if (xml_attr(n, attr, buf, sizeof(buf)) != 0)
		return NO_COUNTRY;
	c = rs_country_by_id(&g->rs, buf);
	if (c < 0)
		diag(EXIT_DATAERR, path, (int)xmlGetLineNo(n), "unknown "
		    "country '%s'", buf);
	return c < 0 ? -2 : c;
}

static int
read_entry(struct game *g, xmlNode *n, struct entry *e, const char *path)
{
	xmlNode *c;
	char kind[16], buf[32];
	size_t k;

	memset(e, 0, sizeof(*e));
	journal_init(&e->j);
	e->n = xml_attr_int(n, "n", -1);
	e->line = (int)xmlGetLineNo(n);
	e->run = xml_attr_int(n, "run", 0);
	xml_attr(n, "kind", kind, sizeof(kind));
	for (k = 0; k < ARRAY_SIZE(kind_names); k++)
		if (strcmp(kind, kind_names[k]) == 0)
			e->kind = (enum entry_kind)k;
	xml_attr(n, "time", e->time, sizeof(e->time));
	xml_attr(n, "step", e->step, sizeof(e->step));
	xml_attr(n, "digest", e->digest, sizeof(e->digest));
	e->country = country_attr(g, n, "country", path);
	if (e->country == -2)
		return -1;
	e->sealed = xml_attr_yes(n, "sealed");
	e->queued = xml_attr_int(n, "queued", 0);
	xml_attr(n, "fingerprint", e->fpr, sizeof(e->fpr));
	e->of = xml_attr_int(n, "of", -1);
	e->session_key = xml_attr_dup(n, "session-key");
	if (xml_attr(n, "signed", buf, sizeof(buf)) == 0)
		e->signed_at = time_parse(buf);
	xml_attr(n, "content", e->content, sizeof(e->content));
	e->source = xml_attr_dup(n, "source");
	if ((c = xml_child(n, "text")) != NULL)
		e->text = xml_text(c);
	if ((c = xml_child(n, "entity")) != NULL) {
		char *b = xml_text(c);

		e->entity = base64_decode(b, &e->entity_len);
		free(b);
		if (e->entity == NULL || e->entity_len > SIGNED_ENTITY_MAX) {
			diag(EXIT_DATAERR, path, (int)xmlGetLineNo(c), "<entity>"
			    ": %s", e->entity == NULL ? "not base64" :
			    "larger than a signed order may be");
			return -1;
		}
	}
	if ((c = xml_child(n, "signature")) != NULL) {
		e->signature = xml_text(c);
		if (strlen(e->signature) > SIGNATURE_MAX) {
			diag(EXIT_DATAERR, path, (int)xmlGetLineNo(c),
			    "<signature>: larger than a signature may be");
			return -1;
		}
	}
	if ((c = xml_child(n, "reason")) != NULL)
		e->reason = xml_text(c);
	for (c = xml_child(n, "draw"); c; c = xml_next(c, "draw")) {
		struct draw *d;

		e->draws = xrealloc(e->draws, (e->ndraws + 1) *
		    sizeof(*e->draws));
		d = &e->draws[e->ndraws++];
		d->n = (unsigned)xml_attr_int(c, "n", 0);
		d->range = (unsigned)xml_attr_int(c, "range", 0);
		d->value = (unsigned)xml_attr_int(c, "value", 0);
		d->purpose = xml_attr_dup(c, "purpose");
	}
	for (c = xml_child(n, "event"); c; c = xml_next(c, "event")) {
		struct event *ev;

		if (e->j.n == e->j.alloc) {
			e->j.alloc = e->j.alloc ? 2 * e->j.alloc : 16;
			e->j.ev = xrealloc(e->j.ev, e->j.alloc *
			    sizeof(*e->j.ev));
		}
		ev = &e->j.ev[e->j.n++];
		xml_attr(c, "type", ev->type, sizeof(ev->type));
		ev->text = xml_text(c);
		ev->country = country_attr(g, c, "country", path);
		ev->to = country_attr(g, c, "to", path);
		if (ev->country == -2 || ev->to == -2)
			return -1;
	}
	return 0;
}

/* Replays one entry; reports the first difference from the record. */
static int
replay_entry(struct game *g, struct entry *e, int verify, int digest_too,
    const char *path)
{
	struct journal j;
	struct ctx c;
	struct strbuf err;
	struct decision d[RS_MAX_COUNTRIES];
	struct order o;
	char digest[65];
	int rc = 0, np, i;
	size_t k;

	if (e->kind == EN_ENTROPY)
		dice_add_entropy(&g->dice, e->text ? e->text : "");
	if (e->kind == EN_KEY)
		apply_key(g, e);
	if (e->kind == EN_REVOKE)
		apply_revoke(g, e);
	if (e->kind == EN_MODERATOR) {
		sb_init(&err);
		if (moderator_apply(g, e, &err) != 0) {
			diag(EXIT_DATAERR, path, 0, "history entry %d "
			    "(moderator): %s", e->n, err.buf);
			rc = -1;
		}
		sb_release(&err);
		return rc;
	}
	if (e->kind == EN_REJECTED || e->kind >= EN_KEY)
		return 0;
	journal_init(&j);
	sb_init(&err);
	c = ctx_for(g, &j);
	dice_log_clear(&g->dice);
	dice_set_script(&g->dice, e->draws, e->ndraws, verify);
	switch (e->kind) {
	case EN_SETUP:
		if (e->n != 0) {
			sb_add(&err, "setup entry not first");
			rc = -1;
		} else
			aor_start(&c);
		break;
	case EN_ORDER:
		if (e->country < 0 || order_parse_block(&g->rs, e->country,
		    e->text ? e->text : "", e->source, &o, &err) != 0) {
			rc = -1;
			break;
		}
		rc = aor_apply(&c, &o, &err);
		if (o.sealed && o.plain != NULL && e->plain == NULL &&
		    !e->opened)
			e->plain = xstrdup(o.plain);
		order_release(&o);
		break;
	case EN_DEFAULT:
		np = aor_pending(&g->st, d, RS_MAX_COUNTRIES);
		for (i = 0; i < np; i++)
			if (d[i].country == e->country &&
			    strcmp(d[i].step, e->step) == 0)
				break;
		if (i == np) {
			sb_addf(&err, "no pending decision %s for %s",
			    e->step, cname(&g->st, e->country));
			rc = -1;
		} else
			aor_default(&c, &d[i]);
		break;
	case EN_ADJUST:
		rc = aor_adjust(&c, e->text ? e->text : "", &err);
		break;
	default:
		break;
	}
	if (rc == 0 && g->dice.error != NULL) {
		sb_add(&err, g->dice.error);
		rc = -1;
	}
	if (rc == 0 && g->dice.script_pos != e->ndraws) {
		sb_addf(&err, "the entry records %zu draws, the replay makes "
		    "%zu", e->ndraws, g->dice.script_pos);
		rc = -1;
	}
	if (rc == 0 && digest_too) {
		aor_state_digest(&g->st, digest);
		if (strcmp(digest, e->digest) != 0) {
			sb_add(&err, "the state after it differs from the "
			    "recorded digest");
			rc = -1;
		}
	}
	for (k = 0; rc == 0 && k < e->j.n; k++)
		if (k >= j.n || strcmp(j.ev[k].text, e->j.ev[k].text) != 0) {
			sb_addf(&err, "event %zu differs: the file says '%s', "
			    "the replay '%s'", k + 1, e->j.ev[k].text,
			    k < j.n ? j.ev[k].text : "(nothing)");
			rc = -1;
		}
	if (rc == 0 && j.n != e->j.n) {
		sb_addf(&err, "the replay makes %zu events, the file "
		    "records %zu", j.n, e->j.n);
		rc = -1;
	}
	if (rc != 0) {
		diag(EXIT_DATAERR, path, 0, "history entry %d (%s%s%s): %s",
		    e->n, kind_names[e->kind], e->step[0] ? " " : "",
		    e->step, err.buf);
		free(g->dice.error);
		g->dice.error = NULL;
	}
	journal_release(&j);
	sb_release(&err);
	dice_log_clear(&g->dice);
	dice_set_script(&g->dice, NULL, 0, 0);
	return rc;
}

static int
read_players(struct game *g, xmlNode *root, const char *path)
{
	xmlNode *n;
	int errors = 0;

	for (n = xml_child(xml_child(root, "players"), "player"); n;
	    n = xml_next(n, "player")) {
		struct player *p = &g->st.players[g->st.nplayers];
		int c = country_attr(g, n, "country", path);

		if (c < 0 || g->st.seat_of[c] >= 0 ||
		    g->st.nplayers == RS_MAX_COUNTRIES) {
			if (c >= 0)
				diag(EXIT_DATAERR, path, (int)xmlGetLineNo(n),
				    "country '%s' has two players",
				    cid(g, c));
			errors++;
			continue;
		}
		p->country = c;
		xml_attr(n, "name", p->name, sizeof(p->name));
		xml_attr(n, "email", p->email, sizeof(p->email));
		g->st.seat_of[c] = g->st.nplayers++;
	}
	for (n = xml_child(xml_child(root, "variants"), "variant"); n;
	    n = xml_next(n, "variant")) {
		char name[64];
		int f;

		xml_attr(n, "name", name, sizeof(name));
		f = aor_variant_by_name(name);
		if (f == 0) {
			diag(EXIT_DATAERR, path, (int)xmlGetLineNo(n),
			    "unknown variant '%s'", name);
			errors++;
		}
		g->st.variants |= (unsigned)f;
	}
	return errors ? -1 : 0;
}

static int
read_tail(struct game *g, xmlNode *root, const char *path)
{
	xmlNode *n;
	int errors = 0;

	for (n = xml_child(xml_child(root, "pending"), "decision"); n;
	    n = xml_next(n, "decision")) {
		struct deadline *d;
		int c = country_attr(g, n, "country", path);

		if (c < 0) {
			errors++;
			continue;
		}
		g->deadlines = xrealloc(g->deadlines, (g->ndeadlines + 1) *
		    sizeof(*g->deadlines));
		d = &g->deadlines[g->ndeadlines++];
		memset(d, 0, sizeof(*d));
		xml_attr(n, "step", d->step, sizeof(d->step));
		xml_attr(n, "deadline", d->when, sizeof(d->when));
		d->removed = xml_attr_yes(n, "no-deadline");
		d->country = c;
	}
	for (n = xml_child(xml_child(root, "queue"), "order"); n;
	    n = xml_next(n, "order")) {
		struct strbuf err;
		struct order o;
		char *text = xml_text(n), *src = xml_attr_dup(n, "source");
		char tbuf[32];
		int c = country_attr(g, n, "country", path);

		sb_init(&err);
		if (c < 0 || order_parse_block(&g->rs, c, text, src, &o,
		    &err) != 0) {
			if (c >= 0)
				diag(EXIT_DATAERR, path, (int)xmlGetLineNo(n),
				    "queued order: %s", err.buf);
			errors++;
		} else {
			g->queue = xrealloc(g->queue, (g->nqueue + 1) *
			    sizeof(*g->queue));
			g->queue[g->nqueue].o = o;
			g->queue[g->nqueue].run = xml_attr_int(n, "run", 0);
			g->queue[g->nqueue].signed_at = 0;
			if (xml_attr(n, "signed", tbuf, sizeof(tbuf)) == 0)
				g->queue[g->nqueue].signed_at =
				    time_parse(tbuf);
			g->queue[g->nqueue].o.queued_run = xml_attr_int(n,
			    "since", g->queue[g->nqueue].run);
			g->nqueue++;
		}
		sb_release(&err);
		free(text);
		free(src);
	}
	return errors ? -1 : 0;
}

/* The recorded <state> must be what the history produces. */
static int
check_state(struct game *g, xmlNode *root, const char *path)
{
	xmlNode *recorded = xml_child(root, "state");
	xmlDoc *doc = xmlNewDoc((const xmlChar *)"1.0");
	xmlNode *r = xmlNewNode(NULL, (const xmlChar *)"x");
	xmlBuffer *a = xmlBufferCreate(), *b = xmlBufferCreate();
	int rc;

	xmlDocSetRootElement(doc, r);
	aor_state_xml(&g->st, r);
	xmlNodeDump(a, doc, r->children, 0, 0);
	xmlNodeDump(b, recorded->doc, recorded, 0, 0);
	rc = strcmp((const char *)xmlBufferContent(a),
	    (const char *)xmlBufferContent(b)) == 0 ? 0 : -1;
	if (rc != 0)
		diag(EXIT_DATAERR, path, (int)xmlGetLineNo(recorded),
		    "the <state> element does not match what the history "
		    "produces (edited by hand?)");
	xmlBufferFree(a);
	xmlBufferFree(b);
	xmlFreeDoc(doc);
	return rc;
}

/*
 * verify (issue 9.5): every signed message in the history is checked
 * again against the key registered for its country when it arrived, and
 * against the signing time and signed-text digest recorded with it.
 * A PGP/MIME signed message is checked by its signed part and detached
 * signature (issue 9.5), and its text read from the part again.
 * Messages the history cannot prove (encrypted to the moderator, when
 * that key is not at hand; PGP/MIME mail recorded before its part and
 * signature were kept) are counted in *unchecked.
 */
/* Imports the keys and revocations of history entries before upto. */
static void
import_history_keys(const struct game *g, struct pgp *p, size_t upto)
{
	struct strbuf err;
	char fpr[PGP_FPR_LEN + 1];
	size_t i;

	sb_init(&err);
	for (i = 0; i < upto; i++) {
		const char *text = g->hist[i].text ? g->hist[i].text : "";

		if (g->hist[i].kind == EN_KEY)
			pgp_import(p, text, fpr, &err);
		else if (g->hist[i].kind == EN_REVOKE)
			pgp_import_revocation(p, text, g->hist[i].fpr, &err);
	}
	sb_release(&err);
}

/*
 * plains[k] gets the signed text of each EN_RECEIVED entry k that holds
 * (for PGP/MIME mail, the recorded text: see check_orders), NULL for
 * those that cannot be opened here.
 */
static int
check_received(struct game *g, const char *path, int *unchecked,
    char **plains)
{
	char pinned[RS_MAX_COUNTRIES][41];
	struct pgp *p = NULL, *mod = NULL;
	struct strbuf err;
	char fpr[PGP_FPR_LEN + 1], content[65], t1[32], t2[32];
	size_t k;
	int rc = 0, c, no_mod = 0;

	memset(pinned, 0, sizeof(pinned));
	sb_init(&err);
	for (k = 0; k < g->nhist && rc == 0; k++) {
		const struct entry *e = &g->hist[k];
		const char *text = e->text ? e->text : "";
		char *plain = NULL;
		long long when = 0;
		int v, unopened = 0;

		if (e->kind == EN_KEY && e->country >= 0) {
			snprintf(pinned[e->country], sizeof(pinned[0]), "%s",
			    e->fpr);
			if (p != NULL)
				pgp_import(p, text, fpr, &err);
		}
		if (e->kind == EN_REVOKE && e->country >= 0) {
			/* orders signed with it after this are not good */
			pinned[e->country][0] = '\0';
			if (p != NULL)
				pgp_import_revocation(p, text, e->fpr, &err);
		}
		if (e->kind != EN_RECEIVED)
			continue;
		if (e->entity == NULL && strstr(text,
		    "-----BEGIN PGP SIGNED MESSAGE-----") == NULL &&
		    strstr(text, "-----BEGIN PGP MESSAGE-----") == NULL) {
			/* PGP/MIME, recorded before its signature was kept */
			(*unchecked)++;
			plains[k] = xstrdup(text);
			continue;
		}
		if (p == NULL) {
			if (pgp_open(&p, NULL, &err) != 0) {
				diag(EXIT_SOFTWARE, path, 0, "%s", err.buf);
				rc = -1;
				break;
			}
			import_history_keys(g, p, k);
		}
		if (mod == NULL && !no_mod && e->entity == NULL && strstr(text,
		    "-----BEGIN PGP SIGNED MESSAGE-----") == NULL) {
			mod = game_moderator(g, &err);
			if (mod != NULL)
				import_history_keys(g, mod, g->nhist);
		}
		sb_reset(&err);
		if (e->entity != NULL) {
			/* PGP/MIME multipart/signed (issue 9.5) */
			v = verify_mime(p, 1, e->entity, e->entity_len,
			    e->signature, &plain, fpr, &when, &err);
			if (v == 0 && strcmp(plain, text) != 0) {
				diag(EXIT_DATAERR, path, e->line, "history "
				    "entry %zu: the recorded text is not the "
				    "text of its signed PGP/MIME part", k);
				free(plain);
				rc = -1;
				break;
			}
		} else
			v = verify_order_message(g, p, mod, 1, text,
			    strlen(text), &plain, fpr, &when, &unopened, &err);
		no_mod |= unopened;
		/* this message's, not an earlier one's: a bad signature
		 * after an unopened message is bad all the same */
		if (v != 0 && e->entity == NULL && (unopened ||
		    strstr(err.buf, "not encrypted to a key of this home") !=
		    NULL)) {
			/* encrypted to the moderator, whose key is not here */
			(*unchecked)++;
			free(plain);
			continue;
		}
		c = e->country;
		if (v != 0)
			diag(EXIT_DATAERR, path, e->line, "history entry %zu "
			    "(a signed message from %s): the signature does "
			    "not hold: %s", k, c >= 0 ? cname(&g->st, c) : "?",
			    err.buf);
		else if (strcmp(fpr, e->fpr) != 0 || c < 0 ||
		    strcmp(fpr, pinned[c]) != 0)
			diag(EXIT_DATAERR, path, e->line, "history entry %zu: "
			    "signed by key %s, but the key registered for %s "
			    "then was %s", k, fpr, c >= 0 ? cname(&g->st, c) :
			    "?", c >= 0 && pinned[c][0] ? pinned[c] : "none");
		else {
			sha256_hex(plain, strlen(plain), content);
			if (e->content[0] != '\0' && strcmp(content,
			    e->content) != 0)
				diag(EXIT_DATAERR, path, e->line, "history "
				    "entry %zu: the signed text does not have "
				    "the recorded SHA-256", k);
			else if (e->signed_at > 0 && when != e->signed_at) {
				time_format(when, t1);
				time_format(e->signed_at, t2);
				diag(EXIT_DATAERR, path, e->line, "history "
				    "entry %zu: signed at %s, not at the "
				    "recorded %s", k, t1, t2);
			} else
				v = 1;
		}
		if (v != 1)
			rc = -1;
		else {
			plains[k] = plain;
			plain = NULL;
		}
		free(plain);
	}
	if (p != NULL)
		pgp_close(p);
	sb_release(&err);
	return rc;
}

/*
 * verify (issue 9.5): a player's order must be one he signed.  Each
 * applied or refused order (EN_ORDER, EN_REJECTED) and each waiting one
 * of a country that had a key registered when the order came (the run
 * it came in: the entry's run, or its queued run, which an order that
 * replaces a waiting one keeps) must be, verbatim, a STEP block of a
 * signed message of that country recorded before it: a moderator who
 * edits an order's text (and the digests after it) is caught here.  Orders that came before the country's first
 * key are not signed and not checked.  An old PGP/MIME message's
 * signature was not kept (check_received), so its orders are found in
 * the text as recorded; those of an encrypted message that cannot be
 * opened here are counted in *unchecked.
 */
struct signed_blocks {
	int parsed;
	int n;
	char **b;
};

/* 1: found; 0: not; -1: only in messages that cannot be opened here. */
static int
order_was_signed(const struct game *g, char **plains,
    struct signed_blocks *sb, int country, size_t before, const char *text)
{
	size_t i, len = strlen(text);
	int j, unopened = 0;

	/* stored texts lose their last newline */
	while (len > 0 && (text[len - 1] == '\n' || text[len - 1] == ' '))
		len--;
	for (i = 0; i < before; i++) {
		const struct entry *r = &g->hist[i];

		if (r->kind != EN_RECEIVED || r->country != country)
			continue;
		if (plains[i] == NULL) {
			unopened = 1;
			continue;
		}
		if (!sb[i].parsed) {
			sb[i].n = order_blocks(plains[i], &sb[i].b);
			sb[i].parsed = 1;
		}
		for (j = 0; j < sb[i].n; j++)
			if (strlen(sb[i].b[j]) == len &&
			    strncmp(sb[i].b[j], text, len) == 0)
				return 1;
	}
	return unopened ? -1 : 0;
}

static int
check_orders(struct game *g, const char *path, char **plains, size_t n,
    int *unchecked)
{
	int first_key[RS_MAX_COUNTRIES];
	struct signed_blocks *sb = xcalloc(n + 1, sizeof(*sb));
	size_t k, i;
	int c, rc = 0, found;

	for (c = 0; c < RS_MAX_COUNTRIES; c++)
		first_key[c] = -1;
	for (k = 0; k < n && rc == 0; k++) {
		const struct entry *e = &g->hist[k];
		int arrived = e->queued > 0 ? e->queued : e->run;

		if (e->kind == EN_KEY && e->country >= 0 &&
		    first_key[e->country] < 0)
			first_key[e->country] = e->run;
		if ((e->kind != EN_ORDER && e->kind != EN_REJECTED) ||
		    e->country < 0 || first_key[e->country] < 0 ||
		    first_key[e->country] >= arrived)
			continue;
		found = order_was_signed(g, plains, sb, e->country, k,
		    e->text ? e->text : "");
		g->signed_orders += found == 1;
		if (found < 0)
			(*unchecked)++;
		else if (found == 0) {
			diag(EXIT_DATAERR, path, e->line, "history entry %zu "
			    "(run %d, step %s, %s): this order is not in any "
			    "signed message of %s recorded before it (edited "
			    "by hand?)", k, e->run, e->step, cname(&g->st,
			    e->country), cname(&g->st, e->country));
			rc = -1;
		}
	}
	for (k = 0; k < g->nqueue && rc == 0; k++) {
		const struct queued *q = &g->queue[k];

		c = q->o.country;
		if (c < 0 || c >= RS_MAX_COUNTRIES || first_key[c] < 0 ||
		    first_key[c] >= q->run)
			continue;
		found = order_was_signed(g, plains, sb, c, n,
		    q->o.text ? q->o.text : "");
		g->signed_orders += found == 1;
		if (found < 0)
			(*unchecked)++;
		else if (found == 0) {
			diag(EXIT_DATAERR, path, 0, "waiting order %zu (run "
			    "%d, step %s, %s): it is not in any signed message "
			    "of %s in the history (edited by hand?)", k + 1,
			    q->run, q->o.step, cname(&g->st, c),
			    cname(&g->st, c));
			rc = -1;
		}
	}
	for (k = 0; k < n; k++) {
		for (i = 0; i < (size_t)sb[k].n; i++)
			free(sb[k].b[i]);
		free(sb[k].b);
	}
	free(sb);
	return rc;
}

/*
 * verify: each opened sealed pick must be what its message says, which
 * anyone can check with the session key published at the reveal.
 */
static int
check_unsealed(struct game *g, const char *path)
{
	struct pgp *p = NULL;
	struct strbuf err;
	size_t k;
	int rc = 0;

	sb_init(&err);
	for (k = 0; k < g->nhist && rc == 0; k++) {
		const struct entry *u = &g->hist[k];
		const char *sealed, *a, *b;
		char *armor, *plain = NULL, *sk = NULL;

		if (u->kind != EN_UNSEAL || u->session_key == NULL ||
		    u->of < 0 || (size_t)u->of >= g->nhist)
			continue;
		sealed = g->hist[u->of].text ? g->hist[u->of].text : "";
		a = strstr(sealed, "-----BEGIN PGP MESSAGE-----");
		b = a ? strstr(a, "-----END PGP MESSAGE-----") : NULL;
		if (b == NULL)
			continue;
		armor = xasprintf("%.*s-----END PGP MESSAGE-----\n",
		    (int)(b - a), a);
		if (p == NULL && pgp_open(&p, NULL, &err) != 0) {
			free(armor);
			rc = -1;
			break;
		}
		if (pgp_decrypt_session(p, armor, u->session_key, &plain, &sk,
		    &err) != 0) {
			diag(EXIT_DATAERR, path, 0, "history entry %zu: its "
			    "session key does not open entry %d: %s", k, u->of,
			    err.buf);
			rc = -1;
		} else {
			pgp_unpad(plain);
			if (strcmp(plain, u->text ? u->text : "") != 0) {
				diag(EXIT_DATAERR, path, 0, "history entry %zu "
				    "records a pick that entry %d's sealed "
				    "message does not hold", k, u->of);
				rc = -1;
			}
		}
		free(plain);
		free(sk);
		free(armor);
	}
	if (p != NULL)
		pgp_close(p);
	sb_release(&err);
	return rc;
}

/*
 * The values that formats/game.rng checks with pattern facets, checked
 * here instead when the file was validated without them (lean_load).
 * Each takes the value as the schema's token type sees it: without
 * leading and trailing blanks.
 */
static int
is_digits(const char **p)
{
	const char *s = *p;

	while (**p >= '0' && **p <= '9')
		(*p)++;
	return *p > s;
}

static int
is_hex(const char *p, const char *digits, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (p[i] == '\0' || strchr(digits, p[i]) == NULL)
			return 0;
	return p[len] == '\0';
}

static int
value_ok(const char *type, const char *v)
{
	const char *p = v;
	int i;

	if (strcmp(type, "time") == 0) {
		/* [0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z */
		static const char form[] = "dddd-dd-ddTdd:dd:ddZ";

		for (i = 0; form[i] != '\0'; i++)
			if (form[i] == 'd' ? !(v[i] >= '0' && v[i] <= '9') :
			    v[i] != form[i])
				return 0;
		return v[i] == '\0';
	}
	if (strcmp(type, "step") == 0) {
		if (*p++ != 'T' || !is_digits(&p) || *p++ != '.')
			return 0;
		switch (*p++) {
		case 'A':
			return is_digits(&p) && *p++ == '.' && is_digits(&p) &&
			    *p == '\0';
		case 'S':
			return is_digits(&p) && *p == '\0';
		case 'C':
			return is_digits(&p) && *p++ == '.' &&
			    (strcmp(p, "DEFEND") == 0 || strcmp(p, "JOIN") == 0
			    || strcmp(p, "NPC") == 0);
		default:
			return 0;
		}
	}
	if (strcmp(type, "digest") == 0)
		return is_hex(v, "0123456789abcdef", 64);
	if (strcmp(type, "fingerprint") == 0)
		return is_hex(v, "0123456789ABCDEF", 40);
	if (strcmp(type, "session key") == 0)
		return is_digits(&p) && *p++ == ':' &&
		    strspn(p, "0123456789ABCDEF") == strlen(p) && *p != '\0';
	/* id: [A-Za-z0-9][A-Za-z0-9._\-]* */
	if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
	    (*p >= '0' && *p <= '9')))
		return 0;
	return strspn(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	    "0123456789._-") == strlen(p);
}

/* Checks attribute attr of n, if present, as a value of the type. */
static int
check_value(xmlNode *n, const char *attr, const char *type, const char *path)
{
	char buf[256], *s, *e;

	if (xml_attr(n, attr, buf, sizeof(buf)) != 0)
		return 0;
	for (s = buf; *s == ' ' || *s == '\t' || *s == '\n' || *s == '\r';
	    s++)
		;
	for (e = s + strlen(s); e > s && (e[-1] == ' ' || e[-1] == '\t' ||
	    e[-1] == '\n' || e[-1] == '\r'); e--)
		;
	*e = '\0';
	if (value_ok(type, s))
		return 0;
	diag(EXIT_DATAERR, path, (int)xmlGetLineNo(n), "attribute '%s' of "
	    "<%s>: '%s' is not a %s", attr, (const char *)n->name, s, type);
	return -1;
}

/*
 * formats/ruleset.rng's ids in the game's copy of the ruleset: every
 * attribute id, a, b, area and ref is a ruleset-id, [a-z0-9]+(-[a-z0-9]+)*;
 * a card's id may also be soldiers/ships/cost, [0-9]+/[0-9]+/[0-9]+.
 */
static int
is_ruleset_id(const char *v, int card)
{
	const char *p = v;
	int slashes = 0;

	if (card && strspn(v, "0123456789/") == strlen(v)) {
		for (; *p != '\0'; p++) {
			if (*p != '/')
				continue;
			if (p == v || p[-1] == '/' || p[1] == '\0')
				return 0;
			slashes++;
		}
		if (slashes == 2)
			return 1;
		p = v;
	}
	if (*p == '\0' || *p == '-')
		return 0;
	for (; *p != '\0'; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') ||
		    (*p == '-' && p[1] != '-' && p[1] != '\0')))
			return 0;
	return 1;
}

static int
check_ruleset_ids(xmlNode *n, const char *path)
{
	static const char *const names[] = { "id", "a", "b", "area", "ref" };
	char buf[256], *s, *e;
	xmlNode *c;
	xmlAttr *a;
	xmlChar *v;
	size_t i;
	int bad = 0;

	for (a = n->properties; a != NULL; a = a->next) {
		for (i = 0; i < ARRAY_SIZE(names); i++)
			if (strcmp((const char *)a->name, names[i]) == 0)
				break;
		if (i == ARRAY_SIZE(names))
			continue;
		v = xmlNodeGetContent((xmlNode *)a);
		snprintf(buf, sizeof(buf), "%s", v ? (const char *)v : "");
		xmlFree(v);
		for (s = buf; *s == ' ' || *s == '\t' || *s == '\n' ||
		    *s == '\r'; s++)
			;
		for (e = s + strlen(s); e > s && (e[-1] == ' ' ||
		    e[-1] == '\t' || e[-1] == '\n' || e[-1] == '\r'); e--)
			;
		*e = '\0';
		if (!is_ruleset_id(s, xml_is(n, "card"))) {
			diag(EXIT_DATAERR, path, (int)xmlGetLineNo(n),
			    "attribute '%s' of <%s>: '%s' is not a ruleset id",
			    names[i], (const char *)n->name, s);
			bad = -1;
		}
	}
	for (c = n->children; c != NULL; c = c->next)
		if (c->type == XML_ELEMENT_NODE)
			bad |= check_ruleset_ids(c, path);
	return bad;
}

static int
check_values(xmlNode *root, const char *path)
{
	static const struct { const char *attr, *type; } entry_attrs[] = {
		{ "time", "time" }, { "step", "step" },
		{ "digest", "digest" }, { "fingerprint", "fingerprint" },
		{ "session-key", "session key" }, { "signed", "time" },
		{ "content", "digest" }
	};
	xmlNode *n;
	size_t i;
	int bad = 0;

	bad |= check_ruleset_ids(xml_child(root, "ruleset"), path);
	bad |= check_value(root, "id", "game id", path);
	bad |= check_value(root, "created", "time", path);
	n = xml_child(root, "seed");
	bad |= check_value(n, "commitment", "digest", path);
	bad |= check_value(n, "revealed", "digest", path);
	n = xml_child(root, "ruleset-digest");
	if (n != NULL) {
		xmlNode *m;

		bad |= check_value(n, "sha256", "digest", path);
		for (m = xml_child(n, "part"); m; m = xml_next(m, "part"))
			bad |= check_value(m, "sha256", "digest", path);
	}
	for (n = xml_child(xml_child(root, "history"), "entry"); n;
	    n = xml_next(n, "entry"))
		for (i = 0; i < ARRAY_SIZE(entry_attrs); i++)
			bad |= check_value(n, entry_attrs[i].attr,
			    entry_attrs[i].type, path);
	for (n = xml_child(xml_child(root, "pending"), "decision"); n;
	    n = xml_next(n, "decision")) {
		bad |= check_value(n, "step", "step", path);
		bad |= check_value(n, "deadline", "time", path);
	}
	for (n = xml_child(xml_child(root, "queue"), "order"); n;
	    n = xml_next(n, "order")) {
		bad |= check_value(n, "step", "step", path);
		bad |= check_value(n, "signed", "time", path);
	}
	return bad ? -1 : 0;
}

/*
 * The shape formats/game.rng gives a history entry, checked here for the
 * entries lean_load keeps from the schema.  Values with pattern facets
 * are check_values' part.
 */
static int
shape_error(xmlNode *n, const char *path, const char *what, const char *name)
{
	diag(EXIT_DATAERR, path, (int)xmlGetLineNo(n), "<%s>: %s '%s' (see "
	    "formats/game.rng)", (const char *)n->name, what, name);
	return -1;
}

/* xsd:nonNegativeInteger, or positiveInteger when positive is set. */
static int
is_count(const char *v, int positive)
{
	int nonzero = 0;

	v += strspn(v, " \t\n\r");
	if (*v == '+')
		v++;
	if (*v < '0' || *v > '9')
		return 0;
	for (; *v >= '0' && *v <= '9'; v++)
		nonzero |= *v != '0';
	return v[strspn(v, " \t\n\r")] == '\0' && (nonzero || !positive);
}

/* Attributes of n: each in allowed (NULL-ended, a leading '!' for one
 * that must be there) with the type its second letter names. */
static int
check_attrs(xmlNode *n, const char *const *allowed, const char *path)
{
	xmlAttr *a;
	size_t i;
	int bad = 0;

	for (a = n->properties; a != NULL; a = a->next) {
		/* one text node, the usual value, is read in place (issue 12) */
		int one = a->children != NULL && a->children->next == NULL &&
		    (a->children->type == XML_TEXT_NODE ||
		    a->children->type == XML_CDATA_SECTION_NODE) &&
		    a->children->content != NULL;
		char *v = one ? (char *)a->children->content :
		    (char *)xmlNodeGetContent((xmlNode *)a);
		const char *name = (const char *)a->name;

		for (i = 0; allowed[i] != NULL; i++)
			if (strcmp(allowed[i] + 2, name) == 0)
				break;
		if (a->ns != NULL || allowed[i] == NULL)
			bad |= shape_error(n, path, "unknown attribute",
			    name);
		else if ((allowed[i][1] == 'c' && !is_count(v, 0)) ||
		    (allowed[i][1] == 'p' && !is_count(v, 1)) ||
		    (allowed[i][1] == 'n' && xmlValidateNCName(
		    (const xmlChar *)v, 0) != 0) ||
		    (allowed[i][1] == 'y' && strcmp(v, "yes") != 0))
			bad |= shape_error(n, path, "bad value of attribute",
			    name);
		if (!one)
			xmlFree(v);
	}
	for (i = 0; allowed[i] != NULL; i++)
		if (allowed[i][0] == '!' && xmlHasProp(n,
		    (const xmlChar *)allowed[i] + 2) == NULL)
			bad |= shape_error(n, path, "missing attribute",
			    allowed[i] + 2);
	return bad;
}

/* Non-blank text among n's children, or any element when none allowed. */
static int
check_content(xmlNode *n, int elements, const char *path)
{
	xmlNode *c;

	for (c = n->children; c != NULL; c = c->next)
		if (c->type == XML_ELEMENT_NODE && !elements)
			return shape_error(n, path, "unexpected element",
			    (const char *)c->name);
		else if (elements && (c->type == XML_TEXT_NODE ||
		    c->type == XML_CDATA_SECTION_NODE) && c->content != NULL &&
		    ((const char *)c->content)[strspn((const char *)
		    c->content, " \t\n\r")] != '\0')
			return shape_error(n, path, "unexpected text in",
			    (const char *)n->name);
	return 0;
}

static int
check_entry_shape(xmlNode *n, const char *path)
{
	/* '!' required, '?' optional; c count, p positive, n NCName,
	 * y "yes", s string or checked elsewhere */
	static const char *const entry[] = {
		"!cn", "!crun", "!skind", "?stime", "?sstep", "?ncountry",
		"?ssource", "?ysealed", "?cqueued", "?sfingerprint", "?cof",
		"?ssession-key", "?ssigned", "?scontent", "!sdigest", NULL
	};
	static const char *const draw[] = {
		"!cn", "!prange", "!cvalue", "!spurpose", NULL
	};
	static const char *const event[] = {
		"!stype", "?ncountry", "?nto", NULL
	};
	static const char *const none[] = { NULL };
	static const char *const kinds[] = {
		"setup", "order", "default", "adjust", "rejected", "key",
		"received", "entropy", "unseal", "moderator", "revoke"
	};
	char kind[16] = "";
	xmlNode *c;
	size_t k;
	int bad, stage = 0;

	if (!xml_is(n, "entry") || n->ns != NULL)
		return shape_error(n, path, "unexpected element in <history>:",
		    (const char *)n->name);
	bad = check_attrs(n, entry, path) | check_content(n, 1, path);
	if (xml_attr(n, "kind", kind, sizeof(kind)) == 0) {
		for (k = 0; k < ARRAY_SIZE(kinds); k++)
			if (strcmp(kind, kinds[k]) == 0)
				break;
		if (k == ARRAY_SIZE(kinds))
			bad |= shape_error(n, path, "unknown kind", kind);
	}
	/* text? (entity signature)? reason? draw* event*, in this order;
	 * the signed part and its signature of a received message only */
	for (c = n->children; c != NULL; c = c->next) {
		int at;

		if (c->type != XML_ELEMENT_NODE)
			continue;
		at = xml_is(c, "text") ? 1 : xml_is(c, "entity") ? 2 :
		    xml_is(c, "signature") ? 3 : xml_is(c, "reason") ? 4 :
		    xml_is(c, "draw") ? 5 : xml_is(c, "event") ? 6 : 0;
		if (at == 0 || c->ns != NULL || at < stage ||
		    (at == stage && at < 5) || (at == 3 && stage != 2) ||
		    (at == 2 && strcmp(kind, "received") != 0)) {
			bad |= shape_error(n, path, "unexpected element",
			    (const char *)c->name);
			continue;
		}
		stage = at;
		bad |= check_attrs(c, at == 5 ? draw : at == 6 ? event : none,
		    path) | check_content(c, 0, path);
		if (at == 5)
			bad |= check_content(c, 1, path);
	}
	if (stage == 2)
		bad |= shape_error(n, path, "missing element", "signature");
	return bad ? -1 : 0;
}

/*
 * Parses a game file this program wrote and validates it against
 * formats/game.rng without the schema's pattern facets and with the
 * history entries after the first checked here: libxml2's RELAX NG
 * validation of them cost more than the rest of a run (issue 12).  The
 * checks are those of the schema; verify and files from outside get the
 * schema itself.
 */
static xmlDoc *
lean_load(const char *path)
{
	xmlDoc *doc = xml_load(path, NULL, XML_LOAD_NOFOLLOW);
	xmlNode *hist, *first, *n, *next, *rest = NULL, *last = NULL;
	int bad = 0;

	if (doc == NULL)
		return NULL;
	hist = xml_child(xmlDocGetRootElement(doc), "history");
	first = xml_child(hist, "entry");
	/* the entries after the first, set aside in order */
	for (n = first ? first->next : NULL; n != NULL; n = next) {
		next = n->next;
		if (n->type != XML_ELEMENT_NODE)
			continue;
		xmlUnlinkNode(n);
		if (last == NULL)
			rest = n;
		else
			last->next = n;
		n->prev = last;
		last = n;
	}
	if (last != NULL)
		last->next = NULL;
	bad = xml_validate_lean(doc, path, "formats/game.rng");
	for (n = rest; n != NULL; n = next) {
		next = n->next;
		n->next = n->prev = NULL;
		xmlAddChild(hist, n);
		if (bad == 0 && check_entry_shape(n, path) != 0)
			bad = -1;
	}
	if (bad == 0 && check_values(xmlDocGetRootElement(doc), path) != 0)
		bad = -1;
	if (bad != 0) {
		xmlFreeDoc(doc);
		return NULL;
	}
	return doc;
}

/*
 * A past run (game_load_run): the orders that were waiting after run upto
 * are those applied or rejected later that had begun to wait by then,
 * and those still queued in the file that had.
 */
static int
past_queue(struct game *g, size_t keep, int upto, const char *path)
{
	struct queued *q = NULL;
	size_t nq = 0, k;
	int rc = 0;

	for (k = keep; k < g->nhist; k++) {
		const struct entry *e = &g->hist[k];
		struct strbuf err;
		struct order o;

		if ((e->kind != EN_ORDER && e->kind != EN_REJECTED) ||
		    e->queued <= 0 || e->queued > upto)
			continue;
		sb_init(&err);
		if (order_parse_block(&g->rs, e->country, e->text ? e->text :
		    "", e->source, &o, &err) != 0) {
			diag(EXIT_DATAERR, path, 0, "history entry %d: %s",
			    e->n, err.buf);
			rc = -1;
		} else {
			q = xrealloc(q, (nq + 1) * sizeof(*q));
			q[nq].o = o;
			q[nq].o.queued_run = e->queued;
			q[nq].run = e->queued;
			nq++;
		}
		sb_release(&err);
	}
	for (k = 0; k < g->nqueue; k++)
		if (g->queue[k].o.queued_run <= upto) {
			q = xrealloc(q, (nq + 1) * sizeof(*q));
			q[nq++] = g->queue[k];
		} else
			order_release(&g->queue[k].o);
	free(g->queue);
	g->queue = q;
	g->nqueue = nq;
	return rc;
}

/*
 * Issue 12, the fast load.  When the cache beside a game file is the one
 * of its exact bytes (cache.h: the SHA-256 of the file is its key), the
 * file is the one this program (this version and build) wrote last, from
 * a game it had loaded and checked: the load then parses only the file's
 * head and tail, without the schema (they were checked when that game
 * was loaded), and takes the history entries and the rules' state after
 * them from the cache instead of parsing, checking and replaying them.
 * What the replay does outside the rules' state is done again from the
 * entries (replay_cached).  Anything that does not fit takes the full
 * path, which says what is wrong, if anything is.  verify, rollback
 * (LOAD_FULL) and game_load_run (report --run) always take the full
 * path.
 */
static struct cache *
cache_for(const char *path, char **bytes, size_t *len)
{
	struct cache *c;

	*bytes = read_input_file(path, XML_MAX_FILE, INPUT_NOFOLLOW, len);
	if (*bytes == NULL)
		return NULL;	/* the full path says why */
	c = cache_open(path, *bytes, *len);
	if (c == NULL) {
		free(*bytes);
		*bytes = NULL;
	}
	return c;
}

/* The file without its history entries [from, to), parsed. */
static xmlDoc *
skeleton_load(const char *path, const char *bytes, size_t len, size_t from,
    size_t to)
{
	size_t slen = len - (to - from);
	char *skel = xmalloc(slen + 1);
	xmlDoc *doc;

	memcpy(skel, bytes, from);
	memcpy(skel + from, bytes + to, len - to);
	skel[slen] = '\0';
	doc = xml_parse_valid(skel, slen, path, NULL);
	free(skel);
	return doc;
}

/*
 * What replay_entry does outside the rules' state, for the cached
 * entries: the entropy, keys and revocations, the moderator's commands,
 * the count of draws made, and the sealed picks it opens (needs_plain:
 * those it opened for the save that wrote the cache; their texts are
 * opened again, as the replay does, never kept in the cache).
 */
static int
replay_cached(struct game *g, const char *needs_plain)
{
	struct strbuf err;
	struct order o;
	size_t k;
	int rc = 0;

	sb_init(&err);
	for (k = 0; k < g->nhist && rc == 0; k++) {
		struct entry *e = &g->hist[k];

		switch (e->kind) {
		case EN_ENTROPY:
			dice_add_entropy(&g->dice, e->text ? e->text : "");
			break;
		case EN_KEY:
			apply_key(g, e);
			break;
		case EN_REVOKE:
			apply_revoke(g, e);
			break;
		case EN_MODERATOR:
			rc = moderator_apply(g, e, &err);
			break;
		case EN_SETUP:
		case EN_ORDER:
		case EN_DEFAULT:
		case EN_ADJUST:
			/* the replay draws each recorded draw, no other */
			g->dice.next += (unsigned)e->ndraws;
			break;
		default:
			break;
		}
		if (rc != 0 || !needs_plain[k] || e->kind != EN_ORDER ||
		    e->opened || e->country < 0)
			continue;
		if (order_parse_block(&g->rs, e->country, e->text ? e->text :
		    "", e->source, &o, &err) != 0)
			rc = -1;
		else if (o.sealed && o.plain != NULL)
			e->plain = xstrdup(o.plain);
		else
			rc = -1;
		order_release(&o);
	}
	sb_release(&err);
	return rc;
}

static int
load(struct game *g, const char *path, const unsigned char *seed,
    int flags, int upto)
{
	int verify = (flags & LOAD_VERIFY) != 0;
	/*
	 * verify gets the whole schema; the others the schema without its
	 * costly pattern facets, whose values are checked here (issue 12).
	 * A symbolic link would be replaced by a file on save: refused.
	 */
	int lean = !verify;
	int may_cache = lean && upto < 0 && !(flags & LOAD_FULL) &&
	    !cache_disabled();
	char *bytes = NULL, *needs_plain = NULL;
	size_t blen = 0, sfrom = 0, sto = 0, sn = 0;
	struct cache *c = may_cache ? cache_for(path, &bytes, &blen) : NULL;
	struct aor_state snap;
	xmlDoc *doc;
	xmlNode *root, *rsnode, *n;
	char commit[65], revealed[2 * SEED_BYTES + 8], sealing[16];
	unsigned char seedbuf[SEED_BYTES];
	struct player players[RS_MAX_COUNTRIES];
	int rc = -1, rules;
	size_t k, keep, nplains = 0;
	struct deadline *dl = NULL;
	char **plains = NULL;	/* verify: the signed texts (issue 9.5) */

	if (c != NULL && cache_splice(c, blen, &sfrom, &sto, &sn) != 0) {
		cache_close(c);
		c = NULL;
	}
	if (c != NULL)
		doc = skeleton_load(path, bytes, blen, sfrom, sto);
	else
		doc = lean ? lean_load(path) : xml_load(path,
		    "formats/game.rng", XML_LOAD_NOFOLLOW);
	if (doc == NULL)
		goto fail;
	root = xmlDocGetRootElement(doc);
	game_init(g);
	g->path = xstrdup(path);
	xml_attr(root, "id", g->id, sizeof(g->id));
	xml_attr(root, "created", g->created, sizeof(g->created));
	g->run = xml_attr_int(root, "run", 0);
	if (xml_attr_int(root, "format", 0) != FORMAT_VERSION) {
		diag(EXIT_DATAERR, path, 0, "game file format %d, this "
		    "adjudicator reads format %d",
		    xml_attr_int(root, "format", 0), FORMAT_VERSION);
		goto out;
	}
	/* A game keeps the reading of the rules it was made under (aor.h). */
	rules = xml_attr_int(root, "rules", AOR_RULES_OLDEST);
	if (rules < AOR_RULES_OLDEST || rules > AOR_RULES_CURRENT) {
		diag(EXIT_DATAERR, path, (int)xmlGetLineNo(root), "game "
		    "played under rules reading %d; this adjudicator knows "
		    "readings %d to %d", rules, AOR_RULES_OLDEST,
		    AOR_RULES_CURRENT);
		goto out;
	}
	rsnode = xml_child(root, "ruleset");
	g->sealing_bound = xml_attr(root, "sealing", sealing,
	    sizeof(sealing)) == 0 && strcmp(sealing, "bound") == 0;
	ruleset_commit_read(g, xml_child(root, "ruleset-digest"));
	/* the cache's file had its ruleset copy checked when it was loaded */
	if (c == NULL && ruleset_check(g, rsnode, path, lean) != 0)
		goto out;
	g->rsdoc = xmlNewDoc((const xmlChar *)"1.0");
	xmlDocSetRootElement(g->rsdoc, xmlDocCopyNode(rsnode, g->rsdoc, 1));
	if (ruleset_from_xml(&g->rs, xmlDocGetRootElement(g->rsdoc),
	    path) != 0)
		goto out;
	aor_state_init(&g->st, &g->rs);
	g->st.rules = rules;
	if (read_players(g, root, path) != 0)
		goto out;
	n = xml_child(root, "seed");
	xml_attr(n, "commitment", g->commitment, sizeof(g->commitment));
	if (xml_child(n, "sealed") != NULL)
		g->sealed_seed = xml_text(xml_child(n, "sealed"));
	if (seed == NULL && xml_attr(n, "revealed", revealed,
	    sizeof(revealed)) == 0 && hex_decode(revealed, seedbuf,
	    SEED_BYTES) == 0) {
		seed = seedbuf;		/* R30: published at the end */
		g->seed_revealed = 1;
	}
	if ((n = xml_child(root, "settings")) != NULL)
		g->deadline_hours = xml_attr_int(n, "deadline-hours", 0);
	dice_init(&g->dice, g->id);
	if (seed != NULL) {
		seed_commitment(seed, commit);
		if (strcmp(commit, g->commitment) != 0) {
			diag(EXIT_DATAERR, path, 0, "the seed does not match "
			    "the game's commitment (SHA-256 %s)",
			    g->commitment);
			goto out;
		}
		dice_set_key(&g->dice, seed);
	}
	if (c != NULL && (cache_history(c, g, entry_release,
	    &needs_plain) != 0 || g->nhist != sn)) {
		/* the full path, anew */
		goto out;
	}
	for (n = c != NULL ? NULL : xml_child(xml_child(root, "history"),
	    "entry"); n; n = xml_next(n, "entry")) {
		struct entry *e;

		g->hist = xrealloc(g->hist, (g->nhist + 1) *
		    sizeof(*g->hist));
		e = &g->hist[g->nhist];
		if (read_entry(g, n, e, path) != 0) {
			entry_release(e);
			goto out;
		}
		g->nhist++;
		if (e->n != (int)g->nhist - 1) {
			diag(EXIT_DATAERR, path, (int)xmlGetLineNo(n),
			    "history entry numbered %d at position %zu",
			    e->n, g->nhist - 1);
			goto out;
		}
	}
	keep = g->nhist;
	if (upto == g->run)
		upto = -1;	/* the latest run: the file as it is */
	if (upto >= 0) {
		if (upto > g->run) {
			diag(EXIT_USAGE, path, 0, "no run %d: the game's "
			    "latest run is %d", upto, g->run);
			goto out;
		}
		for (keep = 0; keep < g->nhist && g->hist[keep].run <= upto;
		    keep++)
			;
		g->run = upto;
	}
	for (k = 0; k < keep; k++)
		if (g->hist[k].kind == EN_UNSEAL && g->hist[k].of >= 0 &&
		    (size_t)g->hist[k].of < g->nhist)
			g->hist[g->hist[k].of].opened = 1;
	if (seed == NULL && (flags & (LOAD_VERIFY | LOAD_NEED_SEED)))
		game_find_seed(g);
	if (verify && !g->dice.have_key) {
		diag(EXIT_NOINPUT, path, 0, "verify needs the seed: give "
		    "--seed-file, or the moderator's key (GNUPGHOME) for a "
		    "sealed seed; the seed is published when the game ends");
		goto out;
	}
	if (g->nhist == 0 || g->hist[0].kind != EN_SETUP) {
		diag(EXIT_DATAERR, path, 0, "the history does not start with "
		    "the setup");
		goto out;
	}
	/*
	 * Every entry's draws and events are compared; the state digests of
	 * every entry only by verify, the last one always.
	 */
	memcpy(players, g->st.players, sizeof(players));
	if (c != NULL) {
		/* the rules' state as the replay leaves it, and the rest */
		snap.rs = &g->rs;
		if (cache_state(c, &snap) != 0)
			goto out;
		g->st = snap;
		if (replay_cached(g, needs_plain) != 0)
			goto out;
		g->st = snap;
	}
	for (k = 0; c == NULL && k < keep; k++) {
		if (replay_entry(g, &g->hist[k], verify, verify, path) != 0)
			goto out;
		/* a past run: deadlines as each save set them (its time) */
		if (upto >= 0 && (k + 1 == keep ||
		    strcmp(g->hist[k + 1].time, g->hist[k].time) != 0))
			update_deadlines(g, g->hist[k].time);
	}
	if (upto < 0 && verify) {
		nplains = g->nhist;
		plains = xcalloc(nplains + 1, sizeof(*plains));
		if (check_received(g, path, &g->unchecked, plains) != 0 ||
		    check_unsealed(g, path) != 0)
			goto out;
	}
	/* the players' changes in the history end where <players> is */
	for (k = 0; upto < 0 && k < (size_t)g->st.nplayers; k++)
		if (strcmp(players[k].name, g->st.players[k].name) != 0 ||
		    strcmp(players[k].email, g->st.players[k].email) != 0) {
			diag(EXIT_DATAERR, path, 0, "the <players> element does "
			    "not match the players' changes in the history "
			    "(%s; edited by hand?)", cid(g,
			    g->st.players[k].country));
			goto out;
		}
	/* every entry records the state after it: the last one must fit */
	aor_state_digest(&g->st, commit);
	if (c != NULL && strcmp(commit, g->hist[keep - 1].digest) != 0)
		goto out;	/* a cache that does not fit: the full path */
	if (strcmp(commit, g->hist[keep - 1].digest) != 0) {
		diag(EXIT_DATAERR, path, 0, "history entry %zu: the state the "
		    "history produces differs from the recorded digest",
		    keep - 1);
		goto out;
	}
	if (upto >= 0) {
		/* the queue of the file, not its pending deadlines */
		size_t ndl = g->ndeadlines;

		dl = g->deadlines;
		g->deadlines = NULL;
		g->ndeadlines = 0;
		rc = read_tail(g, root, path);
		free(g->deadlines);
		g->deadlines = dl;
		g->ndeadlines = ndl;
		if (rc != 0 || past_queue(g, keep, upto, path) != 0) {
			rc = -1;
			goto out;
		}
		while (g->nhist > keep)
			entry_release(&g->hist[--g->nhist]);
		goto out;
	}
	if (check_state(g, root, path) != 0 || read_tail(g, root, path) != 0)
		goto out;
	if (plains != NULL && check_orders(g, path, plains, nplains,
	    &g->unchecked_orders) != 0)
		goto out;
	if (c != NULL) {
		/* the splice save copies the old entries from these bytes */
		g->file = bytes;
		g->file_len = blen;
		g->splice_from = sfrom;
		g->splice_to = sto;
		g->splice_n = sn;
		bytes = NULL;
	}
	rc = 0;
out:
	for (k = 0; k < nplains; k++)
		free(plains[k]);
	free(plains);
	xmlFreeDoc(doc);
	if (rc != 0)
		game_release(g);	/* the caller gets nothing to free */
fail:
	free(needs_plain);
	free(bytes);
	cache_close(c);
	if (may_cache)
		cache_trace(path, c != NULL && rc == 0);
	if (rc != 0 && c != NULL)	/* the cache did not serve */
		return load(g, path, seed, flags | LOAD_FULL, upto);
	return rc;
}

int
game_load(struct game *g, const char *path, const unsigned char *seed,
    int flags)
{
	return load(g, path, seed, flags, -1);
}

int
game_load_run(struct game *g, const char *path, int run)
{
	return load(g, path, NULL, 0, run);
}
