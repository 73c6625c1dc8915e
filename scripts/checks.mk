# Project-wide quick checks on the text of the tree (read by tb/tb.mk).
#   make check-docs   every relative link of README.md and docs/*.md points to a
#                     file of the repository (links into build/: a make target
#                     named beside them writes them), and every proof script
#                     formal/*/*.ys is linked from README.md's block table
.PHONY: check-docs
check-docs:
	@bash scripts/check_readme_links.sh
TEST_GROUPS_COMMON += check-docs

#   make check-scripts  every planted bug of tb/*/mutants.txt and
#                     formal/mutants.tsv still names text of its RTL file
#                     (scripts/check_mutants.py: a rewrite of the RTL must
#                     retarget its mutants), then the unit tests of the
#                     scripts the test groups depend on:
#                     scripts/netlist_verilog.py (the gate-level replay
#                     netlists), simulated under Icarus
.PHONY: check-scripts
check-scripts:
	@python3 scripts/check_mutants.py
	@python3 scripts/test_netlist_verilog.py
TEST_GROUPS_COMMON += check-scripts
