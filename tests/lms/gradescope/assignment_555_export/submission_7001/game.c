int solo;
