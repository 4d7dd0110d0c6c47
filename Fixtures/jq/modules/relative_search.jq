import "math" as m {search: "./"};
def g: 1 | m::inc;
