# assignment.mk -- the bot challenge's own build rules, included by the
# root Makefile (its CC, BUILD, UNIT_FLAGS).  The generic rules make
# build/bot-challenge (the reference bot: bot.c with the kit's driver.c),
# its ASan build, unit tests, calibration and handout.  unit.mk adds the
# kit's referee and house bots to the unit tests' support, as it does in
# the packages (dist.mk).

bot-challenge_TITLE = Project 4: The Chinese Checkers bot challenge

include grader/assignments/bot-challenge/unit.mk
include grader/assignments/bot-challenge/calls.mk
