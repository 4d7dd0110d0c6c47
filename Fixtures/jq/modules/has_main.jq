def f: 1;
. + 1
