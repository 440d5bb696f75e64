/*
 * cmd-resume.c - adjudicator resume: start the game's clock again
 * (issue 11); every deadline moves later by the time the game was paused.
 */
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "diag.h"
#include "util.h"

static const char resume_usage[] =
    "adjudicator resume GAME.xml [--now TIME]\n"
    "Ends a pause: every deadline moves later by the time the game was "
    "paused.";

/* "3 days 4 hours", "5 hours", "20 minutes" */
static void
span_text(long long s, char *out, size_t len)
{
	long long d = s / 86400, h = s % 86400 / 3600, m = s % 3600 / 60;

	if (d > 0 && h > 0)
		snprintf(out, len, "%lld day%s %lld hour%s", d, d == 1 ? "" :
		    "s", h, h == 1 ? "" : "s");
	else if (d > 0)
		snprintf(out, len, "%lld day%s", d, d == 1 ? "" : "s");
	else if (h > 0)
		snprintf(out, len, "%lld hour%s", h, h == 1 ? "" : "s");
	else
		snprintf(out, len, "%lld minute%s", m, m == 1 ? "" : "s");
}

int
cmd_resume(int argc, char **argv)
{
	const char *path;
	struct strbuf err;
	struct entry *e;
	struct game g;
	char now[32], since[32], span[64], *text;
	long long shift;
	int first, lock, rc, moved = 0;
	size_t k;

	if ((rc = now_args(argc, argv, resume_usage, 1, now, &first)) >= 0)
		return rc;
	path = argv[first];
	if ((rc = moderator_open(path, &g, &lock)) != EXIT_OK)
		return rc;
	if (!game_paused(&g)) {
		diag(EXIT_USAGE, path, 0, "the game is not paused");
		return moderator_close(path, &g, lock, now, EXIT_USAGE);
	}
	shift = time_parse(now) - time_parse(g.paused);
	if (shift < 0) {
		diag(EXIT_USAGE, path, 0, "--now %s is before the pause (%s)",
		    now, g.paused);
		return moderator_close(path, &g, lock, now, EXIT_USAGE);
	}
	snprintf(since, sizeof(since), "%s", g.paused);
	span_text(shift, span, sizeof(span));
	text = xasprintf("resume\npaused-since %s\nshift %lld", since, shift);
	sb_init(&err);
	if ((e = game_moderate(&g, text, now, &err)) == NULL) {
		diag(EXIT_SOFTWARE, path, 0, "%s", err.buf);
		rc = EXIT_SOFTWARE;
	} else {
		/* the clock stood still: every deadline is as far away */
		for (k = 0; k < g.ndeadlines; k++)
			if (g.deadlines[k].when[0] != '\0') {
				time_format(time_parse(g.deadlines[k].when) +
				    shift, g.deadlines[k].when);
				moved++;
			}
		game_note(&g, e, "The moderator resumes the game, paused since "
		    "%s for %s%s.", since, span, moved ? "; every deadline "
		    "moves as much later" : "");
	}
	sb_release(&err);
	free(text);
	rc = moderator_close(path, &g, lock, now, rc);
	if (rc == EXIT_OK)
		printf("%s: resumed after %s; %d deadline%s moved\n", path, span,
		    moved, moved == 1 ? "" : "s");
	return rc;
}
