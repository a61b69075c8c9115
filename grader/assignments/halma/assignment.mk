# assignment.mk -- the Halma assignment's build rules, included by the root
# Makefile, whose CC, CFLAGS, SANFLAGS and BUILD it uses.
#
#   build/halma          the reference program (solution/halma/), -O2
#   build/halma-asan     the same under AddressSanitizer and UBSan
#   make transcripts-halma
#                        rewrite every sample_io/halma/*/NAME.out from the
#                        reference, run with the words of NAME.args (when
#                        that file exists) as its command-line arguments
#   build/halma-perft    move counts from the start (tests/halma/perft.c)
#   build/halma-play     the greedy game generator (tests/halma/gen/)
#   handout/halma/board.svg
#                        the handout's board picture, from board-svg.c
#
# When the root Makefile lists halma in ASSIGNMENTS, its generic rules
# (ASSIGNMENT_RULES) already make the first three, and this file only adds
# what is Halma's own; otherwise it makes them itself, the same way.  Every
# variable defined here starts with HALMA_ (or is halma_TITLE, which the
# generic handout rule reads).

halma_TITLE = Project 2: Halma

HALMA_SRC      = solution/halma/halma.c solution/halma/game.c
HALMA_HDR      = solution/halma/halma.h
HALMA_SESSIONS = $(sort $(wildcard sample_io/halma/*/*.in))
HALMA_GEN_SRC  = tests/halma/gen/play.c

ifeq ($(filter halma,$(ASSIGNMENTS)),)
.PHONY: transcripts-halma

$(BUILD)/halma: $(HALMA_SRC) $(HALMA_HDR) | $(BUILD)
	$(CC) $(CFLAGS) -Isolution/halma $(HALMA_SRC) -o $@

$(BUILD)/halma-asan: $(HALMA_SRC) $(HALMA_HDR) | $(BUILD)
	$(CC) $(SANFLAGS) -Isolution/halma $(HALMA_SRC) -o $@

# NAME.args holds one line of options (e.g. "--players 4 --kangaroo"); it
# is word-split on purpose.
transcripts-halma: $(BUILD)/halma
	@for in in $(HALMA_SESSIONS); do \
	    args=; \
	    if [ -f "$${in%.in}.args" ]; then args=$$(cat "$${in%.in}.args"); fi; \
	    $(BUILD)/halma $$args < $$in > $${in%.in}.out || exit 1; \
	done
	@echo "transcripts-halma: $(words $(HALMA_SESSIONS)) sessions written"
endif

# The tests' helpers use the reference's functions, never its game loop.
$(BUILD)/halma-perft: tests/halma/perft.c solution/halma/halma.c $(HALMA_HDR) | $(BUILD)
	$(CC) $(CFLAGS) -Isolution/halma tests/halma/perft.c solution/halma/halma.c -o $@

$(BUILD)/halma-play: $(HALMA_GEN_SRC) solution/halma/halma.c $(HALMA_HDR) | $(BUILD)
	$(CC) $(CFLAGS) -Isolution/halma $(HALMA_GEN_SRC) solution/halma/halma.c -o $@

CHECK_DEPS += $(BUILD)/halma $(BUILD)/halma-asan $(BUILD)/halma-perft $(BUILD)/halma-play

# The board picture is generated; the committed copy is kept current.
handout/halma/board.svg: handout/halma/board-svg.c | $(BUILD)
	$(CC) $(CFLAGS) $< -o $(BUILD)/halma-board-svg
	$(BUILD)/halma-board-svg > $@
