/*
 * lock.c - the run's lock and leftover temporaries.
 */
#define _DEFAULT_SOURCE
#include "game.h"

#include <errno.h>
#include <libgen.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "diag.h"
#include "util.h"

/*
 * A run killed while writing leaves temporaries (NAME.tmpXXXXXX) of the
 * game's files: GAME.xml's, the whole game with every hand in it; those
 * of its mail state and cache; and in its spool, received and outbox
 * folders (private reports among them).  Whoever holds the lock next
 * knows that no run writes them, and removes them.  Reports written
 * elsewhere are swept as they are written again (report.c).
 */
static void
remove_leftovers(const char *path)
{
	static const char *const beside[] = { "", ".mail", ".cache" };
	static const char *const folders[] = { ".spool", ".received",
	    ".outbox" };
	char *copy = xstrdup(path), *copy2 = xstrdup(path), *name;
	const char *dir = dirname(copy), *base = basename(copy2);
	size_t i;

	for (i = 0; i < sizeof(beside) / sizeof(beside[0]); i++) {
		name = xasprintf("%s%s", base, beside[i]);
		remove_leftover_temps(dir, name, 0, i == 0 ? "saving" :
		    "writing");
		free(name);
	}
	/* the outbox holds a folder per run: run-N/COUNTRY.txt.asc */
	for (i = 0; i < sizeof(folders) / sizeof(folders[0]); i++) {
		name = xasprintf("%s%s", path, folders[i]);
		remove_leftover_temps(name, NULL, 1, "writing");
		free(name);
	}
	free(copy);
	free(copy2);
}

int
game_lock(const char *path)
{
	char *lock = xasprintf("%s.lock", path);
	int fd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0644);

	if (fd < 0) {
		diag(EXIT_CANTCREAT, lock, 0, "cannot open the lock file: %s",
		    strerror(errno));
		free(lock);
		return -1;
	}
	if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
		if (errno == EWOULDBLOCK)
			diag(EXIT_TEMPFAIL, path, 0, "the game is locked by "
			    "another run of the adjudicator; try again "
			    "later");
		else
			diag(EXIT_IOERR, lock, 0, "cannot lock: %s",
			    strerror(errno));
		close(fd);
		free(lock);
		return -1;
	}
	free(lock);
	remove_leftovers(path);
	return fd;
}

void
game_unlock(int fd)
{
	if (fd >= 0) {
		flock(fd, LOCK_UN);
		close(fd);
	}
}
