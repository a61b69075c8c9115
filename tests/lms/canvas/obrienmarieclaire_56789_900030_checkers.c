int o_brien;
