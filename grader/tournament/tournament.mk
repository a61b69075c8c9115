# tournament.mk -- the bot challenge's tournament rules, included by the
# root Makefile after the engine's; it uses BUILD, CC, CFLAGS, the cJSON
# flags and GRADER_LIB_OBJ from there.
#
#   build/replay-html   RECORD.json OUT.html: the replay page of one game
#                       (grader/tournament/replay_html.h,
#                       grader/cli/replay_html_main.c); part of `all`
#   build/tournament    CONFIG -o OUTDIR: a whole tournament (its link
#                       rule is the root Makefile's; grader/tournament/
#                       README.md); part of `all`
#
# Every grader/tournament/*.c is already part of the grader's objects
# (GRADER_DIRS); what is listed here are the programs and what the
# tests/tournament/*.test.sh suites need built (CHECK_DEPS).

ifndef TOURNAMENT_MK_INCLUDED
TOURNAMENT_MK_INCLUDED = 1

# Linked like the grader's own tests: every grader object but the mains,
# with the libraries they need (GRADER_LIBS, where the root Makefile
# names them; the board library is among them once the referee is in).
TOURNAMENT_LIBS = $(if $(GRADER_LIBS),$(GRADER_LIBS),$(CJSON_LIBS) -larchive -lm)

$(BUILD)/replay-html: $(BUILD)/obj/cli/replay_html_main.o $(GRADER_LIB_OBJ) $(ENGINE_LIB) | deps
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(filter %.o,$^) -o $@ $(TOURNAMENT_LIBS)

# Part of `all`: the handout sends students to it after a plain `make`.
all: $(BUILD)/replay-html

CHECK_DEPS += $(BUILD)/replay-html

# The tournament runner, and what tests/tournament/tournament.test.sh
# plays with: the house bot program and a bot that crashes (referee.mk).
all: $(BUILD)/tournament

# Where a submission's driver is (referee.mk's BOT_DRIVER), told to the
# generic code that builds submissions rather than written in it.
$(BUILD)/obj/tournament/entrant.o: CFLAGS += -DTENTRANT_KIT_DRIVER='"$(BOT_DRIVER)"'

CHECK_DEPS += $(BUILD)/tournament $(BUILD)/referee $(BUILD)/bots/house $(BUILD)/bots/test-crash

endif
