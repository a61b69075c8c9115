# calls.mk -- the names the bot challenge's students know the referee's
# four requests by (the functions of chinese_checkers_bot.h), for the
# referee's messages (grader/referee/calls.h).  Included by assignment.mk
# (the kit) and dist.mk (its packages), both of which define BUILD and
# compile grader/referee/*.c into $(BUILD)/obj/referee/ with CFLAGS.

BOT_CALL_NAMES = -DREFEREE_CALL_INIT='"InitChineseCheckers"' -DREFEREE_CALL_MOVE='"YourMove"' \
                 -DREFEREE_CALL_OPPONENT='"OpponentMove"' -DREFEREE_CALL_TERM='"TermChineseCheckers"'

$(BUILD)/obj/referee/player.o $(BUILD)/obj/referee/player_process.o: CFLAGS += $(BOT_CALL_NAMES)
# A change of names rebuilds them.
$(BUILD)/obj/referee/player.o $(BUILD)/obj/referee/player_process.o: grader/assignments/bot-challenge/calls.mk
