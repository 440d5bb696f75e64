# Makefile for the Age of Reason play-by-email adjudicator.
#
#   make                 build build/adjudicator and build/adjudicator-mail
#   make check           tests/check.sh: install test needs, run every test
#   make demo            examples/demo.sh: replay the two bundled example games
#   make install PREFIX=/usr/local
#   make sanitize        ASan and UBSan build (build-asan/) and its tests
#   make valgrind        the unit tests and a short game under valgrind
#   make bench           speed and memory figures (prints, never fails)
#   make random-games    Age of Renaissance games of the random player: 200
#                        through the module, 40 more with each of the
#                        revised-map and original-turn-order variants,
#                        10 through the CLI
#   make fuzz            libFuzzer targets with ASan and UBSan (build-fuzz/,
#                        clang), each run FUZZ_SECONDS on a corpus seeded
#                        from the tests (tests/fuzz/run.sh)

VERSION = 0.3
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
LIBEXECDIR ?= $(PREFIX)/libexec
DATADIR ?= $(PREFIX)/share/adjudicator
MANDIR ?= $(PREFIX)/share/man

CC ?= cc
# The mail libraries are linked into the mail helper only (issue 12).
PKGS = libxml-2.0 libxslt libgcrypt gpgme
MAIL_PKGS = libcurl gmime-3.0
PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS) $(MAIL_PKGS) 2>/dev/null)
PKG_LIBS := $(shell pkg-config --libs $(PKGS) 2>/dev/null)
MAIL_LIBS := $(shell pkg-config --libs $(MAIL_PKGS) 2>/dev/null)
CFLAGS ?= -O2 -g
ALL_CFLAGS = -std=c11 -pthread -Wall -Wextra -Wshadow -Wstrict-prototypes \
	-D_POSIX_C_SOURCE=200809L -DVERSION=\"$(VERSION)\" \
	-DDATADIR=\"$(DATADIR)\" -DLIBEXECDIR=\"$(LIBEXECDIR)\" \
	$(PKG_CFLAGS) $(CFLAGS)
# Only the libraries a program calls are loaded when it starts; gpg is
# started by a thread (pgp-verify.c, gpg_start_async).
LDFLAGS += -pthread -Wl,--as-needed
ifneq ($(SANITIZE),)
ALL_CFLAGS += -fsanitize=$(SANITIZE) -fno-omit-frame-pointer
LDFLAGS += -fsanitize=$(SANITIZE)
endif
LDLIBS += $(PKG_LIBS)

B = build
# The generic play-by-email machinery.
CORE = util diag dice xmlutil journal modules orders cache resolve \
	report $(PGP) $(GAME)
# OpenPGP through GPGME, one file per concern (pgp-internal.h).
PGP = pgp pgp-verify pgp-batch pgp-keys pgp-encrypt
# struct game and its file, one file per concern (game.h, game-internal.h).
GAME = game history play clock moderator ruleset-copy keyring signature \
	seal queue deadline document save view lock load shape replay verify \
	chain
# The rules of Age of Reason, one file per phase.
RULES = aor-module aor-ruleset aor-state aor-setup aor-auction aor-segment \
	aor-combat aor-scoring aor-turn aor-orders aor-choices
# The rules of Age of Renaissance (issue 20), one file per phase.
RENAISSANCE = ren-ruleset ren-names ren-state ren-setup ren-order ren-cards \
	ren-purchase ren-expansion ren-endturn ren-events ren-orders ren-turn \
	ren-module ren-choices
# The commands, one file each.
CMDS = cmd-common cmd-new cmd-status cmd-check cmd-resolve cmd-verify \
	cmd-adjust cmd-report cmd-key cmd-seal cmd-deadline cmd-player \
	cmd-pause cmd-resume cmd-absence cmd-rollback cmd-list
# The mail commands, in the helper program adjudicator-mail (main.c).
MAIL = mail mail-session mail-imap mail-smtp mail-parse mail-build \
	mailstate moderation judgestate cmd-fetch cmd-send cmd-run

CORE_OBJS = $(patsubst %,$(B)/obj/%.o,$(CORE) $(RULES) $(RENAISSANCE) \
	$(CMDS))
MAIL_OBJS = $(patsubst %,$(B)/obj/%.o,$(MAIL))
LIB_OBJS = $(CORE_OBJS) $(MAIL_OBJS)
HEADERS = $(wildcard adjudicator/*.h)
UNIT_SRCS = $(wildcard tests/unit/*.c)
UNIT_OBJS = $(patsubst tests/unit/%.c,$(B)/obj/unit/%.o,$(UNIT_SRCS))

all: $(B)/adjudicator $(B)/adjudicator-mail

$(B)/obj/%.o: adjudicator/%.c $(HEADERS) | $(B)/obj
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(B)/obj/unit/%.o: tests/unit/%.c $(HEADERS) tests/unit/test.h \
		tests/unit/ren-test.h tests/module-driver.h | $(B)/obj/unit
	$(CC) $(ALL_CFLAGS) -Iadjudicator -c -o $@ $<

$(B)/obj/fuzz/%.o: tests/fuzz/%.c $(HEADERS) tests/fuzz/fuzz.h | $(B)/obj/fuzz
	$(CC) $(ALL_CFLAGS) -Iadjudicator -c -o $@ $<

$(B)/obj $(B)/obj/unit $(B)/obj/fuzz $(B)/obj/duel:
	mkdir -p $@

# The test-only duel module (issue 19), driven through the module
# interface by its test; never linked into the programs.
$(B)/obj/duel/%.o: tests/modules/duel/%.c $(HEADERS) | $(B)/obj/duel
	$(CC) $(ALL_CFLAGS) -Iadjudicator -c -o $@ $<

$(B)/duel-test: $(B)/obj/duel/duel.o $(B)/obj/duel/test-duel.o \
		$(B)/obj/journal.o $(B)/obj/dice.o $(B)/obj/util.o \
		$(B)/obj/diag.o
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(B)/obj/main-mail.o: adjudicator/main.c $(HEADERS) | $(B)/obj
	$(CC) $(ALL_CFLAGS) -DMAIL_HELPER -c -o $@ $<

$(B)/adjudicator: $(CORE_OBJS) $(B)/obj/mail-core.o $(B)/obj/main.o
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(B)/adjudicator-mail: $(LIB_OBJS) $(B)/obj/main-mail.o
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS) $(MAIL_LIBS)

$(B)/unit-tests: $(LIB_OBJS) $(UNIT_OBJS)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS) $(MAIL_LIBS)

# Age of Renaissance's random player (issue 20 point 7).
$(B)/obj/ren-random.o: tests/ren-random.c $(HEADERS) tests/module-driver.h | $(B)/obj
	$(CC) $(ALL_CFLAGS) -Iadjudicator -c -o $@ $<

$(B)/ren-random: $(CORE_OBJS) $(B)/obj/mail-core.o $(B)/obj/ren-random.o
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

# The program with the duel in its table of modules (tests/duel.sh).
$(B)/obj/duel/modules-test.o: adjudicator/modules.c $(HEADERS) \
		| $(B)/obj/duel
	$(CC) $(ALL_CFLAGS) -DMODULES_TEST -c -o $@ $<

# Its helper beside it, with the same table (sealed picks, keys).
$(B)/test/adjudicator: $(filter-out $(B)/obj/modules.o,$(CORE_OBJS)) \
		$(B)/obj/duel/modules-test.o $(B)/obj/duel/duel.o \
		$(B)/obj/mail-core.o $(B)/obj/main.o | $(B)/test
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(B)/test/adjudicator-mail: $(filter-out $(B)/obj/modules.o,$(LIB_OBJS)) \
		$(B)/obj/duel/modules-test.o $(B)/obj/duel/duel.o \
		$(B)/obj/main-mail.o | $(B)/test
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS) $(MAIL_LIBS)

$(B)/test:
	mkdir -p $@

adjudicator-test: $(B)/test/adjudicator $(B)/test/adjudicator-mail

# The order parser, the game loader, the ruleset loader, the MIME intake,
# Age of Renaissance's order lines.
FUZZERS = orders game ruleset mime ren-orders
FUZZ_SECONDS ?= 15

$(B)/fuzz-%: $(LIB_OBJS) $(B)/obj/fuzz/fuzz-%.o
	$(CC) $(LDFLAGS) -fsanitize=fuzzer -o $@ $^ $(LDLIBS) $(MAIL_LIBS)

fuzz-targets: $(patsubst %,$(B)/fuzz-%,$(FUZZERS))

fuzz: $(B)/adjudicator
	$(MAKE) B=build-fuzz CC=clang SANITIZE=address,undefined \
		CFLAGS="-O1 -g -fsanitize=fuzzer-no-link" fuzz-targets
	FUZZ_SECONDS=$(FUZZ_SECONDS) tests/fuzz/run.sh

check:
	tests/check.sh

demo:
	examples/demo.sh

valgrind: all $(B)/unit-tests
	tests/valgrind.sh

sanitize:
	$(MAKE) B=build-asan SANITIZE=address,undefined \
		build-asan/adjudicator build-asan/adjudicator-mail \
		build-asan/unit-tests
	tests/sanitize.sh

bench: all
	tests/bench.sh

# Complete Age of Renaissance games of the random player: 200 through the
# module (seeds 1000-1199, 3-6 players, a fifth of the decisions by
# default), 40 with each variant that changes the map or the turn
# (revised-map RR42, seeds 2000-2039; original-turn-order RR4, seeds
# 3000-3039), and 10 through the CLI, each verified (tests/tools/ren-bot.py;
# about 40 s a game).
random-games: all $(B)/ren-random
	$(B)/ren-random -n $(RANDOM_GAMES) -s 1000
	$(B)/ren-random -n $(RANDOM_VARIANT_GAMES) -s 2000 -V revised-map
	$(B)/ren-random -n $(RANDOM_VARIANT_GAMES) -s 3000 \
		-V original-turn-order
	TMPDIR=$${TMPDIR:-/dev/shm} tests/tools/ren-bot.py $(B)/adjudicator \
		--games $(RANDOM_CLI_GAMES) --seed 1000
RANDOM_GAMES ?= 200
RANDOM_VARIANT_GAMES ?= 40
RANDOM_CLI_GAMES ?= 10

lint-man:
	mandoc -T lint -W warning man/*.[1-8]

install: all
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(DATADIR)/formats \
		$(DESTDIR)$(DATADIR)/templates $(DESTDIR)$(MANDIR)/man1 \
		$(DESTDIR)$(MANDIR)/man5 $(DESTDIR)$(MANDIR)/man7 \
		$(DESTDIR)$(LIBEXECDIR)/adjudicator
	install -m 755 $(B)/adjudicator $(DESTDIR)$(BINDIR)/adjudicator
	install -m 755 $(B)/adjudicator-mail \
		$(DESTDIR)$(LIBEXECDIR)/adjudicator/adjudicator-mail
	install -m 644 formats/*.rng formats/*.xml \
		$(DESTDIR)$(DATADIR)/formats/
	install -m 644 templates/*.xsl templates/*.xml \
		$(DESTDIR)$(DATADIR)/templates/
	install -m 644 man/*.1 $(DESTDIR)$(MANDIR)/man1/
	install -m 644 man/*.5 $(DESTDIR)$(MANDIR)/man5/
	install -m 644 man/*.7 $(DESTDIR)$(MANDIR)/man7/

clean:
	rm -rf $(B) build-asan build-fuzz

.PHONY: adjudicator-test all check demo valgrind sanitize bench lint-man install clean fuzz \
	fuzz-targets random-games
