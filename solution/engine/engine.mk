# engine.mk -- the board library's build rules (solution/engine/), included
# by the root Makefile, whose CC, SANFLAGS and BUILD it uses.
#
#   build/engine-perft        perft on a built-in board (tests/engine/perft_main.c)
#   build/engine-perft-asan   the same under AddressSanitizer and UBSan
#   make bench-engine         perft speed per board (tests/engine/bench.sh)
#
# The library is compiled into each program that uses it (it is small);
# -O2 like the references.

ENGINE_SRC = $(wildcard solution/engine/*.c)
ENGINE_HDR = $(wildcard solution/engine/*.h)
ENGINE_CFLAGS = -std=c11 -Wall -Wextra -Wpedantic -O2 -Isolution/engine

$(BUILD)/engine-perft: $(ENGINE_SRC) $(ENGINE_HDR) tests/engine/perft_main.c | $(BUILD)
	$(CC) $(ENGINE_CFLAGS) $(ENGINE_SRC) tests/engine/perft_main.c -o $@

$(BUILD)/engine-perft-asan: $(ENGINE_SRC) $(ENGINE_HDR) tests/engine/perft_main.c | $(BUILD)
	$(CC) $(SANFLAGS) -Isolution/engine $(ENGINE_SRC) tests/engine/perft_main.c -o $@

.PHONY: bench-engine
bench-engine: $(BUILD)/engine-perft
	@sh tests/engine/bench.sh

CHECK_DEPS += $(BUILD)/engine-perft $(BUILD)/engine-perft-asan
