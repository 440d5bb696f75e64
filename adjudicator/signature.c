/*
 * signature.c - checking signed order messages.
 */
#define _DEFAULT_SOURCE
#include "game.h"
#include "game-internal.h"

#include <string.h>

#include "mail.h"
#include "pgp.h"
#include "util.h"

/*
 * Is an armoured "PGP MESSAGE" encrypted?  Its first packet says so: a
 * public-key or symmetric session key packet (tags 1 and 3) starts an
 * encrypted message, while "gpg --sign --armor" starts with a compressed,
 * one-pass signature or literal packet.
 */
int
armor_encrypted(const char *msg)
{
	static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrs"
	    "tuvwxyz0123456789+/";
	const char *p = strstr(msg, "-----BEGIN PGP MESSAGE-----"), *a, *b;
	int tag, c;

	if (p == NULL)
		return 0;
	/* the armour headers end at the first empty line */
	for (p = strchr(p, '\n'); p != NULL; p = strchr(p + 1, '\n'))
		if (p[1] == '\n' || (p[1] == '\r' && p[2] == '\n'))
			break;
	if (p == NULL)
		return 0;
	p += p[1] == '\r' ? 3 : 2;
	a = strchr(b64, p[0]);
	b = strchr(b64, p[1]);
	if (p[0] == '\0' || p[1] == '\0' || a == NULL || b == NULL)
		return 0;
	c = (int)((a - b64) << 2 | (b - b64) >> 4);
	if (!(c & 0x80))
		return 0;
	tag = c & 0x40 ? c & 0x3f : (c >> 2) & 0x0f;
	return tag == 1 || tag == 3;
}

/*
 * A GPGME context on the game's keyring, for what pgp_verify_home does
 * not take: signed-only messages and PGP/MIME detached signatures.
 */
struct pgp *
keyring_ctx(struct game *g, struct strbuf *err)
{
	const char *home;

	if (g->keyring_ctx != NULL)
		return g->keyring_ctx;
	home = game_keyring(g, err);
	if (home == NULL || pgp_open(&g->keyring_ctx, home, err) != 0)
		g->keyring_ctx = NULL;
	return g->keyring_ctx;
}

/*
 * RFC 3156: what was encrypted is a MIME entity, headers included.  Its
 * text replaces *plain.  In the two-step form the entity is itself
 * multipart/signed: its detached signature must be good (then fpr is the
 * signer), else with must_sign the message is not signed at all.
 */
static int
entity_orders(struct pgp *k, char **plain, char fpr[41], int must_sign,
    struct strbuf *err)
{
	struct mail_order inner;
	char *text = NULL, *signed_text = NULL;
	int rc, signed_part = 0;

	rc = mail_entity_text(*plain, strlen(*plain), &text, &inner,
	    &signed_part, err);
	if (rc <= 0)
		return rc;
	if (signed_part) {
		rc = k == NULL ? -1 : pgp_verify_detached(k, inner.text,
		    inner.len, inner.signature, inner.siglen, fpr, err);
		if (rc == 0) {
			struct mail_order none;

			rc = mail_entity_text(inner.text, inner.len,
			    &signed_text, &none, NULL, err);
			if (rc == 0)
				signed_text = xstrdup(inner.text);
			rc = rc < 0 ? -1 : 0;
		}
		mail_order_release(&inner);
		if (rc != 0)
			return -1;
		text = signed_text;
	} else if (must_sign) {
		free(text);
		sb_add(err, "the message is not signed");
		return -1;
	}
	free(*plain);
	*plain = text;
	return 1;
}

/*
 * Issue 17.7: the key as registered decides when it stopped signing, on
 * every path: a message signed and encrypted to the moderator is
 * verified in his keyring, which may hold a copy of the key with a later
 * end (the player sent it to him, but it was never registered).  keys
 * holds the registered keys.  0, or -1 with err.
 */
static int
registered_in_time(struct pgp *keys, const char *fpr, long long signed_at,
    struct strbuf *err)
{
	long long end = keys != NULL ? pgp_key_expiry(keys, fpr) : -1;

	if (end <= 0 || signed_at < end)
		return 0;
	pgp_expired_before(fpr, end, signed_at, err);
	return -1;
}

/*
 * The ends of the keys this process has looked up, by the label of the
 * keyring that held them (the SHA-256 of its key texts: the same label,
 * the same keys) and the fingerprint.  Issue 18.9: in a club's cron step
 * each game that took an order opened a GPGME context on its keyring (two
 * "gpg --version") and listed the signer's key (a third gpg), for a key
 * that the games of the same players hold alike.
 */
static struct key_end {
	char keys[65];
	char fpr[PGP_FPR_LEN + 1];
	long long end;
} *key_ends;
static size_t nkey_ends;

long long
game_key_expiry(struct game *g, const char *fpr)
{
	struct strbuf err;
	struct pgp *keys;
	long long end;
	size_t i;
	int labelled;

	sb_init(&err);
	labelled = game_keyring(g, &err) != NULL &&
	    g->keyring_label[0] != '\0' && strlen(fpr) == PGP_FPR_LEN;
	for (i = 0; labelled && i < nkey_ends; i++)
		if (strcmp(key_ends[i].keys, g->keyring_label) == 0 &&
		    strcmp(key_ends[i].fpr, fpr) == 0) {
			sb_release(&err);
			return key_ends[i].end;
		}
	keys = keyring_ctx(g, &err);
	end = keys != NULL ? pgp_key_expiry(keys, fpr) : -1;
	sb_release(&err);
	if (labelled && end >= 0) {
		key_ends = xrealloc(key_ends, (nkey_ends + 1) *
		    sizeof(*key_ends));
		memcpy(key_ends[nkey_ends].keys, g->keyring_label,
		    sizeof(key_ends[nkey_ends].keys));
		memcpy(key_ends[nkey_ends].fpr, fpr, PGP_FPR_LEN + 1);
		key_ends[nkey_ends++].end = end;
	}
	return end;
}

/*
 * The verification of a signed order message, with the keys of keys (a
 * home holding the game's keys) and, for a message encrypted to the
 * moderator, the moderator's home mod (NULL: *no_mod is set and -1
 * returned).  With record set, a signature by a key that has expired or
 * was revoked since counts (verify: the message was judged when it came).
 * game_verify_message and verify share it, so that both read the same
 * signed text.
 */
int
verify_order_message(struct game *g, struct pgp *keys, struct pgp *mod,
    const char *session_key, int record, const char *msg, size_t len,
    char **plain, char fpr[41], long long *signed_at, int *no_mod,
    struct strbuf *err)
{
	struct pgp *p = NULL;
	struct strbuf e2;
	char *conv;
	int rc;

	*plain = NULL;
	if (signed_at != NULL)
		*signed_at = 0;
	if (!armor_encrypted(msg) && keys == NULL &&
	    strstr(msg, "-----BEGIN PGP SIGNED MESSAGE-----") != NULL) {
		/* clearsigned: one gpg on the game's keyring (issue 12) */
		const char *home;

		if (!verified_ahead(g, msg, len, plain, fpr, signed_at, &rc,
		    err)) {
			home = game_keyring(g, err);
			rc = home == NULL ? -1 : pgp_verify_home(home, msg,
			    len, plain, fpr, err);
			if (rc == 0 && signed_at != NULL)
				*signed_at = pgp_signature_time();
			/* kept, unless gpg did not start: the next try may */
			if (home != NULL && (rc == 0 || strstr(err->buf,
			    "cannot run gpg") == NULL))
				keep_verdict(g, msg, len, rc, *plain, fpr,
				    pgp_signature_time(), err->buf);
		}
	} else if (!armor_encrypted(msg)) {
		/* signed only ("gpg --sign --armor"), or verify's home */
		p = keys != NULL ? keys : keyring_ctx(g, err);
		rc = p == NULL ? -1 : record ? pgp_verify_record(p, msg, len,
		    plain, fpr, err) : pgp_verify(p, msg, len, plain, fpr, err);
		if (rc == 0 && signed_at != NULL)
			*signed_at = pgp_signature_time();
	} else if ((p = mod) == NULL && (session_key == NULL ||
	    keys == NULL)) {
		if (no_mod != NULL)
			*no_mod = 1;
		rc = -1;
	} else {
		/*
		 * Issue 17: the session key published at the end opens the
		 * message in the home of the game's keys, as anyone's.
		 */
		if (p == NULL) {
			p = keys;
			pgp_session_key(p, session_key, err);
		} else
			import_keys(g, p);
		rc = record ? pgp_verify_record(p, msg, len, plain, fpr, err) :
		    pgp_verify(p, msg, len, plain, fpr, err);
		if (rc == 0 && signed_at != NULL)
			*signed_at = pgp_signature_time();
		if (keys == NULL)
			keys = keyring_ctx(g, err);
		if (rc == 0 && !record)
			rc = registered_in_time(keys, fpr, pgp_signature_time(),
			    err);
		if (rc == 0)
			rc = entity_orders(keys, plain, fpr, 0, err) < 0 ? -1 :
			    0;
		else {
			/*
			 * PGP/MIME in two steps: a signed entity, encrypted.
			 * A text the check above gave before it refused the
			 * signature (signed too late) is not this one.
			 */
			free(*plain);
			sb_init(&e2);
			if (pgp_decrypt(p, msg, plain, &e2) == 0 &&
			    entity_orders(keys, plain, fpr, 1, &e2) == 1) {
				rc = 0;
				/* the entity's detached signature */
				if (signed_at != NULL)
					*signed_at = pgp_signature_time();
			} else if (e2.len > 0 && *plain != NULL) {
				/* the entity's own signature said why */
				sb_reset(err);
				sb_add(err, e2.buf);
			}
			sb_release(&e2);
		}
		/*
		 * A whole file signed and encrypted needs no padding: the
		 * game file, which is the moderator's, holds its orders in
		 * clear anyway, and no report shows the message.  Only a
		 * sealed step, whose message stays unopened until the
		 * reveal, must hide its size (R39).  Padding a player
		 * added is comment lines; it is cut all the same.
		 */
		if (rc == 0)
			pgp_unpad(*plain);
		if (p == keys && session_key != NULL)
			pgp_session_key(p, NULL, err);
	}
	if (rc != 0) {
		free(*plain);
		*plain = NULL;
		fpr[0] = '\0';
		return -1;
	}
	/*
	 * Signed over the bytes as sent; a text in ISO-8859-1 (a mail
	 * client's "COUNTRY Österreich") is read as such from here on.
	 */
	if ((conv = text_to_utf8(*plain, strlen(*plain))) != NULL) {
		free(*plain);
		*plain = conv;
	}
	return 0;
}

int
game_verify_message(struct game *g, const char *msg, size_t len,
    char **plain, char fpr[41], long long *signed_at, struct strbuf *err)
{
	struct pgp *mod = NULL;

	*plain = NULL;
	if (armor_encrypted(msg) && (mod = game_moderator(g, err)) == NULL)
		return -1;
	/* keys NULL: the game's keyring (issue 12) */
	return verify_order_message(g, NULL, mod, NULL, 0, msg, len, plain,
	    fpr, signed_at, NULL, err);
}

void
game_received(struct game *g, int country, const char *source,
    const char *fpr, const char *text, const char *content,
    long long signed_at, const char *now)
{
	struct entry *e = new_entry(g, EN_RECEIVED, now);

	e->country = country;
	e->source = xstrdup(source);
	snprintf(e->fpr, sizeof(e->fpr), "%s", fpr);
	e->text = xstrdup(text);
	snprintf(e->content, sizeof(e->content), "%s", content);
	e->signed_at = signed_at;
	g->module->state_digest(g->st, e->digest);
}

void
game_received_mime(struct game *g, const char *entity, size_t len,
    const char *signature)
{
	struct entry *e = &g->hist[g->nhist - 1];

	e->entity = xmalloc(len + 1);
	memcpy(e->entity, entity, len);
	e->entity[len] = '\0';
	e->entity_len = len;
	e->signature = xstrdup(signature);
}

void
game_received_bytes(struct game *g, const char *bytes, size_t len)
{
	struct entry *e = &g->hist[g->nhist - 1];

	e->bytes = xmalloc(len + 1);
	memcpy(e->bytes, bytes, len);
	e->bytes[len] = '\0';
	e->bytes_len = len;
}

/*
 * The detached signature with the keys of keys, in verify's record mode
 * when record is set, then the text of the signed part.
 */
int
verify_mime(struct pgp *keys, int record, const char *entity, size_t len,
    const char *signature, char **text, char fpr[41], long long *signed_at,
    struct strbuf *err)
{
	int rc;

	*text = NULL;
	rc = keys == NULL ? -1 : record ? pgp_verify_detached_record(keys,
	    entity, len, signature, strlen(signature), fpr, err) :
	    pgp_verify_detached(keys, entity, len, signature,
	    strlen(signature), fpr, err);
	if (rc != 0)
		return -1;
	if (signed_at != NULL)
		*signed_at = pgp_signature_time();
	if (mail_signed_text(entity, len, text, err) != 0) {
		fpr[0] = '\0';
		return -1;
	}
	return 0;
}

int
game_verify_mime(struct game *g, const char *entity, size_t len,
    const char *signature, char **text, char fpr[41], long long *signed_at,
    struct strbuf *err)
{
	/* the game's keyring: exactly the registered keys (issue 12) */
	return verify_mime(keyring_ctx(g, err), 0, entity, len, signature,
	    text, fpr, signed_at, err);
}

int
game_find_received(const struct game *g, const char *content,
    const char *text)
{
	size_t k;

	for (k = 0; k < g->nhist; k++) {
		const struct entry *e = &g->hist[k];

		if (e->kind != EN_RECEIVED)
			continue;
		/*
		 * Issue 17: by its bytes too, so that a content attribute
		 * changed for a while cannot let the message in twice.
		 */
		if ((e->content[0] != '\0' && strcmp(e->content,
		    content) == 0) || (e->text != NULL && strcmp(e->text,
		    text) == 0))
			return (int)k;
	}
	return -1;
}
