/*
 * pgp-batch.c - the batch verifier: many clearsigned messages checked by
 * one gpg run (pgp_verify_home_all, issue 12), with the verdicts judged as
 * pgp-verify.c judges one.
 */
#include "pgp.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <gpgme.h>

#include "pgp-internal.h"
#include "util.h"

/* Writes a new file of len bytes (private folder: no fsync). */
static int
write_new(const char *path, const char *buf, size_t len)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	int rc;

	if (fd < 0)
		return -1;
	rc = write_all(fd, buf, len);
	return close(fd) != 0 || rc != 0 ? -1 : 0;
}

/*
 * One file's part of the status lines of "gpg --decrypt-files": from
 * after its FILE_START line to the next FILE_START (or the end).  NULL
 * when the next FILE_START line is not the one of path.  *done tells
 * whether gpg got to the file's end (FILE_DONE): it stops at the first
 * bad signature.
 */
static char *
file_status(const char **s, const char *path, int *done)
{
	const char *line, *start, *end, *next;
	size_t plen = strlen(path);
	char *part;

	line = status_line(*s, "FILE_START", &start);
	if (line == NULL || strncmp(line, "FILE_START 3 ", 13) != 0 ||
	    strncmp(line + 13, path, plen) != 0 || (line[13 + plen] != '\n' &&
	    line[13 + plen] != '\0'))
		return NULL;
	end = status_line(start, "FILE_START", &next);
	end = end != NULL ? end - 9 : start + strlen(start);
	part = xmalloc((size_t)(end - start) + 1);
	memcpy(part, start, (size_t)(end - start));
	part[end - start] = '\0';
	*done = status_line(part, "FILE_DONE", &next) != NULL;
	*s = end;
	return part;
}

/*
 * Judges file i of dir (written as dir/I.asc, gpg's output in dir/I) by
 * its part of the status lines, as verify_clearsigned does.  0 when it
 * cannot be judged here: gpg stopped within it for another reason than
 * a bad signature, or its output is missing.
 */
static int
judge_file(const char *dir, size_t i, const char *part, int done,
    int record, struct pgp_verdict *v)
{
	struct strbuf err, out;
	char *path;
	int rc;

	sb_init(&err);
	sb_init(&out);
	rc = judge_status(part, v->fpr, record, &err);
	if (rc == 0 && done) {
		int fd;

		path = xasprintf("%s/%zu", dir, i);
		fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
		free(path);
		if (fd < 0) {
			v->fpr[0] = '\0';
			goto done;
		}
		read_all(fd, &out);
		close(fd);
		v->signed_at = last_sig_time;
		rc = take_plain(&out, &v->plain, v->fpr, &err);
	} else if (rc == 0 || (!done && status_count(part, "BADSIG") == 0)) {
		v->fpr[0] = '\0';
		goto done;
	}
	v->judged = 1;
	v->rc = rc;
	if (rc != 0)
		v->err = sb_detach(&err);
done:
	sb_release(&err);
	sb_release(&out);
	return v->judged;
}

/*
 * gpg's arguments for a batch.  A keyring is never written once made
 * (make_keyring, pgp_keyring_make: a new one is made in a new folder),
 * and checking signatures draws no random numbers: gpg need not make and
 * remove a lock file in it, nor write its random_seed again (issue 17.12:
 * a resolve waits for gpg to end).
 */
static const char *const batch_args[] = {
	"--lock-never", "--no-random-seed-file", "--decrypt-files", NULL
};

/* A batch of clearsigned messages handed to gpg (pgp_verify_home_start). */
struct pgp_batch {
	char *home, *dir;
	size_t n, m, *idx;	/* message idx[i] is file dir/I.asc */
	int record, started;	/* started: gpg_start's result */
	int owner;		/* dir's claim (pgp_claim_dir) */
	struct gpg_run run;
};

/* The file names of messages from on, one a line, for gpg's input. */
static void
batch_names(const struct pgp_batch *b, size_t from, struct strbuf *names)
{
	size_t i;

	sb_reset(names);
	for (i = from; i < b->m; i++)
		sb_addf(names, "%s/%zu.asc\n", b->dir, i);
}

struct pgp_batch *
pgp_verify_home_start(const char *home, const char *const *msgs,
    const size_t *lens, size_t n, int record)
{
	struct pgp_batch *b = xcalloc(1, sizeof(*b));
	struct strbuf names, err;
	char *path;
	size_t i;
	int fail = 0;

	sb_init(&names);
	sb_init(&err);
	b->n = n;
	b->record = record;
	b->started = -1;
	b->idx = xcalloc(n + 1, sizeof(*b->idx));
	/* only what pgp_verify_home hands to gpg: one clearsigned block */
	for (i = 0; i < n; i++) {
		sb_reset(&err);
		if (message_kind(msgs[i], lens[i], &err) == 1)
			b->idx[b->m++] = i;
	}
	if (b->m > 0 && (b->dir = make_temp_dir()) != NULL) {
		/* a next run removes it if we die */
		b->owner = pgp_claim_dir(b->dir);
		b->home = xstrdup(home);
		for (i = 0; i < b->m && !fail; i++) {
			path = xasprintf("%s/%zu.asc", b->dir, i);
			fail = write_new(path, msgs[b->idx[i]],
			    lens[b->idx[i]]) != 0;
			free(path);
		}
		/*
		 * One gpg for them all (and one more after each bad
		 * signature, where gpg stops: pgp_verify_home_finish): file
		 * names on its standard input, a private folder for its
		 * output.
		 */
		if (!fail) {
			batch_names(b, 0, &names);
			b->started = gpg_start(home, batch_args,
			    names.buf, names.len, b->dir, &b->run, &err);
		}
	}
	sb_release(&names);
	sb_release(&err);
	return b;
}

void
pgp_verify_home_finish(struct pgp_batch *b, struct pgp_verdict *v)
{
	struct strbuf names, status, err;
	char *path, *part;
	size_t i, from;
	const char *s;
	int done, judged, again, ran;

	if (b == NULL)
		return;
	memset(v, 0, b->n * sizeof(*v));
	sb_init(&names);
	sb_init(&status);
	sb_init(&err);
	ran = gpg_wait(&b->run, b->started, NULL, &status, &err);
	/* What is not judged here goes one by one (pgp_verify_home). */
	for (from = 0; from < b->m && ran == 0; from = i) {
		s = status.buf ? status.buf : "";
		again = 0;
		for (i = from; i < b->m; i++) {
			path = xasprintf("%s/%zu.asc", b->dir, i);
			part = file_status(&s, path, &done);
			free(path);
			if (part == NULL)
				break;
			judged = judge_file(b->dir, i, part, done, b->record,
			    &v[b->idx[i]]);
			free(part);
			if (!judged)
				break;
			if (!done) {	/* a bad signature: the rest again */
				again = 1;
				i++;
				break;
			}
		}
		if (!again || i >= b->m)
			break;
		batch_names(b, i, &names);
		sb_reset(&status);
		sb_reset(&err);
		ran = run_gpg(b->home, batch_args, names.buf, names.len, NULL,
		    &status, &err);
	}
	if (b->dir != NULL) {
		remove_tree(b->dir);
		pgp_unclaim_dir(NULL, b->owner);
	}
	free(b->dir);
	free(b->home);
	free(b->idx);
	free(b);
	sb_release(&names);
	sb_release(&status);
	sb_release(&err);
}

void
pgp_verify_home_all(const char *home, const char *const *msgs,
    const size_t *lens, size_t n, int record, struct pgp_verdict *v)
{
	pgp_verify_home_finish(pgp_verify_home_start(home, msgs, lens, n,
	    record), v);
}

void
pgp_decrypt_home_all(const char *home, const char *const *msgs, size_t n,
    char **plains)
{
	/* a key with a passphrase fails here, as in a GPGME context (no prompt) */
	static const char *const args[] = {
		"--pinentry-mode", "loopback", "--decrypt-files", NULL
	};
	struct strbuf names, status, err, out;
	struct gpg_run run;
	const char *s, *next;
	char *dir, *path, *part;
	size_t i;
	int owner, fail = 0, started, done, fd;

	memset(plains, 0, n * sizeof(*plains));
	if (n == 0 || (dir = make_temp_dir()) == NULL)
		return;
	owner = pgp_claim_dir(dir);	/* a next run removes it if we die */
	sb_init(&names);
	sb_init(&status);
	sb_init(&err);
	for (i = 0; i < n && !fail; i++) {
		path = xasprintf("%s/%zu.asc", dir, i);
		fail = write_new(path, msgs[i], strlen(msgs[i])) != 0;
		sb_addf(&names, "%s\n", path);
		free(path);
	}
	started = fail ? -1 : gpg_start_agent(home, args, names.buf,
	    names.len, dir, &run, &err);
	if (!fail && gpg_wait(&run, started, NULL, &status, &err) == 0) {
		s = status.buf ? status.buf : "";
		for (i = 0; i < n; i++) {
			path = xasprintf("%s/%zu.asc", dir, i);
			part = file_status(&s, path, &done);
			free(path);
			if (part == NULL)
				break;	/* gpg stopped: the rest alone */
			if (done && status_line(part, "DECRYPTION_OKAY",
			    &next) != NULL && status_line(part,
			    "DECRYPTION_FAILED", &next) == NULL) {
				path = xasprintf("%s/%zu", dir, i);
				fd = open(path, O_RDONLY | O_NOFOLLOW |
				    O_CLOEXEC);
				free(path);
				if (fd >= 0) {
					sb_init(&out);
					read_all(fd, &out);
					close(fd);
					plains[i] = out.buf != NULL ?
					    sb_detach(&out) : xstrdup("");
				}
			}
			free(part);
		}
	}
	remove_tree(dir);
	pgp_unclaim_dir(NULL, owner);
	free(dir);
	sb_release(&names);
	sb_release(&status);
	sb_release(&err);
}
