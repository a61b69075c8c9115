# assignment.mk -- what the Chinese Checkers assignment builds beyond the
# generic rules of the root Makefile (ASSIGNMENT_RULES).

chinese-checkers_TITLE = Project 1: Chinese Checkers

# The seeded random-game generator (tests/chinese-checkers/gen/) behind
# the long sessions.
CC_GEN_SRC = $(addprefix tests/chinese-checkers/gen/,random_game.c movegen.c bad_entry.c writer.c rng.c)

$(BUILD)/random_game: $(CC_GEN_SRC) $(wildcard tests/chinese-checkers/gen/*.h) \
        solution/chinese-checkers/chinese-checkers.h | $(BUILD)
	$(CC) $(CFLAGS) -Isolution/chinese-checkers $(CC_GEN_SRC) -o $@

CHECK_DEPS += $(BUILD)/random_game

# The board picture is generated; the committed copy is kept current.
handout/chinese-checkers/board.svg: handout/chinese-checkers/board-svg.c | $(BUILD)
	$(CC) $(CFLAGS) $< -o $(BUILD)/board-svg
	$(BUILD)/board-svg > $@
