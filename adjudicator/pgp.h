/*
 * pgp.h - OpenPGP through GPGME: signed orders, sealed secrets.
 *
 * One struct pgp is one GPGME context on one GnuPG home. Nothing here
 * relies on key validity (the web of trust): a signature counts when GnuPG
 * calls it good, and the caller compares the signer's primary fingerprint
 * with the one registered for the country. Keys never carry passphrases.
 *
 * Every function appends a lower-case reason to err when it fails. Strings
 * handed to the caller are plain malloc memory (free them with free).
 */
#ifndef PGP_H
#define PGP_H

#include <stddef.h>

#define PGP_FPR_LEN 40
/* Encrypted plaintext is padded to a multiple of this many bytes. */
#define PGP_PAD_BLOCK 512

struct strbuf;
struct pgp;	/* opaque: one GPGME context on one GnuPG home */

/*
 * Opens a context on homedir, which must exist; homedir NULL creates a
 * private temporary home (mode 700, pgp_temp_template) that pgp_close
 * removes after ending its gpg-agent. 0 on success, -1 with err.
 */
int pgp_open(struct pgp **p, const char *homedir, struct strbuf *err);
/* Removes a GnuPG home made for a while and everything in it. */
void pgp_remove_home(const char *home);

/*
 * Temporary folders outlive a process killed with SIGKILL, and so do the
 * gpg-agents started in them (issue 18).  A temporary folder is claimed
 * with a file PGP_OWNER_FILE in it, holding the process's id and locked
 * (flock) while the process lives: pgp_claim_dir returns the lock's
 * descriptor (close-on-exec; -1 when it cannot be made, then the folder
 * is just not claimed), pgp_unclaim_dir removes the file (when dir is not
 * NULL) and lets the lock go.  pgp_open claims its temporary homes.
 */
#define PGP_OWNER_FILE "owner"
/* Where temporary homes go: $TMPDIR when it is an absolute path of at
 * most 64 bytes (the agent's sockets must fit in 107), else /tmp. */
const char *pgp_temp_root(void);
/* "ROOT/aor.XXXXXX" for mkdtemp (caller frees). */
char *pgp_temp_template(void);
int pgp_claim_dir(const char *dir);
void pgp_unclaim_dir(const char *dir, int fd);
/*
 * Removes the folders of dir named prefix and six letters or digits (as
 * mkdtemp names them), of this user, whose claim is free: their process
 * is gone.  Their gpg-agent is ended first.  Appends each removed path
 * and a newline to removed (may be NULL); returns how many.
 */
size_t pgp_remove_stale(const char *dir, const char *prefix,
    struct strbuf *removed);
/* Ends the context (and removes a temporary home); p may be NULL. */
void pgp_close(struct pgp *p);
/* The GnuPG home of p; valid until pgp_close. */
const char *pgp_homedir(const struct pgp *p);

/*
 * Imports an ASCII-armoured public key block holding exactly one primary
 * key; gives its full primary fingerprint (40 hex, upper case) in fpr.
 * A block with no key, several keys or a secret key is not imported.
 */
int pgp_import(struct pgp *p, const char *armored,
    char fpr[PGP_FPR_LEN + 1], struct strbuf *err);
/* Exports a key's public block, armoured; the caller frees *armored. */
int pgp_export(struct pgp *p, const char *fpr, char **armored,
    struct strbuf *err);

/*
 * Verifies an order message: clearsigned text, or a message signed and
 * encrypted to a secret key of this home (decrypted too), or signed and
 * not encrypted ("gpg --sign --armor"). On success
 * *plain (caller frees) is the signed text and signer_fpr the primary
 * fingerprint of the signing key, even when a subkey signed. Clearsigned
 * text comes back in GnuPG's canonical form (LF line ends, no trailing
 * blanks), which is what the signature covers. Rejected with the reason in
 * err: unsigned, bad (tampered) or expired signature, unknown or revoked
 * key, a key that had expired when the signature was made (one that has
 * expired since still signs: signed_in_time in pgp-verify.c), more than one
 * signature, NUL bytes in the signed text, and non-blank text before or
 * after the armoured block.
 */
int pgp_verify(struct pgp *p, const char *msg, size_t len, char **plain,
    char signer_fpr[PGP_FPR_LEN + 1], struct strbuf *err);

/*
 * The same for a clearsigned message, without a context: runs one gpg on
 * the GnuPG home directly (no GPGME start-up, no gpg-agent, no key lookup:
 * the primary fingerprint comes from gpg's VALIDSIG status line), with the
 * same rules and messages.  pgp_verify takes this path for clearsigned
 * messages too.  An encrypted message is refused.
 */
int pgp_verify_home(const char *home, const char *msg, size_t len,
    char **plain, char signer_fpr[PGP_FPR_LEN + 1], struct strbuf *err);
/* One message's verdict from pgp_verify_home_all. */
struct pgp_verdict {
	int judged;	/* 0: not checked there: use pgp_verify_home */
	int rc;		/* 0: good; -1: refused, err says why */
	char *plain;	/* rc 0: the signed text (caller frees) */
	char fpr[PGP_FPR_LEN + 1];	/* rc 0: the signer's primary key */
	long long signed_at;	/* rc 0: the signature's creation time */
	char *err;	/* rc -1: the reason (caller frees) */
};
/*
 * pgp_verify_home for n messages at once (issue 12): the clearsigned ones
 * all with one gpg ("gpg --decrypt-files"), and one more after each bad
 * signature, where gpg stops; v[i] is message i's verdict, judged by the
 * same rules and with the same messages.  A message this does not judge
 * (not clearsigned, or gpg went astray) is left to pgp_verify_home.
 * With record set, judged as pgp_verify_record does (verify, issue 17).
 */
void pgp_verify_home_all(const char *home, const char *const *msgs,
    const size_t *lens, size_t n, int record, struct pgp_verdict *v);
/*
 * Issue 18.9: n messages encrypted to a secret key of home (the sealed
 * seeds of a club's games, all sealed to the moderator) opened by one gpg
 * ("gpg --decrypt-files", the gpg-agent started if need be), where a
 * context opens each with a gpg of its own.  plains[i] (caller frees):
 * message i's plain text, or NULL when it was not opened here (the
 * caller opens it alone, which says why).
 */
void pgp_decrypt_home_all(const char *home, const char *const *msgs,
    size_t n, char **plains);
/*
 * pgp_verify_home_all in two halves (issue 17): _start hands the messages
 * (which it copies) to gpg and returns at once, so that the caller does
 * other work meanwhile (resolve loads the game); _finish waits for gpg,
 * gives v[i] for each of the n messages as pgp_verify_home_all does, and
 * frees b.  Every batch started must be finished.
 */
struct pgp_batch;
struct pgp_batch *pgp_verify_home_start(const char *home,
    const char *const *msgs, const size_t *lens, size_t n, int record);
void pgp_verify_home_finish(struct pgp_batch *b, struct pgp_verdict *v);
/*
 * Imports n armoured public key blocks into the GnuPG home home (an
 * existing directory, mode 700) with one gpg and no gpg-agent: a keyring
 * for pgp_verify_home.  0, or -1 with err.
 */
int pgp_keyring_make(const char *home, const char *const *keys, size_t n,
    struct strbuf *err);

/*
 * Verifies a message recorded in a game's history as pgp_verify does,
 * except that a key that has expired or been revoked since still makes
 * a good signature: the message was judged when it arrived (verify).
 */
int pgp_verify_record(struct pgp *p, const char *msg, size_t len,
    char **plain, char signer_fpr[PGP_FPR_LEN + 1], struct strbuf *err);

/*
 * The creation time (seconds since 1970, as the signer's clock said) of
 * the signature that the last successful verification in this process
 * accepted (pgp_verify, pgp_verify_home, pgp_verify_detached).
 */
long long pgp_signature_time(void);

/*
 * Verifies a detached signature (PGP/MIME multipart/signed): data are the
 * signed bytes as they are, sig one armoured "PGP SIGNATURE" block. Same
 * rules and outputs as pgp_verify.
 */
int pgp_verify_detached(struct pgp *p, const char *data, size_t dlen,
    const char *sig, size_t slen, char signer_fpr[PGP_FPR_LEN + 1],
    struct strbuf *err);
/* The same for a recorded message, as pgp_verify_record (verify). */
int pgp_verify_detached_record(struct pgp *p, const char *data, size_t dlen,
    const char *sig, size_t slen, char signer_fpr[PGP_FPR_LEN + 1],
    struct strbuf *err);

/*
 * Encrypts text to the key fpr (whatever its validity), ASCII armoured and
 * uncompressed, after padding it as pgp_pad does; the caller frees
 * *armored. Texts shorter than about 500 bytes all give ciphertexts of one
 * length.  Fails with PGP_KEY_REFUSED when the key itself cannot be
 * encrypted to, for a reason its owner can mend: it is revoked or has
 * expired, it has no encryption subkey or that one is revoked or has
 * expired, or gpg refuses it as a recipient; err says which.
 */
#define PGP_KEY_REFUSED (-2)
int pgp_encrypt(struct pgp *p, const char *fpr, const char *text,
    char **armored, struct strbuf *err);
/*
 * pgp_encrypt without a context, with one gpg on the GnuPG home home
 * (no GPGME start-up, no gpg-agent), which holds the key fpr: for the
 * private reports of a step that mails many (issue 18.9).  0, or -1
 * when gpg did not encrypt for any reason: pgp_encrypt then says why.
 */
int pgp_encrypt_home(const char *home, const char *fpr, const char *text,
    char **armored);
/*
 * Decrypts an armoured message with a secret key of this home (no
 * signature required); *plain (caller frees) is the plaintext as it was
 * encrypted, padding included (see pgp_unpad).
 */
int pgp_decrypt(struct pgp *p, const char *armored, char **plain,
    struct strbuf *err);

/*
 * Returns a new copy of text (caller frees) that ends in a newline and a
 * comment block, a line "# padding" and lines of '#', so that its length is
 * a multiple of PGP_PAD_BLOCK. The order language ignores the block.
 */
/*
 * Decrypts like pgp_decrypt and also gives the message's session key
 * ("ALGO:HEX", caller frees), which opens that one message and no other.
 * With override set, decrypts with that session key instead of a secret
 * key, so that anyone can check what a sealed message said.
 */
int pgp_decrypt_session(struct pgp *p, const char *armored,
    const char *override, char **plain, char **session_key,
    struct strbuf *err);
char *pgp_pad(const char *text);
/*
 * Issue 17: the next decryptions in p (pgp_verify, pgp_verify_record,
 * pgp_decrypt) open a message with session_key ("ALGO:HEX", as
 * pgp_decrypt_session gives it) instead of a secret key; NULL ends it.
 * 0, or -1 with err.
 */
int pgp_session_key(struct pgp *p, const char *session_key,
    struct strbuf *err);
/* Cuts the block pgp_pad appended off text, in place; else leaves it. */
void pgp_unpad(char *text);

/* Clearsigns text with the secret key fpr of this home; caller frees *out. */
int pgp_clearsign(struct pgp *p, const char *fpr, const char *text,
    char **out, struct strbuf *err);
/*
 * Makes an armoured detached signature over len bytes of data with the
 * secret key fpr (for PGP/MIME); the caller frees *sig.
 */
int pgp_sign_detached(struct pgp *p, const char *fpr, const char *data,
    size_t len, char **sig, struct strbuf *err);
/*
 * Signs text with signer_fpr and encrypts it to to_fpr (whatever its
 * validity), armoured, not padded: the signed text stays as given.
 */
int pgp_sign_encrypt(struct pgp *p, const char *signer_fpr,
    const char *to_fpr, const char *text, char **armored,
    struct strbuf *err);
/*
 * Imports a revocation certificate, or a key block that carries a
 * revocation, for the key fpr, which must be in this home already. 0 when
 * fpr is revoked afterwards, else -1 with err ("does not revoke").
 */
int pgp_import_revocation(struct pgp *p, const char *armored,
    const char *fpr, struct strbuf *err);
/*
 * A revocation certificate as gpg --import takes it (caller frees): the
 * ':' GnuPG puts before the armour line of those it keeps is taken off.
 */
char *pgp_revocation_text(const char *armored);

/*
 * The key's state: 0 when the primary key fpr is in this home and can sign
 * now, else -1 with the reason (unknown, expired, revoked, cannot sign).
 */
int pgp_key_usable(struct pgp *p, const char *fpr, struct strbuf *err);
/*
 * Issue 17.7: when the key fpr in p stops making signatures: the earlier
 * of its own end and its signing subkeys' (seconds since 1970), 0 never,
 * -1 not in p.
 */
long long pgp_key_expiry(struct pgp *p, const char *fpr);
/*
 * The refusal of a signature made at signed_at by key, which had expired
 * at expired (seconds since 1970), added to err: when, and what to send.
 */
void pgp_expired_before(const char *key, long long expired,
    long long signed_at, struct strbuf *err);

#endif
