include "math";
def inc3: inc | inc | inc;
