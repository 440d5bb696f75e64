/*
 * mail.h - mail in and out: IMAP and SMTP through libcurl, MIME through
 * GMime.
 *
 * Every function that can fail returns 0, or -1 with one lower-case line
 * in err (replacing what err held; err may be NULL).  The transport
 * functions set *temporary to 1 (when temporary is not NULL) for failures
 * that are worth retrying later: connection refused, host not resolved,
 * timeout, lost connection, failed TLS handshake, login failed, an SMTP
 * 4xx reply; to 0 otherwise (bad URL or credentials setup, no STARTTLS,
 * a refused IMAP command, an SMTP 5xx reply).  An SMTP 4xx reply other
 * than 421 sets *temporary to 2: the server refused that one mail for
 * now, and the next mail may go (issue 18.9).
 */
#ifndef MAIL_H
#define MAIL_H

#include <stddef.h>

struct strbuf;

/* The largest message taken from the server, or read back from disk. */
#define MAIL_MAX (64UL * 1024 * 1024)

struct mail_account {
	const char *url;	/* imap[s]://host:port/MAILBOX or
				 * smtp[s]://host:port */
	const char *netrc;	/* netrc file with the credentials, or NULL */
	int insecure_plain;	/* allow imap:// or smtp:// without TLS */
	long timeout;		/* seconds per request; 0 means 30 */
	int missing_is_empty;	/* IMAP: a mailbox that does not exist (or
				 * cannot hold mail) reads as empty: a
				 * game's folder before its first mail */
};

/*
 * Credentials come from the netrc file (which must have an entry for the
 * host) or, without one, from the environment variables
 * ADJUDICATOR_MAIL_USER and ADJUDICATOR_MAIL_PASSWORD; never from the
 * command line, and a URL holding a password is refused.  IMAP needs
 * credentials; SMTP logs in only when some are given.  Without
 * insecure_plain a plain imap:// or smtp:// URL must upgrade with STARTTLS
 * (curl's CURLUSESSL_ALL); imaps:// and smtps:// are TLS from the start.
 * The mailbox of an IMAP URL defaults to INBOX.
 */

/* One message as the server returned it (CRLF line ends). */
struct imap_msg {
	unsigned long uid;
	char *raw;	/* NUL-terminated, len bytes before the NUL */
	size_t len;
};

/*
 * Fetches every message of the account's mailbox with a UID above
 * last_uid, in UID order, skipping messages flagged \Deleted.
 * *uidvalidity is the value seen last time (0 if none) on input and the
 * server's on output; when they differ the UID memory is void and every
 * message is returned.  Fetching marks the messages \Seen.  On success
 * *msgs is a new array of *n messages for imap_msgs_free (NULL when 0).
 */
int imap_fetch_new(const struct mail_account *a, unsigned long *uidvalidity,
    unsigned long last_uid, struct imap_msg **msgs, size_t *n,
    int *temporary, struct strbuf *err);
void imap_msgs_free(struct imap_msg *msgs, size_t n);

/*
 * Moves the message with this UID from the account's mailbox to folder
 * (created when missing), so that mail the adjudicator cannot use is kept,
 * never lost: UID MOVE where the server has it, else UID COPY, \Deleted
 * and UID EXPUNGE (plain EXPUNGE without UIDPLUS).  A UID that is not in
 * the mailbox is an error.
 */
int imap_move(const struct mail_account *a, unsigned long uid,
    const char *folder, int *temporary, struct strbuf *err);

/*
 * Sends one RFC 5322 message to the recipients.  Bare LF line ends are
 * sent as CRLF; curl does the dot-stuffing.  from and to may be bare
 * addresses or "Name <address>"; the envelope uses the address.
 */
int smtp_send(const struct mail_account *a, const char *from,
    const char *const *to, size_t nto, const char *message, size_t len,
    int *temporary, struct strbuf *err);

/*
 * The server's hierarchy separator (LIST "" ""): *sep is the character,
 * or '\0' when the server has none (a flat namespace).
 */
int imap_separator(const struct mail_account *a, char *sep, int *temporary,
    struct strbuf *err);

/* For tests of the fallback path: 1 makes imap_move ignore MOVE and
 * UIDPLUS even when the server offers them. */
void imap_ignore_extensions(int ignore);

/* The order text inside a mail, found with GMime. */
enum mail_part_kind {
	PART_PLAIN,		/* unsigned text */
	PART_CLEARSIGNED,	/* inline -----BEGIN PGP SIGNED MESSAGE----- */
	PART_PGP_SIGNED,	/* PGP/MIME multipart/signed (RFC 3156) */
	PART_PGP_ENCRYPTED	/* multipart/encrypted, inline PGP MESSAGE */
};

struct mail_order {
	enum mail_part_kind kind;
	/*
	 * PLAIN: the text/plain body, transfer-decoded, converted to UTF-8,
	 * CRLF turned to LF, format=flowed lines joined, and a mail-client
	 * signature block (the first "-- " line and all after it) removed.
	 * CLEARSIGNED: the armoured block itself, from its BEGIN line to its
	 * END line and one LF, as transfer-decoded bytes with LF line ends
	 * (no charset conversion: these are the bytes that were signed).
	 * PGP_SIGNED: the signed MIME entity's exact bytes in canonical CRLF
	 * form, ready for a detached-signature check.
	 * PGP_ENCRYPTED: the armoured PGP MESSAGE.
	 * After verifying PGP_SIGNED or decrypting PGP_ENCRYPTED, pass the
	 * resulting MIME entity to mail_parse again to get its text.
	 * Always NUL-terminated.
	 */
	char *text;
	size_t len;
	char *signature;	/* PGP_SIGNED: the armoured signature */
	size_t siglen;
	/* CLEARSIGNED and inline encrypted: non-blank text outside the armour
	 * other than a "-- " signature block after it. */
	int text_outside;
};

struct mail_info {
	char *from;		/* the address of the first From mailbox */
	char *subject;		/* decoded to UTF-8 */
	char *message_id;	/* "<id@host>", angle brackets included */
	char *in_reply_to;	/* the first "<id@host>" of In-Reply-To */
	char *date;		/* Date in UTC: YYYY-MM-DDTHH:MM:SSZ */
};				/* each NULL when the header is missing */

/*
 * Parses a raw message (CRLF or LF line ends): fills info and order, which
 * the caller releases with the functions below (also after a failure).
 * The order part is, depth first, the first PGP/MIME multipart/signed or
 * multipart/encrypted; else the first text/plain part that holds a GAME
 * line or an armoured PGP block, inline parts before attachments (an
 * order attached beside "my orders are attached"); else the first
 * inline text/plain part, else the first text/plain attachment
 * (text/html is never used).  Errors: "not a mail message",
 * "no text part (...)", a clearsigned block without its end, an unknown
 * charset.
 */
int mail_parse(const char *raw, size_t len, struct mail_info *info,
    struct mail_order *order, struct strbuf *err);
void mail_info_release(struct mail_info *info);

/*
 * The text of a decrypted PGP/MIME message.  RFC 3156 encrypts a whole
 * MIME entity, headers included ("Content-Type: text/plain;
 * charset=..." CRLF, a blank line, the body).  When plain starts with
 * such headers, returns 1 and *text (caller frees): the entity's text
 * part, transfer-decoded and converted to UTF-8 by its charset as
 * mail_parse does; 0 when plain is bare text; -1 with err.  An entity
 * that is itself signed (multipart/signed) gives *signed_part 1 and its
 * parts in *order for a detached-signature check (signed_part may be
 * NULL: then that is an error).
 */
int mail_entity_text(const char *plain, size_t len, char **text,
    struct mail_order *order, int *signed_part, struct strbuf *err);

/*
 * The order text of a PGP/MIME signed entity (the first part of a
 * multipart/signed, whose detached signature was checked): what
 * mail_parse finds in it, as fetch files it and verify reads it again
 * (issue 9.5).  0 and *text (caller frees), or -1 with err.
 */
int mail_signed_text(const char *entity, size_t len, char **text,
    struct strbuf *err);

/*
 * Text that is not valid UTF-8 as UTF-8, read in charset (NULL: the
 * ISO-8859-1 that mail clients label it, read as its superset
 * Windows-1252, as browsers do); a new string, or NULL when text is
 * valid UTF-8 already.
 */
char *mail_to_utf8(const char *text, size_t len, const char *charset);
void mail_order_release(struct mail_order *order);

/*
 * Builds a text/plain UTF-8 message with CRLF line ends: From, To, Subject
 * (RFC 2047 encoded if not ASCII), Date (from date_utc, which is
 * "YYYY-MM-DDTHH:MM:SSZ"), Message-ID (given with its angle brackets),
 * In-Reply-To and References (when in_reply_to is not NULL),
 * MIME-Version, and the body (LF or CRLF line ends) in 7bit, or
 * quoted-printable when it is not ASCII or has long lines.  The caller
 * frees *out.
 */
int mail_build(const char *from, const char *const *to, size_t nto,
    const char *subject, const char *date_utc, const char *message_id,
    const char *in_reply_to, const char *body, char **out, size_t *outlen,
    struct strbuf *err);

/*
 * The same with a file attached after the text: att_name (the file name
 * the reader sees, an HTML page: text/html, UTF-8, base64) and its
 * att_len bytes.  The message is multipart/mixed, the text its first part.
 * With att_name NULL it is mail_build.
 */
int mail_build_attached(const char *from, const char *const *to,
    size_t nto, const char *subject, const char *date_utc,
    const char *message_id, const char *in_reply_to, const char *body,
    const char *att_name, const char *att, size_t att_len, char **out,
    size_t *outlen, struct strbuf *err);

/* Releases libcurl's and GMime's global state at the end of the program;
 * no mail function may be called afterwards. */
void mail_cleanup(void);

#endif
