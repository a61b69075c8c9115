# assignment.mk -- the game-tree search assignment's build rules, included
# by the root Makefile, whose CC, CFLAGS and BUILD it uses.  The generic
# rules (ASSIGNMENT_RULES) make build/game-search, build/game-search-asan,
# its unit tests, calibration, transcripts and handout.  This file adds:
#
#   build/game-search-values   the reference's values, moves and choices
#                              on seeded positions, with each position in
#                              the board library's text (tests/game-search/
#                              values.c), which tests/game-search/
#                              reference.test.sh compares with build/engine
#   build/game-search-tsan     the reference under ThreadSanitizer
#   build/game-search-bench    the parallel-minimax report's experiment
#                              run with the reference (tests/game-search/
#                              bench.c): times, evaluations, speed-ups
#   build/game-search-figures.md  its Markdown section, measured on this
#                              machine, which the handout renders after
#                              handout.md (its last section)
#   make bench-game-search     prints those figures, measured afresh

game-search_TITLE = Project 3: Game-tree search

GAME_SEARCH_LIB = solution/game-search/board.c solution/game-search/board_text.c \
                  solution/game-search/search.c

$(BUILD)/game-search-values: tests/game-search/values.c $(GAME_SEARCH_LIB) \
        solution/game-search/game_search.h | $(BUILD)
	$(CC) $(CFLAGS) -Isolution/game-search tests/game-search/values.c $(GAME_SEARCH_LIB) -o $@

$(BUILD)/game-search-tsan: $(wildcard solution/game-search/*.c) solution/game-search/game_search.h | $(BUILD)
	$(CC) -std=c11 -Wall -Wextra -g -O1 -fsanitize=thread -Isolution/game-search \
	    $(wildcard solution/game-search/*.c) -o $@

CHECK_DEPS += $(BUILD)/game-search-values $(BUILD)/game-search-tsan

$(BUILD)/game-search-bench: tests/game-search/bench.c $(GAME_SEARCH_LIB) \
        solution/game-search/game_search.h | $(BUILD)
	$(CC) $(CFLAGS) -pthread -Isolution/game-search tests/game-search/bench.c $(GAME_SEARCH_LIB) -o $@

# The figures are measured once, when the handout is first built (or the
# reference changes); a few seconds.  Written to a temporary file first,
# so that a failed run leaves no half a table behind.
$(BUILD)/game-search-figures.md: $(BUILD)/game-search-bench
	$(BUILD)/game-search-bench > $@.tmp
	mv $@.tmp $@

$(BUILD)/handout-game-search.html: $(BUILD)/game-search-figures.md

.PHONY: bench-game-search
bench-game-search: $(BUILD)/game-search-bench
	@$(BUILD)/game-search-bench
