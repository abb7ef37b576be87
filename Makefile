# schafkopf -- GNU make build.  `make` builds the library and the program,
# `make test` runs every test (then again under ASan+UBSan), `make check`
# the fast unit and property tests alone (the edit-test loop), `make
# bench` prints the benchmark, `make fuzz` runs the libFuzzer harnesses
# briefly.

CC       ?= gcc
PREFIX   ?= /usr/local
# Where `make install` puts the systemd unit (systemd also reads
# /usr/local/lib/systemd/system; a package gives
# UNITDIR=`pkg-config --variable=systemdsystemunitdir systemd`).
UNITDIR  ?= $(PREFIX)/lib/systemd/system
# The library needs jansson (records).  The program's layers above it
# need more: the terminal UI ncursesw, the engines' keyed hashes and the
# server's tokens and passwords libsodium, the server's store SQLite, the
# server libwebsockets (docs/architecture.md).  Only they get those
# flags (ncursesw's define _XOPEN_SOURCE, which core and ai must not
# depend on).
PROG_PKGS      := ncursesw libsodium sqlite3 libpq libwebsockets libqrencode
LIB_PKG_CFLAGS := $(shell pkg-config --cflags jansson)
LIB_PKG_LIBS   := $(shell pkg-config --libs jansson)
CLI_PKG_CFLAGS := $(shell pkg-config --cflags $(PROG_PKGS))
CLI_PKG_LIBS   := $(shell pkg-config --libs $(PROG_PKGS))
# The store's tests start a private PostgreSQL server (tests/pg_fixture.h).
PQ_CFLAGS      := $(shell pkg-config --cflags libpq)
WARN     := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes
CSTD     := -std=c17 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE
OPT      ?= -O2 -g
# x86-64-v2 (2009 on: POPCNT, SSE4.2): card sets are counted a lot.
# `make MARCH=` builds for any x86-64.
MARCH    ?= $(if $(filter x86_64,$(shell uname -m)),-march=x86-64-v2,)
# CHECKS=-DSK_CHECKS turns on the costly consistency checks of trusted
# fast paths (a card played by sk_game_play_legal is legal; a ruleset's
# cached tables match a fresh computation).  They cost the random-game
# benchmark a good part of its speed, so the program and the plain tests
# build without them; the sanitizer build of `make test` (test-san) has
# them on, so every test runs once with them.  The cheap asserts that
# keep memory safe are in every build.
CHECKS   ?=
CFLAGS   ?=
# CPPFLAGS, CFLAGS and LDFLAGS from the command line or the environment
# are honoured (distributions pass hardening flags this way).  The solver
# runs threads: -pthread when compiling and linking.
CPPFLAGS ?=
LDFLAGS  ?=
ALL_CFLAGS = $(CSTD) $(WARN) $(OPT) $(MARCH) $(CHECKS) -pthread -Iinclude -Isrc $(LIB_PKG_CFLAGS) $(CPPFLAGS) $(CFLAGS)
CLI_CFLAGS = $(ALL_CFLAGS) $(CLI_PKG_CFLAGS)
LDLIBS   := $(LIB_PKG_LIBS) -lm
ALL_LDFLAGS = -pthread $(LDFLAGS)

BUILD    ?= build
CORE_SRC := $(wildcard src/core/*.c)
AI_SRC   := $(wildcard src/ai/*.c)
# The program: the table (rooms, engines, sheets, bot matches), the
# store, the server in its floors, and the rooms of the `schafkopf`
# program -- the helpers they share, the terminal game, the match tools
# and the commands with their dispatcher (docs/architecture.md).
CLI_SRC  := $(wildcard src/table/*.c src/store/*.c src/server/*.c src/server/*/*.c \
                       src/common/*.c src/term/*.c src/lab/*.c src/cli/*.c)
LIB_SRC  := $(CORE_SRC) $(AI_SRC)
LIB_OBJ  := $(LIB_SRC:%.c=$(BUILD)/%.o)
CLI_OBJ  := $(CLI_SRC:%.c=$(BUILD)/%.o)
TEST_SRC := $(wildcard tests/test_*.c)
TESTS    := $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
FUZZ_SRC := $(wildcard tests/fuzz/fuzz_*.c)
FUZZ_SECONDS ?= 20

LIB      := $(BUILD)/libschafkopf.a
PROG     := $(BUILD)/schafkopf
# The server's load generator (make bench-server; a small run is
# tests/test_load.sh).
BENCH_SERVER := $(BUILD)/bench_server

.PHONY: all test test-plain test-san check bench bench-store bench-cluster fuzz install clean check-tools

all: $(PROG)

# The flags a build directory was built with: objects depend on this
# file, rewritten only when the flags change (a new OPT, CHECKS or
# CFLAGS rebuilds everything instead of mixing objects).
FLAGS_STAMP := $(BUILD)/.cflags
ALL_FLAGS_TEXT = $(CC) $(CLI_CFLAGS) $(ALL_LDFLAGS)
$(shell mkdir -p $(BUILD) && echo '$(ALL_FLAGS_TEXT)' | cmp -s - $(FLAGS_STAMP) || echo '$(ALL_FLAGS_TEXT)' > $(FLAGS_STAMP))

# Header dependencies: each compile writes a .d file (-MMD) listing the
# headers the source really includes, with empty rules for them (-MP) so
# a removed header does not break the build.
DEPFLAGS = -MMD -MP

$(CLI_OBJ): $(BUILD)/%.o: %.c $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(DEPFLAGS) $(CLI_CFLAGS) -c $< -o $@

$(BUILD)/%.o: %.c $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(DEPFLAGS) $(ALL_CFLAGS) -c $< -o $@

$(LIB): $(LIB_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@
	ar rcs $@ $^

$(PROG): $(CLI_OBJ) $(LIB)
	$(CC) $(CLI_CFLAGS) $(ALL_LDFLAGS) -o $@ $(CLI_OBJ) $(LIB) $(CLI_PKG_LIBS) $(LDLIBS)

# Tests may #include a .c file to reach static functions; they link the
# library (and the CLI objects but main) so every layer is testable.
# Every test also links the shared helpers of tests/testlib.c.
CLI_NOMAIN := $(filter-out $(BUILD)/src/cli/main.o,$(CLI_OBJ))
TESTLIB  := $(BUILD)/tests/testlib.o
$(TESTLIB): tests/testlib.c $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(DEPFLAGS) $(ALL_CFLAGS) -Itests -c $< -o $@

$(BUILD)/tests/%: tests/%.c $(TESTLIB) $(LIB) $(CLI_NOMAIN) $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(DEPFLAGS) -MF $@.d -MT $@ $(ALL_CFLAGS) $(PQ_CFLAGS) $(ALL_LDFLAGS) -Itests -o $@ $< $(TESTLIB) $(CLI_NOMAIN) $(LIB) $(shell pkg-config --libs cmocka) $(CLI_PKG_LIBS) $(LDLIBS)

-include $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(TESTLIB:.o=.d) $(TESTS:=.d)

# Tests wait on progress, never on the clock: every wait fails only when
# nothing moved for SK_TEST_STALL_SECONDS (default 120; docs/
# architecture.md, "Tests"), so a loaded machine makes them slower, not
# red.  Each pass runs every test even after a failure, names the ones
# that failed and ends with a line "NAME: N passed, N failed" (what CI
# reads); a program that did not build counts as a failed test.  Each
# test's seconds are printed after it (where CI's time goes).
#
# $(call run_tests,NAME,PROGRAMS,SCRIPTS)
define run_tests
	@passed=0; failed=0; failures=; \
	for t in $(2); do echo "== $$t"; t0=$$(date +%s); \
	  if SK_PROG=$(abspath $(PROG)) SK_ROOT=$(CURDIR) $$t; then passed=$$((passed + 1)); \
	  else failed=$$((failed + 1)); failures="$$failures $$t"; fi; \
	  echo "== $$t: $$(($$(date +%s) - t0)) s"; \
	done; \
	for s in $(3); do echo "== $$s"; t0=$$(date +%s); \
	  if SK_PROG=$(abspath $(PROG)) SK_ROOT=$(CURDIR) bash $$s; then passed=$$((passed + 1)); \
	  else failed=$$((failed + 1)); failures="$$failures $$s"; fi; \
	  echo "== $$s: $$(($$(date +%s) - t0)) s"; \
	done; \
	[ -z "$$failures" ] || echo "$(1) that failed:$$failures"; \
	echo "$(1): $$passed passed, $$failed failed"; \
	echo "$$passed $$failed" > $(BUILD)/.test-counts; \
	[ $$failed = 0 ]
endef

# Builds what the tests need, as much of it as builds (-k): a program
# that failed is then a failed test, and the others still run.
# $(call build_for_tests,TARGETS)
define build_for_tests
	@$(MAKE) --no-print-directory -k $(1) || echo "(some programs did not build: their tests count as failed)"
endef

# The plain run first, then the sanitizer run, which runs even when the
# plain one failed (not both at once under make -j: their output would
# interleave and they would fight for the cores); each builds with -j
# as given.  Fails when either failed.
# The last line adds both passes up in the form CI reads.
test:
	@plain=passed; san=passed; rm -f $(BUILD)/.test-counts build-san/.test-counts; \
	$(MAKE) --no-print-directory test-plain || plain=failed; \
	$(MAKE) --no-print-directory test-san || san=failed; \
	echo "make test: the plain pass $$plain, the sanitizer pass $$san"; \
	set -- $$(cat $(BUILD)/.test-counts 2>/dev/null || echo 0 1) \
	       $$(cat build-san/.test-counts 2>/dev/null || echo 0 1); \
	echo "tests: $$(($$1 + $$3)) passed, $$(($$2 + $$4)) failed"; \
	[ $$plain = passed ] && [ $$san = passed ]

# Every test program and every tests/*.sh (the browser tests are
# tests/test_e2e.sh), each run to its end.
SCRIPTS  := $(wildcard tests/test_*.sh)
PASS     ?= plain tests
test-plain:
	$(call build_for_tests,$(TESTS) $(PROG) $(BENCH_SERVER))
	$(call run_tests,$(PASS),$(TESTS),$(SCRIPTS))

# The same suite under AddressSanitizer + UndefinedBehaviorSanitizer,
# with the SK_CHECKS consistency checks.
test-san:
	$(MAKE) BUILD=build-san OPT="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" CHECKS=-DSK_CHECKS SK_SAN=1 PASS="sanitizer tests" test-plain

# The fast tier, for the edit-test loop (under two minutes on two
# cores): the unit and property test programs and the shell tests of
# the command line, without sanitizers.  Left to `make test`: the
# server end to end (test_server), the terminal game in tmux
# (test_tui, test_tui_keys), the browser (test_e2e), the server under
# load (test_load), the engines' arena (test_arena, half a minute),
# valgrind (test_memcheck) and the builds with both compilers
# (test_warnings).
SLOW_TESTS   := test_server
SLOW_SCRIPTS := test_tui test_tui_keys test_e2e test_load test_arena test_memcheck test_warnings test_cluster
CHECK_TESTS  := $(filter-out $(SLOW_TESTS:%=$(BUILD)/tests/%),$(TESTS))
CHECK_SCRIPTS := $(filter-out $(SLOW_SCRIPTS:%=tests/%.sh),$(SCRIPTS))
check:
	$(call build_for_tests,$(CHECK_TESTS) $(PROG))
	$(call run_tests,check tests,$(CHECK_TESTS),$(CHECK_SCRIPTS))

# The signature and one-core figures, then the solver on BENCH_JOBS threads.
BENCH_JOBS ?= 2
bench: $(PROG)
	$(PROG) bench
	$(PROG) bench --deals 1 --games 1 --jobs $(BENCH_JOBS) | grep '^solver'

# Journal appends per second of the store, a commit per entry against
# batches, sync NORMAL and FULL (docs/store.md), on the disk of
# BENCH_DIR (default $TMPDIR or /tmp); then the same on a private
# PostgreSQL server (fsync on, unix socket).
BENCH_DIR ?=
bench-store: $(BUILD)/tests/bench_store
	$(BUILD)/tests/bench_store $(BENCH_DIR)
	$(BUILD)/tests/bench_store --pg

# The server under load on loopback (tests/bench_server.c): 10,000
# connections held, actions/s, latency p50/p99, memory per connection
# (docs/server.md).  BENCH_CONNS, BENCH_ROOMS, BENCH_WATCH and
# BENCH_SECONDS bound it; BENCH_ATTACK=all measures a victim table
# quiet and while one address attacks instead.
$(BENCH_SERVER): tests/bench_server.c tests/server_client.c $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -Itests -o $@ $< $(LIB_PKG_LIBS)
bench-server: $(PROG) $(BENCH_SERVER)
	SK_PROG=$(abspath $(PROG)) SK_ROOT=$(CURDIR) $(BENCH_SERVER)

# The cluster (docs/server.md "Cluster"): PostgreSQL, 1, 2 and 3 serve
# processes behind nginx -- connections held through nginx and their
# memory (bench_server's target mode), decisions a second and latency,
# PostgreSQL's commits, and the failover time of kill -9 over
# BENCH_KILLS kills.
bench-cluster: $(PROG) $(BENCH_SERVER)
	SK_PROG=$(abspath $(PROG)) SK_ROOT=$(CURDIR) tests/bench_cluster.sh

# libFuzzer harnesses (clang), each run FUZZ_SECONDS on its seed corpus.
# Every sanitizer report is fatal (-fno-sanitize-recover=all: UBSan would
# otherwise print and go on, and the run would pass); a harness that finds
# something stops the target with its whole log, the report and the
# reproducer's file name, instead of the last lines of statistics.
FUZZ_BUILD ?= build-fuzz
FUZZ_CFLAGS := $(CSTD) -g -O1 -pthread -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
# The room's journal harness includes src/table/, which hashes seeds
# with libsodium; the books' harness includes src/store/ (SQLite, and
# the PostgreSQL backend beside it: libpq).
FUZZ_PKG := $(shell pkg-config --cflags --libs libsodium sqlite3 libpq)
fuzz:
	@mkdir -p $(FUZZ_BUILD)
	@set -e; for f in $(FUZZ_SRC); do n=$$(basename $$f .c); \
	  clang $(FUZZ_CFLAGS) -Iinclude -Isrc $(LIB_PKG_CFLAGS) $(CPPFLAGS) \
	    -o $(FUZZ_BUILD)/$$n $$f $(LIB_SRC) $(LDFLAGS) $(LIB_PKG_LIBS) $(FUZZ_PKG) -lm; \
	  mkdir -p $(FUZZ_BUILD)/corpus-$$n; \
	  echo "== $$n ($(FUZZ_SECONDS)s)"; \
	  corpus=$$( [ -d tests/fuzz/corpus/$$n ] && echo tests/fuzz/corpus/$$n ); \
	  if ! $(FUZZ_BUILD)/$$n -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 \
	      -artifact_prefix=$(FUZZ_BUILD)/$$n- $(FUZZ_BUILD)/corpus-$$n $$corpus \
	      >$(FUZZ_BUILD)/$$n.log 2>&1; then \
	    cat $(FUZZ_BUILD)/$$n.log; \
	    echo "fuzz: $$n found a problem (log: $(FUZZ_BUILD)/$$n.log)"; exit 1; \
	  fi; \
	  tail -n 12 $(FUZZ_BUILD)/$$n.log; \
	done

# The program, the library with its headers and schafkopf.pc, and for
# the server (docs/server.md, "Running as a service"): the browser
# client in PREFIX/share/schafkopf/web, where the installed program
# looks beside its bin/ (web/package.json only tells node the files are
# modules), the systemd unit in UNITDIR, and the documentation with the
# nginx example in PREFIX/share/doc/schafkopf.  DESTDIR is a staging
# root: it prefixes every path written, never a path written into a file.
WEB_FILES := $(filter-out web/package.json,$(wildcard web/*))
DOCDIR   := $(PREFIX)/share/doc/schafkopf
install: $(PROG)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(PREFIX)/include/schafkopf $(DESTDIR)$(PREFIX)/lib/pkgconfig
	install -m 755 $(PROG) $(DESTDIR)$(PREFIX)/bin/schafkopf
	install -m 644 $(LIB) $(DESTDIR)$(PREFIX)/lib/libschafkopf.a
	install -m 644 include/schafkopf/*.h $(DESTDIR)$(PREFIX)/include/schafkopf/
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(shell sed -n 's/#define SK_VERSION "\(.*\)"/\1/p' include/schafkopf/core.h)|g' schafkopf.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/schafkopf.pc
	install -d $(DESTDIR)$(PREFIX)/share/schafkopf/web $(DESTDIR)$(DOCDIR) $(DESTDIR)$(UNITDIR)
	install -m 644 $(WEB_FILES) $(DESTDIR)$(PREFIX)/share/schafkopf/web/
	install -m 644 docs/*.md docs/*.json contrib/nginx-schafkopf.conf contrib/nginx-cluster.conf $(DESTDIR)$(DOCDIR)/
	sed -e 's|@BINDIR@|$(PREFIX)/bin|g' -e 's|@DOCDIR@|$(DOCDIR)|g' -e 's|@UNITDIR@|$(UNITDIR)|g' contrib/schafkopf.service.in > $(DESTDIR)$(UNITDIR)/schafkopf.service
	chmod 644 $(DESTDIR)$(UNITDIR)/schafkopf.service

clean:
	rm -rf build build-san build-fuzz
