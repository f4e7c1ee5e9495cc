"""import-linter's `no_circles` contract (pyproject.toml): no module of the packages named
imports itself through others, however the imports are written: at the top of a module,
inside a function or under TYPE_CHECKING (grimp, which builds import-linter's graph, reads
them all). An import inside a function hides a circle from Python, not from the reader.

import-linter's own `acyclic_siblings` reads each package's children as wholes. It misses
a circle through a package's `__init__` (`pkg.sub` -> `pkg.sub.a` -> `pkg.sub`), it counts
two children that lean on each other through different modules as a circle where no module
goes round, and what it prints is the imports to cut, chosen by number, not the modules
that go round: on games/ it proposed cutting money -> play, an import the right way down.
This contract names each circle: one way round it, line by line, and any other module
caught in it.
"""

from __future__ import annotations

from importlinter.application import output
from importlinter.domain import fields
from importlinter.domain.contract import Contract, ContractCheck


class NoCircles(Contract):
    type_name = "no_circles"

    packages = fields.ListField(subfield=fields.StringField())

    def check(self, graph, verbose: bool) -> ContractCheck:
        ours = set()
        for package in self.packages:
            ours |= {package} | graph.find_descendants(package)
        return ContractCheck(kept=not (found := circles(graph, ours)), metadata={"circles": found})

    def render_broken_contract(self, check: ContractCheck) -> None:
        for circle in check.metadata["circles"]:
            output.print_error(f"A circle of {len(circle['modules'])} modules:")
            for importer, imported, lines in circle["round"]:
                output.print_error(f"- {importer} -> {imported} ({lines})")
            if others := circle["others"]:
                output.print_error(f"and in the same circle: {', '.join(others)}.")
            output.new_line()


def circles(graph, ours: set[str]) -> list[dict]:
    """Each set of modules that import one another round, as one circle (a strongly
    connected component): its modules, the shortest way round from the first, the rest."""
    found, seen = [], set()
    for module in sorted(ours):
        if module in seen:
            continue
        # What it imports, however far, that imports it back: its circle, or nothing.
        caught = graph.find_upstream_modules(module) & graph.find_downstream_modules(module)
        if caught & ours:
            members = sorted(caught | {module})
            seen.update(members)
            way = way_round(graph, module, set(members))
            steps = [(a, b, lines(graph, a, b)) for a, b in zip(way, way[1:], strict=False)]
            others = [m for m in members if m not in way]
            found.append({"modules": members, "round": steps, "others": others})
    return found


def way_round(graph, start: str, members: set[str]) -> list[str]:
    """The fewest imports from `start` back to it: [start, ..., start]."""
    # grimp finds no chain from a module to itself: start from each module it imports
    # inside the circle; every chain from one back to `start` stays inside it.
    chains = [
        graph.find_shortest_chain(importer=step, imported=start)
        for step in sorted(graph.find_modules_directly_imported_by(start) & members)
    ]
    return [start, *min((c for c in chains if c), key=len)]


def lines(graph, importer: str, imported: str) -> str:
    """Where `importer` imports `imported`: "l.13" or "l.13, 288"."""
    details = graph.get_import_details(importer=importer, imported=imported)
    return "l." + ", ".join(str(n) for n in sorted({d["line_number"] for d in details}))
