# Arithmetic helpers.
def inc: . + 1;
def twice(f): f | f;
