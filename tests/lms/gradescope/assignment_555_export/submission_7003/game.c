int no_sid;
