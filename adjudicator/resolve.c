/*
 * resolve.c - applying a batch of order files to a game.
 */
#include "resolve.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "diag.h"
#include "mail.h"
#include "orders.h"
#include "pgp.h"
#include "util.h"

/*
 * R39 (the module's secrecy ruling, RR39 in Age of Renaissance): why a
 * sealed order is illegal would tell what it says (a card it
 * does not hold, a price it cannot pay); a refusal must not open a pick,
 * whoever sent it, so sealed orders are refused without the reason.
 */
#define SEALED_REFUSAL "the sealed pick is not legal now (the reason is " \
    "not given: it would tell what the pick says, %s)"

static void
verdict(const struct run_opts *opt, const struct order *o,
    const struct game *g, const char *text)
{
	if (opt->verbose)
		printf("%s: %s %s: %s\n", o->source, o->step,
		    game_country_name(g, o->country), text);
}

/*
 * What one file comes to, for the player: the problems of the file as
 * every diagnostic about it reports them (they go to stderr as well),
 * and notes on what was ignored.
 */
struct problem {
	int line;		/* 0: about the whole file, shown last */
	int seq;		/* the order they came in */
	char *text;		/* "PATH:LINE: rejected: ..." */
};

struct file_verdict {
	const char *path;
	struct problem *list;	/* errors and warnings, as they came */
	int n;
	int nproblems;		/* of them errors */
};

static void
collect(void *ctx, const char *grade, const char *file, int line,
    const char *msg)
{
	struct file_verdict *fv = ctx;
	int error = strcmp(grade, "error") == 0;
	struct problem *p;

	(void)file;	/* about this file, whatever name it was given */
	fv->list = xrealloc(fv->list, (size_t)(fv->n + 1) * sizeof(*p));
	p = &fv->list[fv->n++];
	p->line = line;
	p->seq = fv->n - 1;
	p->text = line > 0 ? xasprintf("%s:%d: %s: %s\n", fv->path, line,
	    error ? "rejected" : "warning", msg) : xasprintf("%s: %s: %s\n",
	    fv->path, error ? "rejected" : "warning", msg);
	fv->nproblems += error;
}

static int
problem_cmp(const void *a, const void *b)
{
	const struct problem *p = a, *q = b;
	int pl = p->line > 0 ? p->line : 1 << 30;
	int ql = q->line > 0 ? q->line : 1 << 30;

	if (pl != ql)
		return pl < ql ? -1 : 1;
	return p->seq < q->seq ? -1 : p->seq > q->seq;
}

/* Prints the problems in the order of the file's lines and frees them. */
static void
print_problems(struct file_verdict *fv, int show)
{
	int i;

	if (fv->n > 1)
		qsort(fv->list, (size_t)fv->n, sizeof(*fv->list),
		    problem_cmp);
	for (i = 0; i < fv->n; i++) {
		if (show)
			fputs(fv->list[i].text, stdout);
		free(fv->list[i].text);
	}
	free(fv->list);
	fv->list = NULL;
	fv->n = 0;
}

/* A rejection at intake: a diagnostic, which the verdict shows too. */
static void
reject(const struct run_opts *opt, const char *path, int line,
    const char *fmt, ...)
{
	va_list ap;
	char *s;

	(void)opt;
	va_start(ap, fmt);
	s = xvasprintf(fmt, ap);
	va_end(ap);
	diag(EXIT_DATAERR, path, line, "%s", s);
	free(s);
}

/* "2026-12-01T18:00:00Z" as "2026-12-01 18:00 UTC" */
static void
human_time(const char *iso, char out[32])
{
	snprintf(out, 32, "%.10s %.5s UTC", iso, iso + 11);
}

/*
 * Until when a refused file can be corrected: the earliest deadline of
 * the decisions pending from its country (any country's, when the file
 * names none), as a sentence for the player.
 */
static void
add_until(struct strbuf *sb, const struct game *g, int country,
    const char *now)
{
	struct decision d[GAME_MAX_SIDES];
	int np = g->module->pending(g->st, d, GAME_MAX_SIDES), i;
	const char *best = NULL;
	char when[32], cite[32];

	for (i = 0; i < np; i++) {
		const char *dl = game_deadline(g, &d[i]);

		if (dl == NULL || (country >= 0 && d[i].country != country))
			continue;
		if (best == NULL || time_parse(dl) < time_parse(best))
			best = dl;
	}
	if (best == NULL) {
		sb_add(sb, "Send the corrected file before the step it is "
		    "for is decided.");
		return;
	}
	human_time(best, when);
	if (now != NULL && time_parse(best) <= time_parse(now))
		sb_addf(sb, "Send the corrected file at once: the deadline, "
		    "%s, has passed, and the next run applies the "
		    "defaults%s.", when, module_cite(cite,
		    g->module->defaults_ruling, NULL));
	else
		sb_addf(sb, "Send the corrected file before %s.", when);
}

/* One line per kind of text that was read past. */
static void
add_ignored(struct strbuf *sb, const char *path, const struct order_file *of)
{
	if (of->ignored_before > 0)
		sb_addf(sb, "%s: ignored %d line%s before GAME (line %d)\n",
		    path, of->ignored_before, of->ignored_before > 1 ? "s" :
		    "", of->game_at);
	if (of->ignored_quoted > 0)
		sb_addf(sb, "%s: ignored %d quoted line%s (starting with "
		    "'>', from line %d)\n", path, of->ignored_quoted,
		    of->ignored_quoted > 1 ? "s" : "", of->first_quoted);
	if (of->ignored_after > 0)
		sb_addf(sb, "%s: ignored %d line%s after the end of the "
		    "orders (line %d)\n", path, of->ignored_after,
		    of->ignored_after > 1 ? "s" : "", of->end_line);
}

/*
 * A signed file: verified against the registered keys (issue 4); on
 * success *text becomes the signed text and fpr the signer's primary key.
 */
static int
unwrap_signed(struct game *g, const char *path, char **text, char fpr[41],
    long long *signed_at, const struct run_opts *opt)
{
	struct strbuf err;
	char *plain = NULL;
	int rc;

	sb_init(&err);
	rc = game_verify_message(g, *text, strlen(*text), &plain, fpr,
	    signed_at, &err);
	if (rc != 0)
		reject(opt, path, 0, "signature not accepted: %s", err.buf);
	else {
		free(*text);
		*text = plain;
	}
	sb_release(&err);
	return rc;
}

/* The time of the run: --now or the clock, whichever is later. */
static long long
run_clock(const struct run_opts *opt)
{
	long long now = time_parse(opt->now), clock = (long long)time(NULL);

	return clock > now ? clock : now;
}

/*
 * Issue 17.5: a signature dated after the run is refused.  R38 orders a
 * player's orders by their signing times, so a signature dated ahead (a
 * thief's, made with a faked clock) would stand against every order the
 * owner signs until then, whatever key he has since.  A clock may run a
 * little fast: SIGN_CLOCK_SKEW seconds are allowed (adjudicator(1)).
 * The run's time is --now or the clock, whichever is later, so that a run
 * replayed with an earlier --now still takes what was signed since.
 */
#define SIGN_CLOCK_SKEW (15 * 60)

static int
signed_in_future(const char *path, long long signed_at,
    const struct run_opts *opt)
{
	long long now = run_clock(opt);
	char a[32], b[32];

	if (signed_at <= now + SIGN_CLOCK_SKEW)
		return 0;
	time_format(signed_at, a);
	time_format(now, b);
	reject(opt, path, 0, "signature not accepted: it is dated %s, after "
	    "the time of this run (%s; a clock may run up to %d minutes "
	    "fast): set the computer's clock right and sign again", a, b,
	    SIGN_CLOCK_SKEW / 60);
	return 1;
}

/*
 * Issue 17.7: an order signed in time by a key that has expired since
 * counts, and its acknowledgement says so, and what to do for the next
 * ones (only there: a run that sends none needs no more gpg).
 */
static void
expired_since(struct game *g, const char *path, const char *fpr,
    long long signed_at, const struct run_opts *opt)
{
	long long end = game_key_expiry(g, fpr);
	char a[32], b[32];

	if (end <= 0 || end > run_clock(opt) || signed_at <= 0)
		return;
	time_format(signed_at, a);
	time_format(end, b);
	printf("%s: signed at %s by key %s, which has expired since (at %s): "
	    "this order counts; for the next ones send the moderator the key "
	    "with a new expiry date, or a new key\n", path, a, fpr, b);
}

/*
 * The lines before a clearsigned text (the armour line, the Hash lines
 * and the blank line), so that messages name the file's own lines.
 */
static int
signed_text_line(const char *msg)
{
	const char *p = strstr(msg, "-----BEGIN PGP SIGNED MESSAGE-----"), *q;
	int n = 0;

	if (p == NULL)
		return 0;
	for (q = msg; q < p; q++)
		n += *q == '\n';
	for (;;) {
		const char *nl = strchr(p, '\n');

		if (nl == NULL)
			return 0;
		n++;
		if (nl[1] == '\n' || (nl[1] == '\r' && nl[2] == '\n'))
			return n + 1;
		p = nl + 1;
	}
}

/* The line of the byte at p in text, counted from 1. */
static int
line_of(const char *text, const char *p)
{
	int n = 1;

	for (; text < p; text++)
		n += *text == '\n';
	return n;
}

/* The line of the file where its PGP armour starts; else 1. */
static int
armor_line(const char *text)
{
	const char *p = strstr(text, "-----BEGIN PGP");

	return p != NULL ? line_of(text, p) : 1;
}

/*
 * A mail signature after a signed file's armour ("-- " and a name, as a
 * mail client appends it) is not part of the orders: cuts it off in
 * place and returns how many non-blank lines went, with the line of the
 * separator in *at; 0 when there is none.  Other text after the armour
 * stays, and the signature check refuses it.
 */
static int
cut_mail_signature(char *text, int *at)
{
	static const char *const ends[] = { "-----END PGP SIGNATURE-----",
	    "-----END PGP MESSAGE-----" };
	char *end = NULL, *p, *q;
	size_t i;
	int n = 0;

	for (i = 0; i < 2 && end == NULL; i++)
		if ((p = strstr(text, ends[i])) != NULL)
			end = p;
	if (end == NULL || (p = strchr(end, '\n')) == NULL)
		return 0;
	end = ++p;
	while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
		p++;
	if (p[0] != '-' || p[1] != '-')
		return 0;
	for (q = p + 2; *q == ' ' || *q == '\t' || *q == '\r'; q++)
		;
	if (*q != '\n' && *q != '\0')
		return 0;
	*at = line_of(text, p) + 1;
	for (q = p; *q != '\0'; q = *q == '\n' ? q + 1 : q) {
		int blank = 1;

		for (; *q != '\0' && *q != '\n'; q++)
			blank = blank && isspace((unsigned char)*q);
		n += !blank;
	}
	*end = '\0';
	return n;
}

/*
 * Whether text, which goes into the game file (XML) as it is, can be
 * recorded: UTF-8 without control characters but tab, CR and LF.  A
 * single such byte, even in a comment, would make the game unloadable.
 */
static int
recordable(const struct run_opts *opt, const char *path, const char *text)
{
	struct strbuf why;
	int line, rc;

	sb_init(&why);
	rc = text_check(text, strlen(text), &line, &why) == 0;
	if (!rc)
		reject(opt, path, line, "%s", why.buf);
	sb_release(&why);
	return rc;
}

/*
 * Orders wait in the game file, and a flood of them must not make it
 * huge: a player has at most QUEUE_MAX_PER_PLAYER waiting.  These count
 * the waiting ones, and tell whether block i of a file takes the place
 * of one (R38: the same step waiting, or later in the file).
 */
static int
queued_for(const struct game *g, int country)
{
	size_t i;
	int n = 0;

	for (i = 0; i < g->nqueue; i++)
		n += g->queue[i].o.country == country;
	return n;
}

static int
replaces(const struct game *g, const struct order_file *of, int i)
{
	const struct order *o = &of->orders[i];
	size_t k;
	int j;

	for (k = 0; k < g->nqueue; k++)
		if (g->queue[k].o.country == o->country &&
		    strcmp(g->queue[k].o.step, o->step) == 0)
			return 1;
	for (j = i + 1; j < of->norders; j++)
		if (strcmp(of->orders[j].step, o->step) == 0)
			return 1;
	return 0;
}

/*
 * Issue 9.5: the text of a PGP/MIME signed order, filed by fetch, must
 * be the text of its signed part, whose detached signature must hold
 * with a registered key: the signer and the signing time come from
 * here, and the part and signature go into the history with the text.
 */
static int
mime_text(struct game *g, const char *path, const struct mime_signed *ms,
    const char *text, char fpr[41], long long *signed_at,
    const struct run_opts *opt)
{
	struct strbuf err;
	char *signed_text = NULL;
	int rc = -1;

	sb_init(&err);
	if (ms->entity_len > SIGNED_ENTITY_MAX ||
	    strlen(ms->signature) > SIGNATURE_MAX)
		reject(opt, path, 0,
		    "the PGP/MIME signed part or its signature "
		    "is larger than a signed order may be (%d and %d bytes)",
		    SIGNED_ENTITY_MAX, SIGNATURE_MAX);
	else if (game_verify_mime(g, ms->entity, ms->entity_len,
	    ms->signature, &signed_text, fpr, signed_at, &err) != 0)
		reject(opt, path, 0, "the PGP/MIME signature was not accepted: "
		    "%s", err.buf);
	else if (strcmp(signed_text, text) != 0)
		reject(opt, path, 0,
		    "this file is not the text of the PGP/MIME "
		    "signed part it was filed with (edited after it came?)");
	else
		rc = 0;
	free(signed_text);
	sb_release(&err);
	return rc;
}

/*
 * Reads and checks one file; queues its orders.  Returns the errors
 * (then nothing of the file is recorded).  A block for a step already
 * decided is skipped with a warning (R38): a player who resends his
 * previous file with a block added means the new block.
 */
static int
check_file(struct game *g, const char *path, const struct mime_signed *ms,
    struct run_opts *opt, struct order_file *of, int **usedp,
    long long *signed_at)
{
	int *used;
	char *conv, *text, *received = NULL, *raw = NULL, *nul, fpr[41] = "";
	char content[65] = "", cite[32];
	int errors, i, is_pgp, first_line = 0, stale = 0, waiting, seen;
	int cut = 0, cut_at = 0, held;
	size_t len;

	memset(of, 0, sizeof(*of));
	of->country = -1;
	text = read_input_file(path, ORDER_FILE_MAX, 0, &len);
	if (text == NULL) {
		if (errno == EFBIG)
			reject(opt, path, 0, "an order file holds at most %d "
			    "bytes (adjudicator-orders(5))", ORDER_FILE_MAX);
		else
			diag(errno == EINVAL ? EXIT_DATAERR : EXIT_NOINPUT,
			    path, 0, "cannot read: %s", input_error(errno));
		return 1;
	}
	/* a NUL would silently end the text here */
	if ((nul = memchr(text, '\0', len)) != NULL) {
		reject(opt, path, line_of(text, nul), "a NUL byte (this is no "
		    "text file)");
		free(text);
		return 1;
	}
	is_pgp = strstr(text, "-----BEGIN PGP SIGNED MESSAGE-----") != NULL ||
	    strncmp(text, "-----BEGIN PGP MESSAGE-----", 27) == 0;
	if (is_pgp) {
		cut = cut_mail_signature(text, &cut_at);
		received = xstrdup(text);
		first_line = signed_text_line(text);
		if (unwrap_signed(g, path, &text, fpr, signed_at, opt) != 0 ||
		    signed_in_future(path, *signed_at, opt)) {
			free(text);
			free(received);
			return 1;
		}
		/*
		 * Signed in ISO-8859-1: verified over the bytes as sent; the
		 * game file (XML, UTF-8) shows them converted and keeps them
		 * as they were (issue 17), which verify checks again.
		 */
		conv = text_to_utf8(received, strlen(received));
		if (conv != NULL) {
			raw = received;
			received = conv;
		}
		if (!recordable(opt, path, received)) {
			free(text);
			free(received);
			free(raw);
			return 1;
		}
	} else if (!recordable(opt, path, text)) {
		free(text);
		return 1;
	} else if (ms != NULL) {
		/* PGP/MIME: the text of a signed part, checked again here */
		if (mime_text(g, path, ms, text, fpr, signed_at, opt) != 0 ||
		    signed_in_future(path, *signed_at, opt)) {
			free(text);
			return 1;
		}
		received = xstrdup(text);
		is_pgp = 1;
	} else if (game_signed(g)) {
		reject(opt, path, 0, "the order file is not signed: this game "
		    "takes only orders signed with the key registered for "
		    "the country (adjudicator-orders(5), \"Signed orders\")");
		free(text);
		return 1;
	}
	if (is_pgp) {
		/*
		 * R38: a signed message counts once.  Sent again (by anyone
		 * who saw it) it would put back orders its signer has since
		 * replaced.
		 */
		sha256_hex(text, strlen(text), content);
		seen = game_find_received(g, content, received);
		if (seen >= 0) {
			reject(opt, path, armor_line(received), "this signed "
			    "message is in the game already (history entry "
			    "%d, %s): a signed message counts once%s; to "
			    "send the same orders again, sign them anew with "
			    "any change, such as a comment", seen,
			    g->hist[seen].time, module_cite(cite,
			    g->module->latest_ruling, NULL));
			free(text);
			free(received);
			free(raw);
			return 1;
		}
	}
	errors = orders_parse_for(g->module, g->rs, g->id, path, text,
	    first_line, of);
	free(text);
	if (cut > 0 && of->end_line == 0) {
		/* the mail signature after the armour, in the verdict */
		of->end_line = cut_at;
		of->ignored_after = cut - 1;
	}
	/* per block: 0 skipped, 1 due now, 2 kept for a later step */
	used = *usedp = xcalloc((size_t)of->norders + 1, sizeof(*used));
	if (of->game_line && strcmp(of->game, g->id) != 0) {
		reject(opt, path, of->game_line,
		    "orders for game '%s', not for "
		    "this game '%s'", of->game, g->id);
		errors++;
	}
	if (of->country >= 0 && !game_is_player(g, of->country)) {
		reject(opt, path, of->country_line, "%s is not led by a player "
		    "in this game", game_country_name(g, of->country));
		errors++;
	}
	if (errors == 0 && is_pgp && of->country >= 0 &&
	    g->key_revoked[of->country] != NULL &&
	    strcmp(fpr, g->key_fpr[of->country]) == 0) {
		reject(opt, path, of->country_line, "signed by key %s, which "
		    "was revoked (history entry %d): orders signed with it are "
		    "refused; the moderator registers a new key with "
		    "'adjudicator key'", fpr, g->key_revoked_at[of->country]);
		errors++;
	} else if (errors == 0 && is_pgp && of->country >= 0 &&
	    strcmp(fpr, g->key_fpr[of->country]) != 0) {
		reject(opt, path, of->country_line,
		    "signed by key %s, which is "
		    "not the key registered for %s (%s)", fpr,
		    game_country_name(g, of->country),
		    g->key_fpr[of->country][0] ?
		    g->key_fpr[of->country] : "none registered");
		errors++;
	}
	/* every order is checked before anything of the file is kept */
	waiting = of->country >= 0 ? queued_for(g, of->country) : 0;
	for (i = 0; errors == 0 && i < of->norders; i++) {
		struct order *o = &of->orders[i];
		int line = atoi(strrchr(o->source, ':') + 1);
		struct strbuf why;
		enum step_status s;

		sb_init(&why);
		used[i] = 0;
		held = o->sealed ? game_holds_sealed(g, o->text) : -1;
		if (held >= 0) {
			char where[48];

			if ((size_t)held == g->nhist)
				snprintf(where, sizeof(where),
				    "a queued order");
			else
				snprintf(where, sizeof(where), "history entry "
				    "%d", held);
			/* R39: a copied ciphertext would open someone's pick */
			reject(opt, path, line, "step %s: this sealed message "
			    "is in the game already (%s): a sealed pick counts "
			    "once; seal it anew", o->step, where);
			errors++;
			sb_release(&why);
			continue;
		}
		s = g->module->step_status(g->st, o->step, o->country, &why);
		if (s != STEP_STALE && game_queue_check(g, o, *signed_at,
		    &why) != 0) {
			reject(opt, path, line, "step %s: %s", o->step,
			    why.buf);
			errors++;
		} else if (s == STEP_STALE) {
			/* R38: stale, but it sinks nothing else */
			diag_warn(path, line, "%s: this block is skipped, the "
			    "rest of the file counts", why.buf);
			stale++;
		} else if (s == STEP_NOT_YOURS ||
		    (s == STEP_CURRENT && g->module->check(g->st, o,
		    &why) != 0)) {
			if (s == STEP_CURRENT && o->sealed) {
				sb_reset(&why);
				sb_addf(&why, SEALED_REFUSAL,
				    g->module->secrecy_ruling);
			}
			reject(opt, path, line, "step %s: %s", o->step,
			    why.buf);
			errors++;
		} else if (!replaces(g, of, i) &&
		    ++waiting > QUEUE_MAX_PER_PLAYER) {
			reject(opt, path, line, "step %s: %s has %d orders "
			    "waiting already, the most a player may have "
			    "(adjudicator-orders(5))", o->step,
			    game_country_name(g, o->country),
			    QUEUE_MAX_PER_PLAYER);
			errors++;
		} else
			used[i] = s == STEP_FUTURE ? 2 : 1;
		sb_release(&why);
	}
	if (errors == 0 && stale == of->norders) {
		reject(opt, path, 0, "nothing in this file counts: every step "
		    "in it was decided already%s", module_cite(cite,
		    g->module->latest_ruling, NULL));
		errors++;
	}
	if (errors == 0 && is_pgp && opt->verbose)
		expired_since(g, path, fpr, *signed_at, opt);
	if (errors == 0 && received != NULL) {
		game_received(g, of->country, path, fpr, received, content,
		    *signed_at, opt->now);
		if (ms != NULL)
			game_received_mime(g, ms->entity, ms->entity_len,
			    ms->signature);
		if (raw != NULL)
			game_received_bytes(g, raw, strlen(raw));
	}
	free(received);
	free(raw);
	return errors;
}

/* Reads one file and queues what counts; returns the errors. */
static int
take_file(struct game *g, const char *path, const struct mime_signed *ms,
    struct run_opts *opt)
{
	struct order_file of;
	struct file_verdict fv;
	struct strbuf notes;
	int *used = NULL, errors, i;
	long long signed_at = 0;

	memset(&fv, 0, sizeof(fv));
	fv.path = path;
	sb_init(&notes);
	diag_set_tee(collect, &fv);
	errors = check_file(g, path, ms, opt, &of, &used, &signed_at);
	diag_set_tee(NULL, NULL);
	if (of.path != NULL)
		add_ignored(&notes, path, &of);
	if (opt->verbose) {
		fputs(notes.buf, stdout);
		if (errors > 0)
			printf("%s: Nothing in this file counts yet:\n", path);
	}
	print_problems(&fv, opt->verbose);
	if (opt->verbose && errors > 0) {
		sb_reset(&notes);
		add_until(&notes, g, of.country, opt->now);
		printf("%s: %s\n", path, notes.buf);
	}
	for (i = 0; errors == 0 && i < of.nentropy; i++)
		game_entropy(g, of.country, of.entropy[i], opt->now);
	for (i = 0; errors == 0 && i < of.norders; i++) {
		if (!used[i])
			continue;
		game_queue(g, &of.orders[i], signed_at);
		opt->changed = 1;	/* a waiting order is saved too */
		if (used[i] == 2) {
			char text[64], cite[32];

			snprintf(text, sizeof(text), "accepted, kept until "
			    "its step comes%s", module_cite(cite,
			    g->module->ahead_ruling, NULL));
			verdict(opt, &of.orders[i], g, text);
		}
	}
	if (of.path != NULL)
		order_file_release(&of);
	free(used);
	sb_release(&notes);
	return errors;
}

/*
 * Applies queued orders as long as one answers a pending decision.  An
 * order that has become illegal by the time its step comes is recorded as
 * rejected (the player reads why in the report) and its decision stays
 * pending.
 */
static void
apply_due(struct game *g, struct run_opts *opt)
{
	struct decision d[GAME_MAX_SIDES];
	int np, i, progress = 1;

	while (progress) {
		progress = 0;
		game_drop_stale(g, opt->now);
		np = g->module->pending(g->st, d, GAME_MAX_SIDES);
		for (i = 0; i < np && !progress; i++) {
			struct order o;
			struct strbuf err;

			if (!game_unqueue(g, &d[i], &o))
				continue;
			sb_init(&err);
			if (game_order(g, &o, opt->now, &err) == 0)
				verdict(opt, &o, g, "accepted, applied");
			else {
				char *v;

				if (o.sealed) {
					sb_reset(&err);
					sb_addf(&err, SEALED_REFUSAL,
					    g->module->secrecy_ruling);
				}
				v = xasprintf("rejected when its step came: %s",
				    err.buf);
				game_reject(g, &o, err.buf, opt->now);
				verdict(opt, &o, g, v);
				free(v);
				opt->rejected++;
			}
			progress = 1;
			sb_release(&err);
			order_release(&o);
		}
	}
}

/*
 * R37: the default of every decision pending now whose deadline has
 * passed; with --deadline-passed also of those that have no deadline.  A
 * deadline still to come is never cut short.
 */
static void
apply_defaults(struct game *g, const struct run_opts *opt)
{
	struct decision d[GAME_MAX_SIDES];
	int np = g->module->pending(g->st, d, GAME_MAX_SIDES), i;
	long long now = time_parse(opt->now);

	/* issue 11: while the moderator has paused the game, time stands */
	if (game_paused(g))
		return;
	for (i = 0; i < np; i++) {
		const char *dl = game_deadline(g, &d[i]);

		if (dl != NULL ? time_parse(dl) <= now : opt->deadline_passed)
			game_default(g, &d[i], opt->now);
	}
}

/*
 * Issue 12: the clearsigned messages among the files are verified before
 * any is read for its orders, all with one gpg; check_file then finds
 * each verdict by the message's bytes, read the way it reads them.  A
 * file that reads differently by then is verified on its own.
 */
#define AHEAD_MAX (4 * 1024 * 1024)

/* The clearsigned files as check_file reads them; their count in *n. */
static char **
read_ahead(char **files, int nfiles, size_t *n)
{
	char **texts = xcalloc((size_t)nfiles + 1, sizeof(*texts)), *t;
	size_t len, total = 0;
	int i, at;

	*n = 0;
	for (i = 0; i < nfiles; i++) {
		t = read_input_file(files[i], ORDER_FILE_MAX, 0, &len);
		if (t == NULL)
			continue;
		/* held in memory at once: beyond AHEAD_MAX, one by one */
		if (memchr(t, '\0', len) != NULL || total + len > AHEAD_MAX ||
		    strstr(t, "-----BEGIN PGP SIGNED MESSAGE-----") == NULL) {
			free(t);
			continue;
		}
		total += len;
		cut_mail_signature(t, &at);
		texts[(*n)++] = t;
	}
	return texts;
}

static void
verify_ahead(struct game *g, char **files, int nfiles)
{
	size_t n;
	char **texts = read_ahead(files, nfiles, &n);

	game_verify_ahead(g, texts, n);
}

struct early_verify {
	char label[65];		/* of the keyring gpg was started on */
	char **msgs;
	size_t n;
	struct pgp_batch *batch;
};

struct early_verify *
resolve_verify_early(const char *game_path, char **files, int nfiles)
{
	struct early_verify *ev;
	size_t *lens, i;
	char label[65], *home;

	if (nfiles < 1 || game_keyring_label(game_path, label) != 0)
		return NULL;
	ev = xcalloc(1, sizeof(*ev));
	memcpy(ev->label, label, sizeof(label));
	ev->msgs = read_ahead(files, nfiles, &ev->n);
	lens = xcalloc(ev->n + 1, sizeof(*lens));
	for (i = 0; i < ev->n; i++)
		lens[i] = strlen(ev->msgs[i]);
	home = xasprintf("%s.keys", game_path);
	ev->batch = pgp_verify_home_start(home, (const char *const *)ev->msgs,
	    lens, ev->n, 0);
	free(home);
	free(lens);
	return ev;
}

void
resolve_early_free(struct early_verify *ev)
{
	struct pgp_verdict *v;
	size_t i;

	if (ev == NULL)
		return;
	v = xcalloc(ev->n + 1, sizeof(*v));
	pgp_verify_home_finish(ev->batch, v);
	for (i = 0; i < ev->n; i++) {
		free(ev->msgs[i]);
		free(v[i].plain);
		free(v[i].err);
	}
	free(v);
	free(ev->msgs);
	free(ev);
}

/*
 * The verdicts of resolve_verify_early, kept by the label of the keyring
 * that made them: the checks find them where the loaded game's keyring
 * has that label, and check the files anew where it has not.
 */
static void
take_early(struct game *g, struct early_verify *ev, char **files,
    int nfiles)
{
	struct pgp_verdict *v = xcalloc(ev->n + 1, sizeof(*v));

	pgp_verify_home_finish(ev->batch, v);
	game_keep_verdicts(ev->label, ev->msgs, ev->n, v);
	free(ev);
	/* those judged already are not sent again */
	if (nfiles > 1)
		verify_ahead(g, files, nfiles);
}

int
resolve_run(struct game *g, char **files, int nfiles, struct run_opts *opt)
{
	int i;
	size_t before = g->nhist;

	g->run++;
	opt->changed = 0;
	g->intake = 1;		/* sealed texts must name their place */
	if (opt->early != NULL)
		take_early(g, opt->early, files, nfiles);
	else if (nfiles > 1)
		verify_ahead(g, files, nfiles);
	opt->early = NULL;
	for (i = 0; i < nfiles; i++) {
		/* a refused file costs only itself: the others count */
		if (take_file(g, files[i], opt->mime != NULL ?
		    opt->mime[i] : NULL, opt) > 0)
			opt->refused++;
	}
	g->intake = 0;
	apply_due(g, opt);
	apply_defaults(g, opt);
	apply_due(g, opt);
	game_publish_session_keys(g, opt->now);
	opt->changed = opt->changed || g->nhist != before;
	if (g->dice.error != NULL) {
		diag(EXIT_DATAERR, NULL, 0, "%s", g->dice.error);
		return -1;
	}
	return 0;
}
