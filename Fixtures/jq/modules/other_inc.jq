def inc: 100;
