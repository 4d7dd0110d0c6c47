def broken: ;
