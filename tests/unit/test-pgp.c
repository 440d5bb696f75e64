/*
 * test-pgp.c - signed orders and sealed secrets through GnuPG (pgp.c).
 *
 * The keys are made once per run, by the gpg command line, in three short
 * homes: the moderator's, a player's (Prussia, plus keys that expire, are
 * revoked or cannot sign) and a stranger's whose key the moderator never
 * imports. Messages that need a past clock are signed with gpg's
 * --faked-system-time. Everything is removed at exit.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gpgme.h>

#include "pgp.h"
#include "pgp-internal.h"
#include "test.h"
#include "util.h"

#define GPG "gpg --homedir %s --batch --quiet --no-tty " \
	"--pinentry-mode loopback --passphrase ''"
#define PAST "--faked-system-time 20200101T000000"
#define PAST_SIGN "--faked-system-time 20200601T000000"

static const char ORDER[] = "turn 3 segment 1\nprussia: attack saxony\n";

struct keys {
	char mod_home[32], player_home[32], stranger_home[32];
	struct pgp *m, *pl, *st;	/* a context on each home */
	char mod[PGP_FPR_LEN + 1];	/* sign + encryption subkey */
	char player[PGP_FPR_LEN + 1];	/* certify only; subkeys sign, encr */
	char stranger[PGP_FPR_LEN + 1];	/* not known to the moderator */
	char expired[PGP_FPR_LEN + 1];	/* made 2020, expired 2021 */
	char revoked[PGP_FPR_LEN + 1];
	char nosign[PGP_FPR_LEN + 1];	/* certify only, no subkey */
	char *expired_order;	/* signed in 2020 by the expired key */
	char *revoked_order;	/* signed by the revoked key before */
	char *sig_expired_order;	/* player, in 2020, valid one day */
	char *two_sig_order;	/* player and the revoked key, before */
};

static struct keys *keys;
static int keys_failed;

/* Runs a shell command; 0 when it exits with status 0. */
static int
sh(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));
static int
sh(const char *fmt, ...)
{
	struct strbuf cmd;
	va_list ap;
	int rc;

	sb_init(&cmd);
	va_start(ap, fmt);
	sb_vaddf(&cmd, fmt, ap);
	va_end(ap);
	rc = system(cmd.buf);
	if (rc != 0)
		printf("pgp fixture: '%s' failed\n", cmd.buf);
	sb_release(&cmd);
	return rc == 0 ? 0 : -1;
}

/* Runs a shell command and returns its output (caller frees), or NULL. */
static char *
sh_out(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));
static char *
sh_out(const char *fmt, ...)
{
	struct strbuf cmd, out;
	va_list ap;
	char buf[4096];
	size_t n;
	FILE *f;

	sb_init(&cmd);
	va_start(ap, fmt);
	sb_vaddf(&cmd, fmt, ap);
	va_end(ap);
	sb_init(&out);
	f = popen(cmd.buf, "r");
	if (f != NULL) {
		for (;;) {
			n = fread(buf, 1, sizeof(buf), f);
			if (n == 0)
				break;
			sb_addn(&out, buf, n);
		}
		if (pclose(f) != 0 || out.len == 0) {
			printf("pgp fixture: '%s' failed\n", cmd.buf);
			sb_release(&out);
			sb_release(&cmd);
			return NULL;
		}
	}
	sb_release(&cmd);
	return sb_detach(&out);
}

/* The fingerprint of the n-th key or subkey (0: primary) of uid in home. */
static int
fpr_of(const char *home, const char *uid, int n, char fpr[PGP_FPR_LEN + 1])
{
	char *out = sh_out(GPG " --with-colons --list-keys '=%s' 2>/dev/null"
	    " | awk -v n=%d -F: '$1 == \"fpr\" { if (n-- == 0) print $10 }'",
	    home, uid, n);
	int ok = out != NULL && strlen(out) == PGP_FPR_LEN + 1;

	if (ok) {
		memcpy(fpr, out, PGP_FPR_LEN);
		fpr[PGP_FPR_LEN] = '\0';
	}
	free(out);
	return ok ? 0 : -1;
}

/* Makes a key for uid in home ("ed25519 sign never" style spec). */
static int
make_key(const char *home, const char *uid, const char *spec,
    const char *clock, char fpr[PGP_FPR_LEN + 1])
{
	if (sh(GPG " %s --quick-generate-key '%s' %s 2>/dev/null", home,
	    clock, uid, spec) < 0)
		return -1;
	return fpr_of(home, uid, 0, fpr);
}

static int
add_subkey(const char *home, const char *fpr, const char *spec,
    const char *clock)
{
	return sh(GPG " %s --quick-add-key %s %s 2>/dev/null", home, clock,
	    fpr, spec);
}

/* Moves the public key fpr from one context to another. */
static int
copy_key(struct pgp *from, struct pgp *to, const char *fpr)
{
	struct strbuf err;
	char *armored, got[PGP_FPR_LEN + 1];
	int rc;

	sb_init(&err);
	rc = pgp_export(from, fpr, &armored, &err);
	if (rc == 0) {
		rc = pgp_import(to, armored, got, &err);
		free(armored);
	}
	if (rc == 0 && strcmp(got, fpr) != 0)
		rc = -1;
	if (rc < 0)
		printf("pgp fixture: copying key '%s': %s\n", fpr, err.buf);
	sb_release(&err);
	return rc;
}

static void
keys_cleanup(void)
{
	const char *homes[3];
	int i;

	if (keys == NULL)
		return;
	pgp_close(keys->m);
	pgp_close(keys->pl);
	pgp_close(keys->st);
	homes[0] = keys->mod_home;
	homes[1] = keys->player_home;
	homes[2] = keys->stranger_home;
	for (i = 0; i < 3; i++)
		if (homes[i][0] != '\0')
			sh("gpgconf --homedir %s --kill all >/dev/null 2>&1;"
			    " rm -rf %s", homes[i], homes[i]);
	free(keys->expired_order);
	free(keys->revoked_order);
	free(keys->sig_expired_order);
	free(keys->two_sig_order);
	free(keys);
	keys = NULL;
}

static int
keys_make(struct keys *k)
{
	struct strbuf err;
	const char *p;
	int rc = -1;

	sb_init(&err);
	snprintf(k->mod_home, sizeof(k->mod_home), "/tmp/aor.XXXXXX");
	snprintf(k->player_home, sizeof(k->player_home), "/tmp/aor.XXXXXX");
	snprintf(k->stranger_home, sizeof(k->stranger_home), "/tmp/aor.XXXXXX");
	if (mkdtemp(k->mod_home) == NULL)
		k->mod_home[0] = '\0';
	if (mkdtemp(k->player_home) == NULL)
		k->player_home[0] = '\0';
	if (mkdtemp(k->stranger_home) == NULL)
		k->stranger_home[0] = '\0';
	if (!k->mod_home[0] || !k->player_home[0] || !k->stranger_home[0])
		goto done;
	p = k->player_home;
	if (make_key(k->mod_home, "Moderator <moderator@test.invalid>",
	    "ed25519 sign never", "", k->mod) < 0 ||
	    add_subkey(k->mod_home, k->mod, "cv25519 encr never", "") < 0 ||
	    make_key(k->stranger_home, "Stranger <stranger@test.invalid>",
	    "ed25519 sign never", "", k->stranger) < 0)
		goto done;
	/* Made in the past so that it can sign there too. */
	if (make_key(p, "Prussia <prussia@test.invalid>",
	    "ed25519 cert never", PAST, k->player) < 0 ||
	    add_subkey(p, k->player, "ed25519 sign never", PAST) < 0 ||
	    add_subkey(p, k->player, "cv25519 encr never", "") < 0 ||
	    make_key(p, "Expired <expired@test.invalid>", "ed25519 sign 1y",
	    PAST, k->expired) < 0 ||
	    make_key(p, "Revoked <revoked@test.invalid>",
	    "ed25519 sign never", "", k->revoked) < 0 ||
	    make_key(p, "Austria <austria@test.invalid>",
	    "ed25519 cert never", "", k->nosign) < 0)
		goto done;
	k->expired_order = sh_out("printf '%%s' '%s' | " GPG " "
	    PAST_SIGN " -u %s --clearsign 2>/dev/null", ORDER, p,
	    k->expired);
	k->sig_expired_order = sh_out("printf '%%s' '%s' | " GPG " "
	    PAST_SIGN " --default-sig-expire 1d -u %s --clearsign "
	    "2>/dev/null", ORDER, p, k->player);
	k->two_sig_order = sh_out("printf '%%s' '%s' | " GPG " -u %s -u %s "
	    "--clearsign 2>/dev/null", ORDER, p, k->player, k->revoked);
	if (k->expired_order == NULL || k->sig_expired_order == NULL ||
	    k->two_sig_order == NULL)
		goto done;
	if (pgp_open(&k->m, k->mod_home, &err) < 0 ||
	    pgp_open(&k->pl, p, &err) < 0 ||
	    pgp_open(&k->st, k->stranger_home, &err) < 0 ||
	    pgp_clearsign(k->pl, k->revoked, ORDER, &k->revoked_order,
	    &err) < 0)
		goto done;
	/* gpg stores a revocation certificate, its armour defused by ':'. */
	if (sh("sed 's/^:-----/-----/' %s/openpgp-revocs.d/%s.rev | "
	    GPG " --import 2>/dev/null", p, k->revoked, p) < 0)
		goto done;
	if (copy_key(k->pl, k->m, k->player) < 0 ||
	    copy_key(k->pl, k->m, k->expired) < 0 ||
	    copy_key(k->pl, k->m, k->revoked) < 0 ||
	    copy_key(k->pl, k->m, k->nosign) < 0 ||
	    copy_key(k->m, k->pl, k->mod) < 0)
		goto done;
	rc = 0;
done:
	if (err.len > 0)
		printf("pgp fixture: %s\n", err.buf);
	sb_release(&err);
	return rc;
}

/* The shared keys, made on first use; NULL (and a failure) if gpg fails. */
static const struct keys *
K(void)
{
	if (keys == NULL && !keys_failed) {
		keys = xcalloc(1, sizeof(*keys));
		atexit(keys_cleanup);
		if (keys_make(keys) < 0)
			keys_failed = 1;
	}
	if (keys_failed) {
		test_fail(__FILE__, __LINE__, "cannot make the test keys");
		return NULL;
	}
	return keys;
}

/* The moderator verifies msg; the outcome lands in the arguments. */
static int
verify(const char *msg, char **plain, char fpr[PGP_FPR_LEN + 1],
    struct strbuf *err)
{
	sb_reset(err);
	return pgp_verify(keys->m, msg, strlen(msg), plain, fpr, err);
}

/* Order text clearsigned by Prussia; the caller frees it. */
static char *
player_signed(const char *text)
{
	struct strbuf err;
	char *out = NULL;

	sb_init(&err);
	if (pgp_clearsign(keys->pl, keys->player, text, &out, &err) < 0)
		test_fail(__FILE__, __LINE__, "clearsign: %s", err.buf);
	sb_release(&err);
	return out != NULL ? out : xstrdup("");
}

/* A copy of s with CRLF line ends and no blanks before them. */
static char *
as_mailed(const char *s)
{
	struct strbuf sb;
	size_t n;

	sb_init(&sb);
	for (; *s != '\0'; s++) {
		if (*s != '\n') {
			sb_addc(&sb, *s);
			continue;
		}
		n = sb.len;
		while (n > 0 && sb.buf[n - 1] == ' ')
			n--;
		sb.len = n;
		sb.buf[n] = '\0';
		sb_add(&sb, "\r\n");
	}
	return sb_detach(&sb);
}

TEST(pgp_pad_fills_to_a_multiple_of_the_block)
{
	struct strbuf text;
	char *padded, *mark;
	size_t n, i;
	int lines_ok;

	sb_init(&text);
	for (n = 0; n < 1100; n++) {
		padded = pgp_pad(text.buf);
		CHECK_INT(strlen(padded) % PGP_PAD_BLOCK, 0);
		CHECK(strncmp(padded, text.buf, n) == 0);
		/* Newline, mark, 1 + a block at most ("#\n" needs 2). */
		CHECK(strlen(padded) <= n + 1 + 10 + 1 + PGP_PAD_BLOCK);
		mark = strstr(padded + n, "# padding\n");
		CHECK(mark != NULL && mark <= padded + n + 1);
		lines_ok = mark != NULL;
		for (i = mark != NULL ? 10 : 0; lines_ok && mark[i]; i++)
			if (mark[i] == '\n')
				lines_ok = mark[i - 1] == '#';
			else if (mark[i] != '#')
				lines_ok = 0;
		CHECK(lines_ok);
		pgp_unpad(padded);
		/* The text comes back with a final newline. */
		CHECK_INT(strlen(padded), n > 0 && text.buf[n - 1] != '\n' ?
		    n + 1 : n);
		CHECK(strncmp(padded, text.buf, n) == 0);
		free(padded);
		sb_addc(&text, n % 40 == 39 ? '\n' : 'a');
	}
	sb_release(&text);
}

TEST(pgp_unpad_leaves_other_text_alone)
{
	char s1[] = "pick 3\n# padding\n###\n";	/* not a whole block */
	char *s2 = pgp_pad("pick 3");

	pgp_unpad(s1);
	CHECK_STR(s1, "pick 3\n# padding\n###\n");
	s2[strlen(s2) - 2] = 'x';
	pgp_unpad(s2);
	CHECK_INT(strlen(s2), PGP_PAD_BLOCK);
	free(s2);
}

/* What GnuPG gives back is text only without a NUL byte: the order
 * parser and the XML would cut it there. */
TEST(pgp_data_take_text_refuses_a_nul_byte)
{
	gpgme_data_t d;
	struct strbuf err;
	char *s;

	gpgme_check_version(NULL);
	sb_init(&err);
	CHECK(gpgme_data_new_from_mem(&d, "ab\n", 3, 1) == 0);
	s = data_take_text(d, "signed", &err);
	CHECK(s != NULL && strcmp(s, "ab\n") == 0);
	CHECK_INT((int)err.len, 0);
	free(s);
	CHECK(gpgme_data_new_from_mem(&d, "a\0b", 3, 1) == 0);
	s = data_take_text(d, "decrypted", &err);
	CHECK(s == NULL);
	CHECK_STR(err.buf, "the decrypted text contains a NUL byte");
	free(s);
	sb_release(&err);
}

TEST(pgp_open_makes_a_private_temporary_home_and_removes_it)
{
	struct strbuf err;
	struct pgp *p;
	struct stat st;
	char *home, *agent, *out, fpr[PGP_FPR_LEN + 1];
	int has_pgrep;

	sb_init(&err);
	CHECK_INT(pgp_open(&p, NULL, &err), 0);
	CHECK_STR(err.buf, "");
	if (p == NULL)
		return;
	home = xstrdup(pgp_homedir(p));
	CHECK(strncmp(home, "/tmp/aor.", 9) == 0);
	CHECK_INT(stat(home, &st), 0);
	CHECK_INT(st.st_mode & 0777, 0700);
	/* Signing with a key of the home starts the home's agent. */
	CHECK_INT(make_key(home, "Temp <temp@test.invalid>",
	    "ed25519 sign never", "", fpr), 0);
	CHECK_INT(pgp_clearsign(p, fpr, ORDER, &out, &err), 0);
	CHECK_STR(err.buf, "");
	free(out);
	agent = xasprintf("pgrep -f 'gpg-agent --homedir %s( |$)' "
	    ">/dev/null", home);
	has_pgrep = system("command -v pgrep >/dev/null") == 0;
	if (has_pgrep)
		CHECK_INT(system(agent), 0);
	pgp_close(p);
	CHECK(stat(home, &st) < 0);
	if (has_pgrep)
		CHECK(system(agent) != 0);
	free(agent);
	free(home);
	sb_release(&err);
}

TEST(pgp_open_rejects_a_missing_home)
{
	struct strbuf err;
	struct pgp *p;

	sb_init(&err);
	CHECK_INT(pgp_open(&p, "/tmp/aor.missing-home", &err), -1);
	CHECK(p == NULL);
	CHECK_STR(err.buf, "no GnuPG home '/tmp/aor.missing-home': "
	    "No such file or directory");
	sb_release(&err);
}

TEST(pgp_import_takes_exactly_one_public_key)
{
	struct strbuf err;
	struct pgp *p;
	char fpr[PGP_FPR_LEN + 1], *a, *b, *both;

	if (K() == NULL)
		return;
	sb_init(&err);
	CHECK_INT(pgp_open(&p, NULL, &err), 0);
	CHECK_INT(pgp_export(keys->pl, keys->player, &a, &err), 0);
	CHECK_INT(pgp_export(keys->pl, keys->revoked, &b, &err), 0);
	both = xasprintf("%s%s", a, b);

	CHECK_INT(pgp_import(p, both, fpr, &err), -1);
	CHECK_STR(err.buf, "the block holds 2 keys, expected one");
	sb_reset(&err);
	CHECK_INT(pgp_key_usable(p, keys->player, &err), -1);
	CHECK_CONTAINS(err.buf, "unknown key");

	sb_reset(&err);
	CHECK_INT(pgp_import(p, "prussia's key is on the web site\n", fpr,
	    &err), -1);
	CHECK_STR(err.buf, "not an armoured public key: no "
	    "'-----BEGIN PGP PUBLIC KEY BLOCK-----' line");

	sb_reset(&err);
	CHECK_INT(pgp_import(p, a, fpr, &err), 0);
	CHECK_STR(err.buf, "");
	CHECK_STR(fpr, keys->player);
	/* Again: unchanged, still fine. */
	CHECK_INT(pgp_import(p, a, fpr, &err), 0);
	CHECK_STR(fpr, keys->player);
	free(both);
	free(a);
	free(b);
	pgp_close(p);
	sb_release(&err);
}

TEST(pgp_export_names_unknown_and_malformed_keys)
{
	struct strbuf err;
	char *out;

	if (K() == NULL)
		return;
	sb_init(&err);
	CHECK_INT(pgp_export(keys->m, keys->stranger, &out, &err), -1);
	CHECK(out == NULL);
	CHECK(strncmp(err.buf, "unknown key '", 13) == 0);
	CHECK_CONTAINS(err.buf, keys->stranger);
	sb_reset(&err);
	CHECK_INT(pgp_export(keys->m, "Prussia", &out, &err), -1);
	CHECK_STR(err.buf,
	    "'Prussia' is not a key fingerprint (40 hex digits)");
	sb_release(&err);
}

TEST(pgp_verify_accepts_a_good_clearsigned_order)
{
	struct strbuf err;
	char fpr[PGP_FPR_LEN + 1], sub[PGP_FPR_LEN + 1], *plain, *msg;

	if (K() == NULL)
		return;
	sb_init(&err);
	msg = player_signed(ORDER);
	CHECK_INT(verify(msg, &plain, fpr, &err), 0);
	CHECK_STR(err.buf, "");
	CHECK_STR(plain, ORDER);
	/* Prussia's primary key only certifies: its subkey signed. */
	CHECK_INT(fpr_of(keys->player_home, "Prussia <prussia@test.invalid>",
	    1, sub), 0);
	CHECK(strcmp(sub, keys->player) != 0);
	CHECK_STR(fpr, keys->player);
	free(plain);
	free(msg);
	sb_release(&err);
}

TEST(pgp_verify_rejects_tampered_text)
{
	struct strbuf err;
	char fpr[PGP_FPR_LEN + 1], *plain, *msg, *at;

	if (K() == NULL)
		return;
	sb_init(&err);
	msg = player_signed(ORDER);
	at = strstr(msg, "saxony");
	CHECK(at != NULL);
	if (at != NULL)
		memcpy(at, "hanovr", 6);
	CHECK_INT(verify(msg, &plain, fpr, &err), -1);
	CHECK(plain == NULL);
	CHECK_STR(fpr, "");
	CHECK_STR(err.buf,
	    "bad signature: the text was changed after it was signed");
	free(msg);

	/* A damaged signature block, or one without its signature. */
	msg = player_signed(ORDER);
	at = strstr(msg, "-----BEGIN PGP SIGNATURE-----\n\n");
	CHECK(at != NULL);
	if (at != NULL)
		memcpy(at + 31, "AAAA", 4);
	CHECK_INT(verify(msg, &plain, fpr, &err), -1);
	CHECK_STR(err.buf, "the signature block is damaged");
	if (at != NULL)
		memmove(at + 31, strchr(at + 31, '\n') + 1,
		    strlen(strchr(at + 31, '\n')));
	CHECK_INT(verify(msg, &plain, fpr, &err), -1);
	CHECK(plain == NULL);
	CHECK_STR(err.buf, "the signature block is damaged");
	free(msg);
	sb_release(&err);
}

TEST(pgp_verify_rejects_an_unknown_key)
{
	struct strbuf err;
	char fpr[PGP_FPR_LEN + 1], *plain, *msg, *want;

	if (K() == NULL)
		return;
	sb_init(&err);
	CHECK_INT(pgp_clearsign(keys->st, keys->stranger, ORDER, &msg, &err),
	    0);
	CHECK_INT(verify(msg, &plain, fpr, &err), -1);
	CHECK(plain == NULL);
	want = xasprintf("signed by unknown key '%s' (not in this home)",
	    keys->stranger);
	CHECK_STR(err.buf, want);
	free(want);
	free(msg);
	sb_release(&err);
}

TEST(pgp_verify_rejects_unsigned_text)
{
	struct strbuf err;
	char fpr[PGP_FPR_LEN + 1], *plain, *pub;

	if (K() == NULL)
		return;
	sb_init(&err);
	CHECK_INT(verify(ORDER, &plain, fpr, &err), -1);
	CHECK(plain == NULL);
	CHECK_STR(err.buf, "the message is not signed");
	CHECK_INT(pgp_export(keys->pl, keys->player, &pub, &err), 0);
	CHECK_INT(verify(pub, &plain, fpr, &err), -1);
	CHECK_STR(err.buf, "the message is not signed");
	free(pub);
	sb_release(&err);
}

/*
 * Issue 9: signed in 2020 by a key that expired in 2021, so signed while
 * it was valid: the order counts (refused when signed after the key
 * expired: tests/trust.sh, which makes such a signature).
 */
TEST(pgp_verify_takes_an_order_signed_before_its_key_expired)
{
	struct strbuf err;
	char fpr[PGP_FPR_LEN + 1], *plain;

	if (K() == NULL)
		return;
	sb_init(&err);
	CHECK_INT(verify(keys->expired_order, &plain, fpr, &err), 0);
	CHECK_STR(err.buf, "");
	CHECK_STR(fpr, keys->expired);
	CHECK(plain != NULL && strcmp(plain, ORDER) == 0);
	free(plain);
	sb_release(&err);
}

TEST(pgp_verify_rejects_a_revoked_key)
{
	struct strbuf err;
	char fpr[PGP_FPR_LEN + 1], *plain, *want;

	if (K() == NULL)
		return;
	sb_init(&err);
	CHECK_INT(verify(keys->revoked_order, &plain, fpr, &err), -1);
	CHECK(plain == NULL);
	want = xasprintf("the signing key '%s' is revoked", keys->revoked);
	CHECK_STR(err.buf, want);
	free(want);
	sb_release(&err);
}

TEST(pgp_verify_rejects_an_expired_signature)
{
	struct strbuf err;
	char fpr[PGP_FPR_LEN + 1], *plain;

	if (K() == NULL)
		return;
	sb_init(&err);
	CHECK_INT(verify(keys->sig_expired_order, &plain, fpr, &err), -1);
	CHECK(plain == NULL);
	CHECK_STR(err.buf, "the signature has expired");
	sb_release(&err);
}

TEST(pgp_verify_rejects_two_signatures)
{
	struct strbuf err;
	char fpr[PGP_FPR_LEN + 1], *plain;

	if (K() == NULL)
		return;
	sb_init(&err);
	CHECK_INT(verify(keys->two_sig_order, &plain, fpr, &err), -1);
	CHECK(plain == NULL);
	CHECK_STR(err.buf, "the message has more than one signature");
	sb_release(&err);
}

TEST(pgp_verify_rejects_text_outside_the_signed_part)
{
	struct strbuf err;
	char fpr[PGP_FPR_LEN + 1], *plain, *msg, *m2, *m3;

	if (K() == NULL)
		return;
	sb_init(&err);
	msg = player_signed(ORDER);

	m2 = xasprintf("prussia: attack bohemia\n\n%s", msg);
	CHECK_INT(verify(m2, &plain, fpr, &err), -1);
	CHECK(plain == NULL);
	CHECK_STR(err.buf, "text outside the signed part");
	free(m2);

	m2 = xasprintf("%sprussia: attack bohemia\n", msg);
	CHECK_INT(verify(m2, &plain, fpr, &err), -1);
	CHECK_STR(err.buf, "text outside the signed part");
	free(m2);

	/* So is a key, and a second signed block. */
	CHECK_INT(pgp_export(keys->pl, keys->player, &m2, &err), 0);
	m3 = xasprintf("%s%s", m2, msg);
	CHECK_INT(verify(m3, &plain, fpr, &err), -1);
	CHECK_STR(err.buf, "text outside the signed part");
	free(m3);
	free(m2);

	m2 = xasprintf("%s\n%s", msg, msg);
	CHECK_INT(verify(m2, &plain, fpr, &err), -1);
	CHECK_STR(err.buf, "text outside the signed part");
	free(m2);

	/* Blank lines around the block are fine. */
	m2 = xasprintf("\n  \n%s\n\t\n", msg);
	CHECK_INT(verify(m2, &plain, fpr, &err), 0);
	CHECK_STR(err.buf, "");
	CHECK_STR(plain, ORDER);
	CHECK_STR(fpr, keys->player);
	free(plain);
	free(m2);

	/* Cut off before its end. */
	*strstr(msg, "-----END PGP SIGNATURE-----") = '\0';
	CHECK_INT(verify(msg, &plain, fpr, &err), -1);
	CHECK_STR(err.buf, "the message is cut short: no "
	    "'-----END PGP SIGNATURE-----' line");
	free(msg);
	sb_release(&err);
}

TEST(pgp_verify_accepts_crlf_and_stripped_trailing_spaces)
{
	static const char text[] = "turn 3 segment 1   \n"
	    "prussia: attack saxony \n- prussia: pass\n";
	struct strbuf err;
	char fpr[PGP_FPR_LEN + 1], *plain, *msg, *mailed;

	if (K() == NULL)
		return;
	sb_init(&err);
	msg = player_signed(text);
	mailed = as_mailed(msg);
	CHECK(strstr(mailed, "\r\n") != NULL);
	CHECK(strstr(mailed, " \r\n") == NULL);
	CHECK_INT(verify(mailed, &plain, fpr, &err), 0);
	CHECK_STR(err.buf, "");
	CHECK_STR(fpr, keys->player);
	/* What the signature covers: no trailing blanks, LF. */
	CHECK_STR(plain, "turn 3 segment 1\nprussia: attack saxony\n"
	    "- prussia: pass\n");
	free(plain);
	free(mailed);
	free(msg);
	sb_release(&err);
}

TEST(pgp_verify_accepts_signed_and_encrypted_orders)
{
	struct strbuf err;
	char fpr[PGP_FPR_LEN + 1], *plain, *msg, *mailed;

	if (K() == NULL)
		return;
	sb_init(&err);
	CHECK_INT(pgp_sign_encrypt(keys->pl, keys->player, keys->mod, ORDER,
	    &msg, &err), 0);
	CHECK_STR(err.buf, "");
	CHECK(strncmp(msg, "-----BEGIN PGP MESSAGE-----", 27) == 0);
	CHECK(strstr(msg, "saxony") == NULL);
	CHECK_INT(verify(msg, &plain, fpr, &err), 0);
	CHECK_STR(err.buf, "");
	CHECK_STR(plain, ORDER);
	CHECK_STR(fpr, keys->player);
	free(plain);
	mailed = as_mailed(msg);
	CHECK_INT(verify(mailed, &plain, fpr, &err), 0);
	CHECK_STR(plain, ORDER);
	free(plain);
	free(mailed);
	free(msg);
	sb_release(&err);
}

TEST(pgp_verify_accepts_a_signed_unencrypted_message)
{
	struct strbuf err;
	char fpr[PGP_FPR_LEN + 1], *plain, *msg;

	if (K() == NULL)
		return;
	sb_init(&err);
	/* What "gpg --sign --armor" makes instead of a clearsigned text. */
	msg = sh_out("printf '%%s' '%s' | " GPG " -u %s --sign --armor "
	    "2>/dev/null", ORDER, keys->player_home, keys->player);
	CHECK(msg != NULL);
	if (msg == NULL)
		return;
	CHECK(strncmp(msg, "-----BEGIN PGP MESSAGE-----", 27) == 0);
	CHECK_INT(verify(msg, &plain, fpr, &err), 0);
	CHECK_STR(err.buf, "");
	CHECK_STR(plain, ORDER);
	CHECK_STR(fpr, keys->player);
	free(plain);
	free(msg);
	sb_release(&err);
}

TEST(pgp_verify_rejects_encrypted_but_unsigned_or_misaddressed)
{
	struct strbuf err;
	char fpr[PGP_FPR_LEN + 1], *plain, *msg, *m2;

	if (K() == NULL)
		return;
	sb_init(&err);
	CHECK_INT(pgp_encrypt(keys->pl, keys->mod, ORDER, &msg, &err), 0);
	CHECK_INT(verify(msg, &plain, fpr, &err), -1);
	CHECK(plain == NULL);
	CHECK_STR(err.buf, "the message is not signed");
	m2 = xasprintf("my orders:\n%s", msg);
	CHECK_INT(verify(m2, &plain, fpr, &err), -1);
	CHECK_STR(err.buf, "text outside the signed part");
	free(m2);
	free(msg);

	/* Signed, but encrypted to Prussia herself. */
	CHECK_INT(pgp_sign_encrypt(keys->pl, keys->player, keys->player,
	    ORDER, &msg, &err), 0);
	CHECK_INT(verify(msg, &plain, fpr, &err), -1);
	CHECK(plain == NULL);
	CHECK_STR(fpr, "");
	CHECK_STR(err.buf, "the message is not encrypted to a key of this "
	    "home");
	free(msg);
	sb_release(&err);
}

TEST(pgp_encrypt_and_decrypt_round_trip)
{
	static const char pick[] = "secret pick: card 3 (Frederick II)\n";
	struct strbuf err;
	char *msg, *plain, *want;

	if (K() == NULL)
		return;
	sb_init(&err);
	CHECK_INT(pgp_encrypt(keys->m, keys->mod, pick, &msg, &err), 0);
	CHECK_STR(err.buf, "");
	CHECK(strstr(msg, "Frederick") == NULL);
	CHECK_INT(pgp_decrypt(keys->m, msg, &plain, &err), 0);
	CHECK_STR(err.buf, "");
	CHECK_INT(strlen(plain), PGP_PAD_BLOCK);
	CHECK(strncmp(plain, pick, strlen(pick)) == 0);
	CHECK_CONTAINS(plain, "\n# padding\n###");
	pgp_unpad(plain);
	CHECK_STR(plain, pick);
	free(plain);

	/* The player's home has no secret key for it. */
	CHECK_INT(pgp_decrypt(keys->st, msg, &plain, &err), -1);
	CHECK(plain == NULL);
	CHECK_STR(err.buf, "the message is not encrypted to a key of this "
	    "home");
	sb_reset(&err);
	CHECK_INT(pgp_decrypt(keys->m, ORDER, &plain, &err), -1);
	CHECK_STR(err.buf, "no encrypted message found");

	/* Austria's key has no encryption subkey. */
	sb_reset(&err);
	CHECK_INT(pgp_encrypt(keys->m, keys->nosign, pick, &plain, &err),
	    PGP_KEY_REFUSED);
	CHECK(plain == NULL);
	want = xasprintf("key '%s' has no encryption subkey", keys->nosign);
	CHECK_STR(err.buf, want);
	free(want);
	sb_reset(&err);
	CHECK_INT(pgp_encrypt(keys->m, keys->revoked, pick, &plain, &err),
	    PGP_KEY_REFUSED);
	want = xasprintf("key '%s' is revoked", keys->revoked);
	CHECK_STR(err.buf, want);
	free(want);
	free(msg);
	sb_release(&err);
}

TEST(pgp_encrypt_hides_which_pick_it_holds)
{
	struct strbuf err;
	char *a, *b, *plain;

	if (K() == NULL)
		return;
	sb_init(&err);
	CHECK_INT(pgp_encrypt(keys->m, keys->mod, "pick 3", &a, &err), 0);
	CHECK_INT(pgp_encrypt(keys->m, keys->mod,
	    "pick 12 (the Holy Roman Emperor joins Austria's alliance)\n",
	    &b, &err), 0);
	CHECK_STR(err.buf, "");
	CHECK_INT(strlen(a), strlen(b));
	CHECK(strcmp(a, b) != 0);
	CHECK_INT(pgp_decrypt(keys->m, a, &plain, &err), 0);
	pgp_unpad(plain);
	CHECK_STR(plain, "pick 3\n");
	free(plain);
	free(a);
	free(b);
	sb_release(&err);
}

TEST(pgp_verify_detached_signature)
{
	static const char part[] = "Content-Type: text/plain; charset=utf-8"
	    "\r\n\r\nturn 3 segment 1\r\nprussia: attack saxony\r\n";
	struct strbuf err;
	char fpr[PGP_FPR_LEN + 1], *sig, *bad, *clear, *want;

	if (K() == NULL)
		return;
	sb_init(&err);
	CHECK_INT(pgp_sign_detached(keys->pl, keys->player, part,
	    strlen(part), &sig, &err), 0);
	CHECK(strncmp(sig, "-----BEGIN PGP SIGNATURE-----", 29) == 0);
	CHECK_INT(pgp_verify_detached(keys->m, part, strlen(part), sig,
	    strlen(sig), fpr, &err), 0);
	CHECK_STR(err.buf, "");
	CHECK_STR(fpr, keys->player);

	bad = xstrdup(part);
	memcpy(strstr(bad, "saxony"), "hanovr", 6);
	CHECK_INT(pgp_verify_detached(keys->m, bad, strlen(bad), sig,
	    strlen(sig), fpr, &err), -1);
	CHECK_STR(fpr, "");
	CHECK_STR(err.buf,
	    "bad signature: the text was changed after it was signed");
	free(bad);

	/*
	 * A clearsigned message is no detached signature for other data
	 * (gpg would check the text inside it).
	 */
	sb_reset(&err);
	clear = player_signed(ORDER);
	CHECK_INT(pgp_verify_detached(keys->m, part, strlen(part), clear,
	    strlen(clear), fpr, &err), -1);
	CHECK_STR(err.buf, "text outside the signature block");
	free(clear);
	sb_reset(&err);
	CHECK_INT(pgp_verify_detached(keys->m, part, strlen(part), ORDER,
	    strlen(ORDER), fpr, &err), -1);
	CHECK_STR(err.buf,
	    "no signature: no '-----BEGIN PGP SIGNATURE-----' line");
	free(sig);

	sb_reset(&err);
	CHECK_INT(pgp_sign_detached(keys->st, keys->stranger, part,
	    strlen(part), &sig, &err), 0);
	CHECK_INT(pgp_verify_detached(keys->m, part, strlen(part), sig,
	    strlen(sig), fpr, &err), -1);
	want = xasprintf("signed by unknown key '%s' (not in this home)",
	    keys->stranger);
	CHECK_STR(err.buf, want);
	free(want);
	free(sig);
	sb_release(&err);
}

TEST(pgp_key_usable_reports_the_key_state)
{
	struct strbuf err;
	char *want;

	if (K() == NULL)
		return;
	sb_init(&err);
	CHECK_INT(pgp_key_usable(keys->m, keys->player, &err), 0);
	CHECK_STR(err.buf, "");

	CHECK_INT(pgp_key_usable(keys->m, keys->expired, &err), -1);
	want = xasprintf("key '%s' has expired", keys->expired);
	CHECK_STR(err.buf, want);
	free(want);

	sb_reset(&err);
	CHECK_INT(pgp_key_usable(keys->m, keys->revoked, &err), -1);
	want = xasprintf("key '%s' is revoked", keys->revoked);
	CHECK_STR(err.buf, want);
	free(want);

	sb_reset(&err);
	CHECK_INT(pgp_key_usable(keys->m, keys->nosign, &err), -1);
	want = xasprintf("key '%s' cannot sign", keys->nosign);
	CHECK_STR(err.buf, want);
	free(want);

	sb_reset(&err);
	CHECK_INT(pgp_key_usable(keys->m, keys->stranger, &err), -1);
	want = xasprintf("unknown key '%s'", keys->stranger);
	CHECK_STR(err.buf, want);
	free(want);
	sb_release(&err);
}

TEST(pgp_clearsign_needs_a_secret_key)
{
	struct strbuf err;
	char *out, *want;

	if (K() == NULL)
		return;
	sb_init(&err);
	CHECK_INT(pgp_clearsign(keys->m, keys->player, ORDER, &out, &err),
	    -1);
	CHECK(out == NULL);
	want = xasprintf("no secret key '%s' in this home", keys->player);
	CHECK_STR(err.buf, want);
	free(want);
	sb_release(&err);
}

/*
 * The session key of a sealed message opens it in a home without any key,
 * so anyone can check a pick after the reveal; another key does not.
 */
TEST(pgp_session_key_opens_the_message_for_anyone)
{
	static const char pick[] = "DEFEND WITH 3/0/2\n";
	struct strbuf err;
	char *msg, *plain, *plain2, *sk, *sk2, *bad;
	struct pgp *anyone = NULL;

	if (K() == NULL)
		return;
	sb_init(&err);
	CHECK_INT(pgp_encrypt(keys->m, keys->mod, pick, &msg, &err), 0);
	CHECK_INT(pgp_decrypt_session(keys->m, msg, NULL, &plain, &sk, &err),
	    0);
	CHECK(sk != NULL && strchr(sk, ':') != NULL);
	CHECK_INT(pgp_open(&anyone, NULL, &err), 0);
	CHECK_INT(pgp_decrypt_session(anyone, msg, sk, &plain2, &sk2, &err),
	    0);
	CHECK_STR(plain2, plain);
	free(plain2);
	free(sk2);
	/* a different session key opens nothing */
	bad = xstrdup(sk);
	bad[strlen(bad) - 1] = bad[strlen(bad) - 1] == '0' ? '1' : '0';
	sb_reset(&err);
	CHECK_INT(pgp_decrypt_session(anyone, msg, bad, &plain2, &sk2, &err),
	    -1);
	CHECK(plain2 == NULL);
	free(bad);
	pgp_close(anyone);
	free(plain);
	free(sk);
	free(msg);
	sb_release(&err);
}
