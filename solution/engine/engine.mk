# engine.mk -- the board library's build rules (solution/engine/), included
# by the root Makefile, whose CC, SANFLAGS and BUILD it uses.
#
#   build/obj/engine/libengine.a  the library (every solution/engine/*.c)
#   build/engine              the best move of a position (solution/engine/tool/)
#   build/engine-perft        perft on a built-in board (tests/engine/perft_main.c)
#   build/engine-perft-asan   the same under AddressSanitizer and UBSan
#   build/engine-property     the library against the independent model
#                             (tests/engine/property.c, model.c), and -asan
#   build/engine-chain        the challenge's seated stars, neutral zones and
#                             eg_chain() on random positions, under ASan
#                             (tests/engine/chain_main.c)
#   build/engine-search       minimax, alpha-beta, paranoid and the parallel
#                             searches side by side (tests/engine/search_main.c),
#                             and -asan, -tsan (ThreadSanitizer)
#   make bench-engine         perft speed per board (tests/engine/bench.sh)
#   make bench-search         the search methods on 8x8 Halma, Lazy SMP and the PV
#                             split against the best sequential search
#                             (tests/engine/bench_search.sh)
#   build/engine-match        game pairs: an evaluation with the optional terms
#                             against the plain one (tests/engine/match_main.c)
#   make bench-eval           whether the terms pay (tests/engine/bench_eval.sh)
#
# The programs here compile the library's sources in (it is small), so a
# sanitizer build instruments it too; other code links the archive.  -O2
# like the references (-O3 measured no faster on perft).  The bitset
# generator's BMI2 code is compiled for that target function by function
# and chosen at run time (solution/engine/fast.c), so no -march is needed.
#
# ENGINE_CHECK_DEPS lists what tests/engine/*.test.sh need built; the root
# Makefile's `check` depends on it (through CHECK_DEPS).

ifndef ENGINE_MK_INCLUDED
ENGINE_MK_INCLUDED = 1

ENGINE_SRC = $(wildcard solution/engine/*.c)
ENGINE_HDR = $(wildcard solution/engine/*.h)
ENGINE_CFLAGS = -std=c11 -Wall -Wextra -Wpedantic -O2 -pthread -Isolution/engine
ENGINE_LIB = $(BUILD)/obj/engine/libengine.a
ENGINE_OBJ = $(patsubst solution/engine/%.c,$(BUILD)/obj/engine/%.o,$(ENGINE_SRC))

$(BUILD)/obj/engine/%.o: solution/engine/%.c $(ENGINE_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(ENGINE_CFLAGS) -g -c $< -o $@

$(ENGINE_LIB): $(ENGINE_OBJ)
	rm -f $@
	ar rcs $@ $^

$(BUILD)/engine-perft: $(ENGINE_SRC) $(ENGINE_HDR) tests/engine/perft_main.c | $(BUILD)
	$(CC) $(ENGINE_CFLAGS) $(ENGINE_SRC) tests/engine/perft_main.c -o $@

$(BUILD)/engine-perft-asan: $(ENGINE_SRC) $(ENGINE_HDR) tests/engine/perft_main.c | $(BUILD)
	$(CC) $(SANFLAGS) -pthread -Isolution/engine $(ENGINE_SRC) tests/engine/perft_main.c -o $@

ENGINE_WALK_SRC = tests/engine/walk.c tests/engine/walk.h
ENGINE_PROPERTY_SRC = tests/engine/property.c tests/engine/model.c tests/engine/model.h $(ENGINE_WALK_SRC)

$(BUILD)/engine-property: $(ENGINE_SRC) $(ENGINE_HDR) $(ENGINE_PROPERTY_SRC) | $(BUILD)
	$(CC) $(ENGINE_CFLAGS) $(ENGINE_SRC) $(filter %.c,$(ENGINE_PROPERTY_SRC)) -o $@

$(BUILD)/engine-property-asan: $(ENGINE_SRC) $(ENGINE_HDR) $(ENGINE_PROPERTY_SRC) | $(BUILD)
	$(CC) $(SANFLAGS) -pthread -Isolution/engine $(ENGINE_SRC) $(filter %.c,$(ENGINE_PROPERTY_SRC)) -o $@

$(BUILD)/engine-chain: $(ENGINE_SRC) $(ENGINE_HDR) tests/engine/chain_main.c $(ENGINE_WALK_SRC) | $(BUILD)
	$(CC) $(SANFLAGS) -pthread -Isolution/engine $(ENGINE_SRC) tests/engine/chain_main.c tests/engine/walk.c -o $@

ENGINE_SEARCH_SRC = tests/engine/search_main.c $(ENGINE_WALK_SRC)

$(BUILD)/engine-search: $(ENGINE_SRC) $(ENGINE_HDR) $(ENGINE_SEARCH_SRC) | $(BUILD)
	$(CC) $(ENGINE_CFLAGS) $(ENGINE_SRC) $(filter %.c,$(ENGINE_SEARCH_SRC)) -o $@

$(BUILD)/engine-search-asan: $(ENGINE_SRC) $(ENGINE_HDR) $(ENGINE_SEARCH_SRC) | $(BUILD)
	$(CC) $(SANFLAGS) -pthread -Isolution/engine $(ENGINE_SRC) $(filter %.c,$(ENGINE_SEARCH_SRC)) -o $@

$(BUILD)/engine-search-tsan: $(ENGINE_SRC) $(ENGINE_HDR) $(ENGINE_SEARCH_SRC) | $(BUILD)
	$(CC) -std=c11 -O1 -g -fsanitize=thread -pthread -Isolution/engine $(ENGINE_SRC) $(filter %.c,$(ENGINE_SEARCH_SRC)) -o $@

ENGINE_MATCH_SRC = tests/engine/match_main.c $(ENGINE_WALK_SRC)

$(BUILD)/engine-match: $(ENGINE_SRC) $(ENGINE_HDR) $(ENGINE_MATCH_SRC) | $(BUILD)
	$(CC) $(ENGINE_CFLAGS) $(ENGINE_SRC) $(filter %.c,$(ENGINE_MATCH_SRC)) -o $@ -lm

# build/engine: the best move of a position given as text (tool/main.c).
$(BUILD)/engine: $(ENGINE_SRC) $(ENGINE_HDR) solution/engine/tool/main.c | $(BUILD)
	$(CC) $(ENGINE_CFLAGS) $(ENGINE_SRC) solution/engine/tool/main.c -o $@

.PHONY: bench-engine bench-search bench-eval engine-lib
engine-lib: $(ENGINE_LIB)

bench-engine: $(BUILD)/engine-perft
	@sh tests/engine/bench.sh

bench-search: $(BUILD)/engine-search
	@sh tests/engine/bench_search.sh

bench-eval: $(BUILD)/engine-match
	@sh tests/engine/bench_eval.sh

all: $(BUILD)/engine $(ENGINE_LIB)

ENGINE_CHECK_DEPS = $(ENGINE_LIB) $(BUILD)/engine $(BUILD)/engine-chain $(BUILD)/engine-match $(BUILD)/engine-perft $(BUILD)/engine-perft-asan \
                    $(BUILD)/engine-property $(BUILD)/engine-property-asan \
                    $(BUILD)/engine-search $(BUILD)/engine-search-asan $(BUILD)/engine-search-tsan \
                    $(BUILD)/halma-perft
CHECK_DEPS += $(ENGINE_CHECK_DEPS)

endif
