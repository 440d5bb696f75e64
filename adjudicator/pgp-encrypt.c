/*
 * pgp-encrypt.c - sealing and signing: padding, encrypting to keys,
 * decrypting, and making signatures.
 */
#include "pgp.h"

#include <stdlib.h>
#include <string.h>

#include <gpgme.h>

#include "clock.h"
#include "pgp-internal.h"
#include "util.h"

static const char PAD_MARK[] = "# padding\n";
#define PAD_LINE 72	/* longest padding line, newline included */

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
		time_format(key->subkeys->expires, when);
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
		time_format(enc->expires, when);
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
	*plain = data_take_text(out, "decrypted", err);
	out = NULL;
	if (*plain == NULL)
		goto done;
	rc = 0;
done:
	gpgme_data_release(in);
	gpgme_data_release(out);
	return rc;
}

int
pgp_session_key(struct pgp *p, const char *session_key, struct strbuf *err)
{
	gpgme_error_t e = gpgme_set_ctx_flag(p->ctx, "override-session-key",
	    session_key != NULL ? session_key : "");

	if (e) {
		fail(err, "cannot use the session key", e);
		return -1;
	}
	return 0;
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
pgp_encrypt_home(const char *home, const char *fpr, const char *text,
    char **armored)
{
	const char *args[] = { "--armor", "--no-encrypt-to", "--compress-algo",
	    "none", "--output", "-", "--recipient", fpr, "--encrypt", NULL };
	struct strbuf out, status, err;
	char *padded = pgp_pad(text);
	const char *st;
	int rc = -1;

	*armored = NULL;
	sb_init(&out);
	sb_init(&status);
	sb_init(&err);
	if (fpr_valid(fpr) && run_gpg(home, args, padded, strlen(padded),
	    &out, &status, &err) == 0) {
		st = status.buf != NULL ? status.buf : "";
		/* anything but a plain success is pgp_encrypt's to explain */
		if (status_count(st, "END_ENCRYPTION") == 1 &&
		    status_count(st, "INV_RECP") == 0 && out.len > 0 &&
		    strncmp(out.buf, "-----BEGIN PGP MESSAGE-----", 27) == 0) {
			*armored = sb_detach(&out);
			rc = 0;
		}
	}
	free(padded);
	sb_release(&out);
	sb_release(&status);
	sb_release(&err);
	return rc;
}
