/*
 * modules.c - the games this program knows: the table of modules and
 * the lookup by the name a game file or `new --game` gives.
 */
#include "module.h"

#include <stdio.h>
#include <string.h>

extern const struct game_module aor_module;
extern const struct game_module renaissance_module;
#ifdef MODULES_TEST
/* build/adjudicator-test only: the test-only duel (tests/modules/duel/) */
extern const struct game_module duel_module;
#endif

const struct game_module *const game_modules[] = {
	&aor_module,
	&renaissance_module,
#ifdef MODULES_TEST
	&duel_module,
#endif
	NULL
};

const struct game_module *
modules_find(const char *name)
{
	size_t i;

	for (i = 0; game_modules[i] != NULL; i++)
		if (strcmp(game_modules[i]->name, name) == 0)
			return game_modules[i];
	return NULL;
}

/* A game file without <game module="">: every file before modules. */
const struct game_module *
modules_default(void)
{
	return game_modules[0];
}

const char *
modules_names(void)
{
	static char names[256];
	size_t i, n = 0;

	names[0] = '\0';
	for (i = 0; game_modules[i] != NULL && n < sizeof(names); i++)
		n += (size_t)snprintf(names + n, sizeof(names) - n, "%s%s",
		    i ? ", " : "", game_modules[i]->name);
	return names;
}

unsigned
module_variant(const struct game_module *mod, const char *name)
{
	int i;

	for (i = 0; i < mod->nvariants; i++)
		if (strcmp(mod->variants[i].name, name) == 0)
			return mod->variants[i].flag;
	return 0;
}

const char *
module_cite(char out[32], const char *a, const char *b)
{
	if (a == NULL || (b != NULL && strcmp(a, b) == 0)) {
		a = b;
		b = NULL;
	}
	if (a == NULL)
		out[0] = '\0';
	else
		snprintf(out, 32, " (%s%s%s)", a, b ? ", " : "", b ? b : "");
	return out;
}
