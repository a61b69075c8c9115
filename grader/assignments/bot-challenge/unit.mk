# unit.mk -- what the bot challenge's unit tests link besides the generic
# harness: the kit's referee and house bots on the board library.  Shared
# by the kit (assignment.mk includes it) and by its packages
# (dist.mk includes it); uses CC, BUILD and UNIT_FLAGS, which both
# Makefiles define.
#
# The games of unit/*/games.c are refereed by grader/referee/game.c and
# played against grader/referee/house.c, on the board library; all of it
# is compiled with the unit tests' sanitizers into one relocatable object,
# kit.o, merged into graded_test.o (whose recipe links all of its
# prerequisites).  The strong house bot's search (house_search.c, the
# library's search.c and best_reply.c) is taken when present: a student's
# kit leaves it out (dist.files), and has no strong bot.

ifndef BOT_UNIT_MK_INCLUDED
BOT_UNIT_MK_INCLUDED = 1

bot-challenge_UNIT_CFLAGS += -Igrader/referee -Isolution/engine

# The board library's parts the referee and the house bots use.
BOT_ENGINE_SRC = $(wildcard $(addprefix solution/engine/,board.c fast.c moves.c position.c star.c \
                                                         eval.c search.c best_reply.c))
BOT_ENGINE_HDR = $(wildcard solution/engine/*.h)
BOT_UNIT_KIT_SRC = grader/referee/game.c grader/referee/house.c \
                   $(wildcard grader/referee/house_search.c) $(BOT_ENGINE_SRC)
BOT_UNIT_KIT_OBJ = $(patsubst %.c,$(BUILD)/unit/bot-challenge/kit/%.o,$(BOT_UNIT_KIT_SRC))

$(BUILD)/unit/bot-challenge/kit/%.o: %.c $(BOT_ENGINE_HDR) $(wildcard grader/referee/*.h)
	@mkdir -p $(@D)
	$(CC) $(UNIT_FLAGS) -std=gnu11 -pthread -Igrader/referee -Isolution/engine -c $< -o $@

$(BUILD)/unit/bot-challenge/kit.o: $(BOT_UNIT_KIT_OBJ)
	ld -r -o $@ $^

$(BUILD)/unit/bot-challenge/graded_test.o: $(BUILD)/unit/bot-challenge/kit.o

endif
