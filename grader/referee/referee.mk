# referee.mk -- the bot challenge's bot programs, included by the root
# Makefile (its CC, CFLAGS, BUILD and ENGINE_LIB).
#
#   build/bots/house   a house bot (grader/referee/house.h) as a bot
#                      program: the kit's driver (protocol.h) over the
#                      challenge's four functions; `house greedy`,
#                      `house random`, `house strong DEPTH`
#   build/bots/test-NAME  the misbehaving bots of tests/referee/bots/
#   make bench-tournament  games a second between sandboxed bots, beside
#                      the same games in one process, and the cost of
#                      checking a chain (tests/referee/bench_tournament.sh)
#
# A student's bot is linked the same way: its files, driver.c, nothing of
# the referee's.

BOT_DRIVER = solution/bot-challenge/driver.c

$(BUILD)/bots/house: $(BOT_DRIVER) grader/assignments/bot-challenge/house_bot/house_bot.c \
                     grader/referee/house.c grader/referee/house_search.c grader/referee/house.h \
                     grader/referee/house_search.h $(ENGINE_LIB) | $(BUILD)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -Igrader/referee -Isolution/engine $(filter %.c,$^) $(ENGINE_LIB) -o $@ -pthread

all: $(BUILD)/bots/house

# Misbehaving bots for tests/referee/referee.test.sh (tests/referee/bots/):
# each NAME.c defines the four functions.  Those in GREEDY_TEST_BOTS play
# the greedy house bot's moves between their misbehaviours, through
# tests/referee/bots/lib/, whose plays.c gives the four functions as the
# greedy bot plays them, weak: such a bot defines only those it changes.
REFEREE_TEST_BOTS = $(patsubst tests/referee/bots/%.c,$(BUILD)/bots/test-%,$(wildcard tests/referee/bots/*.c))
GREEDY_TEST_BOTS  = $(patsubst %,$(BUILD)/bots/test-%,crash_term exit_in_opponent fork launder lax_reply linger sleeper snoop talk)
TEST_BOT_LIB      = $(wildcard tests/referee/bots/lib/*.[ch])

$(BUILD)/bots/test-%: tests/referee/bots/%.c $(BOT_DRIVER) | $(BUILD)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $^ -o $@

$(GREEDY_TEST_BOTS): $(BUILD)/bots/test-%: tests/referee/bots/%.c $(BOT_DRIVER) $(TEST_BOT_LIB) \
                     grader/referee/house.c grader/referee/house.h $(ENGINE_LIB) | $(BUILD)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -Igrader/referee -Isolution/engine $(filter %.c,$^) $(ENGINE_LIB) -o $@ -pthread

CHECK_DEPS += $(BUILD)/referee $(BUILD)/bots/house $(REFEREE_TEST_BOTS)

# The tournament's speed (not a test: the tests never time anything).
$(BUILD)/bench-tournament: tests/referee/bench_tournament.c $(GRADER_LIB_OBJ) $(ENGINE_LIB) | $(BUILD)
	$(CC) $(CFLAGS) $(CJSON_CFLAGS) -Igrader -Isolution/engine $< $(GRADER_LIB_OBJ) -o $@ $(GRADER_LIBS)

.PHONY: bench-tournament
bench-tournament: $(BUILD)/bench-tournament $(BUILD)/bots/house $(BUILD)/sandbox-exec
	@sh tests/referee/bench_tournament.sh
