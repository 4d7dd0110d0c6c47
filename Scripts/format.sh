#!/usr/bin/env bash
# Checks that Sources and Tests are as `swift format` (the toolchain's, with the
# repository's .swift-format) writes them, warnings included; exits non-zero otherwise.
#
#   Scripts/format.sh          lint, as CI runs it
#   Scripts/format.sh --fix    rewrite the files in place, then lint
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--fix" ]; then
  swift format format --in-place --recursive --parallel Sources Tests Examples Package.swift
fi
swift format lint --strict --recursive --parallel Sources Tests Examples Package.swift
