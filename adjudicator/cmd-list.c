/*
 * cmd-list.c - adjudicator list: every game in a folder, one line each,
 * with its step, the players it waits for and its next deadline
 * (issue 11, Njudge's LIST).
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cmd.h"
#include "diag.h"
#include "util.h"

static const char list_usage[] = "adjudicator list DIR\n"
    "One line for each game file (*.xml) in DIR: its turn and step, the "
    "players\n"
    "it waits for and its next deadline.";

static int
by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void
list_one(const char *name, struct game *g)
{
	struct decision d[GAME_MAX_SIDES];
	const char *next = NULL;
	int i, j, np, nw, won[GAME_MAX_SIDES], shown[GAME_MAX_SIDES] = { 0 };
	struct strbuf where;

	sb_init(&where);
	g->module->describe(g->st, 1, &where);
	printf("%s: %s", name, where.buf);
	sb_release(&where);
	if (g->module->over(g->st)) {
		nw = g->module->winners(g->st, won, GAME_MAX_SIDES);
		printf(", won by");
		for (i = 0; i < nw; i++)
			printf("%s %s", i ? "," : "",
			    game_country_name(g, won[i]));
		printf("\n");
		return;
	}
	np = g->module->pending(g->st, d, GAME_MAX_SIDES);
	printf("; waiting for");
	for (i = 0, j = 0; i < np; i++) {
		const char *dl = game_deadline(g, &d[i]);

		if (dl != NULL && (next == NULL || strcmp(dl, next) < 0))
			next = dl;
		if (shown[d[i].country]++)
			continue;
		printf("%s %s (%s)", j++ ? "," : "",
		    game_country_name(g, d[i].country), d[i].step);
	}
	if (j == 0)
		printf(" nobody");
	printf("; next deadline %s", next ? next : "none");
	if (game_paused(g))
		printf("; paused since %s", g->paused);
	printf("\n");
}

int
cmd_list(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct dirent *de;
	struct stat sb;
	struct game g;
	char **names = NULL, *path;
	size_t n = 0, i, len;
	int c, rc = EXIT_OK;
	DIR *dir;

	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		if (c == 'h')
			return usage(list_usage, EXIT_OK);
		return usage(list_usage, EXIT_USAGE);
	}
	if (argc - optind != 1)
		return usage(list_usage, EXIT_USAGE);
	if ((dir = opendir(argv[optind])) == NULL) {
		diag(EXIT_NOINPUT, argv[optind], 0,
		    "cannot read the folder: %s",
		    strerror(errno));
		return EXIT_NOINPUT;
	}
	while ((de = readdir(dir)) != NULL) {
		len = strlen(de->d_name);
		if (len > 4 && strcmp(de->d_name + len - 4, ".xml") == 0 &&
		    de->d_name[0] != '.') {
			names = xrealloc(names, (n + 1) * sizeof(*names));
			names[n++] = xstrdup(de->d_name);
		}
	}
	closedir(dir);
	if (n > 0)
		qsort(names, n, sizeof(*names), by_name);
	for (i = 0; i < n; i++) {
		path = xasprintf("%s/%s", argv[optind], names[i]);
		if (stat(path, &sb) == 0 && S_ISREG(sb.st_mode) &&
		    file_is_game(path)) {
			fflush(stdout);
			if (game_load(&g, path, NULL, 0) != 0)
				rc = EXIT_DATAERR;
			else {
				list_one(names[i], &g);
				game_release(&g);
			}
		}
		free(path);
		free(names[i]);
	}
	free(names);
	if (n == 0)
		fprintf(stderr, "adjudicator: no game files (*.xml) in %s\n",
		    argv[optind]);
	return diag_status_or(rc);
}
