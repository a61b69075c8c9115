int pair_h;
