int jose;
