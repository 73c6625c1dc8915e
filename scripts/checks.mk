# Project-wide quick checks on the text of the tree (read by tb/tb.mk).
#   make check-docs   the project text (scripts/check_readme_links.sh): every
#                     relative link and #anchor of every *.md resolves (links
#                     into build/: a make target named beside them writes
#                     them), every "FILE.md section N" and FILE.md "Heading"
#                     reference names a heading that exists, every proof
#                     script formal/*/*.ys is linked from README.md's block
#                     table, and no file of the project names a machine path
#                     (/work/, /home/, /root/, a /tmp/ clone) or an
#                     issue-tracker number ("issue" or "#" and a number)
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
#                     netlists), simulated under Icarus; the main job's CPU
#                     record (scripts/cpu_step.py) and the summary's CPU line
.PHONY: check-scripts
check-scripts:
	@python3 scripts/check_mutants.py
	@python3 scripts/test_netlist_verilog.py
	@python3 scripts/test_summary_cpu.py
TEST_GROUPS_COMMON += check-scripts
