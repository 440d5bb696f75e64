/*
 * game-internal.h - what the files that game.c was split into share:
 * helpers made of its statics, declared once here (git's refs-internal.h).
 * Only adjudicator/ files that implement struct game include it.
 */
#ifndef GAME_INTERNAL_H
#define GAME_INTERNAL_H

#include "game.h"

#define FORMAT_VERSION 1

static inline const char *
cid(const struct game *g, int country)
{
	return game_country_id(g, country);
}

/*
 * The splice save's markers in the history (game_save_doc): the first
 * stands where the entries before `from` go, its text naming from; the
 * second after the last entry.  The serializer writes each on a line of
 * its own, which is taken out again; comments can stand nowhere else in
 * what build_xml writes after the ruleset copy (text is escaped).
 */
#define SPLICE_A "aor-splice-from "
#define SPLICE_B "aor-splice-end"
/* where the ruleset copy goes (game_save_begin), before the history */
#define SPLICE_RULESET "aor-splice-ruleset"

/* history.c */
/* <entry kind="">, by enum entry_kind. */
extern const char *const kind_names[EN_REVOKE + 1];
void entry_release(struct entry *e);
struct entry *new_entry(struct game *g, enum entry_kind kind,
    const char *now);
void finish_entry(struct game *g, struct entry *e);
struct ctx ctx_for(struct game *g, struct journal *j);
void entropy_entry(struct game *g, enum entry_kind kind, int run,
    const char *text);

/* moderator.c */
char *entry_line(const char *text, const char *key);
int entry_country(const struct game *g, const char *text);
int moderator_apply(struct game *g, const struct entry *e, struct strbuf *err);
void moderator_undo(struct game *g, size_t from);

/* ruleset-copy.c */
void ruleset_commit(struct game *g);
int ruleset_check(struct game *g, xmlNode *rs, const char *path, int lean);
void ruleset_commit_xml(const struct game *g, xmlNode *root);
void ruleset_commit_read(struct game *g, xmlNode *n);

/* keyring.c */
void apply_key(struct game *g, const struct entry *e);
void apply_revoke(struct game *g, const struct entry *e);
void import_keys(struct game *g, struct pgp *p);
void drop_keyring(struct game *g);
/* Is p the moderator's context that games share (not to be closed)? */
int game_moderator_shared(const struct pgp *p);
const char *game_keyring(struct game *g, struct strbuf *err);
/* Keeps pgp_verify_home's verdict on msg for the rest of the process
 * (rc 0: plain, fpr, signed_at; else why). */
void keep_verdict(const struct game *g, const char *msg, size_t len, int rc,
    const char *plain, const char fpr[41], long long signed_at,
    const char *why);
int verified_ahead(struct game *g, const char *msg, size_t len, char **plain,
    char fpr[41], long long *signed_at, int *rc, struct strbuf *err);

/* signature.c */
struct pgp *keyring_ctx(struct game *g, struct strbuf *err);
int armor_encrypted(const char *msg);
/*
 * With session_key set (published at the end, issue 17), a message
 * encrypted to the moderator is opened with it in keys, without mod.
 */
int verify_order_message(struct game *g, struct pgp *keys, struct pgp *mod,
    const char *session_key, int record, const char *msg, size_t len,
    char **plain, char fpr[41], long long *signed_at, int *no_mod,
    struct strbuf *err);
int verify_mime(struct pgp *keys, int record, const char *entity, size_t len,
    const char *signature, char **text, char fpr[41], long long *signed_at,
    struct strbuf *err);

/* seal.c */
void open_sealed(struct game *g, const char *now);
char *pgp_armor_in(const char *text);
int unseal_cb(void *ctx, const char *armor, int country, const char *step,
    char **plain, struct strbuf *err);

/* queue.c */
int past_queue(struct game *g, size_t keep, int upto, const char *path);
void queue_remove(struct game *g, size_t i);

/* deadline.c */
const struct deadline *deadline_record(const struct game *g,
    const struct decision *d);
void update_deadlines(struct game *g, const char *now);
void deadline_replay(struct game *g, const struct entry *e);

/* document.c */
xmlDoc *build_xml(struct game *g, const char *now, int viewer, int need_run,
    size_t from, int marks);

/* shape.c */
int check_values(const struct game_module *mod, xmlNode *root,
    const char *path);
int check_entry_shape(xmlNode *n, const char *path, const char *schema);

/* replay.c */
int replay_entry(struct game *g, struct entry *e, int verify, int digest_too,
    const char *path);
int replay_cached(struct game *g, const char *needs_plain);

/* verify.c */
int check_received(struct game *g, const char *path, int *unchecked,
    char **plains);
int check_orders(struct game *g, const char *path, char **plains, size_t n,
    int *unchecked);
int check_unsealed(struct game *g, const char *path);

#endif
