# engine.mk -- the board library's build rules (solution/engine/), included
# by the root Makefile, whose CC, SANFLAGS and BUILD it uses.
#
#   build/engine              the best move of a position (solution/engine/tool/)
#   build/engine-perft        perft on a built-in board (tests/engine/perft_main.c)
#   build/engine-perft-asan   the same under AddressSanitizer and UBSan
#   build/engine-property     the library against the independent model
#                             (tests/engine/property.c, model.c), and -asan
#   build/engine-search       minimax, alpha-beta, paranoid and the parallel
#                             searches side by side (tests/engine/search_main.c),
#                             and -asan, -tsan (ThreadSanitizer)
#   make bench-engine         perft speed per board (tests/engine/bench.sh)
#   make bench-search         the search methods on 8x8 Halma (tests/engine/bench_search.sh)
#
# The library is compiled into each program that uses it (it is small);
# -O2 like the references.

ENGINE_SRC = $(wildcard solution/engine/*.c)
ENGINE_HDR = $(wildcard solution/engine/*.h)
ENGINE_CFLAGS = -std=c11 -Wall -Wextra -Wpedantic -O2 -pthread -Isolution/engine

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

ENGINE_SEARCH_SRC = tests/engine/search_main.c $(ENGINE_WALK_SRC)

$(BUILD)/engine-search: $(ENGINE_SRC) $(ENGINE_HDR) $(ENGINE_SEARCH_SRC) | $(BUILD)
	$(CC) $(ENGINE_CFLAGS) $(ENGINE_SRC) $(filter %.c,$(ENGINE_SEARCH_SRC)) -o $@

$(BUILD)/engine-search-asan: $(ENGINE_SRC) $(ENGINE_HDR) $(ENGINE_SEARCH_SRC) | $(BUILD)
	$(CC) $(SANFLAGS) -pthread -Isolution/engine $(ENGINE_SRC) $(filter %.c,$(ENGINE_SEARCH_SRC)) -o $@

$(BUILD)/engine-search-tsan: $(ENGINE_SRC) $(ENGINE_HDR) $(ENGINE_SEARCH_SRC) | $(BUILD)
	$(CC) -std=c11 -O1 -g -fsanitize=thread -pthread -Isolution/engine $(ENGINE_SRC) $(filter %.c,$(ENGINE_SEARCH_SRC)) -o $@

# build/engine: the best move of a position given as text (tool/main.c).
$(BUILD)/engine: $(ENGINE_SRC) $(ENGINE_HDR) solution/engine/tool/main.c | $(BUILD)
	$(CC) $(ENGINE_CFLAGS) $(ENGINE_SRC) solution/engine/tool/main.c -o $@

.PHONY: bench-engine bench-search
bench-engine: $(BUILD)/engine-perft
	@sh tests/engine/bench.sh

bench-search: $(BUILD)/engine-search
	@sh tests/engine/bench_search.sh

all: $(BUILD)/engine

CHECK_DEPS += $(BUILD)/engine $(BUILD)/engine-perft $(BUILD)/engine-perft-asan \
              $(BUILD)/engine-property $(BUILD)/engine-property-asan \
              $(BUILD)/engine-search $(BUILD)/engine-search-asan $(BUILD)/engine-search-tsan
