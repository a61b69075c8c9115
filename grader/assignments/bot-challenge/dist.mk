# dist.mk -- what a package of the bot challenge builds besides the
# grader; grader/dist/kit-Makefile includes it, and its CC, CFLAGS, BUILD,
# GRADER_OBJ, CJSON_LIBS and UNIT_FLAGS are used here.  The files it
# needs are those dist.files puts in every package.
#
#   the unit tests' support   unit.mk (the referee and house bots)
#   build/referee             games between bots: `make play` in
#                             starter/bot-challenge/ (no strong house bot
#                             in a student's kit, which has no search)
#   build/replay-html         the replay page of a game record (built by
#                             `make`, as the grader is)
#   build/grade               linked with the referee's rules, which
#                             check a record before the report draws it

include grader/assignments/bot-challenge/unit.mk
include grader/assignments/bot-challenge/calls.mk

BOT_GRADER_OBJ  = $(filter-out $(BUILD)/obj/cli/main.o,$(GRADER_OBJ))
BOT_REFEREE_SRC = $(wildcard grader/referee/*.c)
BOT_REFEREE_OBJ = $(BOT_REFEREE_SRC:grader/%.c=$(BUILD)/obj/%.o) $(BUILD)/obj/cli/referee_main.o
BOT_ENGINE_OBJ  = $(BOT_ENGINE_SRC:solution/engine/%.c=$(BUILD)/obj/engine/%.o)

# The referee's sources include the board library's headers.
$(BOT_REFEREE_OBJ): CFLAGS += -Isolution/engine

$(BUILD)/obj/engine/%.o: solution/engine/%.c $(BOT_ENGINE_HDR) | deps
	@mkdir -p $(@D)
	$(CC) -std=c11 -Wall -Wextra -Wpedantic -O2 -g -pthread -Isolution/engine -c $< -o $@

# The referee runs bot programs in the grader's sandbox.
$(BUILD)/referee: $(BOT_GRADER_OBJ) $(BOT_REFEREE_OBJ) $(BOT_ENGINE_OBJ) | $(BUILD)/sandbox-exec
	$(CC) $(CFLAGS) $^ -o $@ $(CJSON_LIBS) -larchive -lm -pthread

# The viewer draws a record only when the rules replay it
# (grader/tournament/replay_html.h): it links the referee's rules too.
# Part of the kit's `all`, since the handout sends students to it.
all: $(BUILD)/replay-html

$(BUILD)/replay-html: $(BOT_GRADER_OBJ) $(filter-out $(BUILD)/obj/cli/referee_main.o,$(BOT_REFEREE_OBJ)) \
                      $(BOT_ENGINE_OBJ) $(BUILD)/obj/cli/replay_html_main.o
	$(CC) $(CFLAGS) $^ -o $@ $(CJSON_LIBS) -larchive -lm -pthread

# The grader's HTML report draws the game of a failing test only when the
# referee's rules replay its record (replay_section.c): without them every
# replay would read "not in this build".
GRADE_EXTRA_OBJ  = $(filter-out $(BUILD)/obj/cli/referee_main.o,$(BOT_REFEREE_OBJ)) $(BOT_ENGINE_OBJ)
GRADE_EXTRA_LIBS = -pthread
$(BUILD)/grade: $(GRADE_EXTRA_OBJ)

-include $(BOT_REFEREE_OBJ:.o=.d)
