import "math" as m {search: "./lib"};
def f: 1;
