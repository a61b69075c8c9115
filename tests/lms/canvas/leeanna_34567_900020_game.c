int lee_anna_one;
