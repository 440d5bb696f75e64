/*
 * runner.c - runs the registered unit tests.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gcrypt.h>
#include <libxml/parser.h>

#include "diag.h"
#include "test.h"
#include "xmlutil.h"

#define MAX_TESTS 512

static struct {
	const char *name;
	test_fn fn;
} tests[MAX_TESTS];
static int ntests;
static int current_failed;

void
test_register(const char *name, test_fn fn)
{
	if (ntests < MAX_TESTS) {
		tests[ntests].name = name;
		tests[ntests].fn = fn;
		ntests++;
	}
}

void
test_fail(const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	fprintf(stdout, "FAIL %s:%d: ", file, line);
	va_start(ap, fmt);
	vfprintf(stdout, fmt, ap);
	va_end(ap);
	fprintf(stdout, "\n");
	current_failed = 1;
}

int
main(int argc, char **argv)
{
	int i, passed = 0, failed = 0, elsewhere = 0;

	gcry_check_version(GCRYPT_VERSION);
	gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
	gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
	xml_init();
	for (i = 0; i < ntests; i++) {
		if (argc > 1 && strstr(tests[i].name, argv[1]) == NULL)
			continue;
		/* they need servers: tests/mail-test.sh starts them */
		if (argc == 1 && strncmp(tests[i].name, "mailserver_",
		    11) == 0) {
			elsewhere++;
			continue;
		}
		current_failed = 0;
		diag_reset();
		fflush(stdout);	/* children of a test must not repeat it */
		tests[i].fn();
		if (current_failed) {
			printf("  in test %s\n", tests[i].name);
			failed++;
		} else
			passed++;
	}
	xmlCleanupParser();
	if (elsewhere > 0)
		printf("unit: the %d mailserver_* tests run in "
		    "tests/mail-test.sh\n", elsewhere);
	printf("unit: %d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
