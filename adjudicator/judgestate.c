/*
 * judgestate.c - the judge's own memory beside the games (judgestate.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "game.h"
#include "util.h"
#include "judgestate.h"

static const char *const state_names[] = { "none", "sending", "queued",
    "sent", "failed" };

/* Printable ASCII without spaces: a word of the file. */
static int
is_word(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (s[i] <= ' ' || s[i] >= 0x7f)
			return 0;
	return n > 0;
}

static int
parse_line(struct judgestate *js, char *line, int lineno)
{
	char state[16], when[32], key[1024];
	int i, n = 0;

	if (strncmp(line, "skipped ", 8) == 0 &&
	    is_word(line + 8, strlen(line + 8))) {
		judge_skipped_set(js, line + 8, 1);
		return 0;
	}
	if (sscanf(line, "answer %15s %31s %1023s%n", state, when, key,
	    &n) == 3 && line[n] == '\0' && time_parse(when) >= 0) {
		for (i = JA_SENDING; i <= JA_FAILED; i++)
			if (strcmp(state, state_names[i]) == 0) {
				judge_answer_set(js, key,
				    (enum judge_answer)i, when);
				return 0;
			}
	}
	diag(EXIT_DATAERR, js->path, lineno, "not a line of the judge's "
	    "state: '%.60s' (expected 'answer STATE TIME KEY' or 'skipped "
	    "NAME'; the file is written by run --games)", line);
	return -1;
}

int
judgestate_load(struct judgestate *js, const char *dir)
{
	char *text, *p, *nl;
	size_t len;
	int lineno = 1, rc = 0;

	memset(js, 0, sizeof(*js));
	js->path = xasprintf("%s/.judge.mail", dir);
	text = read_input_file(js->path, JUDGE_STATE_MAX, INPUT_NOFOLLOW,
	    &len);
	if (text == NULL) {
		if (errno == ENOENT)
			return 0;
		diag(EXIT_NOINPUT, js->path, 0, "cannot read: %s",
		    input_error(errno));
		return -1;
	}
	if (strlen(text) != len || strncmp(text, "adjudicator judge 1\n",
	    20) != 0) {
		diag(EXIT_DATAERR, js->path, 1, "not the judge's state of run "
		    "--games (it starts 'adjudicator judge 1')");
		free(text);
		return -1;
	}
	for (p = text + 20; *p != '\0' && rc == 0; p = nl + 1) {
		lineno++;
		nl = strchr(p, '\n');
		if (nl == NULL) {
			diag(EXIT_DATAERR, js->path, lineno, "the last line "
			    "has no end: the file was cut short");
			rc = -1;
			break;
		}
		*nl = '\0';
		rc = parse_line(js, p, lineno);
	}
	free(text);
	return rc;
}

int
judgestate_save(struct judgestate *js, const char *now)
{
	long long oldest = time_parse(now) - JUDGE_KEEP_DAYS * 86400LL;
	struct strbuf sb;
	size_t i;
	int rc;

	sb_init(&sb);
	sb_add(&sb, "adjudicator judge 1\n");
	for (i = 0; i < js->nanswers; i++) {
		const struct judge_entry *e = &js->answers[i];

		if (time_parse(e->when) >= oldest)
			sb_addf(&sb, "answer %s %s %s\n",
			    state_names[e->state], e->when, e->key);
	}
	for (i = 0; i < js->nskipped; i++)
		sb_addf(&sb, "skipped %s\n", js->skipped[i]);
	rc = write_file_atomic(js->path, sb.buf, sb.len, 0600);
	if (rc != 0)
		diag(EXIT_CANTCREAT, js->path, 0, "cannot write: %s",
		    strerror(errno));
	sb_release(&sb);
	return rc == 0 ? 0 : -1;
}

void
judgestate_release(struct judgestate *js)
{
	size_t i;

	for (i = 0; i < js->nanswers; i++)
		free(js->answers[i].key);
	for (i = 0; i < js->nskipped; i++)
		free(js->skipped[i]);
	free(js->answers);
	free(js->skipped);
	free(js->path);
	memset(js, 0, sizeof(*js));
}

char *
judge_key(const char *message_id, const char *raw, size_t len)
{
	char hex[65];

	if (message_id != NULL && strlen(message_id) < 1000 &&
	    is_word(message_id, strlen(message_id)))
		return xstrdup(message_id);
	sha256_hex(raw, len, hex);
	return xasprintf("sha256:%s", hex);
}

static struct judge_entry *
find_answer(const struct judgestate *js, const char *key)
{
	size_t i;

	for (i = 0; i < js->nanswers; i++)
		if (strcmp(js->answers[i].key, key) == 0)
			return &js->answers[i];
	return NULL;
}

enum judge_answer
judge_answer_of(const struct judgestate *js, const char *key)
{
	const struct judge_entry *e = find_answer(js, key);

	return e != NULL ? e->state : JA_NONE;
}

void
judge_answer_set(struct judgestate *js, const char *key,
    enum judge_answer state, const char *now)
{
	struct judge_entry *e = find_answer(js, key);

	if (e == NULL) {
		js->answers = xrealloc(js->answers, (js->nanswers + 1) *
		    sizeof(*js->answers));
		e = &js->answers[js->nanswers++];
		e->key = xstrdup(key);
	}
	e->state = state;
	snprintf(e->when, sizeof(e->when), "%s", now);
}

int
judge_skipped(const struct judgestate *js, const char *name)
{
	size_t i;

	for (i = 0; i < js->nskipped; i++)
		if (strcmp(js->skipped[i], name) == 0)
			return 1;
	return 0;
}

void
judge_skipped_set(struct judgestate *js, const char *name, int on)
{
	size_t i;

	for (i = 0; i < js->nskipped; i++)
		if (strcmp(js->skipped[i], name) == 0)
			break;
	if (on && i == js->nskipped) {
		js->skipped = xrealloc(js->skipped, (js->nskipped + 1) *
		    sizeof(*js->skipped));
		js->skipped[js->nskipped++] = xstrdup(name);
	} else if (!on && i < js->nskipped) {
		free(js->skipped[i]);
		js->skipped[i] = js->skipped[--js->nskipped];
	}
}
