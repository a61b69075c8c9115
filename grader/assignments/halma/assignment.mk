# assignment.mk -- the Halma assignment's build rules, included by the root
# Makefile, whose CC, CFLAGS, SANFLAGS and BUILD it uses.
#
#   build/halma          the reference program (solution/halma/)
#   build/halma-asan     the same under AddressSanitizer and UBSan
#   build/halma-perft    move counts from the start (tests/halma/perft.c)
#   build/halma-play     the greedy game generator (tests/halma/gen/)
#   make transcripts-halma
#                        rewrite every sample_io/halma/*/NAME.out from the
#                        reference, run with the words of NAME.args (when
#                        that file exists) as its command-line arguments
#
# Every name defined here starts with HALMA_, so that several assignments'
# fragments can be included side by side.

HALMA_SRC      = solution/halma/halma.c solution/halma/game.c
HALMA_HDR      = solution/halma/halma.h
HALMA_SESSIONS = $(sort $(wildcard sample_io/halma/*/*.in))
HALMA_GEN_SRC  = $(wildcard tests/halma/gen/*.c)

.PHONY: transcripts-halma

$(BUILD)/halma: $(HALMA_SRC) $(HALMA_HDR) | $(BUILD)
	$(CC) $(CFLAGS) -Isolution/halma $(HALMA_SRC) -o $@

$(BUILD)/halma-asan: $(HALMA_SRC) $(HALMA_HDR) | $(BUILD)
	$(CC) $(SANFLAGS) -Isolution/halma $(HALMA_SRC) -o $@

$(BUILD)/halma-perft: tests/halma/perft.c solution/halma/halma.c $(HALMA_HDR) | $(BUILD)
	$(CC) $(CFLAGS) -Isolution/halma tests/halma/perft.c solution/halma/halma.c -o $@

$(BUILD)/halma-play: $(HALMA_GEN_SRC) $(wildcard tests/halma/gen/*.h) solution/halma/halma.c $(HALMA_HDR) | $(BUILD)
	$(CC) $(CFLAGS) -Isolution/halma $(HALMA_GEN_SRC) solution/halma/halma.c -o $@

# NAME.args holds one line of options (e.g. "--players 4 --kangaroo"); it
# is word-split on purpose.
transcripts-halma: $(BUILD)/halma
	@for in in $(HALMA_SESSIONS); do \
	    args=; \
	    if [ -f "$${in%.in}.args" ]; then args=$$(cat "$${in%.in}.args"); fi; \
	    $(BUILD)/halma $$args < $$in > $${in%.in}.out || exit 1; \
	done
	@echo "transcripts-halma: $(words $(HALMA_SESSIONS)) sessions written"
