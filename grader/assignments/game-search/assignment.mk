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
