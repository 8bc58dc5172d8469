#!/usr/bin/env python3
"""Writes a synthetic app's sources for the mock-generation benchmark.

usage: generate.py OUT_DIR PROTOCOLS FILES [SEED]

Each file holds PROTOCOLS/FILES `/// @mockable` protocols with a realistic mix of
members: properties (get and get/set, optional and not), sync, async and throwing
methods, overloads, closures, generic methods, some associated types, Sendable and
@MainActor protocols, statics, and parents declared in other files. Deterministic for
a given seed, so runs compare like with like.
"""
import os
import random
import sys

TYPES = ["String", "Int", "Bool", "Double", "[String]", "[Int: String]", "Date", "Data", "URL", "User?", "Order", "[Order]"]
NOUNS = ["user", "order", "item", "cart", "payment", "profile", "session", "feed", "message", "photo", "token", "setting"]


def camel(*parts):
    return parts[0] + "".join(p[:1].upper() + p[1:] for p in parts[1:])


def protocol_source(rng, index, file_index, per_file):
    name = f"Service{index}Protocol"
    lines = ["/// @mockable"]
    attributes = ""
    parents = []
    roll = rng.random()
    if roll < 0.10:
        attributes = "@MainActor\n"
    elif roll < 0.25:
        parents.append("Sendable")
    if index >= per_file and rng.random() < 0.2:
        parents.append(f"Service{index - per_file}Protocol")  # a parent in the previous file
    inheritance = (": " + ", ".join(parents)) if parents else ""
    lines.append(f"{attributes}protocol {name}{inheritance} {{")
    if len(parents) == (1 if "Sendable" in parents else 0) and rng.random() < 0.08:  # no parent to redeclare it
        lines.append("    associatedtype Model: Codable")
        lines.append("    func model(id: Int) -> Model")
    for p in range(rng.randint(2, 4)):
        noun = rng.choice(NOUNS)
        type_ = rng.choice(TYPES)
        accessors = "{ get set }" if rng.random() < 0.5 else "{ get }"
        lines.append(f"    var {camel(noun, str(index), 'value', str(p))}: {type_} {accessors}")
    used = set()
    overloaded = set()
    for m in range(rng.randint(4, 8)):
        noun = rng.choice(NOUNS)
        verb = rng.choice(["fetch", "load", "save", "delete", "update", "observe", "refresh"])
        method = camel(verb, noun)
        if method in used and method not in overloaded and rng.random() < 0.5:
            # an overload with other labels (once: a second one would redeclare it)
            overloaded.add(method)
            lines.append(f"    func {method}(named name: String, limit: Int) async throws -> [{rng.choice(['String', 'Int'])}]")
            continue
        if method in used:
            continue
        used.add(method)
        kind = rng.random()
        if kind < 0.25:
            lines.append(f"    func {method}(id: Int) async throws -> {rng.choice(TYPES)}")
        elif kind < 0.45:
            lines.append(f"    func {method}(_ value: {rng.choice(TYPES)}) throws")
        elif kind < 0.60:
            lines.append(f"    func {method}(completion: @escaping (Result<{rng.choice(['String', 'Int', 'Order'])}, Error>) -> Void)")
        elif kind < 0.68:
            lines.append(f"    func {method}<T: Decodable>(_ type: T.Type, from data: Data) throws -> T")
        elif kind < 0.75:
            lines.append(f"    static func {method}() -> {rng.choice(['String', 'Int', 'Bool'])}")
        else:
            lines.append(f"    func {method}(id: Int, force: Bool) -> {rng.choice(TYPES)}")
    lines.append("}")
    return "\n".join(lines)


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    out, protocols, files = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 42)
    per_file = max(1, protocols // files)
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "Models.swift"), "w") as handle:
        handle.write("import Foundation\n\nstruct User: Codable, Sendable { var id: Int }\n"
                     "struct Order: Codable, Sendable { var id: Int }\n")
    index = 0
    for file_index in range(files):
        body = ["import Foundation", ""]
        for _ in range(per_file):
            if index >= protocols:
                break
            body.append(protocol_source(rng, index, file_index, per_file))
            body.append("")
            index += 1
        with open(os.path.join(out, f"Feature{file_index}.swift"), "w") as handle:
            handle.write("\n".join(body))


if __name__ == "__main__":
    main()
