int anna_one;
