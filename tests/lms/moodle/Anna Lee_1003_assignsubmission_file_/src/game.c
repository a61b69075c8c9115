int anna_two;
