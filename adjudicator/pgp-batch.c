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
    struct pgp_verdict *v)
{
	struct strbuf err, out;
	char *path;
	int rc;

	sb_init(&err);
	sb_init(&out);
	rc = judge_status(part, v->fpr, 0, &err);
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

void
pgp_verify_home_all(const char *home, const char *const *msgs,
    const size_t *lens, size_t n, struct pgp_verdict *v)
{
	static const char *const args[] = { "--decrypt-files", NULL };
	struct strbuf names, status, err;
	char *dir = pgp_temp_template(), *path, *part;
	size_t *idx = xcalloc(n + 1, sizeof(*idx)), m = 0, i, from;
	const char *s;
	int done, judged, again, fail = 0, owner;

	memset(v, 0, n * sizeof(*v));
	sb_init(&names);
	sb_init(&status);
	sb_init(&err);
	/* only what pgp_verify_home hands to gpg: one clearsigned block */
	for (i = 0; i < n; i++) {
		sb_reset(&err);
		if (message_kind(msgs[i], lens[i], &err) == 1)
			idx[m++] = i;
	}
	if (m < 2 || mkdtemp(dir) == NULL) {
		free(idx);
		goto out;
	}
	owner = pgp_claim_dir(dir);	/* a next run removes it if we die */
	for (i = 0; i < m && !fail; i++) {
		path = xasprintf("%s/%zu.asc", dir, i);
		fail = write_new(path, msgs[idx[i]], lens[idx[i]]) != 0;
		free(path);
	}
	/*
	 * One gpg for them all, one more after each bad signature (gpg
	 * stops there): file names on its standard input, a private folder
	 * for its output.  What is not judged here goes one by one.
	 */
	for (from = 0; from < m && !fail; from = i) {
		sb_reset(&names);
		sb_reset(&status);
		sb_reset(&err);
		for (i = from; i < m; i++)
			sb_addf(&names, "%s/%zu.asc\n", dir, i);
		if (run_gpg(home, args, names.buf, names.len, NULL, &status,
		    &err) < 0)
			break;
		s = status.buf ? status.buf : "";
		again = 0;
		for (i = from; i < m; i++) {
			path = xasprintf("%s/%zu.asc", dir, i);
			part = file_status(&s, path, &done);
			free(path);
			if (part == NULL)
				break;
			judged = judge_file(dir, i, part, done, &v[idx[i]]);
			free(part);
			if (!judged)
				break;
			if (!done) {	/* a bad signature: the rest again */
				again = 1;
				i++;
				break;
			}
		}
		if (!again)
			break;
	}
	free(idx);
	remove_tree(dir);
	pgp_unclaim_dir(NULL, owner);
out:
	free(dir);
	sb_release(&names);
	sb_release(&status);
	sb_release(&err);
}
