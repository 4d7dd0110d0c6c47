def deep: "deep";
