# referee.mk -- the bot challenge's bot programs, included by the root
# Makefile (its CC, CFLAGS, BUILD and ENGINE_LIB).
#
#   build/bots/house   a house bot (grader/referee/house.h) as a bot
#                      program: the kit's driver (protocol.h) over the
#                      challenge's four functions; `house greedy`,
#                      `house random`, `house strong DEPTH`
#
# A student's bot is linked the same way: its files, driver.c, nothing of
# the referee's.

BOT_DRIVER = solution/bot-challenge/driver.c

$(BUILD)/bots/house: $(BOT_DRIVER) grader/referee/house_bot/house_bot.c \
                     grader/referee/house.c grader/referee/house.h $(ENGINE_LIB) | $(BUILD)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -Igrader/referee -Isolution/engine $(filter %.c,$^) $(ENGINE_LIB) -o $@ -pthread

all: $(BUILD)/bots/house

# Misbehaving bots for tests/referee/referee.test.sh (tests/referee/bots/).
REFEREE_TEST_BOTS = $(patsubst tests/referee/bots/%.c,$(BUILD)/bots/test-%,$(wildcard tests/referee/bots/*.c))

$(BUILD)/bots/test-%: tests/referee/bots/%.c $(BOT_DRIVER) | $(BUILD)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $^ -o $@

CHECK_DEPS += $(BUILD)/referee $(BUILD)/bots/house $(REFEREE_TEST_BOTS)
