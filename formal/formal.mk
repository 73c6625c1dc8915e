# Formal proofs (formal/prove.py; one script per block in formal/<paper>/).
#   make formal         every proof (fast and full), one line per proof with its
#                       result and time, then the mutation check: every
#                       deliberate bug of formal/mutants.tsv must make its proof fail
#   make check-formal   test group: the fast proofs only (inside make test)
#   make formal-mutate  the mutation check alone
# FORMAL_JOBS proofs in parallel (default 1: the proofs are single-threaded
# and the full ones need the memory of one core).

FORMAL_JOBS ?= 1
PROVE_PY    := python3 formal/prove.py

.PHONY: formal-proofs formal-mutate check-formal

formal: deps
	@$(PROVE_PY) run --group all --jobs $(FORMAL_JOBS); a=$$?; \
	 $(PROVE_PY) mutate --jobs $(FORMAL_JOBS); b=$$?; \
	 [ $$a -eq 0 ] && [ $$b -eq 0 ]

formal-proofs:
	@$(PROVE_PY) run --group all --jobs $(FORMAL_JOBS)

formal-mutate:
	@$(PROVE_PY) mutate --jobs $(FORMAL_JOBS)

check-formal:
	@$(PROVE_PY) run --group fast --jobs 1

TEST_GROUPS_COMMON += check-formal
REGRESS_TARGETS    += formal-proofs formal-mutate
