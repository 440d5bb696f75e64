/*
 * judgestate.h - what `run --games DIR` remembers beside the games, in
 * DIR/.judge.mail (issue 18): the answers to mail for no game of DIR, one
 * per message, and the files of DIR that are not games, noticed once.
 *
 * A text file, written atomically under DIR/.judge.lock:
 *   adjudicator judge 1
 *   answer STATE TIME KEY     one per message answered "unknown game"
 *   skipped NAME              a *.xml file of DIR that is not a game
 * KEY is the message's Message-ID, or "sha256:" and the digest of the
 * message as fetched when it has none (or one with spaces); STATE is
 * sending (recorded before the send: a run killed during it does not
 * send again), queued (a temporary failure: sent again next run), sent
 * or failed (refused for good).  Answers older than JUDGE_KEEP_DAYS are
 * forgotten.
 */
#ifndef JUDGESTATE_H
#define JUDGESTATE_H

#include <stddef.h>

#define JUDGE_KEEP_DAYS 400
/* The largest state read back. */
#define JUDGE_STATE_MAX (64UL * 1024 * 1024)

enum judge_answer { JA_NONE, JA_SENDING, JA_QUEUED, JA_SENT, JA_FAILED };

struct judge_entry {
	enum judge_answer state;
	char when[32];
	char *key;
};

struct judgestate {
	char *path;			/* DIR/.judge.mail */
	struct judge_entry *answers;
	size_t nanswers;
	char **skipped;			/* file names in DIR */
	size_t nskipped;
};

/* Reads DIR/.judge.mail (an empty state when there is none); 0, or -1
 * with a diagnostic naming the file and line.  Release it either way. */
int judgestate_load(struct judgestate *js, const char *dir);
/* Writes it atomically, forgetting answers older than JUDGE_KEEP_DAYS
 * before now; 0 or -1 (diagnosed). */
int judgestate_save(struct judgestate *js, const char *now);
void judgestate_release(struct judgestate *js);

/* The key of a message: its Message-ID, or sha256: of raw (caller frees). */
char *judge_key(const char *message_id, const char *raw, size_t len);
enum judge_answer judge_answer_of(const struct judgestate *js,
    const char *key);
void judge_answer_set(struct judgestate *js, const char *key,
    enum judge_answer state, const char *now);

/* 1 when name was noticed already; judge_skipped_set records it (or,
 * with on 0, forgets it: the file is gone or is a game now). */
int judge_skipped(const struct judgestate *js, const char *name);
void judge_skipped_set(struct judgestate *js, const char *name, int on);

#endif
