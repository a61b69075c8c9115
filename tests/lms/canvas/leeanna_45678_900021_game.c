int lee_anna_two;
