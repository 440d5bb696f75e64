/*
 * pgp-internal.h - what the pgp*.c files share and nothing else uses.
 * pgp.c holds the context and the helpers; pgp-verify.c checks one
 * message and runs gpg directly; pgp-batch.c, pgp-keys.c and
 * pgp-encrypt.c build on those two.  No file calls one that comes later
 * in this list.
 */
#ifndef PGP_INTERNAL_H
#define PGP_INTERNAL_H

#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

#include <gpgme.h>

#include "pgp.h"

struct strbuf;

struct pgp {
	gpgme_ctx_t ctx;
	char *home;
	int temporary;	/* made by pgp_open, removed by pgp_close */
	int owner;	/* the temporary home's claim (pgp_claim_dir) */
};

/* pgp.c */
int fail(struct strbuf *err, const char *what, gpgme_error_t e);
int fpr_valid(const char *s);
void fpr_copy(char out[PGP_FPR_LEN + 1], const char *fpr);
int remove_tree(const char *path);
char *data_take(gpgme_data_t d, size_t *len);
/* data_take for a text: NULL, with err "the WHAT text contains a NUL
 * byte", when it holds one. */
char *data_take_text(gpgme_data_t d, const char *what, struct strbuf *err);
int get_key(struct pgp *p, const char *fpr, int secret, gpgme_key_t *key,
    struct strbuf *err);
int is_blank(const char *s, const char *e);
int line_is(const char *s, const char *e, const char *marker);
const char *line_end(const char *s, const char *lim);

/* pgp-verify.c */
extern long long last_sig_time;
int check_decryption(struct pgp *p, gpgme_error_t e, struct strbuf *err);
void read_all(int fd, struct strbuf *sb);
int run_gpg(const char *home, const char *const *args, const char *in,
    size_t len, struct strbuf *out, struct strbuf *status,
    struct strbuf *err);
/* A gpg under way (issue 17): gpg_start starts it, gpg_wait waits. */
struct gpg_run {
	pid_t pid;
	FILE *fin, *fout, *fstatus;
};
/* tmpdir: a private folder for gpg's temporary files, or NULL */
int gpg_start(const char *home, const char *const *args, const char *in,
    size_t len, const char *tmpdir, struct gpg_run *r, struct strbuf *err);
/* The same, the gpg-agent started when it is not running (secret keys). */
int gpg_start_agent(const char *home, const char *const *args,
    const char *in, size_t len, const char *tmpdir, struct gpg_run *r,
    struct strbuf *err);
/*
 * Waits for the gpg of r, started is gpg_start's result (r in any state
 * then); its output goes to out (may be NULL), its status lines to
 * status.  0 when it ran (whatever its exit status), -1 with err.
 */
int gpg_wait(struct gpg_run *r, int started, struct strbuf *out,
    struct strbuf *status, struct strbuf *err);
const char *status_line(const char *s, const char *keyword,
    const char **next);
int status_field(const char *status, const char *keyword, int n, char *buf,
    size_t size);
int status_count(const char *status, const char *keyword);
int judge_status(const char *status, char primary[PGP_FPR_LEN + 1],
    int record, struct strbuf *err);
int take_plain(struct strbuf *out, char **plain,
    char signer_fpr[PGP_FPR_LEN + 1], struct strbuf *err);
int message_kind(const char *msg, size_t len, struct strbuf *err);

#endif
