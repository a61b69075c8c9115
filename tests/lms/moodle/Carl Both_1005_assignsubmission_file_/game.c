int carl;
