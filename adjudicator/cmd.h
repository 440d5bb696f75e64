/*
 * cmd.h - the subcommands (one file each, cmd-<verb>.c) and what they
 * share.
 */
#ifndef CMD_H
#define CMD_H

#include <getopt.h>

#include "dice.h"
#include "game.h"
#include "util.h"

int cmd_new(int argc, char **argv);
int cmd_status(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_resolve(int argc, char **argv);
int cmd_verify(int argc, char **argv);
int cmd_adjust(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_key(int argc, char **argv);
int cmd_seal(int argc, char **argv);
int cmd_deadline(int argc, char **argv);
int cmd_fetch(int argc, char **argv);
int cmd_send(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_player(int argc, char **argv);
int cmd_pause(int argc, char **argv);
int cmd_resume(int argc, char **argv);
int cmd_absence(int argc, char **argv);
int cmd_rollback(int argc, char **argv);
int cmd_list(int argc, char **argv);

/* Prints "usage: ..." to stderr (or stdout for --help) and returns. */
int usage(const char *text, int status);

/*
 * The seed for a game: from --seed-file when given (required to exist),
 * else from GAME.seed beside the game file if present.  Returns 1 when a
 * seed was read, 0 when there is none, -1 on error (diagnosed).
 */
int seed_for_game(const char *game_path, const char *seed_file,
    unsigned char seed[SEED_BYTES]);

/*
 * A moderator's command on a game: takes the lock and loads the game
 * (without the seed).  EXIT_OK, or the status with nothing to release.
 */
int moderator_open(const char *path, struct game *g, int *lock);
/*
 * Ends it: saves the game when rc is EXIT_OK, releases it and the lock;
 * returns the final status.
 */
int moderator_close(const char *path, struct game *g, int lock,
    const char *now, int rc);

/*
 * Does the file look like a game file: its root element <game ...> within
 * the first 512 bytes?  Other XML in a folder of games (a house ruleset)
 * is not one; a file that cannot be opened counts as one, so that its
 * load says why.  For list and run --games.
 */
int file_is_game(const char *path);
/* The time of this run: --now or the clock; -1 with a diagnostic. */
int run_time(const char *now_opt, char out[32]);
/*
 * Issue 17.5: a line for each order that a key change voided in history
 * entries from .. the last, added to out: the moderator tells the player.
 */
void voided_lines(const struct game *g, size_t from, struct strbuf *out);

/*
 * Parses the arguments of a command whose only option is --now: exactly
 * nargs operands, the game file first.  Gives the run's time in now and
 * the index of the first operand in *first and returns -1; otherwise the
 * status to end the command with (--help, bad usage, bad time).
 */
int now_args(int argc, char **argv, const char *usage_text, int nargs,
    char now[32], int *first);

/*
 * Writes the report of a run: the game document transformed by a template
 * (the module's report_text unless template names another) to out_path,
 * or to stdout when out_path is NULL.  viewer names the country whose
 * private events may show, or NULL for the public report.
 */
int report_write(xmlDoc *doc, const char *template_path, int run,
    const char *viewer, const char *out_path);
/*
 * Parses the template ahead (template_path, else mod's text report), for
 * the reports to come (issue 17: while gpg checks the signatures of a
 * resolve); says nothing of a template that fails, which report_write
 * then does.
 */
void report_prepare(const char *template_path,
    const struct game_module *mod);
/*
 * Whether template_path (NULL: the module's text report) is one of mod's
 * own report templates, which read of the history only the run's entries,
 * the key entries and the count (game_report_xml's document, issue 20.8);
 * another template gets every entry.
 */
int report_own_template(const struct game_module *mod,
    const char *template_path);
/* The same into memory (caller frees *out). */
int report_render(xmlDoc *doc, const char *template_path, int run,
    const char *viewer, char **out, size_t *outlen);
/* Writes text to path atomically, mode 600 whatever the umask. */
int report_write_file(const char *path, const char *text, size_t len);
/*
 * With st set, reports are staged (util.h) instead of written: a run
 * stages them, saves the game, then commits them, so that a report that
 * cannot be written leaves the game as it was.  NULL writes again.
 */
void report_stage(struct stage *st);
/*
 * Each player's private report into dir: COUNTRY.txt, or COUNTRY.txt.asc
 * encrypted to the player's registered key (R39).  When that key was
 * revoked, or cannot be encrypted to for a reason of its own (expired,
 * no working encryption subkey: PGP_KEY_REFUSED), the report is withheld:
 * COUNTRY.txt is a plain notice that says why (nothing secret), a warning
 * tells the moderator, and withheld[country] (when not NULL) is set.
 */
int private_reports(struct game *g, const char *template_path,
    const char *dir, char withheld[GAME_MAX_SIDES]);
/*
 * The end of a run that changed the game: renders the public report (to
 * report_path, or standard output when NULL) and the private ones (into
 * private_dir when not NULL), saves the game, then puts the reports in
 * place.  Any failure before the save leaves the game file and every old
 * report as they were.  Returns an exit status.
 */
int save_with_reports(struct game *g, const char *path, const char *now,
    const char *template_path, const char *report_path,
    const char *private_dir);

#endif
