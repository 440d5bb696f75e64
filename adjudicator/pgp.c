/*
 * pgp.c - OpenPGP through GPGME: signed orders, sealed secrets.
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

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <gpgme.h>

#include "util.h"

/* keylist_from_data and GPGME_ENCRYPT_NO_COMPRESS need 1.8. */
#define GPGME_MIN_VERSION "1.8.0"

struct pgp {
	gpgme_ctx_t ctx;
	char *home;
	int temporary;	/* made by pgp_open, removed by pgp_close */
};

static const char BEGIN_SIGNED[] = "-----BEGIN PGP SIGNED MESSAGE-----";
static const char BEGIN_SIGNATURE[] = "-----BEGIN PGP SIGNATURE-----";
static const char END_SIGNATURE[] = "-----END PGP SIGNATURE-----";
static const char BEGIN_MESSAGE[] = "-----BEGIN PGP MESSAGE-----";
static const char END_MESSAGE[] = "-----END PGP MESSAGE-----";
static const char BEGIN_PUBKEY[] = "-----BEGIN PGP PUBLIC KEY BLOCK-----";

static const char PAD_MARK[] = "# padding\n";

/*
 * The creation time of the last signature accepted, by any path (GPGME or
 * gpg's status lines): R38 needs it for every signed order.  The program
 * runs one verification at a time.
 */
static long long last_sig_time;
#define PAD_LINE 72	/* longest padding line, newline included */

/* Appends "what: gpgme's reason" to err; returns -1. */
static int
fail(struct strbuf *err, const char *what, gpgme_error_t e)
{
	sb_addf(err, "%s: %s", what, gpgme_strerror(e));
	return -1;
}

/*
 * Keys never carry passphrases, so any request for one (a protected key,
 * a symmetrically encrypted message) is refused rather than answered.
 */
static gpgme_error_t
no_passphrase(void *hook, const char *uid_hint, const char *info,
    int prev_was_bad, int fd)
{
	(void)hook;
	(void)uid_hint;
	(void)info;
	(void)prev_was_bad;
	(void)fd;
	return gpgme_error(GPG_ERR_CANCELED);
}

/* Initialises GPGME once per process; 0 on success, -1 with err. */
static int
pgp_init(struct strbuf *err)
{
	static int done;
	gpgme_error_t e;

	if (done)
		return 0;
	if (gpgme_check_version(GPGME_MIN_VERSION) == NULL) {
		sb_addf(err, "gpgme %s is older than %s",
		    gpgme_check_version(NULL), GPGME_MIN_VERSION);
		return -1;
	}
	gpgme_set_locale(NULL, LC_CTYPE, setlocale(LC_CTYPE, NULL));
	e = gpgme_engine_check_version(GPGME_PROTOCOL_OpenPGP);
	if (e)
		return fail(err, "gnupg is not usable", e);
	done = 1;
	return 0;
}

/* Whether s is 40 hexadecimal digits. */
static int
fpr_valid(const char *s)
{
	size_t i;

	for (i = 0; i < PGP_FPR_LEN; i++)
		if (s[i] == '\0' || strchr("0123456789abcdefABCDEF", s[i])
		    == NULL)
			return 0;
	return s[i] == '\0';
}

/* Copies fpr upper-cased into out. */
static void
fpr_copy(char out[PGP_FPR_LEN + 1], const char *fpr)
{
	size_t i;

	for (i = 0; i < PGP_FPR_LEN && fpr[i] != '\0'; i++)
		out[i] = fpr[i] >= 'a' && fpr[i] <= 'f' ?
		    (char)(fpr[i] - 'a' + 'A') : fpr[i];
	out[i] = '\0';
}

/* Runs "gpgconf --homedir home --kill all" quietly and waits for it. */
static void
kill_agent(const char *home)
{
	const char *gpgconf = gpgme_get_dirinfo("gpgconf-name");
	pid_t pid;
	int status, fd;

	if (gpgconf == NULL)
		gpgconf = "gpgconf";
	pid = fork();
	if (pid < 0)
		return;
	if (pid == 0) {
		fd = open("/dev/null", O_RDWR);
		if (fd >= 0) {
			dup2(fd, 0);
			dup2(fd, 1);
			dup2(fd, 2);
		}
		execlp(gpgconf, gpgconf, "--homedir", home, "--kill", "all",
		    (char *)NULL);
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
}

/* Removes path and, if it is a directory, everything below it. */
static int
remove_tree(const char *path)
{
	struct stat st;
	struct dirent *de;
	DIR *d;
	char *sub;

	if (lstat(path, &st) < 0)
		return errno == ENOENT ? 0 : -1;
	if (!S_ISDIR(st.st_mode))
		return unlink(path) < 0 && errno != ENOENT ? -1 : 0;
	d = opendir(path);
	if (d != NULL) {
		for (;;) {
			de = readdir(d);
			if (de == NULL)
				break;
			if (strcmp(de->d_name, ".") == 0 ||
			    strcmp(de->d_name, "..") == 0)
				continue;
			sub = xasprintf("%s/%s", path, de->d_name);
			remove_tree(sub);
			free(sub);
		}
		closedir(d);
	}
	return rmdir(path) < 0 && errno != ENOENT ? -1 : 0;
}

/*
 * Removes a temporary home. The agent unlinks its sockets as it exits,
 * which may race with us, so a directory that is not yet empty is tried
 * again a few times.
 */
void
pgp_remove_home(const char *home)
{
	struct timespec ts = { 0, 20 * 1000 * 1000 };
	int i;

	for (i = 0; i < 25 && remove_tree(home) < 0; i++)
		nanosleep(&ts, NULL);
}

int
pgp_open(struct pgp **pp, const char *homedir, struct strbuf *err)
{
	struct pgp *p;
	struct stat st;
	gpgme_error_t e;

	*pp = NULL;
	if (pgp_init(err) < 0)
		return -1;
	if (homedir != NULL && stat(homedir, &st) < 0) {
		sb_addf(err, "no GnuPG home '%s': %s", homedir,
		    strerror(errno));
		return -1;
	}
	if (homedir != NULL && !S_ISDIR(st.st_mode)) {
		sb_addf(err, "GnuPG home '%s' is not a directory", homedir);
		return -1;
	}
	p = xcalloc(1, sizeof(*p));
	if (homedir == NULL) {
		/* Short: the agent's socket path must fit in 107 bytes. */
		p->home = xstrdup("/tmp/aor.XXXXXX");
		if (mkdtemp(p->home) == NULL) {
			sb_addf(err, "cannot create a GnuPG home in '/tmp': "
			    "%s", strerror(errno));
			free(p->home);
			free(p);
			return -1;
		}
		p->temporary = 1;
	} else
		p->home = xstrdup(homedir);
	e = gpgme_new(&p->ctx);
	if (e == 0)
		e = gpgme_set_protocol(p->ctx, GPGME_PROTOCOL_OpenPGP);
	if (e == 0)
		e = gpgme_ctx_set_engine_info(p->ctx, GPGME_PROTOCOL_OpenPGP,
		    NULL, p->home);
	if (e == 0)
		e = gpgme_set_pinentry_mode(p->ctx,
		    GPGME_PINENTRY_MODE_LOOPBACK);
	if (e == 0)
		e = gpgme_set_keylist_mode(p->ctx, GPGME_KEYLIST_MODE_LOCAL);
	if (e) {
		sb_addf(err, "cannot use GnuPG home '%s': %s", p->home,
		    gpgme_strerror(e));
		pgp_close(p);
		return -1;
	}
	gpgme_set_armor(p->ctx, 1);
	gpgme_set_textmode(p->ctx, 0);
	/* No dirmngr: keys are never fetched from the network. */
	gpgme_set_offline(p->ctx, 1);
	gpgme_set_passphrase_cb(p->ctx, no_passphrase, NULL);
	*pp = p;
	return 0;
}

void
pgp_close(struct pgp *p)
{
	if (p == NULL)
		return;
	if (p->ctx != NULL)
		gpgme_release(p->ctx);
	if (p->temporary) {
		kill_agent(p->home);
		pgp_remove_home(p->home);
	}
	free(p->home);
	free(p);
}

const char *
pgp_homedir(const struct pgp *p)
{
	return p->home;
}

/*
 * Releases d and returns its contents as a NUL-terminated string the
 * caller frees; *len (if not NULL) is their length without the NUL.
 */
static char *
data_take(gpgme_data_t d, size_t *len)
{
	size_t n = 0;
	char *mem, *s;

	mem = gpgme_data_release_and_get_mem(d, &n);
	s = xmalloc(n + 1);
	if (mem != NULL)
		memcpy(s, mem, n);
	s[mem != NULL ? n : 0] = '\0';
	gpgme_free(mem);
	if (len != NULL)
		*len = mem != NULL ? n : 0;
	return s;
}

/*
 * Finds the key whose primary fingerprint is fpr (secret: with its secret
 * part in this home). The caller releases *key with gpgme_key_unref.
 */
static int
get_key(struct pgp *p, const char *fpr, int secret, gpgme_key_t *key,
    struct strbuf *err)
{
	gpgme_error_t e;

	*key = NULL;
	if (!fpr_valid(fpr)) {
		sb_addf(err, "'%s' is not a key fingerprint (40 hex digits)",
		    fpr);
		return -1;
	}
	e = gpgme_get_key(p->ctx, fpr, key, secret);
	if (gpgme_err_code(e) == GPG_ERR_EOF) {
		sb_addf(err, secret ? "no secret key '%s' in this home" :
		    "unknown key '%s'", fpr);
		return -1;
	}
	if (e) {
		sb_addf(err, "cannot look up key '%s': %s", fpr,
		    gpgme_strerror(e));
		return -1;
	}
	if ((*key)->subkeys == NULL || strcasecmp((*key)->subkeys->fpr,
	    fpr) != 0) {
		sb_addf(err, "'%s' is a subkey, not a primary key", fpr);
		gpgme_key_unref(*key);
		*key = NULL;
		return -1;
	}
	return 0;
}

/* Whether [s, e) holds only blanks and line ends. */
static int
is_blank(const char *s, const char *e)
{
	for (; s < e; s++)
		if (*s != ' ' && *s != '\t' && *s != '\r' && *s != '\n')
			return 0;
	return 1;
}

/* Whether the line [s, e) is marker, give or take trailing blanks. */
static int
line_is(const char *s, const char *e, const char *marker)
{
	size_t n = strlen(marker);

	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
		e--;
	return (size_t)(e - s) == n && memcmp(s, marker, n) == 0;
}

/* The end of the line starting at s (its '\n', or lim). */
static const char *
line_end(const char *s, const char *lim)
{
	const char *e = memchr(s, '\n', (size_t)(lim - s));

	return e != NULL ? e : lim;
}

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

/* Seconds since 1970 as 2026-12-01T10:00:00Z. */
static void
utc(long long t, char out[32])
{
	time_t tt = (time_t)t;
	struct tm tm;

	if (gmtime_r(&tt, &tm) == NULL ||
	    strftime(out, 32, "%Y-%m-%dT%H:%M:%SZ", &tm) == 0)
		snprintf(out, 32, "%lld", t);
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
	char a[32], b[32];

	if (signed_at > 0 && expired > 0 && signed_at < expired)
		return 0;
	if (expired <= 0 || signed_at <= 0) {
		sb_addf(err, "the signing key '%s' has expired", name);
		return -1;
	}
	utc(expired, a);
	utc(signed_at, b);
	sb_addf(err, "the signing key '%s' has expired: it expired at %s, "
	    "before this signature was made (%s); send the moderator the "
	    "key with a new expiry date, or a new key", name, a, b);
	return -1;
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
static int
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
static void
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
 * Runs "gpg --homedir HOME ARGS..." with len bytes of in on its standard
 * input; its output goes to out (may be NULL), its status lines to
 * status.  0 when it ran (whatever its exit status), -1 with err.
 */
static int
run_gpg(const char *home, const char *const *args, const char *in,
    size_t len, struct strbuf *out, struct strbuf *status,
    struct strbuf *err)
{
	const char *argv[24];
	char fdarg[16];
	FILE *fin = tmpfile(), *fout = tmpfile();
	int sp[2] = { -1, -1 }, devnull, wst, rc = -1;
	size_t i, n = 0;
	pid_t pid;

	if (fin == NULL || fout == NULL || pipe(sp) < 0 ||
	    (len > 0 && fwrite(in, 1, len, fin) != len) || fflush(fin) != 0) {
		sb_addf(err, "cannot run gpg: %s", strerror(errno));
		goto done;
	}
	rewind(fin);
	snprintf(fdarg, sizeof(fdarg), "%d", sp[1]);
	argv[n++] = "gpg";
	argv[n++] = "--batch";
	argv[n++] = "--no-tty";
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
	pid = fork();
	if (pid < 0) {
		sb_addf(err, "cannot run gpg: %s", strerror(errno));
		goto done;
	}
	if (pid == 0) {
		devnull = open("/dev/null", O_WRONLY);
		dup2(fileno(fin), 0);
		dup2(fileno(fout), 1);
		if (devnull >= 0)
			dup2(devnull, 2);
		close(sp[0]);
		execvp("gpg", (char *const *)argv);
		_exit(127);
	}
	close(sp[1]);
	sp[1] = -1;
	read_all(sp[0], status);
	while (waitpid(pid, &wst, 0) < 0 && errno == EINTR)
		;
	if (WIFEXITED(wst) && WEXITSTATUS(wst) == 127 && status->len == 0) {
		sb_add(err, "cannot run gpg (is GnuPG installed?)");
		goto done;
	}
	if (out != NULL) {
		rewind(fout);
		read_all(fileno(fout), out);
	}
	rc = 0;
done:
	if (sp[0] >= 0)
		close(sp[0]);
	if (sp[1] >= 0)
		close(sp[1]);
	if (fin != NULL)
		fclose(fin);
	if (fout != NULL)
		fclose(fout);
	return rc;
}

/*
 * The status line after s that starts with keyword, or NULL; s is the
 * start of a line.  Only a line's start counts: gpg copies a key's user
 * ID into GOODSIG as it is, blanks and brackets included, so a user ID
 * "x [GNUPG:] VALIDSIG <someone else's fingerprint>" would otherwise be
 * read as that key's signature.  Gives the line from its keyword on,
 * and the start of the line after it in *next.
 */
static const char *
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
static int
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
static int
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
static int
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
static int
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
static int
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
	char dir[] = "/tmp/aor.XXXXXX", *path, *part;
	size_t *idx = xcalloc(n + 1, sizeof(*idx)), m = 0, i, from;
	const char *s;
	int done, judged, again, fail = 0;

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
out:
	sb_release(&names);
	sb_release(&status);
	sb_release(&err);
}

int
pgp_keyring_make(const char *home, const char *const *keys, size_t n,
    struct strbuf *err)
{
	static const char *const args[] = { "--import", NULL };
	struct strbuf in, status;
	char count[16];
	size_t i;
	int rc = -1;

	sb_init(&in);
	sb_init(&status);
	for (i = 0; i < n; i++) {
		sb_add(&in, keys[i]);
		sb_add(&in, "\n");
	}
	if (run_gpg(home, args, in.buf ? in.buf : "", in.len, NULL, &status,
	    err) < 0)
		goto done;
	/* IMPORT_RES: the second field counts the keys imported or known */
	if (n > 0 && (status_field(status.buf ? status.buf : "", "IMPORT_RES",
	    1, count, sizeof(count)) < 0 || atoi(count) < 1)) {
		sb_addf(err, "gpg imported no key into '%s'", home);
		goto done;
	}
	rc = 0;
done:
	sb_release(&in);
	sb_release(&status);
	return rc;
}

static int
verify_message(struct pgp *p, const char *msg, size_t len, char **plain,
    char signer_fpr[PGP_FPR_LEN + 1], int record, struct strbuf *err)
{
	gpgme_data_t in = NULL, out = NULL;
	gpgme_error_t e;
	int clear, rc = -1;
	size_t n;
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
	text = data_take(out, &n);
	out = NULL;
	if (memchr(text, '\0', n) != NULL) {
		sb_add(err, "the signed text contains a NUL byte");
		free(text);
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

int
pgp_import(struct pgp *p, const char *armored, char fpr[PGP_FPR_LEN + 1],
    struct strbuf *err)
{
	gpgme_data_t in = NULL;
	gpgme_import_result_t r;
	gpgme_import_status_t st;
	gpgme_key_t key;
	gpgme_error_t e;
	int nkeys = 0, secret = 0, rc = -1;
	char first[72] = "";
	size_t len = strlen(armored);
	const char *s, *lim = armored + len;

	fpr[0] = '\0';
	for (s = armored; s < lim; s = line_end(s, lim) + 1)
		if (line_is(s, line_end(s, lim), BEGIN_PUBKEY))
			break;
	if (s >= lim) {
		sb_addf(err, "not an armoured public key: no '%s' line",
		    BEGIN_PUBKEY);
		return -1;
	}
	e = gpgme_data_new_from_mem(&in, armored, len, 0);
	if (e) {
		fail(err, "cannot read the key", e);
		goto done;
	}
	/* List the block's keys first: nothing enters the home unless the
	 * block holds exactly one. */
	e = gpgme_op_keylist_from_data_start(p->ctx, in, 0);
	while (e == 0) {
		e = gpgme_op_keylist_next(p->ctx, &key);
		if (e)
			break;
		if (nkeys++ == 0 && key->subkeys != NULL &&
		    key->subkeys->fpr != NULL)
			snprintf(first, sizeof(first), "%s",
			    key->subkeys->fpr);
		if (key->secret)
			secret = 1;
		gpgme_key_unref(key);
	}
	gpgme_op_keylist_end(p->ctx);
	if (gpgme_err_code(e) != GPG_ERR_EOF) {
		fail(err, "cannot read the key", e);
		goto done;
	}
	if (nkeys != 1) {
		if (nkeys == 0)
			sb_add(err, "the block holds no key");
		else
			sb_addf(err, "the block holds %d keys, expected one",
			    nkeys);
		goto done;
	}
	if (secret) {
		sb_add(err, "the block holds a secret key");
		goto done;
	}
	if (!fpr_valid(first)) {
		sb_addf(err, "unsupported key '%s' (not OpenPGP version 4)",
		    first);
		goto done;
	}
	e = gpgme_data_seek(in, 0, SEEK_SET) < 0 ?
	    gpgme_error_from_errno(errno) : gpgme_op_import(p->ctx, in);
	if (e) {
		sb_addf(err, "cannot import key '%s': %s", first,
		    gpgme_strerror(e));
		goto done;
	}
	r = gpgme_op_import_result(p->ctx);
	for (st = r != NULL ? r->imports : NULL; st != NULL; st = st->next)
		if (st->fpr != NULL && strcasecmp(st->fpr, first) == 0 &&
		    st->result == 0)
			break;
	if (st == NULL) {
		sb_addf(err, "key '%s' was not imported", first);
		goto done;
	}
	fpr_copy(fpr, first);
	rc = 0;
done:
	gpgme_data_release(in);
	return rc;
}

int
pgp_export(struct pgp *p, const char *fpr, char **armored,
    struct strbuf *err)
{
	gpgme_data_t out = NULL;
	gpgme_key_t key;
	gpgme_error_t e;
	size_t n;

	*armored = NULL;
	if (get_key(p, fpr, 0, &key, err) < 0)
		return -1;
	gpgme_key_unref(key);
	e = gpgme_data_new(&out);
	if (e == 0)
		e = gpgme_op_export(p->ctx, fpr, 0, out);
	if (e) {
		gpgme_data_release(out);
		sb_addf(err, "cannot export key '%s': %s", fpr,
		    gpgme_strerror(e));
		return -1;
	}
	*armored = data_take(out, &n);
	if (n == 0) {
		free(*armored);
		*armored = NULL;
		sb_addf(err, "unknown key '%s'", fpr);
		return -1;
	}
	return 0;
}

/*
 * Padding: a sealed secret such as a pick is short, and its ciphertext
 * would otherwise be as long as the text plus a constant, so anyone who
 * sees the game file could tell "pick 3" from "pick 12" by size. The text
 * is therefore padded to a multiple of PGP_PAD_BLOCK bytes with a trailing
 * comment block ("# padding" and lines of '#', which the order language
 * ignores) and encrypted without compression, which would undo the
 * padding. Key packets and the literal packet's header have fixed sizes,
 * so equal padded lengths give equal ciphertext lengths.
 */
char *
pgp_pad(const char *text)
{
	struct strbuf sb;
	size_t base, total, left, n, mark = strlen(PAD_MARK);

	sb_init(&sb);
	sb_add(&sb, text);
	if (sb.len > 0 && sb.buf[sb.len - 1] != '\n')
		sb_addc(&sb, '\n');
	base = sb.len;
	total = (base + mark + PGP_PAD_BLOCK - 1) / PGP_PAD_BLOCK *
	    PGP_PAD_BLOCK;
	/* A line needs two bytes ("#\n"): one byte left over cannot be. */
	if (total - base - mark == 1)
		total += PGP_PAD_BLOCK;
	sb_add(&sb, PAD_MARK);
	left = total - sb.len;
	while (left > 0) {
		n = left < PAD_LINE ? left : PAD_LINE;
		if (left - n == 1)
			n--;
		left -= n;
		while (--n > 0)
			sb_addc(&sb, '#');
		sb_addc(&sb, '\n');
	}
	return sb_detach(&sb);
}

void
pgp_unpad(char *text)
{
	size_t len = strlen(text);
	char *mark = NULL, *s;

	if (len == 0 || len % PGP_PAD_BLOCK != 0)
		return;
	for (s = strstr(text, PAD_MARK); s != NULL;
	    s = strstr(s + 1, PAD_MARK))
		if (s == text || s[-1] == '\n')
			mark = s;
	if (mark == NULL)
		return;
	for (s = mark + strlen(PAD_MARK); *s != '\0'; s++)
		if (*s != '#' && *s != '\n')
			return;
	*mark = '\0';
}

/*
 * Whether key can be encrypted to now; PGP_KEY_REFUSED with the reason
 * if not, a reason of the key's own (its owner can mend it).
 */
static int
can_encrypt(gpgme_key_t key, struct strbuf *err)
{
	const char *fpr = key->subkeys->fpr;
	gpgme_subkey_t sk, enc = NULL;
	char when[32];

	for (sk = key->subkeys; sk != NULL; sk = sk->next)
		if (sk->can_encrypt && (enc == NULL || enc->expired ||
		    enc->revoked))
			enc = sk;
	if (key->revoked)
		sb_addf(err, "key '%s' is revoked", fpr);
	else if (key->expired) {
		utc(key->subkeys->expires, when);
		sb_addf(err, "key '%s' has expired (at %s)", fpr, when);
	} else if (key->disabled || key->invalid)
		sb_addf(err, "key '%s' is not valid", fpr);
	else if (key->can_encrypt)
		return 0;
	else if (enc == NULL)
		sb_addf(err, "key '%s' has no encryption subkey", fpr);
	else if (enc->revoked)
		sb_addf(err, "the encryption subkey of key '%s' is revoked",
		    fpr);
	else if (enc->expired) {
		utc(enc->expires, when);
		sb_addf(err, "the encryption subkey of key '%s' has expired "
		    "(at %s)", fpr, when);
	} else
		sb_addf(err, "key '%s' cannot encrypt", fpr);
	return PGP_KEY_REFUSED;
}

/*
 * Encrypts (and, with signer set, signs) in to the key to, whatever its
 * validity, uncompressed, and to nobody else (no encrypt-to from
 * gpg.conf, which would also change the size).
 */
static int
encrypt_to(struct pgp *p, gpgme_key_t to, gpgme_key_t signer,
    const char *text, char **armored, struct strbuf *err)
{
	gpgme_data_t in = NULL, out = NULL;
	gpgme_encrypt_result_t er;
	gpgme_sign_result_t sr;
	gpgme_key_t recp[2] = { to, NULL };
	gpgme_error_t e;
	gpgme_encrypt_flags_t flags = GPGME_ENCRYPT_ALWAYS_TRUST |
	    GPGME_ENCRYPT_NO_ENCRYPT_TO | GPGME_ENCRYPT_NO_COMPRESS;
	int rc = -1;

	if (can_encrypt(to, err) < 0)
		return PGP_KEY_REFUSED;
	gpgme_signers_clear(p->ctx);
	e = gpgme_data_new_from_mem(&in, text, strlen(text), 0);
	if (e == 0)
		e = gpgme_data_new(&out);
	if (e == 0 && signer != NULL)
		e = gpgme_signers_add(p->ctx, signer);
	if (e == 0)
		e = signer != NULL ?
		    gpgme_op_encrypt_sign(p->ctx, recp, flags, in, out) :
		    gpgme_op_encrypt(p->ctx, recp, flags, in, out);
	er = gpgme_op_encrypt_result(p->ctx);
	sr = signer != NULL ? gpgme_op_sign_result(p->ctx) : NULL;
	if (er != NULL && er->invalid_recipients != NULL) {
		sb_addf(err, "cannot encrypt to key '%s': %s",
		    to->subkeys->fpr,
		    gpgme_strerror(er->invalid_recipients->reason));
		rc = PGP_KEY_REFUSED;	/* gpg refused the key itself */
	} else if (sr != NULL && sr->invalid_signers != NULL)
		sb_addf(err, "cannot sign with key '%s': %s",
		    signer->subkeys->fpr,
		    gpgme_strerror(sr->invalid_signers->reason));
	else if (e)
		fail(err, "cannot encrypt", e);
	else {
		*armored = data_take(out, NULL);
		out = NULL;
		rc = 0;
	}
	gpgme_signers_clear(p->ctx);
	gpgme_data_release(in);
	gpgme_data_release(out);
	return rc;
}

int
pgp_encrypt(struct pgp *p, const char *fpr, const char *text,
    char **armored, struct strbuf *err)
{
	gpgme_key_t key;
	char *padded;
	int rc;

	*armored = NULL;
	if (get_key(p, fpr, 0, &key, err) < 0)
		return -1;
	padded = pgp_pad(text);
	rc = encrypt_to(p, key, NULL, padded, armored, err);
	free(padded);
	gpgme_key_unref(key);
	return rc;
}

int
pgp_sign_encrypt(struct pgp *p, const char *signer_fpr, const char *to_fpr,
    const char *text, char **armored, struct strbuf *err)
{
	gpgme_key_t signer, to;
	int rc;

	*armored = NULL;
	if (get_key(p, signer_fpr, 1, &signer, err) < 0)
		return -1;
	if (get_key(p, to_fpr, 0, &to, err) < 0) {
		gpgme_key_unref(signer);
		return -1;
	}
	rc = encrypt_to(p, to, signer, text, armored, err);
	gpgme_key_unref(signer);
	gpgme_key_unref(to);
	return rc;
}

int
pgp_decrypt(struct pgp *p, const char *armored, char **plain,
    struct strbuf *err)
{
	gpgme_data_t in = NULL, out = NULL;
	gpgme_error_t e;
	size_t n;
	int rc = -1;

	*plain = NULL;
	e = gpgme_data_new_from_mem(&in, armored, strlen(armored), 0);
	if (e == 0)
		e = gpgme_data_new(&out);
	if (e) {
		fail(err, "cannot read the message", e);
		goto done;
	}
	e = gpgme_op_decrypt(p->ctx, in, out);
	if (check_decryption(p, e, err) < 0)
		goto done;
	*plain = data_take(out, &n);
	out = NULL;
	if (memchr(*plain, '\0', n) != NULL) {
		sb_add(err, "the decrypted text contains a NUL byte");
		free(*plain);
		*plain = NULL;
		goto done;
	}
	rc = 0;
done:
	gpgme_data_release(in);
	gpgme_data_release(out);
	return rc;
}

int
pgp_decrypt_session(struct pgp *p, const char *armored, const char *override,
    char **plain, char **session_key, struct strbuf *err)
{
	gpgme_decrypt_result_t dr;
	gpgme_error_t e;
	int rc;

	*session_key = NULL;
	e = gpgme_set_ctx_flag(p->ctx, "export-session-key", "1");
	if (e == 0 && override != NULL)
		e = gpgme_set_ctx_flag(p->ctx, "override-session-key",
		    override);
	if (e) {
		fail(err, "cannot ask for the session key", e);
		return -1;
	}
	rc = pgp_decrypt(p, armored, plain, err);
	dr = gpgme_op_decrypt_result(p->ctx);
	if (rc == 0 && dr != NULL && dr->session_key != NULL)
		*session_key = xstrdup(dr->session_key);
	gpgme_set_ctx_flag(p->ctx, "export-session-key", "0");
	gpgme_set_ctx_flag(p->ctx, "override-session-key", "");
	if (rc == 0 && *session_key == NULL) {
		sb_add(err, "gpg gave no session key");
		free(*plain);
		*plain = NULL;
		rc = -1;
	}
	return rc;
}

/* Signs text with the secret key fpr in mode; the caller frees *out. */
static int
sign(struct pgp *p, const char *fpr, const char *text, size_t len,
    gpgme_sig_mode_t mode, char **out, struct strbuf *err)
{
	gpgme_data_t in = NULL, sig = NULL;
	gpgme_sign_result_t sr;
	gpgme_key_t key;
	gpgme_error_t e;
	int rc = -1;

	*out = NULL;
	if (get_key(p, fpr, 1, &key, err) < 0)
		return -1;
	gpgme_signers_clear(p->ctx);
	e = gpgme_signers_add(p->ctx, key);
	if (e == 0)
		e = gpgme_data_new_from_mem(&in, text, len, 0);
	if (e == 0)
		e = gpgme_data_new(&sig);
	if (e == 0)
		e = gpgme_op_sign(p->ctx, in, sig, mode);
	sr = gpgme_op_sign_result(p->ctx);
	if (sr != NULL && sr->invalid_signers != NULL)
		sb_addf(err, "cannot sign with key '%s': %s", fpr,
		    gpgme_strerror(sr->invalid_signers->reason));
	else if (e)
		sb_addf(err, "cannot sign with key '%s': %s", fpr,
		    gpgme_strerror(e));
	else {
		*out = data_take(sig, NULL);
		sig = NULL;
		rc = 0;
	}
	gpgme_signers_clear(p->ctx);
	gpgme_data_release(in);
	gpgme_data_release(sig);
	gpgme_key_unref(key);
	return rc;
}

int
pgp_clearsign(struct pgp *p, const char *fpr, const char *text, char **out,
    struct strbuf *err)
{
	return sign(p, fpr, text, strlen(text), GPGME_SIG_MODE_CLEAR, out,
	    err);
}

int
pgp_sign_detached(struct pgp *p, const char *fpr, const char *data,
    size_t len, char **sig, struct strbuf *err)
{
	return sign(p, fpr, data, len, GPGME_SIG_MODE_DETACH, sig, err);
}

int
pgp_key_usable(struct pgp *p, const char *fpr, struct strbuf *err)
{
	gpgme_key_t key;
	int rc = -1;

	if (get_key(p, fpr, 0, &key, err) < 0)
		return -1;
	if (key->revoked)
		sb_addf(err, "key '%s' is revoked", key->subkeys->fpr);
	else if (key->expired)
		sb_addf(err, "key '%s' has expired", key->subkeys->fpr);
	else if (key->disabled)
		sb_addf(err, "key '%s' is disabled", key->subkeys->fpr);
	else if (key->invalid)
		sb_addf(err, "key '%s' is not valid", key->subkeys->fpr);
	else if (!key->can_sign)
		sb_addf(err, "key '%s' cannot sign", key->subkeys->fpr);
	else
		rc = 0;
	gpgme_key_unref(key);
	return rc;
}

int
pgp_import_revocation(struct pgp *p, const char *armored, const char *fpr,
    struct strbuf *err)
{
	gpgme_data_t in = NULL;
	gpgme_key_t key = NULL;
	gpgme_error_t e;
	char *copy = pgp_revocation_text(armored);
	int rc = -1;

	if (strstr(copy, BEGIN_PUBKEY) == NULL) {
		sb_addf(err, "not an armoured key or revocation certificate: "
		    "no '%s' line", BEGIN_PUBKEY);
		goto done;
	}
	if (strstr(copy, "PRIVATE KEY BLOCK") != NULL) {
		sb_add(err, "the block holds a secret key");
		goto done;
	}
	e = gpgme_data_new_from_mem(&in, copy, strlen(copy), 0);
	if (e == 0)
		e = gpgme_op_import(p->ctx, in);
	if (e) {
		sb_addf(err, "cannot import the block: %s", gpgme_strerror(e));
		goto done;
	}
	if (get_key(p, fpr, 0, &key, err) < 0)
		goto done;
	if (!key->revoked)
		sb_addf(err, "the block does not revoke key '%s'", fpr);
	else
		rc = 0;
done:
	gpgme_key_unref(key);
	gpgme_data_release(in);
	free(copy);
	return rc;
}

char *
pgp_revocation_text(const char *armored)
{
	char *copy = xstrdup(armored), *s;

	/*
	 * GnuPG keeps its own revocation certificates with a ':' before
	 * the armour line, so that they are not imported by mistake.
	 */
	for (s = copy; (s = strstr(s, BEGIN_PUBKEY)) != NULL; s++)
		if (s > copy && s[-1] == ':' && (s == copy + 1 ||
		    s[-2] == '\n')) {
			memmove(s - 1, s, strlen(s) + 1);
			s--;
		}
	return copy;
}
