# Chinese Checkers assignment kit -- root Makefile.
#
#   make               install missing packages, build the reference game
#                      (build/chinese-checkers) and the grader
#   make demo          grade a small example class; show the gradebook
#   make check         every test of the kit (prints "N passed, N failed")
#   make transcripts   regenerate every sample_io/*/NAME.out from the reference
#   make handout       render handout/handout.md to build/handout.html
#   make bench         time the grader (median of several runs, per step)
#   make bench-batch   time grade-all on a class of 100 with -j1 and -j2
#   make mutation      mutation analysis of the reference (score on the last line)
#   make fuzz          fuzz the reference and the grader's diff code (bounded)
#   make dist          student tarball, Gradescope zip, Autolab files in dist/
#   make clean         remove build/
#
# Everything built goes to build/.

CC       = gcc
CFLAGS   = -std=c11 -Wall -Wextra -Wpedantic -O2 -g
SANFLAGS = -std=c11 -Wall -Wextra -Wpedantic -O1 -g -fno-omit-frame-pointer \
           -fsanitize=address,undefined -fno-sanitize-recover=all
BUILD    = build
PANDOC   = pandoc

SOLUTION_SRC = solution/checkers.c solution/game.c
SESSIONS     = $(sort $(wildcard sample_io/*/*.in))

# The grader: one object per grader/*.c, with dependency files.  Two of
# them hold a main(): main.c (grade) and grade_all_main.c (grade-all).
GRADER_SRC  = $(wildcard grader/*.c)
GRADER_OBJ  = $(GRADER_SRC:grader/%.c=$(BUILD)/obj/%.o)
GRADER_MAINS = $(BUILD)/obj/main.o $(BUILD)/obj/grade_all_main.o
GRADER_LIB_OBJ = $(filter-out $(GRADER_MAINS),$(GRADER_OBJ))
CJSON_CFLAGS = $(shell pkg-config --cflags libcjson 2>/dev/null)
CJSON_LIBS   = $(shell pkg-config --libs libcjson 2>/dev/null || echo -lcjson)

# The unit tests of the required functions (grader/unit/).  They are
# compiled once here; the grader links them with each submission.
UNIT_CFLAGS = -std=gnu11 -Wall -Wextra -g -O1 -fno-omit-frame-pointer \
              -fsanitize=address,undefined -Isolution -Igrader/unit
UNIT_HARNESS = grader/unit/graded_test.c grader/unit/support.c
# Criterion linked statically, as grader/build.c links a submission's unit
# binaries (UNIT_LIBS there says why).
UNIT_LIBS    = -Wl,-Bstatic -lcriterion -lboxfort -lprotobuf-nanopb -Wl,-Bdynamic -lnanomsg -lm
UNIT_PUBLIC  = $(sort $(wildcard grader/unit/public/*.c))
UNIT_HIDDEN  = $(sort $(wildcard grader/unit/hidden/*.c))
UNIT_OUT     = $(BUILD)/unit/graded_test.o $(BUILD)/unit/public.o $(BUILD)/unit/hidden.o \
               $(BUILD)/unit/public.list $(BUILD)/unit/hidden.list

.PHONY: all deps demo check transcripts handout bench bench-batch dist mutation fuzz clean

# Keep intermediate unit-test binaries (used to list the tests).
.SECONDARY:

all: deps $(BUILD)/chinese-checkers $(BUILD)/chinese-checkers-asan $(BUILD)/grade \
     $(BUILD)/sandbox-exec $(UNIT_OUT) \
     $(if $(wildcard grader/grade_all_main.c),$(BUILD)/grade-all) $(BUILD)/calibration.txt

# Installs what is missing (a no-op, and quick, when nothing is).  Every
# compiling rule has it as an order-only prerequisite (directly or through
# $(BUILD)), so that `make -j` never compiles before the headers and
# libraries are installed.
deps:
	@sh grader/install-deps.sh

$(BUILD): | deps
	mkdir -p $@

$(BUILD)/chinese-checkers: $(SOLUTION_SRC) solution/chinese-checkers.h | $(BUILD)
	$(CC) $(CFLAGS) -Isolution $(SOLUTION_SRC) -o $@

$(BUILD)/chinese-checkers-asan: $(SOLUTION_SRC) solution/chinese-checkers.h | $(BUILD)
	$(CC) $(SANFLAGS) -Isolution $(SOLUTION_SRC) -o $@

$(BUILD)/obj/%.o: grader/%.c | $(BUILD)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -MMD -MP $(CJSON_CFLAGS) -c $< -o $@

-include $(GRADER_OBJ:.o=.d)

$(BUILD)/grade: $(GRADER_LIB_OBJ) $(BUILD)/obj/main.o
	$(CC) $(CFLAGS) $^ -o $@ $(CJSON_LIBS) -larchive -lm

$(BUILD)/grade-all: $(GRADER_LIB_OBJ) $(BUILD)/obj/grade_all_main.o
	$(CC) $(CFLAGS) $^ -o $@ $(CJSON_LIBS) -larchive -lm

# The first program inside a bubblewrap sandbox (grader/exec/): reports
# the command's own wait status.  Static, so that it needs nothing inside
# the sandbox and starts fast.
$(BUILD)/sandbox-exec: grader/exec/sandbox-exec.c | $(BUILD)
	$(CC) $(CFLAGS) -static $< -o $@

# What the reference costs on this machine: every time limit of a grading
# is a multiple of it (grader/limits.h).  The grader also measures again
# by itself whenever the machine or the kit changed (grader/calibrate.h).
$(BUILD)/calibration.txt: $(BUILD)/grade $(BUILD)/sandbox-exec $(UNIT_OUT) $(SOLUTION_SRC) $(SESSIONS) grader/rubric.txt
	$(BUILD)/grade --calibrate

# Each set of unit tests becomes one relocatable object (ld -r), so the
# grader links one file per set; the .list files name every test, taken
# from the binary built against the reference -- never from a student's.
$(BUILD)/unit/%.o: grader/unit/%.c grader/unit/*.h solution/chinese-checkers.h | deps
	@mkdir -p $(@D)
	$(CC) $(UNIT_CFLAGS) -c $< -o $@

$(BUILD)/unit/graded_test.o: $(UNIT_HARNESS:grader/unit/%.c=$(BUILD)/unit/parts/%.o) \
                             $(BUILD)/unit/parts/stubs.o $(BUILD)/unit/parts/no_git_diff.o
	ld -r -o $@ $^

# The weak stand-ins for missing required functions, and the stand-ins for
# libgit2: no sanitizers, so they add no constructor of their own.
$(BUILD)/unit/parts/stubs.o: grader/unit/stubs.c solution/chinese-checkers.h | deps
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -Isolution -c $< -o $@

$(BUILD)/unit/parts/no_git_diff.o: grader/unit/no_git_diff.c | deps
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -c $< -o $@

$(BUILD)/unit/parts/%.o: grader/unit/%.c grader/unit/*.h solution/chinese-checkers.h | deps
	@mkdir -p $(@D)
	$(CC) $(UNIT_CFLAGS) -c $< -o $@

$(BUILD)/unit/public.o: $(UNIT_PUBLIC:grader/unit/%.c=$(BUILD)/unit/%.o)
	ld -r -o $@ $^

$(BUILD)/unit/hidden.o: $(UNIT_HIDDEN:grader/unit/%.c=$(BUILD)/unit/%.o)
	ld -r -o $@ $^

$(BUILD)/unit/reference.o: $(SOLUTION_SRC) solution/chinese-checkers.h | deps
	@mkdir -p $(@D)
	$(CC) $(UNIT_CFLAGS) -Wpedantic -c solution/checkers.c -o $(BUILD)/unit/ref-checkers.o
	$(CC) $(UNIT_CFLAGS) -Wpedantic -c solution/game.c -o $(BUILD)/unit/ref-game.o
	ld -r -o $@ $(BUILD)/unit/ref-checkers.o $(BUILD)/unit/ref-game.o
	objcopy --redefine-sym main=student_main $@

$(BUILD)/unit/reference-%: $(BUILD)/unit/%.o $(BUILD)/unit/graded_test.o $(BUILD)/unit/reference.o
	$(CC) $(UNIT_CFLAGS) $^ -o $@ $(UNIT_LIBS)

$(BUILD)/unit/%.list: $(BUILD)/unit/reference-%
	$< --list 2>&1 | awk '/^[^ ]+: [0-9]+ tests?$$/ { suite = $$1; sub(/:$$/, "", suite); next } \
	    { name = $$0; sub(/^.*── /, "", name); print suite "/" name }' > $@.tmp
	@test -s $@.tmp || { echo "no unit tests listed in $@" >&2; rm -f $@.tmp; exit 1; }
	mv $@.tmp $@

# Criterion tests of the grader's own parts, linked with every grader
# object but the two mains.
GRADER_TESTS   = $(patsubst tests/%.c,$(BUILD)/tests/%,$(wildcard tests/*_test.c))

$(BUILD)/tests/%_test: tests/%_test.c $(GRADER_LIB_OBJ) | deps
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(CJSON_CFLAGS) -Igrader $< $(GRADER_LIB_OBJ) -o $@ -lcriterion $(CJSON_LIBS) -larchive -lm

# A slower machine for tests/slowed.test.sh: preloaded, it burns 60 ms of
# CPU in every process before main().
$(BUILD)/slow/spin.so: tests/slow/spin.c | deps
	@mkdir -p $(@D)
	$(CC) -O2 -shared -fPIC -DSPIN_MS=60 $< -o $@

# The seeded random-game generator (tests/gen/) behind the long sessions.
GEN_SRC = tests/gen/random_game.c tests/gen/movegen.c tests/gen/bad_entry.c \
          tests/gen/writer.c tests/gen/rng.c

$(BUILD)/random_game: $(GEN_SRC) $(wildcard tests/gen/*.h) solution/chinese-checkers.h | $(BUILD)
	$(CC) $(CFLAGS) -Isolution $(GEN_SRC) -o $@

# The TA workflow: after editing or adding a NAME.in, rebuild the expected
# transcripts.  tests/transcripts.sh fails when a committed .out is stale.
transcripts: $(BUILD)/chinese-checkers
	@for in in $(SESSIONS); do \
	    $(BUILD)/chinese-checkers < $$in > $${in%.in}.out || exit 1; \
	done
	@echo "transcripts: $(words $(SESSIONS)) sessions written"

handout: $(BUILD)/handout.html

$(BUILD)/handout.html: handout/handout.md handout/handout.css handout/board.svg | $(BUILD)
	$(PANDOC) --standalone --self-contained --toc \
	    --metadata title="Project 1: Chinese Checkers" \
	    --css handout/handout.css --resource-path=handout \
	    -o $@ handout/handout.md

# The board picture is generated; the committed copy is kept current.
handout/board.svg: handout/board-svg.c | $(BUILD)
	$(CC) $(CFLAGS) handout/board-svg.c -o $(BUILD)/board-svg
	$(BUILD)/board-svg > $@

# Grades a small class of example submissions and shows the gradebook.
demo: all
	@sh grader/demo.sh

check: all $(BUILD)/random_game $(GRADER_TESTS) $(BUILD)/slow/spin.so
	@sh tests/run.sh

bench: all
	@sh tests/bench.sh

# Grades a class of 100 generated submissions with -j1 and -j2.
bench-batch: all
	@sh tests/batch_bench.sh

# Mutation analysis of the reference: how much the kit's tests catch.
mutation: all
	@sh tests/mutation/run.sh

# Coverage-guided fuzzing of the reference's input handling and of the
# grader's comparison code, for a bounded time (FUZZ_SECONDS per target).
fuzz: all
	@sh tests/fuzz/run.sh

# Packages for students, Gradescope and Autolab, in dist/.
dist: all handout
	@sh grader/dist/make-dist.sh

clean:
	rm -rf $(BUILD) dist
