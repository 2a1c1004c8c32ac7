"""No import cycles among the device modules (core/, drivers/, boards/; issue #20).

Every `import` and `from ... import` of every device module is read with ast, those inside
functions included (the lazy imports that keep the heap small are still dependencies), and
resolved to the device module it loads: `from core.games.reds import options` is the
module core.games.reds.options, `from core.cards import hand_add` the module core.cards.
A cycle in that graph (a strongly connected component of more than one module, or a
module importing itself) fails the test with the modules and one edge path around it.
Imports of anything else (micropython, machine, the standard library) are not edges.
"""
import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEVICE_DIRS = ("core", "drivers", "boards")


def device_modules(root=ROOT):
    """{dotted name: path} of every device module; a package is named by its folder."""
    out = {}
    for top in DEVICE_DIRS:
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, top)):
            dirnames[:] = [d for d in dirnames if d != "__pycache__"]
            for f in filenames:
                if f.endswith(".py"):
                    path = os.path.join(dirpath, f)
                    name = os.path.relpath(path, root)[:-3].replace(os.sep, ".")
                    if name.endswith(".__init__"):
                        name = name[:-len(".__init__")]
                    out[name] = path
    return out


def imports_of(name, path, modules):
    """The device modules that module `name` imports, anywhere in its body."""
    with open(path) as f:
        tree = ast.parse(f.read(), path)
    package = name if path.endswith("__init__.py") else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name in modules:
                    found.add(a.name)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                p = package
                for _ in range(node.level - 1):
                    p = p.rpartition(".")[0]
                base = p + ("." + base if base else "")
            for a in node.names:
                full = base + "." + a.name
                if full in modules:
                    found.add(full)         # from package import module
                elif base in modules:
                    found.add(base)         # from module import name
    return found


def import_graph(root=ROOT):
    modules = device_modules(root)
    return dict((m, imports_of(m, p, modules)) for m, p in modules.items())


def cycles(graph):
    """The strongly connected components with a cycle (Tarjan, iterative), sorted."""
    index = {}
    low = {}
    stack = []
    on_stack = set()
    out = []
    counter = [0]
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter[0]
        counter[0] += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                elif w in on_stack:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1 or v in graph[v]:
                    out.append(sorted(comp))
    return sorted(out)


def _path_around(graph, comp):
    """One cycle through the component's first module, as "a -> b -> ... -> a"."""
    members = set(comp)
    start = comp[0]
    prev = {start: None}
    queue = [start]
    while queue:
        v = queue.pop(0)
        for w in sorted(graph[v]):
            if w == start:
                path = [v]
                while prev[path[-1]] is not None:
                    path.append(prev[path[-1]])
                return " -> ".join(list(reversed(path)) + [start])
            if w in members and w not in prev:
                prev[w] = v
                queue.append(w)
    return start


def test_the_checker_finds_a_cycle_through_a_function_level_import():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"e"}}
    assert cycles(graph) == [["a", "b", "c"], ["e"]]
    assert _path_around(graph, ["a", "b", "c"]) == "a -> b -> c -> a"


def test_imports_inside_functions_and_package_imports_are_edges(tmp_path):
    pkg = tmp_path / "core" / "games" / "g"
    pkg.mkdir(parents=True)
    for d in (tmp_path / "core", tmp_path / "core" / "games", pkg):
        (d / "__init__.py").write_text("")
    (pkg / "rules.py").write_text("def why():\n    from core.games.g import why\n    return why\n")
    (pkg / "why.py").write_text("from core.games.g.rules import X\n")
    graph = import_graph(str(tmp_path))
    assert graph["core.games.g.rules"] == {"core.games.g.why"}
    assert graph["core.games.g.why"] == {"core.games.g.rules"}
    assert cycles(graph) == [["core.games.g.rules", "core.games.g.why"]]


def test_no_import_cycles_among_device_modules():
    graph = import_graph()
    assert "core.app" in graph and "core.registry" in graph     # the walk found the modules
    found = cycles(graph)
    assert not found, "import cycles among device modules:\n" + "\n".join(
        _path_around(graph, c) for c in found)
