/*
 * cmd-rollback.c - adjudicator rollback: undo runs (issue 11, Njudge's
 * ROLLBACK).  The history is the game, so dropping the entries of the
 * runs after N gives exactly the game after run N.  The file as it was is
 * kept beside it first.  Orders applied in the runs undone wait again for
 * their step, or are listed for the moderator to resend.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "diag.h"
#include "orders.h"
#include "util.h"

static const char rollback_usage[] =
    "adjudicator rollback GAME.xml --to-run N [--now TIME]\n"
    "Returns the game to its state after run N, keeping the file as it "
    "was in\n"
    "GAME.xml.run-M (M its latest run).  Orders applied after run N wait "
    "again\n"
    "for their step, or are listed to be sent again.";

/* An order of a run undone, parsed while its seal can still be opened. */
struct undone {
	struct order o;
	int parsed;
	char *why;		/* why it could not be parsed */
};

/* GAME.xml.run-M, or .run-M.1, ... : a name not taken yet. */
static char *
backup_name(const char *path, int run)
{
	char *name = xasprintf("%s.run-%d", path, run);
	int i;

	for (i = 1; access(name, F_OK) == 0; i++) {
		free(name);
		name = xasprintf("%s.run-%d.%d", path, run, i);
	}
	return name;
}

/* The first line of a text (a moderator's command's verb and args). */
static char *
first_line(const char *text)
{
	const char *nl = strchr(text, '\n');

	return nl ? xasprintf("%.*s", (int)(nl - text), text) :
	    xstrdup(text);
}

/*
 * A rollback among the runs undone is kept as a line of the new one, with
 * those it kept itself: the dice after a rollback are new, so a moderator
 * who rolled back again and again to draw other dice would leave every
 * try in the history, for the players to see.  Returns the number of
 * rollbacks added.
 */
static int
rollback_chain(struct strbuf *chain, const char *text)
{
	const char *p = text, *nl;
	char sum[65];
	int to, from, n = 1;

	if (sscanf(text, "rollback %d\nfrom-run %d", &to, &from) != 2 ||
	    (p = strstr(text, "\nbackup-sha256 ")) == NULL ||
	    sscanf(p, "\nbackup-sha256 %64s", sum) != 1)
		return 0;
	sb_addf(chain, "\nearlier-rollback %d from-run %d backup-sha256 %s",
	    to, from, sum);
	for (p = text; (p = strstr(p, "\nearlier-rollback ")) != NULL;
	    p = nl, n++) {
		nl = strchr(p + 1, '\n');
		if (nl == NULL)
			nl = p + strlen(p);
		sb_addn(chain, p, (size_t)(nl - p));
	}
	return n;
}

/* A received message carried over when its order waits again. */
struct carried {
	int country;
	char *source, *text;
	char fpr[41];
	char content[65];	/* issue 9: kept, so replays stay refused */
	long long signed_at;
};

/*
 * Issue 17.6: the key that signed an order of a run undone (the message
 * it came in, by its source), when that key is not the one registered
 * for its country once the runs are undone (a registration undone, or a
 * revocation kept): the order cannot wait, nor be found signed by
 * verify; it is sent again.  NULL when the key is registered, or the
 * order came in no signed message of the runs undone.
 */
static const char *
undone_key(const struct game *g, const struct carried *cr, size_t ncr,
    const struct order *o)
{
	size_t q;

	for (q = 0; q < ncr; q++)
		if (cr[q].country == o->country && o->source != NULL &&
		    cr[q].source[0] != '\0' && strncmp(o->source,
		    cr[q].source, strlen(cr[q].source)) == 0)
			return strcmp(cr[q].fpr, g->key_fpr[o->country]) != 0 ||
			    g->key_revoked[o->country] != NULL ? cr[q].fpr :
			    NULL;
	return NULL;
}

int
cmd_rollback(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "to-run", required_argument, NULL, 'r' },
		{ "now", required_argument, NULL, 'n' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *now_opt = NULL, *path;
	struct undone *u = NULL;
	struct carried *cr = NULL;
	struct strbuf err, text, out;
	struct entry *e;
	struct game g;
	char now[32], sum[65], *backup = NULL, *old = NULL, *line;
	char *mailpath = NULL, *spool = NULL;
	size_t k, n, nu = 0, ncr = 0, oldlen = 0, q, ri;
	int c, lock, rc, from, to = -1, waiting = 0, resend = 0, mail = 0;
	int earlier = 0, rollbacks;
	struct strbuf chain;
	long v;

	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'r':
			if (parse_int(optarg, 0, 1000000, &v) != 0) {
				diag(EXIT_USAGE, NULL, 0,
				    "--to-run '%s': write "
				    "a run number", optarg);
				return EXIT_USAGE;
			}
			to = (int)v;
			break;
		case 'n': now_opt = optarg; break;
		case 'h': return usage(rollback_usage, EXIT_OK);
		default: return usage(rollback_usage, EXIT_USAGE);
		}
	}
	if (argc - optind != 1 || to < 0)
		return usage(rollback_usage, EXIT_USAGE);
	path = argv[optind];
	if (run_time(now_opt, now) != 0)
		return EXIT_USAGE;
	/*
	 * A rollback reads, checks and replays the file as it is, never
	 * from its cache (issue 12): what it keeps must be the file's.
	 */
	if ((lock = game_lock(path)) < 0)
		return diag_status();
	if (game_load(&g, path, NULL, LOAD_FULL) != 0) {
		game_unlock(lock);
		return diag_status_or(EXIT_DATAERR);
	}
	rc = EXIT_OK;
	from = g.run;
	if (to >= from) {
		diag(EXIT_USAGE, path, 0, "--to-run %d: the game's latest run "
		    "is %d; a rollback goes back to an earlier one", to, from);
		return moderator_close(path, &g, lock, now, EXIT_USAGE);
	}
	for (n = 0; n < g.nhist && g.hist[n].run <= to; n++)
		;
	/* issue 17.9: this one and every one before, undone ones too */
	rollbacks = game_rollbacks(&g) + 1;
	sb_init(&err);
	sb_init(&text);
	sb_init(&out);
	sb_init(&chain);
	/* the file as it is, kept before anything changes */
	if ((old = read_file(path, &oldlen)) == NULL) {
		diag(EXIT_NOINPUT, path, 0, "cannot read: %s", strerror(errno));
		rc = EXIT_NOINPUT;
		goto out;
	}
	sha256_hex(old, oldlen, sum);
	/* orders undone, parsed while every seal can still be opened */
	for (k = n; k < g.nhist; k++) {
		const struct entry *h = &g.hist[k];

		/*
		 * Issue 17.5: an order a key change of the runs undone voided
		 * was signed with the key registered again: it waits again.
		 */
		if ((h->kind == EN_ORDER || (h->kind == EN_REJECTED &&
		    h->reason != NULL && strncmp(h->reason, "voided: ",
		    8) == 0)) && h->country >= 0) {
			u = xrealloc(u, (nu + 1) * sizeof(*u));
			memset(&u[nu], 0, sizeof(u[nu]));
			sb_reset(&err);
			if (order_parse_block(g.module, g.rs, h->country,
			    h->text ?
			    h->text : "", h->source, &u[nu].o, &err) == 0)
				u[nu].parsed = 1;
			else {
				u[nu].o.country = h->country;
				snprintf(u[nu].o.step, sizeof(u[nu].o.step),
				    "%s", h->step);
				u[nu].why = xstrdup(err.buf);
			}
			nu++;
		} else if (h->kind == EN_RECEIVED && h->country >= 0) {
			cr = xrealloc(cr, (ncr + 1) * sizeof(*cr));
			cr[ncr].country = h->country;
			cr[ncr].source = xstrdup(h->source ? h->source : "");
			cr[ncr].text = xstrdup(h->text ? h->text : "");
			snprintf(cr[ncr].fpr, sizeof(cr[ncr].fpr), "%s",
			    h->fpr);
			snprintf(cr[ncr].content, sizeof(cr[ncr].content), "%s",
			    h->content);
			cr[ncr].signed_at = h->signed_at;
			ncr++;
		} else if (h->kind == EN_MODERATOR || h->kind == EN_ADJUST ||
		    h->kind == EN_KEY || h->kind == EN_REVOKE) {
			line = h->kind == EN_MODERATOR ?
			    first_line(h->text ? h->text : "") :
			    h->kind == EN_ADJUST ? xasprintf("adjust %s",
			    h->text ? h->text : "") : xasprintf("key %s%s",
			    h->country >= 0 ? game_country_name(&g,
			    h->country) :
			    "moderator", h->kind == EN_REVOKE ?
			    " (its revocation)" : "");
			if (strncmp(line, "rollback", 8) != 0)
				sb_addf(&out, "undone, redo if still meant: "
				    "%s\n", line);
			else
				earlier += rollback_chain(&chain, h->text);
			free(line);
		}
	}
	sb_reset(&err);
	if (game_truncate(&g, n, path, &err) != 0) {
		diag(EXIT_DATAERR, path, 0, "cannot roll back to run %d: %s",
		    to, err.buf);
		rc = EXIT_DATAERR;
		goto out;
	}
	g.run = to;
	/*
	 * The pending decisions get fresh deadlines (the deadline hours from
	 * now): the players lost the time of the runs undone.
	 */
	free(g.deadlines);
	g.deadlines = NULL;
	g.ndeadlines = 0;
	backup = backup_name(path, from);
	sb_addf(&text, "rollback %d\nfrom-run %d\nbackup %s\n"
	    "backup-sha256 %s\nrollbacks %d%s", to, from, strrchr(backup,
	    '/') ? strrchr(backup, '/') + 1 : backup, sum, rollbacks,
	    chain.buf);
	if ((e = game_moderate(&g, text.buf, now, &err)) == NULL) {
		diag(EXIT_SOFTWARE, path, 0, "%s", err.buf);
		rc = EXIT_SOFTWARE;
		goto out;
	}
	ri = g.nhist - 1;	/* entries are added after it: by index */
	mailpath = xasprintf("%s.mail", path);
	mail = access(mailpath, F_OK) == 0;
	spool = xasprintf("%s.spool/", strrchr(path, '/') ?
	    strrchr(path, '/') + 1 : path);
	game_note(&g, e, "The moderator rolls the game back to its state after "
	    "run %d: run%s %d%s%.0d undone. The dice go on anew, so those "
	    "seen in the runs undone say nothing of the draws to come.", to,
	    from > to + 1 ? "s" : "", to + 1, from > to + 1 ? " to " : "",
	    from > to + 1 ? from : 0);
	if (earlier > 0)
		game_note(&g, e, "The runs undone held %d earlier rollback%s; "
		    "the history keeps %s.", earlier, earlier > 1 ? "s" : "",
		    earlier > 1 ? "them all" : "it");
	for (k = 0; k < nu; k++) {
		struct order *o = &u[k].o;
		enum step_status s = STEP_STALE;
		int queued = 0;

		const char *fpr;

		sb_reset(&err);
		if (u[k].parsed) {
			s = g.module->step_status(g.st, o->step, o->country,
			    &err);
			if (s == STEP_CURRENT && g.module->check(g.st, o,
			    &err) != 0)
				s = STEP_STALE;
		} else
			sb_add(&err, u[k].why);
		if ((s == STEP_CURRENT || s == STEP_FUTURE) &&
		    (fpr = undone_key(&g, cr, ncr, o)) != NULL) {
			sb_reset(&err);
			sb_addf(&err, "signed with key %s, which is not the "
			    "key registered for %s once the runs are undone; "
			    "sign it again with that key", fpr,
			    game_country_name(&g, o->country));
			s = STEP_STALE;
		}
		for (q = 0; q < g.nqueue; q++)
			if (g.queue[q].o.country == o->country &&
			    strcmp(g.queue[q].o.step, o->step) == 0)
				queued = 1;
		if (queued) {
			sb_addf(&out, "waiting: STEP %s from %s: a newer order "
			    "waits already\n", o->step, game_country_name(&g,
			    o->country));
			continue;
		}
		if ((s == STEP_CURRENT || s == STEP_FUTURE) && mail &&
		    o->source != NULL && strstr(o->source, spool) != NULL) {
			/*
			 * The mail state takes it back: run finds the game
			 * behind it and files the message again, so it is not
			 * queued here twice (nor refused as a replay).
			 */
			waiting++;
			sb_addf(&out, "waiting in the mail spool: STEP %s from "
			    "%s (%s); the next run takes it again\n", o->step,
			    game_country_name(&g, o->country), o->source);
			game_note(&g, &g.hist[ri],
			    "%s's order for STEP %s waits "
			    "again for its step.", game_country_name(&g,
			    o->country),
			    o->step);
		} else if (s == STEP_CURRENT || s == STEP_FUTURE) {
			long long signed_at = 0;

			/* its signed message stays on record with it */
			g.run++;
			for (q = 0; q < ncr; q++)
				if (cr[q].country == o->country && o->source &&
				    strncmp(o->source, cr[q].source,
				    strlen(cr[q].source)) == 0 &&
				    cr[q].source[0] != '\0') {
					game_received(&g, cr[q].country,
					    cr[q].source, cr[q].fpr, cr[q].text,
					    cr[q].content, cr[q].signed_at,
					    now);
					signed_at = cr[q].signed_at;
					cr[q].source[0] = '\0';
				}
			g.run--;
			game_queue(&g, o, signed_at);
			waiting++;
			sb_addf(&out, "waiting: STEP %s from %s (%s)\n",
			    o->step,
			    game_country_name(&g, o->country),
			    o->source ? o->source :
			    "");
			game_note(&g, &g.hist[ri],
			    "%s's order for STEP %s waits again "
			    "for its step.", game_country_name(&g, o->country),
			    o->step);
		} else {
			resend++;
			sb_addf(&out, "resend: STEP %s from %s (%s): %s\n",
			    o->step, game_country_name(&g, o->country),
			    o->source ?
			    o->source : "", err.buf);
			game_note(&g, &g.hist[ri],
			    "%s's order for STEP %s is undone "
			    "and must be sent again.", game_country_name(&g,
			    o->country), o->step);
		}
	}
	/*
	 * Orders still waiting that came in a run undone wait again, as
	 * those applied in them do: from the run the game is back at, with
	 * the same note (requeued in queue.c reads it), or from the mail
	 * spool, which files them again.  Their signed messages stay on
	 * record with them, or verify could not find them signed (issue
	 * 9.5).
	 */
	k = 0;
	while (k < g.nqueue) {
		struct queued *w = &g.queue[k];
		const struct order *o = &w->o;
		const char *fpr = undone_key(&g, cr, ncr, o);
		const char *who = game_country_name(&g, o->country);
		const char *src = o->source ? o->source : "";
		struct decision d;
		struct order gone;

		if (fpr == NULL && w->run <= to) {
			k++;
			continue;
		}
		if (fpr == NULL && !(mail && strstr(src, spool) != NULL)) {
			waiting++;
			sb_addf(&out, "waiting: STEP %s from %s (%s)\n", o->step,
			    who, src);
			/*
			 * A slot that waited before (a newer order replaced
			 * the first in a run undone) keeps its run: the
			 * note for one that waits again would take it out
			 * of run N's queue (requeued), where it was.
			 */
			if (o->queued_run > to) {
				w->o.queued_run = to;
				game_note(&g, &g.hist[ri], "%s's order for "
				    "STEP %s waits again for its step.", who,
				    o->step);
			} else
				game_note(&g, &g.hist[ri], "%s's order for "
				    "STEP %s, sent in a run undone, still "
				    "waits for its step.", who, o->step);
			w->run = to;
			k++;
			continue;
		}
		if (fpr == NULL) {
			waiting++;
			sb_addf(&out, "waiting in the mail spool: STEP %s from "
			    "%s (%s); the next run takes it again\n", o->step,
			    who, src);
			game_note(&g, &g.hist[ri], "%s's order for STEP %s "
			    "waits again for its step.", who, o->step);
		} else {
			resend++;
			sb_addf(&out, "resend: STEP %s from %s (%s): signed "
			    "with key %s, which is not the key registered for "
			    "%s once the runs are undone; sign it again with "
			    "that key\n", o->step, who, src, fpr, who);
			game_note(&g, &g.hist[ri], "%s's order for STEP %s is "
			    "undone and must be sent again.", who, o->step);
		}
		/* out of the queue; the rollback's notes tell it */
		memset(&d, 0, sizeof(d));
		snprintf(d.step, sizeof(d.step), "%s", o->step);
		d.country = o->country;
		if (game_unqueue(&g, &d, &gone))
			order_release(&gone);
	}
	g.run++;
	for (k = 0; k < g.nqueue; k++)
		for (q = 0; q < ncr; q++) {
			const struct order *o = &g.queue[k].o;

			if (cr[q].source[0] == '\0' ||
			    cr[q].country != o->country || o->source == NULL ||
			    strncmp(o->source, cr[q].source,
			    strlen(cr[q].source)) != 0)
				continue;
			game_received(&g, cr[q].country, cr[q].source,
			    cr[q].fpr, cr[q].text, cr[q].content,
			    cr[q].signed_at, now);
			cr[q].source[0] = '\0';
		}
	g.run--;
	/* the file as it was, beside it, before the game is replaced */
	if (write_file_atomic(backup, old, oldlen, 0600) != 0) {
		diag(EXIT_CANTCREAT, backup, 0, "cannot keep the game file as "
		    "it was: %s", strerror(errno));
		rc = EXIT_CANTCREAT;
	}
out:
	rc = moderator_close(path, &g, lock, now, rc);
	if (rc == EXIT_OK) {
		printf("%s: back to the state after run %d (was run %d); the "
		    "file as it was is %s\n", path, to, from, backup);
		fputs(out.buf, stdout);
		printf("%d order%s wait%s again, %d to send again\n", waiting,
		    waiting == 1 ? "" : "s", waiting == 1 ? "s" : "", resend);
	} else if (backup != NULL && rc != EXIT_CANTCREAT)
		unlink(backup);
	for (k = 0; k < nu; k++) {
		if (u[k].parsed)
			order_release(&u[k].o);
		free(u[k].why);
	}
	free(u);
	for (k = 0; k < ncr; k++) {
		free(cr[k].source);
		free(cr[k].text);
	}
	free(cr);
	free(backup);
	free(old);
	free(mailpath);
	free(spool);
	sb_release(&err);
	sb_release(&text);
	sb_release(&out);
	sb_release(&chain);
	return rc;
}
