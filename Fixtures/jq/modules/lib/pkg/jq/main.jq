def main: "pkg main";
