/*
 * resolve.h - one run over a game: take order files, apply what is due.
 *
 * check and resolve share this path, so that check's verdicts are exactly
 * what resolve would do.
 */
#ifndef RESOLVE_H
#define RESOLVE_H

#include "game.h"

/*
 * A PGP/MIME multipart/signed order as fetch found it (issue 9.5): the
 * order file holds the text of the signed part, which resolve checks
 * against the part and its detached signature and records with them.
 */
struct mime_signed {
	const char *entity;	/* the signed part's canonical bytes */
	size_t entity_len;
	const char *signature;	/* its armoured detached signature */
};

struct run_opts {
	const char *now;	/* UTC time of the run */
	int deadline_passed;	/* apply R37 defaults to pending decisions */
	int verbose;		/* print a verdict line per order (check) */
	int rejected;		/* out: orders rejected when their step came */
	int refused;		/* out: files refused (nothing of them kept) */
	int changed;		/* out: the run changed the game */
	/*
	 * NULL, or one entry per file: NULL, or the PGP/MIME signed part
	 * the file's text was taken from (fetch, run).
	 */
	const struct mime_signed *const *mime;
	/* NULL, or the signatures checked while the game loaded (taken) */
	struct early_verify *early;
};

/*
 * Issue 17: the clearsigned order files of a resolve handed to gpg before
 * the game is loaded, on the game's keyring as it stands (GAME.xml.keys),
 * so that loading the game and checking the signatures overlap.
 * resolve_run takes the verdicts when the loaded game registers exactly
 * the keys of that keyring, else checks the files as ever.  NULL when
 * there is nothing to start.  resolve_early_free waits for gpg and frees
 * what resolve_run did not take.
 */
struct early_verify;
struct early_verify *resolve_verify_early(const char *game_path,
    char **files, int nfiles);
void resolve_early_free(struct early_verify *ev);

/*
 * Reads the order files, checks each order against the game and applies
 * every order whose decision is due, in the rules' order, queueing orders
 * for later steps (R36, R38).  A file stays all or nothing: one error in
 * it refuses the whole file (counted in opt->refused, each problem a
 * diagnostic), but the other files of the run count.  A block for a
 * step already decided is a warning and is skipped (R38).  With verbose
 * the verdict for the player goes to stdout.  Returns -1 when the run
 * cannot be played through (a draw without the seed): then the game must
 * not be saved; else 0.
 */
int resolve_run(struct game *g, char **files, int nfiles,
    struct run_opts *opt);

#endif
