/*
 * fuzz-mime.c - the MIME intake of fetch: any mail is parsed or refused
 * with a reason, and the part it finds is NUL-terminated text of the
 * length it says; a signed entity is parsed again as fetch does.
 */
#include <string.h>

#include "fuzz.h"
#include "mail.h"
#include "util.h"

__attribute__((destructor)) static void
release(void)
{
	mail_cleanup();
}

static void
one(const char *raw, size_t len, int depth)
{
	struct mail_info info;
	struct mail_order order;
	struct strbuf err;

	sb_init(&err);
	if (mail_parse(raw, len, &info, &order, &err) == 0) {
		FUZZ_ASSERT(order.text != NULL, "no text for a parsed mail");
		FUZZ_ASSERT(order.text[order.len] == '\0',
		    "the text is not NUL-terminated at its length");
		if (order.kind == PART_PGP_SIGNED && depth == 0)
			one(order.text, order.len, 1);
	} else
		FUZZ_ASSERT(err.len > 0, "a refusal without a reason");
	mail_info_release(&info);
	mail_order_release(&order);
	sb_release(&err);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_init();
	one((const char *)data, size, 0);
	diag_reset();
	return 0;
}
