# The assignment kit -- root Makefile.
#
#   make               install missing packages, build every assignment's
#                      reference (build/<id>) and the grader
#   make demo          grade a small example class handed in through Canvas;
#                      show the gradebook and the files going back to Canvas
#   make check         every test of the kit (prints "N passed, N failed")
#   make transcripts   regenerate every sample_io/<id>/*/NAME.out from the
#                      references (transcripts-<id>: one assignment)
#   make handout       render each handout/<id>/handout.md to
#                      build/handout-<id>.html
#   make bench         time the grader on each reference (median of several runs,
#                      per step; ASSIGNMENT=<id>: one)
#   make bench-batch   time grade-all on a class of 100 with -j1 and -j2
#   make bench-engine  perft speed of the board library (solution/engine/)
#   make bench-search  its search methods on 8x8 Halma positions
#   make bench-tournament  games per second between sandboxed bots of the
#                      bot challenge, beside the same games in one process
#   make bench-similarity  build/similarity on 300 made-up submissions of the
#                      Chinese Checkers size: time, each step's, peak memory
#   make mutation      mutation analysis of a reference (score on the last line)
#   make fuzz          fuzz the reference, the grader's diff code and parsers (bounded)
#   make dist          student tarball, Gradescope zip, Autolab files in dist/
#                      (ASSIGNMENT=<id>; default: grader/kit.conf's)
#   make slurm-up      start a one-node Slurm cluster on this machine (root;
#                      grader/slurm/local-cluster.sh); make slurm-down stops it
#   make clean         remove build/
#
# Everything built goes to build/.  Each assignment <id> follows one
# layout (grader/assignment.h): solution/<id>/, sample_io/<id>/,
# grader/assignments/<id>/ (unit/ holds its unit tests); the rules for it
# below are generic, and grader/assignments/<id>/assignment.mk adds what
# is its own.

CC       = gcc
CFLAGS   = -std=c11 -Wall -Wextra -Wpedantic -O2 -g
SANFLAGS = -std=c11 -Wall -Wextra -Wpedantic -O1 -g -fno-omit-frame-pointer \
           -fsanitize=address,undefined -fno-sanitize-recover=all
BUILD    = build
PANDOC   = pandoc

# The assignments this kit builds; each program is build/<id>.
ASSIGNMENTS = chinese-checkers halma game-search bot-challenge

# The grader: one object per .c of its folders -- generic code grouped by
# concern (grader/README.md has the map) and each assignment's descriptor
# and plug-ins -- with dependency files.  Five of them hold a main():
# cli/main.c (grade), cli/grade_all_main.c (grade-all), and the bot
# challenge's cli/referee_main.c, cli/tournament_main.c and
# cli/replay_html_main.c (referee, tournament, replay-html).  grader/unit/
# (the unit-test harness) and grader/exec/ (the sandbox's exec helper)
# are built apart.
GRADER_DIRS = grader grader/cli grader/grade grader/run grader/submission grader/compare \
              grader/report grader/report/html grader/batch grader/sandbox \
              grader/referee grader/tournament \
              grader/assignments $(wildcard grader/assignments/*)
GRADER_SRC  = $(wildcard $(addsuffix /*.c,$(GRADER_DIRS)))
GRADER_OBJ  = $(GRADER_SRC:grader/%.c=$(BUILD)/obj/%.o)
GRADER_MAINS = $(BUILD)/obj/cli/main.o $(BUILD)/obj/cli/grade_all_main.o $(BUILD)/obj/cli/referee_main.o \
               $(BUILD)/obj/cli/tournament_main.o $(BUILD)/obj/cli/replay_html_main.o
GRADER_LIB_OBJ = $(filter-out $(GRADER_MAINS),$(GRADER_OBJ))
CJSON_CFLAGS = $(shell pkg-config --cflags libcjson 2>/dev/null)
CJSON_LIBS   = $(shell pkg-config --libs libcjson 2>/dev/null || echo -lcjson)
# The board library (solution/engine/, built by its engine.mk): the bot
# challenge's referee (grader/referee/) plays on it.
ENGINE_LIB   = $(BUILD)/obj/engine/libengine.a
GRADER_LIBS  = $(ENGINE_LIB) $(CJSON_LIBS) -larchive -lm -pthread

# The unit tests of each assignment's required functions
# (grader/assignments/<id>/unit/), built against the generic harness
# (grader/unit/).  They are compiled once here; the grader links them with
# each submission.
UNIT_FLAGS  = -std=gnu11 -Wall -Wextra -g -O1 -fno-omit-frame-pointer \
              -fsanitize=address,undefined -Igrader/unit
# Criterion linked statically, as grader/run/build.c links a submission's unit
# binaries (UNIT_LIBS there says why).
UNIT_LIBS    = -Wl,-Bstatic -lcriterion -lboxfort -lprotobuf-nanopb -Wl,-Bdynamic -lnanomsg -lm

.PHONY: all deps demo check transcripts handout bench bench-batch bench-engine bench-search dist mutation fuzz \
        slurm-up slurm-down clean

# Keep intermediate unit-test binaries (used to list the tests).
.SECONDARY:

all: deps $(foreach a,$(ASSIGNMENTS),$(BUILD)/$(a) $(BUILD)/$(a)-asan $(BUILD)/unit/$(a)/done \
          $(BUILD)/calibration-$(a).txt) \
     $(BUILD)/grade $(BUILD)/sandbox-exec \
     $(BUILD)/grade-all $(BUILD)/referee

# Installs what is missing (a no-op, and quick, when nothing is).  Every
# compiling rule has it as an order-only prerequisite (directly or through
# $(BUILD)), so that `make -j` never compiles before the headers and
# libraries are installed.
deps:
	@sh grader/install-deps.sh

$(BUILD): | deps
	mkdir -p $@

$(BUILD)/obj/%.o: grader/%.c | $(BUILD)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -MMD -MP $(CJSON_CFLAGS) -Isolution/engine -c $< -o $@

-include $(GRADER_OBJ:.o=.d)

$(BUILD)/grade: $(GRADER_LIB_OBJ) $(BUILD)/obj/cli/main.o $(ENGINE_LIB)
	$(CC) $(CFLAGS) $(filter %.o,$^) -o $@ $(GRADER_LIBS)

$(BUILD)/grade-all: $(GRADER_LIB_OBJ) $(BUILD)/obj/cli/grade_all_main.o $(ENGINE_LIB)
	$(CC) $(CFLAGS) $(filter %.o,$^) -o $@ $(GRADER_LIBS)

# The bot challenge's referee: games between bots, replays of records.
$(BUILD)/referee: $(GRADER_LIB_OBJ) $(BUILD)/obj/cli/referee_main.o $(ENGINE_LIB)
	$(CC) $(CFLAGS) $(filter %.o,$^) -o $@ $(GRADER_LIBS)

# The bot challenge's tournaments (grader/tournament/).
$(BUILD)/tournament: $(GRADER_LIB_OBJ) $(BUILD)/obj/cli/tournament_main.o $(ENGINE_LIB)
	$(CC) $(CFLAGS) $(filter %.o,$^) -o $@ $(GRADER_LIBS)

# The first program inside a bubblewrap sandbox (grader/exec/): reports
# the command's own wait status, and serves a session's many jobs.  Static,
# so that it needs nothing inside the sandbox and starts fast.  It shares
# grader/sandbox/sandbox_tree.c, sandbox_nofork.c, sandbox_nokeys.c,
# sandbox_execonce.c and sandbox_wire.h with the grader.
SANDBOX_EXEC_SRC = $(wildcard grader/exec/*.c) grader/sandbox/sandbox_tree.c grader/sandbox/sandbox_nofork.c \
                   grader/sandbox/sandbox_nokeys.c grader/sandbox/sandbox_execonce.c
$(BUILD)/sandbox-exec: $(SANDBOX_EXEC_SRC) $(wildcard grader/exec/*.h) grader/sandbox/sandbox_tree.h \
                       grader/sandbox/sandbox_nofork.h grader/sandbox/sandbox_nokeys.h grader/sandbox/sandbox_execonce.h \
                       grader/sandbox/sandbox_wire.h | $(BUILD)
	$(CC) $(CFLAGS) -static $(SANDBOX_EXEC_SRC) -o $@

# The stand-ins for libgit2 in every unit binary (grader/unit/): no
# sanitizers, so they add no constructor of their own.
$(BUILD)/unit/no_git_diff.o: grader/unit/no_git_diff.c | $(BUILD)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -c $< -o $@

# ASSIGNMENT_RULES(id): what every assignment builds.
#   build/<id>, build/<id>-asan   the reference program, plain and ASan
#   build/unit/<id>/              its unit tests: graded_test.o (harness,
#       support, weak stubs), public.o and hidden.o (one relocatable object
#       per set, ld -r, so the grader links one file per set) and
#       public.list, hidden.list naming every test, taken from the binary
#       built against the reference -- never from a student's
#   build/calibration-<id>.txt    what the reference costs on this machine:
#       every time limit of a grading is a multiple of it (grader/grade/limits.h);
#       the grader also measures again by itself whenever the machine or
#       the kit changed (grader/grade/calibrate.h)
#   transcripts-<id>              every sample_io/<id>/*/NAME.out rewritten
#       from the reference, given NAME.args's words when there is one
#   build/handout-<id>.html       the handout, rendered
define ASSIGNMENT_RULES
$(1)_SRC      = $$(sort $$(wildcard solution/$(1)/*.c))
$(1)_HDR      = $$(wildcard solution/$(1)/*.h)
$(1)_SESSIONS = $$(sort $$(wildcard sample_io/$(1)/*/*.in))
$(1)_UNIT_CFLAGS = $$(UNIT_FLAGS) -Isolution/$(1) -Igrader/assignments/$(1)/unit
$(1)_PUBLIC   = $$(sort $$(wildcard grader/assignments/$(1)/unit/public/*.c))
$(1)_HIDDEN   = $$(sort $$(wildcard grader/assignments/$(1)/unit/hidden/*.c))
$(1)_UNITDEPS = $$(wildcard grader/unit/*.h grader/unit/callee*.c grader/sandbox/sandbox_nofork.[ch] grader/assignments/$(1)/unit/*.h) $$($(1)_HDR)
# forward.o, when the assignment has unit/forward.c: its required functions
# as the tests call them, each running the submission's student_NAME in the
# callee process (grader/unit/callee.h).
$(1)_FORWARD  = $$(patsubst grader/assignments/$(1)/unit/%.c,$$(BUILD)/unit/$(1)/parts/%.o, \
                    $$(wildcard grader/assignments/$(1)/unit/forward.c))

$$(BUILD)/$(1): $$($(1)_SRC) $$($(1)_HDR) | $$(BUILD)
	$$(CC) $$(CFLAGS) -Isolution/$(1) $$($(1)_SRC) -o $$@

$$(BUILD)/$(1)-asan: $$($(1)_SRC) $$($(1)_HDR) | $$(BUILD)
	$$(CC) $$(SANFLAGS) -Isolution/$(1) $$($(1)_SRC) -o $$@

$$(BUILD)/unit/$(1)/parts/%.o: grader/unit/%.c $$($(1)_UNITDEPS) | $$(BUILD)
	@mkdir -p $$(@D)
	$$(CC) $$($(1)_UNIT_CFLAGS) -c $$< -o $$@

$$(BUILD)/unit/$(1)/parts/support.o: grader/assignments/$(1)/unit/support.c $$($(1)_UNITDEPS) | $$(BUILD)
	@mkdir -p $$(@D)
	$$(CC) $$($(1)_UNIT_CFLAGS) -c $$< -o $$@

$$(BUILD)/unit/$(1)/parts/forward.o: grader/assignments/$(1)/unit/forward.c $$($(1)_UNITDEPS) | $$(BUILD)
	@mkdir -p $$(@D)
	$$(CC) $$($(1)_UNIT_CFLAGS) -c $$< -o $$@

# The weak stand-ins for missing required functions: no sanitizers, so
# they add no constructor of their own.
$$(BUILD)/unit/$(1)/parts/stubs.o: grader/assignments/$(1)/unit/stubs.c $$($(1)_HDR) \
        $$(wildcard grader/assignments/$(1)/unit/*.h) | $$(BUILD)
	@mkdir -p $$(@D)
	$$(CC) $$(CFLAGS) -Isolution/$(1) -c $$< -o $$@

# An assignment's assignment.mk may add objects to the support by naming
# them as further prerequisites of this rule (the bot challenge does).
$$(BUILD)/unit/$(1)/graded_test.o: $$(BUILD)/unit/$(1)/parts/graded_test.o \
        $$(BUILD)/unit/$(1)/parts/support.o $$($(1)_FORWARD) $$(BUILD)/unit/$(1)/parts/stubs.o \
        $$(BUILD)/unit/no_git_diff.o
	ld -r -o $$@ $$^

$$(BUILD)/unit/$(1)/tests/%.o: grader/assignments/$(1)/unit/%.c $$($(1)_UNITDEPS) | $$(BUILD)
	@mkdir -p $$(@D)
	$$(CC) $$($(1)_UNIT_CFLAGS) -c $$< -o $$@

$$(BUILD)/unit/$(1)/public.o: $$($(1)_PUBLIC:grader/assignments/$(1)/unit/%.c=$$(BUILD)/unit/$(1)/tests/%.o)
	ld -r -o $$@ $$^

$$(BUILD)/unit/$(1)/hidden.o: $$($(1)_HIDDEN:grader/assignments/$(1)/unit/%.c=$$(BUILD)/unit/$(1)/tests/%.o)
	ld -r -o $$@ $$^

# The reference as the grader makes a submission's student.o (main
# renamed away; each function forward.o runs in the callee, i.e. each
# student_NAME it calls, renamed NAME -> student_NAME, as the descriptor's
# .forwarded has grader/run/build.c do).
$$(BUILD)/unit/$(1)/reference.o: $$($(1)_SRC) $$($(1)_HDR) $$($(1)_FORWARD) | $$(BUILD)
	@mkdir -p $$(@D)/ref
	for src in $$($(1)_SRC); do \
	    $$(CC) $$($(1)_UNIT_CFLAGS) -Wpedantic -c $$$$src -o $$(@D)/ref/$$$$(basename $$$$src .c).o || exit 1; \
	done
	ld -r -o $$@ $$(@D)/ref/*.o
	objcopy --redefine-sym main=student_main \
	    $$(if $$($(1)_FORWARD),$$$$(nm -u $$($(1)_FORWARD) | sed -n 's/^ *U student_\(.*\)/--redefine-sym \1=student_\1 --redefine-sym __odr_asan.\1=__odr_asan.student_\1/p')) $$@

# Each set's binaries, as the grader links a submission's
# (grader/run/build.c): the worker's, the harness and the tests only, and
# beside it the callee's, the same with the reference, which the worker
# runs the required functions in (grader/unit/callee.c finds it by the
# worker's own name and "-callee").
$$(BUILD)/unit/$(1)/reference-%: $$(BUILD)/unit/$(1)/%.o $$(BUILD)/unit/$(1)/graded_test.o \
        $$(BUILD)/unit/$(1)/reference-%-callee
	$$(CC) $$($(1)_UNIT_CFLAGS) $$(filter %.o,$$^) -o $$@ $$(UNIT_LIBS)

$$(BUILD)/unit/$(1)/reference-%-callee: $$(BUILD)/unit/$(1)/%.o $$(BUILD)/unit/$(1)/graded_test.o \
        $$(BUILD)/unit/$(1)/reference.o
	$$(CC) $$($(1)_UNIT_CFLAGS) $$^ -o $$@ $$(UNIT_LIBS)

$$(BUILD)/unit/$(1)/%.list: $$(BUILD)/unit/$(1)/reference-%
	$$< --list 2>&1 | awk '/^[^ ]+: [0-9]+ tests?$$$$/ { suite = $$$$1; sub(/:$$$$/, "", suite); next } \
	    { name = $$$$0; sub(/^.*── /, "", name); print suite "/" name }' > $$@.tmp
	@test -s $$@.tmp || { echo "no unit tests listed in $$@" >&2; rm -f $$@.tmp; exit 1; }
	mv $$@.tmp $$@

$$(BUILD)/unit/$(1)/done: $$(BUILD)/unit/$(1)/graded_test.o $$(BUILD)/unit/$(1)/public.o \
        $$(BUILD)/unit/$(1)/hidden.o $$(BUILD)/unit/$(1)/public.list $$(BUILD)/unit/$(1)/hidden.list
	touch $$@

$$(BUILD)/calibration-$(1).txt: $$(BUILD)/grade $$(BUILD)/sandbox-exec $$(BUILD)/unit/$(1)/done \
        $$($(1)_SRC) $$($(1)_SESSIONS) grader/assignments/$(1)/rubric.txt
	$$(BUILD)/grade --calibrate -a $(1)

.PHONY: transcripts-$(1) handout-$(1)
transcripts-$(1): $$(BUILD)/$(1)
	@for in in $$($(1)_SESSIONS); do \
	    args=; [ -f "$$$${in%.in}.args" ] && args=$$$$(cat "$$$${in%.in}.args"); \
	    $$(BUILD)/$(1) $$$$args < $$$$in > $$$${in%.in}.out || exit 1; \
	done
	@echo "transcripts-$(1): $$(words $$($(1)_SESSIONS)) sessions written"

handout-$(1): $$(BUILD)/handout-$(1).html

# An assignment's assignment.mk may add Markdown prerequisites to this
# rule (e.g. figures measured on this machine); they follow handout.md.
$$(BUILD)/handout-$(1).html: handout/$(1)/handout.md handout/handout.css $$(wildcard handout/$(1)/*.svg) | $$(BUILD)
	$$(PANDOC) --standalone --self-contained --toc \
	    --metadata title="$$($(1)_TITLE)" \
	    --css handout/handout.css --resource-path=handout/$(1) \
	    -o $$@ $$(filter %.md,$$^)
endef

$(foreach a,$(ASSIGNMENTS),$(eval $(call ASSIGNMENT_RULES,$(a))))

# What is each assignment's own (its handout's title, generators,
# pictures); each may add to CHECK_DEPS what its tests need built.
CHECK_DEPS =
-include $(foreach a,$(ASSIGNMENTS),grader/assignments/$(a)/assignment.mk)
# The board library several assignments' references share (solution/engine/).
-include solution/engine/engine.mk
# The bot challenge's bot programs (the kit's driver, the house bots).
-include grader/referee/referee.mk
# The bot challenge's tournaments: generated sources, pages, their tests.
-include grader/tournament/tournament.mk
# The class's code similarity (grader/similarity/).
-include grader/similarity/similarity.mk

transcripts: $(foreach a,$(ASSIGNMENTS),transcripts-$(a))

handout: $(foreach a,$(ASSIGNMENTS),handout-$(a))

# Criterion tests of the grader's own parts, linked with every grader
# object but the two mains.
# An assignment's own such tests are tests/<id>/*_test.c.
# (tests/unit_fixtures/ holds submissions' code for the harness's tests,
# not tests of the grader.)  A test may include other files (the sandbox
# tests are grouped in tests/sandbox/ and listed by tests/sandbox_test.c):
# dependency files rebuild it when one of them changes.
GRADER_TESTS   = $(patsubst tests/%.c,$(BUILD)/tests/%, \
                   $(filter-out tests/unit_fixtures/%,$(wildcard tests/*_test.c tests/*/*_test.c)))

$(BUILD)/tests/%_test: tests/%_test.c $(GRADER_LIB_OBJ) $(ENGINE_LIB) | deps
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -MMD -MP $(CJSON_CFLAGS) -Igrader -Isolution/engine $< $(GRADER_LIB_OBJ) -o $@ -lcriterion $(GRADER_LIBS)

-include $(GRADER_TESTS:=.d)

# A slower machine for tests/slowed.test.sh: preloaded, it burns 60 ms of
# CPU in every process before main().
$(BUILD)/slow/spin.so: tests/slow/spin.c | deps
	@mkdir -p $(@D)
	$(CC) -O2 -shared -fPIC -DSPIN_MS=60 $< -o $@

# Grades a small class of example submissions and shows the gradebook.
demo: all
	@sh grader/demo.sh

check: all $(CHECK_DEPS) $(GRADER_TESTS) $(BUILD)/slow/spin.so
	@sh tests/run.sh

bench: all $(BUILD)/slow/spin.so
	@sh tests/bench.sh 7 $(if $(filter file,$(origin ASSIGNMENT)),$(ASSIGNMENTS),$(ASSIGNMENT))

# Grades a class of 100 generated submissions with -j1 and -j2.
bench-batch: all
	@sh tests/batch_bench.sh

# Mutation analysis of each assignment's reference: how much its tests
# catch (tests/mutation/README.md); ASSIGNMENT=<id> analyses one, and
# MUTATION_SAMPLE=ci grades CI's fixed sample instead of every mutant.
mutation: all
	@sh tests/mutation/run.sh $(if $(filter file,$(origin ASSIGNMENT)),$(ASSIGNMENTS),$(ASSIGNMENT))

# Coverage-guided fuzzing of each assignment's input handling, of the
# grader's comparison code and of its parsers of hostile input, for a
# bounded time (FUZZ_SECONDS per target); ASSIGNMENT=<id> fuzzes only
# that assignment's target.
fuzz: all
	@sh tests/fuzz/run.sh $(if $(filter file,$(origin ASSIGNMENT)),,$(ASSIGNMENT))

# Packages of one assignment for students, Gradescope and Autolab, in
# dist/<id>/ (grader/dist/README.md): ASSIGNMENT=<id>, by default the one
# grader/kit.conf names.  An id this kit does not build stops make at once.
ASSIGNMENT ?= $(shell sed -n 's/^[[:space:]]*assignment[[:space:]][[:space:]]*\([^[:space:]]*\).*/\1/p' grader/kit.conf 2>/dev/null | head -n 1)
ifneq ($(filter dist,$(MAKECMDGOALS)),)
ifeq ($(strip $(ASSIGNMENT)),)
$(error make dist: which assignment? say ASSIGNMENT=ID (grader/kit.conf names none), one of: $(ASSIGNMENTS))
endif
ifneq ($(filter-out $(ASSIGNMENTS),$(ASSIGNMENT))$(word 2,$(ASSIGNMENT)),)
$(error make dist: no assignment '$(ASSIGNMENT)' in this kit; say ASSIGNMENT=ID, one of: $(ASSIGNMENTS))
endif
endif

dist: all $(BUILD)/handout-$(ASSIGNMENT).html
	@sh grader/dist/make-dist.sh --assignment '$(ASSIGNMENT)' --title '$($(ASSIGNMENT)_TITLE)' \
	    --known '$(ASSIGNMENTS)'

# A throwaway one-node Slurm cluster to try grader/slurm/*.sbatch on; start
# prints the SLURM_CONF line the clients need.
slurm-up:
	@sh grader/slurm/local-cluster.sh start

slurm-down:
	@sh grader/slurm/local-cluster.sh stop

clean:
	rm -rf $(BUILD) dist
