/*
 * mail-core.c - what the commands without the mail libraries (issue 12)
 * link in place of mail-parse.c's MIME parser.
 *
 * An encrypted order may hold a MIME entity (RFC 3156), which only GMime
 * reads; adjudicator runs resolve and check in the helper adjudicator-mail
 * when an order file holds an encrypted message, and verify when the
 * game file holds one or a PGP/MIME signed part (main.c), so these are
 * not reached there.  They fail safe all the same.
 */
#include <stdlib.h>
#include <string.h>

#include "mail.h"
#include "util.h"

int
mail_entity_text(const char *plain, size_t len, char **text,
    struct mail_order *order, int *signed_part, struct strbuf *err)
{
	(void)plain;
	(void)len;
	*text = NULL;
	if (signed_part != NULL)
		*signed_part = 0;
	memset(order, 0, sizeof(*order));
	sb_add(err, "encrypted orders are read by the mail helper "
	    "adjudicator-mail, which was not run (a bug)");
	return -1;
}

int
mail_signed_text(const char *entity, size_t len, char **text,
    struct strbuf *err)
{
	(void)entity;
	(void)len;
	*text = NULL;
	sb_add(err, "PGP/MIME signed parts are read by the mail helper "
	    "adjudicator-mail, which was not run (a bug)");
	return -1;
}

void
mail_order_release(struct mail_order *order)
{
	free(order->text);
	free(order->signature);
	memset(order, 0, sizeof(*order));
}
