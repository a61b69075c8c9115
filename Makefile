# Chinese Checkers assignment kit -- root Makefile.
#
#   make               install missing packages, build the reference game
#                      (build/chinese-checkers) and the grader
#   make check         every test of the kit (prints "N passed, N failed")
#   make transcripts   regenerate every sample_io/*/NAME.out from the reference
#   make handout       render handout/handout.md to build/handout.html
#   make bench         time the grader (median of several runs, per step)
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

.PHONY: all deps check transcripts handout bench clean

all: deps $(BUILD)/chinese-checkers $(BUILD)/chinese-checkers-asan

# Installs what is missing (a no-op, and quick, when nothing is).
deps:
	@sh grader/install-deps.sh

$(BUILD):
	mkdir -p $@

$(BUILD)/chinese-checkers: $(SOLUTION_SRC) solution/chinese-checkers.h | $(BUILD)
	$(CC) $(CFLAGS) -Isolution $(SOLUTION_SRC) -o $@

$(BUILD)/chinese-checkers-asan: $(SOLUTION_SRC) solution/chinese-checkers.h | $(BUILD)
	$(CC) $(SANFLAGS) -Isolution $(SOLUTION_SRC) -o $@

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

check: all
	@sh tests/run.sh

clean:
	rm -rf $(BUILD)
