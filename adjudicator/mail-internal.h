/*
 * mail-internal.h - what the mail-*.c files share and nothing else uses:
 * the helpers of mail.c and the libcurl session of mail-session.c that
 * mail-imap.c and mail-smtp.c drive.
 */
#ifndef MAIL_INTERNAL_H
#define MAIL_INTERNAL_H

#include <stddef.h>

#include <curl/curl.h>

#include "util.h"

/* mail.c */
void mail_init(void);
void set_err(struct strbuf *err, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void set_temporary(int *temporary, int value);
char *xmemdup(const char *s, size_t n);
const char *find_ci(const char *hay, const char *needle);
int has_control(const char *s);
void add_crlf(struct strbuf *sb, const char *text, size_t len);

/* mail-session.c */
struct session {
	CURL *curl;
	CURLU *url;		/* the account's URL, parsed */
	char *shown;		/* the URL for messages, without password */
	const char *proto;	/* "imap" or "smtp", for messages */
	char *mbox_path;	/* IMAP: the URL path of the mailbox */
	char *mailbox;		/* IMAP: the decoded mailbox name */
	struct strbuf data;	/* what the last request received */
	int too_big;
	int smtp;
	char reply[256];	/* the server's refusal, if any */
	char errbuf[CURL_ERROR_SIZE];
};
struct mail_account;
int session_open(struct session *s, const struct mail_account *a, int smtp,
    struct strbuf *err);
/* Ends a session; keep (its requests went well) keeps its handle and
 * connection for the next session of its protocol (issue 18.9). */
void session_close(struct session *s, int keep);
/* Closes the kept handles and their connections (mail_cleanup). */
void sessions_end(void);
/* Forgets what imap_move learnt of the server (mail_cleanup). */
void imap_forget(void);
CURLcode session_perform(struct session *s, const char *path,
    const char *command);
int session_error(struct session *s, CURLcode rc, const char *what,
    int *temporary, struct strbuf *err);

/* mail-parse.c */
size_t crlf_to_lf(char *s, size_t len);

#endif
