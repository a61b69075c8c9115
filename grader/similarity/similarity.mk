# similarity.mk -- build/similarity, the class's code similarity
# (grader/similarity/similarity.h), and its benchmark; included by the
# top Makefile.  Its objects are built by the grader's pattern rule and
# linked with the grader's library objects (HTML escaping, CSV cells,
# archives, the assignment registry).
SIMILARITY_SRC = $(wildcard grader/similarity/*.c)
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
$(BUILD)/tests/similarity_disguise: tests/similarity/disguise.c $(BUILD)/obj/similarity/sim_lex.o $(BUILD)/obj/similarity/sim_util.o | deps
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -Igrader $^ -o $@
CHECK_DEPS += $(BUILD)/tests/similarity_disguise $(BUILD)/similarity
