import "cycle_a" as a;
def g: 2;
