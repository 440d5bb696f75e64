/*
 * pgp-keys.c - public keys: import, export, revocations, whether a key
 * can sign, and keyrings made for gpg runs.
 */
#include "pgp.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <gpgme.h>

#include "pgp-internal.h"
#include "util.h"

static const char BEGIN_PUBKEY[] = "-----BEGIN PGP PUBLIC KEY BLOCK-----";

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

long long
pgp_key_expiry(struct pgp *p, const char *fpr)
{
	struct strbuf err;
	gpgme_key_t key;
	gpgme_subkey_t sk;
	long long end;

	sb_init(&err);
	if (get_key(p, fpr, 0, &key, &err) < 0) {
		sb_release(&err);
		return -1;
	}
	sb_release(&err);
	/* the earlier of the key's end and every signing subkey's */
	end = key->subkeys->expires;
	for (sk = key->subkeys; sk != NULL; sk = sk->next)
		if (sk->can_sign && sk->expires > 0 && (end <= 0 ||
		    sk->expires < end))
			end = sk->expires;
	gpgme_key_unref(key);
	return end > 0 ? end : 0;
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
