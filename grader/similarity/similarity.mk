# similarity.mk -- build/similarity, the class's code similarity
# (grader/similarity/similarity.h), and its benchmark; included by the
# top Makefile.  Its objects are built by the grader's pattern rule and
# linked with the grader's library objects (HTML escaping, CSV cells,
# archives, the assignment registry).  The kit's C lexer (grader/clex/)
# is built here too: the similarity check and its disguise generator link
# it, and the mutator compiles it into itself (tests/mutation/mutate/clex.c).
SIMILARITY_SRC = $(wildcard grader/similarity/*.c) grader/clex/clex.c
SIMILARITY_OBJ = $(SIMILARITY_SRC:grader/%.c=$(BUILD)/obj/%.o)

-include $(SIMILARITY_OBJ:.o=.d)

all: $(BUILD)/similarity

$(BUILD)/similarity: $(SIMILARITY_OBJ) $(GRADER_LIB_OBJ) $(ENGINE_LIB)
	$(CC) $(CFLAGS) $(filter %.o,$^) -o $@ $(GRADER_LIBS)

.PHONY: bench-similarity
# 300 generated submissions of the Chinese Checkers size (tests/similarity_bench.sh):
# time, each step's time and peak memory, fresh and re-run.
bench-similarity: $(BUILD)/similarity $(BUILD)/tests/similarity_disguise
	@sh tests/similarity_bench.sh 300

# The disguise generator of tests/similarity.test.sh and the benchmark.
$(BUILD)/tests/similarity_disguise: tests/similarity/disguise.c $(BUILD)/obj/similarity/sim_lex.o $(BUILD)/obj/similarity/sim_util.o \
                                 $(BUILD)/obj/clex/clex.o | deps
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -Igrader $^ -o $@
CHECK_DEPS += $(BUILD)/tests/similarity_disguise $(BUILD)/similarity
