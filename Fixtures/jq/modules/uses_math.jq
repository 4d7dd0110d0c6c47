import "math" as m;
def add2: m::twice(m::inc);
def where: $__loc__;
