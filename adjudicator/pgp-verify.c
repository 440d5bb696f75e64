/*
 * pgp-verify.c - checking one signed or encrypted message.
 *
 * GnuPG does the cryptography; this file decides what counts. A signature
 * counts only when GnuPG calls it good (status GPG_ERR_NO_ERROR), it is the
 * only one, its key and signing subkey are not revoked and had not expired
 * when it was made (see signed_in_time), and
 * nothing but blank lines surrounds the armoured block: gpg ignores such
 * text, so a moderator reading the mail would take it for signed orders.
 * Validity (the web of trust) is never consulted; the caller compares the
 * signer's primary fingerprint with the one registered for the country.
 */
#include "pgp.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gpgme.h>

#include "clock.h"
#include "pgp-internal.h"
#include "util.h"

extern char **environ;

static const char BEGIN_SIGNED[] = "-----BEGIN PGP SIGNED MESSAGE-----";
static const char BEGIN_SIGNATURE[] = "-----BEGIN PGP SIGNATURE-----";
static const char END_SIGNATURE[] = "-----END PGP SIGNATURE-----";
static const char BEGIN_MESSAGE[] = "-----BEGIN PGP MESSAGE-----";
static const char END_MESSAGE[] = "-----END PGP MESSAGE-----";

/*
 * The creation time of the last signature accepted, by any path (GPGME or
 * gpg's status lines): R38 needs it for every signed order.  The program
 * runs one verification at a time.
 */
long long last_sig_time;

/*
 * The first line of msg that begins a signed or an encrypted message:
 * BEGIN_SIGNED or BEGIN_MESSAGE, or NULL if there is none.
 */
static const char *
first_message(const char *msg, size_t len)
{
	const char *s, *e, *lim = msg + len;

	for (s = msg; s < lim; s = e + 1) {
		e = line_end(s, lim);
		if (line_is(s, e, BEGIN_SIGNED))
			return BEGIN_SIGNED;
		if (line_is(s, e, BEGIN_MESSAGE))
			return BEGIN_MESSAGE;
	}
	return NULL;
}

enum block_state {
	BLOCK_OK,
	BLOCK_MISSING,		/* no begin line */
	BLOCK_UNTERMINATED,	/* no end line after the begin line */
	BLOCK_OUTSIDE		/* non-blank text before or after */
};

/*
 * Checks that msg holds one armoured block, from a line begin to the first
 * line end after it, with nothing but blank text around it.
 */
static enum block_state
check_block(const char *msg, size_t len, const char *begin,
    const char *end)
{
	const char *s, *e, *lim = msg + len;
	int state = 0, outside = 0;

	for (s = msg; s < lim; s = e + 1) {
		e = line_end(s, lim);
		if (state == 0 && line_is(s, e, begin))
			state = 1;
		else if (state == 1 && line_is(s, e, end))
			state = 2;
		else if (state != 1 && !is_blank(s, e))
			outside = 1;
	}
	if (state == 0)
		return BLOCK_MISSING;
	if (state == 1)
		return BLOCK_UNTERMINATED;
	return outside ? BLOCK_OUTSIDE : BLOCK_OK;
}

/*
 * A signature by a key that has expired since (at expired, 0: not
 * known) counts when it was made before: a player who signed in time
 * expects the order to count when the key expires on the way, and the
 * signing time is the signer's own, as R38 orders orders by it.  An
 * expired key is not a compromised one: revoking it (cmd key) refuses
 * all it signs.  0, or -1 with err saying when the key expired.
 */
static int
signed_in_time(long long signed_at, long long expired, const char *name,
    struct strbuf *err)
{
	if (signed_at > 0 && expired > 0 && signed_at < expired)
		return 0;
	if (expired <= 0 || signed_at <= 0) {
		sb_addf(err, "the signing key '%s' has expired", name);
		return -1;
	}
	pgp_expired_before(name, expired, signed_at, err);
	return -1;
}

void
pgp_expired_before(const char *key, long long expired, long long signed_at,
    struct strbuf *err)
{
	char a[32], b[32];

	time_format(expired, a);
	time_format(signed_at, b);
	sb_addf(err, "the signing key '%s' has expired: it expired at %s, "
	    "before this signature was made (%s); send the moderator the "
	    "key with a new expiry date, or a new key", key, a, b);
}

/* Whether the subkey sk is the key GnuPG named id (fingerprint or ID). */
static int
subkey_is(gpgme_subkey_t sk, const char *id)
{
	return (sk->fpr != NULL && strcasecmp(sk->fpr, id) == 0) ||
	    (sk->keyid != NULL && strcasecmp(sk->keyid, id) == 0);
}

/*
 * Judges the verification result of the last operation on p: exactly one
 * signature, good, by a subkey of a key in this home that is neither
 * expired nor revoked and may sign. Gives that key's primary fingerprint.
 */
static int
check_signature(struct pgp *p, char primary[PGP_FPR_LEN + 1], int record,
    struct strbuf *err)
{
	gpgme_verify_result_t r = gpgme_op_verify_result(p->ctx);
	gpgme_signature_t s;
	gpgme_subkey_t sk;
	gpgme_key_t key = NULL;
	gpgme_err_code_t status;
	gpgme_sigsum_t sum;
	int wrong_usage, expkey, rc = -1;
	unsigned long s_time;
	long long expired;
	char id[72];
	const char *name;

	last_sig_time = 0;

	if (r == NULL || r->signatures == NULL) {
		sb_add(err, "the message is not signed");
		return -1;
	}
	s = r->signatures;
	if (s->next != NULL) {
		sb_add(err, "the message has more than one signature");
		return -1;
	}
	/* The result belongs to the context: copy before the next call. */
	status = gpgme_err_code(s->status);
	sum = s->summary;
	wrong_usage = s->wrong_key_usage;
	s_time = s->timestamp;
	snprintf(id, sizeof(id), "%s", s->fpr != NULL ? s->fpr : "");
	if (status != GPG_ERR_NO_PUBKEY && id[0] != '\0' &&
	    gpgme_get_key(p->ctx, id, &key, 0) != 0)
		key = NULL;
	name = key != NULL && key->subkeys != NULL ? key->subkeys->fpr : id;
	/*
	 * A recorded message was judged when it arrived: that its key has
	 * expired or been revoked since does not undo a good signature.
	 */
	if (record && (status == GPG_ERR_KEY_EXPIRED ||
	    status == GPG_ERR_CERT_REVOKED || status == GPG_ERR_SIG_EXPIRED))
		status = GPG_ERR_NO_ERROR;
	/* a good signature by a key expired since: judged below */
	expkey = !record && status == GPG_ERR_KEY_EXPIRED && key != NULL;
	if (expkey)
		status = GPG_ERR_NO_ERROR;
	switch (status) {
	case GPG_ERR_NO_ERROR:
		break;
	case GPG_ERR_BAD_SIGNATURE:
		sb_add(err, "bad signature: the text was changed after it "
		    "was signed");
		goto done;
	case GPG_ERR_NO_PUBKEY:
		sb_addf(err, "signed by unknown key '%s' (not in this home)",
		    id);
		goto done;
	case GPG_ERR_KEY_EXPIRED:
		sb_addf(err, "the signing key '%s' has expired", name);
		goto done;
	case GPG_ERR_CERT_REVOKED:
		sb_addf(err, "the signing key '%s' is revoked", name);
		goto done;
	case GPG_ERR_SIG_EXPIRED:
		sb_add(err, "the signature has expired");
		goto done;
	default:
		sb_addf(err, "the signature is not valid: %s",
		    gpgme_strerror(gpgme_error(status)));
		goto done;
	}
	/* A good signature; the summary and the key must agree. */
	if (key == NULL) {
		sb_addf(err, "cannot find the signing key '%s'", id);
		goto done;
	}
	for (sk = key->subkeys; sk != NULL; sk = sk->next)
		if (subkey_is(sk, id))
			break;
	if (sk == NULL) {
		sb_addf(err, "cannot find the signing key '%s'", id);
		goto done;
	}
	if (record)
		sum &= ~(gpgme_sigsum_t)(GPGME_SIGSUM_KEY_REVOKED |
		    GPGME_SIGSUM_KEY_EXPIRED | GPGME_SIGSUM_SIG_EXPIRED |
		    GPGME_SIGSUM_RED);
	/* the earlier of the key's end and its signing subkey's */
	expired = key->subkeys->expires;
	if (sk->expires > 0 && (expired <= 0 || sk->expires < expired))
		expired = sk->expires;
	/*
	 * Signed before the key expired: as good as a recorded message
	 * (gpg called the signature good: a changed text is BADSIG).
	 */
	if (!record && !key->revoked && !sk->revoked &&
	    (sum & GPGME_SIGSUM_KEY_REVOKED) == 0 && (expkey ||
	    key->expired || sk->expired || (sum & GPGME_SIGSUM_KEY_EXPIRED))) {
		if (signed_in_time((long long)s_time, expired, name, err) < 0)
			goto done;
		expkey = 1;
		sum &= ~(gpgme_sigsum_t)(GPGME_SIGSUM_KEY_EXPIRED |
		    GPGME_SIGSUM_RED);
	}
	if (!record && (key->revoked || sk->revoked ||
	    (sum & GPGME_SIGSUM_KEY_REVOKED)))
		sb_addf(err, "the signing key '%s' is revoked", name);
	else if (sum & GPGME_SIGSUM_SIG_EXPIRED)
		sb_add(err, "the signature has expired");
	else if (sum & GPGME_SIGSUM_RED)
		sb_add(err, "bad signature");
	else if (wrong_usage || !sk->can_sign || key->invalid || sk->invalid)
		sb_addf(err, "the key '%s' may not make signatures", name);
	else if (strlen(name) != PGP_FPR_LEN)
		sb_addf(err, "unsupported key '%s' (not OpenPGP version 4)",
		    name);
	else {
		fpr_copy(primary, name);
		last_sig_time = (long long)s_time;
		rc = 0;
	}
done:
	gpgme_key_unref(key);
	return rc;
}

/*
 * Judges the decryption result of the last operation on p: some recipient
 * must be a secret key of this home. Appends the reason for the failure e
 * (0: the operation succeeded) to err and returns -1, or returns 0.
 */
int
check_decryption(struct pgp *p, gpgme_error_t e, struct strbuf *err)
{
	gpgme_decrypt_result_t r = gpgme_op_decrypt_result(p->ctx);
	gpgme_recipient_t rc;
	int ours = 0;

	if (r != NULL)
		for (rc = r->recipients; rc != NULL; rc = rc->next)
			if (rc->status == 0)
				ours = 1;
	if (gpgme_err_code(e) == GPG_ERR_NO_DATA) {
		sb_add(err, "no encrypted message found");
		return -1;
	}
	if (!ours || gpgme_err_code(e) == GPG_ERR_NO_SECKEY) {
		sb_add(err, "the message is not encrypted to a key of this "
		    "home");
		return -1;
	}
	if (e)
		return fail(err, "cannot decrypt the message", e);
	return 0;
}

/*
 * After verifying a signature block that is known to be there: -1 with
 * err when the block held no signature packet gpg could read (a damaged
 * armour), or the operation failed otherwise.
 */
static int
damaged(struct pgp *p, gpgme_error_t e, struct strbuf *err)
{
	gpgme_verify_result_t r;

	if (gpgme_err_code(e) == GPG_ERR_NO_DATA) {
		sb_add(err, "the signature block is damaged");
		return -1;
	}
	if (e)
		return fail(err, "cannot check the signature", e);
	r = gpgme_op_verify_result(p->ctx);
	if (r == NULL || r->signatures == NULL) {
		sb_add(err, "the signature block is damaged");
		return -1;
	}
	return 0;
}

/* Turns CRLF into LF in place. */
static void
crlf_to_lf(char *s, size_t *len)
{
	size_t i, j;

	for (i = j = 0; i < *len; i++)
		if (!(s[i] == '\r' && i + 1 < *len && s[i + 1] == '\n'))
			s[j++] = s[i];
	s[j] = '\0';
	*len = j;
}

/*
 * Verifies in as a signed message that is not encrypted ("gpg --sign
 * --armor"), writing the signed text to a fresh *out.
 */
static gpgme_error_t
verify_opaque(struct pgp *p, gpgme_data_t in, gpgme_data_t *out)
{
	gpgme_error_t e;

	gpgme_data_release(*out);
	*out = NULL;
	if (gpgme_data_seek(in, 0, SEEK_SET) < 0)
		return gpgme_error_from_errno(errno);
	e = gpgme_data_new(out);
	if (e == 0)
		e = gpgme_op_verify(p->ctx, in, NULL, *out);
	return e;
}

/*
 * Running gpg directly, as git does for signed commits.  GPGME starts five
 * GnuPG programs of its own in every process (version checks and
 * gpgconf) before its first operation, and a key lookup after each
 * verification; a run that only checks clearsigned orders needs neither:
 * one gpg a message, its status lines (GnuPG's doc/DETAILS) say all
 * (issue 12).  --no-autostart: verifying and importing public keys need
 * no gpg-agent, and none is left running.
 */

/* Reads fd to its end into sb. */
void
read_all(int fd, struct strbuf *sb)
{
	char buf[4096];
	ssize_t n;

	for (;;) {
		n = read(fd, buf, sizeof(buf));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		sb_addn(sb, buf, (size_t)n);
	}
}

/*
 * A temporary file for gpg's input, output or status lines, removed at
 * once and open until gpg_wait: in tmpdir when given (the batch's private
 * folder, on tmpfs where there is one: issue 17.12, three new files on a
 * disk's file system are a part of a run's time), else tmpfile()'s.
 */
static FILE *
gpg_temp(const char *tmpdir)
{
	char *path;
	FILE *f;
	int fd;

	if (tmpdir == NULL)
		return tmpfile();
	path = xasprintf("%s/gpg.XXXXXX", tmpdir);
	fd = mkstemp(path);
	if (fd >= 0)
		unlink(path);
	free(path);
	if (fd < 0)
		return NULL;
	f = fdopen(fd, "w+");
	if (f == NULL)
		close(fd);
	return f;
}

/* The message of a failure to start gpg (posix_spawn's error e). */
static void
spawn_error(int e, struct strbuf *err)
{
	if (e == ENOENT)
		sb_add(err, "cannot run gpg (is GnuPG installed?)");
	else
		sb_addf(err, "cannot run gpg: %s", strerror(e));
}

/*
 * Starts "gpg --homedir HOME ARGS..." with len bytes of in on its
 * standard input, its output and status lines into files of r (in
 * tmpdir when given), and returns once gpg runs (issue 17: resolve loads
 * the game meanwhile).  0, or -1 with err.  posix_spawn returns when gpg
 * has replaced the child, about 0.2 ms; a thread that started it while
 * the caller went on was slower (issue 17.12: on the 2-core bench
 * machine the thread waited up to 1.5 ms for a processor, and one
 * signed file's resolve took 0.28 ms longer, medians of 2 x 31 runs).
 * With agent, gpg starts the gpg-agent when none runs (a secret key's
 * work).
 */
static int
start(const char *home, const char *const *args, const char *in,
    size_t len, const char *tmpdir, struct gpg_run *r, int agent,
    struct strbuf *err)
{
	posix_spawn_file_actions_t fa;
	const char *argv[24];
	char fdarg[16];
	size_t i, n = 0;
	int e;

	memset(r, 0, sizeof(*r));
	r->pid = -1;
	r->fin = gpg_temp(tmpdir);
	r->fout = gpg_temp(tmpdir);
	r->fstatus = gpg_temp(tmpdir);
	if (r->fin == NULL || r->fout == NULL || r->fstatus == NULL ||
	    (len > 0 && fwrite(in, 1, len, r->fin) != len) ||
	    fflush(r->fin) != 0) {
		sb_addf(err, "cannot run gpg: %s", strerror(errno));
		return -1;
	}
	rewind(r->fin);
	/* a file, not a pipe: nobody reads it until gpg is done */
	snprintf(fdarg, sizeof(fdarg), "%d", fileno(r->fstatus));
	argv[n++] = "gpg";
	argv[n++] = "--batch";
	argv[n++] = "--no-tty";
	if (!agent)	/* one that needs a secret key starts it */
		argv[n++] = "--no-autostart";
	argv[n++] = "--disable-dirmngr";
	argv[n++] = "--no-auto-key-retrieve";
	argv[n++] = "--trust-model";
	argv[n++] = "always";
	argv[n++] = "--homedir";
	argv[n++] = home;
	argv[n++] = "--status-fd";
	argv[n++] = fdarg;
	for (i = 0; args[i] != NULL && n < ARRAY_SIZE(argv) - 1; i++)
		argv[n++] = args[i];
	argv[n] = NULL;
	fflush(NULL);
	/*
	 * posix_spawn, not fork: the run goes on loading the game while gpg
	 * works, and after a fork each page it writes would be copied first
	 * (issue 17.12).
	 */
	if ((e = posix_spawn_file_actions_init(&fa)) != 0) {
		spawn_error(e, err);
		return -1;
	}
	e = posix_spawn_file_actions_adddup2(&fa, fileno(r->fin), 0);
	if (e == 0)
		e = posix_spawn_file_actions_adddup2(&fa, fileno(r->fout),
		    1);
	if (e == 0)
		e = posix_spawn_file_actions_addopen(&fa, 2, "/dev/null",
		    O_WRONLY, 0);
	if (e == 0)
		e = posix_spawnp(&r->pid, "gpg", &fa, NULL,
		    (char *const *)argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (e != 0) {
		r->pid = -1;
		spawn_error(e, err);
		return -1;
	}
	return 0;
}

int
gpg_start(const char *home, const char *const *args, const char *in,
    size_t len, const char *tmpdir, struct gpg_run *r, struct strbuf *err)
{
	return start(home, args, in, len, tmpdir, r, 0, err);
}

int
gpg_start_agent(const char *home, const char *const *args, const char *in,
    size_t len, const char *tmpdir, struct gpg_run *r, struct strbuf *err)
{
	return start(home, args, in, len, tmpdir, r, 1, err);
}

int
gpg_wait(struct gpg_run *r, int started, struct strbuf *out,
    struct strbuf *status, struct strbuf *err)
{
	int wst = 0, rc = -1;

	if (started == 0 && r->pid > 0) {
		while (waitpid(r->pid, &wst, 0) < 0 && errno == EINTR)
			;
		rewind(r->fstatus);
		read_all(fileno(r->fstatus), status);
		if (WIFEXITED(wst) && WEXITSTATUS(wst) == 127 &&
		    status->len == 0)
			sb_add(err, "cannot run gpg (is GnuPG installed?)");
		else {
			if (out != NULL) {
				rewind(r->fout);
				read_all(fileno(r->fout), out);
			}
			rc = 0;
		}
	}
	if (r->fin != NULL)
		fclose(r->fin);
	if (r->fout != NULL)
		fclose(r->fout);
	if (r->fstatus != NULL)
		fclose(r->fstatus);
	memset(r, 0, sizeof(*r));
	return rc;
}

/*
 * Runs "gpg --homedir HOME ARGS..." with len bytes of in on its standard
 * input; its output goes to out (may be NULL), its status lines to
 * status.  0 when it ran (whatever its exit status), -1 with err.
 */
int
run_gpg(const char *home, const char *const *args, const char *in,
    size_t len, struct strbuf *out, struct strbuf *status,
    struct strbuf *err)
{
	struct gpg_run r;

	return gpg_wait(&r, gpg_start(home, args, in, len, NULL, &r, err), out,
	    status, err);
}

/*
 * The status line after s that starts with keyword, or NULL; s is the
 * start of a line.  Only a line's start counts: gpg copies a key's user
 * ID into GOODSIG as it is, blanks and brackets included, so a user ID
 * "x [GNUPG:] VALIDSIG <someone else's fingerprint>" would otherwise be
 * read as that key's signature.  Gives the line from its keyword on,
 * and the start of the line after it in *next.
 */
const char *
status_line(const char *s, const char *keyword, const char **next)
{
	static const char prefix[] = "[GNUPG:] ";
	size_t klen = strlen(keyword);
	const char *k, *nl;

	for (; *s != '\0'; s = nl + 1) {
		nl = strchr(s, '\n');
		k = s + sizeof(prefix) - 1;
		if (strncmp(s, prefix, sizeof(prefix) - 1) == 0 &&
		    strncmp(k, keyword, klen) == 0 && (k[klen] == ' ' ||
		    k[klen] == '\n' || k[klen] == '\0')) {
			*next = nl != NULL ? nl + 1 : k + strlen(k);
			return k;
		}
		if (nl == NULL)
			break;
	}
	return NULL;
}

/*
 * The n-th blank-separated field (0: the keyword) of the status line that
 * starts with keyword, copied into buf; 0, or -1 if there is none.
 */
int
status_field(const char *status, const char *keyword, int n, char *buf,
    size_t size)
{
	const char *s, *e, *next;

	s = status_line(status, keyword, &next);
	if (s == NULL)
		return -1;
	for (; n > 0 && *s != '\n' && *s != '\0'; n--) {
		s += strcspn(s, " \n");
		if (*s == ' ')
			s++;
		else
			return -1;
	}
	if (n > 0)
		return -1;
	e = s + strcspn(s, " \n");
	snprintf(buf, size, "%.*s", (int)(e - s), s);
	return 0;
}

/* How many status lines start with keyword. */
int
status_count(const char *status, const char *keyword)
{
	const char *s = status;
	int n = 0;

	while (status_line(s, keyword, &s) != NULL)
		n++;
	return n;
}

/* Field n of the first status line keyword as a number; 0 if none. */
static long long
status_time(const char *status, const char *keyword, int n)
{
	char buf[32];

	return status_field(status, keyword, n, buf, sizeof(buf)) == 0 ?
	    strtoll(buf, NULL, 10) : 0;
}

/*
 * When the signing key expired: the earliest of gpg's KEYEXPIRED lines,
 * which it writes for the key that signed (the primary key's end when
 * that comes first); 0 if none.
 */
static long long
key_expired(const char *status)
{
	const char *s = status;
	long long t, min = 0;

	while (s != NULL && *s != '\0') {
		t = status_time(s, "KEYEXPIRED", 1);
		if (t > 0 && (min == 0 || t < min))
			min = t;
		if (status_line(s, "KEYEXPIRED", &s) == NULL)
			break;
	}
	return min;
}

/*
 * Judges gpg's status lines for one clearsigned message, with the rules
 * of check_signature: one signature, good, by a key that is neither
 * expired nor revoked, an OpenPGP v4 key; gives its primary fingerprint
 * (the last field of VALIDSIG, also when a subkey signed).
 */
int
judge_status(const char *status, char primary[PGP_FPR_LEN + 1], int record,
    struct strbuf *err)
{
	char id[72] = "", name[72] = "", rc[8] = "", when[32] = "";
	int sigs = status_count(status, "NEWSIG"), expkey;

	if (sigs == 0)
		sigs = status_count(status, "GOODSIG") +
		    status_count(status, "BADSIG") +
		    status_count(status, "ERRSIG") +
		    status_count(status, "EXPSIG") +
		    status_count(status, "EXPKEYSIG") +
		    status_count(status, "REVKEYSIG");
	if (sigs == 0) {
		sb_add(err, "the signature block is damaged");
		return -1;
	}
	if (sigs > 1) {
		sb_add(err, "the message has more than one signature");
		return -1;
	}
	if (status_field(status, "VALIDSIG", 10, name, sizeof(name)) < 0 &&
	    status_field(status, "VALIDSIG", 1, name, sizeof(name)) < 0)
		name[0] = '\0';
	if (status_field(status, "BADSIG", 0, id, sizeof(id)) == 0) {
		sb_add(err, "bad signature: the text was changed after it "
		    "was signed");
		return -1;
	}
	if (status_field(status, "ERRSIG", 6, rc, sizeof(rc)) == 0) {
		if (status_field(status, "ERRSIG", 7, id, sizeof(id)) < 0 ||
		    strcmp(id, "-") == 0)
			status_field(status, "ERRSIG", 1, id, sizeof(id));
		if (strcmp(rc, "9") == 0)
			sb_addf(err, "signed by unknown key '%s' (not in "
			    "this home)", id);
		else
			sb_addf(err, "the signature is not valid: %s",
			    strcmp(rc, "4") == 0 ? "unsupported algorithm" :
			    "gpg cannot check it");
		return -1;
	}
	/*
	 * With record set (verify), a key that has expired or was revoked
	 * since does not undo a good signature: VALIDSIG says it is good.
	 */
	expkey = !record && status_field(status, "EXPKEYSIG", 1, id,
	    sizeof(id)) == 0;
	if (expkey && signed_in_time(status_time(status, "VALIDSIG", 3),
	    key_expired(status), name[0] ? name : id, err) < 0)
		return -1;
	if (!record && status_field(status, "REVKEYSIG", 1, id,
	    sizeof(id)) == 0) {
		sb_addf(err, "the signing key '%s' is revoked",
		    name[0] ? name : id);
		return -1;
	}
	if (!record && status_field(status, "EXPSIG", 1, id,
	    sizeof(id)) == 0) {
		sb_add(err, "the signature has expired");
		return -1;
	}
	if ((!record && !expkey && status_field(status, "GOODSIG", 1, id,
	    sizeof(id)) < 0) || name[0] == '\0') {
		sb_add(err, "the signature is not valid");
		return -1;
	}
	if (!record && status_count(status, "KEYREVOKED") > 0) {
		sb_addf(err, "the signing key '%s' is revoked", name);
		return -1;
	}
	if (!record && !expkey && status_count(status, "KEYEXPIRED") > 0) {
		sb_addf(err, "the signing key '%s' has expired", name);
		return -1;
	}
	if (!fpr_valid(name)) {
		sb_addf(err, "unsupported key '%s' (not OpenPGP version 4)",
		    name);
		return -1;
	}
	fpr_copy(primary, name);
	/* VALIDSIG's third field: the signature's time, in seconds */
	last_sig_time = 0;
	if (status_field(status, "VALIDSIG", 3, when, sizeof(when)) == 0)
		last_sig_time = strtoll(when, NULL, 10);
	return 0;
}

/*
 * The signed text of a clearsigned message as gpg gave it in out (taken
 * over): no NUL byte, LF line ends.  0, or -1 with err and fpr emptied.
 */
int
take_plain(struct strbuf *out, char **plain, char signer_fpr[PGP_FPR_LEN + 1],
    struct strbuf *err)
{
	size_t len;

	if (out->len > 0 && memchr(out->buf, '\0', out->len) != NULL) {
		sb_add(err, "the signed text contains a NUL byte");
		signer_fpr[0] = '\0';
		return -1;
	}
	/* gpg gives clearsigned text with the input's line ends. */
	*plain = out->len > 0 ? sb_detach(out) : xstrdup("");
	len = strlen(*plain);
	crlf_to_lf(*plain, &len);
	return 0;
}

/* pgp_verify_home for a message whose one block is clearsigned. */
static int
verify_clearsigned(const char *home, const char *msg, size_t len,
    char **plain, char signer_fpr[PGP_FPR_LEN + 1], int record,
    struct strbuf *err)
{
	static const char *const args[] = {
		"--output", "-", "--decrypt", "--", "-", NULL
	};
	struct strbuf out, status;
	int rc = -1;

	sb_init(&out);
	sb_init(&status);
	if (run_gpg(home, args, msg, len, &out, &status, err) < 0 ||
	    judge_status(status.buf ? status.buf : "", signer_fpr, record,
	    err) < 0)
		goto done;
	rc = take_plain(&out, plain, signer_fpr, err);
done:
	sb_release(&out);
	sb_release(&status);
	return rc;
}

/*
 * Checks msg's framing as pgp_verify does: 1 for a clearsigned message,
 * 0 for an encrypted or signed one, -1 with err.
 */
int
message_kind(const char *msg, size_t len, struct strbuf *err)
{
	const char *first = first_message(msg, len), *end;
	enum block_state bs;

	if (first == NULL) {
		sb_add(err, "the message is not signed");
		return -1;
	}
	end = first == BEGIN_SIGNED ? END_SIGNATURE : END_MESSAGE;
	bs = check_block(msg, len, first, end);
	if (bs == BLOCK_UNTERMINATED) {
		sb_addf(err, "the message is cut short: no '%s' line", end);
		return -1;
	}
	if (bs != BLOCK_OK) {
		sb_add(err, "text outside the signed part");
		return -1;
	}
	return first == BEGIN_SIGNED;
}

int
pgp_verify_home(const char *home, const char *msg, size_t len, char **plain,
    char signer_fpr[PGP_FPR_LEN + 1], struct strbuf *err)
{
	int kind;

	*plain = NULL;
	signer_fpr[0] = '\0';
	kind = message_kind(msg, len, err);
	if (kind < 0)
		return -1;
	if (kind == 0) {
		sb_add(err, "the message is encrypted: only the moderator's "
		    "home can open it");
		return -1;
	}
	return verify_clearsigned(home, msg, len, plain, signer_fpr, 0, err);
}

static int
verify_message(struct pgp *p, const char *msg, size_t len, char **plain,
    char signer_fpr[PGP_FPR_LEN + 1], int record, struct strbuf *err)
{
	gpgme_data_t in = NULL, out = NULL;
	gpgme_error_t e;
	int clear, rc = -1;
	char *text;

	*plain = NULL;
	signer_fpr[0] = '\0';
	clear = message_kind(msg, len, err);
	if (clear < 0)
		return -1;
	if (clear)
		return verify_clearsigned(p->home, msg, len, plain, signer_fpr,
		    record, err);
	e = gpgme_data_new_from_mem(&in, msg, len, 0);
	if (e == 0)
		e = gpgme_data_new(&out);
	if (e) {
		fail(err, "cannot read the message", e);
		goto done;
	}
	e = gpgme_op_decrypt_verify(p->ctx, in, out);
	if (gpgme_err_code(e) == GPG_ERR_NO_DATA)
		e = verify_opaque(p, in, &out);
	else if (check_decryption(p, e, err) < 0)
		goto done;
	if (e) {
		fail(err, "cannot check the signature", e);
		goto done;
	}
	if (check_signature(p, signer_fpr, record, err) < 0)
		goto done;
	text = data_take_text(out, "signed", err);
	out = NULL;
	if (text == NULL) {
		signer_fpr[0] = '\0';
		goto done;
	}
	*plain = text;
	rc = 0;
done:
	gpgme_data_release(in);
	gpgme_data_release(out);
	return rc;
}

int
pgp_verify(struct pgp *p, const char *msg, size_t len, char **plain,
    char signer_fpr[PGP_FPR_LEN + 1], struct strbuf *err)
{
	return verify_message(p, msg, len, plain, signer_fpr, 0, err);
}

int
pgp_verify_record(struct pgp *p, const char *msg, size_t len, char **plain,
    char signer_fpr[PGP_FPR_LEN + 1], struct strbuf *err)
{
	return verify_message(p, msg, len, plain, signer_fpr, 1, err);
}

long long
pgp_signature_time(void)
{
	return last_sig_time;
}

static int
verify_detached(struct pgp *p, const char *data, size_t dlen,
    const char *sig, size_t slen, char signer_fpr[PGP_FPR_LEN + 1],
    int record, struct strbuf *err)
{
	gpgme_data_t d = NULL, s = NULL;
	gpgme_error_t e;
	int rc = -1;

	signer_fpr[0] = '\0';
	/*
	 * Only a bare signature block: given a clearsigned or opaque signed
	 * message, gpg would check the text inside it instead of data.
	 */
	switch (check_block(sig, slen, BEGIN_SIGNATURE, END_SIGNATURE)) {
	case BLOCK_OK:
		break;
	case BLOCK_MISSING:
		sb_addf(err, "no signature: no '%s' line", BEGIN_SIGNATURE);
		return -1;
	case BLOCK_UNTERMINATED:
		sb_addf(err, "the signature is cut short: no '%s' line",
		    END_SIGNATURE);
		return -1;
	case BLOCK_OUTSIDE:
		sb_add(err, "text outside the signature block");
		return -1;
	}
	e = gpgme_data_new_from_mem(&d, data, dlen, 0);
	if (e == 0)
		e = gpgme_data_new_from_mem(&s, sig, slen, 0);
	if (e == 0) {
		e = gpgme_op_verify(p->ctx, s, d, NULL);
		if (damaged(p, e, err) == 0)
			rc = check_signature(p, signer_fpr, record, err);
	} else
		fail(err, "cannot check the signature", e);
	gpgme_data_release(d);
	gpgme_data_release(s);
	return rc;
}

int
pgp_verify_detached(struct pgp *p, const char *data, size_t dlen,
    const char *sig, size_t slen, char signer_fpr[PGP_FPR_LEN + 1],
    struct strbuf *err)
{
	return verify_detached(p, data, dlen, sig, slen, signer_fpr, 0, err);
}

int
pgp_verify_detached_record(struct pgp *p, const char *data, size_t dlen,
    const char *sig, size_t slen, char signer_fpr[PGP_FPR_LEN + 1],
    struct strbuf *err)
{
	return verify_detached(p, data, dlen, sig, slen, signer_fpr, 1, err);
}
