/*
 * game.h - a game and its file: header, history, state, pending, queue.
 *
 * The history is the game: loading a game file replays every history
 * entry through the rules (the module's apply and friends, module.h) with
 * the draws the file records, and checks that each entry leads to the
 * state digest and events the file records.  verify does the same with
 * draws computed from the seed.  A run may take the entries and the state
 * after them from GAME.xml.cache instead, when that is the cache of the
 * file's exact bytes, which this program wrote (cache.h, issue 12).  The
 * <state>, <pending> and <queue> elements are written for readers and
 * reports; <state> is checked against the replay.
 */
#ifndef GAME_H
#define GAME_H

#include <stddef.h>
#include <libxml/tree.h>

#include "clock.h"
#include "dice.h"
#include "module.h"
#include "orders.h"
#include "util.h"

enum entry_kind {
	EN_SETUP, EN_ORDER, EN_DEFAULT, EN_ADJUST, EN_REJECTED,
	EN_KEY,			/* a key registered (country or moderator) */
	EN_RECEIVED,		/* a signed message as received */
	EN_ENTROPY,		/* a player's ENTROPY line (dice.h) */
	EN_UNSEAL,		/* the opened text of sealed entry "of" */
	EN_MODERATOR,		/* a moderator's command (issue 11) */
	EN_REVOKE		/* a country's key revoked (issue 9) */
};

struct entry {
	enum entry_kind kind;
	int n;			/* position in the history */
	int line;		/* its line in the file it was read from */
	int run;		/* the resolve run that made it */
	char time[32];
	char step[32];
	int country;
	char *source;		/* owned, may be NULL */
	char *text;		/* owned: order or adjustment text */
	char *reason;		/* owned: why an order was rejected */
	int sealed;		/* the text holds a secret pick (R39) */
	int queued;		/* EN_ORDER, EN_REJECTED: the run in which the
				   order began to wait for its step, when
				   earlier than run; else 0 */
	int opened;		/* a sealed entry whose EN_UNSEAL exists */
	char *plain;		/* owned, never saved: opened sealed lines */
	char fpr[41];		/* EN_KEY, EN_RECEIVED: the key */
	/* EN_RECEIVED (issue 9): when it was signed (0: not recorded), and
	 * the SHA-256 of the signed text ("": not recorded) */
	long long signed_at;
	char content[65];
	/*
	 * EN_RECEIVED, PGP/MIME multipart/signed (issue 9.5): the signed
	 * part's exact canonical (CRLF) bytes and its armoured detached
	 * signature, so that verify checks the signature again; NULL in
	 * entries made before they were kept.  Owned.
	 */
	char *entity;
	size_t entity_len;
	char *signature;
	/*
	 * EN_RECEIVED (issue 17): the message's exact bytes when they are
	 * not UTF-8 (an ISO-8859-1 clearsigned order), which text holds
	 * converted; NULL when text is the bytes.  Owned.
	 */
	char *bytes;
	size_t bytes_len;
	int of;			/* EN_UNSEAL: the entry it opens */
	char *session_key;	/* EN_UNSEAL: opens that entry's message */
	struct draw *draws;	/* owned */
	size_t ndraws;
	struct journal j;	/* the entry's events */
	char digest[65];	/* state after the entry */
};

struct queued {
	struct order o;
	int run;
	long long signed_at;	/* its signature's time; 0: none recorded */
};

struct deadline {
	char step[32];
	int country;
	char when[32];
	int removed;		/* the moderator took it away: none kept */
};

/* A player away (absence): their deadlines in the window move past it. */
struct absence {
	int country;
	long long from, to;
};

struct game {
	const struct game_module *module;	/* its rules (module.h) */
	char id[64];
	char created[32];
	void *rs;		/* the module's ruleset (ruleset_load) */
	xmlDoc *rsdoc;		/* the ruleset copy, root <ruleset> */
	/* the document its root is lent to (build_xml), and the root */
	xmlDoc *rs_lent;
	xmlNode *rs_lent_node;
	void *st;		/* the module's state: state_size bytes */
	unsigned variants;	/* the variants' flags (module.h) */
	int reading;		/* the reading of the rules it is played under */
	char commitment[65];	/* SHA-256 of the seed (R30) */
	/*
	 * Issue 9: the ruleset copy as committed in run 0, whole and by
	 * part (empty in files made before); see ruleset_commit.
	 */
	char rs_digest[65];
	struct rs_part { char name[96]; char sha[65]; } *rs_parts;
	size_t nrs_parts;
	/* Issue 9: every sealed text must name its game, country, step. */
	int sealing_bound;
	/*
	 * Issue 17: the file records the exact signed bytes of every signed
	 * message (<game received="exact">): verify refuses an entry
	 * without them, where older files could only count it unchecked.
	 */
	int received_exact;
	/* verify: signed messages the history cannot prove (see verify) */
	int unchecked;
	/*
	 * verify: players' orders that count (applied, refused or waiting,
	 * of a country with a key) found only in such messages, or found in
	 * none that can be opened here (issue 17)
	 */
	int unchecked_orders;
	int signed_orders;	/* verify: players' orders found signed */
	/* orders are arriving (resolve, check): sealed texts must be bound */
	int intake;
	int deadline_hours;	/* 0: no deadlines */
	struct entry *hist;
	size_t nhist;
	struct queued *queue;
	size_t nqueue;
	struct deadline *deadlines;
	size_t ndeadlines;
	int run;		/* number of the latest run */
	/*
	 * Issue 17.9, 17.10: the rule the dice follow, <game dice="N">
	 * (absent: 1).  Rule 2 lets a run's ENTROPY join sorted, and gives
	 * the dice after a rollback from the seed, the run and the number
	 * of rollbacks only.  A game keeps the rule it was made under.
	 */
	int dice_rule;
	struct dice dice;
	/* Keys pinned by full fingerprint (issue 4), from EN_KEY entries. */
	char key_fpr[GAME_MAX_SIDES][41];
	const char *key_text[GAME_MAX_SIDES];	/* borrowed from history */
	/* Revocations of the keys above (issue 9), borrowed from history. */
	const char *key_revoked[GAME_MAX_SIDES];
	int key_revoked_at[GAME_MAX_SIDES];	/* its history entry */
	char moderator_fpr[41];
	const char *moderator_key;
	char *sealed_seed;	/* owned: the seed encrypted to the moderator */
	int seed_revealed;	/* the game is over and the seed is public */
	struct pgp *mod;	/* the moderator's GnuPG home, opened lazily */
	char *path;		/* the game file, once loaded or saved */
	/*
	 * The GnuPG home holding exactly the registered keys that verifies
	 * clearsigned orders: GAME.xml.keys/ (issue 12), or a temporary
	 * home for one run (keyring_temp) where that cannot be made.
	 */
	char *keyring;
	char keyring_label[65];	/* the SHA-256 of its keys */
	int keyring_temp;
	struct pgp *keyring_ctx;	/* GPGME on it, opened lazily */
	int mod_keys;		/* the registered keys are in mod this run */
	/* sealed messages opened with the moderator's key this run */
	struct opened { char *armor; char *session_key; } *opened;
	size_t nopened;
	/* issue 11: the moderator's pause and the players' absences */
	char paused[32];	/* paused since this time, or "" */
	struct absence *absences;
	size_t nabsences;
	/*
	 * Issue 12, the splice save (game_save_doc): the bytes of the game
	 * file as this program wrote it, loaded or saved in this process,
	 * in which history entries 0 .. splice_n - 1 stand, whole lines, at
	 * [splice_from, splice_to).  splice_n is 0 when that is not known
	 * for certain; then the next save serializes every entry.
	 */
	char *file;
	size_t file_len, splice_from, splice_to, splice_n;
	/*
	 * Issue 17.11, the chain as far as it is known (chain.c), so that a
	 * run hashes its own entries, not the whole history: chain_digest
	 * is the digest of run chain_run, made over entries 0 .. chain_k - 1,
	 * the last of which recorded the state chain_state ("" for none);
	 * nothing is known while chain_have is 0.  Kept in the cache.
	 */
	int chain_have, chain_run;
	size_t chain_k;
	char chain_state[65], chain_digest[65];
	/*
	 * A copy (game_copy) borrows the ruleset (rs, rsdoc) of the game
	 * it was made from, origin, which outlives it (issue 18.9).
	 */
	const struct game *origin;
};

/*
 * Load flags.  LOAD_VERIFY: validate against the whole schema and check
 * everything (verify); otherwise the pattern facets are checked by the
 * loader (issue 12).  LOAD_FULL: parse, check and replay the whole file,
 * never taking the history from GAME.xml.cache (cache.h), as LOAD_VERIFY
 * and game_load_run do anyway.
 */
enum { LOAD_VERIFY = 1, LOAD_NEED_SEED = 2, LOAD_FULL = 8 };

/* game.c */

void game_init(struct game *g);
/*
 * Frees the game file's bytes kept for the splice save, which a command
 * that does not save has no use for (a long game's file is 300 KB, issue
 * 20.8); a later save writes every entry anew.
 */
void game_drop_file(struct game *g);
void game_release(struct game *g);
/*
 * Issue 18.9: a copy of src, made without reading its file again, to try
 * orders on (a check, a trial resolve) and drop with game_release, or to
 * resolve and keep with game_adopt.  Everything is the copy's own but the
 * ruleset (rs, rsdoc), which it borrows from src: src must outlive the
 * copy, and no document of src (game_to_xml) may be out meanwhile.  Its
 * GnuPG contexts are opened again when needed (a temporary keyring is
 * made again), the moderator's shared one borrowed.  The order parser's
 * unsealer is the copy's until it is released, then src's again.
 */
void game_copy(struct game *dst, const struct game *src);
/*
 * *g becomes copy, a game_copy of *g (resolved and saved, say): the
 * ruleset passes to it, the rest of the old *g is released.
 */
void game_adopt(struct game *g, struct game *copy);
/*
 * Binds g to a module and allocates its state (game_init only names the
 * default module; load and new bind the module the game names).
 */
void game_set_module(struct game *g, const struct game_module *mod);
/*
 * The game's own ruleset changed for its variants (module.h's
 * ruleset_variants), once g->rs is loaded and g->variants known; 0, or
 * -1 after a diagnostic naming path.
 */
int game_ruleset_variants(struct game *g, const char *path);
/*
 * The module's state_init on g's state (its ruleset g->rs), the bytes
 * zeroed first as module.h promises, also when they held a game (a
 * rollback, a load or new that makes the state again with the variants).
 */
void game_state_init(struct game *g, unsigned variants, int reading);

/* The seats of the game's players, inside its state (module.h). */
static inline struct seating *
game_seats(const struct game *g)
{
	return g->module->seating(g->st);
}

static inline int
game_is_player(const struct game *g, int country)
{
	return country >= 0 && game_seats(g)->seat_of[country] >= 0;
}

static inline int
game_ncountries(const struct game *g)
{
	return g->module->ncountries(g->rs);
}

/* A side's id, as the files write it. */
static inline const char *
game_country_id(const struct game *g, int country)
{
	return g->module->country_id(g->rs, country);
}

/* A side's name for people; "nobody" for NO_COUNTRY. */
static inline const char *
game_country_name(const struct game *g, int country)
{
	return g->module->country_name(g->rs, country);
}

/* play.c */

/*
 * Creates a game: players (country indices in seating order, names,
 * emails) and variants are in g->st already, the ruleset in g->rs and
 * g->rsdoc; sets up (R7) with the seed and records the setup entry.
 */
int game_create(struct game *g, const char *id,
    const unsigned char seed[SEED_BYTES], const char *now);
/*
 * Applies an order to its current decision and records the entry.
 * Returns 0, or -1 with the reason in err and nothing changed.
 */
int game_order(struct game *g, const struct order *o, const char *now,
    struct strbuf *err);
int game_default(struct game *g, const struct decision *d, const char *now);
int game_adjust(struct game *g, const char *text, const char *now,
    struct strbuf *err);
void game_reject(struct game *g, const struct order *o, const char *reason,
    const char *now);
void game_entropy(struct game *g, int country, const char *text,
    const char *now);

/* load.c */

/*
 * Loads and validates a game file and replays its history.  With a seed
 * and verify set, every draw is recomputed and compared; differences are
 * reported with the entry where they appear.  0 on success; on failure
 * nothing is left to release.
 */
int game_load(struct game *g, const char *path,
    const unsigned char *seed, int flags);
/*
 * The same as it stood after run `run` (0 <= run <= the file's run): the
 * history up to that run replayed, the deadlines set as each run set them
 * and the orders that were waiting then, for the report of a past run.
 */
int game_load_run(struct game *g, const char *path, int run);

/* save.c */

/* Writes the game atomically (temporary file, fsync, rename). */
int game_save(struct game *g, const char *path, const char *now);
/*
 * The same with doc, which must be game_save_xml(g, now, ...) of this
 * moment: one document for the report and the file (issue 12).  The
 * history entries the report needed but the splice takes from the file
 * are taken out of doc.  The caller frees doc.
 */
int game_save_doc(struct game *g, xmlDoc *doc, const char *path);
/*
 * game_save_doc in two steps (issue 17.12), for a caller that renders
 * its reports from doc while the file's fsync goes on:
 * game_save_begin writes the bytes of doc (as it is now) into a
 * temporary file beside path, and leaves doc as it found it;
 * game_save_end, with commit, puts that file in place, or tells why it
 * cannot (-1); without, removes it and says nothing.  Nothing of the
 * game changes before game_save_end, which every game_save_begin needs.
 */
struct game_write {
	char *out;
	size_t olen, splice_from, splice_to, splice_n;
	int fail, spliced, writing;
	struct file_write fw;
};
void game_save_begin(struct game *g, xmlDoc *doc, const char *path,
    struct game_write *w);
int game_save_end(struct game *g, struct game_write *w, const char *path,
    int commit);

/* document.c */

/*
 * Issue 12: the document to render the report from and then save.  The
 * history entries the splice save takes from the file (see
 * game_save_doc) are left out, but for those of run report_run and the
 * key entries, which the text report reads (game_doc_trim);
 * report_run -1 writes every entry, for another template.  Two comments
 * mark the splice; game_doc_hide takes them out for the report.
 */
xmlDoc *game_save_xml(struct game *g, const char *now, int report_run);
/*
 * The whole game file as a document for one player's report: with their
 * decisions' legal choices, and without what game_doc_hide takes out for
 * viewer.
 */
xmlDoc *game_to_xml_for(struct game *g, const char *now, int viewer);
/*
 * The same with only the history entries the text report of run reads:
 * run's and the key entries (game_doc_trim), and <history omitted="N">
 * counting the others (the HTML reports' footer counts the history,
 * issue 20.8).  Built so, not built whole and trimmed, the report costs
 * the run, not the game (issue 12).  run -1 writes every entry.
 */
xmlDoc *game_report_xml(struct game *g, const char *now, int viewer,
    int run);
/*
 * Frees a document made by the three above, giving the game back the
 * ruleset copy they hold (lent, not copied: issue 20.8).  xmlFreeDoc
 * would free it with the document.
 */
void game_doc_free(struct game *g, xmlDoc *doc);

/* view.c */

/*
 * Issue 9 (R39): what a report's reader may not see, taken out of a game
 * document for the report of viewer (NO_COUNTRY: the public report):
 * other players' hands and discard piles, queued orders (counted in
 * <queue waiting="N">), signed messages as received and the text of
 * sealed orders, and events told to others.  game_to_xml_for does it;
 * for the document also saved, game_doc_unhide puts everything back
 * (and frees *h) after the report is rendered.
 */
struct hidden { xmlNode *node, *parent, *next; };
void game_doc_hide(const struct game *g, xmlDoc *doc, int viewer,
    struct hidden **h, size_t *nh);
void game_doc_unhide(xmlDoc *doc, struct hidden *h, size_t nh);
/*
 * Issue 12: the history entries the text report template
 * (templates/report-text.xsl) does not read, taken out like game_doc_hide
 * does: all but run's entries and the key entries.  The report costs the
 * run, not the game's length.  Only for that template: another one (the
 * HTML report, a moderator's) may read every entry.
 */
void game_doc_trim(xmlDoc *doc, int run, struct hidden **h, size_t *nh);

/* moderator.c */
/* Issue 17.9: the rollbacks the game has had, undone ones too. */
int game_rollbacks(const struct game *g);

/*
 * A moderator's command (issue 11) as a history entry of kind
 * "moderator": text is the command, a first line "VERB ARGS" and lines
 * "KEY VALUE" ("player prussia\nname Bernd\n...").  Like adjustments it
 * belongs to the coming run, so that the next report shows it.  The
 * effect on the game (a player's name, the pause, an absence, the
 * deadline hours, the dice after a rollback) is made here and again by
 * every replay.  Returns the entry, to which game_note adds the public
 * events, or NULL with err (nothing changed).
 */
struct entry *game_moderate(struct game *g, const char *text,
    const char *now, struct strbuf *err);
/* Adds a public event "The moderator ..." to a moderator's entry. */
void game_note(struct game *g, struct entry *e, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* deadline.c */

/* 1 while the moderator has paused the game: no deadline passes. */
int game_paused(const struct game *g);
/*
 * A deadline of country at time t, moved past every absence of that
 * player it falls in (by the absence's length from its start, or from
 * now when it has begun).
 */
long long game_absence_shift(const struct game *g, int country,
    long long t, long long now);
/* The deadline recorded for a decision, or NULL. */
const char *game_deadline(const struct game *g, const struct decision *d);

/* replay.c */

/*
 * Truncates the history to its first n entries and replays them, so that
 * the game is exactly as it was after entry n - 1 (rollback).  Players'
 * names, keys, the pause, absences and deadline hours are those of that
 * point.  0, or -1 with err.
 */
int game_truncate(struct game *g, size_t n, const char *path,
    struct strbuf *err);

/* keyring.c */

/*
 * Keys: registers an armoured public key for a country (or the moderator
 * when country is NO_COUNTRY), checked and pinned by fingerprint, as an
 * EN_KEY entry.  0 or -1 with err.
 */
int game_add_key(struct game *g, int country, const char *armored,
    const char *now, struct strbuf *err);
/*
 * Revokes the key registered for a country with a revocation certificate
 * or a revoked copy of that key, recorded as an EN_REVOKE entry: orders
 * signed with it are refused from then on.  0, or -1 with err when the
 * block does not revoke that key.
 */
int game_revoke_key(struct game *g, int country, const char *armored,
    const char *now, struct strbuf *err);
/*
 * Imports every registered key, and the revocations of those revoked,
 * into a context; errors are ignored.
 */
void game_import_keys(struct game *g, struct pgp *p);
/* 1 when orders must be signed: some player's key is registered. */
int game_signed(const struct game *g);
/*
 * Issue 17.7: when the registered key fpr stops making signatures (0
 * never, -1 unknown), from the game's keyring.
 */
long long game_key_expiry(struct game *g, const char *fpr);
/*
 * Verifies n messages ahead, all at once where they are clearsigned
 * (pgp_verify_home_all, issue 12): game_verify_message then takes a
 * message with the same bytes, in this process, from here (issue 18.9:
 * a step checks one message several times).  Takes msgs and its strings
 * over (malloc memory); msgs may be NULL when n is 0.
 */
void game_verify_ahead(struct game *g, char **msgs, size_t n);
/*
 * Issue 17: verdicts v[i] on msgs[i] made by gpg on the keyring labelled
 * label (keys.sha256) before the game was loaded, kept for the checks
 * that follow, which find them only where the game's keyring has that
 * label: another keyring, other keys.  Takes msgs, their strings and v.
 */
struct pgp_verdict;
void game_keep_verdicts(const char *label, char **msgs, size_t n,
    struct pgp_verdict *v);
/* The label of the keyring of the game file at path: 0, or -1. */
int game_keyring_label(const char *path, char label[65]);
/* The moderator's GnuPG home: GNUPGHOME, or ~/.gnupg (caller frees). */
char *game_moderator_home(void);
/* The moderator's GnuPG context (game_moderator_home), or NULL. */
struct pgp *game_moderator(struct game *g, struct strbuf *err);

/* signature.c */

/*
 * Verifies a signed order message (clearsigned, or signed and encrypted
 * to the moderator) against the registered keys; gives the signed text
 * and the signer's primary fingerprint.  0 or -1 with the reason.
 */
int game_verify_message(struct game *g, const char *msg, size_t len,
    char **plain, char fpr[41], long long *signed_at, struct strbuf *err);
/*
 * Records a signed message as received: text is the message as it came,
 * content the SHA-256 of its signed text, signed_at the signature's
 * creation time (0 when not known).
 */
void game_received(struct game *g, int country, const char *source,
    const char *fpr, const char *text, const char *content,
    long long signed_at, const char *now);
/*
 * Issue 9.5: the last history entry, a signed message just recorded,
 * came as PGP/MIME multipart/signed: keeps its signed part and detached
 * signature for verify.
 */
void game_received_mime(struct game *g, const char *entity, size_t len,
    const char *signature);
/*
 * Issue 17: the last history entry, a signed message just recorded, was
 * received as bytes that are not UTF-8 (its text holds them converted):
 * keeps them, which the signature covers, for verify.
 */
void game_received_bytes(struct game *g, const char *bytes, size_t len);
/*
 * Verifies a PGP/MIME multipart/signed order against the registered
 * keys: the detached signature over the signed part's bytes (entity),
 * then the order text in it (mail_signed_text, caller frees *text).
 * 0, or -1 with the reason.
 */
int game_verify_mime(struct game *g, const char *entity, size_t len,
    const char *signature, char **text, char fpr[41], long long *signed_at,
    struct strbuf *err);
/*
 * R38, issue 9: the history entry that already holds this signed
 * message, by the SHA-256 of its signed text or by its exact bytes as
 * recorded (issue 17); -1 when none does.
 */
int game_find_received(const struct game *g, const char *content,
    const char *text);

/* seal.c */

/*
 * Encrypts text, padded, to an armoured public key (a player's, for a
 * private report) in a throwaway home; caller frees *armored.
 */
int game_encrypt_to(const char *key, const char *text, char **armored,
    struct strbuf *err);
/*
 * The same to the key registered for country, with one gpg on the game's
 * keyring where it takes it (issue 18.9: no throwaway home, no
 * gpg-agent), else as game_encrypt_to, which says why it cannot.
 */
int game_encrypt_for(struct game *g, int country, const char *text,
    char **armored, struct strbuf *err);
/*
 * Issue 9: checks the GAME, COUNTRY and STEP lines a sealed text starts
 * with against the place it stands: 1 bound there, 0 no such lines, -1
 * with err bound elsewhere (the reason does not say where).
 */
int game_sealed_binding(const struct game *g, const char *plain,
    int country, const char *step, struct strbuf *err);
/*
 * Issue 9: whether the ciphertext of a sealed step's text is in the game
 * already: the history entry that holds it, g->nhist when a queued order
 * does, or -1.
 */
int game_holds_sealed(const struct game *g, const char *text);
/* Encrypts text to the moderator's key, padded; for seal and the seed. */
int game_seal_text(struct game *g, const char *text, char **armored,
    struct strbuf *err);
/*
 * Issue 17: once the game is over and its seed is published (R30), the
 * session key of every order message encrypted to the moderator is
 * published too, as an EN_UNSEAL entry "of" its received entry (with no
 * text), so that anyone re-checks its signature without the moderator's
 * key (verify).  Needs the moderator's key; warns without it.
 */
void game_publish_session_keys(struct game *g, const char *now);
/* Tries every source of the seed in the file; 1 if the dice have it. */
int game_find_seed(struct game *g);
/*
 * Issue 18.9: the sealed seeds (R30) of many games, all sealed to the
 * moderator's key (GNUPGHOME), opened with one gpg and kept for
 * game_find_seed, which then starts none for them (it opens a game's
 * own so too).  One that cannot be opened so is left to game_find_seed's
 * GPGME context, which says why.
 */
void game_open_seeds(const char *const *sealed, size_t n);

/* queue.c */

/*
 * Queues an order for a later step, replacing an older one (R38);
 * signed_at is its signature's time (0: not signed or not known).
 */
void game_queue(struct game *g, const struct order *o, long long signed_at);
/*
 * R38: -1 with the reason in err when a signed order (signed_at > 0) was
 * signed before the queued order it would replace; else 0.
 */
int game_queue_check(const struct game *g, const struct order *o,
    long long signed_at, struct strbuf *err);
/* Takes the queued order for a decision out of the queue, if any. */
int game_unqueue(struct game *g, const struct decision *d, struct order *o);
/* Drops queued orders that have become stale; records each as rejected. */
void game_drop_stale(struct game *g, const char *now);

/* lock.c */

/*
 * An exclusive lock on the game for the whole run (GAME.xml.lock beside
 * it).
 * Returns a descriptor, or -1 with a diagnostic (EXIT_TEMPFAIL if another
 * run holds it).
 */
int game_lock(const char *path);
void game_unlock(int fd);

/* chain.c */
/*
 * Issue 17.11: the history's chained digest of every run 0 .. upto, each
 * an HMAC-SHA256 keyed by the seed over the one before and the run's
 * entries (adjudicator-game(5)); *out (caller frees) is NULL and the
 * return -1 when the seed is not at hand.
 */
int game_chain(const struct game *g, int upto, char (**out)[65]);
/*
 * The digest of run upto alone into out: the same as game_chain's last,
 * from the chain known so far when it still fits the history (only
 * entries after it added, none of them of a run it covers), which it
 * then extends.  0, or -1 when the seed is not at hand.
 */
int game_chain_at(struct game *g, int upto, char out[65]);
/*
 * The chain known so far (see struct game), when it still fits the
 * history: 0, or -1 when there is none to keep.
 */
int game_chain_known(const struct game *g, int *run, size_t *k,
    const char **state, const char **digest);
/*
 * Puts <history-digest run= rollbacks= sha256=> first in a report's
 * document (sha256 left out without the seed); game_doc_unchain takes it
 * out again before the document is saved.
 */
xmlNode *game_doc_chain(struct game *g, xmlDoc *doc, int run);
void game_doc_unchain(xmlNode *n);

#endif
