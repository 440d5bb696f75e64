/*
 * resolve.c - applying a batch of order files to a game.
 */
#include "resolve.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "orders.h"
#include "util.h"

static void
verdict(const struct run_opts *opt, const struct order *o,
    const struct game *g, const char *text)
{
	if (opt->verbose)
		printf("%s: %s %s: %s\n", o->source, o->step,
		    cname(&g->st, o->country), text);
}

/*
 * A rejection at intake: a diagnostic on stderr, and with verbose (check)
 * the same line on stdout, which is the acknowledgement a player gets.
 */
static void
reject(const struct run_opts *opt, const char *path, int line,
    const char *fmt, ...)
{
	struct strbuf sb;
	va_list ap;

	sb_init(&sb);
	va_start(ap, fmt);
	sb_vaddf(&sb, fmt, ap);
	va_end(ap);
	diag(EXIT_DATAERR, path, line, "%s", sb.buf);
	if (opt->verbose) {
		if (line > 0)
			printf("%s:%d: rejected: %s\n", path, line, sb.buf);
		else
			printf("%s: rejected: %s\n", path, sb.buf);
	}
	sb_release(&sb);
}

/*
 * A signed file: verified against the registered keys (issue 4); on
 * success *text becomes the signed text and fpr the signer's primary key.
 */
static int
unwrap_signed(struct game *g, const char *path, char **text, char fpr[41],
    const struct run_opts *opt)
{
	struct strbuf err;
	char *plain = NULL;
	int rc;

	sb_init(&err);
	rc = game_verify_message(g, *text, strlen(*text), &plain, fpr, &err);
	if (rc != 0)
		reject(opt, path, 0, "signature not accepted: %s", err.buf);
	else {
		free(*text);
		*text = plain;
	}
	sb_release(&err);
	return rc;
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

/* Reads and checks one file; queues its orders.  Returns errors. */
static int
take_file(struct game *g, const char *path, const char *trusted,
    struct run_opts *opt)
{
	struct order_file of;
	char *text = read_file(path, NULL), *received = NULL, fpr[41] = "";
	int errors, i, is_pgp, first_line = 0;

	if (text == NULL) {
		diag(EXIT_NOINPUT, path, 0, "cannot read: %s",
		    strerror(errno));
		return 1;
	}
	is_pgp = strstr(text, "-----BEGIN PGP SIGNED MESSAGE-----") != NULL ||
	    strncmp(text, "-----BEGIN PGP MESSAGE-----", 27) == 0;
	if (is_pgp) {
		received = xstrdup(text);
		first_line = signed_text_line(text);
		if (unwrap_signed(g, path, &text, fpr, opt) != 0) {
			free(text);
			free(received);
			return 1;
		}
	} else if (trusted != NULL) {
		/* PGP/MIME: fetch verified the detached signature */
		received = xstrdup(text);
		snprintf(fpr, sizeof(fpr), "%s", trusted);
		is_pgp = 1;
	} else if (game_signed(g)) {
		reject(opt, path, 0, "the order file is not signed: this game "
		    "takes only orders signed with the key registered for "
		    "the country (issue 4)");
		free(text);
		return 1;
	}
	errors = orders_parse_at(&g->rs, path, text, first_line, &of);
	free(text);
	if (of.game_line && strcmp(of.game, g->id) != 0) {
		reject(opt, path, of.game_line, "orders for game '%s', not for "
		    "this game '%s'", of.game, g->id);
		errors++;
	}
	if (of.country >= 0 && !aor_is_player(&g->st, of.country)) {
		reject(opt, path, of.country_line, "%s is not led by a player "
		    "in this game", cname(&g->st, of.country));
		errors++;
	}
	if (errors == 0 && is_pgp && of.country >= 0 &&
	    strcmp(fpr, g->key_fpr[of.country]) != 0) {
		reject(opt, path, of.country_line, "signed by key %s, which is "
		    "not the key registered for %s (%s)", fpr,
		    cname(&g->st, of.country), g->key_fpr[of.country][0] ?
		    g->key_fpr[of.country] : "none registered");
		errors++;
	}
	if (errors == 0 && received != NULL)
		game_received(g, of.country, path, fpr, received, opt->now);
	for (i = 0; errors == 0 && i < of.nentropy; i++)
		game_entropy(g, of.country, of.entropy[i], opt->now);
	free(received);
	for (i = 0; errors == 0 && i < of.norders; i++) {
		struct order *o = &of.orders[i];
		struct strbuf why;
		enum step_status s;

		sb_init(&why);
		s = aor_step_status(&g->st, o->step, o->country, &why);
		if (s == STEP_STALE || s == STEP_NOT_YOURS ||
		    (s == STEP_CURRENT && aor_check(&g->st, o, &why) != 0)) {
			reject(opt, path, atoi(strrchr(o->source, ':') + 1),
			    "step %s: %s", o->step, why.buf);
			errors++;
		} else {
			game_queue(g, o);
			if (s == STEP_FUTURE)
				verdict(opt, o, g, "accepted, kept until its "
				    "step comes (R36)");
		}
		sb_release(&why);
	}
	order_file_release(&of);
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
	struct decision d[RS_MAX_COUNTRIES];
	int np, i, progress = 1;

	while (progress) {
		progress = 0;
		game_drop_stale(g, opt->now);
		np = aor_pending(&g->st, d, RS_MAX_COUNTRIES);
		for (i = 0; i < np && !progress; i++) {
			struct order o;
			struct strbuf err;

			if (!game_unqueue(g, &d[i], &o))
				continue;
			sb_init(&err);
			if (game_order(g, &o, opt->now, &err) == 0)
				verdict(opt, &o, g, "accepted, applied");
			else {
				char *v = xasprintf("rejected when its step "
				    "came: %s", err.buf);

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
	struct decision d[RS_MAX_COUNTRIES];
	int np = aor_pending(&g->st, d, RS_MAX_COUNTRIES), i;
	long long now = time_parse(opt->now);

	for (i = 0; i < np; i++) {
		const char *dl = game_deadline(g, &d[i]);

		if (dl != NULL ? time_parse(dl) <= now : opt->deadline_passed)
			game_default(g, &d[i], opt->now);
	}
}

int
resolve_run(struct game *g, char **files, int nfiles, struct run_opts *opt)
{
	int errors = 0, i;
	size_t before = g->nhist;

	g->run++;
	for (i = 0; i < nfiles; i++)
		errors += take_file(g, files[i], opt->trusted_fpr != NULL ?
		    opt->trusted_fpr[i] : NULL, opt);
	if (errors)
		return -1;
	apply_due(g, opt);
	apply_defaults(g, opt);
	apply_due(g, opt);
	opt->changed = nfiles > 0 || g->nhist != before;
	if (g->dice.error != NULL) {
		diag(EXIT_DATAERR, NULL, 0, "%s", g->dice.error);
		return -1;
	}
	return 0;
}
