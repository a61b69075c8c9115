# assignment.mk -- the bot challenge's own build rules, included by the
# root Makefile (its CC, BUILD, UNIT_FLAGS, ENGINE_LIB).  The generic
# rules make build/bot-challenge (the reference bot: bot.c with the kit's
# driver.c), its ASan build, unit tests, calibration and handout.  This
# file adds the kit's referee and house bots to the unit tests' support:
# the games of unit/*/games.c are refereed by grader/referee/game.c and
# played against grader/referee/house.c, on the board library, all
# compiled with the unit tests' sanitizers into one relocatable object.

bot-challenge_TITLE = Project 4: The Chinese Checkers bot challenge

bot-challenge_UNIT_CFLAGS += -Igrader/referee -Isolution/engine

BOT_UNIT_KIT_SRC = grader/referee/game.c grader/referee/house.c $(wildcard solution/engine/*.c)
BOT_UNIT_KIT_OBJ = $(patsubst %.c,$(BUILD)/unit/bot-challenge/kit/%.o,$(BOT_UNIT_KIT_SRC))

$(BUILD)/unit/bot-challenge/kit/%.o: %.c $(wildcard solution/engine/*.h grader/referee/*.h) | $(BUILD)
	@mkdir -p $(@D)
	$(CC) $(UNIT_FLAGS) -std=gnu11 -pthread -Igrader/referee -Isolution/engine -c $< -o $@

$(BUILD)/unit/bot-challenge/kit.o: $(BOT_UNIT_KIT_OBJ)
	ld -r -o $@ $^

# Merged into graded_test.o by the generic rule, whose recipe links all of
# its prerequisites.
$(BUILD)/unit/bot-challenge/graded_test.o: $(BUILD)/unit/bot-challenge/kit.o
