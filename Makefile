# replay as a command-line tool: the optimized binary, its manual page and its bash, zsh
# and fish completions, all generated from replay's own declarations (the manual page by
# the replay-manual target, the completions by `replay --completion SHELL`).
#
#   make                              build them, under .build/
#   make install                      install them under PREFIX (default /usr/local)
#   make install PREFIX=~/.local      ... or anywhere; DESTDIR=stage/ stages a package
#   make uninstall                    remove exactly what install installs
#   make clean                        remove the generated files (not Swift's build)

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
BASH_COMPLETION_DIR ?= $(PREFIX)/share/bash-completion/completions
ZSH_COMPLETION_DIR ?= $(PREFIX)/share/zsh/site-functions
FISH_COMPLETION_DIR ?= $(PREFIX)/share/fish/vendor_completions.d

SWIFT ?= swift
INSTALL ?= install
# SwiftPM's scratch directory: what make builds and generates is all under it.
BUILD_DIR ?= .build
# release, the optimized build; debug builds in a fraction of the time (the tests use it).
CONFIGURATION ?= release
RELEASE = $(BUILD_DIR)/$(CONFIGURATION)
GENERATED = $(BUILD_DIR)/generated
# The manual page's date: the last commit's (reproducible-builds.org), today without git.
ifeq ($(origin SOURCE_DATE_EPOCH),undefined)
SOURCE_DATE_EPOCH := $(shell git log -1 --format=%ct 2>/dev/null)
endif
export SOURCE_DATE_EPOCH

# Rebuild when a source changes; SwiftPM decides what to recompile.
SOURCES := Package.swift $(shell find Sources Examples Plugins -type f 2>/dev/null)
INSTALLED = $(BINDIR)/replay $(MANDIR)/man1/replay.1 $(BASH_COMPLETION_DIR)/replay \
	$(ZSH_COMPLETION_DIR)/_replay $(FISH_COMPLETION_DIR)/replay.fish

.PHONY: all install uninstall clean

all: $(RELEASE)/replay $(GENERATED)/replay.1 $(GENERATED)/replay.bash \
	$(GENERATED)/_replay $(GENERATED)/replay.fish

# `touch`: SwiftPM leaves an up-to-date binary as it is, which would be older than the
# source make saw change.
$(RELEASE)/replay: $(SOURCES)
	$(SWIFT) build -c $(CONFIGURATION) --scratch-path $(BUILD_DIR) --product replay
	touch $@

$(RELEASE)/replay-manual: $(SOURCES)
	$(SWIFT) build -c $(CONFIGURATION) --scratch-path $(BUILD_DIR) --product replay-manual
	touch $@

$(GENERATED)/replay.1: $(RELEASE)/replay-manual
	mkdir -p $(GENERATED)
	$(RELEASE)/replay-manual > $@.tmp
	mv $@.tmp $@

$(GENERATED)/replay.bash: $(RELEASE)/replay
	mkdir -p $(GENERATED)
	$(RELEASE)/replay --completion bash > $@.tmp
	mv $@.tmp $@

$(GENERATED)/_replay: $(RELEASE)/replay
	mkdir -p $(GENERATED)
	$(RELEASE)/replay --completion zsh > $@.tmp
	mv $@.tmp $@

$(GENERATED)/replay.fish: $(RELEASE)/replay
	mkdir -p $(GENERATED)
	$(RELEASE)/replay --completion fish > $@.tmp
	mv $@.tmp $@

install: all
	$(INSTALL) -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(MANDIR)/man1" \
		"$(DESTDIR)$(BASH_COMPLETION_DIR)" "$(DESTDIR)$(ZSH_COMPLETION_DIR)" \
		"$(DESTDIR)$(FISH_COMPLETION_DIR)"
	$(INSTALL) -m 755 $(RELEASE)/replay "$(DESTDIR)$(BINDIR)/replay"
	$(INSTALL) -m 644 $(GENERATED)/replay.1 "$(DESTDIR)$(MANDIR)/man1/replay.1"
	$(INSTALL) -m 644 $(GENERATED)/replay.bash "$(DESTDIR)$(BASH_COMPLETION_DIR)/replay"
	$(INSTALL) -m 644 $(GENERATED)/_replay "$(DESTDIR)$(ZSH_COMPLETION_DIR)/_replay"
	$(INSTALL) -m 644 $(GENERATED)/replay.fish "$(DESTDIR)$(FISH_COMPLETION_DIR)/replay.fish"

uninstall:
	rm -f $(foreach file,$(INSTALLED),"$(DESTDIR)$(file)")

clean:
	rm -rf $(GENERATED)
