module {"name": "greeting", "version": 1};
def hello: "hi";
