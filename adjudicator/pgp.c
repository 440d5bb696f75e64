/*
 * pgp.c - OpenPGP through GPGME: signed orders, sealed secrets.
 *
 * This file opens and closes a context on a GnuPG home and holds the
 * helpers the other pgp-*.c files share (pgp-internal.h): pgp-verify.c
 * checks one message, pgp-batch.c many at once, pgp-keys.c handles
 * public keys, pgp-encrypt.c seals and signs.
 */
#include "pgp.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <gpgme.h>

#include "pgp-internal.h"
#include "util.h"

/* keylist_from_data and GPGME_ENCRYPT_NO_COMPRESS need 1.8. */
#define GPGME_MIN_VERSION "1.8.0"

/* Appends "what: gpgme's reason" to err; returns -1. */
int
fail(struct strbuf *err, const char *what, gpgme_error_t e)
{
	sb_addf(err, "%s: %s", what, gpgme_strerror(e));
	return -1;
}

/*
 * Keys never carry passphrases, so any request for one (a protected key,
 * a symmetrically encrypted message) is refused rather than answered.
 */
static gpgme_error_t
no_passphrase(void *hook, const char *uid_hint, const char *info,
    int prev_was_bad, int fd)
{
	(void)hook;
	(void)uid_hint;
	(void)info;
	(void)prev_was_bad;
	(void)fd;
	return gpgme_error(GPG_ERR_CANCELED);
}

/* Initialises GPGME once per process; 0 on success, -1 with err. */
static int
pgp_init(struct strbuf *err)
{
	static int done;
	gpgme_error_t e;

	if (done)
		return 0;
	if (gpgme_check_version(GPGME_MIN_VERSION) == NULL) {
		sb_addf(err, "gpgme %s is older than %s",
		    gpgme_check_version(NULL), GPGME_MIN_VERSION);
		return -1;
	}
	gpgme_set_locale(NULL, LC_CTYPE, setlocale(LC_CTYPE, NULL));
	e = gpgme_engine_check_version(GPGME_PROTOCOL_OpenPGP);
	if (e)
		return fail(err, "gnupg is not usable", e);
	done = 1;
	return 0;
}

/* Whether s is 40 hexadecimal digits. */
int
fpr_valid(const char *s)
{
	size_t i;

	for (i = 0; i < PGP_FPR_LEN; i++)
		if (s[i] == '\0' || strchr("0123456789abcdefABCDEF", s[i])
		    == NULL)
			return 0;
	return s[i] == '\0';
}

/* Copies fpr upper-cased into out. */
void
fpr_copy(char out[PGP_FPR_LEN + 1], const char *fpr)
{
	size_t i;

	for (i = 0; i < PGP_FPR_LEN && fpr[i] != '\0'; i++)
		out[i] = fpr[i] >= 'a' && fpr[i] <= 'f' ?
		    (char)(fpr[i] - 'a' + 'A') : fpr[i];
	out[i] = '\0';
}

/* Runs "gpgconf --homedir home --kill all" quietly and waits for it. */
static void
kill_agent(const char *home)
{
	const char *gpgconf = gpgme_get_dirinfo("gpgconf-name");
	pid_t pid;
	int status, fd;

	if (gpgconf == NULL)
		gpgconf = "gpgconf";
	pid = fork();
	if (pid < 0)
		return;
	if (pid == 0) {
		fd = open("/dev/null", O_RDWR);
		if (fd >= 0) {
			dup2(fd, 0);
			dup2(fd, 1);
			dup2(fd, 2);
		}
		execlp(gpgconf, gpgconf, "--homedir", home, "--kill", "all",
		    (char *)NULL);
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
}

/*
 * The test hook of issue 18: with ADJUDICATOR_TEST_CRASH_IN_GNUPG=kill
 * in the environment, a process ends by SIGKILL as it is about to remove
 * a temporary GnuPG home, its gpg-agent running, so that tests can check
 * that the next run removes both.  Never set it otherwise.
 */
static void
test_crash_in_gnupg(void)
{
	const char *hook = getenv("ADJUDICATOR_TEST_CRASH_IN_GNUPG");

	if (hook != NULL && strcmp(hook, "kill") == 0)
		raise(SIGKILL);
}

/* Removes path and, if it is a directory, everything below it. */
int
remove_tree(const char *path)
{
	struct stat st;
	struct dirent *de;
	DIR *d;
	char *sub;

	if (lstat(path, &st) < 0)
		return errno == ENOENT ? 0 : -1;
	if (!S_ISDIR(st.st_mode))
		return unlink(path) < 0 && errno != ENOENT ? -1 : 0;
	d = opendir(path);
	if (d != NULL) {
		for (;;) {
			de = readdir(d);
			if (de == NULL)
				break;
			if (strcmp(de->d_name, ".") == 0 ||
			    strcmp(de->d_name, "..") == 0)
				continue;
			sub = xasprintf("%s/%s", path, de->d_name);
			remove_tree(sub);
			free(sub);
		}
		closedir(d);
	}
	return rmdir(path) < 0 && errno != ENOENT ? -1 : 0;
}

/*
 * Removes a temporary home. The agent unlinks its sockets as it exits,
 * which may race with us, so a directory that is not yet empty is tried
 * again a few times.
 */
void
pgp_remove_home(const char *home)
{
	struct timespec ts = { 0, 20 * 1000 * 1000 };
	int i;

	for (i = 0; i < 25 && remove_tree(home) < 0; i++)
		nanosleep(&ts, NULL);
}

const char *
pgp_temp_root(void)
{
	const char *t = getenv("TMPDIR");

	/* short: the agent's socket path below the home must fit in 107
	 * bytes */
	if (t != NULL && t[0] == '/' && strlen(t) <= 64)
		return t;
	return "/tmp";
}

char *
pgp_temp_template(void)
{
	const char *root = pgp_temp_root();
	size_t n = strlen(root);

	while (n > 1 && root[n - 1] == '/')
		n--;
	return xasprintf("%.*s/aor.XXXXXX", (int)n, root);
}

int
pgp_claim_dir(const char *dir)
{
	char *tmp = xasprintf("%s/" PGP_OWNER_FILE ".new", dir);
	char *path = xasprintf("%s/" PGP_OWNER_FILE, dir);
	int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC |
	    O_NOFOLLOW, 0600);

	/* locked before it has its name: a sweep never sees it free while
	 * its process lives */
	if (fd >= 0 && (flock(fd, LOCK_EX | LOCK_NB) != 0 ||
	    dprintf(fd, "%ld", (long)getpid()) < 0 ||
	    rename(tmp, path) != 0)) {
		close(fd);
		unlink(tmp);
		fd = -1;
	}
	free(tmp);
	free(path);
	return fd;
}

void
pgp_unclaim_dir(const char *dir, int fd)
{
	char *path;

	if (fd < 0)
		return;
	if (dir != NULL) {
		path = xasprintf("%s/" PGP_OWNER_FILE, dir);
		unlink(path);
		free(path);
	}
	close(fd);
}

size_t
pgp_remove_stale(const char *dir, const char *prefix, struct strbuf *removed)
{
	size_t plen = strlen(prefix), n = 0;
	struct dirent *de;
	struct stat st;
	DIR *d = opendir(dir);
	char *path, *owner;
	int fd;

	while (d != NULL && (de = readdir(d)) != NULL) {
		const char *x = de->d_name + plen;

		/* mkdtemp's names: the prefix and six letters or digits */
		if (strncmp(de->d_name, prefix, plen) != 0 ||
		    strlen(x) != 6 || strspn(x, "abcdefghijklmnopqrstuvwxyz"
		    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") != 6)
			continue;
		path = xasprintf("%s/%s", dir, de->d_name);
		owner = xasprintf("%s/" PGP_OWNER_FILE, path);
		fd = -1;
		if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode) &&
		    st.st_uid == geteuid())
			fd = open(owner, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
		/* free: the process that made it is gone */
		if (fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) == 0) {
			kill_agent(path);
			pgp_remove_home(path);
			if (removed != NULL)
				sb_addf(removed, "%s\n", path);
			n++;
		}
		if (fd >= 0)
			close(fd);
		free(owner);
		free(path);
	}
	if (d != NULL)
		closedir(d);
	return n;
}

int
pgp_open(struct pgp **pp, const char *homedir, struct strbuf *err)
{
	struct pgp *p;
	struct stat st;
	gpgme_error_t e;

	*pp = NULL;
	if (pgp_init(err) < 0)
		return -1;
	if (homedir != NULL && stat(homedir, &st) < 0) {
		sb_addf(err, "no GnuPG home '%s': %s", homedir,
		    strerror(errno));
		return -1;
	}
	if (homedir != NULL && !S_ISDIR(st.st_mode)) {
		sb_addf(err, "GnuPG home '%s' is not a directory", homedir);
		return -1;
	}
	p = xcalloc(1, sizeof(*p));
	if (homedir == NULL) {
		p->home = pgp_temp_template();
		if (mkdtemp(p->home) == NULL) {
			sb_addf(err, "cannot create a GnuPG home in '%s': "
			    "%s", pgp_temp_root(), strerror(errno));
			free(p->home);
			free(p);
			return -1;
		}
		p->temporary = 1;
		p->owner = pgp_claim_dir(p->home);
	} else {
		p->home = xstrdup(homedir);
		p->owner = -1;
	}
	e = gpgme_new(&p->ctx);
	if (e == 0)
		e = gpgme_set_protocol(p->ctx, GPGME_PROTOCOL_OpenPGP);
	if (e == 0)
		e = gpgme_ctx_set_engine_info(p->ctx, GPGME_PROTOCOL_OpenPGP,
		    NULL, p->home);
	if (e == 0)
		e = gpgme_set_pinentry_mode(p->ctx,
		    GPGME_PINENTRY_MODE_LOOPBACK);
	if (e == 0)
		e = gpgme_set_keylist_mode(p->ctx, GPGME_KEYLIST_MODE_LOCAL);
	if (e) {
		sb_addf(err, "cannot use GnuPG home '%s': %s", p->home,
		    gpgme_strerror(e));
		pgp_close(p);
		return -1;
	}
	gpgme_set_armor(p->ctx, 1);
	gpgme_set_textmode(p->ctx, 0);
	/* No dirmngr: keys are never fetched from the network. */
	gpgme_set_offline(p->ctx, 1);
	gpgme_set_passphrase_cb(p->ctx, no_passphrase, NULL);
	*pp = p;
	return 0;
}

void
pgp_close(struct pgp *p)
{
	if (p == NULL)
		return;
	if (p->ctx != NULL)
		gpgme_release(p->ctx);
	if (p->temporary) {
		test_crash_in_gnupg();
		kill_agent(p->home);
		pgp_remove_home(p->home);
		pgp_unclaim_dir(NULL, p->owner);
	}
	free(p->home);
	free(p);
}

const char *
pgp_homedir(const struct pgp *p)
{
	return p->home;
}

/*
 * Releases d and returns its contents as a NUL-terminated string the
 * caller frees; *len (if not NULL) is their length without the NUL.
 */
char *
data_take(gpgme_data_t d, size_t *len)
{
	size_t n = 0;
	char *mem, *s;

	mem = gpgme_data_release_and_get_mem(d, &n);
	s = xmalloc(n + 1);
	if (mem != NULL)
		memcpy(s, mem, n);
	s[mem != NULL ? n : 0] = '\0';
	gpgme_free(mem);
	if (len != NULL)
		*len = mem != NULL ? n : 0;
	return s;
}

char *
data_take_text(gpgme_data_t d, const char *what, struct strbuf *err)
{
	size_t n;
	char *s = data_take(d, &n);

	if (memchr(s, '\0', n) != NULL) {
		sb_addf(err, "the %s text contains a NUL byte", what);
		free(s);
		return NULL;
	}
	return s;
}

/*
 * Finds the key whose primary fingerprint is fpr (secret: with its secret
 * part in this home). The caller releases *key with gpgme_key_unref.
 */
int
get_key(struct pgp *p, const char *fpr, int secret, gpgme_key_t *key,
    struct strbuf *err)
{
	gpgme_error_t e;

	*key = NULL;
	if (!fpr_valid(fpr)) {
		sb_addf(err, "'%s' is not a key fingerprint (40 hex digits)",
		    fpr);
		return -1;
	}
	e = gpgme_get_key(p->ctx, fpr, key, secret);
	if (gpgme_err_code(e) == GPG_ERR_EOF) {
		sb_addf(err, secret ? "no secret key '%s' in this home" :
		    "unknown key '%s'", fpr);
		return -1;
	}
	if (e) {
		sb_addf(err, "cannot look up key '%s': %s", fpr,
		    gpgme_strerror(e));
		return -1;
	}
	if ((*key)->subkeys == NULL || strcasecmp((*key)->subkeys->fpr,
	    fpr) != 0) {
		sb_addf(err, "'%s' is a subkey, not a primary key", fpr);
		gpgme_key_unref(*key);
		*key = NULL;
		return -1;
	}
	return 0;
}

/* Whether [s, e) holds only blanks and line ends. */
int
is_blank(const char *s, const char *e)
{
	for (; s < e; s++)
		if (*s != ' ' && *s != '\t' && *s != '\r' && *s != '\n')
			return 0;
	return 1;
}

/* Whether the line [s, e) is marker, give or take trailing blanks. */
int
line_is(const char *s, const char *e, const char *marker)
{
	size_t n = strlen(marker);

	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
		e--;
	return (size_t)(e - s) == n && memcmp(s, marker, n) == 0;
}

/* The end of the line starting at s (its '\n', or lim). */
const char *
line_end(const char *s, const char *lim)
{
	const char *e = memchr(s, '\n', (size_t)(lim - s));

	return e != NULL ? e : lim;
}
