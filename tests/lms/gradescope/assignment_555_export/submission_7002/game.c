int pair;
