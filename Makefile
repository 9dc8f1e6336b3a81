# Conveniences over the scripts; the README's two commands work without make.
PREFIX ?= /usr/local

.PHONY: demo test bench install man
demo:
	scripts/demo
test:
	scripts/test
bench:
	python3 bench/run.py --markdown docs/benchmarks.md
man: .build/invites.1
.build/invites.1:
	scripts/ensure-deps
	bin=$$(scripts/build-release) && "$$bin" help --man > $@
install: man
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1
	bin=$$(scripts/build-release) && install -m 0755 "$$bin" $(DESTDIR)$(PREFIX)/bin/invites
	install -m 0644 .build/invites.1 $(DESTDIR)$(PREFIX)/share/man/man1/invites.1
